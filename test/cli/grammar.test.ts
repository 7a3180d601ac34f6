// One grammar for amounts and dates, in flags and in CSV cells: 1'280.00 and 280,00, 31.12.2026 and the
// two-digit year 31.12.26 (20yy); an export writes the plain form back, so a round trip stays byte
// identical; every error lists the forms accepted.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { tsv } from './support.js';
import { useCliAgainstService } from '../helpers/cli-suite.js';

const cli = useCliAgainstService();
const { acct } = cli;
let dir: string;

const file = (name: string, content: string) => {
  const p = join(dir, name);
  writeFileSync(p, content);
  return p;
};
const bookings = async (...args: string[]) =>
  tsv(
    (await acct(['entries', 'list', '--all', '--fields', 'date,sum,description', '--sort', 'date', ...args])).stdout,
  ).slice(1);

beforeAll(() => {
  dir = join(cli.box.dataDir, '..');
});

describe('flags', () => {
  test("two-digit years are this century's: 31.12.26, 1.1.26; amounts with an apostrophe or a comma", async () => {
    const a = await acct([
      'entries',
      'create',
      '--date',
      '31.12.26',
      '--debit',
      '1020',
      '--credit',
      '3400',
      '--sum',
      "1'000.50",
      '--description',
      'Flag A',
    ]);
    expect(a.code, a.stderr).toBe(0);
    const b = await acct([
      'entries',
      'create',
      '--date',
      '1.1.26',
      '--debit',
      '1020',
      '--credit',
      '3400',
      '--sum',
      '12,50',
      '--description',
      'Flag B',
    ]);
    expect(b.code, b.stderr).toBe(0);
    expect(await bookings('--from', '1.1.26', '--to', '31.12.26', '--account', '1020')).toEqual([
      ['2026-01-01', '12.5', 'Flag B'],
      ['2026-12-31', '1000.5', 'Flag A'],
    ]);
    // a period of days written so
    const report = await acct([
      'report',
      'trial-balance',
      '-p',
      '1.1.26..31.12.26',
      '-o',
      'csv',
      '--fields',
      'number,balance',
    ]);
    expect(report.code, report.stderr).toBe(0);
    expect(report.stdout).toContain('1020,1013.00');
  });

  test('an error lists the forms accepted', async () => {
    const day = await acct([
      'entries',
      'create',
      '--date',
      '31.02.26',
      '--debit',
      '1020',
      '--credit',
      '3400',
      '--sum',
      '10',
    ]);
    expect([day.code, day.stderr]).toEqual([
      2,
      'acct: invalid --date "31.02.26": 2026-02 has no day 31; expected YYYY-MM-DD, dd.mm.yyyy, dd.mm.yy, today, ' +
        'yesterday, tomorrow, +3d, -2d, +1w\n',
    ]);
    const sum = await acct([
      'entries',
      'create',
      '--date',
      '1.1.26',
      '--debit',
      '1020',
      '--credit',
      '3400',
      '--sum',
      '1.005',
    ]);
    expect([sum.code, sum.stderr]).toEqual([
      2,
      'acct: invalid --sum "1.005": at most 2 decimals (1000.50, 1\'000.50 or 1000,50)\n',
    ]);
  });
});

describe("CSV cells read the flags' grammar", () => {
  test("1'280.00, 280,00, 31.12.26 and 1.1.26 import; export writes the plain form, round trip identical", async () => {
    const csv = file(
      'buchungen.csv',
      [
        'date;debit_account;credit_account;sum;description',
        "31.12.26;1010;3400;1'280.00;CSV Apostroph",
        '1.1.26;1010;3400;280,00;CSV Komma',
        '15.06.2026;1010;3400;1’000.5;CSV typografisch',
      ].join('\r\n'),
    );
    const r = await acct(['entries', 'import', csv]);
    expect(r.code, r.stderr).toBe(0);
    expect(await bookings('--account', '1010')).toEqual([
      ['2026-01-01', '280', 'CSV Komma'],
      ['2026-06-15', '1000.5', 'CSV typografisch'],
      ['2026-12-31', '1280', 'CSV Apostroph'],
    ]);
    const first = join(dir, 'export-1.csv');
    expect((await acct(['entries', 'export', '--account', '1010', '--out', first])).code).toBe(0);
    const text = readFileSync(first, 'utf8');
    expect(text).toContain(',2026-12-31,');
    expect(text).toContain(',1280.00,');
    expect(text).toContain(',280.00,');
    expect(text).not.toMatch(/1'280|280,00|31\.12\.26/);
    const again = await acct(['entries', 'import', first]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout.split('\n')[1]).toMatch(/^0\t0\t3\t0\t0\t0$/);
    const second = join(dir, 'export-2.csv');
    expect((await acct(['entries', 'export', '--account', '1010', '--out', second])).code).toBe(0);
    expect(readFileSync(second, 'utf8')).toBe(text);
  });

  test('a cell in the same grammar as the record is no change', async () => {
    const exported = await acct(['entries', 'export', '--account', '1010']);
    const [header, ...rows] = exported.stdout.split('\r\n');
    const row = rows.find((r) => r.includes('CSV Apostroph'))!;
    const edited = row.replace(',2026-12-31,', ',31.12.26,').replace(',1280.00,', ',"1\'280.00",');
    expect(edited).not.toBe(row);
    const r = await acct(['entries', 'import', file('gleich.csv', `${header}\r\n${edited}\r\n`), '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('unchanged 1');
  });

  test('an invalid cell names the forms accepted', async () => {
    const csv = file(
      'falsch.csv',
      'date,debit_account,credit_account,sum\n31.02.26,1020,3400,10.00\n1.1.26,1020,3400,"1,280.00"\n',
    );
    const r = await acct(['entries', 'import', csv]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(
      'row 2: date "31.02.26" is not a date: 2026-02 has no day 31; expected YYYY-MM-DD, dd.mm.yyyy or dd.mm.yy',
    );
    expect(r.stderr).toContain('row 3: sum "1,280.00": expected a number like 1000.50, 1\'000.50 or 1000,50');
  });
});
