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

/** The date and time an instant shows on a clock in `timeZone` (an IANA name such as Europe/Zurich). */
export function wallClock(instant: Date, timeZone: string = COMPANY_TIME_ZONE): WallClock {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(instant).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute), time: `${parts.hour}:${parts.minute}` };
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
