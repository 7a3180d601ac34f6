// Older years book too (issue 24): the rates of 2011 to 2023 are seeded, and a booking's or document's
// date picks the rate of its time when the rate is named by its percentage or by a name of another
// period; the VAT return files each booking in the box of its period.
import { describe, expect, test } from 'vitest';
import { addCompany } from '../../src/server/main.js';
import { one } from '../../src/server/store/db.js';
import { tsv } from './support.js';
import { useCliAgainstService } from '../helpers/cli-suite.js';
import { taxRateId } from '../helpers/service.js';

const cli = useCliAgainstService();
const { acct } = cli;
const rateOf = (entry: number) =>
  String(
    one(
      cli.svc.server.db,
      'SELECT t.name FROM entries e JOIN tax_rates t ON t.id = e.tax_rate_id WHERE e.id = ?',
      entry,
    )!.name,
  );

/**
 * `acct entries create` of an income (1020 / 3400) or an expense (6500 / 1020) with `rate`; the result and the
 * booking's id.
 */
async function book(
  company: number,
  date: string,
  rate: string,
  kind: 'income' | 'expense' = 'income',
  sum = '1080.00',
) {
  const accounts =
    kind === 'income' ? ['--debit', '1020', '--credit', '3400'] : ['--debit', '6500', '--credit', '1020'];
  const r = await acct(['entries', 'create', '--date', date, ...accounts, '--sum', sum, '--tax-rate', rate, '--json'], {
    company,
  });
  return { ...r, id: r.code === 0 ? Number(JSON.parse(r.stdout).id) : undefined };
}

describe("the rate of a booking's date", () => {
  test('a percentage books the rate of its time: 8.1 on a booking of 2016 is MWST 8.0 %, said on stderr', async () => {
    const c = addCompany(cli.svc.server.db, 'Alt 2016 AG', 1);
    let r = await book(c, '2016-04-29', '8.1');
    expect(r.code, r.stderr).toBe(0);
    expect(rateOf(r.id!)).toBe('MWST 8.0 %');
    expect(r.stderr).toContain('--tax-rate 8.1 on 29.04.2016 is MWST 8.0 %, the rate of that day.');
    r = await book(c, '2016-05-02', '8.0');
    expect(rateOf(r.id!)).toBe('MWST 8.0 %');
    expect(r.stderr).toBe('');
    r = await book(c, '2020-03-15', '7,7 %');
    expect(rateOf(r.id!)).toBe('MWST 7.7 %');
    r = await book(c, '2025-03-15', '8.1');
    expect(rateOf(r.id!)).toBe('MWST 8.1 %');
    r = await book(c, '2015-03-15', '2.5');
    expect(rateOf(r.id!)).toBe('MWST 2.5 % (bis 2017)');
  });

  test('a name of another period becomes the rate of the same kind that held then; an id stays as is', async () => {
    const c = addCompany(cli.svc.server.db, 'Alt 2020 AG', 1);
    let r = await book(c, '2020-03-15', 'MWST 8.1 %');
    expect(r.code, r.stderr).toBe(0);
    expect(rateOf(r.id!)).toBe('MWST 7.7 %');
    expect(r.stderr).toContain(
      '--tax-rate "MWST 8.1 %" on 15.03.2020 is MWST 7.7 %, the rate of that day (MWST 8.1 % holds from 01.01.2024).',
    );
    r = await book(c, '2016-06-30', 'Vorsteuer 8.1 %', 'expense');
    expect(rateOf(r.id!)).toBe('Vorsteuer 8.0 %');
    r = await book(c, '2019-06-30', 'mwst 2.6 %');
    expect(rateOf(r.id!)).toBe('MWST 2.5 %');
    r = await book(c, '2020-03-15', `id:${taxRateId(cli.svc, c, 'MWST 8.1 %')}`);
    expect(rateOf(r.id!)).toBe('MWST 8.1 %');
    expect(r.stderr).toBe('');
    // an update without --date takes the booking's own date
    const u = await acct(['entries', 'update', String(r.id), '--tax-rate', 'MWST 8.1 %', '--json'], { company: c });
    expect(u.code, u.stderr).toBe(0);
    expect(rateOf(r.id!)).toBe('MWST 7.7 %');
  });

  test('a percentage several rates share that day is a usage error naming them; so is one no rate has', async () => {
    const c = addCompany(cli.svc.server.db, 'Mehrdeutig AG', 1);
    let r = await book(c, '2020-03-15', '7.7', 'expense');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--tax-rate 7.7 matches several tax rates on 15.03.2020; give the name or use id:N');
    expect(r.stderr).toContain(
      `candidates: ${taxRateId(cli.svc, c, 'Vorsteuer 7.7 %')} (Vorsteuer 7.7 %), ` +
        `${taxRateId(cli.svc, c, 'Vorsteuer Investitionen 7.7 %')} (Vorsteuer Investitionen 7.7 %)`,
    );
    r = await book(c, '2020-03-15', '5.5');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no tax rate of 5.5 % holds on 15.03.2020 (--tax-rate)');
    expect(Number(one(cli.svc.server.db, 'SELECT count(*) AS n FROM entries WHERE company_id = ?', c)!.n)).toBe(0);
  });

  test(`an invoice of 2019 with "MWST 8.1 %" carries MWST 7.7 %; mark-as paid books the paid date's rate`, async () => {
    const c = addCompany(cli.svc.server.db, 'Rechnung 2019 AG', 1);
    expect((await acct(['customers', 'create', '--name', 'Kunde AG'], { company: c })).code).toBe(0);
    const r = await acct(
      [
        'invoices',
        'create',
        '--customer',
        'Kunde AG',
        '--date',
        '2019-11-04',
        '--position',
        'Beratung;2;150',
        '--tax-rate',
        'MWST 8.1 %',
        '--json',
      ],
      { company: c },
    );
    expect(r.code, r.stderr).toBe(0);
    const invoice = JSON.parse(r.stdout);
    expect(invoice.tax_rate.name).toBe('MWST 7.7 %');
    expect(invoice.vat_amount).toBe(23.1);
    expect((await acct(['invoices', 'mark-as', invoice.number, 'sent'], { company: c })).code).toBe(0);
    const paid = await acct(
      ['invoices', 'mark-as', invoice.number, 'paid', '--paid-date', '2019-12-02', '--tax-rate', '8.1', '--json'],
      { company: c },
    );
    expect(paid.code, paid.stderr).toBe(0);
    const entry = Number(JSON.parse(paid.stdout).entry_id);
    expect(rateOf(entry)).toBe('MWST 7.7 %');
  });
});

