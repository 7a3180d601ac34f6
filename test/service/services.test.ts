// Services against the running service: CRUD, the category embedding, list paging/filters/sorts, the
// /multiple endpoints, the delete refusal for services used by time entries, every 4xx and tenancy.
import { beforeAll, describe, expect, it } from 'vitest';
import { addCompany } from '../../src/server/main.js';
import { expect422, secondTenant, useTestService, type SecondUser, type ServiceAnswer } from '../helpers/service.js';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const KEYS = [
  'id',
  'name',
  'hourly_rate',
  'billable',
  'archived',
  'service_category_id',
  'service_category',
  'created_at',
  'updated_at',
];

interface Category {
  id: number;
  name: string;
  created_at: string;
  updated_at: string;
}
interface Service {
  id: number;
  name: string;
  hourly_rate: string | null;
  billable: boolean;
  archived: boolean;
  service_category_id: number | null;
  service_category: Category | null;
  created_at: string;
  updated_at: string;
}

const svc = useTestService();
let user2: SecondUser;
let company2: number;
let category: Category;
let foreignCategory: Category;

async function createService(company: number, body: Record<string, unknown>, token?: string): Promise<Service> {
  const res = await svc.call('POST', `/companies/${company}/services`, body, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as Service;
}

async function createCategory(company: number, name: string, token?: string): Promise<Category> {
  const res = await svc.call('POST', `/companies/${company}/service-categories`, { name }, { token });
  expect(res.status).toBe(201);
  return res.body.data as Category;
}

const read = async (id: number, company = 1) =>
  (await svc.call('GET', `/companies/${company}/services/${id}`)).body.data as Service;

/** Books a time entry on the service directly in the database (customer → project → time entry). */
function useInTimeEntry(serviceId: number, company = 1): void {
  const db = svc.server.db;
  const now = new Date().toISOString();
  const customer = Number(
    db
      .prepare('INSERT INTO customers (company_id, user_id, name, created_at, updated_at) VALUES (?, 1, ?, ?, ?)')
      .run(company, 'Muster AG', now, now).lastInsertRowid,
  );
  const project = Number(
    db
      .prepare(
        'INSERT INTO projects (company_id, user_id, customer_id, name, created_at, updated_at) ' +
          'VALUES (?, 1, ?, ?, ?, ?)',
      )
      .run(company, customer, 'Website', now, now).lastInsertRowid,
  );
  db.prepare(
    'INSERT INTO time_entries (company_id, user_id, project_id, service_id, date, hours, minutes, created_at, ' +
      'updated_at) VALUES (?, 1, ?, ?, ?, 1, 30, ?, ?)',
  ).run(company, project, serviceId, '2025-03-01', now, now);
}

beforeAll(async () => {
  ({ user: user2, company: company2 } = secondTenant(svc));
  category = await createCategory(1, 'Entwicklung');
  foreignCategory = await createCategory(company2, 'Fremd', user2.token);
});

describe('create and read', () => {
  it('creates with 201 { data: Service } and the documented defaults', async () => {
    const res = await svc.call('POST', '/companies/1/services', { name: ' Beratung ' });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['data']);
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      name: 'Beratung',
      hourly_rate: null,
      billable: true,
      archived: false,
      service_category_id: null,
      service_category: null,
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: expect.stringMatching(TIMESTAMP),
    });
    expect(Object.keys(res.body.data)).toEqual(KEYS);
    const got = await svc.call('GET', `/companies/1/services/${res.body.data.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual({ data: res.body.data });
  });

  it('returns hourly_rate as a decimal string with two decimals', async () => {
    const cases: [unknown, string][] = [
      [120.5, '120.50'],
      ['95', '95.00'],
      [0, '0.00'],
      ['0.005', '0.01'],
      [999999.99, '999999.99'],
      ['1234.56', '1234.56'],
    ];
    for (const [input, output] of cases) {
      const s = await createService(1, { name: `rate ${String(input)}`, hourly_rate: input });
      expect(s.hourly_rate).toBe(output);
    }
    expect((await createService(1, { name: 'no rate', hourly_rate: null })).hourly_rate).toBeNull();
    expect((await createService(1, { name: 'blank rate', hourly_rate: '' })).hourly_rate).toBeNull();
  });

  it('takes billable, archived (also as "0"/"1") and a category of the company, embedded', async () => {
    const s = await createService(1, {
      name: 'Intern',
      billable: false,
      archived: '1',
      service_category_id: category.id,
    });
    expect(s).toMatchObject({
      billable: false,
      archived: true,
      service_category_id: category.id,
      service_category: category,
    });
    expect(Object.keys(s.service_category!)).toEqual(['id', 'name', 'created_at', 'updated_at']);
    expect(
      (await createService(1, { name: 'As string', service_category_id: String(category.id), billable: 'true' }))
        .service_category_id,
    ).toBe(category.id);
  });

  it('answers 404 for a category of another company or one that does not exist, and creates nothing', async () => {
    const before = (await svc.call('GET', '/companies/1/services?per_page=100')).body.meta.total;
    const foreign = await svc.call('POST', '/companies/1/services', {
      name: 'Sneaky',
      service_category_id: foreignCategory.id,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ message: expect.any(String) });
    expect(
      (await svc.call('POST', '/companies/1/services', { name: 'Ghost', service_category_id: 999999 })).status,
    ).toBe(404);
    expect((await svc.call('GET', '/companies/1/services?per_page=100')).body.meta.total).toBe(before);
  });
});

describe('validation (422)', () => {
  it('requires a name that is a string of at most 255 characters', async () => {
    for (const body of [{}, { name: null }, { name: '' }, { name: '  ' }]) {
      expect422(await svc.call('POST', '/companies/1/services', body), { name: ['The name field is required.'] });
    }
    expect422(await svc.call('POST', '/companies/1/services', { name: 'x'.repeat(256) }), {
      name: ['The name field must not be greater than 255 characters.'],
    });
    expect422(await svc.call('POST', '/companies/1/services', { name: 7 }), {
      name: ['The name field must be a string.'],
    });
    expect((await createService(1, { name: 'n'.repeat(255) })).name).toHaveLength(255);
  });

  it('rejects an hourly_rate below 0, above 999999.99 or not a number', async () => {
    expect422(await svc.call('POST', '/companies/1/services', { name: 'r', hourly_rate: -0.01 }), {
      hourly_rate: ['The hourly rate field must be at least 0.'],
    });
    expect422(await svc.call('POST', '/companies/1/services', { name: 'r', hourly_rate: 1000000 }), {
      hourly_rate: ['The hourly rate field must not be greater than 999999.99.'],
    });
    expect422(await svc.call('POST', '/companies/1/services', { name: 'r', hourly_rate: 'abc' }), {
      hourly_rate: ['The hourly rate field must be a number.'],
    });
    expect422(await svc.call('POST', '/companies/1/services', { name: 'r', hourly_rate: true }), {
      hourly_rate: ['The hourly rate field must be a number.'],
    });
  });

  it('rejects billable, archived and service_category_id of the wrong type, listing every field', async () => {
    const res = await svc.call('POST', '/companies/1/services', {
      hourly_rate: -1,
      billable: 'yes',
      archived: 'no',
      service_category_id: 'abc',
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual([
      'name',
      'hourly_rate',
      'billable',
      'archived',
      'service_category_id',
    ]);
    expect(res.body.errors.billable).toEqual(['The billable field must be true or false.']);
    expect(res.body.errors.service_category_id).toEqual(['The service category id field must be an integer.']);
    expect(res.body.message).toBe('The name field is required.');
    expect422(await svc.call('POST', '/companies/1/services', { name: 'n', billable: null }), {
      billable: ['The billable field must be true or false.'],
    });
    expect422(await svc.call('POST', '/companies/1/services', { name: 'n', service_category_id: 1.5 }), {
      service_category_id: ['The service category id field must be an integer.'],
    });
  });

  it('validates before looking up the category', async () => {
    expect422(await svc.call('POST', '/companies/1/services', { service_category_id: foreignCategory.id }), {
      name: ['The name field is required.'],
    });
  });
});

describe('update', () => {
  it('changes only the fields sent and answers 200 { data: Service }', async () => {
    const s = await createService(1, { name: 'Before', hourly_rate: 100 });
    await new Promise((r) => setTimeout(r, 5));
    const res = await svc.call('PUT', `/companies/1/services/${s.id}`, { name: 'After', billable: false });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['data']);
    expect(res.body.data).toEqual({
      ...s,
      name: 'After',
      billable: false,
      updated_at: expect.stringMatching(TIMESTAMP),
    });
    expect(Date.parse(res.body.data.updated_at)).toBeGreaterThan(Date.parse(s.updated_at));
    expect(await read(s.id)).toEqual(res.body.data);
  });

  it('sets and removes hourly_rate and the category (null removes)', async () => {
    const s = await createService(1, { name: 'Changing' });
    let res = await svc.call('PUT', `/companies/1/services/${s.id}`, {
      hourly_rate: '150.5',
      service_category_id: category.id,
    });
    expect(res.body.data).toMatchObject({
      hourly_rate: '150.50',
      service_category_id: category.id,
      service_category: category,
    });
    res = await svc.call('PUT', `/companies/1/services/${s.id}`, { hourly_rate: null });
    expect(res.body.data).toMatchObject({ hourly_rate: null, service_category_id: category.id });
    res = await svc.call('PUT', `/companies/1/services/${s.id}`, { service_category_id: null });
    expect(res.body.data).toMatchObject({ hourly_rate: null, service_category_id: null, service_category: null });
  });

  it('archives and unarchives', async () => {
    const s = await createService(1, { name: 'Archivable' });
    expect((await svc.call('PUT', `/companies/1/services/${s.id}`, { archived: true })).body.data.archived).toBe(true);
    expect((await svc.call('PUT', `/companies/1/services/${s.id}`, { archived: false })).body.data.archived).toBe(
      false,
    );
  });

  it('answers an empty body with the service unchanged', async () => {
    const s = await createService(1, { name: 'Same', hourly_rate: 10 });
    const res = await svc.call('PUT', `/companies/1/services/${s.id}`, {});
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(s);
  });

  it('answers 422 for a blank name or a bad rate and changes nothing', async () => {
    const s = await createService(1, { name: 'Guarded', hourly_rate: 10 });
    expect422(await svc.call('PUT', `/companies/1/services/${s.id}`, { name: '' }), {
      name: ['The name field is required.'],
    });
    expect422(await svc.call('PUT', `/companies/1/services/${s.id}`, { name: null }), {
      name: ['The name field is required.'],
    });
    expect422(await svc.call('PUT', `/companies/1/services/${s.id}`, { hourly_rate: -5 }), {
      hourly_rate: ['The hourly rate field must be at least 0.'],
    });
    expect422(await svc.call('PUT', `/companies/1/services/${s.id}`, { billable: 'maybe' }), {
      billable: ['The billable field must be true or false.'],
    });
    expect(await read(s.id)).toEqual(s);
  });

  it("answers 404 for another company's category and changes nothing", async () => {
    const s = await createService(1, { name: 'Keeps category', service_category_id: category.id });
    expect(
      (
        await svc.call('PUT', `/companies/1/services/${s.id}`, {
          name: 'Renamed',
          service_category_id: foreignCategory.id,
        })
      ).status,
    ).toBe(404);
    expect((await svc.call('PUT', `/companies/1/services/${s.id}`, { service_category_id: 999999 })).status).toBe(404);
    expect(await read(s.id)).toEqual(s);
  });
});

describe('delete', () => {
  it('answers 204 with an empty body; afterwards read, update and delete answer 404', async () => {
    const s = await createService(1, { name: 'Doomed' });
    const res = await svc.call('DELETE', `/companies/1/services/${s.id}`);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect((await svc.call('GET', `/companies/1/services/${s.id}`)).status).toBe(404);
    expect((await svc.call('PUT', `/companies/1/services/${s.id}`, { name: 'x' })).status).toBe(404);
    expect((await svc.call('DELETE', `/companies/1/services/${s.id}`)).status).toBe(404);
  });

  it('refuses with 422 while time entries use the service, telling to archive instead', async () => {
    const s = await createService(1, { name: 'In use' });
    useInTimeEntry(s.id);
    const res = await svc.call('DELETE', `/companies/1/services/${s.id}`);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: expect.stringMatching(/archive/i) });
    expect(await read(s.id)).toEqual(s);
    // archiving is the way out
    expect((await svc.call('PUT', `/companies/1/services/${s.id}`, { archived: true })).body.data.archived).toBe(true);
  });
});

describe('GET /services: paging, filters and sorts', () => {
  let company: number;
  let cat: Category;
  let all: Service[];

  beforeAll(async () => {
    company = addCompany(svc.server.db, 'Liste AG', 1);
    cat = await createCategory(company, 'Design');
    all = [];
    for (let i = 1; i <= 55; i++) {
      const body: Record<string, unknown> = { name: `svc ${String(i).padStart(2, '0')}` };
      if (i % 5 === 0) body.archived = true;
      if (i % 3 === 0) body.service_category_id = cat.id;
      if (i % 4 !== 0) body.hourly_rate = ((i * 7) % 50) * 10;
      all.push(await createService(company, body));
    }
    // names differing in case sort together
    all.push(await createService(company, { name: 'Alpha' }), await createService(company, { name: 'beta' }));
  });

  const list = (query: string) => svc.call('GET', `/companies/${company}/services${query}`);
  const names = (res: ServiceAnswer) => res.body.data.map((s: Service) => s.name);

  it('answers 50 per page by default, sorted by name, with the envelope', async () => {
    const res = await list('');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['data', 'links', 'meta']);
    expect(res.body.data).toHaveLength(50);
    expect(res.body.meta).toMatchObject({ current_page: 1, from: 1, to: 50, last_page: 2, per_page: 50, total: 57 });
    expect(res.body.links.prev).toBeNull();
    expect(res.body.links.next).toContain('page=2');
    expect(names(res).slice(0, 3)).toEqual(['Alpha', 'beta', 'svc 01']);
    const second = await list('?page=2');
    expect(second.body.data).toHaveLength(7);
    expect(second.body.meta).toMatchObject({ current_page: 2, from: 51, to: 57 });
    expect(names(second).at(-1)).toBe('svc 55');
  });

  it('clamps per_page to 1..100', async () => {
    expect((await list('?per_page=500')).body.meta.per_page).toBe(100);
    expect((await list('?per_page=500')).body.data).toHaveLength(57);
    expect((await list('?per_page=0')).body.meta.per_page).toBe(1);
    expect((await list('?per_page=7')).body.data).toHaveLength(7);
  });

  it('embeds the category in every listed service that has one', async () => {
    const res = await list('?per_page=100');
    for (const s of res.body.data as Service[]) {
      expect(s.service_category).toEqual(s.service_category_id === null ? null : cat);
    }
    expect(res.body.data).toEqual([...all].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase())));
  });

  it('filters by archived and by category', async () => {
    const archived = await list('?per_page=100&filter[archived]=true');
    expect(archived.body.meta.total).toBe(11);
    expect((archived.body.data as Service[]).every((s) => s.archived)).toBe(true);
    expect((await list('?per_page=100&filter[archived]=0')).body.meta.total).toBe(46);
    const inCat = await list(`?per_page=100&filter[service_category_id]=${cat.id}`);
    expect(inCat.body.meta.total).toBe(18);
    expect((inCat.body.data as Service[]).every((s) => s.service_category_id === cat.id)).toBe(true);
    const both = await list(`?per_page=100&filter[service_category_id]=${cat.id}&filter[archived]=1`);
    expect(names(both)).toEqual(['svc 15', 'svc 30', 'svc 45']);
    expect((await list('?filter[service_category_id]=999999')).body.meta.total).toBe(0);
    expect((await list('?filter[service_category_id]=abc')).body.meta.total).toBe(0);
  });

  it('sorts by name, hourly_rate and created_at, "-" for descending', async () => {
    const byName = [...all].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id);
    expect(names(await list('?per_page=100&sort=name'))).toEqual(byName.map((s) => s.name));
    expect(names(await list('?per_page=100&sort=-name'))).toEqual([...byName].reverse().map((s) => s.name));

    const rate = (s: Service) => (s.hourly_rate === null ? -1 : Number(s.hourly_rate));
    const byRate = [...all].sort((a, b) => rate(a) - rate(b) || a.id - b.id);
    const asc = (await list('?per_page=100&sort=hourly_rate')).body.data as Service[];
    expect(asc.map((s) => s.id)).toEqual(byRate.map((s) => s.id));
    expect(asc[0].hourly_rate).toBeNull();
    const desc = (await list('?per_page=100&sort=-hourly_rate')).body.data as Service[];
    expect(desc.map((s) => s.id)).toEqual([...byRate].reverse().map((s) => s.id));

    const created = (await list('?per_page=100&sort=created_at')).body.data as Service[];
    expect(created.map((s) => s.id)).toEqual([...all].sort((a, b) => a.id - b.id).map((s) => s.id));
    const createdDesc = (await list('?per_page=100&sort=-created_at')).body.data as Service[];
    expect(createdDesc[0].name).toBe('beta');
  });

  it('answers 400 for a sort it does not know', async () => {
    for (const sort of ['price', '-id', 'billable']) {
      const res = await list(`?sort=${sort}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: expect.stringContaining(sort) });
    }
  });

  it("lists only the company's own services, page past the end empty", async () => {
    const res = await list('?page=9');
    expect(res.body.data).toEqual([]);
    expect(res.body.meta).toMatchObject({ current_page: 9, total: 57, from: null, to: null });
    const own = new Set(all.map((s) => s.id));
    const first = await svc.call('GET', '/companies/1/services?per_page=100');
    expect((first.body.data as Service[]).some((s) => own.has(s.id))).toBe(false);
  });
});

