// The period grammar of the reports (-p/--period, --from, --to) and the cutting of a span into columns.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  parsePeriod,
  PeriodError,
  periodOf,
  splitPeriod,
  type Interval,
  type Period,
} from '../../src/reports/period.js';

const TODAY = '2025-08-14';
const p = (expr: string, today = TODAY) => parsePeriod(expr, today);
const span = (from: string, to: string): Period => ({ from, to });

function periodError(expr: string, today = TODAY): PeriodError {
  try {
    parsePeriod(expr, today);
  } catch (err) {
    expect(err).toBeInstanceOf(PeriodError);
    return err as PeriodError;
  }
  throw new Error(`${expr} parsed`);
}

describe('parsePeriod: single expressions', () => {
  test('a year, a quarter, a month, a day', () => {
    expect(p('2025')).toEqual(span('2025-01-01', '2025-12-31'));
    expect(p('2025Q1')).toEqual(span('2025-01-01', '2025-03-31'));
    expect(p('2025q2')).toEqual(span('2025-04-01', '2025-06-30'));
    expect(p('2025-Q3')).toEqual(span('2025-07-01', '2025-09-30'));
    expect(p('2025Q4')).toEqual(span('2025-10-01', '2025-12-31'));
    expect(p('2025-03')).toEqual(span('2025-03-01', '2025-03-31'));
    expect(p('2025-3')).toEqual(span('2025-03-01', '2025-03-31'));
    expect(p('2025-04')).toEqual(span('2025-04-01', '2025-04-30'));
    expect(p('2025-12')).toEqual(span('2025-12-01', '2025-12-31'));
    expect(p('2025-03-07')).toEqual(span('2025-03-07', '2025-03-07'));
    expect(p('7.3.2025')).toEqual(span('2025-03-07', '2025-03-07'));
    expect(p(' 2025 ')).toEqual(span('2025-01-01', '2025-12-31'));
  });

  test('February in leap and common years', () => {
    expect(p('2024-02')).toEqual(span('2024-02-01', '2024-02-29'));
    expect(p('2025-02')).toEqual(span('2025-02-01', '2025-02-28'));
    expect(p('1900-02')).toEqual(span('1900-02-01', '1900-02-28'));
    expect(p('2000-02')).toEqual(span('2000-02-01', '2000-02-29'));
    expect(p('2024-02-29')).toEqual(span('2024-02-29', '2024-02-29'));
    expect(p('2024Q1')).toEqual(span('2024-01-01', '2024-03-31'));
  });

  test('days relative to today, as the other date flags take them', () => {
    expect(p('today')).toEqual(span(TODAY, TODAY));
    expect(p('Yesterday')).toEqual(span('2025-08-13', '2025-08-13'));
    expect(p('tomorrow')).toEqual(span('2025-08-15', '2025-08-15'));
    expect(p('+3d')).toEqual(span('2025-08-17', '2025-08-17'));
    expect(p('-1w')).toEqual(span('2025-08-07', '2025-08-07'));
    expect(p('yesterday', '2025-01-01')).toEqual(span('2024-12-31', '2024-12-31'));
  });

  test('this, last and next month, quarter and year', () => {
    expect(p('thismonth')).toEqual(span('2025-08-01', '2025-08-31'));
    expect(p('lastmonth')).toEqual(span('2025-07-01', '2025-07-31'));
    expect(p('nextmonth')).toEqual(span('2025-09-01', '2025-09-30'));
    expect(p('thisquarter')).toEqual(span('2025-07-01', '2025-09-30'));
    expect(p('lastquarter')).toEqual(span('2025-04-01', '2025-06-30'));
    expect(p('nextquarter')).toEqual(span('2025-10-01', '2025-12-31'));
    expect(p('thisyear')).toEqual(span('2025-01-01', '2025-12-31'));
    expect(p('lastyear')).toEqual(span('2024-01-01', '2024-12-31'));
    expect(p('nextyear')).toEqual(span('2026-01-01', '2026-12-31'));
    expect(p('ThisMonth')).toEqual(p('thismonth'));
    expect(p('LASTYEAR')).toEqual(p('lastyear'));
  });

  test('across the turn of the year: lastmonth in January, lastquarter in Q1, nextmonth in December', () => {
    expect(p('lastmonth', '2025-01-15')).toEqual(span('2024-12-01', '2024-12-31'));
    expect(p('lastquarter', '2025-02-10')).toEqual(span('2024-10-01', '2024-12-31'));
    expect(p('nextmonth', '2025-12-31')).toEqual(span('2026-01-01', '2026-01-31'));
    expect(p('nextquarter', '2025-11-01')).toEqual(span('2026-01-01', '2026-03-31'));
    expect(p('lastmonth', '2024-03-31')).toEqual(span('2024-02-01', '2024-02-29'));
  });

  test('to date: ytd, qtd, mtd end today', () => {
    expect(p('ytd')).toEqual(span('2025-01-01', TODAY));
    expect(p('qtd')).toEqual(span('2025-07-01', TODAY));
    expect(p('mtd')).toEqual(span('2025-08-01', TODAY));
    expect(p('YTD', '2025-01-01')).toEqual(span('2025-01-01', '2025-01-01'));
  });
});

