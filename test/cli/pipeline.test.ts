// `acct <resource> export` and `import` against the service, through a recording proxy: the untouched
// round trip of every resource (no write sent, the second export byte-identical), one changed cell
// (exactly one update with that field), invalid rows (every problem listed, nothing written), --dry-run,
// the header check, the --excel variant, --write-ids, and the ledger journal against the trial balance.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { wallClock } from '../../src/domain/clock.js';
import { toRappen } from '../../src/domain/money.js';
import { acctAgainst, acctEnv, inTerminal, plain, type Acct } from '../helpers/cli.js';
import { useCliAgainstService } from '../helpers/cli-suite.js';
import { startProxy, type TestProxy } from '../helpers/proxy.js';
import { EXAMPLE_POSITIONS } from '../fixtures/documents.js';
import { seed } from './support.js';

const cli = useCliAgainstService();
let proxy: TestProxy;
let acct: Acct;
let dir: string;

const post = (path: string, body: unknown) => seed(cli.svc, path, body);
const get = async (path: string): Promise<any> => (await cli.svc.call('GET', `/companies/1/${path}`)).body;
const rateId = async (name: string) =>
  (await get(`tax-rates?filter[name]=${encodeURIComponent(name)}`)).data.find((t: any) => t.name === name).id;
const file = (name: string, content: string | Buffer) => {
  const p = join(dir, name);
  writeFileSync(p, content);
  return p;
};
/** The writes the proxy passed on since `from` (an index into proxy.seen). */
const writesSince = (from: number) =>
  proxy.seen
    .slice(from)
    .filter((s) => s.method !== 'GET')
    .map((s) => `${s.method} ${s.path.replace(/\?.*/, '')}`);

