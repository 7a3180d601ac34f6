// Durations and times of day as typed on the command line: every accepted form, the edge cases, the
// rejects with their messages, and properties over the whole range 0:01 … 23:59.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  formatMinutes,
  MAX_MINUTES,
  parseDuration,
  parseDurationMinutes,
  parseTimeOfDay,
  spanFromFlags,
} from '../../src/cli/shared/duration.js';
import { UsageError } from '../../src/errors.js';

describe('parseDuration: every form', () => {
  test.each([
    // H:MM
    ['1:30', 1, 30],
    ['0:45', 0, 45],
    ['01:05', 1, 5],
    ['23:59', 23, 59],
    ['0:01', 0, 1],
    ['10:00', 10, 0],
    // hours and minutes
    ['1h30m', 1, 30],
    ['1h30', 1, 30],
    ['1h 30m', 1, 30],
    ['1H30M', 1, 30],
    ['2h', 2, 0],
    ['0h5m', 0, 5],
    ['1h0m', 1, 0],
    ['1h30min', 1, 30],
    // minutes
    ['90m', 1, 30],
    ['45m', 0, 45],
    ['1m', 0, 1],
    ['120min', 2, 0],
    ['1439m', 23, 59],
    ['60m', 1, 0],
    // decimal hours
    ['1.5h', 1, 30],
    ['1,5h', 1, 30],
    ['0.25h', 0, 15],
    ['.5h', 0, 30],
    ['2.75h', 2, 45],
    ['1.0h', 1, 0],
    ['0.1h', 0, 6],
    ['1.333h', 1, 20],
    ['0.01h', 0, 1],
  ])('%s → %i h %i min', (text, hours, minutes) => {
    expect(parseDuration(text as string)).toEqual({ hours, minutes });
  });

  test('blanks around and between the parts are ignored', () => {
    expect(parseDuration('  1 h 30 m ')).toEqual({ hours: 1, minutes: 30 });
    expect(parseDuration(' 2:05 ')).toEqual({ hours: 2, minutes: 5 });
  });

  test('decimal hours round to the nearest minute, halves up', () => {
    expect(parseDurationMinutes('0.0125h')).toBe(1); // 45 s, the half rounds up
    expect(parseDurationMinutes('0.0124h')).toBe(1); // 44.64 s
    expect(parseDurationMinutes('1.9999h')).toBe(120); // 119.994 min
    expect(parseDurationMinutes('23.99h')).toBe(1439); // 1439.4 min
    expect(() => parseDurationMinutes('0.008h')).toThrow('a duration must be at least 1 minute'); // 28.8 s
    expect(() => parseDurationMinutes('23.995h')).toThrow('at most 23:59'); // 1439.7 min → 1440
  });
});

describe('parseDuration: rejects', () => {
  test.each([
    ['', 'expected a duration like 1:30, 1h30m, 1h, 90m or 1.5h'],
    ['abc', 'expected a duration like'],
    ['1:5', 'expected a duration like'],
    ['1:75', 'the minutes after ":" must be 00 to 59'],
    ['1h75m', 'the minutes after "h" must be below 60 (write 2h15m)'],
    ['90', 'a unit is missing: write 90h for hours or 90m for minutes (or H:MM)'],
    ['1.5', 'a unit is missing: write 1.5h for hours (or H:MM)'],
    ['1,5', 'a unit is missing: write 1.5h'],
    ['1.5m', 'expected a duration like'],
    ['-1h', 'expected a duration like'],
    ['0:00', 'a duration must be at least 1 minute'],
    ['0m', 'a duration must be at least 1 minute'],
    ['0h', 'a duration must be at least 1 minute'],
    ['24:00', 'a time entry holds at most 23:59; split longer work over several days'],
    ['24h', 'at most 23:59'],
    ['1440m', 'at most 23:59'],
    ['1h30m15s', 'expected a duration like'],
    ['1.2.3h', 'expected a duration like'],
    ['h', 'expected a duration like'],
    ['1 30', 'a unit is missing'],
  ])('%j: %s', (text, message) => {
    let error: unknown;
    try {
      parseDurationMinutes(text);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).message).toContain(`invalid --duration "${text}": `);
    expect((error as UsageError).message).toContain(message);
  });

  test('the message names the flag it was given for', () => {
    expect(() => parseDurationMinutes('x', 'for')).toThrow('invalid --for "x"');
  });
});