describe('parsePeriod: ranges', () => {
  test('A..B runs from the first day of A to the last day of B', () => {
    expect(p('2025-01..2025-06')).toEqual(span('2025-01-01', '2025-06-30'));
    expect(p('2025Q2..2025Q3')).toEqual(span('2025-04-01', '2025-09-30'));
    expect(p('2025-03-15..2025-04-10')).toEqual(span('2025-03-15', '2025-04-10'));
    expect(p('2025-03..2025-03')).toEqual(span('2025-03-01', '2025-03-31'));
    expect(p('lastmonth..thismonth')).toEqual(span('2025-07-01', '2025-08-31'));
    expect(p('2025..today')).toEqual(span('2025-01-01', TODAY));
    expect(p(' 2025-01 .. 2025-02 ')).toEqual(span('2025-01-01', '2025-02-28'));
  });

  test('ranges crossing years', () => {
    expect(p('2024-11..2025-02')).toEqual(span('2024-11-01', '2025-02-28'));
    expect(p('2024Q4..2025Q1')).toEqual(span('2024-10-01', '2025-03-31'));
    expect(p('2023..2025')).toEqual(span('2023-01-01', '2025-12-31'));
  });

  test('an open side takes the calendar year, like a lone --from or --to', () => {
    expect(p('2025-03..')).toEqual(span('2025-03-01', '2025-12-31'));
    expect(p('..2025-03')).toEqual(span('2025-01-01', '2025-03-31'));
    expect(p('..2025Q3')).toEqual(span('2025-01-01', '2025-09-30'));
    expect(p('2025Q4..')).toEqual(span('2025-10-01', '2025-12-31'));
    expect(p('..lastmonth', '2025-01-15')).toEqual(span('2024-01-01', '2024-12-31'));
  });
});

