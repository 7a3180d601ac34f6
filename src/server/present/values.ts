// Column values as the API shows them, shared by the presenters (and the bookings' store).

/** A nullable id column: its number, or null. */
export const idOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
