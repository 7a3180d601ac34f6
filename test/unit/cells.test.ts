// A CSV cell as an import reads it (src/cli/pipeline/cells.ts): amounts and dates in the grammar of the
// command line, the export's plain form written back unchanged, and every problem naming the forms taken.
import { describe, expect, test } from 'vitest';
import { exportCell, readCell } from '../../src/cli/pipeline/cells.js';
import { column, money } from '../../src/cli/pipeline/map.js';
import type { RefResolver } from '../../src/cli/refs.js';

// decimals and dates need no reference lookups
const resolver = undefined as unknown as RefResolver;
const sum = money('sum');
const quantity = column('planned_hours', 'decimal', { places: 3, trim: true });
const date = column('date', 'date');

describe('amount cells', () => {
  test.each([
    ["1'280.00", '1280.00'],
    ['280,00', '280.00'],
    ['1’280.5', '1280.50'],
    ['1081', '1081.00'],
    ['-12,5', '-12.50'],
    ['1280.00', '1280.00'],
  ])('%j → %j', async (cell, canon) => {
    expect(await readCell(sum, cell, resolver)).toEqual({ compare: canon, send: canon });
  });

  test('a quantity keeps thousandths, trimmed', async () => {
    expect(await readCell(quantity, '2,125', resolver)).toEqual({ compare: '2.125', send: '2.125' });
  });

  test('the export writes the plain form, which reads back as itself', async () => {
    const cell = await exportCell(sum, { sum: 1280 }, resolver);
    expect(cell).toBe('1280.00');
    expect(await readCell(sum, cell, resolver)).toEqual({ compare: '1280.00', send: '1280.00' });
  });

  test.each([
    ['1.234', 'sum "1.234": at most 2 decimals (1000.50, 1\'000.50 or 1000,50)'],
    ['zwölf', 'sum "zwölf": expected a number like 1000.50, 1\'000.50 or 1000,50'],
    ['1,280.00', 'sum "1,280.00": expected a number like 1000.50, 1\'000.50 or 1000,50'],
  ])('%j is a problem listing the forms', async (cell, problem) => {
    expect(await readCell(sum, cell, resolver)).toEqual({ problem });
  });
});

describe('date cells', () => {
  test.each([
    ['2026-12-31', '2026-12-31'],
    ['31.12.2026', '2026-12-31'],
    ['31.12.26', '2026-12-31'],
    ['1.1.26', '2026-01-01'],
  ])('%j → %j', async (cell, day) => {
    expect(await readCell(date, cell, resolver)).toEqual({ compare: day, send: day });
  });

  test.each([
    ['31.02.26', 'date "31.02.26" is not a date: 2026-02 has no day 31; expected YYYY-MM-DD, dd.mm.yyyy or dd.mm.yy'],
    ['morgen', 'date "morgen" is not a date: expected YYYY-MM-DD, dd.mm.yyyy or dd.mm.yy'],
    // a file means the same whatever day it is read: no words relative to today
    ['today', 'date "today" is not a date: expected YYYY-MM-DD, dd.mm.yyyy or dd.mm.yy'],
  ])('%j is a problem listing the forms', async (cell, problem) => {
    expect(await readCell(date, cell, resolver)).toEqual({ problem });
  });
});
