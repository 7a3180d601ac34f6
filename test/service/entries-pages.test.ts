// Walking the booking list page by page: the service remembers each query's total and the last row of
// every page it served, and seeks from there for the next page instead of skipping an offset (issue 14).
// These tests hold that to "the same answers": every walk, in every order and with every common filter,
// gives exactly what one page of everything gives, and a write of any kind between two pages (through
// the API, a cascade, or another connection to the database) is seen by the very next page.
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/http.js';
import { allPages, paginate } from '../../src/api/paginate.js';
import { addCompany } from '../../src/server/main.js';
import { one, run, timestamp, transaction } from '../../src/server/store/db.js';
import { accountId, startTestService, taxRateId, type TestService } from '../helpers/service.js';
import { retryOnStaleSocket } from './retry-on-reset.js';

let svc: TestService;
const db = () => svc.server.db;
const acc = (company: number, number: number) => accountId(svc, company, number);
const rate = (company: number, name: string) => taxRateId(svc, company, name);

async function list(company: number, query: string): Promise<{ ids: number[]; total: number; body: any }> {
  const res = await svc.call('GET', `/companies/${company}/entries?${query}`);
  expect(res.status, `${query}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
  return { ids: res.body.data.map((e: { id: number }) => e.id), total: res.body.total_count, body: res.body };
}

/** Every page of `query` at `perPage`, walked forward; the ids in order and the totals each page said. */
async function walk(company: number, query: string, perPage: number): Promise<{ ids: number[]; totals: number[] }> {
  const ids: number[] = [];
  const totals: number[] = [];
  for (let page = 1; ; page++) {
    const r = await list(company, `${query}&per_page=${perPage}&page=${page}`);
    totals.push(r.total);
    ids.push(...r.ids);
    if (r.ids.length < perPage) return { ids, totals };
  }
}

/** The whole list in one page (at most 100 bookings): the reference a walk must equal. */
const everything = (company: number, query: string) => list(company, `${query}&per_page=100&page=1`);

/** A seeded generator of numbers in [0, 1). */
function lcg(seedNo: number): () => number {
  let s = seedNo;
  return () => (s = (s * 48271) % 2147483647) / 2147483647;
}

const SORTS = [
  '',
  'sort=date',
  'sort=-date',
  'sort=sum',
  'sort=-sum',
  'sort=number',
  'sort=-number',
  'sort=description',
  'sort=-description',
  'sort=id',
  'sort=-id',
  'sort=type',
  'sort=-created_at',
];

interface Fixture {
  company: number;
  bank: number;
  cash: number;
  sales: number;
  admin: number;
  tag: number;
}

/** A company whose bookings tie on every sort column (few dates, sums, rates; NULL numbers and descriptions; cases). */
function seed(name: string, count: number, random: () => number): Fixture {
  const company = addCompany(db(), name, 1);
  const f = {
    company,
    bank: acc(company, 1020),
    cash: acc(company, 1000),
    sales: acc(company, 3400),
    admin: acc(company, 6500),
    tag: 0,
  };
  f.tag = Number(
    run(
      db(),
      "INSERT INTO tags (company_id, user_id, name, color, created_at, updated_at) VALUES (?, 1, 'x', 'blue', ?, ?)",
      company,
      timestamp(),
      timestamp(),
    ).lastInsertRowid,
  );
  const rates = [null, rate(company, 'MWST 8.1 %'), rate(company, 'Vorsteuer 8.1 %')];
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
  transaction(db(), () => {
    for (let i = 0; i < count; i++) {
      const [debit, credit, type] = pick([
        [f.bank, f.sales, 'income'],
        [f.cash, f.sales, 'income'],
        [f.admin, f.bank, 'expense'],
        [f.bank, f.cash, 'swap'],
        [f.cash, f.bank, 'swap'],
      ] as const);
      const now = timestamp(new Date(Date.UTC(2024, 0, 1, 0, 0, pick([1, 2, 3]))));
      const id = Number(
        run(
          db(),
          `INSERT INTO entries (company_id, user_id, number, type, date, description, sum, debit_account_id,
            credit_account_id, tax_rate_id, created_at, updated_at)
        VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          company,
          pick([null, 'A-1', 'a-1', 'B-2']),
          type,
          pick(['2024-01-01', '2024-01-02', '2024-02-29']),
          pick([null, 'Miete', 'miete', 'Zins']),
          pick([0, 100, 2500]),
          debit,
          credit,
          pick(rates),
          now,
          now,
        ).lastInsertRowid,
      );
      if (random() < 0.3) run(db(), 'INSERT INTO entry_tag (entry_id, tag_id) VALUES (?, ?)', id, f.tag);
    }
  });
  return f;
}

