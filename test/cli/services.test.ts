// `acct services …` and `acct service-categories …` against the embedded service: every verb, money
// rendering, name references and their errors, the bulk verbs.
import { beforeAll, describe, expect, test } from 'vitest';
import { addCompany } from '../../src/server/main.js';
import { secondTenant } from '../helpers/service.js';
import { useCliAgainstService } from '../helpers/cli-suite.js';
import { lines, tsv } from './support.js';

interface Category {
  id: number;
  name: string;
}
interface Service {
  id: number;
  name: string;
  hourly_rate: string | null;
  billable: boolean;
  archived: boolean;
  service_category_id: number | null;
  service_category: Category | null;
}

const cli = useCliAgainstService();
const { acct } = cli;
let entwicklung: Category;
let beratung: Category;
let foreignServiceId: number;

async function api(method: string, path: string, body?: unknown, company = 1) {
  const res = await cli.svc.call(method, `/companies/${company}${path}`, body);
  return res;
}

async function service(id: number): Promise<Service | undefined> {
  const res = await api('GET', `/services/${id}`);
  return res.status === 200 ? res.body.data : undefined;
}

async function createService(body: Record<string, unknown>, company = 1): Promise<Service> {
  const res = await api('POST', '/services', body, company);
  expect(res.status).toBe(201);
  return res.body.data;
}

async function byName(name: string, company = 1): Promise<Service> {
  const res = await api('GET', '/services?per_page=100', undefined, company);
  const found = (res.body.data as Service[]).filter((s) => s.name === name);
  expect(found).toHaveLength(1);
  return found[0];
}

/** A time entry on the service, written straight into the database (customer → project → entry). */
function useInTimeEntry(serviceId: number): void {
  const db = cli.svc.server.db;
  const now = new Date().toISOString();
  const customer = Number(
    db
      .prepare('INSERT INTO customers (company_id, user_id, name, created_at, updated_at) VALUES (1, 1, ?, ?, ?)')
      .run('Muster AG', now, now).lastInsertRowid,
  );
  const project = Number(
    db
      .prepare(
        'INSERT INTO projects (company_id, user_id, customer_id, name, created_at, updated_at) VALUES (1, 1, ?, ' +
          '?, ?, ?)',
      )
      .run(customer, 'Website', now, now).lastInsertRowid,
  );
  db.prepare(
    'INSERT INTO time_entries (company_id, user_id, project_id, service_id, date, created_at, updated_at) VALUES ' +
      '(1, 1, ?, ?, ?, ?, ?)',
  ).run(project, serviceId, '2025-01-15', now, now);
}

beforeAll(async () => {
  entwicklung = (await api('POST', '/service-categories', { name: 'Entwicklung' })).body.data;
  beratung = (await api('POST', '/service-categories', { name: 'Beratung' })).body.data;
  const other = secondTenant(cli.svc);
  foreignServiceId = (
    await cli.svc.call(
      'POST',
      `/companies/${other.company}/services`,
      { name: 'Fremdleistung' },
      { token: other.user.token },
    )
  ).body.data.id;
});

