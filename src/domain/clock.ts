// The wall clock of a time zone, for both layers: the service dates and times what happens in the
// company's zone, and the CLI shows times in it whatever zone the machine is set to. The API does not
// expose a company's zone; the service keeps Europe/Zurich for every company
// (docs/service/time-tracking.md), as the hosted service does for its Swiss companies.

/** The time zone of a company. */
export const COMPANY_TIME_ZONE = 'Europe/Zurich';

export interface WallClock {
  /** YYYY-MM-DD in the zone */
  date: string;
  /** minutes after midnight in the zone (seconds dropped) */
  minutes: number;
  /** "HH:MM" */
  time: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The last Sunday of a month (March, October) at 01:00 UTC, when the EU's clocks change. */
function euChange(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/**
 * Zurich's offset in minutes by the EU rule Switzerland has kept since 1996 (+2 h from the last Sunday
 * of March to the last Sunday of October, 01:00 UTC; else +1 h), or undefined before 1996. Building an
 * Intl formatter with a time zone costs some 20 ms (ICU loads its zone data): most of a local
 * command's start, for the one zone every company has.
 */
function zurichOffset(ms: number): number | undefined {
  const year = new Date(ms).getUTCFullYear();
  if (year < 1996 || year > 9999) return undefined;
  return ms >= euChange(year, 2) && ms < euChange(year, 9) ? 120 : 60;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The date and time an instant shows on a clock in `timeZone` (an IANA name such as Europe/Zurich). */
export function wallClock(instant: Date, timeZone: string = COMPANY_TIME_ZONE): WallClock {
  const offset = timeZone === 'Europe/Zurich' ? zurichOffset(instant.getTime()) : undefined;
  if (offset !== undefined) {
    const local = new Date(instant.getTime() + offset * 60_000);
    const [hour, minute] = [local.getUTCHours(), local.getUTCMinutes()];
    return { date: local.toISOString().slice(0, 10), minutes: hour * 60 + minute, time: `${pad(hour)}:${pad(minute)}` };
  }
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
    time: `${parts.hour}:${parts.minute}`,
  };
}

/** The instant a day (YYYY-MM-DD) begins on the clocks of `timeZone` (midnight; no zone here skips it). */
export function startOfDay(date: string, timeZone: string = COMPANY_TIME_ZONE): Date {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  let instant = midnightUtc;
  // the zone's offset at the guess, applied; twice, in case the first guess fell across a change of offset
  for (let i = 0; i < 2; i++) {
    const shown = wallClock(new Date(instant), timeZone);
    const shownUtc = Date.parse(`${shown.date}T${shown.time}:00Z`);
    instant -= shownUtc - midnightUtc;
  }
  return new Date(instant);
}
