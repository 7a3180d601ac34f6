// The customers' pure rules: durations, billability, statistics, filter[times], and the CSV reader of
// the customer import (decoding, delimiters, row numbers, Swiss decimals).
import { describe, expect, it } from 'vitest';
import {
  billabilityPercent,
  customerStatistics,
  durationOf,
  openExpensesSum,
  readableMinutes,
  timesCondition,
} from '../../src/server/domain/customer-stats.js';
import { normaliseDecimal, normaliseHeader, parseCsv } from '../../src/server/domain/csv.js';
import { decodeText, detectDelimiter } from '../../src/domain/text.js';

describe('durations', () => {
  it('writes minutes as HH:MM with at least two hour digits', () => {
    expect(readableMinutes(0)).toBe('00:00');
    expect(readableMinutes(5)).toBe('00:05');
    expect(readableMinutes(135)).toBe('02:15');
    expect(readableMinutes(6000)).toBe('100:00');
    expect(readableMinutes(-75)).toBe('-01:15');
  });

  it('builds the open_times_sum object', () => {
    expect(durationOf(135)).toEqual({ hours: 2, minutes: 15, totalMinutes: 135, readable: '02:15' });
    expect(durationOf(0)).toEqual({ hours: 0, minutes: 0, totalMinutes: 0, readable: '00:00' });
  });

  it('builds the open_expenses_sum object from Rappen', () => {
    expect(openExpensesSum(123450)).toEqual({ sum: 1234.5, formatted: "CHF 1'234.50" });
    expect(openExpensesSum(0)).toEqual({ sum: 0, formatted: 'CHF 0.00' });
  });
});

describe('billability and statistics', () => {
  it('rounds the billable share half up and answers 0 without time', () => {
    expect(billabilityPercent(150, 225)).toBe(67);
    expect(billabilityPercent(1, 8)).toBe(13); // 12.5 → 13
    expect(billabilityPercent(0, 0)).toBe(0);
    expect(billabilityPercent(60, 60)).toBe(100);
  });

  it('shapes the statistics object with grouped amounts and HH:MM strings', () => {
    expect(
      customerStatistics({
        incomeRappen: 123450,
        expenseRappen: 130450,
        totalMinutes: 225,
        billableMinutes: 150,
        openMinutes: 135,
      }),
    ).toEqual({
      income: "1'234.50",
      expenses: "1'304.50",
      profit: '-70.00',
      hoursTotal: '03:45',
      hoursBillable: '02:30',
      hoursNonBillable: '01:15',
      hoursOpen: '02:15',
      billability: 67,
    });
    expect(
      customerStatistics({
        incomeRappen: 123456789,
        expenseRappen: 0,
        totalMinutes: 0,
        billableMinutes: 0,
        openMinutes: 0,
      }).profit,
    ).toBe("1'234'567.89");
  });
});

describe('filter[times]', () => {
  it('reads 0 as none, 1 as any and N as more than N minutes', () => {
    expect(timesCondition(0)).toEqual({ op: '=', minutes: 0 });
    expect(timesCondition(1)).toEqual({ op: '>', minutes: 0 });
    expect(timesCondition(2)).toEqual({ op: '>', minutes: 2 });
    expect(timesCondition(480)).toEqual({ op: '>', minutes: 480 });
  });
});

describe('CSV reading', () => {
  it('decodes UTF-8 (dropping a BOM), falls back to Windows-1252 and refuses binaries', () => {
    expect(decodeText(new TextEncoder().encode('\uFEFFname\nZürich'))).toBe('name\nZürich');
    expect(decodeText(Uint8Array.from(Buffer.from('name\nZ\xfcrich', 'latin1')))).toBe('name\nZürich');
    expect(decodeText(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00]))).toBeUndefined();
  });

  it('detects the delimiter of the header line outside quotes', () => {
    expect(detectDelimiter('name,city')).toBe(',');
    expect(detectDelimiter('name;city;zip')).toBe(';');
    expect(detectDelimiter('"a,b";c')).toBe(';');
    expect(detectDelimiter('name\tcity')).toBe('\t');
    expect(detectDelimiter('name')).toBe(',');
  });

  it('normalises header names', () => {
    expect(normaliseHeader(' Contact Name ')).toBe('contact_name');
    expect(normaliseHeader('default-hourly-rate')).toBe('default_hourly_rate');
    expect(normaliseHeader('NAME')).toBe('name');
  });

  it('keys records by header, trims cells and numbers rows as a spreadsheet does', () => {
    const table = parseCsv('Name;City\r\n"Muster; AG";" Bern "\r\n\r\n"Zeile\nzwei";Thun\r\nOhne Stadt\r\n');
    expect(table.delimiter).toBe(';');
    expect(table.header).toEqual(['name', 'city']);
    expect(table.records).toEqual([
      { row: 2, values: { name: 'Muster; AG', city: 'Bern' } },
      { row: 4, values: { name: 'Zeile\nzwei', city: 'Thun' } },
      { row: 5, values: { name: 'Ohne Stadt', city: '' } },
    ]);
  });

  it("honours Excel's sep= line and counts it as a row", () => {
    const table = parseCsv('sep=;\nname;zip\nA;3000\n');
    expect(table.header).toEqual(['name', 'zip']);
    expect(table.records).toEqual([{ row: 3, values: { name: 'A', zip: '3000' } }]);
  });

  it('answers an empty table for an empty or blank file', () => {
    expect(parseCsv('')).toEqual({ header: [], records: [], delimiter: ',' });
    expect(parseCsv('\n\n').records).toEqual([]);
  });

  it('reads Swiss decimals', () => {
    expect(normaliseDecimal("1'234.50")).toBe('1234.50');
    expect(normaliseDecimal('120,50')).toBe('120.50');
    expect(normaliseDecimal('CHF 95')).toBe('95');
    expect(normaliseDecimal('1,234.50')).toBe('1,234.50');
    expect(normaliseDecimal('abc')).toBe('abc');
  });
});
