// Days and ISO weeks as a bookkeeper names them, one grammar in every command: 2025-01-06, 06.01.2025
// (as tables print them), 6.1.25, today, yesterday, tomorrow, +3d, -1w; weeks as 2025-W02. Pure calendar
// arithmetic on UTC dates (no time zone can shift a day); today is the company's.
import { addDays, readDay } from '../../domain/calendar.js';
import { wallClock } from '../../domain/clock.js';
import { UsageError } from '../../errors.js';

/** Today in the company's time zone as YYYY-MM-DD (the service's today, whatever zone this machine is in). */
export function today(now = new Date()): string {
  return wallClock(now).date;
}

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function utc(date: string): Date {
  const m = ISO_DATE.exec(date)!;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}

export { addDays };

/** 1 Monday … 7 Sunday. */
export function isoWeekday(date: string): number {
  return ((utc(date).getUTCDay() + 6) % 7) + 1;
}

export interface IsoWeek {
  year: number;
  week: number;
}

/** The ISO 8601 week of a date: the week (Monday to Sunday) whose Thursday decides the year. */
export function isoWeekOf(date: string): IsoWeek {
  const thursday = addDays(date, 4 - isoWeekday(date));
  const year = Number(thursday.slice(0, 4));
  const week = 1 + Math.floor((utc(thursday).getTime() - Date.UTC(year, 0, 1)) / DAY_MS / 7);
  return { year, week };
}

/** 52 or 53. */
export function weeksInYear(year: number): number {
  return isoWeekOf(`${String(year).padStart(4, '0')}-12-28`).week;
}

/** The Monday of an ISO week (week 1 holds 4 January). */
export function mondayOf(w: IsoWeek): string {
  const jan4 = `${String(w.year).padStart(4, '0')}-01-04`;
  return addDays(jan4, 1 - isoWeekday(jan4) + 7 * (w.week - 1));
}

export function formatWeek(w: IsoWeek): string {
  return `${w.year}-W${String(w.week).padStart(2, '0')}`;
}

/** `2025-W02` (also `2025W2`, lower case w); a usage error for anything else or a week the year lacks. */
export function parseWeek(text: string, flag = 'week'): IsoWeek {
  const m = /^(\d{4})-?w(\d{1,2})$/i.exec(text.trim());
  if (!m) throw new UsageError(`invalid --${flag} "${text}": expected an ISO week like 2025-W02`);
  const w = { year: Number(m[1]), week: Number(m[2]) };
  const last = weeksInYear(w.year);
  if (w.week < 1 || w.week > last)
    throw new UsageError(`invalid --${flag} "${text}": ${w.year} has weeks 1 to ${last}`);
  return w;
}

export const DAY_FORMS = 'YYYY-MM-DD, dd.mm.yyyy, dd.mm.yy, today, yesterday, tomorrow, +3d, -2d, +1w';

/**
 * A day: YYYY-MM-DD, dd.mm.yyyy, dd.mm.yy (20yy), today, yesterday, tomorrow, or an offset from today
 * (+3d, -2d, +1w); a real day from 1000 to 9999 (what the service keeps). A usage error naming the flag
 * and the forms it takes otherwise (and why, for a day the calendar lacks).
 */
export function parseDay(text: string, flag: string, opts: { now?: string; forms?: string } = {}): string {
  const day = readDay(text, opts.now ?? today());
  if (typeof day === 'string') return day;
  throw new UsageError(
    `invalid --${flag} "${text}": ${day ? `${day.reason}; ` : ''}expected ${opts.forms ?? DAY_FORMS}`,
  );
}
