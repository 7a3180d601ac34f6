// No input may produce a 500: every route the app registers gets random bodies, query strings and ids.
import fc from 'fast-check';
import { beforeAll, expect, test } from 'vitest';
import { everyRoute } from '../../src/server/routes/index.js';
import { useTestService } from '../helpers/service.js';

const svc = useTestService();
beforeAll(async () => {
  // a little of everything, so ids 1 and 2 exist for most resources
  await svc.call('POST', '/companies/1/tags', { name: 'fuzz', color: 'blue' });
  const customer = await svc.call('POST', '/companies/1/customers', { name: 'Fuzz AG', contact_name: 'Eva' });
  const project = await svc.call('POST', '/companies/1/projects', { name: 'Fuzz', customer_id: customer.body.data.id });
  await svc.call('POST', '/companies/1/times', {
    project_id: project.body.data.id,
    hours: 1,
    minutes: 0,
    date: '2025-01-06',
  });
  await svc.call('POST', '/companies/1/tasks', { title: 'Fuzz', due: '2025-01-10', project_id: project.body.data.id });
  await svc.call('POST', '/companies/1/entries', {
    date: '2025-01-06',
    debit_account_id: 3,
    credit_account_id: 40,
    sum: 100,
  });
});

/** Every route of the app, as METHOD and path relative to the base URL, with parameters filled from `id`. */
async function routes(): Promise<{ method: string; path: (id: string) => string }[]> {
  const seen = new Set<string>();
  const out: { method: string; path: (id: string) => string }[] = [];
  for (const r of await everyRoute()) {
    if (r.method === 'ALL' || !r.path.startsWith('/api/v2/') || r.path.includes('*')) continue;
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const template = r.path.slice('/api/v2'.length);
    out.push({
      method: r.method,
      path: (id) => template.replace(':company', '1').replace(/:(\w+)(\{[^}]*\})?/g, () => id),
    });
  }
  return out;
}

const jsonValue = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -1e12, max: 1e12 }),
  fc.double({ noNaN: true }),
  fc.string({ maxLength: 300 }),
  fc.constantFrom(
    '2025-02-30',
    '0000-00-00',
    '12:99',
    'CH93 0076 2011 6238 5295 7',
    "1'000.50",
    '[]',
    '{"a":1}',
    '-1',
    '1e400',
    'all',
    'null',
  ),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 20 })), { maxLength: 5 }),
);
const FIELDS = [
  'name',
  'color',
  'number',
  'sum',
  'date',
  'type',
  'ids',
  'hours',
  'minutes',
  'rate',
  'account_id',
  'customer_id',
  'project_id',
  'debit_account_id',
  'credit_account_id',
  'tax_rate_id',
  'iban',
  'email',
  'website',
  'hourly_rate',
  'price',
  'budget',
  'start',
  'end',
  'status',
  'archived',
  'archive',
  'billable',
  'tag_ids',
  'newTags',
  'due',
  'title',
  'description',
  'is_primary',
  'force',
  'newCustomerName',
  'positions',
];
const body = fc.dictionary(fc.constantFrom(...FIELDS), jsonValue, { maxKeys: 8 });
const query = fc.dictionary(
  fc.constantFrom(
    'page',
    'per_page',
    'sort',
    'include',
    'filter[name]',
    'filter[date]',
    'filter[id]',
    'filter[archived]',
    'filter[customer_id]',
    'filter[status]',
    'type',
    'start',
    'until',
    'group_by',
    'group_by_weeks',
    'year',
    'number',
    'limit',
    'offset',
    'status',
    'search',
  ),
  fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.constantFrom('-1', '0', '1', '999999999999', 'true', 'abc', '2025-01-01,2025-12-31', '%', "'", '-name'),
  ),
  { maxKeys: 4 },
);
const id = fc.constantFrom('1', '2', '0', '999999', 'abc', '-1', '99999999999999999999');

test('no route answers 5xx to random input', async () => {
  const all = await routes();
  expect(all.length).toBeGreaterThan(80);
  const failures: string[] = [];
  const statuses = new Set<number>();
  await fc.assert(
    fc.asyncProperty(fc.nat({ max: all.length - 1 }), id, body, query, async (i, ref, b, q) => {
      const route = all[i];
      const search = new URLSearchParams(q as Record<string, string>).toString();
      const path = `${route.path(ref)}${search ? `?${search}` : ''}`;
      const res = await svc.call(route.method, path, route.method === 'GET' || route.method === 'HEAD' ? undefined : b);
      statuses.add(res.status);
      if (res.status >= 500)
        failures.push(`${route.method} ${path} ${JSON.stringify(b)} → ${res.status} ${JSON.stringify(res.body)}`);
      return res.status < 500;
    }),
    { numRuns: 1500 },
  );
  expect(failures).toEqual([]);
  // the input got past routing into the handlers: successes, refusals and validation errors alike
  for (const status of [200, 400, 404, 422]) expect(statuses).toContain(status);
}, 120_000);

