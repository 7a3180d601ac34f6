// The calendar the service keeps: real days from 1000-01-01 to 9999-12-31, what a YYYY-MM-DD string can
// hold (and MySQL's DATE, the hosted service's column). A date outside is refused where it is taken, and
// a date worked out from another (a due date, the end of a week) never leaves the range.

export const MIN_DATE = '1000-01-01';
export const MAX_DATE = '9999-12-31';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A real day of the calendar → "YYYY-MM-DD", else undefined. */
export function calendarDate(year: number, month: number, day: number): string | undefined {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) return undefined;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return undefined;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** "YYYY-MM-DD" of a real day of the calendar. */
export function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  return m !== null && calendarDate(Number(m[1]), Number(m[2]), Number(m[3])) !== undefined;
}
