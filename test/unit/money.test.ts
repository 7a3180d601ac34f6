import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  byCurrency,
  formatCurrency,
  formatCurrencySums,
  groupRappen,
  mulDivRound,
  percentHundredthsToNumber,
  rappenToJson,
  rappenToNumber,
  rappenToString,
  roundTo5,
  toPercentHundredths,
  toRappen,
  toScaled,
} from '../../src/domain/money.js';

describe('toRappen', () => {
  test.each([
    [0, 0],
    ['0', 0],
    [1, 100],
    ['1', 100],
    [1.5, 150],
    ['1.5', 150],
    ['1234.50', 123450],
    [0.1 + 0.2, 30],
    [1.005, 101],
    ['1.005', 101],
    ['1.0049', 100],
    [-1.005, -101],
    ['-0.001', 0],
    ['  12.30 ', 1230],
    ['+7', 700],
    [999999.99, 99999999],
    [1e21, undefined],
    [1e-7, 0],
  ])('%s → %s', (input, expected) => {
    expect(toRappen(input as number | string)).toBe(expected);
  });

  test.each(['', 'abc', '1,50', '1.2.3', '1e3', 'NaN', ' ', '--1'])('rejects %j', (input) => {
    expect(toRappen(input)).toBeUndefined();
  });

  test('rejects non-finite numbers', () => {
    expect(toRappen(Number.NaN)).toBeUndefined();
    expect(toRappen(Number.POSITIVE_INFINITY)).toBeUndefined();
  });

  test('never yields -0', () => {
    expect(Object.is(toRappen('-0.00'), 0)).toBe(true);
    expect(Object.is(toRappen('-0.004'), 0)).toBe(true);
  });
});

describe('formatting', () => {
  test.each([
    [0, '0.00', '0.00'],
    [5, '0.05', '0.05'],
    [-5, '-0.05', '-0.05'],
    [123450, '1234.50', "1'234.50"],
    [100000000, '1000000.00', "1'000'000.00"],
    [-123456789, '-1234567.89', "-1'234'567.89"],
  ])('%i Rappen', (rappen, plain, grouped) => {
    expect(rappenToString(rappen)).toBe(plain);
    expect(groupRappen(rappen)).toBe(grouped);
  });

  test('currency and numbers', () => {
    expect(formatCurrency(123450)).toBe("CHF 1'234.50");
    expect(formatCurrency(99, 'EUR')).toBe('EUR 0.99');
    expect(rappenToNumber(123450)).toBe(1234.5);
    expect(rappenToNumber(-1)).toBe(-0.01);
  });

  test('percentages', () => {
    expect(toPercentHundredths('8.1')).toBe(810);
    expect(toPercentHundredths(2.6)).toBe(260);
    expect(percentHundredthsToNumber(810)).toBe(8.1);
    expect(toScaled('1.5', 3)).toBe(1500);
  });
});

describe('rounding', () => {
  test('mulDivRound rounds half away from zero', () => {
    expect(mulDivRound(1, 1, 2)).toBe(1);
    expect(mulDivRound(-1, 1, 2)).toBe(-1);
    expect(mulDivRound(10000, 810, 10000)).toBe(810);
    expect(mulDivRound(10810, 810, 10810)).toBe(810);
    expect(mulDivRound(333, 1, 3)).toBe(111);
    expect(mulDivRound(5, 1, 10)).toBe(1);
    expect(mulDivRound(4, 1, 10)).toBe(0);
  });

  test('roundTo5', () => {
    expect(roundTo5(12342)).toBe(12340);
    expect(roundTo5(12343)).toBe(12345);
    expect(roundTo5(12347)).toBe(12345);
    expect(roundTo5(12348)).toBe(12350);
    expect(roundTo5(-12343)).toBe(-12345);
  });
});

describe('properties', () => {
  const rappen = fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });

  test('Rappen survive the round trip through their decimal string', () => {
    fc.assert(fc.property(rappen, (r) => toRappen(rappenToString(r)) === (r === 0 ? 0 : r)));
  });

  test('grouping only inserts apostrophes', () => {
    fc.assert(fc.property(rappen, (r) => groupRappen(r).replace(/'/g, '') === rappenToString(r)));
  });

  test('sums of parsed amounts equal the parse of the exact decimal sum', () => {
    const cents = fc.integer({ min: 0, max: 10_000_000 });
    fc.assert(
      fc.property(fc.array(cents, { maxLength: 50 }), (list) => {
        const total = list.reduce((a, b) => a + (toRappen(rappenToString(b)) ?? Number.NaN), 0);
        return total === list.reduce((a, b) => a + b, 0);
      }),
    );
  });

  test('roundTo5 lands on a multiple of 5 within 2 Rappen', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (r) => {
        const rounded = roundTo5(r);
        return rounded % 5 === 0 && Math.abs(rounded - r) <= 2;
      }),
    );
  });

  test('mulDivRound matches exact rational rounding', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 1e6 }),
        (a, b, d) => {
          const result = mulDivRound(a, b, d);
          const exact = BigInt(a) * BigInt(b);
          // |result·d − a·b| ≤ d/2, and ties go away from zero
          const diff = BigInt(result) * BigInt(d) - exact;
          const twice = diff * 2n;
          return twice <= BigInt(d) && twice >= -BigInt(d);
        },
      ),
    );
  });
});

describe('rappenToJson: a sum as the API writes it', () => {
  test('is a plain number while a double holds the decimal', () => {
    expect(rappenToJson(123450n)).toBe(1234.5);
    expect(rappenToJson(-5n)).toBe(-0.05);
    expect(rappenToJson(0n)).toBe(0);
    expect(rappenToJson(99_999_999_999n)).toBe(999999999.99);
  });

  test('writes the digits where a double would round them, already below 2^53 Rappen', () => {
    // 90071992547409.91 has no double of its own: Number() of it prints 90071992547409.9
    expect(JSON.stringify({ sum: rappenToJson(BigInt(Number.MAX_SAFE_INTEGER)) })).toBe('{"sum":90071992547409.91}');
  });

  test('past 2^53 writes the exact decimal digits, which a number could not hold', () => {
    expect(JSON.stringify({ sum: rappenToJson(12_000_000_000_000_003n) })).toBe('{"sum":120000000000000.03}');
    expect(JSON.stringify({ sum: rappenToJson(-(2n ** 63n) + 1n) })).toBe('{"sum":-92233720368547758.07}');
    expect(JSON.stringify({ sum: rappenToJson(10n ** 20n) })).toBe('{"sum":1000000000000000000}');
  });

  test('groups a bigint like a number', () => {
    expect(formatCurrency(12_000_000_000_000_003n)).toBe("CHF 120'000'000'000'000.03");
    expect(groupRappen(-123456n)).toBe("-1'234.56");
  });
});

describe('sums per currency', () => {
  test('CHF first, then by code; never added into one; none is CHF 0.00', () => {
    expect(
      formatCurrencySums(
        new Map<string, bigint | number>([
          ['EUR', 126666n],
          ['USD', 1000],
          ['CHF', 41605n],
        ]),
      ),
    ).toBe("CHF 416.05, EUR 1'266.66, USD 10.00");
    expect(['USD', 'EUR', 'CHF', 'GBP'].sort(byCurrency)).toEqual(['CHF', 'EUR', 'GBP', 'USD']);
    expect(formatCurrencySums(new Map())).toBe('CHF 0.00');
  });
});
