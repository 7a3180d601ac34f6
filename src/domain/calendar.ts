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

const DAY_MS = 86_400_000;

/** The day `days` days after (before, when negative) a YYYY-MM-DD date; UTC, so no time zone can shift it. */
export function addDays(date: string, days: number): string {
  const ms =
    Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) + days * DAY_MS;
  return new Date(ms).toISOString().slice(0, 10);
}

/** The written-out days every date flag and CSV cell takes, as errors list them. */
export const DATE_FORMS = 'YYYY-MM-DD, dd.mm.yyyy or dd.mm.yy';

/**
 * A day written out: YYYY-MM-DD, dd.mm.yyyy (as tables print it, day and month also with one digit) or
 * dd.mm.yy, whose two-digit year is 20yy (`31.12.26`, `1.1.26`). The day; `{ reason }` when the text is
 * such a form but no day of the calendar (1000-01-01 to 9999-12-31); undefined when it is none.
 */
export function readDate(text: string): string | { reason: string } | undefined {
  const t = text.trim();
  let m: RegExpExecArray | null;
  let y: number, mo: number, d: number;
  if ((m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t))) [y, mo, d] = [m[1], m[2], m[3]].map(Number);
  else if ((m = /^(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})$/.exec(t)))
    [y, mo, d] = [(m[3].length === 2 ? '20' : '') + m[3], m[2], m[1]].map(Number);
  else return undefined;
  const day = calendarDate(y, mo, d);
  if (day !== undefined) return day;
  if (y < 1000 || y > 9999) return { reason: 'a year is 1000 to 9999' };
  return { reason: mo < 1 || mo > 12 ? 'a month is 01 to 12' : `${pad(y, 4)}-${pad(mo)} has no day ${d}` };
}

/**
 * A day as every date flag and period takes it: a day written out (readDate), today, yesterday,
 * tomorrow, or an offset from `today` (+3d, -2d, +1w), case-insensitive. The day; `{ reason }` when the
 * text is a day form but no day of the calendar (1000-01-01 to 9999-12-31); undefined when it is no day form.
 */
export function readDay(text: string, today: string): string | { reason: string } | undefined {
  const written = readDate(text);
  if (written !== undefined) return written;
  const t = text.trim().toLowerCase();
  let m: RegExpExecArray | null;
  if (t === 'today') return today;
  if (t === 'yesterday') return addDays(today, -1);
  if (t === 'tomorrow') return addDays(today, 1);
  if ((m = /^([+-])(\d{1,4})([dw])$/.exec(t))) {
    const n = Number(m[2]) * (m[3] === 'w' ? 7 : 1);
    const day = addDays(today, m[1] === '-' ? -n : n);
    return isCalendarDate(day) ? day : { reason: 'the day falls outside the years 1000 to 9999' };
  }
  return undefined;
}