/** `{"a":[[[…]]]}` nested `depth` levels deep (the object counts as one). */
const nested = (depth: number) => `{"a":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
const writeRoutes = async () => (await routes()).filter((r) => r.method !== 'GET' && r.method !== 'HEAD');

test('a deeply nested JSON body answers 400 on every route, never 5xx', async () => {
  const failures: string[] = [];
  let refused = 0;
  for (const route of await writeRoutes()) {
    for (const depth of [3_000, 100_000]) {
      const res = await svc.call(route.method, route.path('1'), undefined, {
        raw: nested(depth),
        headers: { 'Content-Type': 'application/json' },
      });
      if (res.status >= 500)
        failures.push(`${route.method} ${route.path('1')} depth ${depth} → ${res.status} ${JSON.stringify(res.body)}`);
      if (res.status === 400 && res.body?.message === 'The request body is nested too deeply (at most 512 levels).')
        refused++;
    }
  }
  expect(failures).toEqual([]);
  // every route that reads a body refuses it before looking at it (the issue found 34 such routes)
  expect(refused / 2).toBeGreaterThanOrEqual(34);
}, 120_000);

test('JSON nested up to 512 levels is read; one level more is refused', async () => {
  const ok = await svc.call('POST', '/companies/1/tags', undefined, {
    raw: `{"name":"tief","color":"blue","x":${nested(511)}}`,
    headers: { 'Content-Type': 'application/json' },
  });
  expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  expect(ok.body.data).toMatchObject({ name: 'tief', color: 'blue' });
  const deep = await svc.call('POST', '/companies/1/tags', undefined, {
    raw: `{"name":"tiefer","color":"blue","x":${nested(512)}}`,
    headers: { 'Content-Type': 'application/json' },
  });
  expect(deep).toMatchObject({
    status: 400,
    body: { message: 'The request body is nested too deeply (at most 512 levels).' },
  });
});

test('an oversized body answers 413 { message } on every route before it is read', async () => {
  const over = JSON.stringify({ name: 'x'.repeat(1024 * 1024) });
  const failures: string[] = [];
  for (const route of await writeRoutes()) {
    const res = await svc.call(route.method, route.path('1'), undefined, {
      raw: over,
      headers: { 'Content-Type': 'application/json' },
    });
    if (res.status !== 413 || res.body?.message !== 'The request body must not be greater than 1024 kilobytes.')
      failures.push(`${route.method} ${route.path('1')} → ${res.status} ${JSON.stringify(res.body)}`);
  }
  expect(failures).toEqual([]);
}, 120_000);

test('multipart abuse never answers 5xx: many parts, huge field names, files where fields are expected', async () => {
  const abuse: [string, () => FormData][] = [
    [
      '5,000 parts',
      () => {
        const f = new FormData();
        for (let i = 0; i < 5_000; i++) f.append(i % 3 === 0 ? `tag_ids[${i}]` : FIELDS[i % FIELDS.length], String(i));
        return f;
      },
    ],
    [
      'a field name of 512 KB',
      () => {
        const f = new FormData();
        f.append('n'.repeat(512 * 1024), 'value');
        f.append('name', 'x');
        return f;
      },
    ],
    [
      'files in every field',
      () => {
        const f = new FormData();
        for (const name of FIELDS) f.append(name, new Blob(['{"a":1}'], { type: 'application/json' }), `${name}.json`);
        return f;
      },
    ],
  ];
  const failures: string[] = [];
  const statuses = new Set<number>();
  for (const route of await writeRoutes()) {
    for (const [what, make] of abuse) {
      const res = await svc.call(route.method, route.path('1'), make());
      statuses.add(res.status);
      if (res.status >= 500)
        failures.push(
          `${route.method} ${route.path('1')} ${what} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`,
        );
    }
  }
  expect(failures).toEqual([]);
  for (const status of [400, 422]) expect(statuses).toContain(status);
}, 300_000);
