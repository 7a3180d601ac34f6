// `acct customers …` against the service: every verb, references by number, name and id:N (and their
// errors), the filters, statistics, number, and the CSV import with its exit codes.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { addCompany } from '../../src/server/main.js';
import { closedPort, jsonOf, tsv } from './support.js';
import { useCliAgainstService } from '../helpers/cli-suite.js';
import { accountId } from '../helpers/service.js';

const cli = useCliAgainstService();
const { acct } = cli;
const NOW = '2025-01-01T00:00:00.000000Z';

async function api(method: string, path: string, body?: unknown) {
  const res = await cli.svc.call(method, `/companies/1${path}`, body);
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body;
}

const db = () => cli.svc.server.db;
const insertProject = (customerId: number) =>
  Number(
    db()
      .prepare(
        `INSERT INTO projects (company_id, user_id, customer_id, name, created_at, updated_at) VALUES (1, 1, ?, ` +
          `'P', ?, ?)`,
      )
      .run(customerId, NOW, NOW).lastInsertRowid,
  );

describe('create, get, update, delete', () => {
  test('create prints the new customer; --contact-name, --tax-rate by name and the rate as typed', async () => {
    const r = await acct([
      'customers',
      'create',
      '--name',
      'Muster AG',
      '--number',
      '1001',
      '--city',
      'Zürich',
      '--contact-name',
      'Anna Muster',
      '--default-hourly-rate',
      '120.50',
      '--tax-rate',
      'mwst 8.1 %',
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const c = JSON.parse(r.stdout);
    expect(c).toMatchObject({
      number: 1001,
      name: 'Muster AG',
      city: 'Zürich',
      default_hourly_rate: 120.5,
      open_invoice_sum: '0.00',
    });
    expect(c.contacts.map((x: any) => [x.name, x.is_primary])).toEqual([['Anna Muster', true]]);
    const tax = await api('GET', `/tax-rates/${c.tax_rate_id}`);
    expect((tax.data ?? tax).name).toBe('MWST 8.1 %');
  });

  test('create without --name and without a terminal: usage error; a bad rate is caught before a request', async () => {
    let r = await acct(['customers', 'create', '--city', 'Bern']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('missing required --name');
    const port = await closedPort();
    r = await acct(['customers', 'create', '--name', 'X', '--default-hourly-rate', '12.505'], {
      env: { ACCT_BASE_URL: `http://127.0.0.1:${port}/api/v2` },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('invalid --default-hourly-rate "12.505": at most 2 decimals');
  });

  test('422 from the service → exit 3 with the field errors', async () => {
    await api('POST', '/customers', { name: 'Vergeben AG', number: 1101 });
    const r = await acct(['customers', 'create', '--name', 'Kaputt', '--email', 'nope', '--number', '1101']);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('number: The number has already been taken.');
    expect(r.stderr).toContain('email: The email field must be a valid email address.');
  });

  test('an unknown --tax-rate name → exit 2 naming candidates, before the customer is created', async () => {
    const r = await acct(['customers', 'create', '--name', 'Steuerlos', '--tax-rate', 'MWST']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no tax rate "MWST" (--tax-rate)');
    expect(r.stderr).toMatch(/candidates: .*MWST 8\.1 %/);
    expect((await api('GET', '/customers?filter[name]=Steuerlos')).meta.total).toBe(0);
  });

  test('get by number, exact name (any case) and id:N; the table shows the detail fields', async () => {
    const { data } = await api('POST', '/customers', {
      name: 'Lesbar GmbH',
      number: 3001,
      street: 'Gasse 3',
      contact_name: 'Lea Lesbar',
    });
    for (const ref of ['3001', 'lesbar gmbh', `id:${data.id}`]) {
      const r = await acct(['customers', 'get', ref, '-o', 'tsv', '--fields', 'id,number,name,street,contacts']);
      expect(r.code, r.stderr).toBe(0);
      expect(tsv(r.stdout)).toEqual([
        ['id', 'number', 'name', 'street', 'contacts'],
        [String(data.id), '3001', 'Lesbar GmbH', 'Gasse 3', expect.stringContaining('Lea Lesbar')],
      ]);
    }
    const table = await acct(['customers', 'get', '3001', '-o', 'table']);
    expect(table.stdout).toMatch(/STREET\s+Gasse 3/);
    expect(table.stdout).toMatch(/CONTACTS\s+Lea Lesbar/);
    const withInvoices = JSON.parse(
      (await acct(['customers', 'get', '3001', '--include', 'invoices', '--json'])).stdout,
    );
    expect(withInvoices.invoices).toEqual([]);
    expect(withInvoices).not.toHaveProperty('contacts');
  });

  test('unknown and ambiguous references → exit 2 listing candidates; a missing id:N → exit 5', async () => {
    await api('POST', '/customers', { name: 'Doppelt AG', number: 4001 });
    await api('POST', '/customers', { name: 'Doppelt AG', number: 4002 });
    let r = await acct(['customers', 'get', 'Doppelt AG']);
    expect(r.code).toBe(2);
    // the argument is reported as what it is: no "--customer" that was never typed
    expect(r.stderr).toMatch(/^acct: "Doppelt AG" matches several customers; use id:N\n/);
    expect(r.stderr).toContain('candidates: 4001 Doppelt AG, 4002 Doppelt AG');
    r = await acct(['customers', 'get', 'Doppel']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no customer "Doppel"');
    expect(r.stderr).toContain('4001 Doppelt AG');
    r = await acct(['customers', 'get', '4999']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^acct: no customer "4999"\n/);
    r = await acct(['customers', 'get', 'id:999999']);
    expect(r.code).toBe(5);
  });

  test('update by name changes only the flags given; --contact-name on update is a usage error', async () => {
    await api('POST', '/customers', { name: 'Aendern AG', number: 5001, city: 'Bern', email: 'a@aendern.ch' });
    let r = await acct([
      'customers',
      'update',
      'Aendern AG',
      '--city',
      'Thun',
      '--default-hourly-rate',
      '99.95',
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ city: 'Thun', email: 'a@aendern.ch', default_hourly_rate: 99.95 });
    r = await acct(['customers', 'update', '5001', '--contact-name', 'Neu']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--contact-name works only with create');
    r = await acct(['customers', 'update', '5001']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('nothing to change');
  });

  test('delete asks for --yes, deletes, and refuses while projects exist (exit 6)', async () => {
    const free = (await api('POST', '/customers', { name: 'Loesch AG', number: 6001 })).data;
    const busy = (await api('POST', '/customers', { name: 'Projekt AG', number: 6002 })).data;
    insertProject(busy.id);
    let r = await acct(['customers', 'delete', '6001']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('pass --yes');
    r = await acct(['customers', 'delete', '6001', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Deleted customer 6001.'); // by its number, as typed
    expect((await cli.svc.call('GET', `/companies/1/customers/${free.id}`)).status).toBe(404);
    r = await acct(['customers', 'delete', 'Projekt AG', '--yes']);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('Projekte');
  });
});

describe('list, archive, bulk-delete', () => {
  test('list filters by name, archived, times and expenses', async () => {
    const a = (await api('POST', '/customers', { name: 'Filter Eins', number: 7001 })).data;
    const b = (await api('POST', '/customers', { name: 'Filter Zwei', number: 7002, archived: true })).data;
    db()
      .prepare(
        `INSERT INTO time_entries (company_id, user_id, project_id, date, hours, minutes, status, billable, ` +
          `created_at, updated_at) VALUES (1, 1, ?, '2025-01-02', 2, 0, 'open', 1, ?, ?)`,
      )
      .run(insertProject(a.id), NOW, NOW);
    db()
      .prepare(
        `INSERT INTO entries (company_id, type, date, sum, debit_account_id, credit_account_id, customer_id, ` +
          `billable, created_at, updated_at) VALUES (1, 'expense', '2025-01-03', 4550, ?, ?, ?, 1, ?, ?)`,
      )
      .run(accountId(cli.svc, 1, 6500), accountId(cli.svc, 1, 1020), b.id, NOW, NOW);
    const names = async (...flags: string[]) => {
      const r = await acct([
        'customers',
        'list',
        '--name',
        'filter',
        '--fields',
        'number,name,open_times_sum.readable,open_expenses_sum.sum',
        ...flags,
      ]);
      expect(r.code, r.stderr).toBe(0);
      return tsv(r.stdout).slice(1);
    };
    expect(await names()).toEqual([
      ['7001', 'Filter Eins', '02:00', '0'],
      ['7002', 'Filter Zwei', '00:00', '45.5'],
    ]);
    expect(await names('--archived')).toEqual([['7002', 'Filter Zwei', '00:00', '45.5']]);
    expect(await names('--no-archived')).toEqual([['7001', 'Filter Eins', '02:00', '0']]);
    expect(await names('--times', '1')).toEqual([['7001', 'Filter Eins', '02:00', '0']]);
    expect(await names('--times', '120')).toEqual([]);
    expect(await names('--expenses')).toEqual([['7002', 'Filter Zwei', '00:00', '45.5']]);
    expect(await names('--no-expenses')).toEqual([['7001', 'Filter Eins', '02:00', '0']]);
    const table = await acct(['customers', 'list', '--name', 'filter', '-o', 'table']);
    expect(table.stdout).toMatch(/OPEN EXPENSES/);
    expect(table.stdout).toMatch(/45\.50/);
  });

  test('archive and unarchive several customers by number and name', async () => {
    await api('POST', '/customers', { name: 'Archiv Eins', number: 8001 });
    await api('POST', '/customers', { name: 'Archiv Zwei', number: 8002 });
    let r = await acct(['customers', 'archive', '8001', 'Archiv Zwei']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Archived 2 customers.');
    const archived = async () =>
      (await api('GET', '/customers?filter[name]=archiv&filter[archived]=true')).data.map((c: any) => c.number);
    expect(await archived()).toEqual([8001, 8002]);
    r = await acct(['customers', 'unarchive', '8002']);
    expect(r.code).toBe(0);
    expect(await archived()).toEqual([8001]);
  });

  test('bulk-delete deletes the free ones and reports the skipped', async () => {
    await api('POST', '/customers', { name: 'Bulk Frei', number: 9001 });
    const busy = (await api('POST', '/customers', { name: 'Bulk Besetzt', number: 9002 })).data;
    insertProject(busy.id);
    const r = await acct(['customers', 'bulk-delete', '9001', '9002', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Deleted 1 of 2 customers (1 skipped: still in use).');
    expect((await api('GET', '/customers?filter[name]=bulk')).data.map((c: any) => c.number)).toEqual([9002]);
  });
});

describe('statistics and number', () => {
  test('statistics renders the object; number prints the next number bare', async () => {
    const c = (await api('POST', '/customers', { name: 'Statistik AG', number: 10001 })).data;
    db()
      .prepare(
        `INSERT INTO entries (company_id, type, date, sum, debit_account_id, credit_account_id, customer_id, ` +
          `created_at, updated_at) VALUES (1, 'income', '2025-01-03', 250000, ?, ?, ?, ?, ?)`,
      )
      .run(accountId(cli.svc, 1, 1020), accountId(cli.svc, 1, 3400), c.id, NOW, NOW);
    const project = insertProject(c.id);
    db()
      .prepare(
        `INSERT INTO time_entries (company_id, user_id, project_id, date, hours, minutes, status, billable, ` +
          `created_at, updated_at) VALUES (1, 1, ?, '2025-01-02', 3, 0, 'paid', 1, ?, ?), (1, 1, ?, ` +
          `'2025-01-02', 1, 0, 'open', 0, ?, ?)`,
      )
      .run(project, NOW, NOW, project, NOW, NOW);
    let r = await acct(['customers', 'statistics', 'Statistik AG']);
    expect(r.code, r.stderr).toBe(0);
    expect(tsv(r.stdout)).toEqual([
      [
        'income',
        'expenses',
        'profit',
        'hoursTotal',
        'hoursBillable',
        'hoursNonBillable',
        'hoursOpen',
        'billability',
        'open_invoice_sums',
      ],
      ["2'500.00", '0.00', "2'500.00", '04:00', '03:00', '01:00', '01:00', '75', '{}'],
    ]);
    // unpaid invoices in two currencies: each sum apart, in the table as in JSON
    for (const [currency, price] of [
      ['EUR', 1266.66],
      ['CHF', 416.05],
    ] as const) {
      const inv = await api('POST', '/invoices', {
        customer_id: c.id,
        currency,
        positions: [{ description: 'Beratung', amount: 1, price }],
      });
      expect((await cli.svc.call('GET', `/companies/1/invoices/${inv.id}/mark-as?status=sent`)).status).toBe(200);
    }
    const table = await acct(['customers', 'statistics', '10001', '-o', 'table']);
    expect(table.stdout).toMatch(/^OPEN INVOICES +CHF 416\.05, EUR 1'266\.66$/m);
    expect((await jsonOf((a) => acct(a), ['customers', 'statistics', '10001'])).open_invoice_sums).toEqual({
      CHF: 416.05,
      EUR: 1266.66,
    });
    const listed = await acct(['customers', 'list', '--name', 'Statistik', '-o', 'table']);
    expect(listed.stdout).toMatch(/OPEN INVOICES/);
    expect(listed.stdout).toContain("CHF 416.05, EUR 1'266.66");
    r = await acct(['customers', 'stats', '10001', '--json']);
    expect(JSON.parse(r.stdout)).toMatchObject({ profit: "2'500.00", billability: 75 });
    // the next number in a company of its own, as other tests add customers with higher numbers to company 1
    const own = addCompany(db(), 'Nummern AG', 1);
    expect(
      (await cli.svc.call('POST', `/companies/${own}/customers`, { name: 'Statistik AG', number: 10001 })).status,
    ).toBe(200);
    r = await acct(['customers', 'number'], { company: own });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('10002\n');
  });
});

describe('import --via-api (the CSV import of the API)', () => {
  const file = (name: string, content: string | Buffer) => {
    const path = join(cli.box.dataDir, '..', name);
    writeFileSync(path, content);
    return path;
  };

  test('imports created and updated rows; skipped rows go to stderr and the command exits 0', async () => {
    await api('POST', '/customers', { name: 'Import Alt', number: 20001, city: 'Bern' });
    const csv = file(
      'kunden.csv',
      'name;number;city;email;contact_name\nImport Alt neu;20001;Thun;;\n' +
        'Import Neu;20002;Chur;info@neu.ch;Nina Neu\nKaputt;;;keine mail;\n',
    );
    const r = await acct(['customers', 'import', csv, '--via-api']);
    expect(r.code, r.stderr).toBe(0);
    expect(tsv(r.stdout)).toEqual([
      ['created', 'updated', 'failed'],
      ['1', '1', '1'],
    ]);
    expect(r.stderr).toContain('Imported kunden.csv: 1 created, 1 updated, 1 row skipped.');
    expect(r.stderr).toContain('  row 4: The email field must be a valid email address.');
    const rows = (await api('GET', '/customers?filter[name]=import&include=contacts')).data;
    expect(rows.map((c: any) => [c.number, c.name, c.city, c.contacts.map((x: any) => x.name)])).toEqual([
      [20001, 'Import Alt neu', 'Thun', []],
      [20002, 'Import Neu', 'Chur', ['Nina Neu']],
    ]);
  });

  test('--strict exits 3 after importing the valid rows; --json shows the row errors; - reads stdin', async () => {
    const csv = file('strikt.csv', 'name,number\nStrikt Gut,21001\n,21002\n');
    let r = await acct(['customers', 'import', csv, '--strict', '--json', '--via-api']);
    expect(r.code).toBe(3);
    expect(JSON.parse(r.stdout)).toEqual({
      created: 1,
      updated: 0,
      failed: 1,
      errors: [{ row: 3, message: 'The name field is required.' }],
    });
    expect(r.stderr).toContain('1 row was skipped (--strict); the other rows were imported');
    expect((await api('GET', '/customers?filter[name]=Strikt')).meta.total).toBe(1);
    r = await acct(['customers', 'import', '-', '--via-api'], { input: 'name\nVon Stdin AG\n' });
    expect(r.code, r.stderr).toBe(0);
    expect(tsv(r.stdout)[1]).toEqual(['1', '0', '0']);
  });

  test('a missing, empty or directory file: usage error before any request; no name column: a 422', async () => {
    const port = await closedPort();
    const offline = { ACCT_BASE_URL: `http://127.0.0.1:${port}/api/v2` };
    let r = await acct(['customers', 'import', join(cli.box.dataDir, 'nope.csv'), '--via-api'], { env: offline });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no such file');
    r = await acct(['customers', 'import', file('leer.csv', ''), '--via-api'], { env: offline });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is empty');
    const dir = join(cli.box.dataDir, '..', 'ordner.csv');
    mkdirSync(dir, { recursive: true });
    r = await acct(['customers', 'import', dir, '--via-api'], { env: offline });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is a directory');
    r = await acct(['customers', 'import', file('ohne-name.csv', 'firma,city\nA,Bern\n'), '--via-api']);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('file: The file needs a header row with a name column.');
  });
});
