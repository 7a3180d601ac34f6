// Lists as a bookkeeper reads them: a list that shows one page of more says so on stderr (stdout stays
// the data, as a table and piped); with the pager a summary stays below the table; a table fitted to a
// narrow terminal shortens free text and keeps codes (status, currency, VAT rate names, IBANs, account
// types, amounts) whole; the timesheet keeps its TOTAL column.
import { beforeAll, describe, expect, test } from 'vitest';
import { acctEnv, inTerminal, plain } from '../helpers/cli.js';
import { useCliAgainstService } from '../helpers/cli-suite.js';
import { lines, seed, tsv } from './support.js';

const cli = useCliAgainstService();
const { acct } = cli;

const CUT = ' shown — --all for every row, --per-page N for more\n';
const row = (sql: string, ...params: unknown[]) =>
  cli.svc.server.db.prepare(sql).get(...(params as never[])) as Record<string, any>;
const account = (n: number) => Number(row('SELECT id FROM accounts WHERE company_id = 1 AND number = ?', n).id);

/** acct in a pseudo-terminal of `cols` columns (and `rows` rows: the pager pages what is longer). */
async function onTerminal(
  args: string[],
  cols: number,
  rows = 0,
  env: Record<string, string> = {},
): Promise<{ code: number | null; text: string }> {
  const run = await inTerminal(cli.box, args, [], { ...acctEnv(cli.svc), NO_COLOR: '1', ...env }, { cols, rows });
  return { code: run.code, text: plain(run.output) };
}

beforeAll(async () => {
  for (let i = 1; i <= 37; i++)
    await seed(cli.svc, 'tags', { name: `tag${String(i).padStart(2, '0')}`, color: 'blue' });
  const customer = (
    await seed(cli.svc, 'customers', { name: 'Muster Informatik AG, Zürich und Umgebung', number: 1001 })
  ).id;
  for (let i = 1; i <= 18; i++) {
    await seed(cli.svc, 'entries', {
      date: '2026-03-02',
      debit_account_id: account(1020),
      credit_account_id: account(3400),
      sum: 100 + i,
      description: `Beratung ${i}`,
    });
  }
  for (let i = 1; i <= 3; i++) {
    await seed(cli.svc, 'invoices', {
      customer_id: customer,
      date: '2026-03-02',
      title: `Website Relaunch Phase ${i} mit Shop und Blog`,
      positions: [{ description: 'Beratung', amount: 1, price: 100 * i }],
    });
  }
});

describe('a list that shows one page of more', () => {
  test('says so on stderr, piped as TSV and CSV; stdout holds only the rows', async () => {
    const piped = await acct(['tags', 'list']);
    expect(piped.code).toBe(0);
    expect(tsv(piped.stdout)).toHaveLength(16);
    expect(piped.stderr).toBe(`15 of 37${CUT}`);
    const csv = await acct(['customers', 'list', '-o', 'csv']);
    expect(csv.stderr).toBe('');
    const entries = await acct(['entries', 'list', '-o', 'csv']);
    expect(entries.stdout.split('\r\n').filter((l) => l !== '')).toHaveLength(16);
    expect(entries.stderr).toBe(`15 of 18${CUT}`);
    const page = await acct(['tags', 'list', '--page', '3']);
    expect(tsv(page.stdout)).toHaveLength(8);
    expect(page.stderr).toBe(`7 of 37${CUT}`);
  });

  test('--all, or a page holding them all, says nothing; --limit N says only --all', async () => {
    for (const args of [['--all'], ['--per-page', '50']]) {
      const r = await acct(['tags', 'list', ...args]);
      expect(tsv(r.stdout)).toHaveLength(38);
      expect(r.stderr).toBe('');
    }
    expect((await acct(['tags', 'list', '--limit', '5'])).stderr).toBe('5 of 37 shown — --all for every row\n');
    expect(
      (
        await acct([
          'entries',
          'list',
          '--per-page',
          '100',
          '--page',
          '1',
          '--from',
          '2026-03-02',
          '--to',
          '2026-03-02',
        ])
      ).stderr,
    ).toBe('');
  });

  test('on a terminal the line comes below the table', async () => {
    const r = await onTerminal(['tags', 'list'], 80);
    expect(r.code).toBe(0);
    const all = lines(r.text);
    expect(all.at(-2)).toMatch(/^15 +tag15 +blue$/);
    expect(all.at(-1)).toBe('15 of 37 shown — --all for every row, --per-page N for more');
  });
});

