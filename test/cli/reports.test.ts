// `acct report …` against the service, on the hand-checked company year of test/unit/reports.test.ts
// booked through `acct entries create`: every report as a table, TSV and JSON, the period defaults and
// the errors caught before any request. The arithmetic behind each figure is in the unit test.
import { beforeAll, describe, expect, test } from 'vitest';
import { acctAgainst } from '../helpers/cli.js';
import { useCliAgainstService } from '../helpers/cli-suite.js';
import { startProxy } from '../helpers/proxy.js';
import { bookThroughCli, lines, sendJson, startStub, tsv, type Stub } from './support.js';

const cli = useCliAgainstService();
const { acct } = cli;

/** Cells of a table line (split on runs of two or more blanks). */
const cells = (line: string) => line.trim().split(/\s{2,}/);
const row = (stdout: string, label: string) => cells(lines(stdout).find((l) => l.includes(label))!);

// date, debit, credit, sum, tax rate, description: the year of the unit test
const YEAR: [string, string, string, string, string | null, string][] = [
  ['2025-01-02', '1020', '2800', '20000.00', null, 'Kapitaleinlage'],
  ['2025-01-31', '6000', '1020', '6000.00', null, 'Miete 2025'],
  ['2025-02-01', '1510', '1020', '5405.00', 'Vorsteuer Investitionen 8.1 %', 'Büromöbel'],
  ['2025-02-15', '1020', '3400', '10810.00', 'MWST 8.1 %', 'Beratung'],
  ['2025-03-05', '4400', '1020', '3243.00', 'Vorsteuer 8.1 %', 'Fremdleistung'],
  ['2025-03-20', '1100', '3400', '5405.00', 'MWST 8.1 %', 'Rechnung R-2025-001'],
  ['2025-04-10', '1020', '1100', '5405.00', null, 'Zahlung R-2025-001'],
  ['2025-04-15', '6500', '1020', '100.00', 'Vorsteuer 8.1 %', 'Büromaterial'],
  ['2025-05-05', '1020', '3400', '1026.00', 'MWST 2.6 %', 'Bücher'],
  ['2025-06-30', '1020', '3400', '2000.00', 'Export 0 %', 'Export'],
  ['2025-07-10', '4400', '1020', '1000.00', 'Bezugsteuer 8.1 %', 'Software-Abo USA'],
  ['2025-12-31', '6800', '1510', '1000.00', null, 'Abschreibung Mobiliar'],
];

beforeAll(async () => {
  const rate = await acct([
    'tax-rates',
    'create',
    '--name',
    'Export 0 %',
    '--rate',
    '0',
    '--account',
    '2200',
    '--field-number',
    '220',
  ]);
  if (rate.code !== 0) throw new Error(rate.stderr);
  await bookThroughCli(acct, YEAR);
}, 60_000);