describe('acct report vat with the rates of earlier years', () => {
  test('2016 files in 301/311/341 and 381, 2020 in 302, a recent year shows no boxes of 2017', async () => {
    const c = addCompany(cli.svc.server.db, 'MWST 2016 AG', 1);
    for (const [date, rate, kind, sum] of [
      ['2016-04-29', 'MWST 8.0 %', 'income', '1080.00'],
      ['2016-05-10', 'MWST 2.5 %', 'income', '1025.00'],
      ['2016-06-01', 'MWST 3.8 %', 'income', '1038.00'],
      ['2016-06-02', 'Vorsteuer 8.0 %', 'expense', '108.00'],
      ['2020-01-15', 'MWST 7.7 %', 'income', '1077.00'],
    ] as const) {
      const r = await book(c, date, rate, kind, sum);
      expect(r.code, r.stderr).toBe(0);
    }
    const bezug = await acct(
      [
        'entries',
        'create',
        '--date',
        '2016-07-01',
        '--debit',
        '4400',
        '--credit',
        '1020',
        '--sum',
        '500',
        '--tax-rate',
        'Bezugsteuer 8.1 %',
      ],
      { company: c },
    );
    expect(bezug.code, bezug.stderr).toBe(0);
    const r = await acct(['report', 'vat', '-p', '2016', '--fields', 'box,amount,tax'], { company: c });
    expect(r.code, r.stderr).toBe(0);
    const rows = Object.fromEntries(
      tsv(r.stdout)
        .slice(1)
        .map(([b, amount, tax]) => [b, [amount, tax]]),
    );
    expect(rows['301']).toEqual(['1000.00', '80.00']);
    expect(rows['311']).toEqual(['1000.00', '25.00']);
    expect(rows['341']).toEqual(['1000.00', '38.00']);
    expect(rows['381']).toEqual(['500.00', '40.00']);
    expect(rows['200']).toEqual(['3000.00', '']);
    expect(rows['400']).toEqual(['', '48.00']);
    expect(r.stderr).toContain("Taxable turnover (299) equals the taxed bases of 301 to 343: 3'000.00.");
    const y2020 = tsv(
      (await acct(['report', 'vat', '-p', '2020', '--fields', 'box,amount,tax'], { company: c })).stdout,
    );
    expect(y2020.find((x) => x[0] === '302')).toEqual(['302', '1000.00', '77.00']);
    expect(y2020.map((x) => x[0])).not.toContain('301');
  });
});