function filtersOf(f: Fixture): string[] {
  return [
    '',
    `filter[account_id]=${f.bank}`,
    `filter[account_id]=${f.bank},${f.cash}`,
    `filter[account_id]=${f.sales}&filter[type]=income`,
    `filter[account_id]=${f.bank}&filter[date]=2024-01-02,2024-12-31`,
    'filter[type]=swap,expense',
    `filter[tag_id]=${f.tag}`,
    'filter[date]=2024-01-01,2024-01-02',
    // more accounts than are read one by one
    `filter[account_id]=${[f.cash, f.admin, ...Array.from({ length: 30 }, (_, i) => 900_000 + i)].join(',')}`,
  ];
}

beforeAll(async () => {
  svc = retryOnStaleSocket(await startTestService());
});

afterAll(async () => {
  await svc?.close();
});

describe('walking the booking list page by page', () => {
  it('gives, in every order and with every common filter, exactly the one page of everything, and the same total on ' +
    'each page', async () => {
    const f = seed('Seiten AG', 90, lcg(1));
    for (const filter of filtersOf(f)) {
      for (const sort of SORTS) {
        const query = [filter, sort].filter(Boolean).join('&');
        const all = await everything(f.company, query);
        for (const perPage of [1, 7]) {
          const walked = await walk(f.company, query, perPage);
          expect(walked.ids, `${query} per_page=${perPage}`).toEqual(all.ids);
          expect(new Set(walked.totals), query).toEqual(new Set([all.total]));
        }
      }
    }
  }, 120_000);

  it('counts bookings on an account on either side once, also when both sides are in the filter', async () => {
    const f = seed('Konten AG', 40, lcg(2));
    const rows = db()
      .prepare('SELECT id, debit_account_id AS d, credit_account_id AS c FROM entries WHERE company_id = ?')
      .all(f.company) as { id: number; d: number; c: number }[];
    for (const accounts of [[f.bank], [f.cash], [f.bank, f.cash], [f.sales, f.admin, f.bank]]) {
      const expected = rows
        .filter((r) => accounts.includes(r.d) || accounts.includes(r.c))
        .map((r) => r.id)
        .sort((a, b) => a - b);
      const got = await everything(f.company, `filter[account_id]=${accounts.join(',')}&sort=id`);
      expect(got.ids).toEqual(expected);
      expect(got.total).toBe(expected.length);
    }
  });

  it("sees every kind of write between two pages: the next page and its total are the changed list's", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 2 ** 30 }),
        fc.constantFrom(...SORTS),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 6 }),
        async (seedNo, sort, filterNo, writeNo) => {
          const f = seed(`Schreib AG ${seedNo}`, 30, lcg(seedNo));
          const query = [filtersOf(f)[filterNo], sort].filter(Boolean).join('&');
          const perPage = 4;
          const first = await list(f.company, `${query}&per_page=${perPage}&page=1`);
          await list(f.company, `${query}&per_page=${perPage}&page=2`);
          const some =
            first.ids[0] ?? Number(one(db(), 'SELECT id FROM entries WHERE company_id = ? LIMIT 1', f.company)!.id);
          const writes = [
            async () => {
              const res = await svc.call('POST', `/companies/${f.company}/entries`, {
                date: '2024-01-02',
                debit_account_id: f.bank,
                credit_account_id: f.sales,
                sum: 100,
                tag_ids: [f.tag],
              });
              expect(res.status).toBe(200);
            },
            async () => expect((await svc.call('DELETE', `/companies/${f.company}/entries/${some}`)).status).toBe(204),
            async () => {
              const res = await svc.call('PUT', `/companies/${f.company}/entries/${some}`, {
                date: '2024-12-31',
                sum: 1,
                debit_account_id: f.cash,
                credit_account_id: f.sales,
                tax_rate_id: null,
                number: `X-${some}`,
              });
              expect(res.status, JSON.stringify(res.body)).toBe(200);
            },
            async () =>
              expect(
                (await svc.call('PUT', `/companies/${f.company}/entries/${some}`, { tag_ids: [f.tag] })).status,
              ).toBe(200),
            // a cascade: deleting the tag takes it off its bookings
            async () => expect((await svc.call('DELETE', `/companies/${f.company}/tags/${f.tag}`)).status).toBe(204),
            // another connection to the same database (another process would be the same)
            async () => {
              const other = new DatabaseSync(join(svc.dataDir, 'acct.sqlite'));
              other.exec('PRAGMA busy_timeout = 5000');
              other
                .prepare('UPDATE entries SET date = ?, description = NULL WHERE company_id = ? AND id = ?')
                .run('2023-06-30', f.company, some);
              other.close();
            },
            async () => {
              /* no write: the remembered pages serve */
            },
          ];
          await writes[writeNo]();
          const all = await everything(f.company, query);
          const third = await list(f.company, `${query}&per_page=${perPage}&page=3`);
          expect(third.ids, `${query}, write ${writeNo}`).toEqual(all.ids.slice(2 * perPage, 3 * perPage));
          expect(third.total).toBe(all.total);
          expect((await walk(f.company, query, perPage)).ids).toEqual(all.ids);
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);

  it('answers pages asked out of order, and again, the same as in order', async () => {
    const f = seed('Sprung AG', 60, lcg(3));
    const query = `filter[account_id]=${f.bank}`;
    const all = await everything(f.company, query);
    for (const page of [3, 1, 2, 5, 4, 4, 9, 2]) {
      expect((await list(f.company, `${query}&per_page=3&page=${page}`)).ids, `page ${page}`).toEqual(
        all.ids.slice((page - 1) * 3, page * 3),
      );
    }
  });
});

