// The service's cross-cutting behaviour over real HTTP: authentication, company scope, plans, /users/me,
// the rate limit, request parsing, unknown routes, robustness against arbitrary input, timestamps,
// graceful close, and the administration functions behind `acct server …`.
import { createHash } from 'node:crypto';
import { request as httpRequest, type ClientRequest } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminError, addCompany, addUser, openDatabase, setCompany } from '../../src/server/main.js';
import {
  OWNER_TOKEN,
  secondTenant,
  secondUser,
  startTestService as startService,
  type SecondUser,
  type ServiceAnswer,
  type TestService,
} from '../helpers/service.js';
import { retryOnStaleSocket } from './retry-on-reset.js';

const startTestService = async (opts?: { rateLimit?: number }) => retryOnStaleSocket(await startService(opts));

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const COLORS = ['orange', 'blue', 'lime', 'yellow', 'turquoise', 'marine', 'purple', 'pink', 'green', 'red', 'gray'];
const UNAUTHENTICATED = { message: 'Unauthenticated.' };

let svc: TestService;
let admin: SecondUser;
let plain: SecondUser;
let foreignCompany: number;
let expiredCompany: number;

function expectMessage(res: ServiceAnswer, status: number): void {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.body).toEqual({ message: expect.any(String) });
  expect(res.body.message.length).toBeGreaterThan(0);
}

beforeAll(async () => {
  svc = await startTestService();
  const db = svc.server.db;
  // the admin owns Foreign AG, of which user 1 and the plain user are not members
  ({ user: admin, company: foreignCompany } = secondTenant(svc, {
    name: 'Ada Admin',
    email: 'ada@example.com',
    role: 'admin',
    token: 'admin-token',
    company: 'Foreign AG',
  }));
  plain = secondUser(svc, { name: 'Uli User', email: 'uli@example.com', token: 'plain-token' });
  expiredCompany = addCompany(db, 'Expired AG', 1);
  setCompany(db, expiredCompany, { subscriptionExpired: 'on' });
});

afterAll(async () => {
  await svc?.close();
});