describe('acct report trial-balance', () => {
  test('table: the accounts on their side, equal totals, and a line that says so', async () => {
    const r = await acct(['report', 'trial-balance', '--from', '2025-01-01', '--to', '2025-12-31', '-o', 'table']);
    expect(r.code).toBe(0);
    const out = lines(r.stdout);
    expect(out[0]).toBe('Trial balance 2025-01-01 to 2025-12-31');
    expect(cells(out[1])).toEqual(['NUMBER', 'NAME', 'TYPE', 'DEBIT', 'CREDIT']);
    expect(row(r.stdout, 'Bankguthaben')).toEqual(['1020', 'Bankguthaben', 'bank', "23'493.00"]);
    expect(row(r.stdout, 'Geschuldete MWST')).toEqual(['2200', 'Geschuldete MWST', 'liabilities', "1'322.00"]);
    expect(row(r.stdout, 'Verwaltungsaufwand')).toEqual(['6500', 'Verwaltungsaufwand', 'expense', '92.51']);
    expect(row(r.stdout, 'Total')).toEqual(['Total', "39'322.00", "39'322.00"]);
    expect(r.stdout).not.toContain('Forderungen'); // 1100 nets to zero
    expect(r.stderr).toBe("Debits equal credits: 39'322.00.\n");
  });

  test('TSV: raw decimals and a kind column', async () => {
    const r = await acct(['report', 'trial-balance', '--from', '2025-01-01', '--to', '2025-12-31']);
    expect(tsv(r.stdout)).toEqual([
      ['kind', 'number', 'name', 'type', 'debit', 'credit'],
      ['account', '1020', 'Bankguthaben', 'bank', '23493.00', ''],
      ['account', '1170', 'Vorsteuer MWST Material, Waren, Dienstleistungen, Energie', 'assets', '331.49', ''],
      ['account', '1171', 'Vorsteuer MWST Investitionen, übriger Betriebsaufwand', 'assets', '405.00', ''],
      ['account', '1510', 'Mobiliar und Einrichtungen', 'deprecations', '4000.00', ''],
      ['account', '2200', 'Geschuldete MWST', 'liabilities', '', '1322.00'],
      ['account', '2800', 'Eigenkapital', 'liabilities', '', '20000.00'],
      ['account', '3400', 'Dienstleistungserlöse', 'income', '', '18000.00'],
      ['account', '4400', 'Aufwand für bezogene Dienstleistungen', 'expense', '4000.00', ''],
      ['account', '6000', 'Raumaufwand', 'expense', '6000.00', ''],
      ['account', '6500', 'Verwaltungsaufwand', 'expense', '92.51', ''],
      ['account', '6800', 'Abschreibungen', 'expense', '1000.00', ''],
      ['total', '', 'Total', '', '39322.00', '39322.00'],
    ]);
  });

  test('JSON: rows, summary and checks', async () => {
    const r = await acct(['report', 'trial-balance', '--from', '2025-01-01', '--to', '2025-12-31', '--json']);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({ report: 'trial-balance', from: '2025-01-01', to: '2025-12-31' });
    expect(report.summary).toEqual({
      debit_total: '39322.00',
      credit_total: '39322.00',
      difference: '0.00',
      carried_forward: '0.00',
      balanced: true,
    });
    expect(report.rows[0]).toEqual({
      kind: 'account',
      number: 1020,
      name: 'Bankguthaben',
      type: 'bank',
      debit: '23493.00',
      credit: null,
      balance: '23493.00',
    });
    expect(report.checks).toEqual([{ ok: true, message: "Debits equal credits: 39'322.00." }]);
  });

  test('a later period: the profit carried forward from before it is its own row', async () => {
    const r = await acct(['report', 'trial-balance', '--from', '2025-07-01', '--to', '2025-09-30', '-o', 'table']);
    expect(r.code).toBe(0);
    // H1 2025: income 18000 − expense 9092.51 = 8907.49
    expect(row(r.stdout, 'Nicht verbuchter')).toEqual([
      'Nicht verbuchter Gewinn/Verlust aus Vorperioden',
      'liabilities',
      "8'907.49",
    ]);
    expect(r.stderr).toMatch(/^Debits equal credits/);
  });

  test('defaults: the current calendar year; a year without bookings has only the totals', async () => {
    const year = new Date().getFullYear();
    const r = await acct(['report', 'trial-balance', '--json']);
    const report = JSON.parse(r.stdout);
    expect([report.from, report.to]).toEqual([`${year}-01-01`, `${year}-12-31`]);
    // everything of 2025 is carried into a later year: balance sheet accounts show their balances, the 2025 profit is
    // carried forward
    if (year > 2025) expect(report.summary).toMatchObject({ carried_forward: '6907.49', balanced: true });
    const only = JSON.parse((await acct(['report', 'trial-balance', '--to', '2025-06-30', '--json'])).stdout);
    expect([only.from, only.to]).toEqual(['2025-01-01', '2025-06-30']);
    const from = JSON.parse((await acct(['report', 'trial-balance', '--from', '2025-04-01', '--json'])).stdout);
    expect([from.from, from.to]).toEqual(['2025-04-01', '2025-12-31']);
  });
});

