// The report functions (src/reports) on a hand-checked company year with VAT, plus property tests.
// The "API answers" (accounts with balances for a period, the computed profit/loss rows) are made
// with the service's own ledger functions, exactly as GET /accounts?start&until makes them; every
// expected figure below is worked out by hand in the comments.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { periodBalance, profitAndLoss, totalsByAccount, type DatedBooking } from '../../src/server/domain/ledger.js';
import { postings as serverPostings } from '../../src/server/domain/ledger.js';
import { postings, type AccountType } from '../../src/domain/vat.js';
import { mulDivRound } from '../../src/domain/money.js';
import {
  balanceSheet,
  balanceSheetByPeriod,
  CARRIED_FORWARD_NAME,
  incomeStatement,
  incomeStatementByPeriod,
  splitPeriod,
  trialBalanceByPeriod,
  ledger,
  outputBoxByRate,
  parsePercent,
  parseRappen,
  periodOf,
  rappenToDecimal,
  toReportAccount,
  toReportEntry,
  toReportTaxRate,
  trialBalance,
  trialBalanceDifference,
  vatReturn,
  type Interval,
  type Report,
  type ReportAccount,
  type ReportEntry,
  type ReportRow,
  type ReportTaxRate,
} from '../../src/reports/index.js';
import { bookingMaker, reportTaxRate as rate } from '../helpers/report-fixtures.js';

// ---- the company -----------------------------------------------------------------------------
// Account ids are the account numbers, for readability.
const CHART: [number, string, AccountType][] = [
  [1020, 'Bankguthaben', 'bank'],
  [1100, 'Forderungen', 'assets'],
  [1170, 'Vorsteuer MWST Material, Waren, DL', 'assets'],
  [1171, 'Vorsteuer MWST Investitionen', 'assets'],
  [1510, 'Mobiliar und Einrichtungen', 'deprecations'],
  [2200, 'Geschuldete MWST', 'liabilities'],
  [2800, 'Eigenkapital', 'liabilities'],
  [3400, 'Dienstleistungserlöse', 'income'],
  [4400, 'Aufwand für bezogene Dienstleistungen', 'expense'],
  [6000, 'Raumaufwand', 'expense'],
  [6500, 'Verwaltungsaufwand', 'expense'],
  [6800, 'Abschreibungen', 'expense'],
];
const TYPE = new Map(CHART.map(([n, , t]) => [n, t]));

const MWST = 1;
const MWST_REDUCED = 2;
const VORSTEUER = 4;
const VORSTEUER_INV = 6;
const BEZUG = 7;
const EXPORT = 8;
const RATES: ReportTaxRate[] = [
  rate(MWST, 'MWST 8.1 %', 810, 2200, 303),
  rate(MWST_REDUCED, 'MWST 2.6 %', 260, 2200, 313),
  rate(VORSTEUER, 'Vorsteuer 8.1 %', 810, 1170, 400),
  rate(VORSTEUER_INV, 'Vorsteuer Investitionen 8.1 %', 810, 1171, 405),
  rate(BEZUG, 'Bezugsteuer 8.1 %', 810, 2200, 383, {
    calculationMethod: 'gross',
    isAcquisitionTax: true,
    acquisitionAccountId: 1170,
  }),
  rate(EXPORT, 'Export 0 %', 0, 2200, 220),
];

const entry = bookingMaker();

// The year 2025, sums in Rappen (gross; the acquisition tax booking net).
const YEAR: ReportEntry[] = [
  entry('2025-01-02', 1020, 2800, 2000000, null, 'Kapitaleinlage'), // capital 20'000.00
  entry('2025-01-31', 6000, 1020, 600000, null, 'Miete 2025'), // rent 6'000.00, no VAT
  // swap: 1510 5'000.00 + 1171 405.00 (5405 × 8.1/108.1 = 405.00)
  entry('2025-02-01', 1510, 1020, 540500, VORSTEUER_INV, 'Büromöbel'),
  entry('2025-02-15', 1020, 3400, 1081000, MWST, 'Beratung'), // 3400 10'000.00 + 2200 810.00 (10810 × 8.1/108.1)
  entry('2025-03-05', 4400, 1020, 324300, VORSTEUER, 'Fremdleistung'), // 4400 3'000.00 + 1170 243.00
  entry('2025-03-20', 1100, 3400, 540500, MWST, 'Rechnung R-2025-001'), // 3400 5'000.00 + 2200 405.00
  entry('2025-04-10', 1020, 1100, 540500, null, 'Zahlung R-2025-001'), // swap, no VAT
  // 6500 92.51 + 1170 7.49 (100 × 8.1/108.1 = 7.4931…)
  entry('2025-04-15', 6500, 1020, 10000, VORSTEUER, 'Büromaterial'),
  entry('2025-05-05', 1020, 3400, 102600, MWST_REDUCED, 'Bücher'), // 3400 1'000.00 + 2200 26.00 (1026 × 2.6/102.6)
  entry('2025-06-30', 1020, 3400, 200000, EXPORT, 'Export'), // 3400 2'000.00, share 0
  // 4400/1020 1'000.00; 2200 credit 81.00, 1170 debit 81.00
  entry('2025-07-10', 4400, 1020, 100000, BEZUG, 'Software-Abo USA'),
  entry('2025-12-31', 6800, 1510, 100000, null, 'Abschreibung Mobiliar'), // 1'000.00
];

// ---- the service's answers, made with its own ledger functions ------------------------------------
function serverBooking(e: ReportEntry): DatedBooking {
  const t = RATES.find((r) => r.id === e.taxRateId);
  return {
    date: e.date,
    sum: e.sum,
    debitAccountId: e.debitAccountId,
    creditAccountId: e.creditAccountId,
    debitType: TYPE.get(e.debitAccountId)!,
    creditType: TYPE.get(e.creditAccountId)!,
    taxRate: t
      ? {
          rate: t.rate,
          calculationMethod: t.calculationMethod,
          isAcquisitionTax: t.isAcquisitionTax,
          accountId: t.accountId,
          accountType: TYPE.get(t.accountId),
          acquisitionAccountId: t.acquisitionAccountId,
        }
      : null,
  };
}

/** GET /accounts?type=&start=&until= as the service answers it (liabilities with the two computed rows). */
function apiAccounts(
  entries: ReportEntry[],
  types: AccountType[] | 'all',
  start: string | undefined,
  until: string,
  chart = CHART,
): ReportAccount[] {
  const booked = entries.filter((e) => e.date <= until).map(serverBooking);
  const totals = totalsByAccount(booked, start);
  const all = chart.map(([id, name, type]) => ({
    id,
    number: id,
    name,
    type,
    balance: periodBalance(type, totals.get(id)),
  }));
  const rows: ReportAccount[] = all.filter((a) => types === 'all' || types.includes(a.type));
  if (Array.isArray(types) && types.length === 1 && types[0] === 'liabilities') {
    const pl = profitAndLoss(all, totals);
    rows.push({
      id: null,
      number: null,
      name: CARRIED_FORWARD_NAME,
      type: null,
      balance: start ? pl.carriedForward : 0,
      computed: true,
    });
    rows.push({
      id: null,
      number: null,
      name: 'Gewinn/Verlust der Periode',
      type: null,
      balance: pl.period,
      computed: true,
    });
  }
  return rows;
}
const ASSET_TYPES: AccountType[] = ['bank', 'deprecations', 'assets'];
const ACCOUNTS: ReportAccount[] = CHART.map(([id, name, type]) => ({ id, number: id, name, type, balance: null }));