describe('parsePeriod: errors name what is wrong', () => {
  test.each([
    ['2025Q5', '"2025Q5": a quarter is Q1 to Q4'],
    ['2025Q0', '"2025Q0": a quarter is Q1 to Q4'],
    ['2025-13', '"2025-13": a month is 01 to 12'],
    ['2025-00', '"2025-00": a month is 01 to 12'],
    ['2025-02-30', '"2025-02-30": 2025-02 has no day 30'],
    ['2025-02-29', '"2025-02-29": 2025-02 has no day 29'],
    ['2025-13-01', '"2025-13-01": a month is 01 to 12'],
    ['31.04.2025', '"31.04.2025": 2025-04 has no day 31'],
    ['0999', '"0999": a year is 1000 to 9999'],
    ['0999-05-01', '"0999-05-01": a year is 1000 to 9999'],
    ['2025-06..2025-03', '"2025-06..2025-03": the range ends (2025-03-31) before it starts (2025-06-01)'],
    ['..', '"..": a range needs a start, an end or both (A..B, A.., ..B)'],
    ['2025..2026..2027', '"2025..2026..2027": a range has one ".."'],
    ['2025Q5..2026', '"2025Q5": a quarter is Q1 to Q4'],
    ['2025..2026-02-30', '"2026-02-30": 2026-02 has no day 30'],
  ])('%s', (expr, message) => {
    expect(periodError(expr).message).toBe(message);
  });

  test('unknown words and empty text list the accepted forms', () => {
    expect(periodError('nextweek').message).toMatch(
      /^"nextweek": not a period; expected YYYY, YYYYQn, YYYY-MM, .* or A\.\.B$/,
    );
    expect(periodError('2025-1-1').message).toMatch(/not a period/);
    expect(periodError('').message).toMatch(/empty; expected YYYY/);
    expect(periodError('last month').message).toMatch(/not a period/);
  });

  test('the error keeps the wrong part apart from the reason', () => {
    const err = periodError('2024..2025Q7');
    expect(err.part).toBe('2025Q7');
    expect(err.reason).toBe('a quarter is Q1 to Q4');
  });

  test('nextyear in 9999 leaves the calendar', () => {
    expect(periodError('nextyear', '9999-06-01').message).toBe('"nextyear": a year is 1000 to 9999');
  });
});

describe('periodOf', () => {
  test('missing ends take the calendar year', () => {
    expect(periodOf(undefined, undefined, TODAY)).toEqual(span('2025-01-01', '2025-12-31'));
    expect(periodOf('2024-04-01', undefined, TODAY)).toEqual(span('2024-04-01', '2024-12-31'));
    expect(periodOf(undefined, '2024-06-30', TODAY)).toEqual(span('2024-01-01', '2024-06-30'));
  });
});

