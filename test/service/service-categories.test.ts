// Service categories against the running service: the five endpoints, every 422, tenancy, and what
// deleting a category does to its services.
import { beforeAll, describe, expect, it } from 'vitest';
import { addCompany } from '../../src/server/main.js';
import { expect422, secondTenant, useTestService, type SecondUser } from '../helpers/service.js';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const NAME_REQUIRED = 'The name field is required.';
const NAME_STRING = 'The name field must be a string.';
const NAME_TOO_LONG = 'The name field must not be greater than 255 characters.';

interface Category {
  id: number;
  name: string;
  created_at: string;
  updated_at: string;
}

const svc = useTestService();
let user2: SecondUser;
let company2: number;

async function createCategory(company: number, name: string, token?: string): Promise<Category> {
  const res = await svc.call('POST', `/companies/${company}/service-categories`, { name }, { token });
  expect(res.status).toBe(201);
  return res.body.data as Category;
}

beforeAll(() => {
  ({ user: user2, company: company2 } = secondTenant(svc));
});

describe('create and read', () => {
  it('creates with 201 { data: { id, name, created_at, updated_at } }, trimming the name', async () => {
    const res = await svc.call('POST', '/companies/1/service-categories', { name: '  Beratung  ' });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['data']);
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      name: 'Beratung',
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: expect.stringMatching(TIMESTAMP),
    });
    expect(Object.keys(res.body.data)).toEqual(['id', 'name', 'created_at', 'updated_at']);
    const read = await svc.call('GET', `/companies/1/service-categories/${res.body.data.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ data: res.body.data });
  });

  it('allows the same name twice (names are not unique)', async () => {
    const a = await createCategory(1, 'Twice');
    const b = await createCategory(1, 'Twice');
    expect(b.id).not.toBe(a.id);
  });

  it('accepts exactly 255 characters', async () => {
    const c = await createCategory(1, 'x'.repeat(255));
    expect(c.name).toHaveLength(255);
  });
});

describe('validation (422)', () => {
  it('requires a name: missing, null, empty or blank', async () => {
    for (const body of [{}, { name: null }, { name: '' }, { name: '   ' }]) {
      expect422(await svc.call('POST', '/companies/1/service-categories', body), { name: [NAME_REQUIRED] });
    }
  });

  it('rejects a name that is too long or not a string', async () => {
    expect422(await svc.call('POST', '/companies/1/service-categories', { name: 'x'.repeat(256) }), {
      name: [NAME_TOO_LONG],
    });
    expect422(await svc.call('POST', '/companies/1/service-categories', { name: 42 }), { name: [NAME_STRING] });
  });

  it('answers 400 to a body that is not JSON', async () => {
    const res = await svc.call('POST', '/companies/1/service-categories', undefined, {
      raw: '{nope',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
  });
});

describe('GET /service-categories', () => {
  it('lists every category of the company as { data: [...] } by name (ignoring case), not paginated', async () => {
    const company = addCompany(svc.server.db, 'Sorted AG', 1);
    for (const name of ['delta', 'Alpha', 'charlie', 'Bravo']) await createCategory(company, name);
    const res = await svc.call('GET', `/companies/${company}/service-categories?per_page=1&page=2`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['data']);
    expect(res.body.data.map((c: Category) => c.name)).toEqual(['Alpha', 'Bravo', 'charlie', 'delta']);
  });

  it('lists an empty company as { data: [] }', async () => {
    const company = addCompany(svc.server.db, 'Empty AG', 1);
    const res = await svc.call('GET', `/companies/${company}/service-categories`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [] });
  });
});

describe('update', () => {
  it('renames and answers 200 with the bare updated object', async () => {
    const c = await createCategory(1, 'Before');
    await new Promise((r) => setTimeout(r, 5));
    const res = await svc.call('PUT', `/companies/1/service-categories/${c.id}`, { name: ' After ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...c, name: 'After', updated_at: expect.stringMatching(TIMESTAMP) });
    expect(Date.parse(res.body.updated_at)).toBeGreaterThan(Date.parse(c.updated_at));
    expect((await svc.call('GET', `/companies/1/service-categories/${c.id}`)).body.data).toEqual(res.body);
  });

  it('leaves the category as it is when the name is not sent', async () => {
    const c = await createCategory(1, 'Untouched');
    const res = await svc.call('PUT', `/companies/1/service-categories/${c.id}`, {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual(c);
  });

  it('rejects a sent name that is blank, null, too long or not a string', async () => {
    const c = await createCategory(1, 'Strict');
    expect422(await svc.call('PUT', `/companies/1/service-categories/${c.id}`, { name: '' }), {
      name: [NAME_REQUIRED],
    });
    expect422(await svc.call('PUT', `/companies/1/service-categories/${c.id}`, { name: null }), {
      name: [NAME_REQUIRED],
    });
    expect422(await svc.call('PUT', `/companies/1/service-categories/${c.id}`, { name: 'y'.repeat(256) }), {
      name: [NAME_TOO_LONG],
    });
    expect422(await svc.call('PUT', `/companies/1/service-categories/${c.id}`, { name: ['a'] }), {
      name: [NAME_STRING],
    });
    expect((await svc.call('GET', `/companies/1/service-categories/${c.id}`)).body.data).toEqual(c);
  });
});

describe('delete', () => {
  it('answers 204 with an empty body; afterwards the category is gone', async () => {
    const c = await createCategory(1, 'Doomed');
    const res = await svc.call('DELETE', `/companies/1/service-categories/${c.id}`);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    for (const method of ['GET', 'PUT', 'DELETE']) {
      expect(
        (
          await svc.call(
            method,
            `/companies/1/service-categories/${c.id}`,
            method === 'PUT' ? { name: 'x' } : undefined,
          )
        ).status,
      ).toBe(404);
    }
  });

  it('keeps the services of the category, now without one', async () => {
    const c = await createCategory(1, 'With services');
    const s1 = (await svc.call('POST', '/companies/1/services', { name: 'Svc one', service_category_id: c.id })).body
      .data;
    const s2 = (await svc.call('POST', '/companies/1/services', { name: 'Svc two', service_category_id: c.id })).body
      .data;
    expect(s1.service_category).toEqual(c);
    expect((await svc.call('DELETE', `/companies/1/service-categories/${c.id}`)).status).toBe(204);
    for (const s of [s1, s2]) {
      const read = await svc.call('GET', `/companies/1/services/${s.id}`);
      expect(read.status).toBe(200);
      expect(read.body.data).toEqual({ ...s, service_category_id: null, service_category: null });
    }
  });
});

describe('tenancy and ids', () => {
  it("answers 404 for another company's category on every endpoint and leaves it alone", async () => {
    const foreign = await createCategory(company2, 'Foreign', user2.token);
    expect((await svc.call('GET', `/companies/1/service-categories/${foreign.id}`)).status).toBe(404);
    expect((await svc.call('PUT', `/companies/1/service-categories/${foreign.id}`, { name: 'Hijacked' })).status).toBe(
      404,
    );
    expect((await svc.call('DELETE', `/companies/1/service-categories/${foreign.id}`)).status).toBe(404);
    const list = await svc.call('GET', '/companies/1/service-categories');
    expect(list.body.data.map((c: Category) => c.id)).not.toContain(foreign.id);
    const own = await svc.call('GET', `/companies/${company2}/service-categories/${foreign.id}`, undefined, {
      token: user2.token,
    });
    expect(own.body.data).toEqual(foreign);
  });

  it('answers 404 for ids that cannot exist and 403 for a company the user is not in', async () => {
    for (const id of ['999999', 'abc', '0', '-1']) {
      expect((await svc.call('GET', `/companies/1/service-categories/${id}`)).status).toBe(404);
    }
    expect((await svc.call('GET', `/companies/${company2}/service-categories`)).status).toBe(403);
  });
});