/** The cells of the rows of a given kind, money as decimals. */
const rowsOf = (report: Report, kind: string, keys: string[]) =>
  report.rows
    .filter((r) => r.kind === kind)
    .map((r) =>
      keys.map((k) =>
        typeof r[k] === 'number' && report.columns.find((c) => c.key === k)?.kind === 'money'
          ? rappenToDecimal(r[k] as number)
          : r[k],
      ),
    );
const summary = (report: Report) =>
  Object.fromEntries(
    report.summary.map((s) => [s.key, s.money && typeof s.value === 'number' ? rappenToDecimal(s.value) : s.value]),
  );

// ---- money -------------------------------------------------------------------------------------
describe('money', () => {
  test.each([
    ['1081.00', 108100],
    ['1081', 108100],
    [1081.5, 108150],
    [0.1, 10],
    ['-453.56', -45356],
    ['0.005', 1],
    ['12.344', 1234],
    [-0.005, -1],
    ['.5', 50],
    [0, 0],
  ])('parseRappen(%j) = %i', (value, rappen) => expect(parseRappen(value)).toBe(rappen));

  test.each(['', 'abc', '1e3', '1,5', true, {}])('parseRappen(%j) throws', (value) =>
    expect(() => parseRappen(value)).toThrow(),
  );

  test('parsePercent reads 8.1 as 810 hundredths, rappenToDecimal writes two places', () => {
    expect(parsePercent(8.1)).toBe(810);
    expect(parsePercent('2.6')).toBe(260);
    expect(rappenToDecimal(108150)).toBe('1081.50');
    expect(rappenToDecimal(-5)).toBe('-0.05');
    expect(rappenToDecimal(0)).toBe('0.00');
  });

  test('adding parsed API decimals is exact where floats are not', () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004
    expect(rappenToDecimal(parseRappen(0.1) + parseRappen(0.2))).toBe('0.30');
  });
});

describe('periods', () => {
  test('missing dates default to the calendar year', () => {
    expect(periodOf(undefined, undefined, '2025-08-14')).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(periodOf('2024-04-01', undefined, '2025-08-14')).toEqual({ from: '2024-04-01', to: '2024-12-31' });
    expect(periodOf(undefined, '2024-06-30', '2025-08-14')).toEqual({ from: '2024-01-01', to: '2024-06-30' });
    expect(periodOf('2024-04-01', '2024-06-30', '2025-08-14')).toEqual({ from: '2024-04-01', to: '2024-06-30' });
  });
});

describe('API records → report inputs', () => {
  test('accounts, tax rates and bookings as the API shapes them', () => {
    expect(
      toReportAccount({
        id: 7,
        number: 1020,
        name: 'Bank',
        type: 'bank',
        balance: -453.56,
        balance_formatted: 'CHF -453.56',
      }),
    ).toEqual({ id: 7, number: 1020, name: 'Bank', type: 'bank', balance: -45356, computed: false });
    expect(
      toReportAccount({ id: null, number: null, name: 'Gewinn/Verlust der Periode', balance: 6907.49, computed: true }),
    ).toEqual({
      id: null,
      number: null,
      name: 'Gewinn/Verlust der Periode',
      type: null,
      balance: 690749,
      computed: true,
    });
    expect(
      toReportTaxRate({
        id: 7,
        name: 'Bezugsteuer 8.1 %',
        rate: 8.1,
        saldo_rate: null,
        calculation_method: 'gross',
        is_acquisition_tax: true,
        account_id: 30,
        acquisition_account_id: 9,
        field_number: 383,
      }),
    ).toEqual({
      id: 7,
      name: 'Bezugsteuer 8.1 %',
      rate: 810,
      saldoRate: null,
      calculationMethod: 'gross',
      isAcquisitionTax: true,
      accountId: 30,
      acquisitionAccountId: 9,
      fieldNumber: 383,
    });
    expect(
      toReportEntry({
        id: 3,
        number: 'E-2025-001',
        date: '2025-02-15',
        description: 'x',
        sum: 10810,
        debit_account_id: 5,
        credit_account_id: 40,
        tax_rate_id: null,
        tax_rate: null,
      }),
    ).toEqual({
      id: 3,
      number: 'E-2025-001',
      date: '2025-02-15',
      description: 'x',
      sum: 1081000,
      debitAccountId: 5,
      creditAccountId: 40,
      taxRateId: null,
    });
    // the tax rate as an embedded object only
    expect(
      toReportEntry({
        id: 4,
        date: '2025-02-15',
        sum: '1.00',
        debit_account: { id: 5 },
        credit_account: { id: 40 },
        tax_rate: { id: 2 },
      }).taxRateId,
    ).toBe(2);
  });
});