describe('splitPeriod', () => {
  test('a calendar year by month: twelve whole months, keyed and labelled', () => {
    const pieces = splitPeriod(span('2025-01-01', '2025-12-31'), 'monthly');
    expect(pieces).toHaveLength(12);
    expect(pieces[0]).toEqual({ from: '2025-01-01', to: '2025-01-31', key: '2025-01', label: 'Jan 2025' });
    expect(pieces[1]).toEqual({ from: '2025-02-01', to: '2025-02-28', key: '2025-02', label: 'Feb 2025' });
    expect(pieces[11]).toEqual({ from: '2025-12-01', to: '2025-12-31', key: '2025-12', label: 'Dec 2025' });
  });

  test('by quarter and by year', () => {
    expect(
      splitPeriod(span('2024-01-01', '2024-12-31'), 'quarterly').map((x) => [x.key, x.label, x.from, x.to]),
    ).toEqual([
      ['2024Q1', '2024Q1', '2024-01-01', '2024-03-31'],
      ['2024Q2', '2024Q2', '2024-04-01', '2024-06-30'],
      ['2024Q3', '2024Q3', '2024-07-01', '2024-09-30'],
      ['2024Q4', '2024Q4', '2024-10-01', '2024-12-31'],
    ]);
    expect(splitPeriod(span('2024-01-01', '2025-12-31'), 'yearly').map((x) => x.key)).toEqual(['2024', '2025']);
  });

  test('the first and last pieces are clipped to the span', () => {
    expect(splitPeriod(span('2025-01-15', '2025-03-10'), 'monthly')).toEqual([
      { from: '2025-01-15', to: '2025-01-31', key: '2025-01', label: 'Jan 2025' },
      { from: '2025-02-01', to: '2025-02-28', key: '2025-02', label: 'Feb 2025' },
      { from: '2025-03-01', to: '2025-03-10', key: '2025-03', label: 'Mar 2025' },
    ]);
    expect(splitPeriod(span('2025-02-10', '2025-02-20'), 'yearly')).toEqual([
      { from: '2025-02-10', to: '2025-02-20', key: '2025', label: '2025' },
    ]);
    expect(splitPeriod(span('2025-05-01', '2025-05-01'), 'quarterly')).toEqual([
      { from: '2025-05-01', to: '2025-05-01', key: '2025Q2', label: '2025Q2' },
    ]);
  });

  test('December to January of the next year', () => {
    expect(splitPeriod(span('2024-12-01', '2025-01-31'), 'monthly').map((x) => [x.key, x.label])).toEqual([
      ['2024-12', 'Dec 2024'],
      ['2025-01', 'Jan 2025'],
    ]);
    expect(splitPeriod(span('2024-11-15', '2025-02-15'), 'quarterly').map((x) => [x.key, x.from, x.to])).toEqual([
      ['2024Q4', '2024-11-15', '2024-12-31'],
      ['2025Q1', '2025-01-01', '2025-02-15'],
    ]);
  });

  test('a reversed span has no pieces', () => {
    expect(splitPeriod(span('2025-02-01', '2025-01-31'), 'monthly')).toEqual([]);
  });

  const day = fc
    .date({ min: new Date(Date.UTC(1990, 0, 1)), max: new Date(Date.UTC(2060, 11, 31)), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
  const interval = fc.constantFrom<Interval>('monthly', 'quarterly', 'yearly');
  const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const unitOf = (date: string, i: Interval) => {
    const m = Number(date.slice(5, 7));
    return i === 'monthly'
      ? date.slice(0, 7)
      : i === 'quarterly'
        ? `${date.slice(0, 4)}Q${Math.ceil(m / 3)}`
        : date.slice(0, 4);
  };

  test('property: the pieces are contiguous, cover the span exactly and each lies in its one calendar unit', () => {
    fc.assert(
      fc.property(day, day, interval, (a, b, i) => {
        const s = a <= b ? span(a, b) : span(b, a);
        const pieces = splitPeriod(s, i);
        expect(pieces.length).toBeGreaterThan(0);
        expect(pieces[0].from).toBe(s.from);
        expect(pieces.at(-1)!.to).toBe(s.to);
        pieces.forEach((piece, k) => {
          expect(piece.from <= piece.to).toBe(true);
          expect(unitOf(piece.from, i)).toBe(piece.key);
          expect(unitOf(piece.to, i)).toBe(piece.key);
          if (k > 0) expect(piece.from).toBe(nextDay(pieces[k - 1].to));
        });
        expect(new Set(pieces.map((x) => x.key)).size).toBe(pieces.length);
      }),
    );
  });

  test('property: a range of two parsed units is the union of their pieces', () => {
    const month = fc
      .record({ y: fc.integer({ min: 1990, max: 2060 }), m: fc.integer({ min: 1, max: 12 }) })
      .map(({ y, m }) => `${y}-${String(m).padStart(2, '0')}`);
    fc.assert(
      fc.property(month, month, (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const pieces = splitPeriod(parsePeriod(`${lo}..${hi}`, TODAY), 'monthly');
        expect(pieces[0]).toMatchObject(parsePeriod(lo, TODAY));
        expect(pieces.at(-1)).toMatchObject(parsePeriod(hi, TODAY));
        for (const piece of pieces) expect(parsePeriod(piece.key, TODAY)).toEqual({ from: piece.from, to: piece.to });
      }),
    );
  });

  test('property: a parsed period is a real span of real days', () => {
    const word = fc.constantFrom(
      'thismonth',
      'lastmonth',
      'nextmonth',
      'thisquarter',
      'lastquarter',
      'nextquarter',
      'thisyear',
      'lastyear',
      'nextyear',
      'ytd',
      'qtd',
      'mtd',
      'today',
      'yesterday',
    );
    fc.assert(
      fc.property(word, day, (w, today) => {
        const period = parsePeriod(w, today);
        expect(period.from <= period.to).toBe(true);
        expect(parsePeriod(period.from, today)).toEqual(span(period.from, period.from));
        expect(parsePeriod(period.to, today)).toEqual(span(period.to, period.to));
      }),
    );
  });
});