describe('PUT /services/multiple', () => {
  it('applies hourly_rate to the ids of an array and leaves archived alone', async () => {
    const a = await createService(1, { name: 'bulk a', hourly_rate: 10, archived: true });
    const b = await createService(1, { name: 'bulk b' });
    const res = await svc.call('PUT', '/companies/1/services/multiple', { ids: [a.id, b.id], hourly_rate: '88.8' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String) });
    expect(await read(a.id)).toMatchObject({ hourly_rate: '88.80', archived: true, name: 'bulk a' });
    expect(await read(b.id)).toMatchObject({ hourly_rate: '88.80', archived: false });
  });

  it('applies archived to a single id or a comma-separated string and leaves the rate alone', async () => {
    const a = await createService(1, { name: 'bulk c', hourly_rate: 10 });
    const b = await createService(1, { name: 'bulk d', hourly_rate: 20 });
    const c = await createService(1, { name: 'bulk e', hourly_rate: 30 });
    expect((await svc.call('PUT', '/companies/1/services/multiple', { ids: a.id, archived: true })).status).toBe(200);
    expect(await read(a.id)).toMatchObject({ archived: true, hourly_rate: '10.00' });
    expect(
      (await svc.call('PUT', '/companies/1/services/multiple', { ids: `${b.id}, ${c.id}`, archived: 1 })).status,
    ).toBe(200);
    expect(await read(b.id)).toMatchObject({ archived: true, hourly_rate: '20.00' });
    expect(await read(c.id)).toMatchObject({ archived: true, hourly_rate: '30.00' });
    expect(
      (
        await svc.call('PUT', '/companies/1/services/multiple', {
          ids: [String(b.id)],
          archived: false,
          hourly_rate: null,
        })
      ).status,
    ).toBe(200);
    expect(await read(b.id)).toMatchObject({ archived: false, hourly_rate: null });
  });

  it("leaves another company's services and unknown ids alone", async () => {
    const foreign = await createService(company2, { name: 'foreign bulk', hourly_rate: 5 }, user2.token);
    const own = await createService(1, { name: 'own bulk' });
    const res = await svc.call('PUT', '/companies/1/services/multiple', {
      ids: [foreign.id, own.id, 999999],
      archived: true,
    });
    expect(res.status).toBe(200);
    expect(await read(own.id)).toMatchObject({ archived: true });
    const theirs = await svc.call('GET', `/companies/${company2}/services/${foreign.id}`, undefined, {
      token: user2.token,
    });
    expect(theirs.body.data).toEqual(foreign);
  });

  it('answers 422 for missing or malformed ids and bad values', async () => {
    for (const ids of [undefined, null, '', []]) {
      expect422(await svc.call('PUT', '/companies/1/services/multiple', { ids, archived: true }), {
        ids: ['The ids field is required.'],
      });
    }
    expect422(await svc.call('PUT', '/companies/1/services/multiple', { ids: 'a,b' }), {
      'ids.0': ['The ids.0 field must be an integer.'],
      'ids.1': ['The ids.1 field must be an integer.'],
    });
    expect422(await svc.call('PUT', '/companies/1/services/multiple', { ids: { a: 1 } }), {
      ids: ['The ids field must be an array.'],
    });
    const s = await createService(1, { name: 'bulk guarded', hourly_rate: 1 });
    expect422(await svc.call('PUT', '/companies/1/services/multiple', { ids: [s.id], hourly_rate: -1 }), {
      hourly_rate: ['The hourly rate field must be at least 0.'],
    });
    expect422(await svc.call('PUT', '/companies/1/services/multiple', { ids: [s.id], archived: 'soon' }), {
      archived: ['The archived field must be true or false.'],
    });
    expect(await read(s.id)).toEqual(s);
  });
});