// ---- trial balance -----------------------------------------------------------------------------
describe('trial balance', () => {
  test('2025: every non-zero account on its side; debits equal credits', () => {
    const report = trialBalance({
      from: '2025-01-01',
      to: '2025-12-31',
      accounts: apiAccounts(YEAR, 'all', '2025-01-01', '2025-12-31'),
    });
    expect(rowsOf(report, 'account', ['number', 'debit', 'credit'])).toEqual([
      // 1020: 20000 − 6000 − 5405 + 10810 − 3243 + 5405 − 100 + 1026 + 2000 − 1000 = 23493.00
      [1020, '23493.00', null],
      // 1100: 5405 − 5405 = 0 → left out
      [1170, '331.49', null], // 243.00 + 7.49 + 81.00
      [1171, '405.00', null],
      [1510, '4000.00', null], // 5000 − 1000 depreciation
      [2200, null, '1322.00'], // 810 + 405 + 26 + 81
      [2800, null, '20000.00'],
      [3400, null, '18000.00'], // 10000 + 5000 + 1000 + 2000 (net)
      [4400, '4000.00', null], // 3000 + 1000
      [6000, '6000.00', null],
      [6500, '92.51', null],
      [6800, '1000.00', null],
    ]);
    // debits: 23493 + 331.49 + 405 + 4000 + 4000 + 6000 + 92.51 + 1000 = 39322.00
    // credits: 1322 + 20000 + 18000 = 39322.00
    expect(rowsOf(report, 'total', ['name', 'debit', 'credit'])).toEqual([['Total', '39322.00', '39322.00']]);
    expect(summary(report)).toMatchObject({
      debit_total: '39322.00',
      credit_total: '39322.00',
      difference: '0.00',
      balanced: true,
    });
    expect(report.rows.some((r) => r.kind === 'difference')).toBe(false);
    expect(report.checks).toEqual([{ ok: true, message: "Debits equal credits: 39'322.00." }]);
  });

  test('a later period: the profit carried forward from before it balances the books', () => {
    // Q3 2025: balance sheet accounts at 30.09., income/expense only July–September:
    // 4400 1000.00 (acquisition), nothing else → the profit of H1 is in no account
    const accounts = apiAccounts(YEAR, 'all', '2025-07-01', '2025-09-30');
    // H1 profit: income 18000 − expense (6000 + 3000 + 92.51) = 8907.49; debits exceed credits by that much
    expect(trialBalanceDifference(accounts)).toBe(890749);
    const carried = apiAccounts(YEAR, ['liabilities'], '2025-07-01', '2025-09-30').find(
      (a) => a.name === CARRIED_FORWARD_NAME,
    )!.balance;
    expect(carried).toBe(890749);
    const report = trialBalance({ from: '2025-07-01', to: '2025-09-30', accounts, carriedForward: carried });
    expect(rowsOf(report, 'computed', ['name', 'debit', 'credit'])).toEqual([[CARRIED_FORWARD_NAME, null, '8907.49']]);
    expect(summary(report)).toMatchObject({ balanced: true, carried_forward: '8907.49' });
    // without the row the report says by how much it is off
    const off = trialBalance({ from: '2025-07-01', to: '2025-09-30', accounts });
    expect(summary(off)).toMatchObject({ balanced: false, difference: '8907.49' });
    expect(rowsOf(off, 'difference', ['debit', 'credit'])).toEqual([['8907.49', null]]);
    expect(off.checks[0].ok).toBe(false);
  });
});

// ---- balance sheet -----------------------------------------------------------------------------
describe('balance sheet', () => {
  test('31.12.2025: assets = liabilities + equity + profit', () => {
    const report = balanceSheet({
      date: '2025-12-31',
      assets: apiAccounts(YEAR, ASSET_TYPES, '2025-01-01', '2025-12-31'),
      liabilities: apiAccounts(YEAR, ['liabilities'], '2025-01-01', '2025-12-31'),
    });
    expect(report.rows.map((r) => [r.kind, r.number, r.name, rappenToDecimal(r.balance as number)])).toEqual([
      ['account', 1020, 'Bankguthaben', '23493.00'],
      ['account', 1170, 'Vorsteuer MWST Material, Waren, DL', '331.49'],
      ['account', 1171, 'Vorsteuer MWST Investitionen', '405.00'],
      ['account', 1510, 'Mobiliar und Einrichtungen', '4000.00'],
      ['subtotal', null, 'Total assets', '28229.49'], // 23493 + 331.49 + 405 + 4000
      ['account', 2200, 'Geschuldete MWST', '1322.00'],
      ['account', 2800, 'Eigenkapital', '20000.00'],
      // profit 18000 − 11092.51 (4000 + 6000 + 92.51 + 1000) = 6907.49; nothing carried forward (0, left out)
      ['computed', null, 'Gewinn/Verlust der Periode', '6907.49'],
      ['subtotal', null, 'Total liabilities and equity', '28229.49'], // 1322 + 20000 + 6907.49
    ]);
    expect(summary(report)).toMatchObject({
      assets: '28229.49',
      liabilities_and_equity: '28229.49',
      difference: '0.00',
      balanced: true,
    });
    expect(report.checks[0]).toEqual({
      ok: true,
      message: "The balance sheet balances: assets = liabilities and equity = 28'229.49.",
    });
  });

  test('mid-year, and one that does not balance says by how much', () => {
    // 31.03.2025: bank 20000 − 6000 − 5405 + 10810 − 3243 = 16162; 1100 5405; 1170 243; 1171 405; 1510 5000 → 27215
    // 2200 810 + 405 = 1215; 2800 20000; profit Q1 15000 − 6000 − 3000 = 6000 → 27215
    const good = balanceSheet({
      date: '2025-03-31',
      assets: apiAccounts(YEAR, ASSET_TYPES, '2025-01-01', '2025-03-31'),
      liabilities: apiAccounts(YEAR, ['liabilities'], '2025-01-01', '2025-03-31'),
    });
    expect(summary(good)).toMatchObject({ assets: '27215.00', liabilities_and_equity: '27215.00', balanced: true });
    const broken = balanceSheet({
      date: '2025-03-31',
      assets: apiAccounts(YEAR, ASSET_TYPES, '2025-01-01', '2025-03-31'),
      liabilities: [{ id: 2800, number: 2800, name: 'Eigenkapital', type: 'liabilities', balance: 2000000 }],
    });
    expect(summary(broken)).toMatchObject({ difference: '7215.00', balanced: false });
    expect(broken.rows.at(-1)).toMatchObject({ kind: 'difference', balance: 721500 });
    expect(broken.checks[0].message).toBe(
      "The balance sheet does not balance: assets 27'215.00, liabilities and equity 20'000.00, difference 7'215.00.",
    );
  });
});

// ---- income statement --------------------------------------------------------------------------
describe('income statement', () => {
  test('2025: income and expense with subtotals and the profit', () => {
    const report = incomeStatement({
      from: '2025-01-01',
      to: '2025-12-31',
      accounts: apiAccounts(YEAR, 'all', '2025-01-01', '2025-12-31'),
    });
    expect(report.rows.map((r) => [r.kind, r.number, r.name, rappenToDecimal(r.balance as number)])).toEqual([
      ['account', 3400, 'Dienstleistungserlöse', '18000.00'],
      ['subtotal', null, 'Total income', '18000.00'],
      ['account', 4400, 'Aufwand für bezogene Dienstleistungen', '4000.00'],
      ['account', 6000, 'Raumaufwand', '6000.00'],
      ['account', 6500, 'Verwaltungsaufwand', '92.51'],
      ['account', 6800, 'Abschreibungen', '1000.00'],
      ['subtotal', null, 'Total expense', '11092.51'],
      ['total', null, 'Profit', '6907.49'],
    ]);
    expect(summary(report)).toEqual({ income: '18000.00', expense: '11092.51', profit: '6907.49' });
  });

  test('January alone is a loss', () => {
    // January: rent 6000, no income
    const report = incomeStatement({
      from: '2025-01-01',
      to: '2025-01-31',
      accounts: apiAccounts(YEAR, 'all', '2025-01-01', '2025-01-31'),
    });
    expect(report.rows.at(-1)).toMatchObject({ kind: 'total', name: 'Loss', balance: -600000 });
    expect(report.notes).toEqual(["Loss for the period: 6'000.00."]);
  });
});

