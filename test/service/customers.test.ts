// Customers against the running service: CRUD, every 422 key, includes, computed sums on a hand-checked
// example, the list filters (expenses, times …), statistics, number, the /multiple endpoints, the CSV
// import and tenancy. Projects, documents, bookings and time entries are inserted with SQL.
import fc from 'fast-check';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addCompany } from '../../src/server/main.js';
import type { Db } from '../../src/server/store/db.js';
import {
  accountId,
  expect422,
  OWNER_TOKEN,
  secondTenant,
  taxRateId,
  useTestService,
  type SecondUser,
  type ServiceAnswer,
} from '../helpers/service.js';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const NOW = '2025-01-01T00:00:00.000000Z';

const svc = useTestService();
let db: Db;
let user2: SecondUser;
let company2: number;

type Customer = Record<string, any> & { id: number; name: string; number: number | null };

function expectMessage(res: ServiceAnswer, status: number): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual({ message: expect.any(String) });
}

async function create(body: Record<string, unknown>, company = 1, token?: string): Promise<Customer> {
  const res = await svc.call('POST', `/companies/${company}/customers`, body, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function read(id: number, query = '', company = 1, token?: string): Promise<Customer> {
  const res = await svc.call('GET', `/companies/${company}/customers/${id}${query}`, undefined, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function upload(
  path: string,
  content: string | Uint8Array<ArrayBuffer> | undefined,
  opts: { field?: string; filename?: string; extra?: Record<string, string> } = {},
): Promise<ServiceAnswer> {
  const form = new FormData();
  if (content !== undefined) form.append(opts.field ?? 'file', new Blob([content]), opts.filename ?? 'customers.csv');
  for (const [k, v] of Object.entries(opts.extra ?? {})) form.append(k, v);
  const res = await fetch(svc.url + path, {
    method: 'POST',
    headers: { Authorization: `Bearer ${OWNER_TOKEN}`, Accept: 'application/json' },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

// --- direct inserts for the records whose endpoints other parts provide --------------------------

function insertProject(customerId: number, opts: { name?: string; archived?: boolean; company?: number } = {}): number {
  return Number(
    db
      .prepare(
        `INSERT INTO projects (company_id, user_id, customer_id, name, archived, hourly_rate, created_at,
          updated_at) VALUES (?, 1, ?, ?, ?, 15000, ?, ?)`,
      )
      .run(opts.company ?? 1, customerId, opts.name ?? 'Projekt', opts.archived ? 1 : 0, NOW, NOW).lastInsertRowid,
  );
}

let documentCounter = 0;
function insertInvoice(
  customerId: number,
  status: string,
  finalRappen: number,
  opts: { contactId?: number; company?: number; currency?: string } = {},
): number {
  documentCounter++;
  return Number(
    db
      .prepare(`INSERT INTO invoices (company_id, user_id, customer_id, contact_id, number, date,
        payable_until, status, final_value, currency, created_at, updated_at)
    VALUES (?, 1, ?, ?, ?, '2025-03-01', '2025-03-31', ?, ?, ?, ?, ?)`)
      .run(
        opts.company ?? 1,
        customerId,
        opts.contactId ?? null,
        `R-2025-${String(documentCounter).padStart(3, '0')}`,
        status,
        finalRappen,
        opts.currency ?? 'CHF',
        NOW,
        NOW,
      ).lastInsertRowid,
  );
}

function insertProposal(customerId: number, opts: { contactId?: number; company?: number } = {}): number {
  documentCounter++;
  return Number(
    db
      .prepare(`INSERT INTO proposals (company_id, user_id, customer_id, contact_id, number, date, valid_until,
        final_value, created_at, updated_at)
    VALUES (?, 1, ?, ?, ?, '2025-02-01', '2025-02-15', 50000, ?, ?)`)
      .run(
        opts.company ?? 1,
        customerId,
        opts.contactId ?? null,
        `O-2025-${String(documentCounter).padStart(3, '0')}`,
        NOW,
        NOW,
      ).lastInsertRowid,
  );
}

function insertEntry(
  customerId: number | null,
  type: 'income' | 'expense',
  sumRappen: number,
  opts: { billable?: boolean; invoiceId?: number } = {},
): number {
  const [debit, credit] = type === 'income' ? [1020, 3400] : [6500, 1020];
  return Number(
    db
      .prepare(`INSERT INTO entries (company_id, user_id, type, date, sum, debit_account_id, credit_account_id,
        customer_id, billable, invoice_id, created_at, updated_at)
    VALUES (1, 1, ?, '2025-03-10', ?, ?, ?, ?, ?, ?, ?, ?)`)
      .run(
        type,
        sumRappen,
        accountId(svc, 1, debit),
        accountId(svc, 1, credit),
        customerId,
        opts.billable ? 1 : 0,
        opts.invoiceId ?? null,
        NOW,
        NOW,
      ).lastInsertRowid,
  );
}

function insertTime(
  projectId: number,
  hours: number,
  minutes: number,
  status: 'open' | 'invoiced' | 'paid',
  billable: boolean,
): number {
  return Number(
    db
      .prepare(`INSERT INTO time_entries (company_id, user_id, project_id, description, date, hours, minutes,
        hourly_rate, status, billable, created_at, updated_at)
    VALUES (1, 1, ?, 'Arbeit', '2025-03-05', ?, ?, 15000, ?, ?, ?, ?)`)
      .run(projectId, hours, minutes, status, billable ? 1 : 0, NOW, NOW).lastInsertRowid,
  );
}

const contactsOf = (customerId: number) =>
  db.prepare('SELECT name, is_primary FROM contacts WHERE customer_id = ? ORDER BY id').all(customerId) as {
    name: string;
    is_primary: number;
  }[];

beforeAll(() => {
  db = svc.server.db;
  // user 2 is a plain user of company 1 and the owner of company 2 (which user 1 cannot see)
  ({ user: user2, company: company2 } = secondTenant(svc));
});

const ZERO_SUMS = {
  open_expenses_sum: { sum: 0, formatted: 'CHF 0.00' },
  open_times_sum: { hours: 0, minutes: 0, totalMinutes: 0, readable: '00:00' },
  open_invoice_sum: '0.00',
  open_invoice_sums: {},
};

describe('GET /customers/number and number generation', () => {
  it('starts at 1 in an empty company and follows max + 1', async () => {
    const empty = addCompany(db, 'Leer GmbH', 1);
    let res = await svc.call('GET', `/companies/${empty}/customers/number`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ number: 1 });
    const first = await create({ name: 'Erster' }, empty);
    expect(first.number).toBe(1);
    await create({ name: 'Mit Nummer', number: 1000 }, empty);
    res = await svc.call('GET', `/companies/${empty}/customers/number`);
    expect(res.body).toEqual({ number: 1001 });
    expect((await create({ name: 'Danach' }, empty)).number).toBe(1001);
    expect((await create({ name: 'Null heisst generieren', number: null }, empty)).number).toBe(1002);
    expect((await create({ name: 'Leer heisst generieren', number: '' }, empty)).number).toBe(1003);
  });

  it('answers 405 for other methods on /customers/number', async () => {
    const res = await svc.call('POST', '/companies/1/customers/number', {});
    expectMessage(res, 405);
  });
});

describe('create and read', () => {
  it('creates a customer from a name alone: every field, defaults, the sums and its contacts', async () => {
    const res = await svc.call('POST', '/companies/1/customers', { name: '  Muster AG  ' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['data']);
    const c = res.body.data;
    expect(c).toEqual({
      id: expect.any(Number),
      company_id: 1,
      user_id: 1,
      number: expect.any(Number),
      name: 'Muster AG',
      care_of: null,
      po_box: null,
      department: null,
      street: null,
      zip: null,
      city: null,
      country: null,
      website: null,
      phone: null,
      email: null,
      default_hourly_rate: null,
      invoice_address: null,
      archived: false,
      tax_rate_id: null,
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: expect.stringMatching(TIMESTAMP),
      ...ZERO_SUMS,
      contacts: [],
    });
    // the single read without include has no relation keys
    const plain = await read(c.id);
    const { contacts: _, ...withoutContacts } = c;
    expect(plain).toEqual(withoutContacts);
  });

  it('stores every field; contact_name makes the primary contact; money comes back as a decimal', async () => {
    const tax = taxRateId(svc, 1, 'MWST 8.1 %');
    const c = await create({
      name: 'Beispiel GmbH',
      number: 5000,
      care_of: 'c/o Treuhand',
      po_box: 'Postfach 12',
      department: 'Einkauf',
      street: 'Bahnhofstrasse 1',
      zip: '8001',
      city: 'Zürich',
      country: 'CH',
      website: 'https://beispiel.ch',
      phone: '+41 44 123 45 67',
      email: 'info@beispiel.ch',
      default_hourly_rate: '120.50',
      invoice_address: 'Beispiel GmbH\nPostfach\n8001 Zürich',
      archived: false,
      tax_rate_id: tax,
      contact_name: 'Anna Beispiel',
      unknown_field: 'ignored',
    });
    expect(c).toMatchObject({
      number: 5000,
      care_of: 'c/o Treuhand',
      po_box: 'Postfach 12',
      department: 'Einkauf',
      street: 'Bahnhofstrasse 1',
      zip: '8001',
      city: 'Zürich',
      country: 'CH',
      website: 'https://beispiel.ch',
      phone: '+41 44 123 45 67',
      email: 'info@beispiel.ch',
      default_hourly_rate: 120.5,
      invoice_address: 'Beispiel GmbH\nPostfach\n8001 Zürich',
      archived: false,
      tax_rate_id: tax,
    });
    expect(c).not.toHaveProperty('unknown_field');
    expect(c).not.toHaveProperty('contact_name');
    expect(c.contacts).toEqual([
      {
        id: expect.any(Number),
        company_id: 1,
        customer_id: c.id,
        user_id: 1,
        name: 'Anna Beispiel',
        email: null,
        phone: null,
        greeting: null,
        is_primary: true,
        archived: false,
        created_at: expect.stringMatching(TIMESTAMP),
        updated_at: expect.stringMatching(TIMESTAMP),
      },
    ]);
    expect(db.prepare('SELECT default_hourly_rate FROM customers WHERE id = ?').get(c.id)).toEqual({
      default_hourly_rate: 12050,
    });
    expect((await create({ name: 'Rate as number', default_hourly_rate: 999999.99 })).default_hourly_rate).toBe(
      999999.99,
    );
    expect((await create({ name: 'Rate zero', default_hourly_rate: 0 })).default_hourly_rate).toBe(0);
    expect((await create({ name: 'Archived at birth', archived: true })).archived).toBe(true);
  });

  it('records the creating user', async () => {
    const c = await create({ name: 'Von User zwei' }, 1, user2.token);
    expect(c.user_id).toBe(user2.id);
  });

  it('reads with every include; unknown includes answer 400', async () => {
    const tax = taxRateId(svc, 1, 'MWST 2.6 %');
    const c = await create({ name: 'Include AG', tax_rate_id: tax, contact_name: 'Hans Include' });
    const active = insertProject(c.id, { name: 'Aktiv' });
    insertProject(c.id, { name: 'Alt', archived: true });
    const invoice = insertInvoice(c.id, 'sent', 12345);
    const proposal = insertProposal(c.id);
    const full = await read(c.id, '?include=taxRate,contacts,proposals,invoices,activeProjects');
    expect(full.tax_rate).toMatchObject({ id: tax, name: 'MWST 2.6 %', rate: 2.6, company_id: 1 });
    expect(full.contacts.map((x: any) => [x.name, x.is_primary])).toEqual([['Hans Include', true]]);
    expect(full.proposals).toEqual([
      expect.objectContaining({
        id: proposal,
        status: 'open',
        final_value: 500,
        date: '2025-02-01',
        valid_until: '2025-02-15',
      }),
    ]);
    expect(full.invoices).toEqual([
      expect.objectContaining({ id: invoice, status: 'sent', final_value: 123.45, payable_until: '2025-03-31' }),
    ]);
    expect(full.active_projects).toEqual([
      expect.objectContaining({ id: active, name: 'Aktiv', archived: false, hourly_rate: 150, customer_id: c.id }),
    ]);
    // snake_case aliases
    const snake = await read(c.id, '?include=tax_rate,active_projects');
    expect(snake.tax_rate.id).toBe(tax);
    expect(snake.active_projects).toHaveLength(1);
    expect(snake).not.toHaveProperty('contacts');
    // without a tax rate, tax_rate is null when included
    const bare = await create({ name: 'Ohne Steuer' });
    expect((await read(bare.id, '?include=taxRate')).tax_rate).toBeNull();
    expectMessage(await svc.call('GET', `/companies/1/customers/${c.id}?include=nonsense`), 400);
    expectMessage(await svc.call('GET', '/companies/1/customers?include=proposals'), 400);
    const list = await svc.call('GET', `/companies/1/customers?filter[id]=${c.id}&include=contacts,taxRate`);
    expect(list.body.data[0].contacts).toHaveLength(1);
    expect(list.body.data[0].tax_rate.id).toBe(tax);
    expect(list.body.data[0]).not.toHaveProperty('proposals');
  });

  it('answers 404 for missing customers and ids that cannot exist', async () => {
    for (const id of ['999999', '0', 'abc', '1.5']) {
      for (const [method, path] of [
        ['GET', ''],
        ['PUT', ''],
        ['DELETE', ''],
        ['GET', '/statistics'],
      ] as const) {
        const res = await svc.call(
          method,
          `/companies/1/customers/${id}${path}`,
          method === 'PUT' ? { name: 'x' } : undefined,
        );
        expect(res.status, `${method} ${id}${path}`).toBe(404);
      }
    }
  });
});

describe('validation (422)', () => {
  const taken = 7777;
  beforeAll(async () => {
    await create({ name: 'Nummer vergeben', number: taken });
  });

  const cases: [string, Record<string, unknown>, Record<string, string[]>][] = [
    ['empty body', {}, { name: ['The name field is required.'] }],
    ['blank name', { name: '   ' }, { name: ['The name field is required.'] }],
    ['name a number', { name: 12 }, { name: ['The name field must be a string.'] }],
    ['name too long', { name: 'x'.repeat(256) }, { name: ['The name field must not be greater than 255 characters.'] }],
    [
      'invalid email',
      { name: 'a', email: 'not-an-email' },
      { email: ['The email field must be a valid email address.'] },
    ],
    [
      'invalid website',
      { name: 'a', website: 'www.example.ch' },
      { website: ['The website field must be a valid URL.'] },
    ],
    [
      'website not http',
      { name: 'a', website: 'javascript:alert(1)' },
      { website: ['The website field must be a valid URL.'] },
    ],
    [
      'rate negative',
      { name: 'a', default_hourly_rate: -1 },
      { default_hourly_rate: ['The default hourly rate field must be at least 0.'] },
    ],
    [
      'rate too big',
      { name: 'a', default_hourly_rate: '1000000' },
      { default_hourly_rate: ['The default hourly rate field must not be greater than 999999.99.'] },
    ],
    [
      'rate not numeric',
      { name: 'a', default_hourly_rate: 'viel' },
      { default_hourly_rate: ['The default hourly rate field must be a number.'] },
    ],
    ['number not an integer', { name: 'a', number: 'zehn' }, { number: ['The number field must be an integer.'] }],
    ['number a fraction', { name: 'a', number: 1.5 }, { number: ['The number field must be an integer.'] }],
    ['number taken', { name: 'a', number: taken }, { number: ['The number has already been taken.'] }],
    [
      'number taken as a string',
      { name: 'a', number: String(taken) },
      { number: ['The number has already been taken.'] },
    ],
    ['tax rate unknown', { name: 'a', tax_rate_id: 999999 }, { tax_rate_id: ['The selected tax rate id is invalid.'] }],
    [
      'tax rate not an integer',
      { name: 'a', tax_rate_id: 'x' },
      { tax_rate_id: ['The tax rate id field must be an integer.'] },
    ],
    [
      'archived not boolean',
      { name: 'a', archived: 'vielleicht' },
      { archived: ['The archived field must be true or false.'] },
    ],
    ['archived null', { name: 'a', archived: null }, { archived: ['The archived field must be true or false.'] }],
    [
      'street too long',
      { name: 'a', street: 's'.repeat(256) },
      { street: ['The street field must not be greater than 255 characters.'] },
    ],
    [
      'contact name too long',
      { name: 'a', contact_name: 'c'.repeat(256) },
      { contact_name: ['The contact name field must not be greater than 255 characters.'] },
    ],
    [
      'several fields, in field order',
      { email: 'x', number: taken, website: 'nope' },
      {
        name: ['The name field is required.'],
        number: ['The number has already been taken.'],
        website: ['The website field must be a valid URL.'],
        email: ['The email field must be a valid email address.'],
      },
    ],
  ];

  it.each(cases)('POST: %s', async (_label, body, errors) => {
    const before = (db.prepare('SELECT count(*) AS n FROM customers').get() as { n: number }).n;
    expect422(await svc.call('POST', '/companies/1/customers', body), errors);
    expect((db.prepare('SELECT count(*) AS n FROM customers').get() as { n: number }).n).toBe(before);
  });

  it("rejects another company's tax rate", async () => {
    expect422(
      await svc.call('POST', '/companies/1/customers', {
        name: 'a',
        tax_rate_id: taxRateId(svc, company2, 'MWST 8.1 %'),
      }),
      { tax_rate_id: ['The selected tax rate id is invalid.'] },
    );
  });
});

describe('update', () => {
  it('changes only the fields sent and keeps the rest', async () => {
    const c = await create({ name: 'Vorher AG', city: 'Bern', email: 'a@b.ch', default_hourly_rate: 100 });
    await new Promise((r) => setTimeout(r, 5));
    const res = await svc.call('PUT', `/companies/1/customers/${c.id}`, {
      city: 'Basel',
      default_hourly_rate: '95.05',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      ...c,
      contacts: undefined,
      city: 'Basel',
      default_hourly_rate: 95.05,
      updated_at: expect.stringMatching(TIMESTAMP),
    });
    expect(Date.parse(res.body.data.updated_at)).toBeGreaterThan(Date.parse(c.updated_at));
  });

  it('clears nullable fields with null or an empty string and archives', async () => {
    const c = await create({
      name: 'Leeren AG',
      city: 'Bern',
      default_hourly_rate: 100,
      tax_rate_id: taxRateId(svc, 1, 'MWST 8.1 %'),
    });
    const res = await svc.call('PUT', `/companies/1/customers/${c.id}`, {
      city: '',
      default_hourly_rate: null,
      tax_rate_id: null,
      archived: true,
      number: null,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      city: null,
      default_hourly_rate: null,
      tax_rate_id: null,
      archived: true,
      number: null,
      name: 'Leeren AG',
    });
  });

  it('keeps its own number, rejects a taken one, and validates like create', async () => {
    const a = await create({ name: 'A-Nummer' });
    const b = await create({ name: 'B-Nummer' });
    expect((await svc.call('PUT', `/companies/1/customers/${a.id}`, { number: a.number, name: 'A neu' })).status).toBe(
      200,
    );
    expect422(await svc.call('PUT', `/companies/1/customers/${a.id}`, { number: b.number }), {
      number: ['The number has already been taken.'],
    });
    expect422(await svc.call('PUT', `/companies/1/customers/${a.id}`, { name: null }), {
      name: ['The name field is required.'],
    });
    expect422(await svc.call('PUT', `/companies/1/customers/${a.id}`, { name: '' }), {
      name: ['The name field is required.'],
    });
    expect422(
      await svc.call('PUT', `/companies/1/customers/${a.id}`, { email: 'x', website: 'y', default_hourly_rate: 1e7 }),
      {
        website: ['The website field must be a valid URL.'],
        email: ['The email field must be a valid email address.'],
        default_hourly_rate: ['The default hourly rate field must not be greater than 999999.99.'],
      },
    );
    expect422(
      await svc.call('PUT', `/companies/1/customers/${a.id}`, { tax_rate_id: taxRateId(svc, company2, 'MWST 8.1 %') }),
      { tax_rate_id: ['The selected tax rate id is invalid.'] },
    );
    expect((await read(a.id)).name).toBe('A neu');
  });

  it('accepts an empty body and changes nothing but updated_at', async () => {
    const c = await create({ name: 'Nichts' });
    const res = await svc.call('PUT', `/companies/1/customers/${c.id}`, {});
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe('Nichts');
  });
});

describe('delete', () => {
  it('deletes with 204 and removes its contacts; its bookings stay without the customer', async () => {
    const c = await create({ name: 'Weg AG', contact_name: 'Wird gelöscht' });
    const entry = insertEntry(c.id, 'expense', 1000, { billable: true });
    const res = await svc.call('DELETE', `/companies/1/customers/${c.id}`);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect((await svc.call('GET', `/companies/1/customers/${c.id}`)).status).toBe(404);
    expect(contactsOf(c.id)).toEqual([]);
    expect(db.prepare('SELECT customer_id, billable FROM entries WHERE id = ?').get(entry)).toEqual({
      customer_id: null,
      billable: 0,
    });
  });

  it('answers 400 while projects, invoices or proposals exist (archive instead)', async () => {
    const withProject = await create({ name: 'Hat Projekt' });
    insertProject(withProject.id, { archived: true });
    const withInvoice = await create({ name: 'Hat Rechnung' });
    insertInvoice(withInvoice.id, 'paid', 100);
    const withProposal = await create({ name: 'Hat Offerte' });
    insertProposal(withProposal.id);
    for (const c of [withProject, withInvoice, withProposal]) {
      const res = await svc.call('DELETE', `/companies/1/customers/${c.id}`);
      expectMessage(res, 400);
      expect(res.body.message).toMatch(/archivieren/);
      expect((await svc.call('GET', `/companies/1/customers/${c.id}`)).status).toBe(200);
    }
  });
});

describe('computed sums and statistics (hand-checked)', () => {
  let rich: Customer;
  let quiet: Customer;
  let onlyExpenses: Customer;
  let barelyTimed: Customer;

  beforeAll(async () => {
    const tag = `sums-${Date.now()}`;
    rich = await create({ name: `${tag} reich` });
    quiet = await create({ name: `${tag} ruhig` });
    onlyExpenses = await create({ name: `${tag} spesen` });
    barelyTimed = await create({ name: `${tag} knapp` });
    const archivedProject = insertProject(rich.id, { name: 'Archiviert', archived: true });
    const activeProject = insertProject(rich.id, { name: 'Laufend' });
    // open time: 1:30 billable + 0:45 non-billable = 135 minutes; invoiced 1:00 and paid 0:30 are not open
    insertTime(activeProject, 1, 30, 'open', true);
    insertTime(archivedProject, 0, 45, 'open', false);
    insertTime(activeProject, 1, 0, 'invoiced', true);
    insertTime(activeProject, 0, 30, 'paid', false);
    // invoices: draft 500.00 (not counted), sent 1'234.50, reminder_one 100.05, paid 999.00 (not counted)
    insertInvoice(rich.id, 'open', 50000);
    const sent = insertInvoice(rich.id, 'sent', 123450);
    insertInvoice(rich.id, 'reminder_one', 10005);
    insertInvoice(rich.id, 'paid', 99900);
    // bookings: open billable expense 1'234.50; a billable expense already on an invoice 50.00; a non-billable 20.00;
    // income 1'234.50
    insertEntry(rich.id, 'expense', 123450, { billable: true });
    insertEntry(rich.id, 'expense', 5000, { billable: true, invoiceId: sent });
    insertEntry(rich.id, 'expense', 2000, { billable: false });
    insertEntry(rich.id, 'income', 100000);
    insertEntry(rich.id, 'income', 23450);
    insertEntry(null, 'income', 777700);
    // the other customers: only a non-open expense (none open), an open expense, a single open minute
    insertEntry(quiet.id, 'expense', 999, { billable: false });
    insertEntry(onlyExpenses.id, 'expense', 1, { billable: true });
    insertTime(insertProject(barelyTimed.id), 0, 1, 'open', true);
  });

  it(
    'computes open_expenses_sum, open_times_sum and open_invoice_sum (and per currency) on single and list ' +
      'responses',
    async () => {
      const expected = {
        open_expenses_sum: { sum: 1234.5, formatted: "CHF 1'234.50" },
        open_times_sum: { hours: 2, minutes: 15, totalMinutes: 135, readable: '02:15' },
        open_invoice_sum: "1'334.55",
        open_invoice_sums: { CHF: 1334.55 },
      };
      expect(await read(rich.id)).toMatchObject(expected);
      const list = await svc.call('GET', `/companies/1/customers?filter[id]=${rich.id}`);
      expect(list.body.data[0]).toMatchObject(expected);
      expect(await read(quiet.id)).toMatchObject(ZERO_SUMS);
      expect((await read(onlyExpenses.id)).open_expenses_sum).toEqual({ sum: 0.01, formatted: 'CHF 0.01' });
      expect((await read(barelyTimed.id)).open_times_sum).toEqual({
        hours: 0,
        minutes: 1,
        totalMinutes: 1,
        readable: '00:01',
      });
      expect((await read(rich.id, '?include=activeProjects')).active_projects.map((p: any) => p.name)).toEqual([
        'Laufend',
      ]);
    },
  );

  it('open_invoice_sums keeps currencies apart, CHF first; open_invoice_sum adds them as the spec has it', async () => {
    const devisen = await create({ name: 'Devisen Kunde' });
    insertInvoice(devisen.id, 'sent', 126666, { currency: 'EUR' });
    insertInvoice(devisen.id, 'reminder_two', 41605);
    insertInvoice(devisen.id, 'sent', 1000, { currency: 'USD' });
    insertInvoice(devisen.id, 'paid', 5000, { currency: 'EUR' });
    const c = await read(devisen.id);
    expect(c.open_invoice_sums).toEqual({ CHF: 416.05, EUR: 1266.66, USD: 10 });
    expect(Object.keys(c.open_invoice_sums)).toEqual(['CHF', 'EUR', 'USD']);
    expect(c.open_invoice_sum).toBe("1'692.71");
  });

  it('answers the statistics object bare', async () => {
    const res = await svc.call('GET', `/companies/1/customers/${rich.id}/statistics`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      income: "1'234.50",
      expenses: "1'304.50",
      profit: '-70.00',
      hoursTotal: '03:45',
      hoursBillable: '02:30',
      hoursNonBillable: '01:15',
      hoursOpen: '02:15',
      billability: 67,
    });
    const none = await svc.call('GET', `/companies/1/customers/${quiet.id}/statistics`);
    expect(none.body).toEqual({
      income: '0.00',
      expenses: '9.99',
      profit: '-9.99',
      hoursTotal: '00:00',
      hoursBillable: '00:00',
      hoursNonBillable: '00:00',
      hoursOpen: '00:00',
      billability: 0,
    });
  });

  const ids = (res: ServiceAnswer) => res.body.data.map((c: Customer) => c.id);
  const ours = () => [rich.id, quiet.id, onlyExpenses.id, barelyTimed.id].join(',');

  it('filter[expenses] finds customers with or without open billable expenses', async () => {
    expect(ids(await svc.call('GET', `/companies/1/customers?filter[id]=${ours()}&filter[expenses]=true`))).toEqual([
      rich.id,
      onlyExpenses.id,
    ]);
    expect(ids(await svc.call('GET', `/companies/1/customers?filter[id]=${ours()}&filter[expenses]=1`))).toEqual([
      rich.id,
      onlyExpenses.id,
    ]);
    expect(ids(await svc.call('GET', `/companies/1/customers?filter[id]=${ours()}&filter[expenses]=false`))).toEqual([
      quiet.id,
      barelyTimed.id,
    ]);
  });

  it('filter[times]: 0 none, 1 any, N more than N minutes', async () => {
    const times = async (n: string) =>
      ids(await svc.call('GET', `/companies/1/customers?filter[id]=${ours()}&filter[times]=${n}`));
    expect(await times('0')).toEqual([quiet.id, onlyExpenses.id]);
    expect(await times('1')).toEqual([rich.id, barelyTimed.id]);
    expect(await times('2')).toEqual([rich.id]);
    expect(await times('134')).toEqual([rich.id]);
    expect(await times('135')).toEqual([]);
  });

  it('rejects filter values that are not booleans or whole numbers with 400', async () => {
    for (const q of [
      'filter[times]=viel',
      'filter[times]=-1',
      'filter[expenses]=vielleicht',
      'filter[archived]=ja',
      'filter[id]=abc',
      'sort=city',
    ]) {
      expectMessage(await svc.call('GET', `/companies/1/customers?${q}`), 400);
    }
  });
});

describe('list', () => {
  let names: string[];
  beforeAll(async () => {
    const empty = addCompany(db, 'Liste AG', 1);
    names = ['Müller Bau', 'Zeta AG', 'alpha GmbH', 'Meier & Co'];
    for (const name of names) await create({ name }, empty);
    await create({ name: 'Archiv AG', archived: true }, empty);
    (globalThis as any).listCompany = empty;
  });
  const company = () => (globalThis as any).listCompany as number;

  it('pages with the Laravel envelope, 15 per page by default, ordered by id', async () => {
    const res = await svc.call('GET', `/companies/${company()}/customers?per_page=2`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: Customer) => c.name)).toEqual(['Müller Bau', 'Zeta AG']);
    expect(res.body.meta).toMatchObject({ current_page: 1, from: 1, to: 2, last_page: 3, per_page: 2, total: 5 });
    expect(res.body.links.next).toContain('page=2');
    const all = await svc.call('GET', `/companies/${company()}/customers`);
    expect(all.body.meta.per_page).toBe(15);
    expect(all.body.data).toHaveLength(5);
    expect(all.body.data[0]).toMatchObject(ZERO_SUMS);
    expect(all.body.data[0]).not.toHaveProperty('contacts');
  });

  it('filters by name (case-insensitive substring, also for umlauts), archived and id', async () => {
    const q = async (query: string) =>
      (await svc.call('GET', `/companies/${company()}/customers?${query}`)).body.data.map((c: Customer) => c.name);
    expect(await q('filter[name]=MÜLLER')).toEqual(['Müller Bau']);
    expect(await q('filter[name]=ag')).toEqual(['Zeta AG', 'Archiv AG']);
    expect(await q('filter[archived]=true')).toEqual(['Archiv AG']);
    expect(await q('filter[archived]=0')).toEqual(['Müller Bau', 'Zeta AG', 'alpha GmbH', 'Meier & Co']);
    expect(await q('filter[name]=%20')).toEqual(['Müller Bau', 'Zeta AG', 'alpha GmbH', 'Meier & Co', 'Archiv AG']);
    expect(await q(`filter[name]=${encodeURIComponent('& Co')}`)).toEqual(['Meier & Co']);
  });

  it('sorts by name or number, either direction', async () => {
    const q = async (sort: string) =>
      (await svc.call('GET', `/companies/${company()}/customers?sort=${sort}`)).body.data.map((c: Customer) => c.name);
    expect(await q('name')).toEqual(['alpha GmbH', 'Archiv AG', 'Meier & Co', 'Müller Bau', 'Zeta AG']);
    expect(await q('-number')).toEqual(['Archiv AG', 'Meier & Co', 'alpha GmbH', 'Zeta AG', 'Müller Bau']);
  });
});

describe('PUT /customers/multiple and DELETE /customers/multiple', () => {
  it('archives and unarchives several customers (array, single id, comma-separated string)', async () => {
    const a = await create({ name: 'Bulk A' });
    const b = await create({ name: 'Bulk B' });
    let res = await svc.call('PUT', '/companies/1/customers/multiple', { ids: [a.id, b.id], archived: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String) });
    expect((await read(a.id)).archived).toBe(true);
    expect((await read(b.id)).archived).toBe(true);
    res = await svc.call('PUT', '/companies/1/customers/multiple', { ids: a.id, archived: false });
    expect(res.status).toBe(200);
    expect((await read(a.id)).archived).toBe(false);
    res = await svc.call('PUT', '/companies/1/customers/multiple', { ids: `${a.id}, ${b.id}`, archived: 'false' });
    expect(res.status).toBe(200);
    expect((await read(b.id)).archived).toBe(false);
  });

  it('validates ids and archived', async () => {
    expect422(await svc.call('PUT', '/companies/1/customers/multiple', {}), {
      ids: ['The ids field is required.'],
      archived: ['The archived field is required.'],
    });
    expect422(await svc.call('PUT', '/companies/1/customers/multiple', { ids: [], archived: true }), {
      ids: ['The ids field is required.'],
    });
    expect422(await svc.call('PUT', '/companies/1/customers/multiple', { ids: [1, 'x'], archived: true }), {
      'ids.1': ['The ids.1 field must be an integer.'],
    });
    expect422(await svc.call('PUT', '/companies/1/customers/multiple', { ids: [1], archived: 'ja' }), {
      archived: ['The archived field must be true or false.'],
    });
    expect422(await svc.call('DELETE', '/companies/1/customers/multiple', {}), { ids: ['The ids field is required.'] });
  });

  it('deletes the free ones, skips those with projects or invoices, ignores unknown and foreign ids', async () => {
    const free1 = await create({ name: 'Frei 1' });
    const free2 = await create({ name: 'Frei 2' });
    const busy = await create({ name: 'Besetzt' });
    insertProject(busy.id);
    const billed = await create({ name: 'Verrechnet' });
    insertInvoice(billed.id, 'open', 100);
    const foreign = await create({ name: 'Fremd' }, company2, user2.token);
    const res = await svc.call('DELETE', '/companies/1/customers/multiple', {
      ids: [free1.id, free2.id, busy.id, billed.id, foreign.id, 999999],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String), deleted: 2, skipped: 2 });
    expect((await svc.call('GET', `/companies/1/customers/${free1.id}`)).status).toBe(404);
    expect((await svc.call('GET', `/companies/1/customers/${free2.id}`)).status).toBe(404);
    expect((await svc.call('GET', `/companies/1/customers/${busy.id}`)).status).toBe(200);
    expect((await svc.call('GET', `/companies/1/customers/${billed.id}`)).status).toBe(200);
    expect((await read(foreign.id, '', company2, user2.token)).name).toBe('Fremd');
  });

  it("does not archive another company's customers", async () => {
    const foreign = await create({ name: 'Fremd archiv' }, company2, user2.token);
    const res = await svc.call('PUT', '/companies/1/customers/multiple', { ids: [foreign.id], archived: true });
    expect(res.status).toBe(200);
    expect((await read(foreign.id, '', company2, user2.token)).archived).toBe(false);
  });
});

describe('POST /customers/import', () => {
  // a company of its own for every test: imports create and update by number
  let company: number;
  beforeEach(() => {
    company = addCompany(db, 'Import AG', 1);
  });
  const path = () => `/companies/${company}/customers/import`;
  const byNumber = (n: number) =>
    db.prepare('SELECT * FROM customers WHERE company_id = ? AND number = ?').get(company, n) as
      | Record<string, any>
      | undefined;

  const FIRST =
    '\uFEFFname,number,street,zip,city,email,default_hourly_rate,contact_name,invoice_address\r\n' +
    '"Muster, Söhne & Co",100,Hauptstrasse 1,3000,Bern,info@muster.ch,120.50,Hans Muster,"Muster AG\nPostfach"\r\n' +
    'Zweite AG,,,,,,,,\r\n';

  it('creates customers from a comma CSV with quoted fields, a BOM and a primary contact', async () => {
    const res = await upload(path(), FIRST);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ created: 2, updated: 0, errors: [] });
    const first = byNumber(100)!;
    expect(first).toMatchObject({
      name: 'Muster, Söhne & Co',
      street: 'Hauptstrasse 1',
      zip: '3000',
      city: 'Bern',
      email: 'info@muster.ch',
      default_hourly_rate: 12050,
      invoice_address: 'Muster AG\nPostfach',
    });
    expect(contactsOf(first.id)).toEqual([{ name: 'Hans Muster', is_primary: 1 }]);
    expect(byNumber(101)).toMatchObject({ name: 'Zweite AG', street: null });
  });

  it('updates by number, reads ; and Swiss decimals, and skips rows with errors naming their row', async () => {
    expect((await upload(path(), FIRST)).body).toEqual({ created: 2, updated: 0, errors: [] });
    const csv =
      'Name;Number;City;Default Hourly Rate;Email;Contact Name\n' +
      'Muster neu;100;Thun;95,50;;Neue Kontaktperson\n' +
      ';;Ohne Name;;;\n' +
      '\n' +
      'Kaputt;;;;keine-mail;\n' +
      "Dritte GmbH;300;Chur;1'200.00;;\n" +
      'Zu teuer;;;1000000;;\n';
    const res = await upload(path(), csv);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      created: 1,
      updated: 1,
      errors: [
        { row: 3, message: 'The name field is required.' },
        { row: 5, message: 'The email field must be a valid email address.' },
        { row: 7, message: 'The default hourly rate field must not be greater than 999999.99.' },
      ],
    });
    const updated = byNumber(100)!;
    // empty cells leave fields unchanged on update
    expect(updated).toMatchObject({
      name: 'Muster neu',
      city: 'Thun',
      street: 'Hauptstrasse 1',
      email: 'info@muster.ch',
      default_hourly_rate: 9550,
    });
    expect(contactsOf(updated.id)).toEqual([
      { name: 'Hans Muster', is_primary: 1 },
      { name: 'Neue Kontaktperson', is_primary: 0 },
    ]);
    expect(byNumber(300)).toMatchObject({ name: 'Dritte GmbH', default_hourly_rate: 120000 });
    expect(
      (db.prepare('SELECT count(*) AS n FROM customers WHERE company_id = ?').get(company) as { n: number }).n,
    ).toBe(3);
  });

  it('reads Windows-1252 files and tabs, checks tax rates and ignores unknown columns', async () => {
    const latin1 = Uint8Array.from(
      Buffer.from(
        'name\tcity\ttax_rate_id\tfoo\nZ\xfcrcher B\xe4ckerei\tZ\xfcrich\t\tx\nSteuerfehler\tBern\t999999\t\n',
        'latin1',
      ),
    );
    const res = await upload(path(), latin1);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      created: 1,
      updated: 0,
      errors: [{ row: 3, message: 'The selected tax rate id is invalid.' }],
    });
    expect(
      db.prepare('SELECT name, city FROM customers WHERE company_id = ? AND name LIKE ?').get(company, 'Z%rcher%'),
    ).toEqual({ name: 'Zürcher Bäckerei', city: 'Zürich' });
  });

  it('answers a header-only file with zeros', async () => {
    expect((await upload(path(), 'name,city\n')).body).toEqual({ created: 0, updated: 0, errors: [] });
  });

  it(
    'rejects a missing file, a text field, an empty file, a binary and a file without a name column with 422 ' +
      'errors.file',
    async () => {
      for (const [label, res] of [
        ['no file', await upload(path(), undefined, { extra: { other: 'x' } })],
        ['a text field', await upload(path(), undefined, { extra: { file: 'name\nA' } })],
        ['empty', await upload(path(), '')],
        ['binary', await upload(path(), new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0xff]))],
        ['no name column', await upload(path(), 'firma,city\nA,Bern\n')],
        ['json body', await svc.call('POST', path(), { file: 'x' })],
      ] as const) {
        expect(res.status, label).toBe(422);
        expect(Object.keys(res.body.errors), label).toEqual(['file']);
      }
    },
  );
});

