// `acct entries …` against the service: every verb and flag, references by number and name with their
// errors (caught before anything changes), the receipt upload, and every list filter on a seeded company.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { addCompany } from '../../src/server/main.js';
import { run } from '../../src/server/store/db.js';
import { lines, seed, testFiles, tsv } from './support.js';
import { today } from '../../src/cli/resource/body.js';
import { useCliAgainstService } from '../helpers/cli-suite.js';
import { accountId, taxRateId } from '../helpers/service.js';

const cli = useCliAgainstService();
const { acct } = cli;
let filters: number; // the seeded company of the filter tests
let files: string;
const ids: Record<string, number> = {};

const count = async (company = 1) =>
  Number((await cli.svc.call('GET', `/companies/${company}/entries`)).body.total_count);
/** Booking numbers of a TSV list, in order. */
const numbers = (stdout: string) =>
  tsv(stdout)
    .slice(1)
    .map((r) => r[1]);

const post = (company: number, path: string, body: unknown) => seed(cli.svc, path, body, company);

/**
 * What the bookings refer to: customer Muster AG (1001) with its project Website, tags travel and rent, an entry group.
 */
async function masterData(
  company: number,
): Promise<Record<'customer' | 'project' | 'travel' | 'rent' | 'group', number>> {
  const customer = (await post(company, 'customers', { name: 'Muster AG', number: 1001 })).id;
  return {
    customer,
    project: (await post(company, 'projects', { name: 'Website', customer_id: customer })).id,
    travel: (await post(company, 'tags', { name: 'travel', color: 'blue' })).id,
    rent: (await post(company, 'tags', { name: 'rent', color: 'red' })).id,
    group: (await post(company, 'entry-groups', {})).id,
  };
}

/**
 * `acct entries create` with every flag: A-2026-050, Büromaterial, 108.10 with the receipt quittung.pdf, in the group
 * and tagged.
 */
const everyFlag = (m: { group: number; rent: number }) => [
  'entries',
  'create',
  '--date',
  '2026-03-05',
  '--debit',
  '6500',
  '--credit',
  '1020',
  '--sum',
  '108.10',
  '--description',
  'Büromaterial',
  '--number',
  'A-2026-050',
  '--tax-rate',
  'Vorsteuer 8.1 %',
  '--customer',
  '1001',
  '--project',
  'Website',
  '--billable',
  '--group',
  String(m.group),
  '--tags',
  `travel,${m.rent}`,
  '--new-tag',
  'software:blue',
  '--new-tag',
  'Büro:green',
  '--receipt',
  join(files, 'quittung.pdf'),
  '--json',
];

/**
 * A fresh company with its master data and the booking of everyFlag, for a test that reads, changes or deletes that
 * booking.
 */
async function bookedCompany(): Promise<{ company: number; id: number }> {
  const company = addCompany(cli.svc.server.db, 'Beleg AG', 1);
  const r = await acct(everyFlag(await masterData(company)), { company });
  if (r.code !== 0) throw new Error(r.stderr);
  return { company, id: JSON.parse(r.stdout).id };
}

