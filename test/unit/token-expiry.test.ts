// --token-expires: a day begins in Zurich (summer and winter time), durations count from now, and
// anything not after now or not of either form is a usage error naming the flag.
import { describe, expect, test } from 'vitest';
import { parseTokenExpiry } from '../../src/cli/server-command/token-expiry.js';
import { startOfDay } from '../../src/domain/clock.js';
import { UsageError } from '../../src/errors.js';

const NOW = new Date('2026-05-04T10:00:00Z'); // Monday, 12:00 in Zurich

describe('startOfDay', () => {
  test('midnight in Zurich, across the changes of the clock', () => {
    expect(startOfDay('2027-01-01').toISOString()).toBe('2026-12-31T23:00:00.000Z');
    expect(startOfDay('2027-07-01').toISOString()).toBe('2027-06-30T22:00:00.000Z');
    expect(startOfDay('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z'); // the clock goes forward at 02:00
    expect(startOfDay('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z'); // and back at 03:00
    expect(startOfDay('2026-10-25', 'UTC').toISOString()).toBe('2026-10-25T00:00:00.000Z');
  });
});

describe('parseTokenExpiry', () => {
  test('durations from now: hours, days, weeks', () => {
    expect(parseTokenExpiry('24h', NOW).toISOString()).toBe('2026-05-05T10:00:00.000Z');
    expect(parseTokenExpiry('90d', NOW).toISOString()).toBe('2026-08-02T10:00:00.000Z');
    expect(parseTokenExpiry('12W', NOW).toISOString()).toBe('2026-07-27T10:00:00.000Z');
  });

  test('days as every date flag reads them, from their first moment in Zurich', () => {
    expect(parseTokenExpiry('2027-01-01', NOW).toISOString()).toBe('2026-12-31T23:00:00.000Z');
    expect(parseTokenExpiry('01.01.2027', NOW).toISOString()).toBe('2026-12-31T23:00:00.000Z');
    expect(parseTokenExpiry('tomorrow', NOW).toISOString()).toBe('2026-05-04T22:00:00.000Z');
    expect(parseTokenExpiry('+30d', NOW).toISOString()).toBe('2026-06-02T22:00:00.000Z');
  });

  test('not after now, or not a day or a duration: a usage error naming the flag', () => {
    for (const [text, why] of [
      ['today', 'that is in the past'],
      ['2026-05-04', 'that is in the past'],
      ['-1d', 'that is in the past'],
      ['0h', 'that is in the past'],
      ['2027-02-30', '2027-02 has no day 30'],
      ['90', 'expected a day'],
      ['3m', 'expected a day'],
      ['never', 'expected a day'],
      ['', 'expected a day'],
    ]) {
      expect(() => parseTokenExpiry(text, NOW), text).toThrow(UsageError);
      expect(() => parseTokenExpiry(text, NOW), text).toThrow(`invalid --token-expires "${text}": ${why}`);
    }
  });
});