describe('authentication (401)', () => {
  const paths = ['/users/me', '/companies/1/tags', '/companies/1/tags/colors', '/companies/999/tags', '/no/such/route'];

  it('rejects a request without a token', async () => {
    for (const path of paths) {
      const res = await svc.call('GET', path, undefined, { token: null });
      expect(res.status, path).toBe(401);
      expect(res.body).toEqual(UNAUTHENTICATED);
    }
    const post = await svc.call('POST', '/companies/1/tags', { name: 'x', color: 'red' }, { token: null });
    expect(post.status).toBe(401);
    expect(post.body).toEqual(UNAUTHENTICATED);
  });

  it('rejects an unknown token', async () => {
    for (const token of [
      'wrong-token',
      `${OWNER_TOKEN}x`,
      OWNER_TOKEN.toUpperCase(),
      'acct_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    ]) {
      for (const path of paths) {
        const res = await svc.call('GET', path, undefined, { token });
        expect(res.status, `${token} ${path}`).toBe(401);
        expect(res.body).toEqual(UNAUTHENTICATED);
      }
    }
  });

  it('rejects a malformed Authorization header', async () => {
    for (const header of [
      'Bearer',
      `Basic ${Buffer.from(`owner:${OWNER_TOKEN}`).toString('base64')}`,
      OWNER_TOKEN,
      `Token ${OWNER_TOKEN}`,
      `Bearer${OWNER_TOKEN}`,
      `Bearer ${OWNER_TOKEN} extra`,
      `Bearer: ${OWNER_TOKEN}`,
      `Bearer "${OWNER_TOKEN}"`,
    ]) {
      const res = await svc.call('GET', '/users/me', undefined, { token: null, headers: { Authorization: header } });
      expect(res.status, header).toBe(401);
      expect(res.body).toEqual(UNAUTHENTICATED);
    }
  });

  it('accepts the scheme in any case and extra blanks before the token', async () => {
    for (const header of [`bearer ${OWNER_TOKEN}`, `BEARER ${OWNER_TOKEN}`, `Bearer    ${OWNER_TOKEN}`]) {
      const res = await svc.call('GET', '/users/me', undefined, { token: null, headers: { Authorization: header } });
      expect(res.status, header).toBe(200);
      expect(res.body.data.id).toBe(1);
    }
  });
});

describe('company scope (403, 402)', () => {
  it('answers 403 for a company the user is not a member of', async () => {
    expectMessage(await svc.call('GET', `/companies/${foreignCompany}/tags`), 403);
    expectMessage(await svc.call('POST', `/companies/${foreignCompany}/tags`, { name: 'x', color: 'red' }), 403);
    expectMessage(await svc.call('GET', `/companies/${foreignCompany}/tags/colors`), 403);
    expectMessage(await svc.call('PATCH', `/companies/${foreignCompany}/tags`), 403);
    expectMessage(await svc.call('GET', `/companies/${foreignCompany}/tags`, undefined, { token: plain.token }), 403);
    // the member reaches it
    expect((await svc.call('GET', `/companies/${foreignCompany}/tags`, undefined, { token: admin.token })).status).toBe(
      200,
    );
  });

  it('answers 403 for a company that does not exist', async () => {
    for (const id of ['999', '0', '-1', 'abc', '99999999999999999999', '1.0']) {
      expectMessage(await svc.call('GET', `/companies/${id}/tags`), 403);
    }
  });

  it('answers 402 to every request of a company whose subscription expired', async () => {
    expectMessage(await svc.call('GET', `/companies/${expiredCompany}/tags`), 402);
    expectMessage(await svc.call('GET', `/companies/${expiredCompany}/tags/colors`), 402);
    expectMessage(await svc.call('POST', `/companies/${expiredCompany}/tags`, { name: 'x', color: 'red' }), 402);
    expectMessage(await svc.call('GET', `/companies/${expiredCompany}/tags/1`), 402);
    expectMessage(await svc.call('DELETE', `/companies/${expiredCompany}/tags/1`), 402);
    // a non-member still gets 403, and other companies and /users/me are unaffected
    expectMessage(await svc.call('GET', `/companies/${expiredCompany}/tags`, undefined, { token: plain.token }), 403);
    expect((await svc.call('GET', '/companies/1/tags')).status).toBe(200);
    expect((await svc.call('GET', '/users/me')).status).toBe(200);
  });

  it('serves the company again when the subscription is switched back on', async () => {
    const id = addCompany(svc.server.db, 'Toggle AG', admin.id);
    const opts = { token: admin.token };
    expect((await svc.call('GET', `/companies/${id}/tags`, undefined, opts)).status).toBe(200);
    setCompany(svc.server.db, id, { subscriptionExpired: 'on' });
    expectMessage(await svc.call('GET', `/companies/${id}/tags`, undefined, opts), 402);
    setCompany(svc.server.db, id, { subscriptionExpired: 'off' });
    expect((await svc.call('GET', `/companies/${id}/tags`, undefined, opts)).status).toBe(200);
  });
});

describe('GET /users/me', () => {
  it('answers the owner with every company and role', async () => {
    const res = await svc.call('GET', '/users/me');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        id: 1,
        name: 'Owner',
        email: 'owner@localhost',
        companies: [
          { id: 1, name: 'Demo AG', role: 'owner' },
          { id: expiredCompany, name: 'Expired AG', role: 'owner' },
        ],
      },
    });
  });

  it('answers an admin with its role per company', async () => {
    const res = await svc.call('GET', '/users/me', undefined, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: admin.id, name: 'Ada Admin', email: 'ada@example.com' });
    expect(Object.keys(res.body.data)).toEqual(['id', 'name', 'email', 'companies']);
    expect(res.body.data.companies.slice(0, 2)).toEqual([
      { id: 1, name: 'Demo AG', role: 'admin' },
      { id: foreignCompany, name: 'Foreign AG', role: 'owner' },
    ]);
  });

  it('answers a regular user', async () => {
    const res = await svc.call('GET', '/users/me', undefined, { token: plain.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        id: plain.id,
        name: 'Uli User',
        email: 'uli@example.com',
        companies: [{ id: 1, name: 'Demo AG', role: 'user' }],
      },
    });
  });

  it('lets every role work on tags of its company', async () => {
    for (const [token, name] of [
      [OWNER_TOKEN, 'by owner'],
      [admin.token, 'by admin'],
      [plain.token, 'by user'],
    ]) {
      const res = await svc.call('POST', '/companies/1/tags', { name, color: 'red' }, { token });
      expect(res.status).toBe(200);
      expect(res.body.data.name).toBe(name);
    }
  });
});

describe('rate limit', () => {
  it('counts every response down and answers 429 with Retry-After after the limit', async () => {
    const s = await startTestService({ rateLimit: 5 });
    try {
      // all resources and all outcomes share one budget per client IP
      const requests: [string, string, unknown, number][] = [
        ['GET', '/users/me', undefined, 200],
        ['GET', '/companies/1/tags', undefined, 200],
        ['POST', '/companies/1/tags', { name: 'limited', color: 'red' }, 200],
        ['POST', '/companies/1/tags', {}, 422],
        ['GET', '/companies/1/nothing-here', undefined, 404],
      ];
      for (const [i, [method, path, body, status]] of requests.entries()) {
        const res = await s.call(method, path, body);
        expect(res.status, `${method} ${path}`).toBe(status);
        expect(res.headers.get('x-ratelimit-limit')).toBe('5');
        expect(res.headers.get('x-ratelimit-remaining')).toBe(String(4 - i));
      }
      const limited = await s.call('GET', '/users/me');
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ message: 'Too Many Attempts.' });
      expect(limited.headers.get('x-ratelimit-limit')).toBe('5');
      expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
      const retryAfter = limited.headers.get('retry-after');
      expect(retryAfter).toMatch(/^\d+$/);
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(retryAfter)).toBeLessThanOrEqual(60);
      // it stays limited, for every endpoint, and nothing is written meanwhile
      const blockedWrite = await s.call('POST', '/companies/1/tags', { name: 'blocked', color: 'red' });
      expect(blockedWrite.status).toBe(429);
      expect(blockedWrite.body).toEqual({ message: 'Too Many Attempts.' });
      expect((await s.call('GET', '/companies/1/tags/colors')).status).toBe(429);
      const rows = s.server.db.prepare('SELECT name FROM tags ORDER BY id').all() as { name: string }[];
      expect(rows.map((r) => r.name)).toEqual(['limited']);
    } finally {
      await s.close();
    }
  });

  it('counts unauthenticated requests too', async () => {
    const s = await startTestService({ rateLimit: 3 });
    try {
      for (let i = 0; i < 3; i++) {
        const res = await s.call('GET', '/users/me', undefined, { token: i === 1 ? 'wrong' : null });
        expect(res.status).toBe(401);
        expect(res.body).toEqual(UNAUTHENTICATED);
        expect(res.headers.get('x-ratelimit-limit')).toBe('3');
        expect(res.headers.get('x-ratelimit-remaining')).toBe(String(2 - i));
      }
      const anonymous = await s.call('GET', '/users/me', undefined, { token: null });
      expect(anonymous.status).toBe(429);
      expect(anonymous.body).toEqual({ message: 'Too Many Attempts.' });
      // the valid token comes from the same address and is limited as well
      const owner = await s.call('GET', '/users/me');
      expect(owner.status).toBe(429);
      expect(owner.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await s.close();
    }
  });

  it('never limits when the limit is off (0)', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 150; i++) {
      const res = await svc.call('GET', i % 2 ? '/users/me' : '/companies/1/tags/colors');
      statuses.add(res.status);
      expect(res.headers.get('x-ratelimit-remaining')).toBeNull();
    }
    expect([...statuses]).toEqual([200]);
    const unauthenticated = new Set<number>();
    for (let i = 0; i < 150; i++)
      unauthenticated.add((await svc.call('GET', '/users/me', undefined, { token: null })).status);
    expect([...unauthenticated]).toEqual([401]);
  });
});