beforeAll(async () => {
  files = testFiles(
    cli.box,
    {
      'quittung.pdf': '%PDF-1.4 Quittung Büromaterial\n',
      'beleg.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]),
    },
    'gross.pdf',
  );

  // company 1: master data for the verbs
  Object.assign(ids, await masterData(1));

  // the filter company: six bookings with known properties
  filters = addCompany(cli.svc.server.db, 'Filter AG', 1);
  const F = filters;
  const cust = (await post(F, 'customers', { name: 'Muster AG', number: 1001 })).id;
  const proj = (await post(F, 'projects', { name: 'Website', customer_id: cust })).id;
  const rent = (await post(F, 'tags', { name: 'rent', color: 'red' })).id;
  ids.fTravel = (await post(F, 'tags', { name: 'travel', color: 'blue' })).id;
  ids.fGroup = (await post(F, 'entry-groups', {})).id;
  const a = (n: number) => accountId(cli.svc, F, n);
  const book = (body: Record<string, unknown>) => post(F, 'entries', body);
  // E-2025-001
  ids.f1 = (await book({ date: '2025-12-31', debit_account_id: a(1020), credit_account_id: a(3400), sum: 500 })).id;
  ids.f2 = (
    await book({
      date: '2026-01-10',
      debit_account_id: a(1020),
      credit_account_id: a(3400),
      sum: 1081,
      tax_rate_id: taxRateId(cli.svc, F, 'MWST 8.1 %'),
      customer_id: cust,
    })
  ).id; // E-2026-001
  ids.f3 = (
    await book({
      date: '2026-02-20',
      debit_account_id: a(6000),
      credit_account_id: a(1020),
      sum: 2500,
      tag_ids: [rent],
      entry_group_id: ids.fGroup,
      description: 'Miete',
    })
  ).id; // A-2026-001
  ids.f4 = (
    await book({
      date: '2026-03-15',
      debit_account_id: a(1510),
      credit_account_id: a(1020),
      sum: 5405,
      tax_rate_id: taxRateId(cli.svc, F, 'Vorsteuer Investitionen 8.1 %'),
      entry_group_id: ids.fGroup,
      description: 'Möbel',
    })
  ).id; // U-2026-001
  ids.f5 = (
    await book({
      date: '2026-04-01',
      debit_account_id: a(6500),
      credit_account_id: a(1020),
      sum: 86.45,
      tax_rate_id: taxRateId(cli.svc, F, 'Vorsteuer 8.1 %'),
      customer_id: cust,
      project_id: proj,
      billable: true,
      tag_ids: [ids.fTravel],
    })
  ).id; // A-2026-002
  // the sixth with a receipt, uploaded by the CLI itself
  const r = await acct(
    [
      'entries',
      'create',
      '--date',
      '2026-05-01',
      '--debit',
      '1020',
      '--credit',
      '1100',
      '--sum',
      '200',
      '--receipt',
      join(files, 'beleg.png'),
      '--json',
    ],
    { company: F },
  );
  if (r.code !== 0) throw new Error(r.stderr);
  ids.f6 = JSON.parse(r.stdout).id; // U-2026-002
  run(cli.svc.server.db, 'UPDATE companies SET closed_until = ? WHERE id = ?', '2025-12-31', F);
});

