// Products against the running service: CRUD, formatted prices, list paging/filters/sorts, /count,
// every 422 key the spec names and tenancy.
import { beforeAll, describe, expect, it } from 'vitest';
import { addCompany } from '../../src/server/main.js';
import { expect422, secondTenant, useTestService, type SecondUser, type ServiceAnswer } from '../helpers/service.js';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const KEYS = [
  'id',
  'company_id',
  'user_id',
  'name',
  'description',
  'price',
  'formatted_price',
  'unit',
  'archived',
  'created_at',
  'updated_at',
];

interface Product {
  id: number;
  company_id: number;
  user_id: number;
  name: string;
  description: string | null;
  price: number | null;
  formatted_price: string | null;
  unit: string | null;
  archived: boolean;
  created_at: string;
  updated_at: string;
}

const svc = useTestService();
let user2: SecondUser;
let company2: number;

async function createProduct(company: number, body: Record<string, unknown>, token?: string): Promise<Product> {
  const res = await svc.call('POST', `/companies/${company}/products`, body, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Product;
}

const read = async (id: number) => (await svc.call('GET', `/companies/1/products/${id}`)).body.data as Product;

beforeAll(() => {
  ({ user: user2, company: company2 } = secondTenant(svc));
});

describe('create and read', () => {
  it('creates with 200 { data: Product }, price as a number and formatted_price grouped in CHF', async () => {
    const res = await svc.call('POST', '/companies/1/products', {
      name: ' Webhosting ',
      description: 'Ein Jahr',
      price: 1234.5,
      unit: 'Jahr',
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['data']);
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      company_id: 1,
      user_id: 1,
      name: 'Webhosting',
      description: 'Ein Jahr',
      price: 1234.5,
      formatted_price: "CHF 1'234.50",
      unit: 'Jahr',
      archived: false,
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: expect.stringMatching(TIMESTAMP),
    });
    expect(Object.keys(res.body.data)).toEqual(KEYS);
    const got = await svc.call('GET', `/companies/1/products/${res.body.data.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual({ data: res.body.data });
  });

  it('creates with the name alone: description, price, formatted_price and unit null', async () => {
    const p = await createProduct(1, { name: 'Nur Name' });
    expect(p).toMatchObject({ description: null, price: null, formatted_price: null, unit: null, archived: false });
  });

  it('reads prices given as strings, rounds to Rappen, formats the bounds', async () => {
    const cases: [unknown, number, string][] = [
      ['12.3', 12.3, 'CHF 12.30'],
      [0, 0, 'CHF 0.00'],
      ['999999.99', 999999.99, "CHF 999'999.99"],
      [0.125, 0.13, 'CHF 0.13'],
      [1000, 1000, "CHF 1'000.00"],
    ];
    for (const [input, price, formatted] of cases) {
      expect(await createProduct(1, { name: `p ${String(input)}`, price: input })).toMatchObject({
        price,
        formatted_price: formatted,
      });
    }
  });

  it('turns blank description and unit into null, ignores archived on create and stores the creator', async () => {
    const p = await createProduct(
      1,
      { name: 'Blanks', description: '', unit: '  ', price: '', archived: true },
      user2.token,
    );
    expect(p).toMatchObject({
      description: null,
      unit: null,
      price: null,
      archived: false,
      user_id: user2.id,
      company_id: 1,
    });
  });
});

describe('validation (422)', () => {
  it('requires a name that is a string of at most 255 characters', async () => {
    for (const body of [{}, { name: null }, { name: '' }, { name: ' ' }]) {
      expect422(await svc.call('POST', '/companies/1/products', body), { name: ['The name field is required.'] });
    }
    expect422(await svc.call('POST', '/companies/1/products', { name: 'x'.repeat(256) }), {
      name: ['The name field must not be greater than 255 characters.'],
    });
    expect422(await svc.call('POST', '/companies/1/products', { name: 12 }), {
      name: ['The name field must be a string.'],
    });
    expect((await createProduct(1, { name: 'n'.repeat(255), unit: 'u'.repeat(255) })).name).toHaveLength(255);
  });

  it('rejects a price below 0, above 999999.99 or not numeric', async () => {
    expect422(await svc.call('POST', '/companies/1/products', { name: 'p', price: -1 }), {
      price: ['The price field must be at least 0.'],
    });
    expect422(await svc.call('POST', '/companies/1/products', { name: 'p', price: 1000000 }), {
      price: ['The price field must not be greater than 999999.99.'],
    });
    expect422(await svc.call('POST', '/companies/1/products', { name: 'p', price: '12,50' }), {
      price: ['The price field must be a number.'],
    });
  });

  it('rejects a unit that is too long and a description or unit not a string, listing every field', async () => {
    expect422(await svc.call('POST', '/companies/1/products', { name: 'p', unit: 'u'.repeat(256) }), {
      unit: ['The unit field must not be greater than 255 characters.'],
    });
    const res = await svc.call('POST', '/companies/1/products', { description: 5, price: 'x', unit: [] });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['name', 'description', 'price', 'unit']);
  });
});

describe('update', () => {
  it('changes only the fields sent and answers 200 { data: Product }', async () => {
    const p = await createProduct(1, { name: 'Before', price: 10, unit: 'Stk', description: 'd' });
    await new Promise((r) => setTimeout(r, 5));
    const res = await svc.call('PUT', `/companies/1/products/${p.id}`, { price: '2500' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['data']);
    expect(res.body.data).toEqual({
      ...p,
      price: 2500,
      formatted_price: "CHF 2'500.00",
      updated_at: expect.stringMatching(TIMESTAMP),
    });
    expect(Date.parse(res.body.data.updated_at)).toBeGreaterThan(Date.parse(p.updated_at));
    expect(await read(p.id)).toEqual(res.body.data);
  });

  it('archives, unarchives and clears nullable fields with null', async () => {
    const p = await createProduct(1, { name: 'Archivable', price: 5, unit: 'h', description: 'text' });
    expect((await svc.call('PUT', `/companies/1/products/${p.id}`, { archived: true })).body.data.archived).toBe(true);
    expect((await svc.call('PUT', `/companies/1/products/${p.id}`, { archived: '0' })).body.data.archived).toBe(false);
    const cleared = await svc.call('PUT', `/companies/1/products/${p.id}`, {
      price: null,
      unit: null,
      description: null,
      name: 'Renamed',
    });
    expect(cleared.body.data).toMatchObject({
      name: 'Renamed',
      price: null,
      formatted_price: null,
      unit: null,
      description: null,
    });
  });

  it('answers 422 (errors.name, price, unit, archived) and changes nothing', async () => {
    const p = await createProduct(1, { name: 'Guarded', price: 1 });
    expect422(await svc.call('PUT', `/companies/1/products/${p.id}`, { name: '' }), {
      name: ['The name field is required.'],
    });
    expect422(await svc.call('PUT', `/companies/1/products/${p.id}`, { name: null }), {
      name: ['The name field is required.'],
    });
    expect422(await svc.call('PUT', `/companies/1/products/${p.id}`, { price: 1e7 }), {
      price: ['The price field must not be greater than 999999.99.'],
    });
    expect422(await svc.call('PUT', `/companies/1/products/${p.id}`, { unit: 'u'.repeat(256) }), {
      unit: ['The unit field must not be greater than 255 characters.'],
    });
    expect422(await svc.call('PUT', `/companies/1/products/${p.id}`, { archived: 'yes' }), {
      archived: ['The archived field must be true or false.'],
    });
    expect422(await svc.call('PUT', `/companies/1/products/${p.id}`, { archived: null }), {
      archived: ['The archived field must be true or false.'],
    });
    expect(await read(p.id)).toEqual(p);
  });

  it('answers an empty body with the product unchanged', async () => {
    const p = await createProduct(1, { name: 'Same' });
    const res = await svc.call('PUT', `/companies/1/products/${p.id}`, {});
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(p);
  });
});

describe('delete', () => {
  it('answers 204 with an empty body; afterwards read, update and delete answer 404', async () => {
    const p = await createProduct(1, { name: 'Doomed' });
    const res = await svc.call('DELETE', `/companies/1/products/${p.id}`);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect((await svc.call('GET', `/companies/1/products/${p.id}`)).status).toBe(404);
    expect((await svc.call('PUT', `/companies/1/products/${p.id}`, { name: 'x' })).status).toBe(404);
    expect((await svc.call('DELETE', `/companies/1/products/${p.id}`)).status).toBe(404);
  });
});

describe('GET /products: paging, filters and sorts', () => {
  let company: number;
  let all: Product[];

  beforeAll(async () => {
    company = addCompany(svc.server.db, 'Produkte AG', 1);
    all = [];
    for (let i = 1; i <= 20; i++) {
      const body: Record<string, unknown> = { name: i % 2 ? `Kabel ${i}` : `Stecker ${i}` };
      if (i % 4 !== 0) body.price = (i * 13) % 20;
      all.push(await createProduct(company, body));
    }
    for (const p of all.filter((_, i) => i % 5 === 4)) {
      expect((await svc.call('PUT', `/companies/${company}/products/${p.id}`, { archived: true })).status).toBe(200);
      p.archived = true;
    }
  });

  const list = (query: string) => svc.call('GET', `/companies/${company}/products${query}`);
  const ids = (res: ServiceAnswer) => (res.body.data as Product[]).map((p) => p.id);

  it('answers 15 per page by default, in id order, with the envelope', async () => {
    const res = await list('');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['data', 'links', 'meta']);
    expect(ids(res)).toEqual(all.slice(0, 15).map((p) => p.id));
    expect(res.body.meta).toMatchObject({ current_page: 1, per_page: 15, last_page: 2, total: 20, from: 1, to: 15 });
    expect(ids(await list('?page=2'))).toEqual(all.slice(15).map((p) => p.id));
    expect((await list('?per_page=1000')).body.meta.per_page).toBe(100);
  });

  it('filter[name] matches a substring, ignoring case', async () => {
    const res = await list('?per_page=100&filter[name]=kAbEl');
    expect(res.body.meta.total).toBe(10);
    expect((res.body.data as Product[]).every((p) => p.name.startsWith('Kabel'))).toBe(true);
    expect((await list('?filter[name]=Stecker%202')).body.meta.total).toBe(2);
    expect((await list('?filter[name]=%25')).body.meta.total).toBe(0);
  });

  it('filter[archived] and filter[id] (one id or a comma list)', async () => {
    expect(ids(await list('?per_page=100&filter[archived]=true'))).toEqual(
      all.filter((p) => p.archived).map((p) => p.id),
    );
    expect((await list('?filter[archived]=false')).body.meta.total).toBe(16);
    expect(ids(await list(`?filter[id]=${all[3].id}`))).toEqual([all[3].id]);
    expect(ids(await list(`?filter[id]=${all[7].id},${all[2].id}`))).toEqual([all[2].id, all[7].id]);
    expect((await list('?filter[id]=abc')).body.meta.total).toBe(0);
  });

  it('sorts by name and price, "-" for descending', async () => {
    const byName = [...all].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id);
    expect(ids(await list('?per_page=100&sort=name'))).toEqual(byName.map((p) => p.id));
    expect(ids(await list('?per_page=100&sort=-name'))).toEqual([...byName].reverse().map((p) => p.id));
    const price = (p: Product) => (p.price === null ? -1 : p.price);
    const byPrice = [...all].sort((a, b) => price(a) - price(b) || a.id - b.id);
    const asc = await list('?per_page=100&sort=price');
    expect(ids(asc)).toEqual(byPrice.map((p) => p.id));
    expect(asc.body.data[0].price).toBeNull();
    expect(ids(await list('?per_page=100&sort=-price'))).toEqual([...byPrice].reverse().map((p) => p.id));
  });

  it('answers 400 for a sort it does not know', async () => {
    const res = await list('?sort=created_at');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: expect.stringContaining('created_at') });
  });
});

describe('GET /products/count', () => {
  it("answers the bare number of the company's products, archived included", async () => {
    const company = addCompany(svc.server.db, 'Zähl AG', 1);
    const count = () => svc.call('GET', `/companies/${company}/products/count`);
    let res = await count();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toBe(0);
    const a = await createProduct(company, { name: 'a' });
    await createProduct(company, { name: 'b' });
    await createProduct(company2, { name: 'elsewhere' }, user2.token);
    await svc.call('PUT', `/companies/${company}/products/${a.id}`, { archived: true });
    res = await count();
    expect(res.body).toBe(2);
    expect((await svc.call('GET', `/companies/${company}/products/count?filter[archived]=false`)).body).toBe(1);
    expect((await svc.call('GET', `/companies/${company}/products/count?filter[archived]=true`)).body).toBe(1);
  });
});

describe('tenancy and ids', () => {
  it("answers 404 for another company's product on every endpoint and leaves it alone", async () => {
    const foreign = await createProduct(company2, { name: 'Theirs', price: 3 }, user2.token);
    expect((await svc.call('GET', `/companies/1/products/${foreign.id}`)).status).toBe(404);
    expect((await svc.call('PUT', `/companies/1/products/${foreign.id}`, { name: 'Mine' })).status).toBe(404);
    expect((await svc.call('DELETE', `/companies/1/products/${foreign.id}`)).status).toBe(404);
    expect((await svc.call('GET', `/companies/1/products?filter[id]=${foreign.id}`)).body.data).toEqual([]);
    const theirs = await svc.call('GET', `/companies/${company2}/products/${foreign.id}`, undefined, {
      token: user2.token,
    });
    expect(theirs.body.data).toEqual(foreign);
  });

  it('answers 404 for ids that cannot exist and 403 for a company the user is not in', async () => {
    for (const id of ['999999', 'abc', '0'])
      expect((await svc.call('GET', `/companies/1/products/${id}`)).status).toBe(404);
    expect((await svc.call('GET', `/companies/${company2}/products`)).status).toBe(403);
    expect((await svc.call('GET', `/companies/${company2}/products/count`)).status).toBe(403);
  });
});