describe('request bodies', () => {
  const json = { 'Content-Type': 'application/json' };

  it('answers 400 { message } to a body that is not valid JSON', async () => {
    const tag = (await svc.call('POST', '/companies/1/tags', { name: 'json target', color: 'red' })).body.data;
    for (const raw of [
      '{bad',
      '{"name": "a",}',
      "{'name':'a','color':'red'}",
      '{"name":"a"',
      'undefined',
      '[',
      '\u0000',
      'name=a&color=red',
    ]) {
      for (const [method, path] of [
        ['POST', '/companies/1/tags'],
        ['PUT', `/companies/1/tags/${tag.id}`],
      ]) {
        const res = await svc.call(method, path, undefined, { raw, headers: json });
        expect(res.status, `${method} ${raw}`).toBe(400);
        expect(res.body).toEqual({ message: expect.any(String) });
      }
    }
  });

  it('answers 400 to a JSON body that is an array or a scalar', async () => {
    for (const raw of ['[]', '[{"name":"arr","color":"red"}]', '"name"', '42', 'true', 'null']) {
      const res = await svc.call('POST', '/companies/1/tags', undefined, { raw, headers: json });
      expect(res.status, raw).toBe(400);
      expect(res.body).toEqual({ message: expect.any(String) });
    }
    expect((await svc.call('GET', '/companies/1/tags?filter[name]=arr')).body.meta.total).toBe(0);
  });

  it('answers 400 to a broken multipart body', async () => {
    for (const type of ['multipart/form-data; boundary=x', 'multipart/form-data']) {
      const res = await svc.call('POST', '/companies/1/tags', undefined, {
        raw: '--x\r\nbroken',
        headers: { 'Content-Type': type },
      });
      expect(res.status, type).toBe(400);
      expect(res.body).toEqual({ message: expect.any(String) });
    }
  });

  it('treats an empty body as no input (422)', async () => {
    const res = await svc.call('POST', '/companies/1/tags', undefined, { raw: '', headers: json });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['name', 'color']);
  });

  it('reads form-encoded bodies like JSON', async () => {
    const res = await svc.call('POST', '/companies/1/tags', undefined, {
      raw: 'name=Form+Tag&color=lime',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'form tag', color: 'lime' });
  });

  it('ignores unknown body fields, including ones naming protected columns', async () => {
    const res = await svc.call('POST', '/companies/1/tags', {
      name: 'Ignored Extras',
      color: 'blue',
      id: 424242,
      company_id: foreignCompany,
      user_id: admin.id,
      created_at: '2000-01-01T00:00:00.000000Z',
      extra: { nested: [1, 2, 3] },
      __proto__x: true,
    });
    expect(res.status).toBe(200);
    const tag = res.body.data;
    expect(Object.keys(tag).sort()).toEqual([
      'color',
      'company_id',
      'created_at',
      'id',
      'name',
      'updated_at',
      'user_id',
    ]);
    expect(tag).toMatchObject({ name: 'ignored extras', color: 'blue', company_id: 1, user_id: 1 });
    expect(tag.id).not.toBe(424242);
    expect(tag.created_at).not.toBe('2000-01-01T00:00:00.000000Z');

    const put = await svc.call('PUT', `/companies/1/tags/${tag.id}`, {
      name: 'ignored extras',
      color: 'red',
      company_id: foreignCompany,
      id: 1,
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ id: tag.id, company_id: 1, color: 'red' });
  });
});

