// Durations and times of day as a bookkeeper types them, read with integer arithmetic only (no float
// ever touches a minute): `1:30`, `1h30m`, `1h30`, `1h`, `90m`, `1.5h` (also `1,5h`), blanks allowed
// between the parts. A time entry holds 1 minute to 23:59 (the API's hours are 0-23, minutes 0-59).
import { UsageError } from '../../errors.js';

export interface Duration {
  hours: number;
  minutes: number;
}

/** The longest entry the API takes: 23 hours 59 minutes. */
export const MAX_MINUTES = 23 * 60 + 59;

export const DURATION_FORMS = '1:30, 1h30m, 1h, 90m or 1.5h';

function bad(flag: string, text: string, why: string): never {
  throw new UsageError(`invalid --${flag} "${text}": ${why}`);
}

/** Rounds numerator/denominator to the nearest integer, halves up, for non-negative integers. */
function roundDiv(numerator: number, denominator: number): number {
  const twice = 2 * numerator + denominator;
  const step = 2 * denominator;
  return (twice - (twice % step)) / step;
}

/**
 * Total minutes of a duration text; a usage error naming the flag and the accepted forms otherwise.
 * Decimal hours are rounded to the minute, halves up (`0.01h` = 36 s → 1 minute; `1.333h` → 1:20).
 */
export function parseDurationMinutes(text: string, flag = 'duration'): number {
  const shown = text;
  const t = text.trim().toLowerCase().replace(/\s+/g, '');
  if (t === '') bad(flag, shown, `expected a duration like ${DURATION_FORMS}`);
  let total: number;
  let m: RegExpExecArray | null;
  if ((m = /^(\d{1,2}):(\d{2})$/.exec(t))) {
    // H:MM
    const minutes = Number(m[2]);
    if (minutes > 59) bad(flag, shown, 'the minutes after ":" must be 00 to 59');
    total = Number(m[1]) * 60 + minutes;
  } else if ((m = /^(\d{1,3})h(?:(\d{1,3})(?:m|min)?)?$/.exec(t))) {
    // 1h, 1h30m, 1h30
    const minutes = m[2] === undefined ? 0 : Number(m[2]);
    if (minutes > 59)
      bad(
        flag,
        shown,
        `the minutes after "h" must be below 60 (write ${Number(m[1]) + Math.floor(minutes / 60)}h${minutes % 60}m)`,
      );
    total = Number(m[1]) * 60 + minutes;
  } else if ((m = /^(\d{1,5})(?:m|min)$/.exec(t))) {
    // 90m, 90min
    total = Number(m[1]);
  } else if ((m = /^(\d{0,3})[.,](\d{1,6})h$/.exec(t))) {
    // 1.5h, 1,25h, .5h: fraction of an hour in integer arithmetic
    const scale = 10 ** m[2].length;
    total = Number(m[1] || '0') * 60 + roundDiv(Number(m[2]) * 60, scale);
  } else if (/^\d+([.,]\d+)?$/.test(t)) {
    bad(
      flag,
      shown,
      /[.,]/.test(t)
        ? `a unit is missing: write ${t.replace(',', '.')}h for hours (or H:MM)`
        : `a unit is missing: write ${t}h for hours or ${t}m for minutes (or H:MM)`,
    );
  } else {
    bad(flag, shown, `expected a duration like ${DURATION_FORMS}`);
  }
  if (total < 1) bad(flag, shown, 'a duration must be at least 1 minute');
  if (total > MAX_MINUTES) bad(flag, shown, 'a time entry holds at most 23:59; split longer work over several days');
  return total;
}

/** The duration as the API wants it: hours 0-23 and minutes 0-59. */
export function parseDuration(text: string, flag = 'duration'): Duration {
  return splitMinutes(parseDurationMinutes(text, flag));
}

export function splitMinutes(total: number): Duration {
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}

/** Minutes as `H:MM` (90 → `1:30`, 0 → `0:00`, 1500 → `25:00`). */
export function formatMinutes(total: number): string {
  const sign = total < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(total));
  return `${sign}${Math.floor(abs / 60)}:${String(abs % 60).padStart(2, '0')}`;
}

/** A time of day `H:MM` or `HH:MM` (00:00 to 23:59) → `HH:MM` as the API's H:i wants it. */
export function parseTimeOfDay(text: string, flag: string): string {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59)
    bad(flag, text, 'expected a time of day HH:MM, e.g. 09:00 or 17:30');
  return `${m[1].padStart(2, '0')}:${m[2]}`;
}

/** Minutes since midnight of an `HH:MM` time. */
export function minuteOfDay(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
}

/** `HH:MM` of a minute of the day (0-1439). */
export function timeOfDay(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

export interface Span {
  hours: number;
  minutes: number;
  start?: string;
  end?: string;
}

/**
 * The duration of a time entry from --duration, --start and --end: a duration alone; start and end
 * (end after start, the same day); or a duration with one of them (the other is computed). Undefined
 * when none is given.
 */
export function spanFromFlags(opts: { duration?: unknown; start?: unknown; end?: unknown }): Span | undefined {
  const has = (v: unknown) => v !== undefined && v !== null;
  const start = has(opts.start) ? parseTimeOfDay(String(opts.start), 'start') : undefined;
  const end = has(opts.end) ? parseTimeOfDay(String(opts.end), 'end') : undefined;
  const duration = has(opts.duration) ? parseDurationMinutes(String(opts.duration)) : undefined;
  if (duration === undefined && start === undefined && end === undefined) return undefined;
  if (duration !== undefined && start !== undefined && end !== undefined) {
    throw new UsageError('give --duration or --start with --end, not all three');
  }
  if (start !== undefined && end !== undefined) {
    const total = minuteOfDay(end) - minuteOfDay(start);
    if (total <= 0)
      throw new UsageError(`--end ${end} must be after --start ${start} (an entry cannot cross midnight)`);
    return { ...splitMinutes(total), start, end };
  }
  if (duration === undefined) {
    throw new UsageError(
      start !== undefined ? '--start needs --end or --duration' : '--end needs --start or --duration',
    );
  }
  if (start !== undefined) {
    const stop = minuteOfDay(start) + duration;
    if (stop > MAX_MINUTES)
      throw new UsageError(`--start ${start} with --duration ${formatMinutes(duration)} ends after midnight`);
    return { ...splitMinutes(duration), start, end: timeOfDay(stop) };
  }
  if (end !== undefined) {
    const begin = minuteOfDay(end) - duration;
    if (begin < 0)
      throw new UsageError(`--end ${end} with --duration ${formatMinutes(duration)} starts before midnight`);
    return { ...splitMinutes(duration), start: timeOfDay(begin), end };
  }
  return splitMinutes(duration);
}