describe('properties over every valid duration', () => {
  const minutes = fc.integer({ min: 1, max: MAX_MINUTES });

  test('H:MM, NhMm and Nm all read back the same minutes; hours 0-23, minutes 0-59', () => {
    fc.assert(
      fc.property(minutes, (total) => {
        const h = Math.floor(total / 60);
        const m = total % 60;
        for (const text of [formatMinutes(total), `${h}h${m}m`, `${h}h ${m}`, `${total}m`, `${total}min`]) {
          expect(parseDurationMinutes(text)).toBe(total);
          const d = parseDuration(text);
          expect(d.hours).toBeGreaterThanOrEqual(0);
          expect(d.hours).toBeLessThanOrEqual(23);
          expect(d.minutes).toBeGreaterThanOrEqual(0);
          expect(d.minutes).toBeLessThanOrEqual(59);
          expect(d.hours * 60 + d.minutes).toBe(total);
        }
      }),
    );
  });

  test('decimal hours with two decimals are within half a minute of the exact value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 99 }), (h, hundredths) => {
        const exactTimes100 = h * 6000 + hundredths * 60; // minutes × 100
        if (exactTimes100 < 50 || exactTimes100 >= (MAX_MINUTES + 0.5) * 100) return;
        const parsed = parseDurationMinutes(`${h}.${String(hundredths).padStart(2, '0')}h`);
        expect(Math.abs(parsed * 100 - exactTimes100)).toBeLessThanOrEqual(50);
      }),
    );
  });

  test('arbitrary text never throws anything but a UsageError', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (text) => {
        try {
          const total = parseDurationMinutes(text);
          expect(total).toBeGreaterThanOrEqual(1);
          expect(total).toBeLessThanOrEqual(MAX_MINUTES);
        } catch (err) {
          expect(err).toBeInstanceOf(UsageError);
        }
      }),
    );
  });
});

describe('formatMinutes', () => {
  test.each([
    [0, '0:00'],
    [1, '0:01'],
    [59, '0:59'],
    [60, '1:00'],
    [90, '1:30'],
    [1439, '23:59'],
    [1500, '25:00'],
    [-30, '-0:30'],
  ])('%i → %s', (m, text) => {
    expect(formatMinutes(m)).toBe(text);
  });
});

describe('parseTimeOfDay', () => {
  test.each([
    ['9:00', '09:00'],
    ['09:00', '09:00'],
    ['0:00', '00:00'],
    ['23:59', '23:59'],
    [' 7:05 ', '07:05'],
  ])('%j → %s', (text, hhmm) => {
    expect(parseTimeOfDay(text, 'start')).toBe(hhmm);
  });
  test.each(['24:00', '9', '9:5', '12:60', 'noon', '-1:00', '9.30'])('rejects %j', (text) => {
    expect(() => parseTimeOfDay(text, 'end')).toThrow(
      `invalid --end "${text}": expected a time of day HH:MM, e.g. 09:00 or 17:30`,
    );
  });
});

describe('spanFromFlags: --duration, --start, --end', () => {
  test('nothing given → undefined', () => {
    expect(spanFromFlags({})).toBeUndefined();
  });
  test('a duration alone', () => {
    expect(spanFromFlags({ duration: '1h30m' })).toEqual({ hours: 1, minutes: 30 });
  });
  test('start and end: the minutes carry into hours', () => {
    expect(spanFromFlags({ start: '08:50', end: '10:15' })).toEqual({
      hours: 1,
      minutes: 25,
      start: '08:50',
      end: '10:15',
    });
    expect(spanFromFlags({ start: '9:00', end: '9:01' })).toEqual({
      hours: 0,
      minutes: 1,
      start: '09:00',
      end: '09:01',
    });
  });
  test('a duration with one end computes the other', () => {
    expect(spanFromFlags({ start: '09:00', duration: '1:30' })).toEqual({
      hours: 1,
      minutes: 30,
      start: '09:00',
      end: '10:30',
    });
    expect(spanFromFlags({ end: '17:00', duration: '45m' })).toEqual({
      hours: 0,
      minutes: 45,
      start: '16:15',
      end: '17:00',
    });
    expect(spanFromFlags({ start: '22:00', duration: '1:59' })).toEqual({
      hours: 1,
      minutes: 59,
      start: '22:00',
      end: '23:59',
    });
  });
  test.each([
    [{ start: '10:00', end: '09:00' }, '--end 09:00 must be after --start 10:00 (an entry cannot cross midnight)'],
    [{ start: '10:00', end: '10:00' }, '--end 10:00 must be after --start 10:00'],
    [{ start: '10:00' }, '--start needs --end or --duration'],
    [{ end: '10:00' }, '--end needs --start or --duration'],
    [{ start: '09:00', end: '10:00', duration: '1h' }, 'give --duration or --start with --end, not all three'],
    [{ start: '23:00', duration: '1h' }, '--start 23:00 with --duration 1:00 ends after midnight'],
    [{ end: '00:30', duration: '1h' }, '--end 00:30 with --duration 1:00 starts before midnight'],
  ])('%j is a usage error', (flags, message) => {
    expect(() => spanFromFlags(flags)).toThrow(message);
  });
});