beforeAll(async () => {
  proxy = await startProxy(cli.svc.url);
  dir = join(cli.box.dataDir, '..');
  acct = acctAgainst(cli.box, { url: proxy.url, token: cli.svc.token });
  // master data with the awkward cases: commas, quotes, line breaks, umlauts, names made of digits, names two records
  // share
  const mwst = await rateId('MWST 8.1 %');
  const vorsteuer = await rateId('Vorsteuer 8.1 %');
  for (const [name, color] of [
    ['travel', 'blue'],
    ['rent', 'red'],
    ['büro, material', 'green'],
  ])
    await post('tags', { name, color });
  await post('tax-rates', {
    name: 'Bezugsteuer 8.1 %',
    rate: 8.1,
    account_id: (await get('accounts?type=all')).find((a: any) => a.number === 2200).id,
    is_acquisition_tax: true,
    acquisition_account_id: (await get('accounts?type=all')).find((a: any) => a.number === 1170).id,
    field_number: 383,
  });
  await post('accounts', { number: 1030, name: 'UBS "Geschäft"', type: 'bank', iban: 'CH93 0076 2011 6238 5295 7' });
  const dev = await post('service-categories', { name: 'Entwicklung' });
  await post('service-categories', { name: 'Beratung' });
  await post('services', { name: 'Programmierung', hourly_rate: 140, service_category_id: dev.id });
  await post('services', { name: 'Support', billable: false });
  await post('products', { name: 'Webhosting', price: 240, unit: 'Jahr', description: 'pro Jahr;\nmit SSL' });
  await post('products', { name: 'Kabel "USB-C"', price: 12.5 });
  const muster = await post('customers', {
    name: 'Muster AG',
    number: 1001,
    street: 'Bahnhofstrasse 1',
    zip: '8001',
    city: 'Zürich',
    tax_rate_id: mwst,
    contact_name: 'Anna Muster',
    default_hourly_rate: 120.5,
  });
  const beispiel = await post('customers', {
    name: 'Beispiel GmbH',
    number: 1002,
    invoice_address: 'Beispiel GmbH\nPostfach 12\n3000 Bern',
    contact_name: 'Anna Muster',
  });
  const website = await post('projects', { name: 'Website', customer_id: muster.id, hourly_rate: 120, budget: 8000 });
  const year = await post('projects', {
    name: '2024',
    customer_id: beispiel.id,
    project_type: 'fixedPrice',
    budget: 4500,
  });
  await post('projects', { name: 'Website', customer_id: beispiel.id });
  const task = await post('tasks', {
    title: 'Startseite',
    project_id: website.id,
    due: '2026-05-01',
    planned_hours: 2.5,
    description: 'Layout, "Hero"',
  });
  await post('tasks', { title: 'Prüfung', project_id: year.id, due: '2026-06-30', status: 'in-progress' });
  await post('times', {
    project_id: website.id,
    task_id: task.id,
    date: '2026-03-02',
    hours: 1,
    minutes: 30,
    description: 'Layout',
    billable: true,
  });
  await post('times', {
    project_id: year.id,
    date: '2026-03-03',
    start: '08:00',
    end: '09:15',
    description: 'Audit, Teil 1',
  });
  const tags = (await get('tags')).data;
  await post('entries', {
    date: '2026-03-01',
    debit_account_id: 3,
    credit_account_id: (await get('accounts?type=all')).find((a: any) => a.number === 3400).id,
    sum: 1081,
    tax_rate_id: mwst,
    description: 'Beratung März',
    customer_id: muster.id,
    project_id: website.id,
    tag_ids: tags.slice(0, 2).map((t: any) => t.id),
  });
  await post('entries', {
    date: '2026-03-05',
    debit_account_id: (await get('accounts?type=all')).find((a: any) => a.number === 6500).id,
    credit_account_id: 3,
    sum: 86.45,
    tax_rate_id: vorsteuer,
    description: 'Büromaterial; Papier',
    tag_ids: [tags[0].id, tags[2].id],
  });
  await post('entries', {
    date: '2026-03-31',
    debit_account_id: (await get('accounts?type=all')).find((a: any) => a.number === 6000).id,
    credit_account_id: 3,
    sum: 2500,
    description: 'Miete',
  });
  await post('proposals', {
    customer_id: muster.id,
    title: 'Website',
    positions: JSON.stringify(EXAMPLE_POSITIONS),
    date: '2026-04-01',
    tax_rate_id: mwst,
    discount_rate: 2,
  });
  await post('proposals', {
    customer_id: beispiel.id,
    positions: JSON.stringify([{ description: 'Audit', amount: 1, price: 4500 }]),
    date: '2026-04-02',
    project_id: year.id,
  });
  await post('invoices', {
    customer_id: muster.id,
    positions: JSON.stringify([
      { description: 'Beratung', amount: 2.5, price: 150, unit: 'h', date: '2026-04-03' },
      { type: 'text', text: 'Danke' },
    ]),
    date: '2026-04-05',
    tax_rate_id: mwst,
  });
  await post('invoices', {
    customer_id: beispiel.id,
    positions: JSON.stringify(EXAMPLE_POSITIONS),
    date: '2026-04-06',
    remarks: 'Zahlbar innert 30 Tagen',
  });
});

afterAll(async () => {
  await proxy?.close();
});

const RESOURCES = [
  'tags',
  'tax-rates',
  'accounts',
  'services',
  'service-categories',
  'products',
  'customers',
  'contacts',
  'projects',
  'entries',
  'times',
  'tasks',
  'proposals',
  'invoices',
];

