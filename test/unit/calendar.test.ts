// Days as written, one grammar for flags and CSV cells (src/domain/calendar.ts, src/cli/shared/calendar.ts).
import { describe, expect, test } from 'vitest';
import { parseDay } from '../../src/cli/shared/calendar.js';
import { DATE_FORMS, readDate, readDay } from '../../src/domain/calendar.js';
import { UsageError } from '../../src/errors.js';

describe('readDate', () => {
  test.each([
    ['2026-12-31', '2026-12-31'],
    ['31.12.2026', '2026-12-31'],
    ['1.3.2026', '2026-03-01'],
    ['01.03.2026', '2026-03-01'],
    // two-digit years are this century's
    ['31.12.26', '2026-12-31'],
    ['1.1.26', '2026-01-01'],
    ['29.02.24', '2024-02-29'],
    ['1.1.00', '2000-01-01'],
    ['31.12.99', '2099-12-31'],
    [' 5.6.26 ', '2026-06-05'],
  ])('%j → %j', (text, day) => {
    expect(readDate(text)).toBe(day);
  });

  test.each([
    ['31.02.2026', '2026-02 has no day 31'],
    ['29.02.25', '2025-02 has no day 29'],
    ['1.13.26', 'a month is 01 to 12'],
    ['2026-13-01', 'a month is 01 to 12'],
    ['31.12.0999', 'a year is 1000 to 9999'],
  ])('%j is a day form the calendar lacks: %s', (text, reason) => {
    expect(readDate(text)).toEqual({ reason });
  });

  test.each(['today', '+3d', '2026-1-1', '31.12.226', '31-12-2026', '31.12', '', '12/31/2026'])(
    '%j is no written-out day',
    (text) => {
      expect(readDate(text)).toBeUndefined();
    },
  );
});

describe("readDay and parseDay: the flags' days", () => {
  test('take what readDate takes, and the words and offsets', () => {
    expect(readDay('1.1.26', '2026-06-15')).toBe('2026-01-01');
    expect(readDay('31.12.26', '2026-06-15')).toBe('2026-12-31');
    expect(readDay('+1w', '2026-06-15')).toBe('2026-06-22');
    expect(parseDay('31.12.26', 'date')).toBe('2026-12-31');
  });

  test('an error names the flag, why when the day does not exist, and every form accepted', () => {
    expect(() => parseDay('31.02.26', 'date')).toThrow(
      new UsageError(
        'invalid --date "31.02.26": 2026-02 has no day 31; expected YYYY-MM-DD, dd.mm.yyyy, dd.mm.yy, today, ' +
          'yesterday, tomorrow, +3d, -2d, +1w',
      ),
    );
    expect(() => parseDay('next week', 'due')).toThrow(
      new UsageError(
        'invalid --due "next week": expected YYYY-MM-DD, dd.mm.yyyy, dd.mm.yy, today, yesterday, tomorrow, +3d, ' +
          '-2d, +1w',
      ),
    );
    expect(DATE_FORMS).toBe('YYYY-MM-DD, dd.mm.yyyy or dd.mm.yy');
  });
});