describe('DELETE /services/multiple', () => {
  it('deletes the unused services and skips those with time entries, counting both', async () => {
    const free1 = await createService(1, { name: 'free 1' });
    const free2 = await createService(1, { name: 'free 2' });
    const used = await createService(1, { name: 'used' });
    const foreign = await createService(company2, { name: 'foreign del' }, user2.token);
    useInTimeEntry(used.id);
    const res = await svc.call('DELETE', '/companies/1/services/multiple', {
      ids: [free1.id, used.id, free2.id, foreign.id, 999999],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String), deleted: 2, skipped: 1 });
    expect((await svc.call('GET', `/companies/1/services/${free1.id}`)).status).toBe(404);
    expect((await svc.call('GET', `/companies/1/services/${free2.id}`)).status).toBe(404);
    expect(await read(used.id)).toEqual(used);
    expect(
      (await svc.call('GET', `/companies/${company2}/services/${foreign.id}`, undefined, { token: user2.token }))
        .status,
    ).toBe(200);
  });

  it('takes a single id and a comma-separated string', async () => {
    const a = await createService(1, { name: 'del a' });
    const b = await createService(1, { name: 'del b' });
    const c = await createService(1, { name: 'del c' });
    expect((await svc.call('DELETE', '/companies/1/services/multiple', { ids: a.id })).body).toMatchObject({
      deleted: 1,
      skipped: 0,
    });
    expect((await svc.call('DELETE', '/companies/1/services/multiple', { ids: `${b.id},${c.id}` })).body).toMatchObject(
      { deleted: 2, skipped: 0 },
    );
  });

  it('answers 422 without ids', async () => {
    expect422(await svc.call('DELETE', '/companies/1/services/multiple', {}), { ids: ['The ids field is required.'] });
    expect422(await svc.call('DELETE', '/companies/1/services/multiple'), { ids: ['The ids field is required.'] });
  });
});

