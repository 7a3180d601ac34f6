// Tags against the running service: the six endpoints, pagination, filters, every 422 and tenancy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCompany } from '../../src/server/main.js';
import {
  expect422,
  secondTenant,
  startTestService,
  type SecondUser,
  type ServiceAnswer,
  type TestService,
} from '../helpers/service.js';
import { retryOnStaleSocket } from './retry-on-reset.js';

const COLORS = ['orange', 'blue', 'lime', 'yellow', 'turquoise', 'marine', 'purple', 'pink', 'green', 'red', 'gray'];
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

const NAME_REQUIRED = 'The name field is required.';
const NAME_STRING = 'The name field must be a string.';
const NAME_TOO_LONG = 'The name field must not be greater than 255 characters.';
const NAME_TAKEN = 'The name has already been taken.';
const COLOR_REQUIRED = 'The color field is required.';
const COLOR_INVALID = 'The selected color is invalid.';

let svc: TestService;
let user2: SecondUser;
let company2: number;

async function createTag(company: number, name: string, color: string, token?: string) {
  const res = await svc.call('POST', `/companies/${company}/tags`, { name, color }, { token });
  expect(res.status).toBe(200);
  return res.body.data as {
    id: number;
    name: string;
    color: string;
    company_id: number;
    user_id: number;
    created_at: string;
    updated_at: string;
  };
}

beforeAll(async () => {
  svc = retryOnStaleSocket(await startTestService());
  // user 2 is a plain user of company 1 and the owner of company 2 (which user 1 cannot see).
  ({ user: user2, company: company2 } = secondTenant(svc));
});

afterAll(async () => {
  await svc?.close();
});

describe('GET /tags/colors', () => {
  it('answers the bare array of the 11 colours in the documented order', async () => {
    const res = await svc.call('GET', '/companies/1/tags/colors');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toEqual(COLORS);
  });
});