describe('tenancy', () => {
  it("answers 404 for another company's customer on every endpoint", async () => {
    const foreign = await create({ name: 'Anderswo AG' }, company2, user2.token);
    for (const token of [undefined, user2.token]) {
      for (const [method, suffix, body] of [
        ['GET', '', undefined],
        ['PUT', '', { name: 'x' }],
        ['DELETE', '', undefined],
        ['GET', '/statistics', undefined],
      ] as const) {
        const res = await svc.call(method, `/companies/1/customers/${foreign.id}${suffix}`, body, { token });
        expect(res.status, `${method} ${suffix}`).toBe(404);
        expect(res.body).toEqual({ message: expect.any(String) });
      }
    }
    expect((await read(foreign.id, '', company2, user2.token)).name).toBe('Anderswo AG');
    const list = await svc.call('GET', `/companies/1/customers?filter[id]=${foreign.id}`);
    expect(list.body.data).toEqual([]);
  });

  it('numbers customers per company', async () => {
    const fresh = addCompany(db, 'Nummer AG', user2.id);
    expect((await create({ name: 'Eins' }, fresh, user2.token)).number).toBe(1);
    const taken = await create({ name: 'Zahl', number: 4242 });
    expect((await create({ name: 'Gleiche Zahl anderswo', number: taken.number }, fresh, user2.token)).number).toBe(
      4242,
    );
  });
});

