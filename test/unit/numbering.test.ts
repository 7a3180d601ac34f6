// Booking numbers: format, parsing, the running counter, the number look-up and renumbering.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  dateIn,
  ENTRY_NUMBER_PREFIX,
  entryNumberStem,
  formatEntryNumber,
  needsRenumbering,
  nextRunningNumber,
  numberAnswer,
  parseGeneratedNumber,
  runningNumberOf,
  yearIn,
  type EntryType,
} from '../../src/server/domain/numbering.js';

describe('format', () => {
  test.each([
    ['income', 2024, 1, 'E-2024-001'],
    ['expense', 2024, 42, 'A-2024-042'],
    ['swap', 2025, 999, 'U-2025-999'],
    ['income', 2024, 1000, 'E-2024-1000'],
    ['expense', 2023, 123456, 'A-2023-123456'],
  ] as [EntryType, number, number, string][])('%s %i #%i → %s', (type, year, n, expected) => {
    expect(formatEntryNumber(type, year, n)).toBe(expected);
  });

  test('prefixes and stems', () => {
    expect(ENTRY_NUMBER_PREFIX).toEqual({ income: 'E', expense: 'A', swap: 'U' });
    expect(entryNumberStem('swap', 2024)).toBe('U-2024-');
  });

  test('format and parse are inverse for every type, year and running number', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<EntryType>('income', 'expense', 'swap'),
        fc.integer({ min: 1000, max: 9999 }),
        fc.integer({ min: 1, max: 999_999_999 }),
        (type, year, n) => {
          const number = formatEntryNumber(type, year, n);
          expect(runningNumberOf(type, year, number)).toBe(n);
          expect(parseGeneratedNumber(number)).toEqual({ type, year, running: n });
          expect(number.length).toBeGreaterThanOrEqual(10);
        },
      ),
    );
  });
});

describe('runningNumberOf', () => {
  test.each([
    ['E-2024-007', 7],
    ['E-2024-7', 7],
    ['E-2024-0000000012', undefined], // more than nine digits: free text
    ['E-2024-000', undefined],
    ['E-2025-007', undefined],
    ['A-2024-007', undefined],
    ['E-2024-007a', undefined],
    ['E-2024-', undefined],
    ['R-2024-001', undefined],
    [null, undefined],
    ['', undefined],
  ])('%s → %s (income 2024)', (number, expected) => {
    expect(runningNumberOf('income', 2024, number)).toBe(expected);
  });
});

describe('parseGeneratedNumber', () => {
  test.each([
    ['A-2023-015', { type: 'expense', year: 2023, running: 15 }],
    ['U-2024-1', { type: 'swap', year: 2024, running: 1 }],
    ['U-2024-0', undefined],
    ['X-2024-001', undefined],
    ['E-24-001', undefined],
    ['Beleg 17', undefined],
    [null, undefined],
  ])('%s', (number, expected) => {
    expect(parseGeneratedNumber(number)).toEqual(expected);
  });
});

describe('the running counter', () => {
  test('highest + 1, gaps are not filled, the first is 1', () => {
    expect(nextRunningNumber([])).toBe(1);
    expect(nextRunningNumber([1, 2, 3])).toBe(4);
    expect(nextRunningNumber([1, 5])).toBe(6);
    expect(nextRunningNumber([10, 2])).toBe(11);
  });

  test('numberAnswer: a free number itself, else the next running number', () => {
    const taken = new Set([1, 2, 5]);
    const isTaken = (n: number) => taken.has(n);
    expect(numberAnswer(3, isTaken, 6)).toBe(3);
    expect(numberAnswer(4, isTaken, 6)).toBe(4);
    expect(numberAnswer(2, isTaken, 6)).toBe(6);
    expect(numberAnswer(5, isTaken, 6)).toBe(6);
    expect(numberAnswer(100, isTaken, 6)).toBe(100);
    expect(numberAnswer(undefined, isTaken, 6)).toBe(6);
    expect(numberAnswer(0, isTaken, 6)).toBe(6);
  });
});

describe('needsRenumbering', () => {
  const income2024 = { type: 'income' as const, year: 2024 };
  test('a generated number follows a change of type or year', () => {
    expect(needsRenumbering('E-2024-003', income2024, { type: 'expense', year: 2024 })).toBe(true);
    expect(needsRenumbering('E-2024-003', income2024, { type: 'income', year: 2025 })).toBe(true);
  });
  test('nothing changed, or a number of the client, stays', () => {
    expect(needsRenumbering('E-2024-003', income2024, income2024)).toBe(false);
    expect(needsRenumbering('Beleg 17', income2024, { type: 'expense', year: 2024 })).toBe(false);
    // a generated-looking number that did not fit before was chosen by the client
    expect(needsRenumbering('A-2024-003', income2024, { type: 'expense', year: 2024 })).toBe(false);
    expect(needsRenumbering('E-2023-003', income2024, { type: 'income', year: 2025 })).toBe(false);
    expect(needsRenumbering(null, income2024, { type: 'expense', year: 2024 })).toBe(false);
  });
});

describe('dates in the company time zone', () => {
  test('Europe/Zurich is ahead of UTC around the new year', () => {
    const utcEvening = new Date('2024-12-31T23:30:00Z'); // 00:30 on 1 January in Zurich
    expect(dateIn('Europe/Zurich', utcEvening)).toBe('2025-01-01');
    expect(yearIn('Europe/Zurich', utcEvening)).toBe(2025);
    expect(dateIn('UTC', utcEvening)).toBe('2024-12-31');
    expect(yearIn(undefined, new Date('2024-06-15T12:00:00Z'))).toBe(2024);
  });
});
