// Bookings (entries) against the running service: create/read/update/delete as JSON and multipart, type
// derivation and numbering, every 4xx (422 keys, 400 closed period, 402 revenue cap, 404), tags and new
// tags, groups and the grouped listing, every list filter, include and sort, the number look-up, and
// what bookings make real in the master data (tax-rate locks, account deletes and balances with the VAT
// split, customers' open expenses). A company with 100,000 bookings lists a page in milliseconds.
import { existsSync } from 'node:fs';
import fc from 'fast-check';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addCompany, setCompany } from '../../src/server/main.js';
import { one, run, timestamp, transaction } from '../../src/server/store/db.js';
import { yearIn } from '../../src/server/domain/numbering.js';
import {
  accountId,
  expect422Fields,
  OWNER_TOKEN,
  secondTenant,
  startTestService,
  taxRateId,
  type SecondUser,
  type ServiceAnswer,
  type TestService,
} from '../helpers/service.js';
import { retryOnStaleSocket } from './retry-on-reset.js';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const ENTRY_KEYS = [
  'id',
  'company_id',
  'user_id',
  'number',
  'type',
  'date',
  'description',
  'sum',
  'debit_account_id',
  'credit_account_id',
  'tax_rate_id',
  'customer_id',
  'project_id',
  'entry_group_id',
  'invoice_id',
  'file_id',
  'billable',
  'is_imported',
  'is_depreciation',
  'locked',
  'sum_formatted',
  'date_formatted',
  'file',
  'tags',
  'debit_account',
  'credit_account',
  'created_at',
  'updated_at',
];
const RELATION_KEYS = ['customer', 'project', 'tax_rate', 'group', 'invoice'];

let svc: TestService;
let user2: SecondUser;
let company2: number;

type Body = Record<string, unknown>;

const db = () => svc.server.db;
const acc = (number: number, company = 1) => accountId(svc, company, number);
const rate = (name: string, company = 1) => taxRateId(svc, company, name);
const freshCompany = (name: string) => addCompany(db(), name, 1);

function expectStatus(res: ServiceAnswer, status: number, pattern?: RegExp): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(Object.keys(res.body)).toEqual(['message']);
  if (pattern) expect(res.body.message).toMatch(pattern);
}

const income = (company = 1, over: Body = {}): Body => ({
  date: '2024-03-01',
  debit_account_id: acc(1020, company),
  credit_account_id: acc(3400, company),
  sum: 100,
  ...over,
});
const expense = (company = 1, over: Body = {}): Body => ({
  date: '2024-03-01',
  debit_account_id: acc(6500, company),
  credit_account_id: acc(1020, company),
  sum: 50,
  ...over,
});
const swap = (company = 1, over: Body = {}): Body => ({
  date: '2024-03-01',
  debit_account_id: acc(1010, company),
  credit_account_id: acc(1020, company),
  sum: 20,
  ...over,
});

/** the owner (user 1) reaches company 1 and the fresh companies; company 2 belongs to user 2 */
const tokenFor = (company: number) => (company === company2 ? user2.token : undefined);

async function post(body: Body, company = 1): Promise<ServiceAnswer> {
  return svc.call('POST', `/companies/${company}/entries`, body, { token: tokenFor(company) });
}