describe('the CLI walking a list with several pages in flight (allPages)', () => {
  const collect = async (pages: AsyncGenerator<{ id: number }[]>) => {
    const sizes: number[] = [];
    const ids: number[] = [];
    for await (const page of pages) {
      sizes.push(page.length);
      ids.push(...page.map((r) => r.id));
    }
    return { sizes, ids };
  };

  it('yields the pages of a walk one by one, in order, for the bookings and for a Laravel-paginated list', async () => {
    const f = seed('Parallel AG', 75, lcg(4));
    for (let i = 0; i < 23; i++)
      expect((await svc.call('POST', `/companies/${f.company}/tags`, { name: `t${i}`, color: 'red' })).status).toBe(
        200,
      );
    const client = new ApiClient({ baseUrl: svc.url, token: svc.token });
    try {
      for (const [path, query] of [
        [`/companies/${f.company}/entries`, { 'filter[account_id]': f.bank, sort: 'date' }],
        [`/companies/${f.company}/entries`, {}],
        [`/companies/${f.company}/tags`, {}],
      ] as const) {
        for (const concurrency of [1, 3, 8]) {
          const walked = await collect(allPages<{ id: number }>(client, path, { query, perPage: 7, concurrency }));
          const one = await collect(paginate<{ id: number }>(client, path, { query, perPage: 7, all: true }));
          expect(walked, `${path} ${JSON.stringify(query)} concurrency ${concurrency}`).toEqual(one);
          expect(walked.ids.length).toBeGreaterThan(14);
        }
      }
      expect(
        await collect(
          allPages(client, `/companies/${f.company}/entries`, { query: { 'filter[date]': '1999-01-01,1999-12-31' } }),
        ),
      ).toEqual({ sizes: [], ids: [] });
    } finally {
      await client.close();
    }
  });
});