describe('create, read, update, delete', () => {
  it('creates a tag, lower-casing the name, and answers 200 { data: Tag }', async () => {
    const res = await svc.call('POST', '/companies/1/tags', { name: 'Marketing Q1', color: 'blue' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['data']);
    const tag = res.body.data;
    expect(tag).toEqual({
      id: expect.any(Number),
      name: 'marketing q1',
      color: 'blue',
      company_id: 1,
      user_id: 1,
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: expect.stringMatching(TIMESTAMP),
    });
    expect(Number.isInteger(tag.id) && tag.id > 0).toBe(true);
    expect(tag.updated_at).toBe(tag.created_at);
    expect(Math.abs(Date.parse(tag.created_at) - Date.now())).toBeLessThan(60_000);
  });

  it('lower-cases non-ASCII names and trims surrounding blanks', async () => {
    const tag = await createTag(1, '  ÄRGER Über ÉTÉ  ', 'lime');
    expect(tag.name).toBe('ärger über été');
  });

  it('stores the creator as user_id', async () => {
    const tag = await createTag(1, 'by user two', 'pink', user2.token);
    expect(tag.user_id).toBe(user2.id);
    expect(tag.company_id).toBe(1);
  });

  it('reads a tag as { data: Tag }', async () => {
    const created = await createTag(1, 'Readable', 'red');
    const res = await svc.call('GET', `/companies/1/tags/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: created });
  });

  it('updates name and colour, keeps created_at and lower-cases the new name', async () => {
    const created = await createTag(1, 'Before', 'orange');
    await new Promise((r) => setTimeout(r, 5));
    const res = await svc.call('PUT', `/companies/1/tags/${created.id}`, { name: 'AFTER', color: 'purple' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      ...created,
      name: 'after',
      color: 'purple',
      updated_at: expect.stringMatching(TIMESTAMP),
    });
    expect(Date.parse(res.body.data.updated_at)).toBeGreaterThan(Date.parse(created.updated_at));
    const read = await svc.call('GET', `/companies/1/tags/${created.id}`);
    expect(read.body.data).toEqual(res.body.data);
  });

  it('lets a tag keep its own name (in any case) on update', async () => {
    const created = await createTag(1, 'keep me', 'gray');
    const res = await svc.call('PUT', `/companies/1/tags/${created.id}`, { name: 'KEEP Me', color: 'green' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: created.id, name: 'keep me', color: 'green' });
  });

  it("rejects another tag's name on update, case-insensitively", async () => {
    await createTag(1, 'taken by other', 'red');
    const mine = await createTag(1, 'mine', 'red');
    expect422(await svc.call('PUT', `/companies/1/tags/${mine.id}`, { name: 'Taken By OTHER', color: 'red' }), {
      name: [NAME_TAKEN],
    });
    expect((await svc.call('GET', `/companies/1/tags/${mine.id}`)).body.data.name).toBe('mine');
  });

  it('requires both fields on update', async () => {
    const tag = await createTag(1, 'both required', 'yellow');
    expect422(await svc.call('PUT', `/companies/1/tags/${tag.id}`, { name: 'only name' }), { color: [COLOR_REQUIRED] });
    expect422(await svc.call('PUT', `/companies/1/tags/${tag.id}`, { color: 'blue' }), { name: [NAME_REQUIRED] });
    expect422(await svc.call('PUT', `/companies/1/tags/${tag.id}`, {}), {
      name: [NAME_REQUIRED],
      color: [COLOR_REQUIRED],
    });
    expect((await svc.call('GET', `/companies/1/tags/${tag.id}`)).body.data).toEqual(tag);
  });

  it('deletes with 204 and an empty body; afterwards read, update and delete answer 404', async () => {
    const tag = await createTag(1, 'doomed', 'marine');
    const del = await svc.call('DELETE', `/companies/1/tags/${tag.id}`);
    expect(del.status).toBe(204);
    expect(del.body).toBeNull();
    for (const [method, body] of [['GET'], ['PUT', { name: 'x', color: 'red' }], ['DELETE']] as const) {
      const res = await svc.call(method, `/companies/1/tags/${tag.id}`, body);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: expect.any(String) });
    }
    // the name is free again
    expect((await createTag(1, 'doomed', 'red')).name).toBe('doomed');
  });

  it('answers 404 for ids that cannot exist', async () => {
    for (const id of ['0', '-1', 'abc', '99999999999999999999', '1.5', '999999']) {
      for (const method of ['GET', 'PUT', 'DELETE']) {
        const res = await svc.call(
          method,
          `/companies/1/tags/${id}`,
          method === 'PUT' ? { name: 'n', color: 'red' } : undefined,
        );
        expect(res.status, `${method} ${id}`).toBe(404);
        expect(res.body).toEqual({ message: expect.any(String) });
      }
    }
  });
});

describe('validation (422)', () => {
  const cases: [string, unknown, Record<string, string[]>][] = [
    ['empty body', {}, { name: [NAME_REQUIRED], color: [COLOR_REQUIRED] }],
    ['name missing', { color: 'red' }, { name: [NAME_REQUIRED] }],
    ['name null', { name: null, color: 'red' }, { name: [NAME_REQUIRED] }],
    ['name empty', { name: '', color: 'red' }, { name: [NAME_REQUIRED] }],
    ['name blank', { name: '   \t ', color: 'red' }, { name: [NAME_REQUIRED] }],
    ['name a number', { name: 42, color: 'red' }, { name: [NAME_STRING] }],
    ['name a boolean', { name: true, color: 'red' }, { name: [NAME_STRING] }],
    ['name an array', { name: ['a'], color: 'red' }, { name: [NAME_STRING] }],
    ['name an object', { name: { a: 1 }, color: 'red' }, { name: [NAME_STRING] }],
    ['name 256 characters', { name: 'x'.repeat(256), color: 'red' }, { name: [NAME_TOO_LONG] }],
    ['color missing', { name: 'fine' }, { color: [COLOR_REQUIRED] }],
    ['color null', { name: 'fine', color: null }, { color: [COLOR_REQUIRED] }],
    ['color empty', { name: 'fine', color: '' }, { color: [COLOR_REQUIRED] }],
    ['color unknown', { name: 'fine', color: 'violet' }, { color: [COLOR_INVALID] }],
    ['color in upper case', { name: 'fine', color: 'Red' }, { color: [COLOR_INVALID] }],
    ['color a hex code', { name: 'fine', color: '#dc3545' }, { color: [COLOR_INVALID] }],
    ['color a number', { name: 'fine', color: 3 }, { color: [COLOR_INVALID] }],
    ['both invalid', { name: 7, color: 'violet' }, { name: [NAME_STRING], color: [COLOR_INVALID] }],
    [
      'blank name and unknown color',
      { name: '  ', color: 'violet' },
      { name: [NAME_REQUIRED], color: [COLOR_INVALID] },
    ],
    ['too long name and missing color', { name: 'y'.repeat(300) }, { name: [NAME_TOO_LONG], color: [COLOR_REQUIRED] }],
  ];

  it.each(cases)('POST: %s', async (_label, body, errors) => {
    expect422(await svc.call('POST', '/companies/1/tags', body), errors);
  });

  it.each(cases)('PUT: %s', async (_label, body, errors) => {
    const tag = await createTag(1, `put target ${_label}`, 'blue');
    expect422(await svc.call('PUT', `/companies/1/tags/${tag.id}`, body), errors);
    expect((await svc.call('GET', `/companies/1/tags/${tag.id}`)).body.data).toEqual(tag);
  });

  it('accepts exactly 255 characters (counted after trimming)', async () => {
    expect((await createTag(1, 'Z'.repeat(255), 'red')).name).toBe('z'.repeat(255));
    expect((await createTag(1, `  ${'w'.repeat(255)}  `, 'red')).name).toBe('w'.repeat(255));
  });

  it('rejects a taken name case-insensitively, with or without surrounding blanks', async () => {
    await createTag(1, 'Duplicate', 'red');
    for (const name of ['duplicate', 'DUPLICATE', 'DuPlIcAtE', '  duplicate  ']) {
      expect422(await svc.call('POST', '/companies/1/tags', { name, color: 'blue' }), { name: [NAME_TAKEN] });
    }
    const list = await svc.call('GET', '/companies/1/tags?filter[name]=duplicate');
    expect(list.body.data.map((t: { name: string }) => t.name)).toEqual(['duplicate']);
  });

  it('reports a taken name only after the shape rules pass', async () => {
    await createTag(1, 'shape first', 'red');
    expect422(await svc.call('POST', '/companies/1/tags', { name: 'Shape First', color: 'nope' }), {
      color: [COLOR_INVALID],
    });
  });
});

describe('tenancy', () => {
  it('allows the same name in two companies', async () => {
    const a = await createTag(1, 'Shared Name', 'red');
    const b = await createTag(company2, 'SHARED name', 'blue', user2.token);
    expect(a.name).toBe('shared name');
    expect(b.name).toBe('shared name');
    expect(b.company_id).toBe(company2);
    expect(b.id).not.toBe(a.id);
  });

  it("does not reach another company's tag through company 1's path", async () => {
    const foreign = await createTag(company2, 'Foreign', 'orange', user2.token);
    // user 1 (owner of company 1, not a member of company 2) and user 2 (member of both)
    for (const token of [undefined, user2.token]) {
      const read = await svc.call('GET', `/companies/1/tags/${foreign.id}`, undefined, { token });
      expect(read.status).toBe(404);
      expect(read.body).toEqual({ message: expect.any(String) });
      const put = await svc.call(
        'PUT',
        `/companies/1/tags/${foreign.id}`,
        { name: 'hijacked', color: 'red' },
        { token },
      );
      expect(put.status).toBe(404);
      const del = await svc.call('DELETE', `/companies/1/tags/${foreign.id}`, undefined, { token });
      expect(del.status).toBe(404);
    }
    const still = await svc.call('GET', `/companies/${company2}/tags/${foreign.id}`, undefined, { token: user2.token });
    expect(still.status).toBe(200);
    expect(still.body.data).toEqual(foreign);
    expect((await svc.call('GET', '/companies/1/tags?filter[name]=hijacked')).body.meta.total).toBe(0);
  });

  it("lists only the company's own tags", async () => {
    // another company of user 2, so that its list holds exactly the tags made here
    const other = addCompany(svc.server.db, 'Eigene Tags AG', user2.id);
    await createTag(1, 'Nur hier', 'lime');
    await createTag(other, 'Foreign', 'orange', user2.token);
    await createTag(other, 'SHARED name', 'blue', user2.token);
    const list1 = await svc.call('GET', '/companies/1/tags?per_page=100');
    expect(list1.body.data.length).toBeGreaterThan(0);
    expect(list1.body.data.every((t: { company_id: number }) => t.company_id === 1)).toBe(true);
    const list2 = await svc.call('GET', `/companies/${other}/tags?per_page=100`, undefined, { token: user2.token });
    expect(list2.body.data.map((t: { name: string }) => t.name).sort()).toEqual(['foreign', 'shared name']);
    expect(list2.body.meta.total).toBe(2);
  });

  it('answers 403 to user 1 for the other company', async () => {
    const res = await svc.call('GET', `/companies/${company2}/tags`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: expect.any(String) });
  });
});

describe('GET /tags: pagination and filters', () => {
  let company: number;
  let ids: number[];
  let path: string;
  const TOTAL = 32;

  beforeAll(async () => {
    company = addCompany(svc.server.db, 'Paging AG', 1);
    path = `${svc.url}/companies/${company}/tags`;
    ids = [];
    for (let i = 1; i <= TOTAL; i++)
      ids.push((await createTag(company, `Tag ${String(i).padStart(2, '0')}`, COLORS[i % COLORS.length])).id);
  });

  const list = (query = '') => svc.call('GET', `/companies/${company}/tags${query}`);
  const page = (link: string | null) => (link === null ? null : Number(new URL(link).searchParams.get('page')));

  it('defaults to page 1 with 15 per page and answers the full envelope with absolute links', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'links', 'meta']);
    expect(res.body.data.map((t: { id: number }) => t.id)).toEqual(ids.slice(0, 15));
    expect(res.body.data[0]).toEqual({
      id: ids[0],
      name: 'tag 01',
      color: COLORS[1],
      company_id: company,
      user_id: 1,
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: expect.stringMatching(TIMESTAMP),
    });
    expect(res.body.links).toEqual({
      first: `${path}?page=1`,
      last: `${path}?page=3`,
      prev: null,
      next: `${path}?page=2`,
    });
    expect(res.body.meta).toEqual({ current_page: 1, from: 1, last_page: 3, path, per_page: 15, to: 15, total: TOTAL });
    expect(path.startsWith('http://127.0.0.1:')).toBe(true);
  });

  it('walks the pages in id order without gaps or repeats', async () => {
    const second = await list('?page=2');
    expect(second.body.data.map((t: { id: number }) => t.id)).toEqual(ids.slice(15, 30));
    expect(second.body.meta).toEqual({
      current_page: 2,
      from: 16,
      last_page: 3,
      path,
      per_page: 15,
      to: 30,
      total: TOTAL,
    });
    expect(second.body.links).toEqual({
      first: `${path}?page=1`,
      last: `${path}?page=3`,
      prev: `${path}?page=1`,
      next: `${path}?page=3`,
    });

    const third = await list('?page=3');
    expect(third.body.data.map((t: { id: number }) => t.id)).toEqual(ids.slice(30));
    expect(third.body.meta).toEqual({
      current_page: 3,
      from: 31,
      last_page: 3,
      path,
      per_page: 15,
      to: 32,
      total: TOTAL,
    });
    expect(third.body.links.prev).toBe(`${path}?page=2`);
    expect(third.body.links.next).toBeNull();

    // following `next` from the first page reaches every tag once
    const seen: number[] = [];
    let link: string | null = `${path}?per_page=7`;
    while (link) {
      const res = await svc.call('GET', link);
      expect(res.body.meta.per_page).toBe(7);
      seen.push(...res.body.data.map((t: { id: number }) => t.id));
      link = res.body.links.next;
    }
    expect(seen).toEqual(ids);
  });

  it('keeps the other query parameters in the links', async () => {
    const res = await list('?per_page=10&page=2&filter[name]=tag');
    for (const [key, expected] of [
      ['first', 1],
      ['last', 4],
      ['prev', 1],
      ['next', 3],
    ] as const) {
      const url = new URL(res.body.links[key]);
      expect(`${url.origin}${url.pathname}`).toBe(path);
      expect(url.searchParams.get('per_page')).toBe('10');
      expect(url.searchParams.get('filter[name]')).toBe('tag');
      expect(url.searchParams.get('page')).toBe(String(expected));
    }
    expect(res.body.meta).toEqual({
      current_page: 2,
      from: 11,
      last_page: 4,
      path,
      per_page: 10,
      to: 20,
      total: TOTAL,
    });
  });

  it.each([
    ['0', 1],
    ['-5', 1],
    ['1', 1],
    ['7', 7],
    ['100', 100],
    ['101', 100],
    ['100000', 100],
    ['abc', 15],
    ['', 15],
    ['2.5', 15],
  ])('clamps per_page=%s to %i', async (perPage, expected) => {
    const res = await list(`?per_page=${perPage}`);
    expect(res.status).toBe(200);
    expect(res.body.meta.per_page).toBe(expected);
    expect(res.body.data).toHaveLength(Math.min(expected, TOTAL));
    expect(res.body.meta.last_page).toBe(Math.ceil(TOTAL / expected));
    expect(res.body.meta.to).toBe(Math.min(expected, TOTAL));
  });

  it.each([['0'], ['-1'], ['-99999'], ['abc'], ['']])('treats page=%s as page 1', async (p) => {
    const res = await list(`?page=${p}`);
    expect(res.status).toBe(200);
    expect(res.body.meta.current_page).toBe(1);
    expect(res.body.meta.from).toBe(1);
    expect(res.body.data.map((t: { id: number }) => t.id)).toEqual(ids.slice(0, 15));
    expect(res.body.links.prev).toBeNull();
  });

  it('answers a page past the end with empty data and correct meta', async () => {
    const res = await list('?page=9');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    expect(res.body.meta).toEqual({
      current_page: 9,
      from: null,
      last_page: 3,
      path,
      per_page: 15,
      to: null,
      total: TOTAL,
    });
    expect(res.body.links.first).toBe(`${path}?page=1`);
    expect(res.body.links.last).toBe(`${path}?page=3`);
    expect(res.body.links.next).toBeNull();
    expect(page(res.body.links.prev)).toBe(3);

    const huge = await list('?page=999999999999999&per_page=100');
    expect(huge.status).toBe(200);
    expect(huge.body.data).toEqual([]);
    expect(huge.body.meta).toMatchObject({
      current_page: 999999999999999,
      from: null,
      to: null,
      last_page: 1,
      total: TOTAL,
    });
  });

  it('lists an empty company as one empty page', async () => {
    const empty = addCompany(svc.server.db, 'Empty AG', 1);
    const res = await svc.call('GET', `/companies/${empty}/tags`);
    const emptyPath = `${svc.url}/companies/${empty}/tags`;
    expect(res.body).toEqual({
      data: [],
      links: { first: `${emptyPath}?page=1`, last: `${emptyPath}?page=1`, prev: null, next: null },
      meta: { current_page: 1, from: null, last_page: 1, path: emptyPath, per_page: 15, to: null, total: 0 },
    });
  });

  describe('filters', () => {
    let fc: number;
    const names = (res: ServiceAnswer) => res.body.data.map((t: { name: string }) => t.name).sort();

    beforeAll(async () => {
      fc = addCompany(svc.server.db, 'Filter AG', 1);
      for (const [name, color] of [
        ['Alpha', 'red'],
        ['Alphabet', 'blue'],
        ['beta', 'red'],
        ['gamma_1', 'green'],
        ['gammax1', 'green'],
        ['100%', 'gray'],
        ['1000', 'gray'],
        ["o'brien", 'pink'],
        ['say "hi"', 'pink'],
        ['Zürich', 'red'],
      ])
        await createTag(fc, name, color);
    });

    const filter = (query: string) => svc.call('GET', `/companies/${fc}/tags?${query}`);

    it('filter[name] matches a substring, ignoring case', async () => {
      expect(names(await filter('filter[name]=alph'))).toEqual(['alpha', 'alphabet']);
      expect(names(await filter('filter[name]=ALPHA'))).toEqual(['alpha', 'alphabet']);
      expect(names(await filter('filter[name]=bet'))).toEqual(['alphabet', 'beta']);
      expect(names(await filter(`filter[name]=${encodeURIComponent('ZÜR')}`))).toEqual(['zürich']);
      const res = await filter('filter[name]=alph');
      expect(res.body.meta).toMatchObject({ total: 2, from: 1, to: 2, last_page: 1 });
    });

    it('filter[name] takes %, _ and quotes literally', async () => {
      expect(names(await filter('filter[name]=%25'))).toEqual(['100%']);
      expect(names(await filter('filter[name]=_'))).toEqual(['gamma_1']);
      expect(names(await filter('filter[name]=a_1'))).toEqual(['gamma_1']);
      expect(names(await filter(`filter[name]=${encodeURIComponent("o'b")}`))).toEqual(["o'brien"]);
      expect(names(await filter(`filter[name]=${encodeURIComponent('"hi"')}`))).toEqual(['say "hi"']);
      expect(names(await filter(`filter[name]=${encodeURIComponent("' OR 1=1 --")}`))).toEqual([]);
    });

    it('an empty filter[name] does not filter', async () => {
      expect((await filter('filter[name]=')).body.meta.total).toBe(10);
    });

    it('filter[color] matches exactly', async () => {
      expect(names(await filter('filter[color]=red'))).toEqual(['alpha', 'beta', 'zürich']);
      expect(names(await filter('filter[color]=gray'))).toEqual(['100%', '1000']);
      expect(names(await filter('filter[color]=re'))).toEqual([]);
      expect(names(await filter('filter[color]=RED'))).toEqual([]);
      expect(names(await filter('filter[color]=violet'))).toEqual([]);
    });

    it('combines filters with each other and with pagination', async () => {
      expect(names(await filter('filter[name]=a&filter[color]=red'))).toEqual(['alpha', 'beta']);
      const res = await filter('filter[color]=red&per_page=2&page=2');
      expect(res.body.data.map((t: { name: string }) => t.name)).toEqual(['zürich']);
      expect(res.body.meta).toMatchObject({ current_page: 2, from: 3, to: 3, last_page: 2, per_page: 2, total: 3 });
      expect(new URL(res.body.links.first).searchParams.get('filter[color]')).toBe('red');
    });
  });
});