async function create(body: Body, company = 1): Promise<any> {
  const res = await post(body, company);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function put(id: number, body: Body, company = 1): Promise<ServiceAnswer> {
  return svc.call('PUT', `/companies/${company}/entries/${id}`, body, { token: tokenFor(company) });
}

async function get(path: string, company = 1): Promise<ServiceAnswer> {
  return svc.call('GET', `/companies/${company}${path}`, undefined, { token: tokenFor(company) });
}

async function list(query = '', company = 1): Promise<any> {
  const res = await get(`/entries${query}`, company);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const ids = (body: any) => body.data.map((e: any) => e.id);

/** multipart/form-data request; values are strings, Blobs (files) or arrays of strings (repeated keys as given). */
async function form(
  method: string,
  path: string,
  fields: Record<string, string | Blob | [Blob, string] | string[]>,
): Promise<ServiceAnswer> {
  const f = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (Array.isArray(value) && value.length === 2 && value[0] instanceof Blob)
      f.append(key, value[0], value[1] as string);
    else if (Array.isArray(value)) for (const v of value as string[]) f.append(key, v);
    else f.append(key, value as string | Blob);
  }
  const res = await fetch(svc.url + path, {
    method,
    headers: { Authorization: `Bearer ${OWNER_TOKEN}`, Accept: 'application/json' },
    body: f,
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* keep text */
  }
  return { status: res.status, body, headers: res.headers };
}

async function customer(name: string, company = 1): Promise<number> {
  const res = await svc.call('POST', `/companies/${company}/customers`, { name }, { token: tokenFor(company) });
  expect(res.status).toBe(200);
  return res.body.data.id;
}

async function project(name: string, customerId: number, company = 1): Promise<number> {
  const res = await svc.call(
    'POST',
    `/companies/${company}/projects`,
    { name, customer_id: customerId },
    { token: tokenFor(company) },
  );
  expect(res.status).toBe(200);
  return res.body.data.id;
}

async function tag(name: string, color = 'blue', company = 1): Promise<number> {
  const res = await svc.call('POST', `/companies/${company}/tags`, { name, color }, { token: tokenFor(company) });
  expect(res.status).toBe(200);
  return res.body.data.id;
}

async function group(company = 1): Promise<number> {
  const res = await svc.call('POST', `/companies/${company}/entry-groups`, undefined, { token: tokenFor(company) });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

function invoice(company: number, customerId: number, number: string): number {
  const now = timestamp();
  return Number(
    run(
      db(),
      `INSERT INTO invoices (company_id, user_id, customer_id, number, date, payable_until, final_value,
        created_at, updated_at)
    VALUES (?, 1, ?, ?, '2024-03-01', '2024-03-31', 10000, ?, ?)`,
      company,
      customerId,
      number,
      now,
      now,
    ).lastInsertRowid,
  );
}

beforeAll(async () => {
  svc = retryOnStaleSocket(await startTestService());
  ({ user: user2, company: company2 } = secondTenant(svc));
});

afterAll(async () => {
  await svc?.close();
});

// ---------------------------------------------------------------------------------------------------

describe('POST /entries', () => {
  it('creates an income booking and answers 200 { data: Entry } with every field and relation', async () => {
    // a company of its own: the number E-2024-001 is the first income booking of 2024 there
    const c = freshCompany('Erste Buchung AG');
    const res = await post(
      income(c, {
        date: '2024-03-01',
        sum: 1081,
        tax_rate_id: rate('MWST 8.1 %', c),
        description: '  Beratung März  ',
      }),
      c,
    );
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['data']);
    const e = res.body.data;
    expect(Object.keys(e)).toEqual([...ENTRY_KEYS, ...RELATION_KEYS]);
    expect(e).toEqual({
      id: expect.any(Number),
      company_id: c,
      user_id: 1,
      number: 'E-2024-001',
      type: 'income',
      date: '2024-03-01',
      description: 'Beratung März',
      sum: 1081,
      debit_account_id: acc(1020, c),
      credit_account_id: acc(3400, c),
      tax_rate_id: rate('MWST 8.1 %', c),
      customer_id: null,
      project_id: null,
      entry_group_id: null,
      invoice_id: null,
      file_id: null,
      billable: false,
      is_imported: false,
      is_depreciation: false,
      locked: false,
      sum_formatted: "1'081.00",
      date_formatted: '01.03.2024',
      file: null,
      tags: [],
      debit_account: { id: acc(1020, c), name: 'Bankguthaben', number: 1020 },
      credit_account: { id: acc(3400, c), name: 'Dienstleistungserlöse', number: 3400 },
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: expect.stringMatching(TIMESTAMP),
      customer: null,
      project: null,
      group: null,
      invoice: null,
      tax_rate: expect.objectContaining({
        id: rate('MWST 8.1 %', c),
        name: 'MWST 8.1 %',
        rate: 8.1,
        calculation_method: 'net',
      }),
    });
    expect(typeof e.sum).toBe('number');
  });

  it('derives type from the accounts: credit income → income, else debit expense → expense, else swap', async () => {
    const c = freshCompany('Types AG');
    const cases: [number, number, string][] = [
      [1020, 3400, 'income'],
      [1100, 3200, 'income'],
      [6500, 3800, 'income'],
      [6500, 1020, 'expense'],
      [4400, 2000, 'expense'],
      [1010, 1020, 'swap'],
      [2000, 1020, 'swap'],
      [1510, 1020, 'swap'],
      [3800, 1020, 'swap'],
      [1020, 6500, 'swap'],
    ];
    for (const [debit, credit, type] of cases) {
      const e = await create(
        { date: '2024-01-10', debit_account_id: acc(debit, c), credit_account_id: acc(credit, c), sum: 1 },
        c,
      );
      expect([debit, credit, e.type]).toEqual([debit, credit, type]);
    }
  });

  it('takes sum as a number or numeric string, rounds half up to the Rappen, stores 0 if null or absent', async () => {
    expect((await create(expense(1, { sum: '12.345' }))).sum).toBe(12.35);
    expect((await create(expense(1, { sum: 999999999.99 }))).sum).toBe(999999999.99);
    expect((await create(expense(1, { sum: null }))).sum).toBe(0);
    const { sum, ...noSum } = expense(1);
    expect(sum).toBe(50);
    const e = await create(noSum);
    expect(e.sum).toBe(0);
    expect(e.sum_formatted).toBe('0.00');
  });

  it('answers 422 listing every invalid field in the order of the rules', async () => {
    const res = await post({
      description: 'x'.repeat(256),
      sum: -1,
      number: 'n'.repeat(256),
      billable: 'maybe',
      tag_ids: 'nope',
      newTags: '{oops',
      entry_group_id: 'a',
    });
    expect422Fields(res, [
      'date',
      'debit_account_id',
      'credit_account_id',
      'description',
      'sum',
      'number',
      'billable',
      'entry_group_id',
      'tag_ids',
      'newTags',
    ]);
    expect(res.body.errors).toEqual({
      date: ['The date field is required.'],
      debit_account_id: ['The debit account id field is required.'],
      credit_account_id: ['The credit account id field is required.'],
      description: ['The description field must not be greater than 255 characters.'],
      sum: ['The sum field must be at least 0.'],
      number: ['The number field must not be greater than 255 characters.'],
      billable: ['The billable field must be true or false.'],
      entry_group_id: ['The entry group id field must be an integer.'],
      tag_ids: ['The tag ids field must be an array.'],
      newTags: ['The newTags field must be a valid JSON string.'],
    });
  });

  it.each([
    [{ date: '2024-02-30' }, 'date', 'The date field must be a valid date.'],
    [{ date: '01.03.2024' }, 'date', 'The date field must be a valid date.'],
    [{ sum: 'abc' }, 'sum', 'The sum field must be a number.'],
    [{ sum: 1000000000 }, 'sum', 'The sum field must not be greater than 999999999.99.'],
    [{ debit_account_id: 'x' }, 'debit_account_id', 'The debit account id field must be an integer.'],
    [{ number: 17 }, 'number', 'The number field must be a string.'],
    [{ description: 5 }, 'description', 'The description field must be a string.'],
    [{ newTags: JSON.stringify([{ name: 'ok' }]) }, 'newTags.0.color', 'The newTags.0.color field is required.'],
    [{ newTags: JSON.stringify({ name: 'x', color: 'blue' }) }, 'newTags', 'The newTags field must be an array.'],
    [{ newTags: [{ name: 'x', color: 'violet' }] }, 'newTags.0.color', 'The selected newTags.0.color is invalid.'],
    [{ tag_ids: ['a'] }, 'tag_ids.0', 'The tag ids.0 field must be an integer.'],
  ])('422 for %j on %s', async (over, key, message) => {
    const res = await post(income(1, over));
    expect422Fields(res, [key]);
    expect(res.body.errors[key]).toEqual([message]);
  });

  it('checks that every referenced record belongs to the company (422 on the field key)', async () => {
    const foreignCustomer = await customer('Fremd AG', company2);
    const foreignProject = await project('Fremd', foreignCustomer, company2);
    const foreignTag = await tag('fremd', 'red', company2);
    const foreignGroup = await group(company2);
    const ownTag = await tag('eigen');
    // other tests book in company 2 too: what counts is that this request adds nothing there
    const foreignEntries = () => one(db(), 'SELECT count(*) AS n FROM entries WHERE company_id = ?', company2)!.n;
    const before = foreignEntries();
    const res = await post({
      date: '2024-03-01',
      debit_account_id: acc(1020, company2),
      credit_account_id: acc(3400, company2),
      tax_rate_id: rate('MWST 8.1 %', company2),
      customer_id: foreignCustomer,
      project_id: foreignProject,
      entry_group_id: foreignGroup,
      tag_ids: [ownTag, foreignTag],
    });
    expect422Fields(res, [
      'debit_account_id',
      'credit_account_id',
      'tax_rate_id',
      'customer_id',
      'project_id',
      'entry_group_id',
      'tag_ids.1',
    ]);
    expect(res.body.errors.debit_account_id).toEqual(['The selected debit account id is invalid.']);
    expect(res.body.errors['tag_ids.1']).toEqual(['The selected tag ids.1 is invalid.']);
    const missing = await post(
      income(1, {
        debit_account_id: 999999,
        tax_rate_id: 999999,
        customer_id: 999999,
        project_id: 999999,
        entry_group_id: 999999,
      }),
    );
    expect422Fields(missing, ['debit_account_id', 'tax_rate_id', 'customer_id', 'project_id', 'entry_group_id']);
    expect(foreignEntries()).toBe(before);
  });

  it('refuses the same account on both sides (422 credit_account_id)', async () => {
    const res = await post(income(1, { credit_account_id: acc(1020) }));
    expect422Fields(res, ['credit_account_id']);
    expect(res.body.errors.credit_account_id).toEqual([
      'The credit account id field and debit account id must be different.',
    ]);
  });

  it('billable only for expenses with a customer: 422 when sent true otherwise', async () => {
    const cust = await customer('Billable AG');
    const ok = await create(expense(1, { customer_id: cust, billable: true }));
    expect(ok.billable).toBe(true);
    expect422Fields(await post(expense(1, { billable: true })), ['billable']);
    expect422Fields(await post(income(1, { customer_id: cust, billable: true })), ['billable']);
    expect((await post(income(1, { customer_id: cust, billable: false }))).status).toBe(200);
    expect((await post(expense(1, { billable: 'true', customer_id: cust }))).body.data.billable).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------------

describe('numbers', () => {
  it('runs per company, type and year with at least three digits', async () => {
    const c = freshCompany('Numbers AG');
    const numbers: string[] = [];
    for (const body of [
      income(c),
      income(c),
      expense(c),
      swap(c),
      income(c, { date: '2025-01-01' }),
      expense(c, { date: '2023-12-31' }),
      expense(c),
    ]) {
      numbers.push((await create(body, c)).number);
    }
    expect(numbers).toEqual([
      'E-2024-001',
      'E-2024-002',
      'A-2024-001',
      'U-2024-001',
      'E-2025-001',
      'A-2023-001',
      'A-2024-002',
    ]);
    // another company counts on its own
    const other = freshCompany('Numbers Too AG');
    expect((await create(income(other), other)).number).toBe('E-2024-001');
  });

  it('keeps a given number, continues after the highest (gaps stay), and refuses a taken one per type', async () => {
    const c = freshCompany('Given AG');
    expect((await create(income(c, { number: 'E-2024-010' }), c)).number).toBe('E-2024-010');
    expect((await create(income(c), c)).number).toBe('E-2024-011');
    expect((await create(income(c, { number: 'Beleg 7' }), c)).number).toBe('Beleg 7');
    expect((await create(income(c, { number: 'E-2024-7' }), c)).number).toBe('E-2024-7');
    expect((await create(income(c), c)).number).toBe('E-2024-012');
    // unique per company and type: taken for income, free for an expense
    const taken = await post(income(c, { number: 'E-2024-010' }), c);
    expect422Fields(taken, ['number']);
    expect(taken.body.errors.number).toEqual(['The number has already been taken.']);
    expect((await create(expense(c, { number: 'E-2024-010' }), c)).number).toBe('E-2024-010');
    expect((await create(expense(c), c)).number).toBe('A-2024-001');
    // a number of more than nine digits is free text and does not move the counter
    expect((await create(income(c, { number: 'E-2024-1234567890' }), c)).number).toBe('E-2024-1234567890');
    expect((await create(income(c), c)).number).toBe('E-2024-013');
  });

  it('GET /entries/number/{type}: the number itself when free, else the next running number', async () => {
    const c = freshCompany('Lookup AG');
    for (const n of ['E-2024-001', 'E-2024-002', 'E-2024-005']) await create(income(c, { number: n }), c);
    await create(income(c, { number: 'E-2024-08' }), c);
    await create(expense(c, { number: 'A-2024-003' }), c);
    const number = async (q: string) => {
      const res = await get(`/entries/number/${q}`, c);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(Object.keys(res.body)).toEqual(['number']);
      return res.body.number;
    };
    expect(await number('income?year=2024')).toBe(9);
    expect(await number('income?year=2024&number=3')).toBe(3);
    expect(await number('income?year=2024&number=2')).toBe(9);
    expect(await number('income?year=2024&number=8')).toBe(9); // "E-2024-08" is 8
    expect(await number('income?year=2024&number=50')).toBe(50);
    expect(await number('expense?year=2024')).toBe(4);
    expect(await number('expense?year=2024&number=3')).toBe(4);
    expect(await number('expense?year=2024&number=1')).toBe(1);
    expect(await number('swap?year=2024')).toBe(1);
    expect(await number('income?year=2023&number=1')).toBe(1);
    // the default year is the current one in Europe/Zurich
    const year = yearIn('Europe/Zurich');
    await create(income(c, { date: `${year}-01-01` }), c);
    await create(income(c, { date: `${year}-01-02` }), c);
    expect(await number('income')).toBe(3);
    expect(await number('income?number=1')).toBe(3);
    expect(await number('income?year=&number=')).toBe(3);
  });

  it('GET /entries/number/{type}: 422 for a bad type, year or number', async () => {
    expect422Fields(await get('/entries/number/revenue'), ['type']);
    expect422Fields(await get('/entries/number/income?year=twenty'), ['year']);
    expect422Fields(await get('/entries/number/income?year=99'), ['year']);
    expect422Fields(await get('/entries/number/income?number=0'), ['number']);
    expect422Fields(await get('/entries/number/income?number=-3'), ['number']);
    expect422Fields(await get('/entries/number/swap?number=1.5'), ['number']);
  });

  it('renumbers a generated number when the type or year changes; a given number stays', async () => {
    const c = freshCompany('Renumber AG');
    const a = await create(income(c), c);
    const b = await create(income(c, { number: 'Rechnung 17' }), c);
    expect(a.number).toBe('E-2024-001');
    const moved = await put(a.id, { debit_account_id: acc(6500, c), credit_account_id: acc(1020, c) }, c);
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ type: 'expense', number: 'A-2024-001' });
    const nextYear = await put(a.id, { date: '2025-02-01' }, c);
    expect(nextYear.body.data.number).toBe('A-2025-001');
    const kept = await put(b.id, { debit_account_id: acc(6500, c), credit_account_id: acc(1020, c) }, c);
    expect(kept.body.data).toMatchObject({ type: 'expense', number: 'Rechnung 17' });
    // a description change keeps the number
    expect((await put(a.id, { description: 'x' }, c)).body.data.number).toBe('A-2025-001');
    // a number given with the change wins
    expect((await put(a.id, { number: 'Eigene 1', date: '2024-06-01' }, c)).body.data.number).toBe('Eigene 1');
    // a kept number that the new type already uses is a 422
    await create(expense(c, { number: 'Doppelt' }), c);
    const dup = await create(income(c, { number: 'Doppelt' }), c);
    expect422Fields(await put(dup.id, { debit_account_id: acc(6500, c), credit_account_id: acc(1020, c) }, c), [
      'number',
    ]);
  });
});

// ---------------------------------------------------------------------------------------------------

describe('GET /entries/{id}', () => {
  let entryId: number;
  let cust: number;
  let proj: number;
  let grp: number;
  let inv: number;

  beforeAll(async () => {
    cust = await customer('Include AG');
    proj = await project('Include', cust);
    grp = await group();
    inv = invoice(1, cust, 'R-2024-900');
    const e = await create(
      income(1, { customer_id: cust, project_id: proj, entry_group_id: grp, tax_rate_id: rate('MWST 2.6 %') }),
    );
    entryId = e.id;
    run(db(), 'UPDATE entries SET invoice_id = ? WHERE id = ?', inv, entryId);
  });

  it('answers { data: Entry } with file, tags and accounts but no other relation unless included', async () => {
    const res = await get(`/entries/${entryId}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data)).toEqual(ENTRY_KEYS);
    expect(res.body.data.invoice_id).toBe(inv);
  });

  it.each([
    ['customer', 'customer'],
    ['project', 'project'],
    ['taxRate', 'tax_rate'],
    ['tax_rate', 'tax_rate'],
    ['group', 'group'],
    ['entryGroup', 'group'],
    ['invoice', 'invoice'],
  ])('include=%s adds %s', async (name, key) => {
    const res = await get(`/entries/${entryId}?include=${name}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data)).toEqual([...ENTRY_KEYS, key]);
  });

  it('embeds the related records', async () => {
    const res = await get(
      `/entries/${entryId}?include=customer,project,taxRate,group,invoice,file,tags,debitAccount,creditAccount`,
    );
    const e = res.body.data;
    expect(e.customer).toEqual({
      id: cust,
      number: expect.any(Number),
      name: 'Include AG',
      email: null,
      archived: false,
    });
    expect(e.project).toEqual({ id: proj, name: 'Include', customer_id: cust, archived: false });
    expect(e.tax_rate).toMatchObject({ id: rate('MWST 2.6 %'), rate: 2.6, account_id: acc(2200) });
    expect(e.group).toEqual({
      id: grp,
      company_id: 1,
      entries_count: 1,
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: expect.stringMatching(TIMESTAMP),
    });
    expect(e.invoice).toEqual({
      id: inv,
      number: 'R-2024-900',
      title: null,
      date: '2024-03-01',
      status: 'open',
      customer_id: cust,
      final_value: 100,
    });
  });

  it.each([
    'debitAccount.accountCategory,creditAccount.accountCategory',
    'debit_account.account_category,credit_account.account_category',
    'debitAccount.account_category,credit_account.accountCategory',
  ])('nested include %s adds account_category { id, name, type }', async (include) => {
    const e = (await get(`/entries/${entryId}?include=${include}`)).body.data;
    expect(e.debit_account).toEqual({
      id: acc(1020),
      name: 'Bankguthaben',
      number: 1020,
      account_category: { id: 1, name: 'Bankkonten', type: 'bank' },
    });
    expect(e.credit_account).toEqual({
      id: acc(3400),
      name: 'Dienstleistungserlöse',
      number: 3400,
      account_category: { id: 5, name: 'Ertrag', type: 'income' },
    });
  });

  it('answers 400 for an unknown include', async () => {
    expectStatus(await get(`/entries/${entryId}?include=bogus`), 400, /Requested include\(s\) `bogus` are not allowed/);
  });

  it("answers 404 for a missing booking, another company's booking and a non-numeric id", async () => {
    const foreign = await create(income(company2), company2);
    expectStatus(await get('/entries/999999'), 404, /Entry not found/);
    expectStatus(await get(`/entries/${foreign.id}`), 404);
    expectStatus(await get('/entries/abc'), 404);
    expect((await get(`/entries/${foreign.id}`, company2)).status).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------------

describe('PUT /entries/{id}', () => {
  it('changes only the fields sent; type follows the accounts', async () => {
    const e = await create(expense(1, { description: 'Papier', sum: 30 }));
    const res = await put(e.id, { sum: '45.10' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data)).toEqual([...ENTRY_KEYS, ...RELATION_KEYS]);
    expect(res.body.data).toMatchObject({
      sum: 45.1,
      description: 'Papier',
      type: 'expense',
      date: '2024-03-01',
      number: e.number,
    });
    const swapped = await put(e.id, { credit_account_id: acc(2000) });
    expect(swapped.body.data.type).toBe('expense');
    const asIncome = await put(e.id, { debit_account_id: acc(1020), credit_account_id: acc(3400) });
    expect(asIncome.body.data.type).toBe('income');
    expect((await put(e.id, { description: null })).body.data.description).toBeNull();
  });

  it('leaves updated_at alone when nothing changes', async () => {
    const e = await create(expense(1));
    await new Promise((r) => setTimeout(r, 5));
    const same = await put(e.id, { sum: 50, date: '2024-03-01' });
    expect(same.body.data.updated_at).toBe(e.updated_at);
    await new Promise((r) => setTimeout(r, 5));
    expect((await put(e.id, { sum: 51 })).body.data.updated_at).not.toBe(e.updated_at);
  });

  it('validates like create, with date and accounts optional but not null', async () => {
    const e = await create(expense(1));
    expect422Fields(await put(e.id, { date: null, debit_account_id: null, credit_account_id: '' }), [
      'date',
      'debit_account_id',
      'credit_account_id',
    ]);
    expect422Fields(await put(e.id, { debit_account_id: acc(1020, company2) }), ['debit_account_id']);
    expect422Fields(await put(e.id, { credit_account_id: acc(6500) }), ['credit_account_id']);
    expect422Fields(await put(e.id, { sum: -0.01 }), ['sum']);
  });

  it('drops a stored billable flag silently when the booking no longer qualifies', async () => {
    const cust = await customer('Drop AG');
    const e = await create(expense(1, { customer_id: cust, billable: true }));
    const res = await put(e.id, { customer_id: null });
    expect(res.body.data).toMatchObject({ customer_id: null, billable: false });
    const again = await put(e.id, { customer_id: cust, billable: true });
    expect(again.body.data.billable).toBe(true);
    const toIncome = await put(e.id, { debit_account_id: acc(1020), credit_account_id: acc(3400) });
    expect(toIncome.body.data.billable).toBe(false);
    expect422Fields(await put(e.id, { billable: true }), ['billable']);
  });

  it("answers 404 for another company's booking", async () => {
    const foreign = await create(income(company2), company2);
    expectStatus(await put(foreign.id, { sum: 1 }), 404);
    expect(one(db(), 'SELECT sum FROM entries WHERE id = ?', foreign.id)!.sum).toBe(10000);
  });
});

// ---------------------------------------------------------------------------------------------------

describe('tags', () => {
  it('links tag_ids, creates newTags (lower case, reusing existing names), replaces and adds on update', async () => {
    const travel = await tag('reisen', 'green');
    const office = await tag('büro', 'gray');
    const e = await create(
      expense(1, {
        tag_ids: [office, travel, office],
        newTags: JSON.stringify([
          { name: ' Kunde X ', color: 'red' },
          { name: 'REISEN', color: 'pink' },
          { name: 'kunde x', color: 'blue' },
        ]),
      }),
    );
    const kundeX = Number(one(db(), "SELECT id FROM tags WHERE company_id = 1 AND name = 'kunde x'")!.id);
    expect(e.tags).toEqual(
      [
        { id: travel, name: 'reisen', color: 'green' },
        { id: office, name: 'büro', color: 'gray' },
        { id: kundeX, name: 'kunde x', color: 'red' },
      ].sort((a, b) => a.id - b.id),
    );
    expect(one(db(), 'SELECT color FROM tags WHERE id = ?', travel)!.color).toBe('green');

    const replaced = await put(e.id, { tag_ids: [travel] });
    expect(replaced.body.data.tags.map((t: any) => t.id)).toEqual([travel]);
    const added = await put(e.id, { newTags: [{ name: 'Neu', color: 'lime' }] });
    expect(added.body.data.tags.map((t: any) => t.name)).toEqual(['reisen', 'neu']);
    const both = await put(e.id, { tag_ids: [office], newTags: JSON.stringify([{ name: 'neu', color: 'lime' }]) });
    expect(both.body.data.tags.map((t: any) => t.name)).toEqual(['büro', 'neu']);
    const kept = await put(e.id, { description: 'no tag change' });
    expect(kept.body.data.tags.map((t: any) => t.name)).toEqual(['büro', 'neu']);
    const cleared = await put(e.id, { tag_ids: [] });
    expect(cleared.body.data.tags).toEqual([]);
    await put(e.id, { tag_ids: [office] });
    expect((await put(e.id, { tag_ids: null })).body.data.tags).toEqual([]);
  });

  it('a tag-only change updates updated_at', async () => {
    const t = await tag('touch');
    const e = await create(expense(1));
    await new Promise((r) => setTimeout(r, 5));
    expect((await put(e.id, { tag_ids: [t] })).body.data.updated_at).not.toBe(e.updated_at);
  });

  it('deleting a tag removes it from its bookings', async () => {
    const t = await tag('vergänglich');
    const e = await create(expense(1, { tag_ids: [t] }));
    expect((await svc.call('DELETE', `/companies/1/tags/${t}`)).status).toBe(204);
    expect((await get(`/entries/${e.id}`)).body.data.tags).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------

describe('multipart', () => {
  it('creates with a receipt, tag_ids[] and newTags; the file is stored under files/<company>/', async () => {
    const t1 = await tag('mp-eins');
    const t2 = await tag('mp-zwei');
    const res = await form('POST', '/companies/1/entries', {
      date: '2024-04-02',
      debit_account_id: String(acc(6500)),
      credit_account_id: String(acc(1020)),
      sum: '19.90',
      description: 'Quittung',
      billable: '0',
      'tag_ids[]': [String(t1), String(t2)],
      newTags: JSON.stringify([{ name: 'Beleg', color: 'orange' }]),
      file: [new Blob(['%PDF-1.4 receipt'], { type: 'application/pdf' }), 'quittung.pdf'],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const e = res.body.data;
    expect(e).toMatchObject({
      type: 'expense',
      sum: 19.9,
      description: 'Quittung',
      billable: false,
      number: expect.stringMatching(/^A-2024-\d{3}$/),
    });
    expect(e.tags.map((t: any) => t.name)).toEqual(['mp-eins', 'mp-zwei', 'beleg']);
    expect(e.file).toEqual({
      id: e.file_id,
      name: 'quittung.pdf',
      size: 16,
      mime: 'application/pdf',
      url: expect.any(String),
    });
    const url = new URL(e.file.url);
    expect(url.origin).toBe(svc.origin);
    expect(url.pathname).toBe(`/api/v2/files/${e.file_id}`);
    const stored = one(db(), 'SELECT * FROM files WHERE id = ?', e.file_id)!;
    expect(stored.path).toMatch(/^files\/1\/[0-9a-f]{32}\.pdf$/);
    expect(existsSync(join(svc.dataDir, stored.path))).toBe(true);
    const bytes = await fetch(e.file.url);
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get('content-type')).toBe('application/pdf');
    expect(await bytes.text()).toBe('%PDF-1.4 receipt');
  });

  it('takes indexed tag_ids[0], tag_ids[1] and a multipart body without a file', async () => {
    const t1 = await tag('idx-eins');
    const t2 = await tag('idx-zwei');
    const res = await form('POST', '/companies/1/entries', {
      date: '2024-04-03',
      debit_account_id: String(acc(6500)),
      credit_account_id: String(acc(1020)),
      sum: '5',
      'tag_ids[1]': String(t2),
      'tag_ids[0]': String(t1),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.tags.map((t: any) => t.id)).toEqual([t1, t2]);
    expect(res.body.data.file).toBeNull();
  });

  it('refuses a receipt over 6 MB (422 errors.file) and accepts exactly 6 MB', async () => {
    const base = {
      date: '2024-04-04',
      debit_account_id: String(acc(6500)),
      credit_account_id: String(acc(1020)),
      sum: '1',
    };
    const before = Number(one(db(), 'SELECT count(*) AS n FROM entries')!.n);
    const tooBig = await form('POST', '/companies/1/entries', {
      ...base,
      file: [new Blob([new Uint8Array(6 * 1024 * 1024 + 1)]), 'big.pdf'],
    });
    expect422Fields(tooBig, ['file']);
    expect(tooBig.body.errors.file).toEqual(['The file field must not be greater than 6144 kilobytes.']);
    expect(Number(one(db(), 'SELECT count(*) AS n FROM entries')!.n)).toBe(before);
    const exact = await form('POST', '/companies/1/entries', {
      ...base,
      file: [new Blob([new Uint8Array(6 * 1024 * 1024)], { type: 'image/png' }), 'scan.png'],
    });
    expect(exact.status).toBe(200);
    expect(exact.body.data.file).toMatchObject({ size: 6 * 1024 * 1024, mime: 'image/png', name: 'scan.png' });
    expect422Fields(await post(income(1, { file: 'not a file' })), ['file']);
    // a body far beyond the limit is refused before it is read, with the same 422
    const huge = await form('POST', '/companies/1/entries', {
      ...base,
      file: [new Blob([new Uint8Array(10 * 1024 * 1024)]), 'huge.pdf'],
    });
    expect422Fields(huge, ['file']);
    expect(huge.body.errors.file).toEqual(['The file field must not be greater than 6144 kilobytes.']);
    expect(Number(one(db(), 'SELECT count(*) AS n FROM entries')!.n)).toBe(before + 1);
  });

  it('a new file on update replaces the old one, which is deleted with its bytes; remove_file drops it', async () => {
    const created = await form('POST', '/companies/1/entries', {
      date: '2024-04-05',
      debit_account_id: String(acc(6500)),
      credit_account_id: String(acc(1020)),
      sum: '9',
      file: [new Blob(['one'], { type: 'text/plain' }), 'eins.txt'],
    });
    const e = created.body.data;
    const oldPath = one(db(), 'SELECT path FROM files WHERE id = ?', e.file_id)!.path;
    const replaced = await form('PUT', `/companies/1/entries/${e.id}`, { file: [new Blob(['two']), 'zwei.jpg'] });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    const r = replaced.body.data;
    expect(r.file_id).not.toBe(e.file_id);
    expect(r.file).toMatchObject({ name: 'zwei.jpg', mime: 'image/jpeg', size: 3 });
    expect(r.sum).toBe(9);
    expect(one(db(), 'SELECT 1 AS x FROM files WHERE id = ?', e.file_id)).toBeUndefined();
    expect(existsSync(join(svc.dataDir, oldPath))).toBe(false);
    expect((await fetch(e.file.url)).status).toBe(404);
    expect(await (await fetch(r.file.url)).text()).toBe('two');
    const newPath = one(db(), 'SELECT path FROM files WHERE id = ?', r.file_id)!.path;
    const removed = await put(e.id, { remove_file: true });
    expect(removed.body.data).toMatchObject({ file: null, file_id: null });
    expect(existsSync(join(svc.dataDir, newPath))).toBe(false);
    // file: null in JSON is not a removal (Laravel's hasFile)
    const again = await form('PUT', `/companies/1/entries/${e.id}`, { file: [new Blob(['three']), 'drei.txt'] });
    expect((await put(e.id, { file: null })).body.data.file_id).toBe(again.body.data.file_id);
  });

  it('a failed validation writes no file', async () => {
    const count = () => Number(one(db(), 'SELECT count(*) AS n FROM files')!.n);
    const before = count();
    const res = await form('POST', '/companies/1/entries', { date: 'bad', file: [new Blob(['x']), 'x.txt'] });
    expect(res.status).toBe(422);
    expect(count()).toBe(before);
  });
});

// ---------------------------------------------------------------------------------------------------

describe('DELETE /entries/{id}', () => {
  it('answers 204, removes tag links and the receipt with its bytes', async () => {
    const t = await tag('weg');
    const created = await form('POST', '/companies/1/entries', {
      date: '2024-05-01',
      debit_account_id: String(acc(6500)),
      credit_account_id: String(acc(1020)),
      sum: '3',
      'tag_ids[]': [String(t)],
      file: [new Blob(['gone']), 'weg.pdf'],
    });
    const e = created.body.data;
    const path = one(db(), 'SELECT path FROM files WHERE id = ?', e.file_id)!.path;
    const res = await svc.call('DELETE', `/companies/1/entries/${e.id}`);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect(one(db(), 'SELECT 1 AS x FROM entries WHERE id = ?', e.id)).toBeUndefined();
    expect(one(db(), 'SELECT 1 AS x FROM entry_tag WHERE entry_id = ?', e.id)).toBeUndefined();
    expect(one(db(), 'SELECT 1 AS x FROM files WHERE id = ?', e.file_id)).toBeUndefined();
    expect(existsSync(join(svc.dataDir, path))).toBe(false);
    expect(one(db(), 'SELECT 1 AS x FROM tags WHERE id = ?', t)).toBeDefined();
    expectStatus(await svc.call('DELETE', `/companies/1/entries/${e.id}`), 404);
  });

  it('deletes the group when it becomes empty, not before', async () => {
    const g = await group();
    const a = await create(expense(1, { entry_group_id: g }));
    const b = await create(expense(1, { entry_group_id: g }));
    expect((await svc.call('DELETE', `/companies/1/entries/${a.id}`)).status).toBe(204);
    expect((await get(`/entry-groups/${g}`)).body.data.entries_count).toBe(1);
    expect((await svc.call('DELETE', `/companies/1/entries/${b.id}`)).status).toBe(204);
    expectStatus(await get(`/entry-groups/${g}`), 404);
  });

  it('moving the last booking out of a group deletes the group', async () => {
    const g = await group();
    const e = await create(expense(1, { entry_group_id: g }));
    expect((await put(e.id, { entry_group_id: null })).body.data.entry_group_id).toBeNull();
    expectStatus(await get(`/entry-groups/${g}`), 404);
  });

  it("answers 404 for another company's booking", async () => {
    const foreign = await create(income(company2), company2);
    expectStatus(await svc.call('DELETE', `/companies/1/entries/${foreign.id}`), 404);
    expect(one(db(), 'SELECT 1 AS x FROM entries WHERE id = ?', foreign.id)).toBeDefined();
  });
});

// ---------------------------------------------------------------------------------------------------

describe('closed periods', () => {
  let c: number;
  let open: any;
  let closed: any;

  // a fresh company for every test: one closed and one open booking, as the tests below change them
  beforeEach(async () => {
    c = freshCompany('Closed AG');
    closed = await create(income(c, { date: '2023-12-31' }), c);
    open = await create(income(c, { date: '2024-01-01' }), c);
    setCompany(db(), c, { closedUntil: '2023-12-31' });
  });

  it('lists bookings on or before closed_until as locked', async () => {
    const body = await list('?sort=date', c);
    expect(body.data.map((e: any) => [e.date, e.locked])).toEqual([
      ['2023-12-31', true],
      ['2024-01-01', false],
    ]);
    expect((await get(`/entries/${closed.id}`, c)).body.data.locked).toBe(true);
    expect(ids(await list('?filter[locked]=true', c))).toEqual([closed.id]);
    expect(ids(await list('?filter[locked]=false', c))).toEqual([open.id]);
  });

  it('refuses creating a booking in the closed period (400)', async () => {
    expectStatus(await post(income(c, { date: '2023-12-31' }), c), 400, /abgeschlossen/);
    expectStatus(await post(income(c, { date: '2020-05-01' }), c), 400);
    // validation comes first
    expect422Fields(await post({ date: '2023-12-31' }, c), ['debit_account_id', 'credit_account_id']);
  });

  it('refuses editing a locked booking and moving a booking into the closed period (400)', async () => {
    expectStatus(await put(closed.id, { description: 'late fix' }, c), 400, /abgeschlossen/);
    expectStatus(await put(closed.id, { date: '2024-02-01' }, c), 400);
    expectStatus(await put(open.id, { date: '2023-06-30' }, c), 400);
    expect((await put(open.id, { date: '2024-01-02' }, c)).status).toBe(200);
  });

  it('refuses deleting a locked booking (400)', async () => {
    expectStatus(await svc.call('DELETE', `/companies/${c}/entries/${closed.id}`), 400, /abgeschlossen/);
    expect(one(db(), 'SELECT 1 AS x FROM entries WHERE id = ?', closed.id)).toBeDefined();
  });

  it('opens again when closed_until is cleared', async () => {
    setCompany(db(), c, { closedUntil: 'none' });
    expect((await get(`/entries/${closed.id}`, c)).body.data.locked).toBe(false);
    expect((await put(closed.id, { description: 'now possible' }, c)).status).toBe(200);
    expect(ids(await list('?filter[locked]=true', c))).toEqual([]);
    setCompany(db(), c, { closedUntil: '2023-12-31' });
  });
});

// ---------------------------------------------------------------------------------------------------

describe('revenue cap', () => {
  it("refuses an income booking that lifts the year's income over the cap (402)", async () => {
    const c = freshCompany('Cap AG');
    setCompany(db(), c, { revenueCap: '1000' });
    await create(income(c, { sum: 600 }), c);
    expect((await post(income(c, { sum: 400 }), c)).status).toBe(200); // exactly the cap
    const over = await post(income(c, { sum: 0.05 }), c);
    expectStatus(over, 402, /Umsatzgrenze/);
    // expenses and swaps are not revenue; another year has its own cap
    expect((await post(expense(c, { sum: 5000 }), c)).status).toBe(200);
    expect((await post(swap(c, { sum: 5000 }), c)).status).toBe(200);
    const next = await create(income(c, { date: '2025-01-01', sum: 1000 }), c);
    // raising a booking, or moving one into a full year, is refused; lowering or unrelated changes are not
    expectStatus(await put(next.id, { sum: 1000.01 }, c), 402);
    expectStatus(await put(next.id, { date: '2024-12-31' }, c), 402);
    expect((await put(next.id, { sum: 900 }, c)).status).toBe(200);
    const e = await create(expense(c, { date: '2025-02-01', sum: 500 }), c);
    expectStatus(await put(e.id, { debit_account_id: acc(1020, c), credit_account_id: acc(3400, c) }, c), 402);
    setCompany(db(), c, { revenueCap: '500' });
    expect((await put(next.id, { description: 'still fine' }, c)).status).toBe(200);
    expect((await put(next.id, { sum: 800 }, c)).status).toBe(200);
    setCompany(db(), c, { revenueCap: 'none' });
    expect((await post(income(c, { sum: 1000000 }), c)).status).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------------

describe('depreciation bookings', () => {
  it('debit an expense against a depreciation account; only the receipt can change', async () => {
    const c = freshCompany('Abschreibung AG');
    const e = await create(
      {
        date: '2024-12-31',
        debit_account_id: acc(6800, c),
        credit_account_id: acc(1510, c),
        sum: 1200,
        description: 'AfA Mobiliar',
      },
      c,
    );
    expect(e).toMatchObject({ type: 'expense', is_depreciation: true });
    expect((await create(expense(c), c)).is_depreciation).toBe(false);
    expectStatus(await put(e.id, { description: 'geändert' }, c), 400, /Abschreibung/);
    expectStatus(await put(e.id, { sum: 1300 }, c), 400);
    expectStatus(await put(e.id, { credit_account_id: acc(1520, c) }, c), 400);
    expectStatus(await put(e.id, { newTags: [{ name: 'afa', color: 'gray' }] }, c), 400);
    // sending the stored values is no change
    expect((await put(e.id, { description: 'AfA Mobiliar', sum: 1200, date: '2024-12-31' }, c)).status).toBe(200);
    const withFile = await form('PUT', `/companies/${c}/entries/${e.id}`, { file: [new Blob(['afa']), 'afa.pdf'] });
    expect(withFile.status, JSON.stringify(withFile.body)).toBe(200);
    expect(withFile.body.data.file.name).toBe('afa.pdf');
    expect((await put(e.id, { remove_file: true }, c)).body.data.file).toBeNull();
    expect((await svc.call('DELETE', `/companies/${c}/entries/${e.id}`)).status).toBe(204);
  });
});

// ---------------------------------------------------------------------------------------------------

describe('GET /entries', () => {
  let c: number;
  const e: Record<string, any> = {};
  let cust: number;
  let cust2: number;
  let proj: number;
  let tagA: number;
  let tagB: number;
  let inv: number;

  beforeAll(async () => {
    c = freshCompany('List AG');
    cust = await customer('Kunde A', c);
    cust2 = await customer('Kunde B', c);
    proj = await project('Projekt A', cust, c);
    tagA = await tag('a', 'red', c);
    tagB = await tag('b', 'blue', c);
    const mwst = rate('MWST 8.1 %', c);
    const vst = rate('Vorsteuer 8.1 %', c);
    e.inc1 = await create(
      income(c, {
        date: '2024-01-15',
        sum: 1081,
        tax_rate_id: mwst,
        customer_id: cust,
        project_id: proj,
        tag_ids: [tagA],
        number: 'E-2024-001',
      }),
      c,
    );
    e.inc2 = await create(income(c, { date: '2024-02-01', sum: 500, customer_id: cust2 }), c);
    e.exp1 = await create(
      expense(c, {
        date: '2024-02-01',
        sum: 500,
        tax_rate_id: vst,
        customer_id: cust,
        billable: true,
        tag_ids: [tagA, tagB],
      }),
      c,
    );
    e.exp2 = await create(expense(c, { date: '2024-02-01', sum: 500, debit_account_id: acc(6570, c) }), c);
    e.swap = await create(swap(c, { date: '2024-03-10', sum: 2000, tag_ids: [tagB] }), c);
    e.old = await create(expense(c, { date: '2023-11-30', sum: 75, project_id: proj }), c);
    const withFile = await form('POST', `/companies/${c}/entries`, {
      date: '2024-01-20',
      debit_account_id: String(acc(6500, c)),
      credit_account_id: String(acc(1020, c)),
      sum: '10',
      file: [new Blob(['r']), 'r.pdf'],
    });
    e.file = withFile.body.data;
    inv = invoice(c, cust, 'R-2024-001');
    run(db(), 'UPDATE entries SET invoice_id = ? WHERE id = ?', inv, e.exp1.id);
  });

  it('answers { data, current_count, total_count, page, per_page } by date, sum, tax rate descending', async () => {
    const body = await list('', c);
    expect(Object.keys(body)).toEqual(['data', 'current_count', 'total_count', 'page', 'per_page']);
    expect(body).toMatchObject({ current_count: 7, total_count: 7, page: 1, per_page: 15 });
    // 2024-02-01 has three bookings of 500.00: the one with a tax rate comes first, then the id breaks the tie
    // (descending)
    expect(ids(body)).toEqual([e.swap.id, e.exp1.id, e.exp2.id, e.inc2.id, e.file.id, e.inc1.id, e.old.id]);
    expect(Object.keys(body.data[0])).toEqual(ENTRY_KEYS);
    expect(body.data.find((x: any) => x.id === e.exp1.id)).toMatchObject({
      tags: [
        { id: tagA, name: 'a', color: 'red' },
        { id: tagB, name: 'b', color: 'blue' },
      ],
      invoice_id: inv,
      billable: true,
      debit_account: { id: acc(6500, c), name: 'Verwaltungsaufwand', number: 6500 },
      sum_formatted: '500.00',
      date_formatted: '01.02.2024',
    });
  });

  it('pages: per_page default 15, clamped to 1..100, a page past the end is empty', async () => {
    const one1 = await list('?per_page=2&page=2', c);
    expect(one1).toMatchObject({ current_count: 2, total_count: 7, page: 2, per_page: 2 });
    expect(ids(one1)).toEqual(ids(await list('', c)).slice(2, 4));
    expect(await list('?per_page=0', c)).toMatchObject({ per_page: 1, current_count: 1 });
    expect(await list('?per_page=1000', c)).toMatchObject({ per_page: 100, current_count: 7 });
    expect(await list('?page=9', c)).toMatchObject({ page: 9, current_count: 0, total_count: 7, data: [] });
    expect(await list('?page=0', c)).toMatchObject({ page: 1, current_count: 7 });
  });

  it.each([
    ['date', (x: any[]) => x.map((y) => y.date), (a: string[]) => [...a].sort()],
    ['-date', (x: any[]) => x.map((y) => y.date), (a: string[]) => [...a].sort().reverse()],
    ['sum', (x: any[]) => x.map((y) => y.sum), (a: number[]) => [...a].sort((p, q) => p - q)],
    ['-sum', (x: any[]) => x.map((y) => y.sum), (a: number[]) => [...a].sort((p, q) => q - p)],
    ['id', (x: any[]) => x.map((y) => y.id), (a: number[]) => [...a].sort((p, q) => p - q)],
    ['-id', (x: any[]) => x.map((y) => y.id), (a: number[]) => [...a].sort((p, q) => q - p)],
    ['number', (x: any[]) => x.map((y) => y.number), (a: string[]) => [...a].sort()],
    ['-number', (x: any[]) => x.map((y) => y.number), (a: string[]) => [...a].sort().reverse()],
    ['type', (x: any[]) => x.map((y) => y.type), (a: string[]) => [...a].sort()],
    ['-created_at', (x: any[]) => x.map((y) => y.created_at), (a: string[]) => [...a].sort().reverse()],
  ] as [string, (x: any[]) => any[], (a: any[]) => any[]][])('sort=%s', async (sort, pick, expected) => {
    const values = pick((await list(`?sort=${sort}`, c)).data);
    expect(values).toEqual(expected(values));
  });

  it('sort=sum breaks ties by date, then id', async () => {
    const five = (await list('?sort=sum', c)).data.filter((x: any) => x.sum === 500).map((x: any) => x.id);
    expect(five).toEqual([e.inc2.id, e.exp1.id, e.exp2.id].sort((a, b) => a - b));
  });

  it('answers 400 for an unknown sort', async () => {
    expectStatus(await get('/entries?sort=colour', c), 400, /Requested sort\(s\) `colour` is not allowed/);
  });

  const filters: [string, () => number[]][] = [
    ['filter[id]=ID', () => [e.inc1.id]],
    ['filter[date]=2024-02-01,2024-02-29', () => [e.exp1.id, e.exp2.id, e.inc2.id]],
    ['filter[date]=2024-02-01', () => [e.swap.id, e.exp1.id, e.exp2.id, e.inc2.id]],
    ['filter[date]=,2024-01-15', () => [e.inc1.id, e.old.id]],
    ['filter[type]=income', () => [e.inc2.id, e.inc1.id]],
    ['filter[type]=swap', () => [e.swap.id]],
    ['filter[type]=income,swap', () => [e.swap.id, e.inc2.id, e.inc1.id]],
    ['filter[customer_id]=CUST', () => [e.exp1.id, e.inc1.id]],
    ['filter[customer_id]=null', () => [e.swap.id, e.exp2.id, e.file.id, e.old.id]],
    ['filter[customer_id]=CUST2,null', () => [e.swap.id, e.exp2.id, e.inc2.id, e.file.id, e.old.id]],
    ['filter[project_id]=PROJ', () => [e.inc1.id, e.old.id]],
    ['filter[project_id]=null', () => [e.swap.id, e.exp1.id, e.exp2.id, e.inc2.id, e.file.id]],
    ['filter[billable]=true', () => [e.exp1.id]],
    ['filter[billable]=0', () => [e.swap.id, e.exp2.id, e.inc2.id, e.file.id, e.inc1.id, e.old.id]],
    ['filter[invoice_id]=INV', () => [e.exp1.id]],
    ['filter[invoice_id]=null', () => [e.swap.id, e.exp2.id, e.inc2.id, e.file.id, e.inc1.id, e.old.id]],
    ['filter[invoiced]=true', () => [e.exp1.id]],
    ['filter[invoiced]=false', () => [e.swap.id, e.exp2.id, e.inc2.id, e.file.id, e.inc1.id, e.old.id]],
    ['filter[tax_rate_id]=MWST', () => [e.inc1.id]],
    ['filter[tax_rate_id]=none', () => [e.swap.id, e.exp2.id, e.inc2.id, e.file.id, e.old.id]],
    ['filter[account_id]=A6500', () => [e.exp1.id, e.file.id, e.old.id]],
    ['filter[account_id]=A1020', () => [e.swap.id, e.exp1.id, e.exp2.id, e.inc2.id, e.file.id, e.inc1.id, e.old.id]],
    ['filter[account_id]=A3400,A6570', () => [e.exp2.id, e.inc2.id, e.inc1.id]],
    ['filter[tag_id]=TAGA', () => [e.exp1.id, e.inc1.id]],
    ['filter[tag_id]=TAGB', () => [e.swap.id, e.exp1.id]],
    ['filter[tag_id]=TAGA,TAGB', () => [e.swap.id, e.exp1.id, e.inc1.id]],
    ['filter[receipt]=with', () => [e.file.id]],
    ['filter[receipt]=without', () => [e.swap.id, e.exp1.id, e.exp2.id, e.inc2.id, e.inc1.id, e.old.id]],
    ['filter[locked]=true', () => []],
    ['filter[type]=expense&filter[customer_id]=CUST&filter[billable]=1', () => [e.exp1.id]],
  ];

  const expand = (q: string) =>
    q
      .replace('CUST2', String(cust2))
      .replace('CUST', String(cust))
      .replace('PROJ', String(proj))
      .replace('INV', String(inv))
      .replace('MWST', String(rate('MWST 8.1 %', c)))
      .replace('A6500', String(acc(6500, c)))
      .replace('A1020', String(acc(1020, c)))
      .replace('A3400', String(acc(3400, c)))
      .replace('A6570', String(acc(6570, c)))
      .replace('TAGA', String(tagA))
      .replace('TAGB', String(tagB))
      .replace('=ID', `=${e.inc1.id}`);

  it.each(filters)('%s', async (q, expected) => {
    const body = await list(`?${expand(q)}`, c);
    expect(new Set(ids(body))).toEqual(new Set(expected()));
    expect(body.total_count).toBe(expected().length);
  });

  it('filter[id] takes a comma-separated list', async () => {
    expect(new Set(ids(await list(`?filter[id]=${e.inc1.id},${e.old.id},999999`, c)))).toEqual(
      new Set([e.inc1.id, e.old.id]),
    );
  });

  it.each([
    'filter[date]=2024-13-01',
    'filter[date]=a,b',
    'filter[type]=revenue',
    'filter[customer_id]=abc',
    'filter[tax_rate_id]=null-ish',
    'filter[billable]=maybe',
    'filter[locked]=2',
    'filter[invoiced]=yes',
    'filter[receipt]=some',
    'filter[account_id]=x',
    'filter[tag_id]=1;2',
    'filter[id]=-1',
  ])('answers 400 for %s', async (q) => {
    expectStatus(await get(`/entries?${q}`, c), 400);
  });

  it('ignores empty filters', async () => {
    expect((await list('?filter[type]=&filter[date]=&filter[customer_id]=', c)).total_count).toBe(7);
  });

  it('includes relations on the list (camelCase and snake_case), 400 for unknown ones', async () => {
    const body = await list(
      `?filter[id]=${e.inc1.id}&include=customer,project,tags,tax_rate,debit_account,credit_account,group`,
      c,
    );
    const item = body.data[0];
    expect(Object.keys(item)).toEqual([...ENTRY_KEYS, 'customer', 'project', 'tax_rate', 'group']);
    expect(item.customer).toMatchObject({ id: cust, name: 'Kunde A' });
    expect(item.project).toMatchObject({ id: proj, name: 'Projekt A' });
    expect(item.tax_rate).toMatchObject({ name: 'MWST 8.1 %' });
    expect(item.group).toBeNull();
    const camel = (await list(`?filter[id]=${e.inc1.id}&include=taxRate,debitAccount.accountCategory`, c)).data[0];
    expect(Object.keys(camel)).toEqual([...ENTRY_KEYS, 'tax_rate']);
    expect(camel.debit_account.account_category).toEqual({ id: 1, name: 'Bankkonten', type: 'bank' });
    expectStatus(await get('/entries?include=everything', c), 400);
  });

  it(
    "fields[entries] sends only the fields named, in the API's order, with the same values; included relations " +
      'still come',
    async () => {
      const full = await list('?sort=date', c);
      const sparse = await list('?sort=date&fields[entries]=tax_rate_id,sum,id,date,tags,debit_account', c);
      expect(ids(sparse)).toEqual(ids(full));
      expect(sparse.total_count).toBe(full.total_count);
      sparse.data.forEach((item: any, i: number) => {
        expect(Object.keys(item)).toEqual(['id', 'date', 'sum', 'tax_rate_id', 'tags', 'debit_account']);
        const whole = full.data[i];
        expect(item).toEqual({
          id: whole.id,
          date: whole.date,
          sum: whole.sum,
          tax_rate_id: whole.tax_rate_id,
          tags: whole.tags,
          debit_account: whole.debit_account,
        });
      });
      const withInclude = (await list(`?filter[id]=${e.inc1.id}&fields[entries]=id,sum&include=customer`, c)).data[0];
      expect(withInclude).toEqual({
        id: e.inc1.id,
        sum: 1081,
        customer: expect.objectContaining({ id: cust, name: 'Kunde A' }),
      });
      const every = (await list(`?filter[id]=${e.inc1.id}&fields[entries]=${ENTRY_KEYS.join(',')}`, c)).data[0];
      expect(every).toEqual(full.data.find((x: any) => x.id === e.inc1.id));
    },
  );

  it('answers 400 naming the unknown fields of fields[entries], and for an empty one', async () => {
    const bad = await get('/entries?fields[entries]=id,amount,customer', c);
    expectStatus(
      bad,
      400,
      /^Requested field\(s\) `amount, customer` are not allowed\. Allowed field\(s\) are `id, company_id, /,
    );
    expectStatus(await get('/entries?fields[entries]=', c), 400, /Requested field\(s\) `` are not allowed/);
  });

  it("lists only the company's bookings", async () => {
    const other = await list('', company2);
    expect(other.data.every((x: any) => x.company_id === company2)).toBe(true);
    expect(ids(await list(`?filter[id]=${e.inc1.id}`, company2))).toEqual([]);
  });

  it('answers 403 for a company the user is not a member of', async () => {
    const res = await svc.call('GET', `/companies/${c}/entries`, undefined, { token: user2.token });
    expect(res.status).toBe(403);
  });
});

// ---------------------------------------------------------------------------------------------------

describe('GET /entries-grouped', () => {
  let c: number;
  let g1: number;
  let g2: number;
  const e: Record<string, any> = {};

  beforeAll(async () => {
    c = freshCompany('Grouped AG');
    g1 = await group(c);
    g2 = await group(c);
    const cust = await customer('Gruppe Kunde', c);
    e.a = await create(
      expense(c, { date: '2024-05-01', sum: 100, description: 'Hotel', entry_group_id: g1, customer_id: cust }),
      c,
    );
    e.b = await create(
      expense(c, {
        date: '2024-05-03',
        sum: 50.5,
        description: 'Bahn',
        entry_group_id: g1,
        debit_account_id: acc(6200, c),
        customer_id: cust,
      }),
      c,
    );
    e.single = await create(income(c, { date: '2024-05-02', sum: 300, description: 'Honorar' }), c);
    e.m1 = await create(expense(c, { date: '2024-04-01', sum: 10, entry_group_id: g2 }), c);
    e.m2 = await create(income(c, { date: '2024-04-01', sum: 20, entry_group_id: g2 }), c);
    e.old = await create(swap(c, { date: '2024-01-01', sum: 5 }), c);
  });

  it('answers one item per group and one per booking without a group, newest first', async () => {
    const res = await get('/entries-grouped', c);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['data', 'current_count', 'total_count', 'page', 'per_page']);
    expect(res.body).toMatchObject({ current_count: 4, total_count: 4, page: 1, per_page: 15 });
    const items = res.body.data;
    expect(items.map((i: any) => [i.id, i.entry_group_id])).toEqual([
      [g1, g1],
      [e.single.id, null],
      [g2, g2],
      [e.old.id, null],
    ]);
    expect(Object.keys(items[0])).toEqual([
      'id',
      'entry_group_id',
      'description',
      'type',
      'sum',
      'date',
      'debit_account',
      'credit_account',
      'number',
      'file_id',
      'customer_id',
      'project_id',
      'formatted',
      'sumFormatted',
      'grouped_entries',
      'locked',
      'search_string',
    ]);
    expect(items[0]).toMatchObject({
      description: 'Hotel, Bahn',
      type: 'expense',
      sum: 150.5,
      date: '2024-05-03',
      formatted: { date: '03.05.2024' },
      sumFormatted: '150.50',
      debit_account: { id: null, number: null, name: '6200 Fahrzeugaufwand, 6500 Verwaltungsaufwand' },
      credit_account: { id: acc(1020, c), name: 'Bankguthaben', number: 1020 },
      number: `${e.a.number}, ${e.b.number}`,
      customer_id: e.a.customer_id,
      project_id: null,
      file_id: null,
      locked: false,
      grouped_entries: [
        { id: e.a.id, description: 'Hotel', sum: 100, date: '2024-05-01' },
        { id: e.b.id, description: 'Bahn', sum: 50.5, date: '2024-05-03' },
      ],
    });
    expect(items[0].search_string).toContain('hotel');
    expect(items[0].search_string).toContain('150.50');
    expect(items[1]).toMatchObject({
      id: e.single.id,
      type: 'income',
      sum: 300,
      description: 'Honorar',
      grouped_entries: [{ id: e.single.id, description: 'Honorar', sum: 300, date: '2024-05-02' }],
    });
    expect(items[2]).toMatchObject({ type: 'mixed', sum: false, sumFormatted: null, date: '2024-04-01' });
  });

  it("applies the list's filters to the bookings and its sorts to the items", async () => {
    const expenses = (await get('/entries-grouped?filter[type]=expense', c)).body;
    expect(expenses.total_count).toBe(2);
    expect(expenses.data.map((i: any) => i.id)).toEqual([g1, g2]);
    expect(expenses.data[1]).toMatchObject({ type: 'expense', sum: 10, grouped_entries: [{ id: e.m1.id }] });
    const may = (await get('/entries-grouped?filter[date]=2024-05-02,2024-05-31', c)).body;
    expect(may.data.map((i: any) => i.id)).toEqual([g1, e.single.id]);
    expect(may.data[0].sum).toBe(50.5);
    const bySum = (await get('/entries-grouped?sort=sum', c)).body.data;
    expect(bySum.map((i: any) => i.id)).toEqual([e.old.id, g2, g1, e.single.id]);
    const byDate = (await get('/entries-grouped?sort=date', c)).body.data;
    expect(byDate.map((i: any) => i.id)).toEqual([e.old.id, g2, e.single.id, g1]);
    const paged = (await get('/entries-grouped?per_page=2&page=2', c)).body;
    expect(paged).toMatchObject({ current_count: 2, total_count: 4, page: 2, per_page: 2 });
    expect(paged.data.map((i: any) => i.id)).toEqual([g2, e.old.id]);
    expect((await get('/entries-grouped?page=3&per_page=2', c)).body).toMatchObject({ data: [], total_count: 4 });
    expectStatus(await get('/entries-grouped?sort=bogus', c), 400);
    expectStatus(await get('/entries-grouped?filter[type]=bogus', c), 400);
  });

  it('shows locked items once the period is closed', async () => {
    setCompany(db(), c, { closedUntil: '2024-04-30' });
    const items = (await get('/entries-grouped', c)).body.data;
    expect(items.map((i: any) => i.locked)).toEqual([false, false, true, true]);
    setCompany(db(), c, { closedUntil: 'none' });
  });

  it("POST /entry-groups and GET /entry-groups/{id}; another company's group is 404", async () => {
    const res = await svc.call('POST', `/companies/${c}/entry-groups`);
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      company_id: c,
      entries_count: 0,
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: expect.stringMatching(TIMESTAMP),
    });
    expect((await get(`/entry-groups/${g1}`, c)).body.data.entries_count).toBe(2);
    expectStatus(await get(`/entry-groups/${g1}`, company2), 404);
  });
});

// ---------------------------------------------------------------------------------------------------

describe('master data made real by bookings', () => {
  it('balances: income 1081.00 with MWST 8.1 % → 1020 +1081.00, 3400 1000.00, 2200 81.00', async () => {
    const c = freshCompany('Ledger AG');
    await create(income(c, { date: '2024-06-01', sum: 1081, tax_rate_id: rate('MWST 8.1 %', c) }), c);
    const res = await svc.call('GET', `/companies/${c}/accounts?start=2024-01-01&until=2024-12-31`);
    const balance = (n: number) => res.body.find((a: any) => a.number === n);
    expect(balance(1020)).toMatchObject({ balance: 1081, balance_formatted: "CHF 1'081.00" });
    expect(balance(3400)).toMatchObject({ balance: 1000, balance_formatted: "CHF 1'000.00" });
    expect(balance(2200)).toMatchObject({ balance: 81, balance_formatted: 'CHF 81.00' });
    // an expense with input tax: 6500 100.00 gross at 8.1 % → 6500 92.51, 1170 7.49, 1020 −100.00
    await create(expense(c, { date: '2024-06-02', sum: 100, tax_rate_id: rate('Vorsteuer 8.1 %', c) }), c);
    const after = await svc.call('GET', `/companies/${c}/accounts?start=2024-01-01&until=2024-12-31`);
    const b2 = (n: number) => after.body.find((a: any) => a.number === n).balance;
    expect([b2(1020), b2(6500), b2(1170), b2(3400), b2(2200)]).toEqual([981, 92.51, 7.49, 1000, 81]);
    const single = await svc.call('GET', `/companies/${c}/accounts/${acc(1020, c)}`);
    expect(single.body.data.balance).toBe(981);
    // outside the period the movement of income accounts is not counted
    const later = await svc.call('GET', `/companies/${c}/accounts?start=2025-01-01&until=2025-12-31`);
    expect(later.body.find((a: any) => a.number === 3400).balance).toBe(0);
    expect(later.body.find((a: any) => a.number === 1020).balance).toBe(981);
    // editing and deleting bookings moves the balances
    const listed = await list('?filter[type]=income', c);
    await put(listed.data[0].id, { sum: 540.5 }, c);
    const edited = await svc.call('GET', `/companies/${c}/accounts?start=2024-01-01&until=2024-12-31`);
    expect(edited.body.find((a: any) => a.number === 2200).balance).toBe(40.5);
    await svc.call('DELETE', `/companies/${c}/entries/${listed.data[0].id}`);
    const deleted = await svc.call('GET', `/companies/${c}/accounts?start=2024-01-01&until=2024-12-31`);
    expect(deleted.body.find((a: any) => a.number === 3400).balance).toBe(0);
  });

  it('a tax rate used by a booking cannot change its rate (422) nor be deleted (409)', async () => {
    const c = freshCompany('Steuer AG');
    const created = await svc.call('POST', `/companies/${c}/tax-rates`, {
      name: 'Test 5 %',
      rate: 5,
      account_id: acc(2200, c),
    });
    const id = created.body.id;
    expect((await svc.call('PUT', `/companies/${c}/tax-rates/${id}`, { rate: 6 })).status).toBe(200);
    const e = await create(income(c, { tax_rate_id: id }), c);
    const locked = await svc.call('PUT', `/companies/${c}/tax-rates/${id}`, { rate: 7, account_id: acc(1170, c) });
    expect422Fields(locked, ['rate', 'account_id']);
    expect((await svc.call('PUT', `/companies/${c}/tax-rates/${id}`, { name: 'Umbenannt' })).status).toBe(200);
    expectStatus(await svc.call('DELETE', `/companies/${c}/tax-rates/${id}`), 409, /Buchungen/);
    await put(e.id, { tax_rate_id: null }, c);
    expect((await svc.call('PUT', `/companies/${c}/tax-rates/${id}`, { rate: 7 })).status).toBe(200);
    expect((await svc.call('DELETE', `/companies/${c}/tax-rates/${id}`)).status).toBe(204);
  });

  it('an account with bookings cannot be deleted (400) until its bookings are gone', async () => {
    const c = freshCompany('Konto AG');
    const created = await svc.call('POST', `/companies/${c}/accounts`, {
      name: 'Spesen',
      number: 6510,
      type: 'expense',
    });
    const id = created.body.data.id;
    const e = await create(expense(c, { debit_account_id: id }), c);
    expectStatus(await svc.call('DELETE', `/companies/${c}/accounts/${id}`), 400, /Buchungen/);
    expectStatus(await svc.call('DELETE', `/companies/${c}/accounts/${acc(1020, c)}`), 400, /Buchungen/);
    expectStatus(await svc.call('POST', `/companies/${c}/accounts/reset`), 400, /Buchungen/);
    expect((await svc.call('DELETE', `/companies/${c}/entries/${e.id}`)).status).toBe(204);
    expect((await svc.call('DELETE', `/companies/${c}/accounts/${id}`)).status).toBe(204);
  });

  it('customers: open_expenses_sum and filter[expenses] come from billable expense bookings not invoiced', async () => {
    const c = freshCompany('Spesen AG');
    const a = await customer('Mit Spesen', c);
    const b = await customer('Ohne Spesen', c);
    const x = await create(expense(c, { customer_id: a, billable: true, sum: 120.4 }), c);
    await create(expense(c, { customer_id: a, billable: true, sum: 1000 }), c);
    await create(expense(c, { customer_id: a, billable: false, sum: 99 }), c);
    await create(expense(c, { customer_id: b, sum: 55 }), c);
    await create(income(c, { customer_id: b, sum: 700 }), c);
    const read = async (id: number) =>
      (await svc.call('GET', `/companies/${c}/customers/${id}`)).body.data.open_expenses_sum;
    expect(await read(a)).toEqual({ sum: 1120.4, formatted: "CHF 1'120.40" });
    expect(await read(b)).toEqual({ sum: 0, formatted: 'CHF 0.00' });
    const withExpenses = await svc.call('GET', `/companies/${c}/customers?filter[expenses]=true`);
    expect(withExpenses.body.data.map((r: any) => r.id)).toEqual([a]);
    const without = await svc.call('GET', `/companies/${c}/customers?filter[expenses]=false`);
    expect(without.body.data.map((r: any) => r.id)).toEqual([b]);
    // invoicing one booking, or making it non-billable, takes it out
    run(db(), 'UPDATE entries SET invoice_id = ? WHERE id = ?', invoice(c, a, 'R-2024-050'), x.id);
    expect(await read(a)).toEqual({ sum: 1000, formatted: "CHF 1'000.00" });
    const rest = await list(`?filter[customer_id]=${a}&filter[billable]=true&filter[invoiced]=false`, c);
    await put(rest.data[0].id, { billable: false }, c);
    expect(await read(a)).toEqual({ sum: 0, formatted: 'CHF 0.00' });
    expect((await svc.call('GET', `/companies/${c}/customers?filter[expenses]=true`)).body.data).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------

describe('robustness', () => {
  it('never answers 500, whatever the body or query', async () => {
    const c = freshCompany('Fuzz AG');
    const target = await create(expense(c, { customer_id: await customer('Fuzz Kunde', c) }), c);
    const odd = fc.constantFrom(
      'x'.repeat(70_000),
      '\ud800',
      'a\u0000b',
      ' ',
      '',
      '1e400',
      '-0',
      '9'.repeat(30),
      "' OR '1'='1",
      '1,2',
      'true',
      'null',
      '2024-02-30',
      '2024-03-01',
      String(acc(1020, c)),
      String(acc(3400, c)),
      '[{"name":"x","color":"blue"}]',
      '[{}]',
      '[1,2]',
    );
    const scalar = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), odd);
    const value = fc.oneof(
      scalar,
      fc.array(scalar, { maxLength: 3 }),
      fc.dictionary(fc.string(), scalar, { maxKeys: 2 }),
    );
    const fields = [
      'date',
      'debit_account_id',
      'credit_account_id',
      'description',
      'sum',
      'number',
      'tax_rate_id',
      'customer_id',
      'project_id',
      'billable',
      'entry_group_id',
      'tag_ids',
      'newTags',
      'file',
      'remove_file',
    ];
    const body = fc.dictionary(fc.constantFrom(...fields), value, { maxKeys: 6 });
    const routes: [string, string][] = [
      ['POST', '/entries'],
      ['PUT', `/entries/${target.id}`],
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), body, async ([method, path], b) => {
        const res = await svc.call(method, `/companies/${c}${path}`, b);
        expect(
          res.status,
          `${method} ${path} ${JSON.stringify(b).slice(0, 300)} → ${JSON.stringify(res.body).slice(0, 300)}`,
        ).toBeLessThan(500);
      }),
      { numRuns: 300 },
    );
    const keys = [
      'filter[id]',
      'filter[date]',
      'filter[type]',
      'filter[customer_id]',
      'filter[project_id]',
      'filter[billable]',
      'filter[locked]',
      'filter[invoice_id]',
      'filter[tax_rate_id]',
      'filter[account_id]',
      'filter[tag_id]',
      'filter[receipt]',
      'filter[invoiced]',
      'include',
      'sort',
      'page',
      'per_page',
      'year',
      'number',
      'expires',
      'signature',
    ];
    const query = fc.dictionary(fc.constantFrom(...keys), fc.oneof(fc.string(), odd), { maxKeys: 4 });
    const paths = [
      '/entries',
      '/entries-grouped',
      `/entries/${target.id}`,
      '/entries/number/income',
      '/entries/number/x',
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), query, async (path, q) => {
        const res = await get(`${path}?${new URLSearchParams(q).toString()}`, c);
        expect(res.status, `${path} ${JSON.stringify(q).slice(0, 300)}`).toBeLessThan(500);
        const file = await fetch(`${svc.origin}/api/v2/files/1?${new URLSearchParams(q).toString()}`);
        expect(file.status).toBeLessThan(500);
      }),
      { numRuns: 200 },
    );
  }, 60_000);
});

// ---------------------------------------------------------------------------------------------------

describe('a company with 100,000 bookings', () => {
  it('lists a page, the grouped list, filters and the next number (speed is measured in bench/)', async () => {
    const c = freshCompany('Gross AG');
    const bank = acc(1020, c);
    const sales = acc(3400, c);
    const admin = acc(6500, c);
    const now = timestamp();
    transaction(db(), () => {
      const insert = db().prepare(`INSERT INTO entries (company_id, user_id, number, type, date, description, sum,
          debit_account_id, credit_account_id, created_at, updated_at)
        VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
      for (let i = 0; i < 100_000; i++) {
        const isIncome = i % 3 === 0;
        const date = new Date(Date.UTC(2015, 0, 1) + (i % 3650) * 86_400_000).toISOString().slice(0, 10);
        insert.run(
          c,
          `${isIncome ? 'E' : 'A'}-${date.slice(0, 4)}-${String(i + 1).padStart(3, '0')}`,
          isIncome ? 'income' : 'expense',
          date,
          `Buchung ${i}`,
          (i * 7919) % 100_000,
          isIncome ? bank : admin,
          isIncome ? sales : bank,
          now,
          now,
        );
      }
    });
    const ok = async (path: string) => {
      const res = await get(path, c);
      expect(res.status, `${path} ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
      return res.body;
    };
    const first = await ok('/entries');
    expect(first.total_count).toBe(100_000);
    expect(first.data).toHaveLength(15);
    expect(first.data[0].date).toBe(new Date(Date.UTC(2015, 0, 1) + 3649 * 86_400_000).toISOString().slice(0, 10));
    expect((await ok('/entries?filter[type]=income')).total_count).toBe(33_334);
    expect((await ok('/entries?sort=-sum&page=300')).page).toBe(300);
    const [a, b] = first.data.map((e: { id: number }) => e.id);
    expect((await ok(`/entries?filter[id]=${a},${b},999999999`)).total_count).toBe(2);
    for (const path of [
      '/entries?sort=sum',
      '/entries?filter[date]=2020-01-01,2020-12-31',
      '/entries?sort=number',
      '/entries?filter[customer_id]=null',
      '/entries-grouped',
      '/entries-grouped?sort=sum',
    ]) {
      expect((await ok(path)).data.length, path).toBeGreaterThan(0);
    }
    expect((await ok('/entries/number/income?year=2020')).number).toBeGreaterThan(1);
    const created = await create(income(c, { date: '2024-12-31' }), c);
    expect(created.number).toMatch(/^E-2024-\d{5}$/);
  }, 60_000);
});