describe('with the pager', () => {
  // a pager that marks each line it shows
  const PAGER = { PAGER: "sed 's/^/paged: /'" };

  test('the summary of invoices list comes after the paged table, as without the pager', async () => {
    const r = await onTerminal(['invoices', 'list'], 160, 3, PAGER);
    expect(r.code).toBe(0);
    const all = lines(r.text);
    const lastPaged = all.findLastIndex((l) => l.startsWith('paged: '));
    expect(all[0]).toMatch(/^paged: NUMBER/);
    expect(all.slice(lastPaged + 1)).toEqual(['3 invoices, total CHF 600.00']);
  });

  test("a dry run's word comes after the paged document", async () => {
    const r = await onTerminal(
      ['invoices', 'create', '--customer', '1001', '--date', '2026-03-03', '--position', 'Beratung;1;100', '--dry-run'],
      120,
      5,
      PAGER,
    );
    expect(r.code).toBe(0);
    const all = lines(r.text);
    expect(all.some((l) => l.startsWith('paged: '))).toBe(true);
    expect(all.at(-1)).toBe('Dry run: no invoice was created.');
    expect(all.at(-2)).toMatch(/^paged: /);
  });
});

describe('a table fitted to a narrow terminal', () => {
  test('keeps the number, status and total of an invoice whole and shown; customer and title give way', async () => {
    const r = await onTerminal(['invoices', 'list', '--no-pager'], 60);
    const table = lines(r.text).filter((l) => !/^\d+ invoices, total/.test(l) && !l.startsWith('(left out'));
    for (const line of table) expect([...line].length, line).toBeLessThanOrEqual(60);
    expect(table[0]).toMatch(/^NUMBER .* STATUS +TOTAL$/);
    for (const line of table.slice(1)) expect(line).toMatch(/^R-2026-00\d .* open +CHF [\d'.]+\.00$/);
    expect(r.text).toMatch(/\(left out to fit the terminal: customer\.name.*\)/);
  });

  test('keeps an IBAN, the currency and the account type whole: the account name shortens first', async () => {
    expect(
      (
        await acct([
          'accounts',
          'create',
          '--number',
          '1030',
          '--name',
          'UBS Geschäftskonto Zürich Hauptsitz Bahnhofstrasse',
          '--type',
          'bank',
          '--iban',
          'CH93 0076 2011 6238 5295 7',
        ])
      ).code,
    ).toBe(0);
    const r = await onTerminal(['accounts', 'list', '--type', 'bank'], 72);
    const bank = lines(r.text).find((l) => l.includes('1030'))!;
    expect(bank).toMatch(/^ {2}1030 +UBS Geschäfts[^ ]*… +bank +CHF +CH9300762011623852957 +no$/);
    expect([...bank].length).toBeLessThanOrEqual(72);
  });

  test('keeps a VAT rate name whole: the description shortens', async () => {
    const rate = Number(
      row("SELECT id FROM tax_rates WHERE company_id = 1 AND name = 'Vorsteuer Investitionen 8.1 %'").id,
    );
    await seed(cli.svc, 'entries', {
      date: '2026-04-01',
      debit_account_id: account(1500),
      credit_account_id: account(1020),
      sum: 1081,
      tax_rate_id: rate,
      description: 'Neuer Laptop für die Buchhaltung mit Docking Station',
    });
    const r = await onTerminal(['entries', 'list', '--from', '2026-04-01', '--no-pager'], 100);
    const booking = lines(r.text).find((l) => l.includes('1500'))!;
    expect(booking).toMatch(/Neuer Laptop[^…]*… .* Vorsteuer Investitionen 8\.1 %$/);
    expect([...booking].length).toBeLessThanOrEqual(100);
  });

  test('times list --week keeps the project and its TOTAL column; days give way', async () => {
    const project = (await seed(cli.svc, 'projects', { name: 'Website', customer_id: 1 })).id;
    await seed(cli.svc, 'times', { project_id: project, date: '2026-05-12', hours: 1, minutes: 30 });
    const r = await onTerminal(['times', 'list', '--week', '2026-W20'], 60);
    const header = lines(r.text).find((l) => l.includes('PROJECT'))!;
    expect(header).toMatch(/^ID +PROJECT +MON 11\.05\. .*TOTAL$/);
    expect(r.text).toMatch(/^ {1}\d+ +Website +.*1:30 +1:30$/m);
    expect([...header].length).toBeLessThanOrEqual(60);
    expect(r.text).toMatch(/left out to fit the terminal: .*sun/);
  });
});