// ---- ledger ------------------------------------------------------------------------------------
describe('account order', () => {
  // the service always numbers an account; should one come without, every report lists it last alike
  const acc = (id: number, number: number | null, type: AccountType, balance: number): ReportAccount => ({
    id,
    number,
    name: `account ${id}`,
    type,
    balance,
  });
  const numbers = (report: { rows: Array<{ kind: string; number?: unknown }> }) =>
    report.rows.filter((r) => r.kind === 'account').map((r) => r.number);
  const pieces = splitPeriod({ from: '2025-01-01', to: '2025-12-31' }, 'yearly');

  test('by number, an account without a number last, in every report', () => {
    const income = [acc(1, null, 'income', 500), acc(2, 3400, 'income', 700), acc(3, 3200, 'income', 100)];
    const assets = [acc(4, null, 'assets', 300), acc(5, 1020, 'bank', 1000)];
    expect(numbers(incomeStatement({ from: '2025-01-01', to: '2025-12-31', accounts: income }))).toEqual([
      3200,
      3400,
      null,
    ]);
    expect(numbers(trialBalance({ from: '2025-01-01', to: '2025-12-31', accounts: [...income, ...assets] }))).toEqual([
      1020,
      3200,
      3400,
      null,
      null,
    ]);
    expect(numbers(balanceSheet({ date: '2025-12-31', assets, liabilities: [] }))).toEqual([1020, null]);
    expect(
      numbers(
        incomeStatementByPeriod({
          from: '2025-01-01',
          to: '2025-12-31',
          interval: 'yearly',
          pieces,
          balances: [income],
        }),
      ),
    ).toEqual([3200, 3400, null]);
    expect(
      numbers(
        trialBalanceByPeriod({
          from: '2025-01-01',
          to: '2025-12-31',
          interval: 'yearly',
          pieces,
          opening: [],
          balances: [[...income, ...assets]],
        }),
      ),
    ).toEqual([1020, 3200, 3400, null, null]);
    expect(
      numbers(
        balanceSheetByPeriod({
          from: '2025-01-01',
          to: '2025-12-31',
          interval: 'yearly',
          pieces,
          assets: [assets],
          liabilities: [[]],
        }),
      ),
    ).toEqual([1020, null]);
  });
});

describe('ledger', () => {
  const run = (account: number, from: string, to: string, serviceBalance?: number) =>
    ledger({ accountId: account, from, to, accounts: ACCOUNTS, taxRates: RATES, entries: YEAR, serviceBalance });

  test('bank 1020, March to June: opening from before March, running balance, closing', () => {
    const report = run(1020, '2025-03-01', '2025-06-30');
    // 20000 − 6000 − 5405 + 10810
    expect(rowsOf(report, 'opening', ['date', 'balance'])).toEqual([['2025-03-01', '19405.00']]);
    expect(rowsOf(report, 'posting', ['date', 'description', 'contra', 'debit', 'credit', 'balance'])).toEqual([
      ['2025-03-05', 'Fremdleistung', '4400', null, '3243.00', '16162.00'],
      ['2025-04-10', 'Zahlung R-2025-001', '1100', '5405.00', null, '21567.00'],
      ['2025-04-15', 'Büromaterial', '6500', null, '100.00', '21467.00'],
      ['2025-05-05', 'Bücher', '3400', '1026.00', null, '22493.00'],
      ['2025-06-30', 'Export', '3400', '2000.00', null, '24493.00'],
    ]);
    // 19405 + (5405 + 1026 + 2000 = 8431) − (3243 + 100 = 3343) = 24493
    expect(rowsOf(report, 'total', ['debit', 'credit'])).toEqual([['8431.00', '3343.00']]);
    expect(rowsOf(report, 'closing', ['date', 'balance'])).toEqual([['2025-06-30', '24493.00']]);
  });

  test('income 3400 shows net amounts; its opening counts from 1 January only', () => {
    // the service's balance of 3400 for March–December is the movement: 5000 + 1000 + 2000 = 8000
    const report = run(3400, '2025-03-01', '2025-12-31', 800000);
    expect(rowsOf(report, 'opening', ['balance'])).toEqual([['10000.00']]); // February's sale, net of 810.00 VAT
    expect(rowsOf(report, 'posting', ['date', 'credit', 'balance', 'tax_rate'])).toEqual([
      ['2025-03-20', '5000.00', '15000.00', 'MWST 8.1 %'],
      ['2025-05-05', '1000.00', '16000.00', 'MWST 2.6 %'],
      ['2025-06-30', '2000.00', '18000.00', 'Export 0 %'],
    ]);
    expect(report.checks).toEqual([
      { ok: true, message: "The closing balance 18'000.00 agrees with the account's balance in the service." },
    ]);
    // a new year starts at zero
    expect(
      rowsOf(
        ledger({
          accountId: 3400,
          from: '2026-01-01',
          to: '2026-12-31',
          accounts: ACCOUNTS,
          taxRates: RATES,
          entries: YEAR,
        }),
        'opening',
        ['balance'],
      ),
    ).toEqual([['0.00']]);
  });

  test('the VAT account 2200 shows the VAT shares of the bookings whose rate points to it', () => {
    const report = run(2200, '2025-01-01', '2025-12-31', 132200);
    expect(rowsOf(report, 'posting', ['date', 'contra', 'credit', 'balance'])).toEqual([
      ['2025-02-15', '1020/3400', '810.00', '810.00'],
      ['2025-03-20', '1100/3400', '405.00', '1215.00'],
      ['2025-05-05', '1020/3400', '26.00', '1241.00'],
      // the export's share is 0: no posting
      ['2025-07-10', '4400/1020', '81.00', '1322.00'], // acquisition tax owed
    ]);
    expect(report.checks[0].ok).toBe(true);
  });

  test('input tax 1170: Vorsteuer and the deductible acquisition tax', () => {
    const report = run(1170, '2025-01-01', '2025-12-31');
    expect(rowsOf(report, 'posting', ['date', 'debit', 'balance'])).toEqual([
      ['2025-03-05', '243.00', '243.00'],
      ['2025-04-15', '7.49', '250.49'],
      ['2025-07-10', '81.00', '331.49'],
    ]);
  });

  test('a service balance that disagrees is reported', () => {
    const report = run(1020, '2025-01-01', '2025-12-31', 2349300 - 5);
    expect(report.checks).toEqual([
      {
        ok: false,
        message: "The closing balance 23'493.00 differs from the account's balance in the service (23'492.95) by 0.05.",
      },
    ]);
  });

  test('a booking listed twice (by account and by tax rate) counts once', () => {
    const report = ledger({
      accountId: 1170,
      from: '2025-01-01',
      to: '2025-12-31',
      accounts: ACCOUNTS,
      taxRates: RATES,
      entries: [...YEAR, ...YEAR],
    });
    expect(summary(report).closing).toBe('331.49');
  });
});