describe('unknown routes and methods', () => {
  it('answers 404 { message } to an unknown path', async () => {
    for (const path of [
      '/nope',
      '/users',
      '/companies',
      '/companies/1',
      '/companies/1/nope',
      '/companies/1/tags/1/extra',
      '/companies/1/tags/colors/x',
    ]) {
      expectMessage(await svc.call('GET', path), 404);
    }
    for (const url of [
      `${svc.origin}/api/nope`,
      `${svc.origin}/api/v1/users/me`,
      `${svc.origin}/nope`,
      `${svc.origin}/`,
    ]) {
      expectMessage(await svc.call('GET', url), 404);
    }
  });

  it('answers 405 { message } with Allow to a wrong method on a known path', async () => {
    const cases: [string, string, string[]][] = [
      ['PATCH', '/companies/1/tags', ['GET', 'HEAD', 'POST']],
      ['PUT', '/companies/1/tags', ['GET', 'HEAD', 'POST']],
      ['DELETE', '/companies/1/tags', ['GET', 'HEAD', 'POST']],
      // `/tags/colors` is also matched by `/tags/{tag}` (PUT, DELETE), as in the hosted service's router
      ['POST', '/companies/1/tags/colors', ['GET', 'HEAD', 'PUT', 'DELETE']],
      ['PATCH', '/companies/1/tags/1', ['GET', 'HEAD', 'PUT', 'DELETE']],
      ['POST', '/companies/1/tags/1', ['GET', 'HEAD', 'PUT', 'DELETE']],
      ['POST', '/users/me', ['GET', 'HEAD']],
      ['DELETE', '/users/me', ['GET', 'HEAD']],
    ];
    for (const [method, path, allowed] of cases) {
      const res = await svc.call(method, path, method === 'GET' ? undefined : {});
      expectMessage(res, 405);
      expect(res.body.message).toContain(method);
      expect(res.headers.get('allow')?.split(/,\s*/).sort()).toEqual([...allowed].sort());
    }
  });
});

