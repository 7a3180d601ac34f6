import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, type QueryValue, type RequestOptions } from '../../src/api/http.js';
import { paginate, type PageOptions } from '../../src/api/paginate.js';
import { CliError } from '../../src/errors.js';

interface Call {
  path: string;
  query: Record<string, QueryValue>;
}

/** A stand-in for ApiClient: only `get` is used by paginate. */
function stub(answer: (query: Record<string, QueryValue>, path: string) => unknown) {
  const calls: Call[] = [];
  const client = {
    async get(path: string, opts?: RequestOptions) {
      const query = { ...(opts?.query ?? {}) };
      calls.push({ path, query });
      return answer(query, path);
    },
  } as unknown as ApiClient;
  return { client, calls };
}

const records = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1 }));

/** Laravel resource collection over `total` records. */
function laravel(total: number, defaultPerPage = 15) {
  const all = records(total);
  return (q: Record<string, QueryValue>) => {
    const page = Number(q.page ?? 1);
    const per = Number(q.per_page ?? defaultPerPage);
    const last = Math.max(1, Math.ceil(total / per));
    const data = all.slice((page - 1) * per, page * per);
    return {
      data,
      links: {
        first: '/x?page=1',
        last: `/x?page=${last}`,
        prev: page > 1 ? `/x?page=${page - 1}` : null,
        next: page < last ? `/x?page=${page + 1}` : null,
      },
      meta: {
        current_page: page,
        last_page: last,
        per_page: per,
        total,
        from: data.length ? (page - 1) * per + 1 : null,
        to: null,
        path: '/x',
      },
    };
  };
}

/** Bookings style over `total` records. */
function bookings(total: number, defaultPerPage = 25) {
  const all = records(total);
  return (q: Record<string, QueryValue>) => {
    const page = Number(q.page ?? 1);
    const per = Number(q.per_page ?? defaultPerPage);
    const data = all.slice((page - 1) * per, page * per);
    return { data, current_count: data.length, total_count: total, page, per_page: per };
  };
}

async function collect<T>(gen: AsyncGenerator<T[]>): Promise<{ pages: T[][]; flat: T[] }> {
  const pages: T[][] = [];
  for await (const p of gen) pages.push(p);
  return { pages, flat: pages.flat() };
}