describe('tenancy, ids and the services_active flag', () => {
  it("answers 404 for another company's service on every endpoint", async () => {
    const foreign = await createService(company2, { name: 'Theirs' }, user2.token);
    expect((await svc.call('GET', `/companies/1/services/${foreign.id}`)).status).toBe(404);
    expect((await svc.call('PUT', `/companies/1/services/${foreign.id}`, { name: 'Mine' })).status).toBe(404);
    expect((await svc.call('DELETE', `/companies/1/services/${foreign.id}`)).status).toBe(404);
    const theirs = await svc.call('GET', `/companies/${company2}/services/${foreign.id}`, undefined, {
      token: user2.token,
    });
    expect(theirs.body.data).toEqual(foreign);
  });

  it('answers 404 for ids that cannot exist and 403 for a company the user is not in', async () => {
    for (const id of ['999999', 'abc', '0', '1.5'])
      expect((await svc.call('GET', `/companies/1/services/${id}`)).status).toBe(404);
    expect((await svc.call('GET', `/companies/${company2}/services`)).status).toBe(403);
  });

  it('keeps every endpoint working the same when services_active is off', async () => {
    const company = addCompany(svc.server.db, 'Ohne Leistungen AG', 1);
    svc.server.db.prepare('UPDATE companies SET services_active = 0 WHERE id = ?').run(company);
    const s = await createService(company, { name: 'Still there', hourly_rate: 50 });
    expect((await svc.call('GET', `/companies/${company}/services`)).body.data).toEqual([s]);
    expect(
      (await svc.call('PUT', `/companies/${company}/services/${s.id}`, { billable: false })).body.data.billable,
    ).toBe(false);
    expect(
      (await svc.call('PUT', `/companies/${company}/services/multiple`, { ids: [s.id], archived: true })).status,
    ).toBe(200);
    expect((await svc.call('DELETE', `/companies/${company}/services/${s.id}`)).status).toBe(204);
  });
});