describe('round trip', () => {
  test.each(RESOURCES)(
    '%s: export, an import of the untouched file sends no write, a second export is byte-identical',
    async (resource) => {
      const out = join(dir, `${resource}.csv`);
      const first = await acct([resource, 'export', '--out', out]);
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toBe('');
      const text = readFileSync(out, 'utf8');
      const lines = text.split('\r\n');
      expect(lines[0].startsWith('id,')).toBe(true);
      expect(lines.length).toBeGreaterThanOrEqual(4); // header, at least two records, the final line end
      const from = proxy.seen.length;
      const imported = await acct([resource, 'import', out, '-o', 'json']);
      expect(imported.code, imported.stderr).toBe(0);
      const summary = JSON.parse(imported.stdout);
      expect(summary).toMatchObject({ created: 0, updated: 0, failed: 0, invalid: 0 });
      expect(summary.unchanged).toBeGreaterThanOrEqual(2);
      expect(writesSince(from)).toEqual([]);
      const again = await acct([resource, 'export']);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toBe(text);
    },
  );

  test('the columns: references as a bookkeeper writes them, raw decimals and dates, awkward text quoted', async () => {
    const entries = (await acct(['entries', 'export'])).stdout.split('\r\n');
    expect(entries[0]).toBe(
      'id,date,number,description,debit_account,credit_account,sum,tax_rate,customer,project,billable,tags,group',
    );
    expect(entries).toContain(
      '1,2026-03-01,E-2026-001,Beratung März,1020,3400,1081.00,MWST 8.1 %,1001,id:1,false,"travel,rent",',
    );
    // a tag name holding a comma is written as its id in the comma-separated list
    expect(entries).toContain(
      '2,2026-03-05,A-2026-001,Büromaterial; Papier,6500,1020,86.45,Vorsteuer 8.1 %,,,false,"travel,id:3",',
    );
    const projects = (await acct(['projects', 'export'])).stdout;
    // a project called "2024" would read as id 2024, and "Website" names two projects: both are written id:N where
    // referenced
    expect(projects).toContain('2,2024,1002,fixedPrice,0.00,4500.00,,,,,false');
    expect((await acct(['times', 'export'])).stdout).toContain(',2026-03-03,id:2,,"Audit, Teil 1",08:00,09:15,1,15,');
    const customers = (await acct(['customers', 'export'])).stdout;
    expect(customers).toContain('"Beispiel GmbH\nPostfach 12\n3000 Bern"');
    expect(customers).toContain('1,1001,Muster AG,,,,Bahnhofstrasse 1,8001,Zürich,,,,,120.50,,MWST 8.1 %,false');
    const invoices = (await acct(['invoices', 'export'])).stdout;
    expect(invoices).toContain(
      '"[{""type"":""position"",""description"":""Beratung"",""amount"":""2.5"",""price"":""150.00"",' +
        '""unit"":""h"",""date"":""2026-04-03""},{""type"":""text"",""text"":""Danke""}]",open,',
    );
    // a contact name two customers share is written id:N
    expect((await acct(['contacts', 'export'])).stdout.split('\r\n')[1]).toBe('1,1001,Anna Muster,,,,true,false');
  });
});

