// wallClock's own arithmetic for Europe/Zurich (the EU rule since 1996) against ICU's zone data through
// Intl, which it stands in for to spare a local command some 20 ms: any instant, and each change of the
// clocks to the millisecond.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { wallClock } from '../../src/domain/clock.js';

const icu = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Zurich',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
function byIcu(instant: Date) {
  const p = Object.fromEntries(icu.formatToParts(instant).map((x) => [x.type, x.value]));
  return {
    date: `${p.year}-${p.month}-${p.day}`,
    minutes: Number(p.hour) * 60 + Number(p.minute),
    time: `${p.hour}:${p.minute}`,
  };
}

describe('wallClock in Europe/Zurich', () => {
  test('equals ICU for any instant from 1996 to 2100', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1996, 0, 1), max: Date.UTC(2100, 11, 31) }), (ms) => {
        expect(wallClock(new Date(ms))).toEqual(byIcu(new Date(ms)));
      }),
      { numRuns: 5000 },
    );
  });

  test('equals ICU around every change of the clocks, to the millisecond', () => {
    for (let year = 1996; year <= 2060; year++) {
      for (const month of [2, 9]) {
        const last = new Date(Date.UTC(year, month + 1, 0));
        const change = Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1);
        for (const ms of [change - 60_001, change - 1, change, change + 1, change + 59_999])
          expect(wallClock(new Date(ms)), new Date(ms).toISOString()).toEqual(byIcu(new Date(ms)));
      }
    }
  });

  test('before 1996 and in other zones ICU answers', () => {
    expect(wallClock(new Date(Date.UTC(1985, 6, 1, 12)))).toEqual(byIcu(new Date(Date.UTC(1985, 6, 1, 12))));
    expect(wallClock(new Date(Date.UTC(2026, 0, 1, 12)), 'America/New_York').time).toBe('07:00');
  });
});