describe('acct services create / get / list', () => {
  // the create tests write to company 1; the list and get tests read a company of their own that holds
  // exactly Programmierung (Entwicklung), Reisezeit (Beratung, not billable) and the archived Altlast
  let company: number;
  let archivedOne: Service;
  beforeAll(async () => {
    company = addCompany(cli.svc.server.db, 'Leistungen AG', 1);
    const category = async (name: string) => (await api('POST', '/service-categories', { name }, company)).body.data.id;
    await createService(
      { name: 'Programmierung', hourly_rate: '1234.50', service_category_id: await category('Entwicklung') },
      company,
    );
    await createService(
      { name: 'Reisezeit', hourly_rate: 80, billable: false, service_category_id: await category('Beratung') },
      company,
    );
    archivedOne = await createService({ name: 'Altlast', hourly_rate: 5, archived: true }, company);
  });

  test('create takes the rate as a decimal string and the category by exact name', async () => {
    const r = await acct([
      'services',
      'create',
      '--name',
      'Programmierung',
      '--hourly-rate',
      '1234.50',
      '--category',
      'entwicklung',
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const created = JSON.parse(r.stdout);
    expect(created).toMatchObject({
      name: 'Programmierung',
      hourly_rate: '1234.50',
      billable: true,
      archived: false,
      service_category_id: entwicklung.id,
    });
    expect(created.service_category).toMatchObject({ id: entwicklung.id, name: 'Entwicklung' });
    expect(await service(created.id)).toEqual(created);
  });

  test('create --no-billable and a category by id; tsv shows the raw values', async () => {
    const r = await acct([
      'services',
      'create',
      '--name',
      'Reisezeit',
      '--hourly-rate',
      '80',
      '--no-billable',
      '--category',
      String(beratung.id),
    ]);
    expect(r.code, r.stderr).toBe(0);
    const rows = tsv(r.stdout);
    expect(rows[0]).toEqual(['id', 'name', 'hourly_rate', 'billable', 'archived', 'service_category.name']);
    expect(rows[1].slice(1)).toEqual(['Reisezeit', '80.00', 'false', 'false', 'Beratung']);
  });

  test('create without --name and without a terminal is a usage error (exit 2)', async () => {
    const r = await acct(['services', 'create', '--hourly-rate', '10']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--name');
  });

  test('a rate that is not a decimal is refused before any request', async () => {
    for (const rate of ['12.505', 'abc', '1e3', '1.000,50']) {
      const r = await acct(['services', 'create', '--name', 'Komma', '--hourly-rate', rate]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('--hourly-rate');
    }
    const all = await api('GET', '/services?per_page=100');
    expect((all.body.data as Service[]).some((s) => s.name === 'Komma')).toBe(false);
  });

  test('a negative rate reaches the service and comes back as a validation error (exit 3)', async () => {
    const r = await acct(['services', 'create', '--name', 'Negativ', '--hourly-rate', '-5']);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('--hourly-rate');
  });

  test('list as a table groups money the Swiss way; tsv, csv and json stay raw', async () => {
    const table = await acct(['services', 'list', '-o', 'table'], { company });
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/Programmierung\s+1'234\.50\s+yes\s+no\s+Entwicklung/);
    expect(table.stdout).toMatch(/Reisezeit\s+80\.00\s+no\s+no\s+Beratung/);
    const plain = await acct(['services', 'list', '--fields', 'name,hourly_rate'], { company });
    expect(plain.stdout).toContain('Programmierung\t1234.50\n');
    const csv = await acct(['services', 'list', '-o', 'csv', '--fields', 'name,hourly_rate'], { company });
    expect(csv.stdout).toContain('Programmierung,1234.50\r\n');
    const json = JSON.parse((await acct(['services', 'list', '--json'], { company })).stdout) as Service[];
    expect(json.find((s) => s.name === 'Programmierung')!.hourly_rate).toBe('1234.50');
  });

  test('list filters: --category (by name), --archived, --no-archived, --sort', async () => {
    const inCat = await acct(['services', 'list', '--category', 'Beratung', '--fields', 'name'], { company });
    expect(lines(inCat.stdout)).toEqual(['name', 'Reisezeit']);
    const archived = await acct(['services', 'list', '--archived', '--fields', 'id'], { company });
    expect(lines(archived.stdout)).toEqual(['id', String(archivedOne.id)]);
    const active = await acct(['services', 'list', '--no-archived', '--fields', 'name'], { company });
    expect(lines(active.stdout)).not.toContain('Altlast');
    expect(lines(active.stdout)).toContain('Programmierung');
    const sorted = await acct(['services', 'list', '--sort', '-hourly_rate', '--fields', 'name'], { company });
    expect(lines(sorted.stdout).slice(1, 4)).toEqual(['Programmierung', 'Reisezeit', 'Altlast']);
    const badSort = await acct(['services', 'list', '--sort', 'price'], { company });
    expect(badSort.code).toBe(2);
  });

  test('get by id and by exact name (case-insensitive)', async () => {
    const p = await byName('Programmierung', company);
    const byId = await acct(['services', 'get', String(p.id), '--json'], { company });
    expect(JSON.parse(byId.stdout)).toEqual(p);
    const named = await acct(['services', 'get', 'PROGRAMMIERUNG', '--json'], { company });
    expect(named.code, named.stderr).toBe(0);
    expect(JSON.parse(named.stdout).id).toBe(p.id);
  });

  test('an unknown name is a usage error (exit 2) that lists candidates', async () => {
    const r = await acct(['services', 'get', 'Programm'], { company });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('no service "Programm"');
    expect(r.stderr).toMatch(/candidates: \d+ \(Programmierung\)/);
  });

  test('a name two active services share is a usage error naming both', async () => {
    const a = await createService({ name: 'Doppelt' });
    const b = await createService({ name: 'doppelt' });
    const r = await acct(['services', 'get', 'Doppelt']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('matches several');
    expect(r.stderr).toContain(`${a.id} (Doppelt)`);
    expect(r.stderr).toContain(`${b.id} (doppelt)`);
    // id:N picks one
    expect(JSON.parse((await acct(['services', 'get', `id:${b.id}`, '--json'])).stdout).name).toBe('doppelt');
  });

  test("another company's service id answers not found (exit 5)", async () => {
    const r = await acct(['services', 'get', String(foreignServiceId)]);
    expect(r.code).toBe(5);
  });
});

describe('acct services update / delete', () => {
  test('update by name changes only the flags given', async () => {
    const before = await createService({ name: 'Design', hourly_rate: 100, service_category_id: entwicklung.id });
    const r = await acct([
      'services',
      'update',
      'Design',
      '--hourly-rate',
      '150.50',
      '--category',
      'Beratung',
      '--no-billable',
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      id: before.id,
      hourly_rate: '150.50',
      billable: false,
      service_category_id: beratung.id,
    });
    expect(await service(before.id)).toMatchObject({
      name: 'Design',
      hourly_rate: '150.50',
      billable: false,
      archived: false,
    });
  });

  test('update --data removes the rate and the category with null', async () => {
    const s = await createService({ name: 'Entfernen', hourly_rate: 50, service_category_id: beratung.id });
    const r = await acct(['services', 'update', String(s.id), '--data', '-'], {
      input: JSON.stringify({ hourly_rate: null, service_category_id: null }),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(await service(s.id)).toMatchObject({ hourly_rate: null, service_category_id: null, service_category: null });
  });

  test('an unknown --category is a usage error listing candidates, and nothing changes', async () => {
    const s = await createService({ name: 'Unverändert', hourly_rate: 10 });
    const r = await acct(['services', 'update', 'Unverändert', '--category', 'Entw', '--hourly-rate', '99']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no service category "Entw" (--category)');
    expect(r.stderr).toContain(`candidates: ${entwicklung.id} (Entwicklung)`);
    expect(await service(s.id)).toEqual(s);
  });

  test('update without flags is a usage error', async () => {
    const r = await acct(['services', 'update', 'Design']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('nothing to change');
  });

  test('delete by name with --yes; without it the CLI refuses', async () => {
    const s = await createService({ name: 'Wegwerf' });
    const refused = await acct(['services', 'delete', 'Wegwerf']);
    expect(refused.code).toBe(2);
    expect(await service(s.id)).toBeDefined();
    const r = await acct(['services', 'delete', 'Wegwerf', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`Deleted service ${s.id}.`);
    expect(await service(s.id)).toBeUndefined();
  });

  test('deleting a service with time entries fails with the advice to archive (exit 3)', async () => {
    const s = await createService({ name: 'Gebucht' });
    useInTimeEntry(s.id);
    const r = await acct(['services', 'delete', 'Gebucht', '--yes']);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/archive/i);
    expect(await service(s.id)).toEqual(s);
  });
});

describe('acct services archive / unarchive / bulk-delete / bulk-update', () => {
  test('archive and unarchive several services by name and id', async () => {
    const a = await createService({ name: 'Bulk A' });
    const b = await createService({ name: 'Bulk B' });
    const r = await acct(['services', 'archive', 'Bulk A', String(b.id)]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Archived 2 services.');
    expect((await service(a.id))!.archived).toBe(true);
    expect((await service(b.id))!.archived).toBe(true);
    const u = await acct(['services', 'unarchive', 'Bulk A']);
    expect(u.code, u.stderr).toBe(0);
    // one is one service, not "1 services"
    expect(u.stderr).toContain('Unarchived 1 service.');
    const one = await acct(['services', 'archive', 'Bulk A']);
    expect(one.stderr).toContain('Archived 1 service.');
    expect((await acct(['services', 'unarchive', 'Bulk A'])).code).toBe(0);
    expect((await service(a.id))!.archived).toBe(false);
    expect((await service(b.id))!.archived).toBe(true);
  });

  test('bulk-delete deletes the unused ones and reports the skipped', async () => {
    const free = await createService({ name: 'Frei' });
    const used = await createService({ name: 'Benutzt' });
    useInTimeEntry(used.id);
    const r = await acct(['services', 'bulk-delete', 'Frei', 'Benutzt', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Deleted 1 of 2 services (1 skipped: still in use).');
    expect(await service(free.id)).toBeUndefined();
    expect(await service(used.id)).toEqual(used);
  });

  test('bulk-delete without --yes refuses; an unknown name stops it before anything is deleted', async () => {
    const keep = await createService({ name: 'Bleibt' });
    expect((await acct(['services', 'bulk-delete', 'Bleibt'])).code).toBe(2);
    const r = await acct(['services', 'bulk-delete', 'Bleibt', 'Gibtsnicht', '--yes']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no service "Gibtsnicht"');
    expect(await service(keep.id)).toEqual(keep);
  });

  test('bulk-update sets the rate only, then the archived flag only', async () => {
    const a = await createService({ name: 'Satz A', hourly_rate: 10, archived: true });
    const b = await createService({ name: 'Satz B', hourly_rate: 20 });
    let r = await acct(['services', 'bulk-update', 'Satz A', String(b.id), '--hourly-rate', '135.25']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('2 services updated.');
    expect(await service(a.id)).toMatchObject({ hourly_rate: '135.25', archived: true });
    expect(await service(b.id)).toMatchObject({ hourly_rate: '135.25', archived: false });
    r = await acct(['services', 'bulk-update', 'Satz A', 'Satz B', '--no-archived']);
    expect(r.code, r.stderr).toBe(0);
    expect(await service(a.id)).toMatchObject({ hourly_rate: '135.25', archived: false });
    r = await acct(['services', 'bulk-update', 'Satz B', '--archived']);
    expect(r.code, r.stderr).toBe(0);
    expect(await service(b.id)).toMatchObject({ hourly_rate: '135.25', archived: true });
  });

  test('bulk-update needs something to change and a decimal rate (exit 2)', async () => {
    // Satz A and Satz B of its own: the test above makes them in company 1
    const company = addCompany(cli.svc.server.db, 'Satz AG', 1);
    for (const name of ['Satz A', 'Satz B']) await createService({ name }, company);
    const none = await acct(['services', 'bulk-update', 'Satz A'], { company });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('nothing to change');
    const bad = await acct(['services', 'bulk-update', 'Satz A', '--hourly-rate', '1.234,5'], { company });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--hourly-rate');
    const unknown = await acct(['services', 'bulk-update', 'Satz', '--archived'], { company });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/candidates: .*Satz A.*Satz B/);
  });
});

describe('acct service-categories', () => {
  test('list is sorted by name; the table and tsv show id and name', async () => {
    const r = await acct(['service-categories', 'list']);
    expect(r.code, r.stderr).toBe(0);
    expect(tsv(r.stdout)).toEqual([
      ['id', 'name'],
      [String(beratung.id), 'Beratung'],
      [String(entwicklung.id), 'Entwicklung'],
    ]);
    const table = await acct(['service-categories', 'list', '-o', 'table']);
    expect(lines(table.stdout)[0]).toMatch(/^ID\s+NAME$/);
  });

  test('create, get by name, update by name, delete by name', async () => {
    const c = await acct(['service-categories', 'create', '--name', 'Support', '--json']);
    expect(c.code, c.stderr).toBe(0);
    const created = JSON.parse(c.stdout);
    expect(created).toMatchObject({ name: 'Support' });
    const got = await acct(['service-categories', 'get', 'support', '--json']);
    expect(JSON.parse(got.stdout)).toEqual(created);
    const u = await acct(['service-categories', 'update', 'Support', '--name', 'Support & Wartung', '--json']);
    expect(u.code, u.stderr).toBe(0);
    expect(JSON.parse(u.stdout)).toMatchObject({ id: created.id, name: 'Support & Wartung' });
    const s = await createService({ name: 'Wartung', service_category_id: created.id });
    const d = await acct(['service-categories', 'delete', 'Support & Wartung', '--yes']);
    expect(d.code, d.stderr).toBe(0);
    expect((await api('GET', `/service-categories/${created.id}`)).status).toBe(404);
    expect(await service(s.id)).toMatchObject({ service_category_id: null, service_category: null });
  });

  test('an unknown name is a usage error listing candidates', async () => {
    const r = await acct(['service-categories', 'get', 'Berat']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no service category "Berat"');
    expect(r.stderr).toContain(`candidates: ${beratung.id} (Beratung)`);
  });

  test('a too long name is a validation error (exit 3); a missing one a usage error (exit 2)', async () => {
    const long = await acct(['service-categories', 'create', '--name', 'x'.repeat(256)]);
    expect(long.code).toBe(3);
    expect(long.stderr).toContain('name');
    expect((await acct(['service-categories', 'create'])).code).toBe(2);
  });
});