/** encodeURIComponent; a lone surrogate (which it refuses) goes out as the invalid UTF-8 bytes ED A0 80. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '\ufffd')).replace(/%EF%BF%BD/g, '%ED%A0%80');
  }
}

describe('no input gives a 500', () => {
  it('survives a bounded fuzz over the tag endpoints', async () => {
    // the admin's company and token: user 1 and the plain user keep their companies for GET /users/me
    const company = addCompany(svc.server.db, 'Fuzz AG', admin.id);
    const token = admin.token;
    const existing: number[] = [];
    for (const color of COLORS.slice(0, 3)) {
      existing.push(
        (await svc.call('POST', `/companies/${company}/tags`, { name: `seed ${color}`, color }, { token })).body.data
          .id,
      );
    }

    const odd = fc.constantFrom(
      'x'.repeat(100_000),
      '\ud800',
      '\udfff',
      'a\u0000b',
      '𝒳𝒴',
      'İ'.repeat(300),
      ' ',
      '',
      '%',
      '_',
      "'",
      '"',
      '\\',
      "' OR '1'='1",
      '0',
      '-1',
    );
    const scalar = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.string({ minLength: 250, maxLength: 260 }),
      fc.constantFrom(...COLORS, 'Red', 'violet'),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      odd,
    );
    const value = fc.oneof(
      scalar,
      fc.object(),
      fc.array(fc.anything(), { maxLength: 5 }),
      fc.dictionary(fc.string(), scalar),
    );
    const body = fc.oneof(
      fc.record({
        kind: fc.constant('json' as const),
        value: fc.record({ name: value, color: value, extra: fc.anything() }, { requiredKeys: [] }),
      }),
      fc.record({
        kind: fc.constant('raw' as const),
        value: fc.oneof(
          fc.string(),
          fc.json(),
          odd,
          fc.constantFrom('{', '[]', 'null', '{"name":', '[{"name":"a"}]', '--x\r\n'),
        ),
      }),
      fc.constant({ kind: 'none' as const }),
    );
    const contentType = fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'multipart/form-data',
      undefined,
    );
    const id = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...existing.map(String)) },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          '0',
          '-1',
          'abc',
          '99999999999999999999',
          '1e3',
          '1.5',
          '%20',
          '%00',
          '%E0%A4%A',
          '１',
          'colors',
        ),
      },
      { weight: 1, arbitrary: fc.nat({ max: 1_000_000 }).map(String) },
    );
    const companyId = fc.oneof(
      { weight: 8, arbitrary: fc.constant(String(company)) },
      { weight: 1, arbitrary: fc.constantFrom('0', '-1', 'abc', '99999999999999999999', '999', '1') },
    );
    const anyPath = fc.oneof(
      fc.constant('/tags'),
      fc.constant('/tags/colors'),
      id.map((i) => `/tags/${i}`),
      id.map((i) => `/tags/${i}/${i}`),
    );
    const anyMethod = fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS');
    // mostly methods the path answers, so most requests get past routing into validation and the store
    const target = fc.oneof(
      { weight: 4, arbitrary: fc.tuple(fc.constantFrom('GET', 'POST', 'POST'), fc.constant('/tags')) },
      {
        weight: 4,
        arbitrary: fc.tuple(
          fc.constantFrom('GET', 'PUT', 'PUT', 'DELETE'),
          id.map((i) => `/tags/${i}`),
        ),
      },
      { weight: 1, arbitrary: fc.tuple(fc.constant('GET'), fc.constant('/tags/colors')) },
      { weight: 2, arbitrary: fc.tuple(anyMethod, anyPath) },
    );
    const param = fc.oneof(
      fc.constantFrom(
        '-1',
        '0',
        '1',
        '2',
        'abc',
        '99999999999999999999',
        '999999999999999',
        '1e2',
        '',
        '%',
        '%%',
        '%2',
        '1.5',
        ' 3 ',
      ),
      fc.string(),
      odd.filter((s) => s.length < 1000),
      fc.constantFrom(...COLORS),
    );
    const query = fc
      .array(
        fc.tuple(
          fc.constantFrom('page', 'per_page', 'filter[name]', 'filter[color]', 'filter%5Bname%5D', 'filter[]', 'sort'),
          param,
          fc.boolean(),
        ),
        { maxLength: 5 },
      )
      .map((pairs) => pairs.map(([k, v, raw]) => `${k}=${raw ? v : encode(v)}`).join('&'));

    let runs = 0;
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(target, companyId, query, body, contentType, async ([m, p], c, q, b, type) => {
        runs++;
        const url = `${svc.url}/companies/${c}${p}${q ? `?${q}` : ''}`;
        const headers: Record<string, string> = type ? { 'Content-Type': type } : {};
        let raw: string | undefined;
        if (m !== 'GET' && b.kind === 'json') raw = JSON.stringify(b.value);
        if (m !== 'GET' && b.kind === 'raw') raw = b.value;
        const res = await svc.call(m, url, undefined, { raw, headers, token });
        seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
        const where =
          `${m} ${url.slice(0, 300)} ${String(raw).slice(0, 300)} → ${res.status} ` +
          `${JSON.stringify(res.body)?.slice(0, 300)}`;
        expect(res.status, where).toBeLessThan(500);
        expect([200, 204, 400, 403, 404, 405, 422], where).toContain(res.status);
        if (res.status === 204) {
          expect(res.body, where).toBeNull();
          return;
        }
        expect(res.headers.get('content-type'), where).toMatch(/^application\/json/);
        expect(typeof res.body, where).toBe('object');
        expect(res.body, where).not.toBeNull();
        if (res.status >= 400) {
          expect(typeof res.body.message, where).toBe('string');
          expect(res.body.message.length, where).toBeGreaterThan(0);
          expect(JSON.stringify(res.body), where).not.toMatch(/SQLITE|at .*\.(ts|js):\d+|SELECT |INSERT /);
        }
      }),
      { numRuns: 300, endOnFailure: true },
    );
    expect(runs).toBe(300);
    // the generators reach every kind of answer, not only the early rejections
    for (const status of [200, 400, 403, 404, 405, 422])
      expect(seen.get(status) ?? 0, `status ${status} seen`).toBeGreaterThan(0);
    // the service is still healthy afterwards
    expect((await svc.call('GET', '/users/me')).status).toBe(200);
  });
});

describe('timestamps', () => {
  it('are ISO 8601 UTC with microseconds on create, update, read and list', async () => {
    const created = (await svc.call('POST', '/companies/1/tags', { name: 'stamp', color: 'red' })).body.data;
    const updated = (await svc.call('PUT', `/companies/1/tags/${created.id}`, { name: 'stamp', color: 'blue' })).body
      .data;
    const read = (await svc.call('GET', `/companies/1/tags/${created.id}`)).body.data;
    const listed = (await svc.call('GET', '/companies/1/tags?per_page=100')).body.data;
    const stamps = [created, updated, read, ...listed].flatMap((t: { created_at: string; updated_at: string }) => [
      t.created_at,
      t.updated_at,
    ]);
    expect(stamps.length).toBeGreaterThan(6);
    for (const stamp of stamps) {
      expect(stamp).toMatch(TIMESTAMP);
      expect(new Date(stamp).toISOString().slice(0, 23)).toBe(stamp.slice(0, 23));
    }
    expect(Math.abs(Date.parse(created.created_at) - Date.now())).toBeLessThan(60_000);
    expect(Date.parse(updated.updated_at)).toBeGreaterThanOrEqual(Date.parse(created.updated_at));
    expect(updated.created_at).toBe(created.created_at);
  });
});

describe('graceful close', () => {
  it('lets a request in flight finish, refuses new connections, then closes the database', async () => {
    const s = await startTestService();
    let req: ClientRequest | undefined;
    try {
      const body = JSON.stringify({ name: 'In Flight', color: 'green' });
      const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
        req = httpRequest(
          {
            host: '127.0.0.1',
            port: s.server.port,
            method: 'POST',
            path: '/api/v2/companies/1/tags',
            agent: false,
            headers: {
              Authorization: `Bearer ${OWNER_TOKEN}`,
              'Content-Type': 'application/json',
              'Content-Length': Buffer.byteLength(body),
            },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              text += chunk;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
      });
      // headers and half the body reach the server; the handler now waits for the rest
      req!.write(body.slice(0, 10));
      await new Promise<void>((resolve) => req!.once('socket', (socket) => socket.once('connect', () => resolve())));
      await new Promise((r) => setTimeout(r, 200));

      let closed = false;
      const closing = s.server.close().then(() => {
        closed = true;
      });
      await new Promise((r) => setTimeout(r, 100));
      expect(closed).toBe(false);
      await expect(
        fetch(`${s.url}/users/me`, { headers: { Authorization: `Bearer ${OWNER_TOKEN}` } }),
      ).rejects.toThrow();

      req!.end(body.slice(10));
      const res = await response;
      expect(res.status).toBe(200);
      const tag = JSON.parse(res.text).data;
      expect(tag).toMatchObject({ name: 'in flight', color: 'green', company_id: 1 });

      await closing;
      expect(closed).toBe(true);
      expect(s.server.db.isOpen).toBe(false);
      // the write survived the close
      const db = openDatabase(s.dataDir);
      try {
        expect(db.prepare('SELECT name FROM tags WHERE id = ?').get(tag.id)).toEqual({ name: 'in flight' });
      } finally {
        db.close();
      }
    } finally {
      req?.destroy();
      await s.close();
    }
  });

  it('closes promptly when idle, and close() is idempotent', async () => {
    const s = await startTestService();
    expect((await s.call('GET', '/users/me')).status).toBe(200); // leaves a keep-alive connection behind
    const started = Date.now();
    const first = s.server.close();
    expect(s.server.close()).toBe(first);
    await first;
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(s.server.db.isOpen).toBe(false);
    await s.close();
  });
});

describe('administration', () => {
  const count = (sql: string, ...params: (number | string)[]) =>
    Number((svc.server.db.prepare(sql).get(...params) as { n: number }).n);

  describe('addUser', () => {
    it('adds a user with a token that works at once', () => {
      const before = count('SELECT count(*) AS n FROM users');
      const added = addUser(svc.server.db, { name: 'New One', email: 'new@example.com', company: 1, role: 'user' });
      expect(added.token).toMatch(/^acct_[A-Za-z0-9_-]{32}$/);
      expect(count('SELECT count(*) AS n FROM users')).toBe(before + 1);
      expect(
        count(
          "SELECT count(*) AS n FROM company_user WHERE user_id = ? AND company_id = 1 AND role = 'user'",
          added.id,
        ),
      ).toBe(1);
      // tokens are stored hashed
      expect(count('SELECT count(*) AS n FROM tokens WHERE hash = ?', added.token)).toBe(0);
      expect(
        count(
          'SELECT count(*) AS n FROM tokens WHERE user_id = ? AND hash = ?',
          added.id,
          createHash('sha256').update(added.token).digest('hex'),
        ),
      ).toBe(1);
    });

    it('rejects an invalid role, an unknown company, a duplicate e-mail and bad input without writing', () => {
      const before = count('SELECT count(*) AS n FROM users');
      const base = { name: 'Bad', email: 'bad@example.com', company: 1, role: 'user' };
      for (const [input, message] of [
        [{ ...base, role: 'superuser' }, /invalid role "superuser"/],
        [{ ...base, role: 'Owner' }, /invalid role/],
        [{ ...base, role: '' }, /invalid role/],
        [{ ...base, company: 999 }, /company 999 does not exist/],
        [{ ...base, email: 'owner@localhost' }, /already exists/],
        [{ ...base, email: 'ada@example.com' }, /already exists/],
        [{ ...base, email: 'not-an-address' }, /invalid e-mail/],
        [{ ...base, name: '   ' }, /name/],
      ] as const) {
        expect(() => addUser(svc.server.db, input), JSON.stringify(input)).toThrow(AdminError);
        expect(() => addUser(svc.server.db, input)).toThrow(message);
      }
      expect(count('SELECT count(*) AS n FROM users')).toBe(before);
    });
  });

  describe('setCompany', () => {
    let id: number;
    const company = () =>
      svc.server.db.prepare('SELECT * FROM companies WHERE id = ?').get(id) as Record<string, unknown>;

    beforeAll(() => {
      id = addCompany(svc.server.db, 'Settings AG', admin.id);
    });

    it('starts with the documented defaults', () => {
      expect(company()).toMatchObject({
        plan: 'standard',
        subscription_expired: 0,
        services_active: 1,
        vat_accrual_method_active: 0,
        payment_term: 30,
        revenue_cap: null,
        closed_until: null,
        creditor_country: 'CH',
        timezone: 'Europe/Zurich',
      });
    });

    it('sets every setting', () => {
      setCompany(svc.server.db, id, {
        plan: 'business',
        services: 'off',
        vatAccrual: 'on',
        paymentTerm: '10',
        revenueCap: '100000.5',
        closedUntil: '2024-12-31',
        creditorName: 'Settings AG',
        creditorStreet: 'Bahnhofstrasse',
        creditorBuilding: '1',
        creditorZip: '8001',
        creditorCity: 'Zürich',
        creditorCountry: 'LI',
      });
      expect(company()).toMatchObject({
        plan: 'business',
        services_active: 0,
        vat_accrual_method_active: 1,
        payment_term: 10,
        revenue_cap: 10000050,
        closed_until: '2024-12-31',
        creditor_name: 'Settings AG',
        creditor_street: 'Bahnhofstrasse',
        creditor_building: '1',
        creditor_zip: '8001',
        creditor_city: 'Zürich',
        creditor_country: 'LI',
      });
      setCompany(svc.server.db, id, { revenueCap: 'none', closedUntil: 'none' });
      expect(company()).toMatchObject({ revenue_cap: null, closed_until: null });
      setCompany(svc.server.db, id, { revenueCap: '250000' });
      expect(company().revenue_cap).toBe(25000000);
    });

    it.each([
      [{ plan: 'premium' }, /--plan/],
      [{ plan: 'Business' }, /--plan/],
      [{ subscriptionExpired: 'yes' }, /--subscription-expired takes on or off/],
      [{ services: 'true' }, /--services takes on or off/],
      [{ vatAccrual: '1' }, /--vat-accrual takes on or off/],
      [{ paymentTerm: '-1' }, /--payment-term/],
      [{ paymentTerm: 'abc' }, /--payment-term/],
      [{ paymentTerm: '12345' }, /--payment-term/],
      [{ paymentTerm: '1.5' }, /--payment-term/],
      [{ revenueCap: '1.234' }, /--revenue-cap/],
      [{ revenueCap: '-5' }, /--revenue-cap/],
      [{ revenueCap: 'lots' }, /--revenue-cap/],
      [{ revenueCap: '' }, /--revenue-cap/],
      [{ closedUntil: '2024-02-30' }, /--closed-until/],
      [{ closedUntil: '2024-13-01' }, /--closed-until/],
      [{ closedUntil: '24-01-01' }, /--closed-until/],
      [{ closedUntil: '31.12.2024' }, /--closed-until/],
      [{ creditorCountry: 'ch' }, /--creditor-country/],
      [{ creditorCountry: 'CHE' }, /--creditor-country/],
      [{ creditorCountry: 'C1' }, /--creditor-country/],
      [{ creditorCountry: '' }, /--creditor-country/],
      [{ creditorName: 'n'.repeat(71) }, /--creditor-name is longer than 70/],
      [{ creditorZip: '1'.repeat(17) }, /--creditor-zip is longer than 16/],
      [{ plan: 'business', paymentTerm: 'soon' }, /--payment-term/],
    ])('rejects %j and changes nothing', (settings, message) => {
      const before = company();
      expect(() => setCompany(svc.server.db, id, settings)).toThrow(AdminError);
      expect(() => setCompany(svc.server.db, id, settings)).toThrow(message);
      expect(company()).toEqual(before);
    });

    it('rejects an unknown company', () => {
      expect(() => setCompany(svc.server.db, 999, { plan: 'business' })).toThrow(AdminError);
      expect(() => setCompany(svc.server.db, 999, { plan: 'business' })).toThrow(/company 999 does not exist/);
    });
  });

  describe('addCompany', () => {
    // the new companies go to the admin: user 1 and the plain user keep their companies for GET /users/me
    it(
      'gives a new company the standard chart, the primary bank account, the 7 default tax rates and the 13 of ' +
        '2011 to 2023',
      () => {
        const id = addCompany(svc.server.db, 'Fresh GmbH', admin.id);
        const db = svc.server.db;
        expect(count('SELECT count(*) AS n FROM accounts WHERE company_id = ?', id)).toBe(67);
        const numbers = (
          db.prepare('SELECT number FROM accounts WHERE company_id = ? ORDER BY number').all(id) as { number: number }[]
        ).map((r) => r.number);
        expect(new Set(numbers).size).toBe(67);
        expect(numbers[0]).toBe(1000);
        expect(numbers.at(-1)).toBe(8900);
        expect(numbers).toEqual(
          expect.arrayContaining([1000, 1010, 1020, 1100, 1170, 1171, 2000, 2200, 2800, 3000, 3400, 4000, 6940, 8900]),
        );
        const primary = db
          .prepare('SELECT number FROM accounts WHERE company_id = ? AND is_primary_bank_account = 1')
          .all(id);
        expect(primary).toEqual([{ number: 1020 }]);
        const bank = (
          db
            .prepare(
              'SELECT a.number FROM accounts a JOIN account_categories c ON c.id = a.account_category_id WHERE ' +
                "a.company_id = ? AND c.type = 'bank' ORDER BY a.number",
            )
            .all(id) as { number: number }[]
        ).map((r) => r.number);
        expect(bank).toEqual([1000, 1010, 1020]);

        const rates = db
          .prepare(
            `SELECT t.name, t.rate, a.number AS account, q.number AS acquisition, t.is_acquisition_tax,
            t.calculation_method
         FROM tax_rates t JOIN accounts a ON a.id = t.account_id LEFT JOIN accounts q ON q.id = t.acquisition_account_id
         WHERE t.company_id = ? ORDER BY t.id`,
          )
          .all(id);
        expect(rates).toEqual([
          {
            name: 'MWST 8.1 %',
            rate: 810,
            account: 2200,
            acquisition: null,
            is_acquisition_tax: 0,
            calculation_method: 'net',
          },
          {
            name: 'MWST 2.6 %',
            rate: 260,
            account: 2200,
            acquisition: null,
            is_acquisition_tax: 0,
            calculation_method: 'net',
          },
          {
            name: 'MWST 3.8 %',
            rate: 380,
            account: 2200,
            acquisition: null,
            is_acquisition_tax: 0,
            calculation_method: 'net',
          },
          {
            name: 'Vorsteuer 8.1 %',
            rate: 810,
            account: 1170,
            acquisition: null,
            is_acquisition_tax: 0,
            calculation_method: 'net',
          },
          {
            name: 'Vorsteuer 2.6 %',
            rate: 260,
            account: 1170,
            acquisition: null,
            is_acquisition_tax: 0,
            calculation_method: 'net',
          },
          {
            name: 'Vorsteuer Investitionen 8.1 %',
            rate: 810,
            account: 1171,
            acquisition: null,
            is_acquisition_tax: 0,
            calculation_method: 'net',
          },
          {
            name: 'Bezugsteuer 8.1 %',
            rate: 810,
            account: 2200,
            acquisition: 1170,
            is_acquisition_tax: 1,
            calculation_method: 'gross',
          },
          {
            name: 'MWST 7.7 %',
            rate: 770,
            account: 2200,
            acquisition: null,
            is_acquisition_tax: 0,
            calculation_method: 'net',
          },
          {
            name: 'MWST 2.5 %',
            rate: 250,
            account: 2200,
            acquisition: null,
            is_acquisition_tax: 0,
            calculation_method: 'net',
          },
          {
            name: 'MWST 3.7 %',
            rate: 370,
            account: 2200,
            acquisition: null,
            is_acquisition_tax: 0,
            calculation_method: 'net',
          },
          {
            name: 'Vorsteuer 7.7 %',
            rate: 770,
            account: 1170,
            acquisition: null,
            is_acquisition_tax: 0,
            calculation_method: 'net',
          },
          {
            name: 'Vorsteuer 2.5 %',
            rate: 250,
            account: 1170,
            acquisition: null,
            is_acquisition_tax: 0,
            calculation_method: 'net',
          },
          {
            name: 'Vorsteuer Investitionen 7.7 %',
            rate: 770,
            account: 1171,
            acquisition: null,
            is_acquisition_tax: 0,
            calculation_method: 'net',
          },
          {
            name: 'Bezugsteuer 7.7 %',
            rate: 770,
            account: 2200,
            acquisition: 1170,
            is_acquisition_tax: 1,
            calculation_method: 'gross',
          },
          {
            name: 'MWST 8.0 %',
            rate: 800,
            account: 2200,
            acquisition: null,
            is_acquisition_tax: 0,
            calculation_method: 'net',
          },
          {
            name: 'MWST 2.5 % (bis 2017)',
            rate: 250,
            account: 2200,
            acquisition: null,
            is_acquisition_tax: 0,
            calculation_method: 'net',
          },
          {
            name: 'MWST 3.8 % (bis 2017)',
            rate: 380,
            account: 2200,
            acquisition: null,
            is_acquisition_tax: 0,
            calculation_method: 'net',
          },
          {
            name: 'Vorsteuer 8.0 %',
            rate: 800,
            account: 1170,
            acquisition: null,
            is_acquisition_tax: 0,
            calculation_method: 'net',
          },
          {
            name: 'Vorsteuer Investitionen 8.0 %',
            rate: 800,
            account: 1171,
            acquisition: null,
            is_acquisition_tax: 0,
            calculation_method: 'net',
          },
          {
            name: 'Bezugsteuer 8.0 %',
            rate: 800,
            account: 2200,
            acquisition: 1170,
            is_acquisition_tax: 1,
            calculation_method: 'gross',
          },
        ]);
        // the accounts and rates belong to this company only
        expect(
          count(
            'SELECT count(*) AS n FROM tax_rates t JOIN accounts a ON a.id = t.account_id WHERE t.company_id = ? ' +
              'AND a.company_id != ?',
            id,
            id,
          ),
        ).toBe(0);
        // the chart is the same as the seeded company's
        const demo = db
          .prepare('SELECT number, name FROM accounts WHERE company_id = 1 ORDER BY number')
          .all() as object[];
        expect(db.prepare('SELECT number, name FROM accounts WHERE company_id = ? ORDER BY number').all(id)).toEqual(
          demo,
        );
        expect(
          count(
            "SELECT count(*) AS n FROM company_user WHERE company_id = ? AND user_id = ? AND role = 'owner'",
            id,
            admin.id,
          ),
        ).toBe(1);
      },
    );

    it('shows the new company to its owner at once', async () => {
      const id = addCompany(svc.server.db, 'Visible AG', admin.id);
      const me = await svc.call('GET', '/users/me', undefined, { token: admin.token });
      expect(me.body.data.companies).toContainEqual({ id, name: 'Visible AG', role: 'owner' });
      expect((await svc.call('GET', `/companies/${id}/tags`, undefined, { token: admin.token })).status).toBe(200);
    });

    it('rejects an empty name and an unknown owner without writing', () => {
      const before = count('SELECT count(*) AS n FROM companies');
      expect(() => addCompany(svc.server.db, '  ', 1)).toThrow(AdminError);
      expect(() => addCompany(svc.server.db, 'Ghost AG', 999)).toThrow(AdminError);
      expect(() => addCompany(svc.server.db, 'Ghost AG', 999)).toThrow(/user 999 does not exist/);
      expect(count('SELECT count(*) AS n FROM companies')).toBe(before);
    });
  });
});
