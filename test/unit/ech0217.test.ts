// The eCH-0217 v2 file (issue 28), written from the report value of `acct report vat` and validated
// against the official schema (../shared/schemas/ech-0217) with libxml2: an effective-method quarter, a
// net tax rate half-year in 2024 (netTaxRateMethod) and one in 2025 (simpleTaxRateMethod, activity
// codes), a correction and a credit (510). Every figure in the file is read back and compared with the
// report's box. A file with two elements swapped is refused, so the validation has teeth.
import { beforeAll, describe, expect, test } from 'vitest';
import type { AccountType } from '../../src/domain/vat.js';
import type { VatFiling } from '../../src/domain/vat-settings.js';
import { ech0217Xml, Ech0217Error, methodElement, type Ech0217Header } from '../../src/reports/ech0217.js';
import { rappenToDecimal } from '../../src/reports/money.js';
import type { Report, ReportEntry } from '../../src/reports/types.js';
import { vatReturn } from '../../src/reports/vat.js';
import { netTaxRateReturnBuilder } from '../../src/reports/vat-net-tax-rate.js';
import { bookingMaker, reportTaxRate as rate } from '../helpers/report-fixtures.js';
import { loadXsdValidator, type XsdCheck } from '../helpers/xsd.js';

const CHART: [number, AccountType][] = [
  [1020, 'bank'],
  [1170, 'assets'],
  [1171, 'assets'],
  [1510, 'deprecations'],
  [2200, 'liabilities'],
  [3400, 'income'],
  [4400, 'expense'],
  [6500, 'expense'],
];
const ACCOUNTS = CHART.map(([id, type]) => ({ id, number: id, name: `Konto ${id}`, type, balance: null }));
const RATES = [
  rate(1, 'MWST 8.1 %', 810, 2200, 303),
  rate(2, 'MWST 2.6 %', 260, 2200, 313),
  rate(3, 'Vorsteuer 8.1 %', 810, 1170, 400),
  rate(4, 'Vorsteuer Investitionen 8.1 %', 810, 1171, 405),
  rate(5, 'Export 0 %', 0, 2200, 220),
  rate(6, 'Bezugsteuer 8.1 %', 810, 2200, 383, {
    calculationMethod: 'gross',
    isAcquisitionTax: true,
    acquisitionAccountId: 1170,
  }),
  rate(7, 'Saldo 6.2 %', 810, 2200, null, { calculationMethod: 'gross', saldoRate: 620 }),
  rate(8, 'Saldo 0.6 %', 810, 2200, null, { calculationMethod: 'gross', saldoRate: 60 }),
];
const entry = bookingMaker();

const EFFECTIVE_Q1: ReportEntry[] = [
  entry('2026-01-15', 1020, 3400, 1081000, 1), // 303: 10'000.00 / 810.00
  entry('2026-02-01', 1020, 3400, 102600, 2), // 313: 1'000.00 / 26.00
  entry('2026-02-10', 1020, 3400, 300000, 5), // 220: 3'000.00
  entry('2026-02-20', 4400, 1020, 324300, 3), // 400: 243.00
  entry('2026-03-01', 1510, 1020, 540500, 4), // 405: 405.00
  entry('2026-03-10', 4400, 1020, 100000, 6), // 383: 1'000.00 / 81.00, and 81.00 more in 400
];
const SALDO = (year: number): ReportEntry[] => [
  entry(`${year}-01-20`, 1020, 3400, 1081000, 7), // first rate 6.2 %: 10'810.00 → 670.22
  entry(`${year}-03-15`, 1020, 3400, 250000, 8), // second rate 0.6 %: 2'500.00 → 15.00
  entry(`${year}-04-02`, 1020, 3400, 120000, 5), // export 1'200.00
];

const FILING: VatFiling = {
  uid: 'CHE-123.456.788',
  method: 'effective',
  basis: 'agreed',
  period: 'quarterly',
  rates: [],
};
const NET: VatFiling = {
  ...FILING,
  method: 'net_tax_rate',
  basis: 'received',
  period: 'semi_annual',
  rates: [
    { rate: 620, activityCode: '12345' },
    { rate: 60, activityCode: '54321' },
  ],
};
const HEADER: Ech0217Header = {
  organisationName: 'Muster & Söhne AG',
  generationTime: '2026-04-20T09:15:00',
  typeOfSubmission: 1,
  businessReferenceId: 'acct-CHE123456788-2026-01-01-2026-03-31-1',
  application: { manufacturer: 'acct', product: 'acct', version: '0.1.0' },
};