describe('paginate — Laravel style', () => {
  it('makes exactly one request without all/limit', async () => {
    const { client, calls } = stub(laravel(50));
    const { flat } = await collect(paginate(client, '/companies/1/customers'));
    expect(calls).toEqual([{ path: '/companies/1/customers', query: { page: 1, per_page: undefined } }]);
    expect(flat).toHaveLength(15);
  });

  it('honours page and perPage for a single request and keeps other query params', async () => {
    const { client, calls } = stub(laravel(50));
    const { flat } = await collect(
      paginate(client, '/x', { page: 3, perPage: 10, query: { 'filter[name]': 'a', page: 99, sort: 'name' } }),
    );
    expect(calls).toHaveLength(1);
    expect(calls[0].query).toEqual({ 'filter[name]': 'a', page: 3, per_page: 10, sort: 'name' });
    expect(flat.map((r) => r.id)).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30]);
  });

  it('follows to the last page with all, 100 per page', async () => {
    const { client, calls } = stub(laravel(250));
    const { pages, flat } = await collect(paginate(client, '/x', { all: true }));
    expect(calls.map((c) => [c.query.page, c.query.per_page])).toEqual([
      [1, 100],
      [2, 100],
      [3, 100],
    ]);
    expect(pages.map((p) => p.length)).toEqual([100, 100, 50]);
    expect(flat.map((r) => r.id)).toEqual(records(250).map((r) => r.id));
  });

  it('all with an exact multiple stops at last_page without an extra request', async () => {
    const { client, calls } = stub(laravel(200));
    const { flat } = await collect(paginate(client, '/x', { all: true }));
    expect(calls).toHaveLength(2);
    expect(flat).toHaveLength(200);
  });

  it('all starting from a later page with a custom perPage', async () => {
    const { client, calls } = stub(laravel(50));
    const { flat } = await collect(paginate(client, '/x', { all: true, page: 2, perPage: 20 }));
    expect(calls.map((c) => c.query.page)).toEqual([2, 3]);
    expect(calls.every((c) => c.query.per_page === 20)).toBe(true);
    expect(flat.map((r) => r.id)).toEqual(
      records(50)
        .slice(20)
        .map((r) => r.id),
    );
  });

  it('all on an empty list makes one request and yields nothing', async () => {
    const { client, calls } = stub(laravel(0));
    const { pages } = await collect(paginate(client, '/x', { all: true }));
    expect(calls).toHaveLength(1);
    expect(pages).toEqual([]);
  });

  it('limit asks for min(limit, 100) per page and truncates', async () => {
    const { client, calls } = stub(laravel(500));
    const r1 = await collect(paginate(client, '/x', { limit: 30 }));
    expect(calls.map((c) => [c.query.page, c.query.per_page])).toEqual([[1, 30]]);
    expect(r1.flat).toHaveLength(30);

    calls.length = 0;
    const r2 = await collect(paginate(client, '/x', { limit: 250 }));
    expect(calls.map((c) => [c.query.page, c.query.per_page])).toEqual([
      [1, 100],
      [2, 100],
      [3, 100],
    ]);
    expect(r2.pages.map((p) => p.length)).toEqual([100, 100, 50]);
    expect(r2.flat.map((r) => r.id)).toEqual(records(250).map((r) => r.id));
  });

  it('limit with a perPage follows only as many pages as needed', async () => {
    const { client, calls } = stub(laravel(500));
    const { flat } = await collect(paginate(client, '/x', { limit: 25, perPage: 10 }));
    expect(calls.map((c) => c.query.page)).toEqual([1, 2, 3]);
    expect(flat).toHaveLength(25);
  });

  it('limit larger than the list stops at the last page', async () => {
    const { client, calls } = stub(laravel(42));
    const { flat } = await collect(paginate(client, '/x', { limit: 1000 }));
    expect(calls).toHaveLength(1);
    expect(calls[0].query.per_page).toBe(100);
    expect(flat).toHaveLength(42);
  });

  it('limit 0 makes no request', async () => {
    const { client, calls } = stub(laravel(42));
    const { pages } = await collect(paginate(client, '/x', { limit: 0 }));
    expect(pages).toEqual([]);
    expect(calls).toHaveLength(0);
  });

  it('rejects a negative limit', async () => {
    const { client } = stub(laravel(1));
    await expect(collect(paginate(client, '/x', { limit: -1 }))).rejects.toBeInstanceOf(CliError);
  });

  it('stops early when the consumer breaks', async () => {
    const { client, calls } = stub(laravel(500));
    for await (const page of paginate(client, '/x', { all: true })) {
      expect(page).toHaveLength(100);
      break;
    }
    expect(calls).toHaveLength(1);
  });

  it('stops on an empty page even if last_page claims more', async () => {
    const { client, calls } = stub((q) => ({
      data: Number(q.page) === 1 ? records(100) : [],
      meta: { current_page: Number(q.page), last_page: 9 },
    }));
    const { flat } = await collect(paginate(client, '/x', { all: true }));
    expect(calls).toHaveLength(2);
    expect(flat).toHaveLength(100);
  });

  it('stops when the server ignores the page parameter', async () => {
    const { client, calls } = stub(() => ({ data: records(3), meta: { current_page: 1, last_page: 5 } }));
    await collect(paginate(client, '/x', { all: true }));
    expect(calls).toHaveLength(2);
  });

  it('accepts the flat Laravel paginator and simplePaginate (next link only)', async () => {
    const flat = stub((q) => ({ data: records(2), current_page: Number(q.page), last_page: 2 }));
    expect((await collect(paginate(flat.client, '/x', { all: true }))).flat).toHaveLength(4);
    expect(flat.calls).toHaveLength(2);

    const simple = stub((q) => ({
      data: records(2),
      meta: { current_page: Number(q.page) },
      links: { next: Number(q.page) < 3 ? 'next' : null },
    }));
    expect((await collect(paginate(simple.client, '/x', { all: true }))).flat).toHaveLength(6);
    expect(simple.calls).toHaveLength(3);
  });
});