describe('robustness', () => {
  it('never answers 500, whatever the body or query', async () => {
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
    );
    const scalar = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), odd);
    const value = fc.oneof(
      scalar,
      fc.array(scalar, { maxLength: 3 }),
      fc.dictionary(fc.string(), scalar, { maxKeys: 2 }),
    );
    const fields = [
      'name',
      'number',
      'email',
      'website',
      'default_hourly_rate',
      'tax_rate_id',
      'archived',
      'contact_name',
      'invoice_address',
      'ids',
      'is_primary',
      'archive',
    ];
    const body = fc.dictionary(fc.constantFrom(...fields), value, { maxKeys: 5 });
    const target = await create({ name: 'Fuzz AG' });
    const contactId = Number(
      db
        .prepare(
          'INSERT INTO contacts (company_id, customer_id, user_id, name, created_at, updated_at) ' +
            'VALUES (1, ?, 1, ?, ?, ?)',
        )
        .run(target.id, 'Fuzz', NOW, NOW).lastInsertRowid,
    );
    const routes: [string, string][] = [
      ['POST', '/customers'],
      ['PUT', `/customers/${target.id}`],
      ['PUT', '/customers/multiple'],
      ['DELETE', '/customers/multiple'],
      ['PUT', `/contacts/${contactId}`],
      ['POST', '/contacts/multiple'],
      ['DELETE', '/contacts/multiple'],
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), body, async ([method, path], b) => {
        const res = await svc.call(method, `/companies/1${path}`, b);
        expect(
          res.status,
          `${method} ${path} ${JSON.stringify(b).slice(0, 300)} → ${JSON.stringify(res.body).slice(0, 300)}`,
        ).toBeLessThan(500);
      }),
      { numRuns: 300 },
    );
    const query = fc.dictionary(
      fc.constantFrom(
        'filter[id]',
        'filter[name]',
        'filter[archived]',
        'filter[expenses]',
        'filter[times]',
        'filter[customer_id]',
        'include',
        'sort',
        'page',
        'per_page',
      ),
      fc.oneof(fc.string(), odd),
      { maxKeys: 4 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/customers', '/contacts', `/customers/${target.id}`, `/contacts/${contactId}`),
        query,
        async (path, q) => {
          const res = await svc.call('GET', `/companies/1${path}?${new URLSearchParams(q).toString()}`);
          expect(res.status, `${path} ${JSON.stringify(q).slice(0, 300)}`).toBeLessThan(500);
        },
      ),
      { numRuns: 200 },
    );
  });
});
