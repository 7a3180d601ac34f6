// What `acct timer stop` refuses or declines before the service saves anything: an --end in the future
// or not after the start (a usage error), and a timer stopped under a minute after its start, which
// would save a 0:00 entry (and later a "0 h" invoice position). Times are the company's wall clock, as
// the service reads them (src/server/domain/time.ts, timerEntry).
import { addDays } from '../../domain/calendar.js';
import { wallClock } from '../../domain/clock.js';
import { UsageError } from '../../errors.js';
import { minuteOfDay } from '../shared/duration.js';

/** Whole days from `from` to `to` (YYYY-MM-DD, `to` not before `from`; timers run days, not years). */
function daysFrom(from: string, to: string): number {
  let days = 0;
  for (let d = from; d < to && days < 400; d = addDays(d, 1)) days++;
  return days;
}

/**
 * A usage error when `end` (HH:MM on the start day, or the next day when it is not after the start and
 * the timer ran past midnight) is in the future or not after the start; minutes count, seconds not.
 */
export function checkEnd(startedAt: Date, end: string, now: Date): void {
  const start = wallClock(startedAt);
  const clock = wallClock(now);
  const nowMinute = daysFrom(start.date, clock.date) * 1440 + clock.minutes;
  let endMinute = minuteOfDay(end);
  if (endMinute <= start.minutes && clock.date > start.date) endMinute += 1440;
  if (endMinute <= start.minutes) {
    throw new UsageError(`--end ${end} is not after the timer's start ${start.time}`, [
      'give a later time, or leave --end out to stop now',
    ]);
  }
  if (endMinute > nowMinute) {
    throw new UsageError(`--end ${end} is in the future (now ${clock.time})`, [
      'a timer stops at the latest now: leave --end out, or give an earlier time',
    ]);
  }
}

/** Seconds the timer ran until `now`; under 60 a stop would save 0:00. */
export const secondsRun = (startedAt: Date, now: Date): number =>
  Math.max(0, Math.floor((now.getTime() - startedAt.getTime()) / 1000));
