// `acct report chart` against the service: bookings over four months of 2025 (a loss in March), the
// bars piped (plain) and on a terminal (colour, fitted to its width), every month's figures equal to
// `acct report income-statement` of that month, the figures as TSV/CSV/JSON, the SVG image, and every
// usage error before any request.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { beforeAll, describe, expect, test } from 'vitest';
import { acctAgainst, acctEnv, inTerminal, plain } from '../helpers/cli.js';
import { useCliAgainstService } from '../helpers/cli-suite.js';
import { bookThroughCli, lines, sendJson, startStub, testFiles, tsv, type CliBooking, type Stub } from './support.js';

const cli = useCliAgainstService();
const { acct } = cli;

// date, debit, credit, sum, tax rate: January to April 2025
const BOOKINGS: [string, string, string, string, string | null][] = [
  ['2025-01-02', '1020', '2800', '20000.00', null],
  ['2025-01-15', '1020', '3400', '5405.00', 'MWST 8.1 %'], // revenue 5'000.00 net
  ['2025-01-31', '6000', '1020', '2500.00', null],
  ['2025-02-10', '1020', '3400', '8000.00', null],
  ['2025-02-28', '6000', '1020', '2500.00', null],
  ['2025-03-05', '6500', '1020', '1081.00', 'Vorsteuer 8.1 %'], // expense 1'000.00 net
  ['2025-03-31', '6000', '1020', '2500.00', null],
  ['2025-04-20', '1020', '3400', '12000.00', null],
];
const MONTHS = [
  ['2025-01', '2025-01-01', '2025-01-31'],
  ['2025-02', '2025-02-01', '2025-02-28'],
  ['2025-03', '2025-03-01', '2025-03-31'],
  ['2025-04', '2025-04-01', '2025-04-30'],
];
const SPAN = ['--period', '2025-01..2025-04'];
const ANSI = /\u001b\[[0-9;]*m/;

/** The income statement's income, expense and profit of each month, as `acct report income-statement --json` says. */
let statements: { income: string; expense: string; profit: string }[];

beforeAll(async () => {
  await bookThroughCli(
    acct,
    BOOKINGS.map((booking): CliBooking => [...booking, 'x']),
  );
  statements = await Promise.all(
    MONTHS.map(
      async ([, from, to]) =>
        JSON.parse((await acct(['report', 'income-statement', '--from', from, '--to', to, '--json'])).stdout).summary,
    ),
  );
}, 60_000);

/** Swiss grouping of a raw decimal, as the bars print it: "-3700.00" → "-3'700.00". */
const swiss = (raw: string) => raw.replace(/\B(?=(\d{3})+\.)/g, "'");

describe('the bars', () => {
  test('piped: plain text fitted to $COLUMNS, the amounts of the income statement of each month', async () => {
    expect(statements.map((s) => s.profit)).toEqual(['2500.00', '5500.00', '-3500.00', '12000.00']); // a loss in March
    const r = await acct(['report', 'chart', ...SPAN], { env: { COLUMNS: '72' } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).not.toMatch(ANSI);
    const out = r.stdout.split('\n');
    expect(out[0]).toBe('Revenue, expenses and profit by month, 2025-01-01 to 2025-04-30');
    for (const l of out) expect([...l].length).toBeLessThanOrEqual(72);
    const rows = lines(r.stdout).slice(1);
    expect(rows).toHaveLength(12);
    expect(rows.map((l) => l.slice(0, 20).trimEnd())).toEqual(
      MONTHS.flatMap(([, from]) => {
        const label = `${['Jan', 'Feb', 'Mar', 'Apr'][Number(from.slice(5, 7)) - 1]} 2025`;
        return [`${label}  Revenue`, '          Expenses', '          Profit'];
      }),
    );
    expect(rows.map((l) => l.split(/\s+/).at(-1))).toEqual(
      statements.flatMap((s) => [s.income, s.expense, s.profit].map(swiss)),
    );
    // the loss grows left of the axis; every other bar to the right
    const march = rows[8];
    expect(march).toMatch(/[▐█]│ +-3'500\.00$/);
    for (const l of rows.filter((x) => x !== march)) expect(l.split('│')[0]).not.toMatch(/[▐█]/);
  });

  test('on a terminal: colours, and the width of the terminal (60 and 120 columns)', async () => {
    for (const cols of [60, 120]) {
      const t = await inTerminal(cli.box, ['report', 'chart', ...SPAN], [], acctEnv(cli.svc), { cols, rows: 200 });
      expect(t.code).toBe(0);
      expect(t.output).toMatch(/\u001b\[32m█/); // revenue green
      expect(t.output).toMatch(/\u001b\[31m[▐█]/); // the loss red
      const text = plain(t.output);
      const widths = text.split('\n').map((l) => [...l].length);
      expect(Math.max(...widths)).toBeLessThanOrEqual(cols);
      expect(text).toContain("12'000.00");
    }
    // NO_COLOR on a terminal: the same bars, no colour
    const noColour = await inTerminal(
      cli.box,
      ['report', 'chart', ...SPAN],
      [],
      { ...acctEnv(cli.svc), NO_COLOR: '1' },
      { cols: 80, rows: 200 },
    );
    expect(noColour.output).not.toMatch(ANSI);
    expect(noColour.output).toContain('│');
  });

  test('one request per period', async () => {
    const r = await acct(['report', 'chart', '--period', '2025', '--quarterly', '--debug']);
    expect(r.code).toBe(0);
    const requests = r.stderr.split('\n').filter((l) => l.startsWith('> GET') && l.includes('/accounts'));
    expect(requests.map((l) => /start=([\d-]+)/.exec(l)![1]).sort()).toEqual([
      '2025-01-01',
      '2025-04-01',
      '2025-07-01',
      '2025-10-01',
    ]);
    expect(requests.every((l) => l.includes('type=all'))).toBe(true);
  });

  test('--accounts: one bar per account and month, the balance of each', async () => {
    const r = await acct(['report', 'chart', ...SPAN, '--accounts', '6000,3400', '-o', 'table'], {
      env: { COLUMNS: '100' },
    });
    expect(r.code, r.stderr).toBe(0);
    const out = lines(r.stdout);
    expect(out[0]).toBe('Accounts 6000, 3400 by month, 2025-01-01 to 2025-04-30');
    expect(out.slice(1).map((l) => [l.slice(0, 10).trim(), l.slice(10, 36).trim(), l.split(/\s+/).at(-1)])).toEqual([
      ['Jan 2025', '6000 Raumaufwand', "2'500.00"],
      ['', '3400 Dienstleistungserlöse', "5'000.00"],
      ['Feb 2025', '6000 Raumaufwand', "2'500.00"],
      ['', '3400 Dienstleistungserlöse', "8'000.00"],
      ['Mar 2025', '6000 Raumaufwand', "2'500.00"],
      ['', '3400 Dienstleistungserlöse', '0.00'],
      ['Apr 2025', '6000 Raumaufwand', '0.00'],
      ['', '3400 Dienstleistungserlöse', "12'000.00"],
    ]);
  });
});

describe('the figures as rows', () => {
  test('TSV, CSV and JSON: a row per period with the income statement of each', async () => {
    const t = await acct(['report', 'chart', ...SPAN, '-o', 'tsv']);
    expect(tsv(t.stdout)).toEqual([
      ['period', 'from', 'to', 'revenue', 'expenses', 'profit'],
      ...MONTHS.map(([key, from, to], i) => [
        key,
        from,
        to,
        statements[i].income,
        statements[i].expense,
        statements[i].profit,
      ]),
    ]);
    const c = await acct(['report', 'chart', ...SPAN, '-o', 'csv', '--fields', 'period,profit']);
    expect(c.stdout).toBe(
      'period,profit\r\n2025-01,2500.00\r\n2025-02,5500.00\r\n2025-03,-3500.00\r\n2025-04,12000.00\r\n',
    );
    // --from/--to read the same grammar as -p, as on every report
    expect(
      (
        await acct([
          'report',
          'chart',
          '--from',
          '2025-01',
          '--to',
          '2025-04',
          '-o',
          'csv',
          '--fields',
          'period,profit',
        ])
      ).stdout,
    ).toBe(c.stdout);
    const j = JSON.parse(
      (await acct(['report', 'chart', '--period', '2025', '--quarterly', '--accounts', '3400,1020', '--json'])).stdout,
    );
    expect(j).toEqual([
      { period: '2025Q1', from: '2025-01-01', to: '2025-03-31', account_3400: '13000.00', account_1020: '24824.00' },
      { period: '2025Q2', from: '2025-04-01', to: '2025-06-30', account_3400: '12000.00', account_1020: '36824.00' },
      { period: '2025Q3', from: '2025-07-01', to: '2025-09-30', account_3400: '0.00', account_1020: '36824.00' },
      { period: '2025Q4', from: '2025-10-01', to: '2025-12-31', account_3400: '0.00', account_1020: '36824.00' },
    ]);
    expect(Object.keys(j[0])).toEqual(['period', 'from', 'to', 'account_3400', 'account_1020']);
  });
});

describe('-o svg', () => {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    isArray: (name) => ['rect', 'text'].includes(name),
  });
  const figures = (svg: string) => {
    expect(XMLValidator.validate(svg)).toBe(true);
    const doc = parser.parse(svg).svg;
    return (doc.rect as Record<string, string>[])
      .filter((r) => r.class === 'bar')
      .map((r) => [r['data-period'], r['data-series'], r['data-value']]);
  };

  test('--out FILE: the image appears whole, carrying the figures of the income statement', async () => {
    const dir = testFiles(cli.box, {});
    const file = join(dir, 'erfolg.svg');
    const r = await acct(['report', 'chart', ...SPAN, '-o', 'svg', '--out', file]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`Wrote the chart to ${file}.\n`);
    const svg = readFileSync(file, 'utf8');
    expect(figures(svg)).toEqual(
      MONTHS.flatMap(([key], i) => [
        [key, 'revenue', statements[i].income],
        [key, 'expenses', statements[i].expense],
        [key, 'profit', statements[i].profit],
      ]),
    );
    expect(svg).toContain("-3'500.00");
    expect(readdirSync(dir).filter((f) => f.includes('partial'))).toEqual([]);
  });

  test('without --out: to stdout when it is not a terminal; --accounts too', async () => {
    const r = await acct(['report', 'chart', '--period', '2025-04', '--accounts', '3400', '-o', 'svg']);
    expect(r.code, r.stderr).toBe(0);
    expect(figures(r.stdout)).toEqual([['2025-04', 'account_3400', '12000.00']]);
    expect(r.stdout).toContain('3400 Dienstleistungserlöse');
  });

  test('to a terminal without --out: a usage error', async () => {
    const t = await inTerminal(cli.box, ['report', 'chart', '-o', 'svg'], [], acctEnv(cli.svc));
    expect(t.code).toBe(2);
    expect(plain(t.output)).toContain('-o svg writes an image: give --out FILE');
  });
});

describe('usage errors', () => {
  test('flags are checked before any request (exit 2, the problem named)', async () => {
    const stub: Stub = await startStub((_req, res) => sendJson(res, 500, { message: 'should not be called' }));
    try {
      const viaStub = acctAgainst(cli.box, { url: stub.url, token: 't' });
      const cases: [string[], RegExp][] = [
        [['report', 'chart', '--period', '2025-13'], /invalid -p\/--period "2025-13": a month is 01 to 12/],
        [['report', 'chart', '--period', 'gestern'], /invalid -p\/--period "gestern": not a period/],
        [
          ['report', 'chart', '--period', '2025-06..2025-01'],
          /invalid -p\/--period .*ends \(2025-01-31\) before it starts \(2025-06-01\)/,
        ],
        [['report', 'chart', '--monthly', '--yearly'], /--monthly and --yearly cannot be used together/],
        [
          ['report', 'chart', '--period', '2025', '--from', '2025-01'],
          /-p\/--period and --from cannot be used together/,
        ],
        [['report', 'chart', '--from', '2025-06', '--to', '2025-01'], /--to 2025-01-31 is before --from 2025-06-01/],
        [['report', 'chart', '--accounts', '3400,Erlöse'], /--accounts takes account numbers .*not a number: "Erlöse"/],
        [['report', 'chart', '--accounts', ''], /--accounts needs account numbers/],
        [['report', 'chart', '--out', 'x.svg'], /--out goes with -o svg/],
        [['report', 'chart', '-o', 'svg', '--json', '--out', 'x.svg'], /-o svg and --json cannot both be given/],
        [
          ['report', 'chart', '-o', 'svg', '--out', join(cli.box.dataDir, 'no', 'such', 'dir', 'x.svg')],
          /cannot write .*x\.svg: ENOENT/,
        ],
        [['report', 'chart', '--fields', 'profit'], /--fields chooses the columns of -o tsv, csv, json or ndjson/],
        [['report', 'chart', '-o', 'csv', '--fields', 'gewinn'], /unknown field "gewinn" for --fields/],
        [
          ['report', 'chart', '-o', 'csv', '--accounts', '3400', '--fields', 'profit'],
          /unknown field "profit" for --fields; available: period, from, to, account_3400$/m,
        ],
        [['report', 'trial-balance', '-o', 'svg'], /invalid --output "svg"/],
      ];
      for (const [args, message] of cases) {
        const r = await viaStub(args);
        expect(r.code, args.join(' ')).toBe(2);
        expect(r.stderr, args.join(' ')).toMatch(message);
        expect(r.stdout).toBe('');
      }
      expect(stub.requests).toEqual([]);
    } finally {
      await stub.close();
    }
  });

  test('an account number that is not in the chart: exit 2 once the accounts are read, nothing written', async () => {
    const dir = testFiles(cli.box, {});
    const r = await acct([
      'report',
      'chart',
      ...SPAN,
      '--accounts',
      '3400,3999,7777',
      '-o',
      'svg',
      '--out',
      join(dir, 'konten.svg'),
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('acct: --accounts: no account 3999, 7777 in the chart of accounts\n');
    expect(readdirSync(dir).filter((f) => f.startsWith('konten'))).toEqual([]);
  });
});
