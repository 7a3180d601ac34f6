// Time tracking rules without I/O: H:i times and durations (with the carry of minutes into hours),
// the value of a time entry in integer Rappen, dates in "any valid date format", calendar math on
// YYYY-MM-DD strings (ISO weeks, Monday first), the wall clock of a company's time zone, the timer's
// entry and a task's relative due date. docs/service/time-tracking.md describes each rule.
import { addDays, calendarDate, isCalendarDate } from '../../domain/calendar.js';
import { wallClock } from '../../domain/clock.js';
import { mulDivRound } from './money.js';

export const TIME_STATUSES = ['open', 'invoiced', 'paid'] as const;
export type TimeStatus = (typeof TIME_STATUSES)[number];

/** Status moves of the spec's table: open → invoiced; invoiced → any; paid → any. */
export function timeStatusMoveAllowed(from: string, to: string): boolean {
  if (from === to) return true;
  if (from === 'open') return to === 'invoiced';
  return true;
}

export const TASK_STATUSES = ['open', 'in-progress', 'done'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const MINUTES_PER_DAY = 24 * 60;
/** The longest duration one entry holds: 23 hours 59 minutes (hours are 0-23). */
export const MAX_ENTRY_MINUTES = MINUTES_PER_DAY - 1;

// ---- H:i and durations ----------------------------------------------------------------------------

const HM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** "H:i" (two-digit hours 00-23, minutes 00-59, as Laravel's date_format:H:i) → minutes after midnight. */
export function parseHm(value: string): number | undefined {
  const m = HM.exec(value);
  return m ? Number(m[1]) * 60 + Number(m[2]) : undefined;
}

/** Minutes after midnight → "H:i". */
export function formatHm(minutes: number): string {
  const m = ((Math.trunc(minutes) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

export interface Duration {
  hours: number;
  minutes: number;
}

/** Total minutes → hours and minutes, minutes above 59 carried into the hours. */
export function carry(totalMinutes: number): Duration {
  const total = Math.max(0, Math.trunc(totalMinutes));
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}

/**
 * hours/minutes of an entry from its start and end ("H:i"), or undefined when end is not after start.
 * 08:50–10:15 is 1:25 (the 85 minutes carry into one hour and 25 minutes).
 */
export function durationBetween(start: string, end: string): Duration | undefined {
  const s = parseHm(start);
  const e = parseHm(end);
  if (s === undefined || e === undefined || e <= s) return undefined;
  return carry(e - s);
}

/** hours × 60 + minutes */
export const totalMinutes = (d: Duration): number => d.hours * 60 + d.minutes;

/** The value of time: minutes × rate (Rappen per hour) / 60, rounded half up to the Rappen. */
export const minutesValue = (minutes: number, hourlyRate: number): number => mulDivRound(minutes, hourlyRate, 60);

/** Minutes → "HH:MM" with at least two hour digits and no wrap at 24 (7505 → "125:05"; -75 → "-01:15"). */
export function readable(minutes: number): string {
  const abs = Math.abs(Math.trunc(minutes));
  const text = `${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return minutes < 0 && abs > 0 ? `-${text}` : text;
}

// ---- dates ------------------------------------------------------------------------------------------

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const MONTHS: Record<string, number> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
};

/** PHP's reading of a two-digit year: 00-69 → 2000-2069, 70-99 → 1970-1999. */
const fullYear = (yy: string) => (yy.length === 4 ? Number(yy) : Number(yy) + (Number(yy) < 70 ? 2000 : 1900));

/**
 * "Any valid date format" as the hosted service reads it (PHP's strtotime), stored as YYYY-MM-DD:
 * `2025-03-10`, `2025-3-1`, `2025/03/10`, an ISO date-time (its date as written), `10.03.2025`,
 * `1.3.2025`, `10.03.25`, `10-03-2025`, `10 March 2025`, `10 Mar 2025`, `March 10, 2025`, and
 * `today`, `yesterday`, `tomorrow` (relative to `today`). Slashed day/month dates (`03/10/2025`) are
 * refused: PHP reads them as month/day, a Swiss reader as day/month.
 */
export function parseDate(input: string, today?: string): string | undefined {
  const v = input.trim();
  let m: RegExpExecArray | null;
  if ((m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(v))) return calendarDate(+m[1], +m[2], +m[3]);
  if ((m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i.exec(v))) {
    if (+m[4] > 23 || +m[5] > 59) return undefined;
    return calendarDate(+m[1], +m[2], +m[3]);
  }
  if ((m = /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/.exec(v))) return calendarDate(+m[1], +m[2], +m[3]);
  if ((m = /^(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})$/.exec(v))) return calendarDate(fullYear(m[3]), +m[2], +m[1]);
  if ((m = /^(\d{1,2})-(\d{1,2})-(\d{4})$/.exec(v))) return calendarDate(+m[3], +m[2], +m[1]);
  if ((m = /^(\d{1,2})\.?\s+([a-z]+)\.?,?\s+(\d{4})$/i.exec(v)) && MONTHS[m[2].toLowerCase()])
    return calendarDate(+m[3], MONTHS[m[2].toLowerCase()], +m[1]);
  if ((m = /^([a-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})$/i.exec(v)) && MONTHS[m[1].toLowerCase()])
    return calendarDate(+m[3], MONTHS[m[1].toLowerCase()], +m[2]);
  if (today) {
    const word = v.toLowerCase();
    if (word === 'today' || word === 'now') return today;
    if (word === 'yesterday') return addDays(today, -1);
    if (word === 'tomorrow') return addDays(today, 1);
  }
  return undefined;
}

const toUtc = (date: string) => Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10));

export { addDays };

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => Math.round((toUtc(to) - toUtc(from)) / 86_400_000);

/** ISO weekday: 1 Monday … 7 Sunday. */
export function isoWeekday(date: string): number {
  const d = new Date(toUtc(date)).getUTCDay();
  return d === 0 ? 7 : d;
}

export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** The Monday of the date's calendar week. */
export const mondayOf = (date: string): string => addDays(date, 1 - isoWeekday(date));

export interface IsoWeek {
  /** ISO week-numbering year (the year of the week's Thursday) */
  year: number;
  week: number;
  /** "2025-W11" */
  label: string;
  /** Monday (1000-01-01 in the calendar's first week) */
  start: string;
  /** Sunday (9999-12-31 in the calendar's last week) */
  end: string;
}

/**
 * The days Monday to Sunday of the week starting on `monday` that the calendar has: seven, except in its
 * first week (from Wednesday 1000-01-01) and its last (to Friday 9999-12-31).
 */
export const weekDates = (monday: string): string[] =>
  Array.from({ length: 7 }, (_, i) => addDays(monday, i)).filter(isCalendarDate);

/**
 * The ISO 8601 calendar week of a date (weeks start on Monday; week 1 holds the year's first Thursday);
 * start and end are its first and last day within the calendar (weekDates).
 */
export function isoWeek(date: string): IsoWeek {
  const monday = mondayOf(date);
  const thursday = addDays(monday, 3);
  const year = +thursday.slice(0, 4);
  const week = Math.floor(daysBetween(`${pad(year, 4)}-01-01`, thursday) / 7) + 1;
  const days = weekDates(monday);
  return { year, week, label: `${pad(year, 4)}-W${pad(week)}`, start: days[0], end: days[days.length - 1] };
}

/** YYYY-MM-DD → dd.mm.yyyy */
export const dotted = (date: string): string => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

// ---- the wall clock of a time zone ------------------------------------------------------------------

export { wallClock, type WallClock } from '../../domain/clock.js';

// ---- the timer --------------------------------------------------------------------------------------

export interface TimerStop {
  /** the start day in the company's zone */
  date: string;
  start: string;
  end: string;
  hours: number;
  minutes: number;
}

/**
 * The time entry a stopped timer saves: dated on the start day, start = the start time (H:i), end =
 * the given end or the stop time, hours/minutes = end − start. A timer that ran past midnight counts
 * on (end + 24 h − start); one that ran a whole day or longer is capped at 23:59. An explicit end
 * that is not after the start on the start day answers undefined (the route's 422).
 */
export function timerEntry(startedAt: Date, stoppedAt: Date, timeZone: string, end?: string): TimerStop | undefined {
  const from = wallClock(startedAt, timeZone);
  const to = wallClock(stoppedAt, timeZone);
  const elapsed = Math.floor((stoppedAt.getTime() - startedAt.getTime()) / 60_000);
  const laterDay = to.date > from.date;
  let minutes: number;
  if (end !== undefined) {
    const e = parseHm(end);
    if (e === undefined) return undefined;
    minutes = e - from.minutes;
    if (minutes <= 0) {
      if (!laterDay) return undefined;
      minutes += MINUTES_PER_DAY;
    }
  } else if (elapsed >= MINUTES_PER_DAY) {
    minutes = MAX_ENTRY_MINUTES;
  } else {
    minutes = (to.minutes - from.minutes + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  }
  minutes = Math.min(minutes, MAX_ENTRY_MINUTES);
  return { date: from.date, start: from.time, end: end ?? to.time, ...carry(minutes) };
}

// ---- tasks ------------------------------------------------------------------------------------------

const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * A due date relative to today, in English: "today", "tomorrow", "yesterday", "in 3 days",
 * "2 days ago"; from 14 days on in weeks ("in 2 weeks"), from 60 days in months of 30 days
 * ("in 3 months"), from 365 days in years ("1 year ago").
 */
export function relativeDue(due: string, today: string): string {
  const d = daysBetween(today, due);
  if (d === 0) return 'today';
  if (d === 1) return 'tomorrow';
  if (d === -1) return 'yesterday';
  const abs = Math.abs(d);
  const span =
    abs < 14
      ? unit(abs, 'day')
      : abs < 60
        ? unit(Math.floor(abs / 7), 'week')
        : abs < 365
          ? unit(Math.floor(abs / 30), 'month')
          : unit(Math.floor(abs / 365), 'year');
  return d > 0 ? `in ${span}` : `${span} ago`;
}
