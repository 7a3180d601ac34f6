// "Now" for the timer, today's date and relative due dates. Production reads the system clock; tests
// replace `clock.now` to stop time at a known instant (and restore it afterwards).
import { COMPANY_TIME_ZONE, wallClock } from '../domain/clock.js';

export const clock = { now: (): Date => new Date() };

/** The time zone of a company's row (every company keeps COMPANY_TIME_ZONE, src/domain/clock.ts). */
export const zoneOf = (company: { timezone?: unknown }): string => String(company.timezone ?? COMPANY_TIME_ZONE);

/** Today in a company's time zone as of `now`. */
export const todayOf = (company: { timezone?: unknown }, now: Date = clock.now()): string =>
  wallClock(now, zoneOf(company)).date;