describe('time entries: export --from/--to, the messages', () => {
  /** The filter[date] of the list requests since `from`. */
  const dateFilters = (from: number) =>
    proxy.seen
      .slice(from)
      .filter((s) => s.path.startsWith('/api/v2/companies/1/times?'))
      .map((s) => new URL(s.path, 'http://x').searchParams.get('filter[date]'));

  test('--from/--to take what every date flag takes: dd.mm.yyyy, today; an impossible day: usage error', async () => {
    let from = proxy.seen.length;
    let r = await acct(['times', 'export', '--from', '31.12.2025', '--to', '2026-03-02']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(',2026-03-02,');
    expect(r.stdout).not.toContain(',2026-03-03,');
    expect(dateFilters(from)).toEqual(['2025-12-31,2026-03-02']);
    from = proxy.seen.length;
    r = await acct(['times', 'export', '--from', 'today']);
    expect(r.code, r.stderr).toBe(0);
    expect(dateFilters(from)).toEqual([wallClock(new Date()).date]);
    from = proxy.seen.length;
    r = await acct(['times', 'export', '--from', '2026-02-31']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('invalid --from "2026-02-31"');
    expect(proxy.seen.length).toBe(from);
  });

  test('the messages name time entries as such', async () => {
    const out = join(dir, 'zeiten.csv');
    const r = await acct(['times', 'export', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`Exported 2 time entries to ${out}.`);
    const dry = await acct(['times', 'import', out, '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stderr).toContain('Dry run: no time entries were changed.');
  });
});

/** What makes a copy of a resource's first row a new record (a free number or name; a number the service gives). */
const NEW_ROW: Record<string, (row: Record<string, string>) => void> = {
  tags: (r) => {
    r.name = 'neu-tag';
  },
  'tax-rates': (r) => {
    r.name = 'Neu 8.1 %';
  },
  accounts: (r) => {
    Object.assign(r, { number: '1045', name: 'Neue Bank', is_primary_bank_account: 'false' });
  },
  services: (r) => {
    r.name = 'Neu';
  },
  'service-categories': (r) => {
    r.name = 'Neu';
  },
  products: (r) => {
    r.name = 'Neu';
  },
  customers: (r) => {
    Object.assign(r, { number: '2001', name: 'Neu AG' });
  },
  projects: (r) => {
    r.name = 'Neu';
  },
  entries: (r) => {
    Object.assign(r, { number: '', description: 'Neu' });
  },
  times: (r) => {
    r.description = 'Neu';
  },
  tasks: (r) => {
    r.title = 'Neu';
  },
  proposals: (r) => {
    r.number = '';
  },
  invoices: (r) => {
    r.number = '';
  },
};

describe('import', () => {
  test.each(Object.keys(NEW_ROW))(
    '%s: a row without an id creates a record that exports as the row; --write-ids fills in its id',
    async (resource) => {
      const [header, first] = Papa.parse<string[]>((await acct([resource, 'export'])).stdout.trim()).data;
      const row = Object.fromEntries(header.map((h, i) => [h, first[i]]));
      row.id = '';
      NEW_ROW[resource](row);
      const source = file(`${resource}-neu.csv`, Papa.unparse([header, header.map((h) => row[h])]));
      const withIds = join(dir, `${resource}-neu-ids.csv`);
      const r = await acct([resource, 'import', source, '--write-ids', withIds, '-o', 'json']);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ created: 1, failed: 0 });
      const written = Papa.parse<string[]>(readFileSync(withIds, 'utf8').trim()).data[1];
      expect(written[0]).toMatch(/^\d+$/);
      const exported = Papa.parse<string[]>((await acct([resource, 'export'])).stdout.trim()).data.find(
        (x) => x[0] === written[0],
      )!;
      // cells the row left empty are what the service fills in (a document's or booking's number)
      expect(exported.map((v, i) => (written[i] === '' ? '' : v))).toEqual(written);
    },
  );

  test('one changed cell is exactly one update, of that field', async () => {
    const out = join(dir, 'kunden.csv');
    expect((await acct(['customers', 'export', '--out', out])).code).toBe(0);
    writeFileSync(out, readFileSync(out, 'utf8').replace(',8001,Zürich,', ',3011,Bern,'));
    const from = proxy.seen.length;
    const r = await acct(['customers', 'import', out, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ created: 0, updated: 1, unchanged: 2, failed: 0, invalid: 0, earlier: 0 });
    const writes = proxy.seen.slice(from).filter((s) => s.method !== 'GET');
    expect(writes.map((w) => [w.method, w.path, w.body])).toEqual([
      ['PUT', '/api/v2/companies/1/customers/1', { zip: '3011', city: 'Bern' }],
    ]);
    expect((await get('customers/1')).data.city).toBe('Bern');
  });

  test('the positions of an invoice change as one JSON cell: one update with the positions', async () => {
    const out = join(dir, 'rechnungen.csv');
    expect((await acct(['invoices', 'export', '--out', out])).code).toBe(0);
    writeFileSync(out, readFileSync(out, 'utf8').replace('""amount"":""2.5""', '""amount"":""3""'));
    const from = proxy.seen.length;
    const dry = await acct(['invoices', 'import', out, '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/^create 0\nupdate 1:\n {2}row \d \(id 1\): positions ".*" → ".*"\nunchanged 2\n$/);
    const r = await acct(['invoices', 'import', out]);
    expect(r.code, r.stderr).toBe(0);
    const writes = proxy.seen.slice(from).filter((s) => s.method !== 'GET');
    expect(writes).toHaveLength(1);
    expect(writes[0].method).toBe('PUT');
    expect(JSON.parse((writes[0].body as any).positions)[0]).toEqual({
      type: 'position',
      description: 'Beratung',
      amount: '3',
      price: '150.00',
      unit: 'h',
      date: '2026-04-03',
    });
    expect((await get('invoices/1')).data.final_value).toBe(486.45); // 3 × 150 + 8.1 % VAT
  });

  test('invalid rows: every problem listed with its row, nothing written, exit 3', async () => {
    const csv = file(
      'falsch.csv',
      [
        'date,debit_account,credit_account,sum,tax_rate,tags,description',
        '2026-05-01,1020,3400,100.00,,,gut',
        '2026-05-02,9999,3400,100.00,,,unbekanntes Konto',
        '2026-13-01,1020,3400,1.234,,,falsches Datum und zu viele Stellen',
        ',1020,,5.00,MWST 99 %,nirgends,ohne Datum',
      ].join('\n'),
    );
    const from = proxy.seen.length;
    const r = await acct(['entries', 'import', csv]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`acct: ${csv}: 3 of 4 rows are invalid; nothing was imported`);
    for (const line of [
      'row 3: account 9999 does not exist (debit_account)',
      'row 4: date "2026-13-01" is not a date: a month is 01 to 12; expected YYYY-MM-DD, dd.mm.yyyy or dd.mm.yy',
      'row 4: sum "1.234": at most 2 decimals (1000.50, 1\'000.50 or 1000,50)',
      'row 5: tax rate MWST 99 % does not exist (tax_rate)',
      'row 5: tag nirgends does not exist (tags)',
      'row 5: date is required for a new booking',
      'row 5: credit_account is required for a new booking',
    ])
      expect(r.stderr).toContain(line);
    expect(writesSince(from)).toEqual([]);
  });

  test("a date cell outside the service's days (1000 to 9999) is an invalid row, not a refused write", async () => {
    const csv = file(
      'altes-datum.csv',
      'date,debit_account,credit_account,sum,description\n0999-12-31,1020,3400,10.00,zu alt\n' +
        '31.12.0999,1020,3400,10.00,auch zu alt\n',
    );
    const from = proxy.seen.length;
    const r = await acct(['entries', 'import', csv]);
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toContain(
      'row 2: date "0999-12-31" is not a date: a year is 1000 to 9999; expected YYYY-MM-DD, dd.mm.yyyy or dd.mm.yy',
    );
    expect(r.stderr).toContain(
      'row 3: date "31.12.0999" is not a date: a year is 1000 to 9999; expected YYYY-MM-DD, dd.mm.yyyy or dd.mm.yy',
    );
    expect(writesSince(from)).toEqual([]);
  });

  test('--dry-run prints the plan and changes nothing; --skip-invalid imports the valid rows', async () => {
    const csv = file('tags.csv', 'id,name,color\n1,travel,green\n2,rent,red\n,neu,lime\n,,pink\n');
    const from = proxy.seen.length;
    const dry = await acct(['tags', 'import', csv, '--dry-run', '--skip-invalid']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toBe(
      'create 1: row 4\nupdate 1:\n  row 2 (id 1): color blue → green\nunchanged 1\ninvalid 1 (skipped)\n',
    );
    expect(dry.stderr).toContain('row 5: name is required for a new tag');
    expect(writesSince(from)).toEqual([]);
    const json = await acct(['tags', 'import', csv, '--dry-run', '--skip-invalid', '--json']);
    expect(JSON.parse(json.stdout)).toEqual({
      create: [{ row: 4, values: { name: 'neu', color: 'lime' } }],
      update: [{ row: 2, id: 1, changes: [{ column: 'color', from: 'blue', to: 'green' }] }],
      unchanged: 1,
      invalid: 1,
    });
    const r = await acct(['tags', 'import', csv, '--skip-invalid', '--write-ids', join(dir, 'tags-ids.csv')]);
    expect(r.code, r.stderr).toBe(0);
    expect(writesSince(from).sort()).toEqual(['POST /api/v2/companies/1/tags', 'PUT /api/v2/companies/1/tags/1']);
    expect(readFileSync(join(dir, 'tags-ids.csv'), 'utf8')).toBe(
      'id,name,color\r\n1,travel,green\r\n2,rent,red\r\n5,neu,lime\r\n,,pink\r\n',
    );
    // the same file again: done before, nothing sent
    const again = await acct(['tags', 'import', csv, '--skip-invalid']);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain(
      'This file was imported before (1 row was written then); --restart imports it anew.',
    );
    expect(writesSince(from)).toHaveLength(2);
  });

  test('--write-ids writes an --excel file back as it came: the byte order mark and ";"', async () => {
    const csv = file('excel-tags.csv', '\ufeffname;color\r\nexcel-tag;orange\r\n');
    const out = join(dir, 'excel-tags-ids.csv');
    const r = await acct(['tags', 'import', csv, '--write-ids', out]);
    expect(r.code, r.stderr).toBe(0);
    const bytes = readFileSync(out);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8').slice(1)).toMatch(/^id;name;color\r\n\d+;excel-tag;orange\r\n$/);
  });

  test('on a terminal a progress line on stderr counts rows, with rate and time left; then the summary', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => `fortschritt ${i + 1},orange`);
    const csv = file('fortschritt.csv', `name,color\n${rows.join('\n')}\n`);
    const r = await inTerminal(cli.box, ['tags', 'import', csv], [], acctEnv({ url: proxy.url, token: cli.svc.token }));
    expect(r.code).toBe(0);
    const screen = plain(r.output);
    expect(screen).toMatch(/40\/40 rows, \d+\.\d\/s, 0:00 left/);
    expect(screen).toContain(`Imported ${csv}: 40 created, 0 updated, 0 unchanged, 0 failed.`);
  });

  test('the header is checked first: an unknown or repeated column is a usage error naming the known', async () => {
    const from = proxy.seen.length;
    let r = await acct(['tags', 'import', file('spalte.csv', 'id,name,farbe\n1,travel,blue\n')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown column "farbe" for tags');
    expect(r.stderr).toContain('known columns: id, name, color');
    r = await acct(['tags', 'import', file('doppelt.csv', 'name,name\na,b\n')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('column "name" appears twice');
    r = await acct([
      'tags',
      'import',
      file('ok.csv', 'name,color\nok,blue\n'),
      '--write-ids',
      join(dir, 'fehlt', 'ids.csv'),
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('cannot write --write-ids');
    r = await acct(['tags', 'import', join(dir, 'fehlt.csv')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no such file');
    const binary = file('tabelle.xlsx', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08, 0x00]));
    r = await acct(['tags', 'import', binary]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${binary} is not a text file: expected CSV (UTF-8 or Windows-1252)`);
    expect(proxy.seen.length).toBe(from); // not even a read
  });

  test('contacts are made with their customer: a row without an id is refused; the customer is fixed', async () => {
    const r = await acct([
      'contacts',
      'import',
      file('kontakte.csv', 'id,customer,name\n,1001,Neu\n1,1002,Anna Muster\n'),
    ]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(
      'row 2: no id: contacts are made with their customer (acct customers create --contact-name)',
    );
    expect(r.stderr).toContain('row 3: customer cannot be changed: a contact stays with its customer');
  });

  test('--excel: a byte order mark and ";" — read back unchanged, and a changed cell is one update', async () => {
    const out = join(dir, 'kunden-excel.csv');
    expect((await acct(['customers', 'export', '--excel', '--out', out])).code).toBe(0);
    const bytes = readFileSync(out);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    expect(text.split('\r\n')[0]).toBe(
      'id;number;name;care_of;po_box;department;street;zip;city;country;website;phone;email;default_hourly_rate;' +
        'invoice_address;tax_rate;archived',
    );
    expect(text).toContain(';120.50;;MWST 8.1 %;false\r\n');
    const from = proxy.seen.length;
    let r = await acct(['customers', 'import', out, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ updated: 0, unchanged: 3 });
    writeFileSync(out, bytes.toString('utf8').replace('Muster AG', 'Muster & Co AG'));
    r = await acct(['customers', 'import', out, '-o', 'json']);
    expect(JSON.parse(r.stdout)).toMatchObject({ updated: 1, unchanged: 2 });
    expect(writesSince(from)).toEqual(['PUT /api/v2/companies/1/customers/1']);
    // Excel's own "CSV" is Windows-1252, with its booleans and Swiss dates: read as such
    writeFileSync(out, Buffer.from('id;name;city;archived\r\n1;Muster & Co AG;Z\xfcrich;FALSCH\r\n', 'latin1'));
    r = await acct(['customers', 'import', out, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect((await get('customers/1')).data.city).toBe('Zürich');
    expect(JSON.parse(r.stdout)).toMatchObject({ updated: 1 });
    const before = proxy.seen.length;
    r = await acct([
      'entries',
      'import',
      file('datum.csv', '\ufeffid;date;billable\r\n2;5.3.2026;FALSCH\r\n'),
      '-o',
      'json',
    ]);
    expect(JSON.parse(r.stdout)).toMatchObject({ updated: 0, unchanged: 1 });
    expect(writesSince(before)).toEqual([]);
  });
});

describe('entries export -o ledger', () => {
  test('an hledger journal whose totals are the trial balance, the VAT split into its own posting', async () => {
    const r = await acct(['entries', 'export', '-o', 'ledger']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(
      '\n2026-03-01 (E-2026-001) Beratung März\n    1020 Bankguthaben  1081.00\n    3400 Dienstleistungserlöse  ' +
        '-1000.00\n    2200 Geschuldete MWST  -81.00\n',
    );
    expect(r.stdout).toContain(
      '\n2026-03-05 (A-2026-001) Büromaterial, Papier\n    6500 Verwaltungsaufwand  79.97\n' +
        '    1170 Vorsteuer MWST Material, Waren, Dienstleistungen, Energie  6.48\n    1020 Bankguthaben  -86.45\n',
    );
    // the journal's totals per account, in Rappen
    const totals = new Map<string, number>();
    for (const line of r.stdout.split('\n').filter((l) => l.startsWith('    '))) {
      const [, account, amount] = /^ {4}(.+?) {2}(-?\d+\.\d{2})$/.exec(line)!;
      totals.set(account, (totals.get(account) ?? 0) + toRappen(amount)!);
    }
    const tb = JSON.parse(
      (await acct(['report', 'trial-balance', '--from', '2000-01-01', '--to', '2099-12-31', '-o', 'json'])).stdout,
    );
    const expected = new Map<string, number>();
    for (const row of tb.rows.filter((x: any) => x.kind === 'account')) {
      expected.set(`${row.number} ${row.name}`, toRappen(row.debit ?? '0')! - toRappen(row.credit ?? '0')!);
    }
    expect(Object.fromEntries([...totals].filter(([, v]) => v !== 0))).toEqual(
      Object.fromEntries([...expected].filter(([, v]) => v !== 0)),
    );
    // and hledger itself, where it is installed (bench/ledger.mjs installs the Debian package)
    const hledger = spawnSync('hledger', ['-f', '-', 'bal', '-O', 'csv', '--no-total'], {
      input: r.stdout,
      encoding: 'utf8',
    });
    if (hledger.error === undefined) {
      expect(hledger.status, hledger.stderr).toBe(0);
      const rows = Papa.parse<string[]>(hledger.stdout.trim()).data.slice(1);
      expect(Object.fromEntries(rows.map(([a, v]) => [a, toRappen(v)]))).toEqual(
        Object.fromEntries([...expected].filter(([, v]) => v !== 0)),
      );
    }
  });

  test('-o ledger belongs to entries export; other exports take CSV only', async () => {
    let r = await acct(['tags', 'export', '-o', 'ledger']);
    expect(r.code).toBe(2);
    r = await acct(['tags', 'export', '-o', 'json']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('export writes CSV: -o json is not one of its formats');
    r = await acct(['entries', 'export', '-o', 'ledger', '--excel']);
    expect(r.code).toBe(2);
  });
});