describe('acct report balance-sheet', () => {
  test('table: assets against liabilities and equity with the profit of the year', async () => {
    const r = await acct(['report', 'balance-sheet', '--date', '2025-12-31', '-o', 'table']);
    expect(r.code).toBe(0);
    const out = lines(r.stdout);
    expect(out[0]).toBe('Balance sheet at 2025-12-31');
    expect(cells(out[1])).toEqual(['NUMBER', 'NAME', 'BALANCE']);
    expect(row(r.stdout, 'Total assets')).toEqual(['Total assets', "28'229.49"]);
    expect(row(r.stdout, 'Gewinn/Verlust der Periode')).toEqual(['Gewinn/Verlust der Periode', "6'907.49"]);
    expect(row(r.stdout, 'Total liabilities')).toEqual(['Total liabilities and equity', "28'229.49"]);
    expect(r.stdout).toMatch(/Total assets\s+28'229\.49\n\n/);
    expect(r.stderr).toBe("The balance sheet balances: assets = liabilities and equity = 28'229.49.\n");
  });

  test('TSV and JSON', async () => {
    const t = await acct(['report', 'balance-sheet', '--date', '2025-12-31']);
    expect(tsv(t.stdout)).toEqual([
      ['kind', 'section', 'number', 'name', 'balance'],
      ['account', 'assets', '1020', 'Bankguthaben', '23493.00'],
      ['account', 'assets', '1170', 'Vorsteuer MWST Material, Waren, Dienstleistungen, Energie', '331.49'],
      ['account', 'assets', '1171', 'Vorsteuer MWST Investitionen, übriger Betriebsaufwand', '405.00'],
      ['account', 'assets', '1510', 'Mobiliar und Einrichtungen', '4000.00'],
      ['subtotal', 'assets', '', 'Total assets', '28229.49'],
      ['account', 'liabilities', '2200', 'Geschuldete MWST', '1322.00'],
      ['account', 'liabilities', '2800', 'Eigenkapital', '20000.00'],
      ['computed', 'liabilities', '', 'Gewinn/Verlust der Periode', '6907.49'],
      ['subtotal', 'liabilities', '', 'Total liabilities and equity', '28229.49'],
    ]);
    const j = JSON.parse((await acct(['report', 'balance-sheet', '--date', '2025-03-31', '--json'])).stdout);
    expect(j.summary).toEqual({
      assets: '27215.00',
      liabilities_and_equity: '27215.00',
      difference: '0.00',
      balanced: true,
    });
  });

  test('one that does not balance: exit 0, and stderr says by how much', async () => {
    const stub: Stub = await startStub((req, res) => {
      const url = new URL(req.url ?? '', 'http://x');
      if (!url.pathname.endsWith('/accounts')) return sendJson(res, 404, { message: 'Not found.' });
      const type = url.searchParams.get('type');
      sendJson(
        res,
        200,
        type === 'assets'
          ? [{ id: 1, number: 1020, name: 'Bank', type: 'bank', balance: 1000.5 }]
          : [
              { id: 2, number: 2800, name: 'Eigenkapital', type: 'liabilities', balance: 900 },
              { id: null, number: null, name: 'Gewinn/Verlust der Periode', balance: 0, computed: true },
            ],
      );
    });
    try {
      const r = await acctAgainst(cli.box, { url: stub.url, token: 't' })([
        'report',
        'balance-sheet',
        '--date',
        '2025-12-31',
      ]);
      expect(r.code).toBe(0);
      expect(tsv(r.stdout).at(-1)).toEqual([
        'difference',
        '',
        '',
        'Difference (assets − liabilities and equity)',
        '100.50',
      ]);
      expect(r.stderr).toBe(
        "acct: The balance sheet does not balance: assets 1'000.50, liabilities and equity 900.00, difference " +
          '100.50.\n',
      );
      // the year's start was sent, so the profit splits into carried forward and this year
      expect(stub.requests.map((q) => q.url).sort()).toEqual([
        '/api/v2/companies/1/accounts?type=assets&until=2025-12-31&start=2025-01-01',
        '/api/v2/companies/1/accounts?type=liabilities&until=2025-12-31&start=2025-01-01',
      ]);
    } finally {
      await stub.close();
    }
  });
});

describe('acct report income-statement', () => {
  test('table, TSV and JSON', async () => {
    const r = await acct(['report', 'income-statement', '--from', '2025-01-01', '--to', '2025-12-31', '-o', 'table']);
    expect(r.code).toBe(0);
    expect(row(r.stdout, 'Total income')).toEqual(['Total income', "18'000.00"]);
    expect(row(r.stdout, 'Total expense')).toEqual(['Total expense', "11'092.51"]);
    expect(row(r.stdout, 'Profit')).toEqual(['Profit', "6'907.49"]);
    expect(r.stderr).toBe("Profit for the period: 6'907.49.\n");
    const t = await acct(['report', 'income-statement', '--from', '2025-01-01', '--to', '2025-12-31']);
    expect(tsv(t.stdout)).toEqual([
      ['kind', 'section', 'number', 'name', 'balance'],
      ['account', 'income', '3400', 'Dienstleistungserlöse', '18000.00'],
      ['subtotal', 'income', '', 'Total income', '18000.00'],
      ['account', 'expense', '4400', 'Aufwand für bezogene Dienstleistungen', '4000.00'],
      ['account', 'expense', '6000', 'Raumaufwand', '6000.00'],
      ['account', 'expense', '6500', 'Verwaltungsaufwand', '92.51'],
      ['account', 'expense', '6800', 'Abschreibungen', '1000.00'],
      ['subtotal', 'expense', '', 'Total expense', '11092.51'],
      ['total', '', '', 'Profit', '6907.49'],
    ]);
    const j = JSON.parse(
      (await acct(['report', 'income-statement', '--from', '2025-01-01', '--to', '2025-01-31', '--json'])).stdout,
    );
    expect(j.summary).toEqual({ income: '0.00', expense: '6000.00', profit: '-6000.00' });
    expect(j.rows.at(-1)).toEqual({ kind: 'total', section: null, number: null, name: 'Loss', balance: '-6000.00' });
  });
});

describe('acct report ledger', () => {
  test('bank 1020 from March to June: opening, running balance, closing', async () => {
    const r = await acct([
      'report',
      'ledger',
      '--account',
      '1020',
      '--from',
      '2025-03-01',
      '--to',
      '2025-06-30',
      '-o',
      'table',
    ]);
    expect(r.code).toBe(0);
    const out = lines(r.stdout);
    expect(out[0]).toBe('Ledger of 1020 Bankguthaben 2025-03-01 to 2025-06-30');
    expect(cells(out[1])).toEqual(['DATE', 'NUMBER', 'DESCRIPTION', 'CONTRA', 'DEBIT', 'CREDIT', 'BALANCE']);
    expect(cells(out[2])).toEqual(['01.03.2025', 'Opening balance', "19'405.00"]);
    expect(cells(out[3])).toEqual(['05.03.2025', 'A-2025-002', 'Fremdleistung', '4400', "3'243.00", "16'162.00"]);
    expect(cells(out[4])).toEqual(['10.04.2025', 'U-2025-003', 'Zahlung R-2025-001', '1100', "5'405.00", "21'567.00"]);
    expect(row(r.stdout, 'Total postings')).toEqual(['Total postings', "8'431.00", "3'343.00"]);
    expect(row(r.stdout, 'Closing balance')).toEqual(['30.06.2025', 'Closing balance', "24'493.00"]);
    expect(r.stderr).toBe("The closing balance 24'493.00 agrees with the account's balance in the service.\n");
  });

  test('TSV of the VAT account 2200: the VAT shares of the bookings whose tax rate points to it', async () => {
    const r = await acct([
      'report',
      'ledger',
      '--account',
      '2200',
      '--from',
      '2025-01-01',
      '--to',
      '2025-12-31',
      '--fields',
      'kind,date,number,contra,credit,balance',
    ]);
    expect(r.code).toBe(0);
    expect(tsv(r.stdout)).toEqual([
      ['kind', 'date', 'number', 'contra', 'credit', 'balance'],
      ['opening', '2025-01-01', '', '', '', '0.00'],
      ['posting', '2025-02-15', 'E-2025-001', '1020/3400', '810.00', '810.00'],
      ['posting', '2025-03-20', 'E-2025-002', '1100/3400', '405.00', '1215.00'],
      ['posting', '2025-05-05', 'E-2025-003', '1020/3400', '26.00', '1241.00'],
      ['posting', '2025-07-10', 'A-2025-004', '4400/1020', '81.00', '1322.00'],
      ['total', '', '', '', '1322.00', ''],
      ['closing', '2025-12-31', '', '', '', '1322.00'],
    ]);
  });

  test('JSON of income 3400 by name: net amounts, opening from 1 January', async () => {
    const r = await acct([
      'report',
      'ledger',
      '--account',
      'Dienstleistungserlöse',
      '--from',
      '2025-03-01',
      '--to',
      '2025-12-31',
      '--json',
    ]);
    const j = JSON.parse(r.stdout);
    expect(j.summary).toEqual({
      account: 3400,
      name: 'Dienstleistungserlöse',
      opening: '10000.00',
      debit_total: '0.00',
      credit_total: '8000.00',
      closing: '18000.00',
      postings: 3,
    });
    expect(j.rows.filter((x: any) => x.kind === 'posting').map((x: any) => [x.credit, x.tax_rate])).toEqual([
      ['5000.00', 'MWST 8.1 %'],
      ['1000.00', 'MWST 2.6 %'],
      ['2000.00', 'Export 0 %'],
    ]);
    expect(j.checks[0].ok).toBe(true);
  });

  test('input tax 1170 with the deductible acquisition tax', async () => {
    const r = await acct([
      'report',
      'ledger',
      '--account',
      '1170',
      '--from',
      '2025-01-01',
      '--to',
      '2025-12-31',
      '--fields',
      'date,debit,balance',
    ]);
    expect(tsv(r.stdout).slice(1)).toEqual([
      ['2025-01-01', '', '0.00'],
      ['2025-03-05', '243.00', '243.00'],
      ['2025-04-15', '7.49', '250.49'],
      ['2025-07-10', '81.00', '331.49'],
      ['', '331.49', ''],
      ['2025-12-31', '', '331.49'],
    ]);
  });

  test('errors: a missing or unknown account, bad dates', async () => {
    const missing = await acct(['report', 'ledger', '--from', '2025-01-01']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/missing required --account/);
    const unknown = await acct(['report', 'ledger', '--account', '1029']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/no account "1029" \(--account\)/);
  });
});

describe('acct report vat', () => {
  test('table: every box of the effective method', async () => {
    const r = await acct(['report', 'vat', '--from', '2025-01-01', '--to', '2025-12-31', '-o', 'table']);
    expect(r.code).toBe(0);
    const box = (n: number) => cells(lines(r.stdout).find((l) => l.startsWith(`${n} `))!);
    expect(lines(r.stdout)[0]).toBe('VAT return 2025-01-01 to 2025-12-31 (effective method)');
    expect(box(200)).toEqual(['200', 'Total consideration (net of VAT)', "18'000.00"]);
    expect(box(220)).toEqual(['220', 'Exempt supplies (exports)', "2'000.00"]);
    expect(box(289)).toEqual(['289', 'Total deductions (220 to 280)', "2'000.00"]);
    expect(box(299)).toEqual(['299', 'Taxable turnover (200 − 289)', "16'000.00"]);
    expect(box(303)).toEqual(['303', 'Normal rate 8.1 % (from 2024)', "15'000.00", "1'215.00"]);
    expect(box(313)).toEqual(['313', 'Reduced rate 2.6 % (from 2024)', "1'000.00", '26.00']);
    expect(box(383)).toEqual(['383', 'Acquisition tax (from 2024)', "1'000.00", '81.00']);
    expect(box(399)).toEqual(['399', 'Total tax', "1'322.00"]);
    expect(box(400)).toEqual(['400', 'Input tax on material and services', '331.49']);
    expect(box(405)).toEqual(['405', 'Input tax on investments and other operating costs', '405.00']);
    expect(box(479)).toEqual(['479', 'Total input tax (400 + 405 + 410 − 415 − 420)', '736.49']);
    expect(box(500)).toEqual(['500', 'Amount payable (399 − 479)', '585.51']);
    expect(r.stderr).toBe(
      "Taxable turnover (299) equals the taxed bases of 302 to 343: 16'000.00.\nAmount payable (500): 585.51.\n",
    );
  });

  test('TSV with --fields, JSON summary, a quarter', async () => {
    const t = await acct(['report', 'vat', '--from', '2025-01-01', '--to', '2025-12-31', '--fields', 'box,amount,tax']);
    const rows = tsv(t.stdout);
    expect(rows[0]).toEqual(['box', 'amount', 'tax']);
    expect(rows.map((x) => x[0])).toEqual([
      'box',
      '200',
      '205',
      '220',
      '221',
      '225',
      '230',
      '235',
      '280',
      '289',
      '299',
      '302',
      '303',
      '312',
      '313',
      '342',
      '343',
      '382',
      '383',
      '399',
      '400',
      '405',
      '410',
      '415',
      '420',
      '479',
      '500',
    ]);
    expect(rows.find((x) => x[0] === '303')).toEqual(['303', '15000.00', '1215.00']);
    expect(rows.find((x) => x[0] === '500')).toEqual(['500', '', '585.51']);
    const q1 = JSON.parse(
      (await acct(['report', 'vat', '--from', '2025-01-01', '--to', '2025-03-31', '--json'])).stdout,
    );
    // Q1: output 810 + 405 = 1215; input 405 (furniture) + 243 = 648 → payable 567.00
    expect(q1.summary).toEqual({
      turnover: '15000.00',
      taxable_turnover: '15000.00',
      output_tax: '1215.00',
      input_tax: '648.00',
      payable: '567.00',
      credit: '0.00',
    });
  });

  test('flags are checked before any request', async () => {
    const stub: Stub = await startStub((_req, res) => sendJson(res, 500, { message: 'should not be called' }));
    try {
      const viaStub = acctAgainst(cli.box, { url: stub.url, token: 't' });
      const cases: [string[], RegExp][] = [
        [['report', 'vat', '--from', '2025-13-01'], /invalid --from "2025-13-01": a month is 01 to 12/],
        [
          ['report', 'vat', '--from', '2025-06-01', '--to', '2025-01-01'],
          /--to 2025-01-01 is before --from 2025-06-01/,
        ],
        [['report', 'vat', '--fields', 'box,steuer'], /steuer/],
        [['report', 'balance-sheet', '--date', 'gestern'], /invalid --date "gestern"/],
        [['report', 'trial-balance', '--from', '1.13.2025'], /invalid --from/],
      ];
      for (const [args, message] of cases) {
        const r = await viaStub(args);
        expect(r.code, args.join(' ')).toBe(2);
        expect(r.stderr).toMatch(message);
      }
      expect(stub.requests).toEqual([]);
    } finally {
      await stub.close();
    }
  });
});

describe('a service without sparse fieldsets', () => {
  test('the VAT return and the ledger ask for the fields they read, and match those from whole bookings', async () => {
    const proxy = await startProxy(cli.svc.url);
    try {
      // a service that does not know fields[entries] ignores it: the proxy drops it on the way
      let stripped = 0;
      proxy.rewrite = (path) => {
        const without = path.replace(/([?&])fields(?:\[|%5B)entries(?:\]|%5D)=[^&]*&?/i, '$1');
        if (without !== path) stripped++;
        return without;
      };
      const viaProxy = acctAgainst(cli.box, { url: proxy.url, token: cli.svc.token });
      for (const args of [
        ['report', 'vat', '--from', '2025-01-01', '--to', '2025-12-31', '-o', 'tsv'],
        ['report', 'ledger', '--account', '2200', '--from', '2025-01-01', '--to', '2025-12-31', '-o', 'tsv'],
      ]) {
        const [direct, whole] = [await acct(args), await viaProxy(args)];
        expect(whole.code, whole.stderr).toBe(0);
        expect(whole.stdout).toBe(direct.stdout);
        expect(whole.stderr).toBe(direct.stderr);
      }
      const listed = proxy.seen.filter((s) => s.path.includes('/entries?'));
      expect(listed.length).toBeGreaterThan(0);
      expect(stripped).toBe(listed.length);
      for (const s of listed)
        expect(decodeURIComponent(s.path)).toContain(
          'fields[entries]=id,number,date,description,sum,debit_account_id,credit_account_id,tax_rate_id',
        );
    } finally {
      await proxy.close();
    }
  });
});

describe('periods (-p) and columns per period (--monthly, --quarterly, --yearly, --depth)', () => {
  /** "1234.50" → 123450n: exact, no float */
  const rappen = (s: string | null) => (s === null ? 0n : BigInt(s.replace('.', '')));
  const json = async (args: string[]) => {
    const r = await acct([...args, '--json']);
    expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
    return JSON.parse(r.stdout);
  };
  const MONTHS = Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}`);

  test('-p and --from/--to read one grammar: a quarter, a month range, a year', async () => {
    const q1 = await json(['report', 'income-statement', '-p', '2025Q1']);
    expect([q1.from, q1.to]).toEqual(['2025-01-01', '2025-03-31']);
    expect(q1.rows).toEqual(
      (await json(['report', 'income-statement', '--from', '2025-01-01', '--to', '2025-03-31'])).rows,
    );
    const months = await json(['report', 'trial-balance', '--from', '2025-03', '--to', '2025-04']);
    expect([months.from, months.to]).toEqual(['2025-03-01', '2025-04-30']);
    expect((await json(['report', 'trial-balance', '--period', '2025-03..2025-04'])).rows).toEqual(months.rows);
    const vat = await json(['report', 'vat', '-p', '2025Q1']);
    expect([vat.from, vat.to, vat.summary.payable]).toEqual(['2025-01-01', '2025-03-31', '567.00']);
    const ledger = await json(['report', 'ledger', '--account', '3400', '-p', '2025-03']);
    expect(ledger.summary).toMatchObject({ opening: '10000.00', credit_total: '5000.00', closing: '15000.00' });
    expect((await json(['report', 'balance-sheet', '--date', '2025-06'])).to).toBe('2025-06-30');
    expect((await json(['report', 'balance-sheet', '-p', '2025Q3'])).to).toBe('2025-09-30');
  });

  test("income statement --monthly: the twelve months add up to the year's, to the Rappen", async () => {
    const monthly = await json(['report', 'income-statement', '-p', '2025', '--monthly']);
    const year = await json(['report', 'income-statement', '-p', '2025']);
    expect(monthly.periods.map((p: { key: string }) => p.key)).toEqual(MONTHS);
    expect(monthly.summary).toEqual({ ...year.summary, periods: 12 });
    for (const row of year.rows) {
      const same = monthly.rows.find(
        (r: any) => r.kind === row.kind && r.name === row.name.replace(/^(Profit|Loss)$/, 'Profit (loss: negative)'),
      );
      expect(
        MONTHS.reduce((s, k) => s + rappen(same[k]), 0n),
        row.name,
      ).toBe(rappen(row.balance));
      expect(same.total).toBe(row.balance);
    }
    const rent = monthly.rows.find((r: any) => r.number === 6000);
    expect([rent['2025-01'], rent['2025-02'], rent.total, rent.average]).toEqual([
      '6000.00',
      '0.00',
      '6000.00',
      '500.00',
    ]);
  });

  test("trial balance --quarterly: opening + quarters = the span's trial balance, account by account", async () => {
    const byQuarter = await json(['report', 'trial-balance', '-p', '2025-04..2025-12', '--quarterly']);
    const single = await json(['report', 'trial-balance', '-p', '2025-04..2025-12']);
    for (const row of single.rows.filter((r: any) => r.kind === 'account' || r.kind === 'computed')) {
      const same = byQuarter.rows.find((r: any) => r.name === row.name);
      const quarters = ['2025Q2', '2025Q3', '2025Q4'].reduce((s, k) => s + rappen(same[k]), rappen(same.opening));
      expect(quarters, row.name).toBe(rappen(row.debit) - rappen(row.credit));
    }
    expect(byQuarter.summary).toEqual({ ...single.summary, balanced: true, periods: 3 });
    expect(byQuarter.rows.find((r: any) => r.kind === 'total')).toMatchObject({
      opening: '0.00',
      '2025Q2': '0.00',
      '2025Q3': '0.00',
      '2025Q4': '0.00',
      total: '0.00',
    });
  });

  test("balance sheet --quarterly: each column is the balance sheet at the quarter's end", async () => {
    const byQuarter = await json(['report', 'balance-sheet', '-p', '2025', '--quarterly']);
    for (const [key, date] of [
      ['2025Q1', '2025-03-31'],
      ['2025Q2', '2025-06-30'],
      ['2025Q4', '2025-12-31'],
    ]) {
      const single = await json(['report', 'balance-sheet', '--date', date]);
      for (const row of single.rows.filter((r: any) => r.kind !== 'difference'))
        expect(
          byQuarter.rows.find((r: any) => r.kind === row.kind && r.name === row.name)[key],
          `${row.name} ${key}`,
        ).toBe(row.balance);
    }
    expect(byQuarter.summary).toMatchObject({ assets: '28229.49', balanced: true, periods: 4 });
  });

  test('table, CSV and TSV: a column per period', async () => {
    const table = await acct(['report', 'income-statement', '-p', '2025Q1', '-M', '-o', 'table']);
    expect(lines(table.stdout)[0]).toBe('Income statement 2025-01-01 to 2025-03-31, by month');
    expect(cells(lines(table.stdout)[1])).toEqual([
      'NUMBER',
      'NAME',
      'JAN 2025',
      'FEB 2025',
      'MAR 2025',
      'TOTAL',
      'AVERAGE',
    ]);
    expect(row(table.stdout, 'Dienstleistungserlöse')).toEqual([
      '3400',
      'Dienstleistungserlöse',
      '0.00',
      "10'000.00",
      "5'000.00",
      "15'000.00",
      "5'000.00",
    ]);
    const csv = await acct(['report', 'income-statement', '-p', '2025', '--quarterly', '-o', 'csv']);
    // CSV lines end in CRLF (RFC 4180)
    expect(csv.stdout.split('\r\n')[0]).toBe('kind,section,number,name,2025Q1,2025Q2,2025Q3,2025Q4,total,average');
    expect(csv.stdout.split('\r\n')).toContain(
      'account,income,3400,Dienstleistungserlöse,15000.00,3000.00,0.00,0.00,18000.00,4500.00',
    );
    const t = await acct(['report', 'balance-sheet', '-p', '2025', '-Y', '--fields', 'name,2025']);
    expect(tsv(t.stdout)[0]).toEqual(['name', '2025']);
    expect(tsv(t.stdout)).toContainEqual(['Total assets', '28229.49']);
  });

  test("--depth rolls up by number with KMU names; totals are the full report's, with or without columns", async () => {
    const full = await json(['report', 'income-statement', '-p', '2025']);
    const depth2 = await json(['report', 'income-statement', '-p', '2025', '--depth', '2']);
    expect(depth2.summary).toEqual(full.summary);
    expect(depth2.rows.filter((r: any) => r.kind === 'group').map((r: any) => [r.number, r.name, r.balance])).toEqual([
      [34, 'Dienstleistungserlöse', '18000.00'],
      [44, 'Aufwand für bezogene Dienstleistungen', '4000.00'],
      [60, 'Raumaufwand', '6000.00'],
      [65, 'Verwaltungs- und Informatikaufwand', '92.51'],
      [68, 'Abschreibungen und Wertberichtigungen auf Positionen des Anlagevermögens', '1000.00'],
    ]);
    const tb = await json(['report', 'trial-balance', '-p', '2025', '--depth', '1']);
    expect(tb.summary).toEqual((await json(['report', 'trial-balance', '-p', '2025'])).summary);
    expect(tb.rows.filter((r: any) => r.kind === 'group').map((r: any) => [r.number, r.debit, r.credit])).toEqual([
      [1, '28229.49', null],
      [2, null, '21322.00'],
      [3, null, '18000.00'],
      [4, '4000.00', null],
      [6, '7092.51', null],
    ]);
    const bs = await json(['report', 'balance-sheet', '-p', '2025', '--monthly', '--depth', '1']);
    const bsFull = await json(['report', 'balance-sheet', '-p', '2025', '--monthly']);
    const totals = (j: any) => j.rows.filter((r: any) => r.kind !== 'account' && r.kind !== 'group');
    expect(totals(bs)).toEqual(totals(bsFull));
    const isMonthly = await json(['report', 'income-statement', '-p', '2025', '--monthly', '--depth', '1']);
    expect(totals(isMonthly)).toEqual(totals(await json(['report', 'income-statement', '-p', '2025', '--monthly'])));
  });

  test('usage errors: exit 2 before any request, naming the flags', async () => {
    const stub: Stub = await startStub((_req, res) => sendJson(res, 500, { message: 'should not be called' }));
    try {
      const viaStub = acctAgainst(cli.box, { url: stub.url, token: 't' });
      const cases: [string[], string][] = [
        [['report', 'income-statement', '-p', '2025Q5'], 'acct: invalid -p/--period "2025Q5": a quarter is Q1 to Q4'],
        [
          ['report', 'income-statement', '-p', '2025', '--from', '2025-01-01'],
          'acct: -p/--period and --from cannot be used together: give the period one way',
        ],
        [
          ['report', 'trial-balance', '--period', '2025', '--from', '2025-01', '--to', '2025-02'],
          'acct: -p/--period and --from/--to cannot be used together: give the period one way',
        ],
        [['report', 'vat', '-p', '2025-02-30'], 'acct: invalid -p/--period "2025-02-30": 2025-02 has no day 30'],
        [
          ['report', 'ledger', '--account', '1020', '-p', '2025-06..2025-03'],
          'acct: invalid -p/--period "2025-06..2025-03": the range ends (2025-03-31) before it starts (2025-06-01)',
        ],
        [
          ['report', 'trial-balance', '-p', '2025..2026Q7'],
          'acct: invalid -p/--period "2025..2026Q7": "2026Q7": a quarter is Q1 to Q4',
        ],
        [
          ['report', 'income-statement', '-p', 'lastweek'],
          'acct: invalid -p/--period "lastweek": not a period; expected YYYY, YYYYQn, YYYY-MM',
        ],
        [['report', 'income-statement', '--to', '2025-13'], 'acct: invalid --to "2025-13": a month is 01 to 12'],
        [
          ['report', 'income-statement', '--monthly', '--quarterly'],
          'acct: --monthly and --quarterly cannot be used together',
        ],
        [['report', 'trial-balance', '--depth', '0'], 'acct: invalid --depth "0": expected a whole number from 1'],
        [['report', 'balance-sheet', '--depth', 'two'], 'acct: invalid --depth "two": expected a whole number from 1'],
        [
          ['report', 'balance-sheet', '--date', '2025-06-30', '--monthly'],
          'acct: --date cannot be used with --monthly: give the periods with -p/--period (default this year)',
        ],
        [
          ['report', 'balance-sheet', '--date', '2025-06-30', '-p', '2025'],
          'acct: --date and -p/--period cannot be used together',
        ],
        [
          ['report', 'balance-sheet', '-p', '2025Q0', '-Q'],
          'acct: invalid -p/--period "2025Q0": a quarter is Q1 to Q4',
        ],
      ];
      for (const [args, message] of cases) {
        const r = await viaStub(args);
        expect(r.code, args.join(' ')).toBe(2);
        expect(r.stderr.startsWith(message), `${args.join(' ')}: ${r.stderr}`).toBe(true);
      }
      expect(stub.requests).toEqual([]);
    } finally {
      await stub.close();
    }
  });
});