// ---- VAT return --------------------------------------------------------------------------------
describe('VAT return', () => {
  const boxes = (report: Report) =>
    Object.fromEntries(
      report.rows.map((r) => [
        r.box,
        [
          r.amount === null ? null : rappenToDecimal(r.amount as number),
          r.tax === null ? null : rappenToDecimal(r.tax as number),
        ],
      ]),
    );

  test('2025, effective method, box by box', () => {
    const report = vatReturn({
      from: '2025-01-01',
      to: '2025-12-31',
      accounts: ACCOUNTS,
      taxRates: RATES,
      entries: YEAR,
    });
    const b = boxes(report);
    expect(b[200]).toEqual(['18000.00', null]); // 10000 + 5000 + 1000 (taxed, net) + 2000 (export)
    expect(b[205]).toEqual(['0.00', null]);
    expect(b[220]).toEqual(['2000.00', null]);
    for (const box of [221, 225, 230, 235, 280]) expect(b[box]).toEqual(['0.00', null]);
    expect(b[289]).toEqual(['2000.00', null]);
    expect(b[299]).toEqual(['16000.00', null]); // 18000 − 2000
    expect(b[302]).toEqual(['0.00', '0.00']);
    expect(b[303]).toEqual(['15000.00', '1215.00']); // 10000 + 5000; 810 + 405
    expect(b[313]).toEqual(['1000.00', '26.00']);
    expect(b[343]).toEqual(['0.00', '0.00']);
    expect(b[383]).toEqual(['1000.00', '81.00']); // acquisition tax: 1000 × 8.1 %
    expect(b[399]).toEqual([null, '1322.00']); // 1215 + 26 + 81 = the 2200 balance
    expect(b[400]).toEqual([null, '331.49']); // 243 + 7.49 + 81 (acquisition tax on 1170)
    expect(b[405]).toEqual([null, '405.00']);
    for (const box of [410, 415, 420]) expect(b[box]).toEqual([null, '0.00']);
    expect(b[479]).toEqual([null, '736.49']); // 331.49 + 405
    expect(b[500]).toEqual([null, '585.51']); // 1322 − 736.49
    expect(b[510]).toBeUndefined();
    expect(report.checks).toEqual([
      { ok: true, message: "Taxable turnover (299) equals the taxed bases of 302 to 343: 16'000.00." },
    ]);
    expect(report.notes).toEqual(['Amount payable (500): 585.51.']);
    expect(summary(report)).toEqual({
      turnover: '18000.00',
      taxable_turnover: '16000.00',
      output_tax: '1322.00',
      input_tax: '736.49',
      payable: '585.51',
      credit: '0.00',
    });
  });

  test('500 when tax is payable, 510 when the input tax is larger', () => {
    // January–February: output 810.00 (303); input 405.00 (405) → payable 405.00
    const q = vatReturn({ from: '2025-01-01', to: '2025-02-28', accounts: ACCOUNTS, taxRates: RATES, entries: YEAR });
    expect(boxes(q)[500]).toEqual([null, '405.00']);
    // 1 February alone: only the furniture's input tax → credit 405.00
    const credit = vatReturn({
      from: '2025-02-01',
      to: '2025-02-01',
      accounts: ACCOUNTS,
      taxRates: RATES,
      entries: YEAR,
    });
    expect(boxes(credit)[510]).toEqual([null, '405.00']);
    expect(boxes(credit)[500]).toBeUndefined();
  });

  test('income without a tax rate, saldo rates and rates without a box are named, not counted', () => {
    const rates = [
      ...RATES,
      rate(20, 'Saldo 6.2 %', 810, 2200, null, { saldoRate: 620, calculationMethod: 'gross' }),
      rate(21, 'Sonderrate 5 %', 500, 2200, null),
    ];
    const extra = [
      entry('2025-08-01', 1020, 3400, 50000, null, 'Trinkgeld'),
      entry('2025-08-02', 1020, 3400, 10000, 20, 'Saldo'),
      entry('2025-08-03', 1020, 3400, 10500, 21, 'Sonder'),
    ];
    const report = vatReturn({
      from: '2025-01-01',
      to: '2025-12-31',
      accounts: ACCOUNTS,
      taxRates: rates,
      entries: [...YEAR, ...extra],
    });
    expect(boxes(report)[200]).toEqual(['18000.00', null]);
    expect(report.notes).toEqual([
      '1 income booking without a tax rate (500.00) is not in the return.',
      'Bookings with the saldo rate "Saldo 6.2 %" (100.00) belong to a saldo-method return and are left out.',
      'Bookings with the tax rate "Sonderrate 5 %" (105.00) have no box (no field number and not a Swiss rate) ' +
        'and are left out.',
      'Amount payable (500): 585.51.',
    ]);
  });

  test('rates without a field number are placed by rate and date; 235 deducts reductions', () => {
    const rates = [
      rate(30, 'MWST alt', 770, 2200, null),
      rate(31, 'Vorsteuer ohne Ziffer', 810, 1170, null),
      rate(32, 'Entgeltsminderung', 0, 2200, 235),
    ];
    const entries = [
      entry('2023-12-31', 1020, 3400, 107700, 30), // 2023: 7.7 % → 302: base 1000.00, tax 77.00
      entry('2023-12-30', 6500, 1020, 10810, 31), // input tax 8.10 → 400
      entry('2023-12-29', 3400, 1020, 10000, 32), // a reduction of 100.00 (debit side) → 235 +100.00
    ];
    const report = vatReturn({ from: '2023-01-01', to: '2023-12-31', accounts: ACCOUNTS, taxRates: rates, entries });
    const b = boxes(report);
    expect(b[302]).toEqual(['1000.00', '77.00']);
    expect(b[400]).toEqual([null, '8.10']);
    expect(b[235]).toEqual(['100.00', null]);
    expect(b[200]).toEqual(['1000.00', null]);
    expect(b[299]).toEqual(['900.00', null]);
    // the reduction booked without VAT leaves 299 below the taxed base: the check says so
    expect(report.checks[0]).toEqual({
      ok: false,
      message: "Taxable turnover (299, 900.00) differs from the taxed bases of 302 to 343 (1'000.00) by -100.00.",
    });
    expect(outputBoxByRate(810, '2024-01-01')).toBe(303);
    expect(outputBoxByRate(810, '2023-12-31')).toBeUndefined();
    expect(outputBoxByRate(370, '2023-12-31')).toBe(342);
  });

  test('bookings outside the period are ignored', () => {
    const report = vatReturn({
      from: '2025-03-01',
      to: '2025-03-31',
      accounts: ACCOUNTS,
      taxRates: RATES,
      entries: YEAR,
    });
    // March: sale 5000/405 (303), purchase input tax 243 (400)
    expect(boxes(report)[303]).toEqual(['5000.00', '405.00']);
    expect(boxes(report)[400]).toEqual([null, '243.00']);
    expect(boxes(report)[500]).toEqual([null, '162.00']);
  });
});