const netReturn = (from: string, to: string, entries: ReportEntry[]): Report => {
  const b = netTaxRateReturnBuilder({
    from,
    to,
    accounts: ACCOUNTS,
    taxRates: RATES,
    method: 'net_tax_rate',
    rates: NET.rates,
  });
  b.add(entries);
  return b.report();
};

/** The text of every element of that local name, in document order. */
const values = (xml: string, name: string): string[] =>
  [...xml.matchAll(new RegExp(`<eCH-0217:${name}>([^<]*)</eCH-0217:${name}>`, 'g'))].map((m) => m[1]);
const box = (report: Report, b: number, key: 'amount' | 'tax') =>
  rappenToDecimal(report.rows.find((r) => r.box === b)![key] as number);

let check: XsdCheck;
beforeAll(async () => {
  check = await loadXsdValidator('ech-0217', 'eCH-0217-2-0-0.xsd');
});
const validates = (xml: string) => expect(check(xml)).toEqual([]);

describe('eCH-0217 file', () => {
  test('the validator has teeth: uid and organisationName swapped is refused', () => {
    const xml = ech0217Xml(
      vatReturn({ from: '2026-01-01', to: '2026-03-31', accounts: ACCOUNTS, taxRates: RATES, entries: EFFECTIVE_Q1 }),
      FILING,
      HEADER,
    );
    expect(check(xml)).toEqual([]);
    const uid = '<eCH-0217:uid>CHE123456788</eCH-0217:uid>';
    const name = '<eCH-0217:organisationName>Muster &amp; Söhne AG</eCH-0217:organisationName>';
    expect(xml).toContain(`${uid}\n    ${name}`);
    const swapped = xml.replace(`${uid}\n    ${name}`, `${name}\n    ${uid}`);
    expect(check(swapped).join('\n')).toMatch(
      new RegExp(
        /organisationName': This element is not expected. /.source +
          /Expected is \( \{http:\/\/www.ech.ch\/xmlns\/eCH-0217\/2\}uid \)/.source,
      ),
    );
    // and three decimals, which the amount type forbids
    expect(
      check(xml.replace('<eCH-0217:totalConsideration>14000.00<', '<eCH-0217:totalConsideration>14000.001<')).join(
        '\n',
      ),
    ).toMatch(/fractionDigits/);
  });

  test("an effective-method quarter: every figure is the report's", () => {
    const report = vatReturn({
      from: '2026-01-01',
      to: '2026-03-31',
      accounts: ACCOUNTS,
      taxRates: RATES,
      entries: EFFECTIVE_Q1,
    });
    const xml = ech0217Xml(report, FILING, HEADER);
    validates(xml);
    expect(values(xml, 'uid')).toEqual(['CHE123456788']);
    expect(values(xml, 'reportingPeriodFrom').concat(values(xml, 'reportingPeriodTill'))).toEqual([
      '2026-01-01',
      '2026-03-31',
    ]);
    expect(values(xml, 'typeOfSubmission').concat(values(xml, 'formOfReporting'))).toEqual(['1', '1']);
    expect(values(xml, 'totalConsideration')).toEqual([box(report, 200, 'amount')]);
    expect(values(xml, 'totalConsideration')).toEqual(['14000.00']);
    expect(values(xml, 'suppliesToForeignCountries')).toEqual([box(report, 220, 'amount')]);
    expect(xml).toContain('<eCH-0217:effectiveReportingMethod>');
    expect(values(xml, 'taxRate')).toEqual(['8.1', '2.6', '8.1']);
    expect(values(xml, 'turnover')).toEqual([
      box(report, 303, 'amount'),
      box(report, 313, 'amount'),
      box(report, 383, 'amount'),
    ]);
    expect(values(xml, 'inputTaxMaterialAndServices')).toEqual([box(report, 400, 'tax')]); // 243 + 81
    expect(values(xml, 'inputTaxInvestments')).toEqual([box(report, 405, 'tax')]);
    expect(values(xml, 'payableTax')).toEqual([box(report, 500, 'tax')]);
    expect(values(xml, 'payableTax')).toEqual(['188.00']); // 810 + 26 + 81 − 324 − 405
    expect(xml).toContain('<eCH-0058:product>acct</eCH-0058:product>');
  });

  test('a net tax rate half-year in 2024 (netTaxRateMethod) and 2025 (simpleTaxRateMethod, activity codes)', () => {
    const h2024 = netReturn('2024-01-01', '2024-06-30', SALDO(2024));
    const h2025 = netReturn('2025-01-01', '2025-06-30', SALDO(2025));
    for (const [report, element] of [
      [h2024, 'netTaxRateMethod'],
      [h2025, 'simpleTaxRateMethod'],
    ] as const) {
      const xml = ech0217Xml(report, NET, { ...HEADER, businessReferenceId: `net-${report.from}` });
      validates(xml);
      expect(methodElement(NET, report.from!)).toBe(element);
      expect(xml).toContain(`<eCH-0217:${element}>`);
      expect(values(xml, 'formOfReporting')).toEqual(['2']);
      expect(values(xml, 'totalConsideration')).toEqual([box(report, 200, 'amount')]);
      expect(values(xml, 'totalConsideration')).toEqual(['14510.00']); // 10'810 + 2'500 + 1'200, gross
      expect(values(xml, 'taxRate')).toEqual(['6.2', '0.6']);
      expect(values(xml, 'turnover')).toEqual([box(report, 323, 'amount'), box(report, 333, 'amount')]);
      expect(values(xml, 'payableTax')).toEqual([box(report, 500, 'tax')]);
      expect(values(xml, 'payableTax')).toEqual(['685.22']); // 670.22 + 15.00
      expect(values(xml, 'activityID')).toEqual(element === 'simpleTaxRateMethod' ? ['12345', '54321'] : []);
    }
  });

  test('a flat tax rate company: flatTaxRateMethod, each rate with its activity', () => {
    const b = netTaxRateReturnBuilder({
      from: '2025-01-01',
      to: '2025-06-30',
      accounts: ACCOUNTS,
      taxRates: RATES,
      method: 'flat_tax_rate',
      rates: NET.rates,
    });
    b.add(SALDO(2025));
    const report = b.report();
    expect(report.title).toBe('VAT return 2025-01-01 to 2025-06-30 (flat tax rate method)');
    const xml = ech0217Xml(report, { ...NET, method: 'flat_tax_rate' }, HEADER);
    validates(xml);
    expect(xml).toContain('<eCH-0217:flatTaxRateMethod>');
    expect(values(xml, 'activity')).toEqual(['12345', '54321']);
    expect(values(xml, 'payableTax')).toEqual([box(report, 500, 'tax')]);
  });

  test('a correction (2), an annual reconciliation (3) and a credit (510, a negative payable tax)', () => {
    const credit = vatReturn({
      from: '2026-03-01',
      to: '2026-03-31',
      accounts: ACCOUNTS,
      taxRates: RATES,
      entries: EFFECTIVE_Q1,
    });
    // input tax on the furniture only (the acquisition tax nets to zero)
    expect(box(credit, 510, 'tax')).toBe('405.00');
    for (const type of [2, 3] as const) {
      const xml = ech0217Xml(credit, FILING, { ...HEADER, typeOfSubmission: type });
      validates(xml);
      expect(values(xml, 'typeOfSubmission')).toEqual([String(type)]);
      expect(values(xml, 'payableTax')).toEqual(['-405.00']);
    }
  });

  test('a return from 2025 without an activity code, or a box at two rates, is no file', () => {
    const h2025 = netReturn('2025-01-01', '2025-06-30', SALDO(2025));
    expect(() =>
      ech0217Xml(h2025, { ...NET, rates: [{ rate: 620, activityCode: null }, NET.rates[1]] }, HEADER),
    ).toThrow(Ech0217Error);
    const mixed = [...EFFECTIVE_Q1, entry('2026-03-11', 4400, 1020, 100000, 9)];
    const rates = [
      ...RATES,
      rate(9, 'Bezugsteuer 2.6 %', 260, 2200, 383, { isAcquisitionTax: true, acquisitionAccountId: 1170 }),
    ];
    expect(() =>
      ech0217Xml(
        vatReturn({ from: '2026-01-01', to: '2026-03-31', accounts: ACCOUNTS, taxRates: rates, entries: mixed }),
        FILING,
        HEADER,
      ),
    ).toThrow('box 383 holds bookings at more than one tax rate');
  });
});
