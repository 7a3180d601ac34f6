// --token-expires: when a new token stops working. A day as every date flag reads it (2027-01-01,
// 01.01.2027, tomorrow, +30d): the token stops when that day begins in the company time zone
// (Europe/Zurich), as "today" is the company's everywhere; or a duration from now (90d, 12w, 24h).
import { readDay } from '../../domain/calendar.js';
import { startOfDay } from '../../domain/clock.js';
import { UsageError } from '../../errors.js';
import { today } from '../shared/calendar.js';

export const EXPIRY_FORMS = 'a day (2027-01-01, 01.01.2027, +30d) or a duration (90d, 12w, 24h)';

const UNIT_MS: Record<string, number> = { h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };

/** The instant a token given `text` stops working; a usage error for anything else, or an instant not after `now`. */
export function parseTokenExpiry(text: string, now = new Date()): Date {
  const invalid = (why: string) => new UsageError(`invalid --token-expires "${text}": ${why}`);
  const duration = /^(\d{1,5})([hdw])$/i.exec(text.trim());
  let expires: Date;
  if (duration) {
    expires = new Date(now.getTime() + Number(duration[1]) * UNIT_MS[duration[2].toLowerCase()]);
  } else {
    const day = readDay(text, today(now));
    if (day === undefined) throw invalid(`expected ${EXPIRY_FORMS}`);
    if (typeof day !== 'string') throw invalid(day.reason);
    expires = startOfDay(day);
  }
  if (expires.getTime() <= now.getTime()) throw invalid('that is in the past');
  return expires;
}