// ---- properties ----------------------------------------------------------------------------------
describe('properties', () => {
  const accountIds = CHART.map(([id]) => id);
  const arbEntry = fc
    .record({
      date: fc.integer({ min: 0, max: 729 }).map((d) => new Date(Date.UTC(2024, 0, 1 + d)).toISOString().slice(0, 10)),
      debit: fc.constantFrom(...accountIds),
      credit: fc.constantFrom(...accountIds),
      sum: fc.integer({ min: 0, max: 100_000_000 }),
      taxRateId: fc.option(fc.constantFrom(...RATES.map((r) => r.id)), { nil: null }),
    })
    .filter((e) => e.debit !== e.credit)
    .map((e) => entry(e.date, e.debit, e.credit, e.sum, e.taxRateId));
  const arbDate = fc
    .integer({ min: 0, max: 729 })
    .map((d) => new Date(Date.UTC(2024, 0, 1 + d)).toISOString().slice(0, 10));

  test("the client posting rule is the service's: debits equal credits and both agree posting by posting", () => {
    fc.assert(
      fc.property(arbEntry, (e) => {
        const b = serverBooking(e);
        const ours = postings(b);
        expect(ours).toEqual(serverPostings(b));
        expect(ours.reduce((s, p) => s + p.debit, 0)).toBe(ours.reduce((s, p) => s + p.credit, 0));
      }),
    );
  });

  test('trial balance: debits equal credits for any balanced bookings and any period', () => {
    fc.assert(
      fc.property(fc.array(arbEntry, { maxLength: 40 }), arbDate, arbDate, (entries, a, b) => {
        const [from, to] = a <= b ? [a, b] : [b, a];
        const accounts = apiAccounts(entries, 'all', from, to);
        const carried = apiAccounts(entries, ['liabilities'], from, to).find(
          (r) => r.name === CARRIED_FORWARD_NAME,
        )!.balance;
        const report = trialBalance({ from, to, accounts, carriedForward: carried });
        expect(summary(report).balanced).toBe(true);
        // and the difference without the row is exactly the profit carried forward
        expect(trialBalanceDifference(accounts) - (carried ?? 0)).toBe(0);
      }),
      { numRuns: 200 },
    );
  });

  test('balance sheet: always balances with the computed rows', () => {
    fc.assert(
      fc.property(fc.array(arbEntry, { maxLength: 40 }), arbDate, (entries, date) => {
        const start = `${date.slice(0, 4)}-01-01`;
        const report = balanceSheet({
          date,
          assets: apiAccounts(entries, ASSET_TYPES, start, date),
          liabilities: apiAccounts(entries, ['liabilities'], start, date),
        });
        expect(summary(report).balanced).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  test('ledger: closing = opening + movements = the last running balance, and it agrees with the service', () => {
    fc.assert(
      fc.property(
        fc.array(arbEntry, { maxLength: 40 }),
        fc.constantFrom(...accountIds),
        arbDate,
        arbDate,
        (entries, account, a, b) => {
          const [from, to] = a <= b ? [a, b] : [b, a];
          const service = apiAccounts(entries, 'all', from, to).find((r) => r.id === account)!.balance;
          const report = ledger({
            accountId: account,
            from,
            to,
            accounts: ACCOUNTS,
            taxRates: RATES,
            entries,
            serviceBalance: service,
          });
          const s = Object.fromEntries(report.summary.map((i) => [i.key, i.value]));
          const sign = ['liabilities', 'income'].includes(TYPE.get(account)!) ? -1 : 1;
          expect(s.closing).toBe(
            (s.opening as number) + sign * ((s.debit_total as number) - (s.credit_total as number)),
          );
          const postingsRows = report.rows.filter((r) => r.kind === 'posting');
          expect(postingsRows.length ? postingsRows.at(-1)!.balance : s.opening).toBe(s.closing);
          expect(report.checks[0].ok).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('VAT return: 399 is the output tax the bookings post to 2200, 479 the input tax on 1170 and 1171', () => {
    fc.assert(
      fc.property(fc.array(arbEntry, { maxLength: 40 }), (entries) => {
        const from = '2024-01-01';
        const to = '2025-12-31';
        // only bookings the return understands: income with output rates, expenses with input rates, acquisition tax
        const taxAccounts = [2200, 1170, 1171];
        const sane = entries.filter((e) => {
          if (taxAccounts.includes(e.debitAccountId) || taxAccounts.includes(e.creditAccountId)) return false;
          const t = RATES.find((r) => r.id === e.taxRateId);
          const kind =
            TYPE.get(e.creditAccountId) === 'income'
              ? 'income'
              : TYPE.get(e.debitAccountId) === 'expense'
                ? 'expense'
                : 'swap';
          if (!t) return true;
          if (t.isAcquisitionTax) return kind === 'expense';
          return t.accountId === 2200 ? kind === 'income' : kind === 'expense';
        });
        const report = vatReturn({ from, to, accounts: ACCOUNTS, taxRates: RATES, entries: sane });
        const box = (n: number) => report.rows.find((r) => r.box === n);
        const balances = apiAccounts(sane, 'all', from, to);
        const bal = (id: number) => balances.find((r) => r.id === id)!.balance;
        expect(box(399)!.tax).toBe(bal(2200));
        expect(box(479)!.tax).toBe((bal(1170) ?? 0) + (bal(1171) ?? 0));
      }),
      { numRuns: 200 },
    );
  });
});

// ---- columns per period and --depth ----------------------------------------------------------------
const cut = (from: string, to: string, interval: Interval) => splitPeriod({ from, to }, interval);
const isByPeriod = (entries: ReportEntry[], from: string, to: string, interval: Interval, depth?: number) => {
  const pieces = cut(from, to, interval);
  return incomeStatementByPeriod({
    from,
    to,
    interval,
    pieces,
    balances: pieces.map((p) => apiAccounts(entries, 'all', p.from, p.to)),
    depth,
  });
};
const tbByPeriod = (entries: ReportEntry[], from: string, to: string, interval: Interval, depth?: number) => {
  const pieces = cut(from, to, interval);
  const before = new Date(Date.parse(`${from}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const carried = apiAccounts(entries, ['liabilities'], from, to).find((r) => r.name === CARRIED_FORWARD_NAME)!.balance;
  return trialBalanceByPeriod({
    from,
    to,
    interval,
    pieces,
    opening: apiAccounts(entries, 'all', `${before.slice(0, 4)}-01-01`, before),
    balances: pieces.map((p) => apiAccounts(entries, 'all', p.from, p.to)),
    carriedForward: carried,
    depth,
  });
};
const bsByPeriod = (entries: ReportEntry[], from: string, to: string, interval: Interval, depth?: number) => {
  const pieces = cut(from, to, interval);
  const start = (p: { to: string }) => `${p.to.slice(0, 4)}-01-01`;
  return balanceSheetByPeriod({
    from,
    to,
    interval,
    pieces,
    assets: pieces.map((p) => apiAccounts(entries, ASSET_TYPES, start(p), p.to)),
    liabilities: pieces.map((p) => apiAccounts(entries, ['liabilities'], start(p), p.to)),
    depth,
  });
};

describe('columns per period', () => {
  const MONTHS = [
    '2025-01',
    '2025-02',
    '2025-03',
    '2025-04',
    '2025-05',
    '2025-06',
    '2025-07',
    '2025-08',
    '2025-09',
    '2025-10',
    '2025-11',
    '2025-12',
  ];

  test("income statement by month: each month's movement, the year's total and the monthly average", () => {
    const report = isByPeriod(YEAR, '2025-01-01', '2025-12-31', 'monthly');
    expect(report.columns.map((c) => c.key)).toEqual(['section', 'number', 'name', ...MONTHS, 'total', 'average']);
    expect(report.columns.find((c) => c.key === '2025-03')!.header).toBe('Mar 2025');
    expect(
      rowsOf(report, 'account', ['number', '2025-02', '2025-03', '2025-05', '2025-06', '2025-07', 'total', 'average']),
    ).toEqual([
      [3400, '10000.00', '5000.00', '1000.00', '2000.00', '0.00', '18000.00', '1500.00'],
      [4400, '0.00', '3000.00', '0.00', '0.00', '1000.00', '4000.00', '333.33'], // 4000 / 12 = 333.333…
      [6000, '0.00', '0.00', '0.00', '0.00', '0.00', '6000.00', '500.00'], // booked 31 January
      [6500, '0.00', '0.00', '0.00', '0.00', '0.00', '92.51', '7.71'], // April; 92.51 / 12 = 7.709…
      [6800, '0.00', '0.00', '0.00', '0.00', '0.00', '1000.00', '83.33'],
    ]);
    // January: rent only, a loss of 6000; the year: 18000 − 11092.51
    expect(rowsOf(report, 'total', ['2025-01', '2025-02', 'total', 'average'])).toEqual([
      ['-6000.00', '10000.00', '6907.49', '575.62'],
    ]);
    expect(summary(report)).toEqual({ income: '18000.00', expense: '11092.51', profit: '6907.49', periods: 12 });
    expect(report.periods![0]).toEqual({ key: '2025-01', label: 'Jan 2025', from: '2025-01-01', to: '2025-01-31' });
  });

  test('a partial set of periods: clipped at both ends, the average over the three columns', () => {
    const report = isByPeriod(YEAR, '2025-02-15', '2025-04-10', 'monthly');
    expect(report.periods!.map((p) => [p.key, p.from, p.to])).toEqual([
      ['2025-02', '2025-02-15', '2025-02-28'],
      ['2025-03', '2025-03-01', '2025-03-31'],
      ['2025-04', '2025-04-01', '2025-04-10'],
    ]);
    // 6500 (15 April) is outside; 3400: 10000 + 5000 over 3 months
    expect(rowsOf(report, 'account', ['number', '2025-02', '2025-03', '2025-04', 'total', 'average'])).toEqual([
      [3400, '10000.00', '5000.00', '0.00', '15000.00', '5000.00'],
      [4400, '0.00', '3000.00', '0.00', '3000.00', '1000.00'],
    ]);
  });

  test("trial balance by quarter: opening, each quarter's movement (debit +, credit −), total = trial balance", () => {
    const report = tbByPeriod(YEAR, '2025-04-01', '2025-12-31', 'quarterly');
    expect(report.columns.map((c) => c.key)).toEqual([
      'number',
      'name',
      'type',
      'opening',
      '2025Q2',
      '2025Q3',
      '2025Q4',
      'total',
      'average',
    ]);
    const single = trialBalance({
      from: '2025-04-01',
      to: '2025-12-31',
      accounts: apiAccounts(YEAR, 'all', '2025-04-01', '2025-12-31'),
      carriedForward: apiAccounts(YEAR, ['liabilities'], '2025-04-01', '2025-12-31').find(
        (r) => r.name === CARRIED_FORWARD_NAME,
      )!.balance,
    });
    const net = (r: ReportRow) => ((r.debit as number | null) ?? 0) - ((r.credit as number | null) ?? 0);
    expect(
      report.rows.filter((r) => r.kind === 'account' || r.kind === 'computed').map((r) => [r.name, r.total]),
    ).toEqual(
      expect.arrayContaining(
        single.rows.filter((r) => r.kind === 'account' || r.kind === 'computed').map((r) => [r.name, net(r)]),
      ),
    );
    // 1100: 5405 open at 1 April, paid on 10 April
    expect(
      rowsOf(report, 'account', ['number', 'opening', '2025Q2', '2025Q3', '2025Q4', 'total']).find(
        (r) => r[0] === 1100,
      ),
    ).toEqual([1100, '5405.00', '-5405.00', '0.00', '0.00', '0.00']);
    // the Q1 profit (3400 15'000 − 6000 6'000 − 4400 3'000 = 6'000) carried forward: credit, so negative; only in the
    // opening
    const carried = report.rows.find((r) => r.kind === 'computed')!;
    expect([carried.opening, carried['2025Q2'], carried.total]).toEqual([-600000, 0, -600000]);
    expect(rowsOf(report, 'total', ['opening', '2025Q2', '2025Q3', '2025Q4', 'total'])).toEqual([
      ['0.00', '0.00', '0.00', '0.00', '0.00'],
    ]);
    expect(summary(report)).toMatchObject({
      debit_total: summary(single).debit_total,
      credit_total: summary(single).credit_total,
      balanced: true,
    });
  });

  test("balance sheet by quarter: each column is the balance sheet at the quarter's end", () => {
    const report = bsByPeriod(YEAR, '2025-01-01', '2025-12-31', 'quarterly');
    for (const p of report.periods!) {
      const single = balanceSheet({
        date: p.to,
        assets: apiAccounts(YEAR, ASSET_TYPES, '2025-01-01', p.to),
        liabilities: apiAccounts(YEAR, ['liabilities'], '2025-01-01', p.to),
      });
      for (const r of single.rows.filter((x) => x.kind !== 'subtotal'))
        expect(report.rows.find((x) => x.name === r.name && x.kind === r.kind)![p.key]).toBe(r.balance);
    }
    // the end of the year: 1020 23'493 + 1170 331.49 + 1171 405 + 1510 4'000 = 28'229.49
    expect(rowsOf(report, 'subtotal', ['name', '2025Q4'])).toEqual([
      ['Total assets', '28229.49'],
      ['Total liabilities and equity', '28229.49'],
    ]);
    expect(summary(report)).toMatchObject({ balanced: true, periods: 4 });
  });

  test('the average (mulDivRound(a, 1, n)) rounds half away from zero, in whole Rappen', () => {
    const average = (a: number, n: number) => mulDivRound(a, 1, n);
    expect([
      average(5, 2),
      average(-5, 2),
      average(1, 3),
      average(2, 3),
      average(-2, 3),
      average(0, 7),
      average(9_007_199_254, 12),
    ]).toEqual([3, -3, 0, 1, -1, 0, 750_599_938]);
  });
});

describe('--depth', () => {
  // income and expense in one group (69), a negative balance (1100), and a three-digit group
  const accounts: ReportAccount[] = [
    [1020, 'Bankguthaben', 'bank', 500000],
    [1100, 'Forderungen', 'assets', -20000],
    [1170, 'Vorsteuer', 'assets', 3000],
    [2200, 'Geschuldete MWST', 'liabilities', 8000],
    [2800, 'Eigenkapital', 'liabilities', 400000],
    [3400, 'Dienstleistungserlöse', 'income', 100000],
    [3600, 'Übrige Erlöse', 'income', 5000],
    [6950, 'Finanzertrag', 'income', 150],
    [6000, 'Raumaufwand', 'expense', 30000],
    [6900, 'Finanzaufwand', 'expense', 1000],
    [6940, 'Bankspesen', 'expense', 350],
    [4400, 'Fremdleistungen', 'expense', -1000],
  ].map(([n, name, type, balance]) => ({
    id: n as number,
    number: n as number,
    name: name as string,
    type: type as AccountType,
    balance: balance as number,
  }));

  test('groups by number prefix, named after the KMU chart, in each section apart', () => {
    const report = incomeStatement({ from: '2025-01-01', to: '2025-12-31', accounts, depth: 2 });
    expect(rowsOf(report, 'group', ['section', 'number', 'name', 'balance'])).toEqual([
      ['income', 34, 'Dienstleistungserlöse', '1000.00'],
      ['income', 36, 'Übrige Erlöse aus Lieferungen und Leistungen', '50.00'],
      ['income', 69, 'Finanzaufwand und Finanzertrag', '1.50'],
      ['expense', 44, 'Aufwand für bezogene Dienstleistungen', '-10.00'],
      ['expense', 60, 'Raumaufwand', '300.00'],
      ['expense', 69, 'Finanzaufwand und Finanzertrag', '13.50'],
    ]);
    expect(
      rowsOf(incomeStatement({ from: '2025-01-01', to: '2025-12-31', accounts, depth: 1 }), 'group', [
        'number',
        'name',
      ]),
    ).toEqual([
      [3, 'Betrieblicher Ertrag aus Lieferungen und Leistungen'],
      [6, 'Übriger betrieblicher Aufwand, Abschreibungen und Wertberichtigungen sowie Finanzergebnis'],
      [4, 'Aufwand für Material, Handelswaren, Dienstleistungen und Energie'],
      [6, 'Übriger betrieblicher Aufwand, Abschreibungen und Wertberichtigungen sowie Finanzergebnis'],
    ]);
    // depth 4 (or more) is the full report
    expect(incomeStatement({ from: '2025-01-01', to: '2025-12-31', accounts, depth: 4 }).rows).toEqual(
      incomeStatement({ from: '2025-01-01', to: '2025-12-31', accounts }).rows,
    );
    // three digits: no KMU name at that depth, the group takes its first account's
    expect(
      rowsOf(incomeStatement({ from: '2025-01-01', to: '2025-12-31', accounts, depth: 3 }), 'group', [
        'number',
        'name',
      ])[0],
    ).toEqual([340, 'Dienstleistungserlöse']);
  });

  test("trial balance: a group keeps its debits and credits apart, so the totals are the full report's", () => {
    const full = trialBalance({ from: '2025-01-01', to: '2025-12-31', accounts });
    const rolled = trialBalance({ from: '2025-01-01', to: '2025-12-31', accounts, depth: 1 });
    expect(summary(rolled)).toEqual(summary(full));
    // class 1: 1020 and 1170 on the debit side, 1100 (negative) on the credit side; mixed types: no type, no balance
    expect(rowsOf(rolled, 'group', ['number', 'type', 'debit', 'credit', 'balance'])[0]).toEqual([
      1,
      null,
      '5030.00',
      '200.00',
      null,
    ]);
    // class 2: one type, its balance summed
    expect(rowsOf(rolled, 'group', ['number', 'type', 'debit', 'credit', 'balance'])[1]).toEqual([
      2,
      'liabilities',
      null,
      '4080.00',
      '4080.00',
    ]);
  });

  test("property: at every depth the totals equal the full report's, with and without columns", () => {
    const arbEntries = fc.array(
      fc
        .record({
          date: fc
            .integer({ min: 0, max: 729 })
            .map((d) => new Date(Date.UTC(2024, 0, 1 + d)).toISOString().slice(0, 10)),
          debit: fc.constantFrom(...CHART.map(([id]) => id)),
          credit: fc.constantFrom(...CHART.map(([id]) => id)),
          sum: fc.integer({ min: 0, max: 100_000_000 }),
          taxRateId: fc.option(fc.constantFrom(...RATES.map((r) => r.id)), { nil: null }),
        })
        .filter((e) => e.debit !== e.credit)
        .map((e) => entry(e.date, e.debit, e.credit, e.sum, e.taxRateId)),
      { maxLength: 30 },
    );
    const arbDate = fc
      .integer({ min: 0, max: 729 })
      .map((d) => new Date(Date.UTC(2024, 0, 1 + d)).toISOString().slice(0, 10));
    const totalsOf = (r: Report) => r.rows.filter((x) => x.kind !== 'account' && x.kind !== 'group');
    fc.assert(
      fc.property(
        arbEntries,
        arbDate,
        arbDate,
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom<Interval>('monthly', 'quarterly', 'yearly'),
        (entries, a, b, depth, interval) => {
          const [from, to] = a <= b ? [a, b] : [b, a];
          const accountsNow = apiAccounts(entries, 'all', from, to);
          expect(summary(incomeStatement({ from, to, accounts: accountsNow, depth }))).toEqual(
            summary(incomeStatement({ from, to, accounts: accountsNow })),
          );
          expect(summary(trialBalance({ from, to, accounts: accountsNow, depth }))).toEqual(
            summary(trialBalance({ from, to, accounts: accountsNow })),
          );
          const full = isByPeriod(entries, from, to, interval);
          const rolled = isByPeriod(entries, from, to, interval, depth);
          expect(totalsOf(rolled)).toEqual(totalsOf(full));
          // the columns add up to the single report of the span
          expect(summary(full)).toEqual({
            ...summary(incomeStatement({ from, to, accounts: accountsNow })),
            periods: full.periods!.length,
          });
          const tb = tbByPeriod(entries, from, to, interval);
          expect(totalsOf(tbByPeriod(entries, from, to, interval, depth))).toEqual(totalsOf(tb));
          const carried = apiAccounts(entries, ['liabilities'], from, to).find(
            (r) => r.name === CARRIED_FORWARD_NAME,
          )!.balance;
          expect(summary(tb)).toMatchObject({
            ...summary(trialBalance({ from, to, accounts: accountsNow, carriedForward: carried })),
            balanced: true,
          });
          const bs = bsByPeriod(entries, from, to, interval);
          expect(totalsOf(bsByPeriod(entries, from, to, interval, depth))).toEqual(totalsOf(bs));
          expect(summary(bs).balanced).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });
});