describe('acct entries create', () => {
  test('every flag: accounts by number, references by name, tags, new tags, group and the receipt', async () => {
    const r = await acct(everyFlag({ group: ids.group, rent: ids.rent }));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const e = JSON.parse(r.stdout);
    expect(e).toMatchObject({
      date: '2026-03-05',
      number: 'A-2026-050',
      type: 'expense',
      description: 'Büromaterial',
      sum: 108.1,
      billable: true,
      debit_account: { number: 6500 },
      credit_account: { number: 1020 },
      tax_rate: { name: 'Vorsteuer 8.1 %' },
      customer: { number: 1001, name: 'Muster AG' },
      project: { name: 'Website' },
      entry_group_id: ids.group,
      file: { name: 'quittung.pdf', mime: 'application/pdf' },
    });
    expect(e.tags.map((t: any) => t.name).sort()).toEqual(['büro', 'rent', 'software', 'travel']);
    // the receipt arrived byte for byte
    const bytes = Buffer.from(await (await fetch(e.file.url)).arrayBuffer());
    expect(bytes.toString()).toBe('%PDF-1.4 Quittung Büromaterial\n');
  });

  test('--date today, a generated number, and the table of one booking', async () => {
    const r = await acct([
      'entries',
      'create',
      '--date',
      'today',
      '--debit',
      '1020',
      '--credit',
      '3400',
      '--sum',
      '1081',
      '--tax-rate',
      'MWST 8.1 %',
      '--description',
      'Beratung',
      '-o',
      'table',
    ]);
    expect(r.code).toBe(0);
    const [y, m, d] = today().split('-');
    expect(r.stdout).toContain(`DATE         ${d}.${m}.${y}`);
    expect(r.stdout).toMatch(new RegExp(`NUMBER\\s+E-${y}-001`));
    expect(r.stdout).toMatch(/SUM\s+1'081\.00/);
    expect(r.stdout).toMatch(/TAX RATE\s+MWST 8\.1 %/);
  });

  test('--data with flags overriding its keys', async () => {
    const data = join(files, 'entry.json');
    writeFileSync(
      data,
      JSON.stringify({
        date: '2026-06-01',
        sum: '10.00',
        description: 'aus JSON',
        debit_account_id: accountId(cli.svc, 1, 6940),
        credit_account_id: accountId(cli.svc, 1, 1020),
      }),
    );
    const r = await acct(['entries', 'create', '--data', data, '--sum', '12.50', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      date: '2026-06-01',
      sum: 12.5,
      description: 'aus JSON',
      debit_account: { number: 6940 },
    });
  });

  test('unknown references are usage errors naming candidates, before anything is booked', async () => {
    const before = await count();
    const r = await acct([
      'entries',
      'create',
      '--date',
      '2026-01-01',
      '--debit',
      '1029',
      '--credit',
      '3400',
      '--sum',
      '1',
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^acct: no account "1029" \(--debit\)/);
    expect(r.stderr).toMatch(/candidates: .*1020 Bankguthaben/);
    const rate = await acct([
      'entries',
      'create',
      '--date',
      '2026-01-01',
      '--debit',
      '1020',
      '--credit',
      '3400',
      '--sum',
      '1',
      '--tax-rate',
      'MWST 9 %',
    ]);
    expect(rate.code).toBe(2);
    expect(rate.stderr).toMatch(/no tax rate "MWST 9 %" \(--tax-rate\)/);
    const tag = await acct([
      'entries',
      'create',
      '--date',
      '2026-01-01',
      '--debit',
      '1020',
      '--credit',
      '3400',
      '--sum',
      '1',
      '--tags',
      'travel,ferien',
    ]);
    expect(tag.code).toBe(2);
    expect(tag.stderr).toMatch(/no tag "ferien" \(--tags\)/);
    const customer = await acct([
      'entries',
      'create',
      '--date',
      '2026-01-01',
      '--debit',
      '1020',
      '--credit',
      '3400',
      '--sum',
      '1',
      '--customer',
      'Nobody AG',
    ]);
    expect(customer.code).toBe(2);
    expect(customer.stderr).toMatch(/no customer "Nobody AG"/);
    expect(await count()).toBe(before);
  });

  test('flags are checked before any request: required values, dates, amounts, new tags, the group', async () => {
    const before = await count();
    const cases: [string[], RegExp][] = [
      [['--debit', '1020', '--credit', '3400'], /missing required --date/],
      [['--date', '2026-01-01', '--credit', '3400'], /missing required --debit/],
      // a booking needs its sum: never 0.00 for want of one
      [['--date', '2026-01-01', '--debit', '1020', '--credit', '3400'], /missing required --sum/],
      [
        ['--date', '31.02.2026', '--debit', '1020', '--credit', '3400'],
        /invalid --date "31\.02\.2026": 2026-02 has no day 31; expected YYYY-MM-DD, dd\.mm\.yyyy, dd\.mm\.yy, today/,
      ],
      [
        ['--date', '2026-01-01', '--debit', '1020', '--credit', '3400', '--sum', '12,505'],
        /invalid --sum "12,505": at most 2 decimals/,
      ],
      [
        ['--date', '2026-01-01', '--debit', '1020', '--credit', '3400', '--sum', '1', '--new-tag', 'software'],
        /invalid --new-tag "software": expected name:color/,
      ],
      [
        ['--date', '2026-01-01', '--debit', '1020', '--credit', '3400', '--sum', '1', '--new-tag', 'software:violet'],
        /the colour must be one of orange, blue/,
      ],
      [
        ['--date', '2026-01-01', '--debit', '1020', '--credit', '3400', '--sum', '1', '--group', 'abc'],
        /invalid --group "abc"/,
      ],
    ];
    for (const [args, message] of cases) {
      const r = await acct(['entries', 'create', ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
    }
    expect(await count()).toBe(before);
  });

  test('the receipt is checked before any request: missing, a directory, over 6 MB', async () => {
    const before = await count();
    const base = ['entries', 'create', '--date', '2026-01-01', '--debit', '1020', '--credit', '3400', '--sum', '1'];
    const missing = await acct([...base, '--receipt', join(files, 'fehlt.pdf')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--receipt: no such file: .*fehlt\.pdf/);
    const dir = await acct([...base, '--receipt', files]);
    expect(dir.code).toBe(2);
    expect(dir.stderr).toMatch(/is a directory, not a file/);
    const big = await acct([...base, '--receipt', join(files, 'gross.pdf')]);
    expect(big.code).toBe(2);
    expect(big.stderr).toMatch(/gross\.pdf is larger than 6 MB/);
    expect(await count()).toBe(before);
  });

  test('the service refuses: validation errors exit 3 with every field', async () => {
    const same = await acct([
      'entries',
      'create',
      '--date',
      '2026-01-01',
      '--debit',
      '1020',
      '--credit',
      '1020',
      '--sum',
      '1',
    ]);
    expect(same.code).toBe(3);
    expect(same.stderr).toMatch(
      /^acct: --credit: The credit account id field and debit account id must be different\./,
    );
    const billable = await acct([
      'entries',
      'create',
      '--date',
      '2026-01-01',
      '--debit',
      '1020',
      '--credit',
      '3400',
      '--sum',
      '1',
      '--billable',
    ]);
    expect(billable.code).toBe(3);
    expect(billable.stderr).toMatch(/billable: Only expenses with a customer can be billable\./);
    const { company } = await bookedCompany();
    const taken = await acct(
      [
        'entries',
        'create',
        '--date',
        '2026-03-06',
        '--debit',
        '6500',
        '--credit',
        '1020',
        '--sum',
        '1',
        '--number',
        'A-2026-050',
      ],
      { company },
    );
    expect(taken.code).toBe(3);
    expect(taken.stderr).toMatch(/number: The number has already been taken\./);
  });
});

describe('acct entries get, update, delete', () => {
  // every test gets the booking of everyFlag in a company of its own
  let company: number;
  let id: number;
  beforeEach(async () => {
    ({ company, id } = await bookedCompany());
  });

  test('get: the booking with its relations; a table shows the details', async () => {
    const r = await acct(['entries', 'get', String(id), '-o', 'table'], { company });
    expect(r.code).toBe(0);
    const out = r.stdout;
    expect(out).toMatch(/DATE\s+05\.03\.2026/);
    expect(out).toMatch(/NUMBER\s+A-2026-050/);
    expect(out).toMatch(/DEBIT\s+6500/);
    expect(out).toMatch(/CREDIT\s+1020/);
    expect(out).toMatch(/SUM\s+108\.10/);
    expect(out).toMatch(/TAX RATE\s+Vorsteuer 8\.1 %/);
    expect(out).toMatch(/CUSTOMER\s+Muster AG/);
    expect(out).toMatch(/PROJECT\s+Website/);
    expect(out).toMatch(/RECEIPT\s+quittung\.pdf/);
    expect(out).toMatch(/BILLABLE\s+yes/);
    const json = JSON.parse((await acct(['entries', 'get', `id:${id}`, '--json'], { company })).stdout);
    expect(json.id).toBe(id);
    expect(json.invoice).toBeNull();
    const missing = await acct(['entries', 'get', '99999'], { company });
    expect(missing.code).toBe(5);
  });

  test('create and update print the booking as get does (its customer, project, tags)', async () => {
    const shown = await acct(['entries', 'get', 'A-2026-050'], { company });
    const updated = await acct(['entries', 'update', 'A-2026-050', '--description', 'Büromaterial'], { company });
    expect(updated.stdout).toBe(shown.stdout);
    expect(tsv(updated.stdout)[0]).toEqual(
      expect.arrayContaining(['customer.name', 'project.name', 'tags', 'file.name']),
    );
  });

  test('a booking is taken by its number as every output shows it; the id with --fields id', async () => {
    const byNumber = JSON.parse((await acct(['entries', 'get', 'A-2026-050', '--json'], { company })).stdout);
    expect(byNumber).toMatchObject({ id, number: 'A-2026-050' });
    // lower case too, as the other references
    expect(JSON.parse((await acct(['entries', 'get', 'a-2026-050', '--json'], { company })).stdout).id).toBe(id);
    const unknown = await acct(['entries', 'get', 'A-2026-999'], { company });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^acct: no booking "A-2026-999"\ncandidates: A-2026-050/);
    const updated = await acct(['entries', 'update', 'A-2026-050', '--description', 'Druckerpapier'], { company });
    expect(updated.code, updated.stderr).toBe(0);
    expect(tsv(updated.stdout)[1]).toContain('A-2026-050');
    const listed = tsv((await acct(['entries', 'list', '--fields', 'id,number'], { company })).stdout);
    expect(listed).toEqual([
      ['id', 'number'],
      [String(id), 'A-2026-050'],
    ]);
    const deleted = await acct(['entries', 'delete', 'A-2026-050', '--yes'], { company });
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(deleted.stderr).toBe('Deleted booking A-2026-050.\n');
  });

  test('update: only the flags given; tags replace, new tags add, none removes a reference', async () => {
    const r = await acct(
      [
        'entries',
        'update',
        String(id),
        '--sum',
        '120',
        '--tax-rate',
        'none',
        '--tags',
        'rent',
        '--new-tag',
        'neu:pink',
        '--json',
      ],
      { company },
    );
    expect(r.code).toBe(0);
    const e = JSON.parse(r.stdout);
    expect(e).toMatchObject({
      sum: 120,
      tax_rate_id: null,
      description: 'Büromaterial',
      number: 'A-2026-050',
      customer: { number: 1001 },
      file: { name: 'quittung.pdf' },
    });
    expect(e.tags.map((t: any) => t.name).sort()).toEqual(['neu', 'rent']);
    const cleared = JSON.parse(
      (
        await acct(
          [
            'entries',
            'update',
            String(id),
            '--tags',
            '',
            '--customer',
            'none',
            '--no-billable',
            '--project',
            'none',
            '--json',
          ],
          { company },
        )
      ).stdout,
    );
    expect(cleared).toMatchObject({ tags: [], customer_id: null, project_id: null, billable: false });
  });

  test('update --receipt replaces the receipt (multipart PUT)', async () => {
    const before = JSON.parse((await acct(['entries', 'get', String(id), '--json'], { company })).stdout);
    const r = await acct(['entries', 'update', String(id), '--receipt', join(files, 'beleg.png'), '--json'], {
      company,
    });
    expect(r.code).toBe(0);
    const e = JSON.parse(r.stdout);
    expect(e.file).toMatchObject({ name: 'beleg.png', mime: 'image/png', size: 11 });
    expect(e.file.id).not.toBe(before.file.id);
    expect(e.sum).toBe(108.1);
    expect((await fetch(before.file.url)).status).toBe(404);
  });

  test('update errors: nothing to change, a bad id, an unknown booking', async () => {
    const nothing = await acct(['entries', 'update', String(id)], { company });
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toMatch(/nothing to change: give at least one of --date, --debit/);
    expect((await acct(['entries', 'update', 'abc', '--sum', '1'], { company })).code).toBe(2);
    const missing = await acct(['entries', 'update', '99999', '--sum', '1'], { company });
    expect(missing.code).toBe(5);
    expect(missing.stderr).toMatch(/Entry not found/);
  });

  test('delete asks for --yes off a terminal, then deletes', async () => {
    const refused = await acct(['entries', 'delete', String(id)], { company });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/refusing without confirmation; pass --yes/);
    const r = await acct(['entries', 'delete', String(id), '--yes'], { company });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/Deleted booking/);
    expect((await acct(['entries', 'get', String(id)], { company })).code).toBe(5);
  });
});

describe('acct entries number', () => {
  test('the next free running number, or the asked-for one when free', async () => {
    // a company of its own: A-2026-050 was booked and deleted again, A-2026-051 is the maximum
    const own = addCompany(cli.svc.server.db, 'Nummern AG', 1);
    const expense = (number: string) =>
      post(own, 'entries', {
        date: '2026-03-05',
        debit_account_id: accountId(cli.svc, own, 6500),
        credit_account_id: accountId(cli.svc, own, 1020),
        sum: 1,
        number,
      });
    const gone = await expense('A-2026-050');
    await expense('A-2026-051');
    expect((await cli.svc.call('DELETE', `/companies/${own}/entries/${gone.id}`)).status).toBe(204);
    const n = await acct(['entries', 'number', 'expense', '--year', '2026'], { company: own });
    expect(n.code).toBe(0);
    expect(n.stdout).toBe('52\n');
    expect(
      (await acct(['entries', 'number', 'expense', '--year', '2026', '--number', '50'], { company: own })).stdout,
    ).toBe('50\n'); // free again
    expect(
      (await acct(['entries', 'number', 'expense', '--year', '2026', '--number', '51'], { company: own })).stdout,
    ).toBe('52\n'); // taken: the next free one
    expect(
      (await acct(['entries', 'number', 'swap', '--year', '2026', '--number', '2'], { company: filters })).stdout,
    ).toBe('3\n'); // U-2026-001 and -002 exist
    expect(
      (await acct(['entries', 'number', 'swap', '--year', '2026', '--number', '7'], { company: filters })).stdout,
    ).toBe('7\n');
    expect((await acct(['entries', 'number', 'income', '--year', '2025'], { company: filters })).stdout).toBe('2\n');
    expect((await acct(['entries', 'number', 'refund'])).code).toBe(2);
    expect((await acct(['entries', 'number', 'income', '--year', '26'])).code).toBe(2);
  });
});

describe('acct entries list: filters', () => {
  const list = (...args: string[]) => acct(['entries', 'list', ...args], { company: filters });

  test('piped: TSV with the default columns, newest first', async () => {
    const r = await list();
    expect(r.code).toBe(0);
    const rows = tsv(r.stdout);
    expect(rows[0]).toEqual([
      'date',
      'number',
      'description',
      'debit_account.number',
      'credit_account.number',
      'sum',
      'tax_rate.name',
    ]);
    expect(rows.slice(1)).toEqual([
      ['2026-05-01', 'U-2026-002', '', '1020', '1100', '200', ''],
      ['2026-04-01', 'A-2026-002', '', '6500', '1020', '86.45', 'Vorsteuer 8.1 %'],
      ['2026-03-15', 'U-2026-001', 'Möbel', '1510', '1020', '5405', 'Vorsteuer Investitionen 8.1 %'],
      ['2026-02-20', 'A-2026-001', 'Miete', '6000', '1020', '2500', ''],
      ['2026-01-10', 'E-2026-001', '', '1020', '3400', '1081', 'MWST 8.1 %'],
      ['2025-12-31', 'E-2025-001', '', '1020', '3400', '500', ''],
    ]);
  });

  test('a table: Swiss dates and amounts', async () => {
    const r = await list('-o', 'table', '--type', 'swap');
    const out = lines(r.stdout);
    expect(out[0].trim().split(/\s{2,}/)).toEqual([
      'DATE',
      'NUMBER',
      'DESCRIPTION',
      'DEBIT',
      'CREDIT',
      'SUM',
      'TAX RATE',
    ]);
    expect(out[1]).toMatch(/^01\.05\.2026\s+U-2026-002\s+1020\s+1100\s+200\.00$/);
    expect(out[2]).toMatch(
      /^15\.03\.2026\s+U-2026-001\s+Möbel\s+1510\s+1020\s+5'405\.00\s+Vorsteuer Investitionen 8\.1 %$/,
    );
  });

  test.each([
    [
      ['--from', '2026-01-01', '--to', '2026-03-31'],
      ['U-2026-001', 'A-2026-001', 'E-2026-001'],
    ],
    [
      ['--from', '2026-04-01'],
      ['U-2026-002', 'A-2026-002'],
    ],
    [['--to', '2025-12-31'], ['E-2025-001']],
    [
      ['--type', 'expense'],
      ['A-2026-002', 'A-2026-001'],
    ],
    [
      ['--type', 'income'],
      ['E-2026-001', 'E-2025-001'],
    ],
    [['--account', '6000'], ['A-2026-001']],
    [['--account', 'Forderungen aus Lieferungen und Leistungen (Debitoren)'], ['U-2026-002']],
    [['--account', '3400', '--from', '2026-01-01'], ['E-2026-001']],
    [
      ['--customer', '1001'],
      ['A-2026-002', 'E-2026-001'],
    ],
    [
      ['--customer', 'Muster AG'],
      ['A-2026-002', 'E-2026-001'],
    ],
    [['--customer', 'none', '--type', 'income'], ['E-2025-001']],
    [['--project', 'Website'], ['A-2026-002']],
    [['--project', 'none', '--type', 'expense'], ['A-2026-001']],
    [['--tax-rate', 'MWST 8.1 %'], ['E-2026-001']],
    [
      ['--tax-rate', 'none'],
      ['U-2026-002', 'A-2026-001', 'E-2025-001'],
    ],
    [['--tag', 'rent'], ['A-2026-001']],
    [['--receipt', 'with'], ['U-2026-002']],
    [['--receipt', 'without', '--type', 'swap'], ['U-2026-001']],
    [['--billable'], ['A-2026-002']],
    [['--no-billable', '--type', 'expense'], ['A-2026-001']],
    [['--locked'], ['E-2025-001']],
    [['--no-locked', '--type', 'income'], ['E-2026-001']],
    [['--invoiced'], []],
    [['--no-invoiced', '--to', '2025-12-31'], ['E-2025-001']],
    [
      ['--sort', 'sum'],
      ['A-2026-002', 'U-2026-002', 'E-2025-001', 'E-2026-001', 'A-2026-001', 'U-2026-001'],
    ],
    [
      ['--sort=-sum', '--limit', '2'],
      ['U-2026-001', 'A-2026-001'],
    ],
    [
      ['--sort', 'date', '--per-page', '2', '--page', '2'],
      ['A-2026-001', 'U-2026-001'],
    ],
    [
      ['--sort', 'date', '--per-page', '2', '--all'],
      ['E-2025-001', 'E-2026-001', 'A-2026-001', 'U-2026-001', 'A-2026-002', 'U-2026-002'],
    ],
  ])('%j', async (args, expected) => {
    const r = await list(...args);
    // a page of the six says so; stdout holds only the rows
    expect(r.stderr).toBe(
      expected.length < 6 && !args.includes('--all') && args.some((a) => a.startsWith('--limit') || a === '--page')
        ? `${expected.length} of 6 shown — --all for every ` +
            `row${args.includes('--limit') ? '' : ', --per-page N for more'}\n`
        : '',
    );
    expect(r.code).toBe(0);
    expect(numbers(r.stdout)).toEqual(expected);
  });

  test('--tag by id, --id, and an empty answer still prints the header', async () => {
    expect(numbers((await list('--tag', String(ids.fTravel))).stdout)).toEqual(['A-2026-002']);
    expect(numbers((await list('--id', `${ids.f2},${ids.f3}`)).stdout)).toEqual(['A-2026-001', 'E-2026-001']);
    const none = await list('--invoiced', '-o', 'json');
    expect(none.code).toBe(0);
    expect(JSON.parse(none.stdout)).toEqual([]);
  });

  test('-o json is the API records, with the embedded tax rate, customer and project', async () => {
    const r = await list('--billable', '-o', 'json');
    const [e] = JSON.parse(r.stdout);
    expect(e).toMatchObject({
      id: ids.f5,
      number: 'A-2026-002',
      sum: 86.45,
      tax_rate: { name: 'Vorsteuer 8.1 %' },
      customer: { name: 'Muster AG' },
      project: { name: 'Website' },
      tags: [{ name: 'travel' }],
    });
  });

  test('--fields picks columns, unknown filters values are usage errors', async () => {
    const r = await list('--fields', 'number,type,customer.name,tags', '--billable');
    expect(tsv(r.stdout)).toEqual([
      ['number', 'type', 'customer.name', 'tags'],
      ['A-2026-002', 'expense', 'Muster AG', `[{"id":${ids.fTravel},"name":"travel","color":"blue"}]`],
    ]);
    const bad = await list('--customer', '9999');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/no customer "9999" \(--customer\)/);
    expect((await list('--receipt', 'maybe')).code).toBe(2);
    expect((await list('--from', '2026-02-01', '--to', '2026-01-01')).stderr).toMatch(
      /--to 2026-01-01 is before --from 2026-02-01/,
    );
    expect((await list('--per-page', '101')).code).toBe(2);
  });
});

describe('acct entries grouped', () => {
  test('one row per group: a group of different accounts shows the combined label on a table', async () => {
    const r = await acct(['entries', 'grouped', '--from', '2026-01-01', '--to', '2026-03-31', '-o', 'table'], {
      company: filters,
    });
    expect(r.code).toBe(0);
    const out = lines(r.stdout);
    expect(out[0].trim().split(/\s{2,}/)).toEqual([
      'GROUP',
      'DATE',
      'NUMBER',
      'DESCRIPTION',
      'TYPE',
      'DEBIT',
      'CREDIT',
      'SUM',
    ]);
    expect(out).toHaveLength(3);
    expect(out[1]).toMatch(
      new RegExp(
        `^\\s*${ids.fGroup}\\s+15\\.03\\.2026\\s+A-2026-001, U-2026-001\\s+Miete, Möbel\\s+mixed\\s+1510 Mobiliar ` +
          `und Einrichtungen, 6000 Raumaufwand\\s+1020\\s+mixed$`,
      ),
    );
    expect(out[2]).toMatch(/10\.01\.2026\s+E-2026-001\s+income\s+1020\s+3400\s+1'081\.00$/);
  });

  test('JSON is the API items; filters apply', async () => {
    const r = await acct(['entries', 'grouped', '--from', '2026-02-01', '--to', '2026-03-31', '--json'], {
      company: filters,
    });
    const items = JSON.parse(r.stdout);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      entry_group_id: ids.fGroup,
      sum: false,
      type: 'mixed',
      debit_account: { number: null },
    });
    expect(items[0].grouped_entries.map((e: any) => e.id)).toEqual([ids.f3, ids.f4]);
    // a filter narrows the group to its matching bookings
    const narrowed = JSON.parse(
      (await acct(['entries', 'grouped', '--account', '1510', '--json'], { company: filters })).stdout,
    );
    expect(narrowed).toMatchObject([
      { entry_group_id: ids.fGroup, type: 'swap', sum: 5405, grouped_entries: [{ id: ids.f4 }] },
    ]);
    const piped = await acct(['entries', 'grouped', '--type', 'income'], { company: filters });
    expect(tsv(piped.stdout).map((row) => row[2])).toEqual(['number', 'E-2026-001', 'E-2025-001']);
  });
});
