// The net tax rate method's return (Saldosteuersatz, issue 28) on a hand-checked year: turnover gross,
// at the two approved rates, the tax of each box = its turnover × the rate rounded half up to the Rappen
// once (as the form computes it), no input tax. Every figure is worked out by hand in the comments.
import { describe, expect, test } from 'vitest';
import type { AccountType } from '../../src/domain/vat.js';
import { rappenToDecimal } from '../../src/reports/money.js';
import type { Report, ReportEntry, ReportTaxRate } from '../../src/reports/types.js';
import { netTaxRateReturnBuilder } from '../../src/reports/vat-net-tax-rate.js';
import { bookingMaker, reportTaxRate as rate } from '../helpers/report-fixtures.js';

const CHART: [number, string, AccountType][] = [
  [1020, 'Bankguthaben', 'bank'],
  [1100, 'Forderungen', 'assets'],
  [1170, 'Vorsteuer', 'assets'],
  [2200, 'Geschuldete MWST', 'liabilities'],
  [3200, 'Handelserlöse', 'income'],
  [3400, 'Dienstleistungserlöse', 'income'],
  [4400, 'Aufwand für Dienstleistungen', 'expense'],
  [6500, 'Verwaltungsaufwand', 'expense'],
];
const NET_ACCOUNTS = CHART.map(([id, name, type]) => ({ id, number: id, name, type, balance: null }));
const NET_RATES: ReportTaxRate[] = [
  // the service's saldo rates: gross, the approved percentage as saldo_rate
  rate(1, 'Saldo 6.2 %', 810, 2200, null, { calculationMethod: 'gross', saldoRate: 620 }),
  rate(2, 'Saldo 0.6 %', 810, 2200, null, { calculationMethod: 'gross', saldoRate: 60 }),
  rate(3, 'MWST 8.1 %', 810, 2200, 303),
  rate(4, 'Vorsteuer 8.1 %', 810, 1170, 400),
  rate(5, 'Export 0 %', 0, 2200, 220),
  rate(6, 'Bezugsteuer 8.1 %', 810, 2200, 383, {
    calculationMethod: 'gross',
    isAcquisitionTax: true,
    acquisitionAccountId: 1170,
  }),
  rate(7, 'Saldo 4.3 %', 810, 2200, null, { calculationMethod: 'gross', saldoRate: 430 }),
];
const entry = bookingMaker();

const NET_YEAR: ReportEntry[] = [
  entry('2025-02-10', 1020, 3400, 1081000, 1), // 6.2 %: +10'810.00 gross
  entry('2025-05-03', 1100, 3400, 540535, 1), // 6.2 %: +5'405.35
  entry('2025-06-01', 3400, 1020, 20000, 1), // a credit note at 6.2 %: −200.00
  entry('2025-08-01', 1020, 3200, 333333, 2), // 0.6 %: +3'333.33
  entry('2025-09-01', 1020, 3400, 200000, 5), // export: 200 and 220 +2'000.00
  entry('2025-07-10', 4400, 1020, 100000, 6), // acquisition tax 383: 1'000.00 × 8.1 % = 81.00, no input tax against it
  entry('2025-10-01', 1020, 3400, 108100, 3), // an effective-method rate: a note, left out
  entry('2025-11-11', 6500, 1020, 10810, 4), // input tax: a note, left out
  entry('2025-12-01', 1020, 3400, 50000, 7), // a saldo rate the ESTV did not approve: a note, left out
  entry('2026-01-05', 1020, 3400, 999900, 1), // next year: outside the period
];
const APPROVED = [
  { rate: 620, activityCode: '12345' },
  { rate: 60, activityCode: '54321' },
];

const boxes = (report: Report) =>
  Object.fromEntries(
    report.rows.map((r) => [
      r.box,
      [
        r.amount === null ? null : rappenToDecimal(r.amount as number),
        r.tax === null ? null : rappenToDecimal(r.tax as number),
        r.rate ?? null,
      ],
    ]),
  );

const yearReturn = (from: string, to: string, entries = NET_YEAR) => {
  const b = netTaxRateReturnBuilder({
    from,
    to,
    accounts: NET_ACCOUNTS,
    taxRates: NET_RATES,
    method: 'net_tax_rate',
    rates: APPROVED,
  });
  b.add(entries);
  return b.report();
};

