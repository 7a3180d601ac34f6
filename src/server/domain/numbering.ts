// Booking numbers (service-decisions.md, Numbers): E-YYYY-NNN income, A-YYYY-NNN expense, U-YYYY-NNN
// swap, running per company, type and year, at least three digits. Pure functions; the store finds the
// numbers in use.

export type EntryType = 'income' | 'expense' | 'swap';
export const ENTRY_TYPES: readonly [EntryType, ...EntryType[]] = ['income', 'expense', 'swap'];

export const ENTRY_NUMBER_PREFIX: Readonly<Record<EntryType, string>> = { income: 'E', expense: 'A', swap: 'U' };

/** The largest running number that takes part in the counter (nine digits); longer suffixes are free text. */
export const MAX_RUNNING_NUMBER = 999_999_999;

/** "E-2024-" — the part every number of the type and year starts with. */
export const entryNumberStem = (type: EntryType, year: number): string =>
  `${ENTRY_NUMBER_PREFIX[type]}-${String(year).padStart(4, '0')}-`;

/** (income, 2024, 7) → "E-2024-007"; 1234 → "E-2024-1234". */
export function formatEntryNumber(type: EntryType, year: number, running: number): string {
  return `${entryNumberStem(type, year)}${String(running).padStart(3, '0')}`;
}

/**
 * The running number of `number` when it follows the pattern of the type and year ("E-2024-007" → 7 for
 * income 2024), else undefined. Leading zeros do not matter ("E-2024-7" is 7 too).
 */
export function runningNumberOf(type: EntryType, year: number, number: string | null | undefined): number | undefined {
  if (!number) return undefined;
  const stem = entryNumberStem(type, year);
  if (!number.startsWith(stem)) return undefined;
  const digits = number.slice(stem.length);
  if (!/^\d{1,9}$/.test(digits)) return undefined;
  const n = Number(digits);
  return n >= 1 && n <= MAX_RUNNING_NUMBER ? n : undefined;
}

/** Does `number` look like a generated booking number of any type and year ("E-2024-003")? */
export function parseGeneratedNumber(
  number: string | null | undefined,
): { type: EntryType; year: number; running: number } | undefined {
  const m = /^([EAU])-(\d{4})-(\d{1,9})$/.exec(number ?? '');
  if (!m) return undefined;
  const type = ENTRY_TYPES.find((t) => ENTRY_NUMBER_PREFIX[t] === m[1])!;
  const running = Number(m[3]);
  return running >= 1 ? { type, year: Number(m[2]), running } : undefined;
}

/** The next running number after the ones in use: the highest + 1 (gaps are not filled), the first is 1. */
export function nextRunningNumber(inUse: Iterable<number>): number {
  let max = 0;
  for (const n of inUse) if (n > max) max = n;
  return max + 1;
}

/**
 * The answer of `GET /entries/number/{type}`: the requested running number when it is free, else the
 * next running number (what a booking created now would get).
 */
export function numberAnswer(requested: number | undefined, taken: (n: number) => boolean, next: number): number {
  if (requested !== undefined && requested >= 1 && !taken(requested)) return requested;
  return next;
}

/**
 * Should an update renumber the booking? Only when the client sends no number, the stored number is a
 * generated one, and the booking's type or year changed so that the number no longer fits.
 */
export function needsRenumbering(
  stored: string | null,
  before: { type: EntryType; year: number },
  after: { type: EntryType; year: number },
): boolean {
  if (before.type === after.type && before.year === after.year) return false;
  const parsed = parseGeneratedNumber(stored);
  if (!parsed) return false;
  return parsed.type === before.type && parsed.year === before.year;
}

/** The calendar date (YYYY-MM-DD) in a time zone, e.g. Europe/Zurich. */
export function dateIn(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The current year in a time zone (Europe/Zurich by default). */
export const yearIn = (timeZone = 'Europe/Zurich', now: Date = new Date()): number =>
  Number(dateIn(timeZone, now).slice(0, 4));