describe('paginate — bookings style', () => {
  it('continues while page * per_page < total_count', async () => {
    const { client, calls } = stub(bookings(230));
    const { pages, flat } = await collect(paginate(client, '/companies/1/bookings', { all: true }));
    expect(calls.map((c) => [c.query.page, c.query.per_page])).toEqual([
      [1, 100],
      [2, 100],
      [3, 100],
    ]);
    expect(pages.map((p) => p.length)).toEqual([100, 100, 30]);
    expect(flat.map((r) => r.id)).toEqual(records(230).map((r) => r.id));
  });

  it('an exact multiple needs no extra request', async () => {
    const { client, calls } = stub(bookings(200));
    await collect(paginate(client, '/b', { all: true }));
    expect(calls).toHaveLength(2);
  });

  it('single request by default, limit truncates', async () => {
    const one = stub(bookings(230));
    expect((await collect(paginate(one.client, '/b'))).flat).toHaveLength(25);
    expect(one.calls).toHaveLength(1);

    const lim = stub(bookings(230));
    const { flat } = await collect(paginate(lim.client, '/b', { limit: 150 }));
    expect(flat).toHaveLength(150);
    expect(lim.calls.map((c) => [c.query.page, c.query.per_page])).toEqual([
      [1, 100],
      [2, 100],
    ]);
  });

  it('stops on an empty page even if total_count claims more', async () => {
    const { client, calls } = stub((q) => ({
      data: Number(q.page) === 1 ? records(100) : [],
      current_count: 0,
      total_count: 1000,
      page: Number(q.page),
      per_page: 100,
    }));
    await collect(paginate(client, '/b', { all: true }));
    expect(calls).toHaveLength(2);
  });
});

describe('paginate — unpaged lists', () => {
  it('a bare array is a single page', async () => {
    const { client, calls } = stub(() => records(7));
    const { pages } = await collect(paginate(client, '/x', { all: true }));
    expect(calls).toHaveLength(1);
    expect(pages).toEqual([records(7)]);
  });

  it('{ data: [...] } without paging info is a single page', async () => {
    const { client, calls } = stub(() => ({ data: records(3) }));
    const { flat } = await collect(paginate(client, '/x', { limit: 2 }));
    expect(calls).toHaveLength(1);
    expect(flat).toEqual(records(2));
  });

  it('anything else is an error', async () => {
    const { client } = stub(() => ({ id: 1 }));
    await expect(collect(paginate(client, '/x'))).rejects.toThrow(/expected a list/);
  });
});

describe('paginate over HTTP', () => {
  let server: Server;
  let base: string;
  const urls: string[] = [];

  beforeAll(async () => {
    const answer = laravel(120);
    server = createServer((req, res) => {
      urls.push(req.url ?? '');
      const q = Object.fromEntries(new URL(`http://x${req.url}`).searchParams);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer(q)));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('sends page and per_page as query parameters', async () => {
    const client = new ApiClient({ baseUrl: base, token: 't' });
    try {
      const opts: PageOptions = { all: true, perPage: 50, query: { 'filter[archived]': false } };
      const { flat } = await collect(paginate(client, '/companies/1/tags', opts));
      expect(flat).toHaveLength(120);
      expect(urls).toEqual([
        '/api/v2/companies/1/tags?filter[archived]=false&page=1&per_page=50',
        '/api/v2/companies/1/tags?filter[archived]=false&page=2&per_page=50',
        '/api/v2/companies/1/tags?filter[archived]=false&page=3&per_page=50',
      ]);
    } finally {
      await client.close();
    }
  });
});