describe('VAT return, net tax rate method', () => {
  test('2025 by hand: gross turnover at each approved rate, the tax rounded once per box', () => {
    const report = yearReturn('2025-01-01', '2025-12-31');
    const b = boxes(report);
    expect(b[200]).toEqual(['21348.68', null, null]); // 16'015.35 + 3'333.33 + 2'000.00
    expect(b[220]).toEqual(['2000.00', null, null]);
    expect(b[289]).toEqual(['2000.00', null, null]);
    expect(b[299]).toEqual(['19348.68', null, null]);
    expect(b[323]).toEqual(['16015.35', '992.95', '6.2']); // 10'810 + 5'405.35 − 200; × 6.2 % = 992.9517 → 992.95
    // × 0.6 % = 19.99998 → 20.00 (booking by booking it would not be)
    expect(b[333]).toEqual(['3333.33', '20.00', '0.6']);
    expect(b[383]).toEqual(['1000.00', '81.00', '8.1']);
    // the form of 2024 on: no 322/332, no 382; no input tax boxes
    for (const box of [322, 332, 382, 400, 405, 479]) expect(b[box]).toBeUndefined();
    expect(b[399]).toEqual([null, '1093.95', null]); // 992.95 + 20.00 + 81.00
    expect(b[500]).toEqual([null, '1093.95', null]);
    expect(report.title).toBe('VAT return 2025-01-01 to 2025-12-31 (net tax rate method)');
    expect(report.checks).toEqual([
      { ok: true, message: "Taxable turnover (299) equals the turnover at the approved rates: 19'348.68." },
    ]);
    expect(report.notes).toEqual([
      'Bookings with the saldo rate "Saldo 4.3 %" (500.00) are not at an approved rate of the company (acct ' +
        'server companies set --vat-net-tax-rates) and are left out.',
      'Bookings with the effective-method rate "MWST 8.1 %" (1\'081.00) do not belong in a net tax rate return ' +
        'and are left out: book sales with the approved saldo rate.',
      'Bookings with the effective-method rate "Vorsteuer 8.1 %" (108.10) do not belong in a net tax rate return ' +
        'and are left out: book sales with the approved saldo rate.',
      "Amount payable (500): 1'093.95.",
    ]);
  });

  test('a reduction of consideration counts in 235 only; income without a tax rate is a note', () => {
    const reductions = rate(9, 'Entgeltsminderung', 0, 2200, 235);
    const b2025 = netTaxRateReturnBuilder({
      from: '2025-01-01',
      to: '2025-12-31',
      accounts: NET_ACCOUNTS,
      taxRates: [...NET_RATES, reductions],
      method: 'net_tax_rate',
      rates: APPROVED,
    });
    b2025.add([
      entry('2025-02-10', 1020, 3400, 1081000, 1), // 6.2 %: +10'810.00 gross in 200
      entry('2025-03-01', 3400, 1020, 10000, 9), // a discount debited to income: +100.00 in 235, not in 200
      entry('2025-04-01', 1020, 3400, 5000, null), // income without a rate: left out, named in a note
      entry('2025-04-02', 1020, 3200, 2500, null),
    ]);
    const report = b2025.report();
    const b = boxes(report);
    expect(b[200]).toEqual(['10810.00', null, null]);
    expect(b[235]).toEqual(['100.00', null, null]);
    expect(b[289]).toEqual(['100.00', null, null]);
    expect(b[299]).toEqual(['10710.00', null, null]);
    expect(report.notes[0]).toBe('2 income bookings without a tax rate (75.00) are not in the return.');
  });

  test('until 2023 the form has 322/332 and 382', () => {
    const old = NET_YEAR.slice(0, 4).map((e) => ({ ...e, date: e.date.replace('2025', '2023') }));
    const b = boxes(yearReturn('2023-01-01', '2023-06-30', old));
    expect(b[322]).toEqual(['16015.35', '992.95', '6.2']);
    expect(b[332]).toEqual(['0.00', '0.00', '0.6']);
    expect(b[323]).toBeUndefined();
    expect(b[382]).toEqual(['0.00', '0.00', null]);
  });

  test('acquisition tax of 2016 goes in 381, of the form then (not 382, the box of 2018 to 2023)', () => {
    // a rate without a box of its own (as a bookkeeper may make one): the booking's date picks the box
    const old = rate(8, 'Bezugsteuer 8.0 %', 800, 2200, null, {
      calculationMethod: 'gross',
      isAcquisitionTax: true,
      acquisitionAccountId: 1170,
    });
    const b2016 = netTaxRateReturnBuilder({
      from: '2016-01-01',
      to: '2016-12-31',
      accounts: NET_ACCOUNTS,
      taxRates: [...NET_RATES, old],
      method: 'net_tax_rate',
      rates: APPROVED,
    });
    b2016.add([entry('2016-07-10', 4400, 1020, 100000, 8)]);
    const b = boxes(b2016.report());
    expect(b[381].slice(0, 2)).toEqual(['1000.00', '80.00']);
    expect(b[382]).toBeUndefined();
    expect(b[383]).toBeUndefined();
  });
});
