// Projects against the running service: the seven endpoints, every 422 rule, counts, budget usage and
// open time on a hand-checked example, includes, delete refusals and tenancy.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { timestamp } from '../../src/server/store/db.js';
import { accountId, expect422, secondTenant, useTestService, type SecondUser } from '../helpers/service.js';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

const svc = useTestService();
let user2: SecondUser;
let company2: number;
let customerA: number;
let customerB: number;
let foreignCustomer: number;
let foreignProject: number;

type Project = Record<string, any>;

const db = () => svc.server.db;
const sql = (text: string, ...params: unknown[]) =>
  db()
    .prepare(text)
    .run(...(params as never[]));
const now = () => timestamp();

function insertCustomer(company: number, name: string, number: number): number {
  return Number(
    sql(
      'INSERT INTO customers (company_id, user_id, name, number, created_at, updated_at) VALUES (?, 1, ?, ?, ?, ?)',
      company,
      name,
      number,
      now(),
      now(),
    ).lastInsertRowid,
  );
}

async function createProject(body: Record<string, unknown>, company = 1, token?: string): Promise<Project> {
  const res = await svc.call('POST', `/companies/${company}/projects`, body, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function getProject(id: number, query = ''): Promise<Project> {
  const res = await svc.call('GET', `/companies/1/projects/${id}${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

// Rows of the resources whose endpoints come later, written straight into the tables.
let numberSeq = 0;
function insertInvoice(
  project: number | null,
  o: { net: number; vat?: number; status?: string; customer?: number; company?: number },
): number {
  const vat = o.vat ?? 0;
  return Number(
    sql(
      `INSERT INTO invoices (company_id, user_id, customer_id, project_id, number, date, payable_until, status,
      total_value, total_value_with_discount, vat_amount, total_value_with_vat, final_value, created_at, updated_at)
      VALUES (?, 1, ?, ?, ?, '2025-03-01', '2025-03-31', ?, ?, ?, ?, ?, ?, ?, ?)`,
      o.company ?? 1,
      o.customer ?? customerA,
      project,
      `R-2025-${String(++numberSeq).padStart(3, '0')}`,
      o.status ?? 'sent',
      o.net,
      o.net,
      vat,
      o.net + vat,
      o.net + vat,
      now(),
      now(),
    ).lastInsertRowid,
  );
}
function insertProposal(project: number): number {
  return Number(
    sql(
      `INSERT INTO proposals (company_id, user_id, customer_id, project_id, number, date, valid_until,
        final_value, created_at, updated_at)
      VALUES (1, 1, ?, ?, ?, '2025-02-01', '2025-02-15', 150000, ?, ?)`,
      customerA,
      project,
      `O-2025-${String(++numberSeq).padStart(3, '0')}`,
      now(),
      now(),
    ).lastInsertRowid,
  );
}
function insertTask(project: number, title: string): number {
  return Number(
    sql(
      `INSERT INTO tasks (company_id, user_id, project_id, title, due, planned_hours, created_at, updated_at)
      VALUES (1, 1, ?, ?, '2025-04-01', 2500, ?, ?)`,
      project,
      title,
      now(),
      now(),
    ).lastInsertRowid,
  );
}
function insertTime(
  project: number,
  t: {
    h: number;
    m: number;
    rate: number;
    billable: boolean;
    status?: string;
    invoice?: number | null;
    task?: number | null;
    date?: string;
  },
): number {
  return Number(
    sql(
      `INSERT INTO time_entries (company_id, user_id, project_id, invoice_id, task_id, description, date,
        hours, minutes, hourly_rate, status, billable, created_at, updated_at)
      VALUES (1, 1, ?, ?, ?, 'work', ?, ?, ?, ?, ?, ?, ?, ?)`,
      project,
      t.invoice ?? null,
      t.task ?? null,
      t.date ?? '2025-03-10',
      t.h,
      t.m,
      t.rate,
      t.status ?? 'open',
      t.billable ? 1 : 0,
      now(),
      now(),
    ).lastInsertRowid,
  );
}
function insertEntry(project: number, type: 'income' | 'expense', sum: number): number {
  const [debit, credit] =
    type === 'income'
      ? [accountId(svc, 1, 1020), accountId(svc, 1, 3400)]
      : [accountId(svc, 1, 6500), accountId(svc, 1, 1020)];
  return Number(
    sql(
      `INSERT INTO entries (company_id, user_id, number, type, date, description, sum, debit_account_id,
        credit_account_id, project_id, created_at, updated_at)
      VALUES (1, 1, ?, ?, '2025-03-05', 'booking', ?, ?, ?, ?, ?, ?)`,
      `${type === 'income' ? 'E' : 'A'}-2025-${++numberSeq}`,
      type,
      sum,
      debit,
      credit,
      project,
      now(),
      now(),
    ).lastInsertRowid,
  );
}
const count = (text: string, ...params: unknown[]) =>
  Number(
    (
      db()
        .prepare(text)
        .get(...(params as never[])) as { n: number }
    ).n,
  );

const ZERO_USAGE = {
  no_budget: true,
  billable_time_total: '00:00',
  non_billable_time_total: '00:00',
  total_time: '00:00',
  billable_sum: '0.00',
  hourly_rate: '0.00',
  total_sum_invoiced: '0.00',
  total_sum_open: '0.00',
  used_chf: '0.00',
  total_budget: '0.00',
  remaining: '0.00',
  used_percentage: 0,
  remaining_percentage: 100,
  billability: 0,
  used_string: '0.00 CHF / 0.00 CHF (0%)',
};

beforeAll(async () => {
  // user 2 is a plain user of company 1 and the owner of company 2 (which user 1 cannot see).
  ({ user: user2, company: company2 } = secondTenant(svc));
  customerA = insertCustomer(1, 'Muster AG', 1001);
  customerB = insertCustomer(1, 'Beispiel GmbH', 1002);
  foreignCustomer = insertCustomer(company2, 'Fremd AG', 1);
  foreignProject = (await createProject({ name: 'Foreign', customer_id: foreignCustomer }, company2, user2.token)).id;
});

describe('POST /projects', () => {
  it('creates a project for an existing customer and answers 200 { data: Project } with zero usage', async () => {
    const res = await svc.call('POST', '/companies/1/projects', { name: '  Website  ', customer_id: customerA });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['data']);
    const p = res.body.data;
    expect(p).toEqual({
      id: expect.any(Number),
      company_id: 1,
      user_id: 1,
      customer_id: customerA,
      name: 'Website',
      notes: null,
      archived: false,
      budget: null,
      project_type: 'byHour',
      kanban_status: null,
      start_date: null,
      end_date: null,
      formatted_start_date: null,
      formatted_end_date: null,
      hourly_rate: 0,
      entries_count: 0,
      invoices_count: 0,
      proposals_count: 0,
      tasks_count: 0,
      times_count: 0,
      budget_usage: ZERO_USAGE,
      open_times: { readable: '00:00', sortable: 0 },
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: expect.stringMatching(TIMESTAMP),
    });
    expect(p.updated_at).toBe(p.created_at);
  });

  it('takes hourly_rate, budget and project_type; decimal strings and numbers alike', async () => {
    const p = await createProject({
      name: 'Shop',
      customer_id: String(customerA),
      hourly_rate: '150.5',
      budget: 12000,
      project_type: 'fixedBudget',
    });
    expect(p).toMatchObject({ hourly_rate: 150.5, budget: 12000, project_type: 'fixedBudget' });
    expect(p.budget_usage).toEqual({
      ...ZERO_USAGE,
      no_budget: false,
      hourly_rate: '150.50',
      total_budget: "12'000.00",
      remaining: "12'000.00",
      used_string: "0.00 CHF / 12'000.00 CHF (0%)",
    });
  });

  it('stores a null hourly_rate as 0, a null budget as none and a null project_type as byHour', async () => {
    const p = await createProject({
      name: 'Nulls',
      customer_id: customerA,
      hourly_rate: null,
      budget: null,
      project_type: null,
    });
    expect(p).toMatchObject({ hourly_rate: 0, budget: null, project_type: 'byHour' });
    const blank = await createProject({
      name: 'Blanks',
      customer_id: customerA,
      hourly_rate: '',
      budget: '',
      project_type: '',
    });
    expect(blank).toMatchObject({ hourly_rate: 0, budget: null, project_type: 'byHour' });
  });

  it('accepts the limits 0 and 999999.99 / 9999999.99', async () => {
    const low = await createProject({ name: 'Low', customer_id: customerA, hourly_rate: 0, budget: 0 });
    expect(low).toMatchObject({ hourly_rate: 0, budget: 0 });
    expect(low.budget_usage.no_budget).toBe(true);
    const high = await createProject({
      name: 'High',
      customer_id: customerA,
      hourly_rate: 999999.99,
      budget: '9999999.99',
    });
    expect(high).toMatchObject({ hourly_rate: 999999.99, budget: 9999999.99 });
    expect(high.budget_usage.total_budget).toBe("9'999'999.99");
  });

  it('newCustomerName creates a customer with the next number and files the project under it', async () => {
    const before = count('SELECT max(number) AS n FROM customers WHERE company_id = 1');
    const p = await createProject({ name: 'For newcomer', newCustomerName: '  Neukunde AG ' });
    const customer = db().prepare('SELECT * FROM customers WHERE id = ?').get(p.customer_id) as Record<string, unknown>;
    expect(customer).toMatchObject({ company_id: 1, user_id: 1, name: 'Neukunde AG', number: before + 1 });
    const read = await getProject(p.id, '?include=customer');
    expect(read.customer).toMatchObject({
      id: p.customer_id,
      name: 'Neukunde AG',
      number: before + 1,
      archived: false,
    });
  });

  it('takes the optional dates, archived, kanban_status and notes on create too', async () => {
    const p = await createProject({
      name: 'Dated',
      customer_id: customerA,
      start_date: '2025-01-06',
      end_date: '2025-01-06',
      archived: true,
      kanban_status: 'doing',
      notes: 'n',
    });
    expect(p).toMatchObject({
      start_date: '2025-01-06',
      end_date: '2025-01-06',
      formatted_start_date: '06.01.2025',
      formatted_end_date: '06.01.2025',
      archived: true,
      kanban_status: 'doing',
      notes: 'n',
    });
  });

  it('records the creating user', async () => {
    const p = await createProject({ name: 'By user two', customer_id: customerB }, 1, user2.token);
    expect(p.user_id).toBe(user2.id);
  });

  describe('422', () => {
    const post = (body: unknown) => svc.call('POST', '/companies/1/projects', body);

    it('name: required, blank, string, max 255', async () => {
      expect422(await post({ customer_id: customerA }), { name: ['The name field is required.'] });
      expect422(await post({ name: '   ', customer_id: customerA }), { name: ['The name field is required.'] });
      expect422(await post({ name: null, customer_id: customerA }), { name: ['The name field is required.'] });
      expect422(await post({ name: 42, customer_id: customerA }), { name: ['The name field must be a string.'] });
      expect422(await post({ name: 'x'.repeat(256), customer_id: customerA }), {
        name: ['The name field must not be greater than 255 characters.'],
      });
      expect((await post({ name: 'y'.repeat(255), customer_id: customerA })).status).toBe(200);
    });

    it('customer_id and newCustomerName both missing: required_without on both keys', async () => {
      const res = await post({ name: 'X' });
      expect422(res, {
        customer_id: ['The customer id field is required when new customer name is not present.'],
        newCustomerName: ['The new customer name field is required when customer id is not present.'],
      });
      expect422(await post({ name: 'X', customer_id: null, newCustomerName: '  ' }), {
        customer_id: ['The customer id field is required when new customer name is not present.'],
        newCustomerName: ['The new customer name field is required when customer id is not present.'],
      });
    });

    it("customer_id exists: unknown id, another company's customer, not an integer", async () => {
      expect422(await post({ name: 'X', customer_id: 999999 }), {
        customer_id: ['The selected customer id is invalid.'],
      });
      expect422(await post({ name: 'X', customer_id: foreignCustomer }), {
        customer_id: ['The selected customer id is invalid.'],
      });
      expect422(await post({ name: 'X', customer_id: 'abc' }), {
        customer_id: ['The customer id field must be an integer.', 'The selected customer id is invalid.'],
      });
    });

    it('customer_id prohibits newCustomerName', async () => {
      const before = count('SELECT count(*) AS n FROM customers');
      expect422(await post({ name: 'X', customer_id: customerA, newCustomerName: 'Doppelt AG' }), {
        customer_id: ['The customer id field prohibits new customer name from being present.'],
      });
      expect422(await post({ name: 'X', customer_id: 999999, newCustomerName: 'Doppelt AG' }), {
        customer_id: [
          'The selected customer id is invalid.',
          'The customer id field prohibits new customer name from being present.',
        ],
      });
      expect(count('SELECT count(*) AS n FROM customers')).toBe(before);
    });

    it('newCustomerName: string, max 255', async () => {
      expect422(await post({ name: 'X', newCustomerName: 12 }), {
        newCustomerName: ['The new customer name field must be a string.'],
      });
      expect422(await post({ name: 'X', newCustomerName: 'n'.repeat(256) }), {
        newCustomerName: ['The new customer name field must not be greater than 255 characters.'],
      });
    });

    it('hourly_rate: numeric, 0 to 999999.99', async () => {
      expect422(await post({ name: 'X', customer_id: customerA, hourly_rate: 'abc' }), {
        hourly_rate: ['The hourly rate field must be a number.'],
      });
      expect422(await post({ name: 'X', customer_id: customerA, hourly_rate: -1 }), {
        hourly_rate: ['The hourly rate field must be at least 0.'],
      });
      expect422(await post({ name: 'X', customer_id: customerA, hourly_rate: 1000000 }), {
        hourly_rate: ['The hourly rate field must not be greater than 999999.99.'],
      });
    });

    it('budget: numeric, 0 to 9999999.99', async () => {
      expect422(await post({ name: 'X', customer_id: customerA, budget: 'much' }), {
        budget: ['The budget field must be a number.'],
      });
      expect422(await post({ name: 'X', customer_id: customerA, budget: -0.01 }), {
        budget: ['The budget field must be at least 0.'],
      });
      expect422(await post({ name: 'X', customer_id: customerA, budget: 10000000 }), {
        budget: ['The budget field must not be greater than 9999999.99.'],
      });
    });

    it('project_type: one of byHour, fixedBudget, fixedPrice', async () => {
      expect422(await post({ name: 'X', customer_id: customerA, project_type: 'hourly' }), {
        project_type: ['The selected project type is invalid.'],
      });
    });

    it('dates: Y-m-d, end_date on or after start_date', async () => {
      expect422(await post({ name: 'X', customer_id: customerA, start_date: '01.02.2025' }), {
        start_date: ['The start date field must match the format Y-m-d.'],
      });
      expect422(await post({ name: 'X', customer_id: customerA, start_date: '2025-02-30' }), {
        start_date: ['The start date field must match the format Y-m-d.'],
      });
      expect422(await post({ name: 'X', customer_id: customerA, start_date: '2025-02-10', end_date: '2025-02-09' }), {
        end_date: ['The end date field must be a date after or equal to start date.'],
      });
    });

    it('lists every failing field at once, in rule order', async () => {
      expect422(await post({ name: '', hourly_rate: -5, budget: 'x', project_type: 'y' }), {
        name: ['The name field is required.'],
        customer_id: ['The customer id field is required when new customer name is not present.'],
        newCustomerName: ['The new customer name field is required when customer id is not present.'],
        hourly_rate: ['The hourly rate field must be at least 0.'],
        budget: ['The budget field must be a number.'],
        project_type: ['The selected project type is invalid.'],
      });
    });

    it('nothing is created by a refused request', async () => {
      const before = count('SELECT count(*) AS n FROM projects');
      await post({ name: 'X', newCustomerName: 'Ghost AG', budget: -1 });
      expect(count('SELECT count(*) AS n FROM projects')).toBe(before);
      expect(count("SELECT count(*) AS n FROM customers WHERE name = 'Ghost AG'")).toBe(0);
    });
  });
});

describe('GET /projects', () => {
  let c2: number;
  const ids: { active: number[]; archived: number[] } = { active: [], archived: [] };

  beforeAll(async () => {
    // company 2 gets a clean set: 17 projects, 3 of them archived, 5 of customer Y
    const x = insertCustomer(company2, 'X AG', 2);
    c2 = insertCustomer(company2, 'Y AG', 3);
    for (let i = 1; i <= 16; i++) {
      const p = await createProject(
        { name: `P${i}`, customer_id: i <= 5 ? c2 : x, archived: i > 13 },
        company2,
        user2.token,
      );
      (i > 13 ? ids.archived : ids.active).push(p.id);
    }
  });

  const list = (query = '') =>
    svc.call('GET', `/companies/${company2}/projects${query}`, undefined, { token: user2.token });

  it('pages by 15 in id order, meta with path', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(15);
    expect(res.body.data.map((p: Project) => p.id)).toEqual(
      [foreignProject, ...ids.active, ...ids.archived].slice(0, 15),
    );
    expect(res.body.meta).toEqual({
      current_page: 1,
      from: 1,
      last_page: 2,
      path: `${svc.url}/companies/${company2}/projects`,
      per_page: 15,
      to: 15,
      total: 17,
    });
    expect(res.body.links.next).toBe(`${svc.url}/companies/${company2}/projects?page=2`);
    const second = await list('?page=2');
    expect(second.body.data).toHaveLength(2);
    expect((await list('?per_page=100')).body.data).toHaveLength(17);
  });

  it('every item is a full project with counts, budget_usage and open_times', async () => {
    const item = (await list('?per_page=1')).body.data[0];
    expect(item).toMatchObject({
      id: foreignProject,
      name: 'Foreign',
      times_count: 0,
      budget_usage: ZERO_USAGE,
      open_times: { readable: '00:00', sortable: 0 },
    });
    expect(item).not.toHaveProperty('customer');
  });

  it('filter[archived] true / false / 1 / 0', async () => {
    const archived = (await list('?filter[archived]=true')).body;
    expect(archived.data.map((p: Project) => p.id)).toEqual(ids.archived);
    expect((await list('?filter[archived]=1')).body.meta.total).toBe(3);
    expect((await list('?filter[archived]=false&per_page=100')).body.data.map((p: Project) => p.id)).toEqual([
      foreignProject,
      ...ids.active,
    ]);
    expect((await list('?filter[archived]=0')).body.meta.total).toBe(14);
  });

  it('filter[customer_id] exact, combinable; a non-number matches nothing', async () => {
    expect((await list(`?filter[customer_id]=${c2}`)).body.data.map((p: Project) => p.name)).toEqual([
      'P1',
      'P2',
      'P3',
      'P4',
      'P5',
    ]);
    expect((await list(`?filter[customer_id]=${c2}&filter[archived]=true`)).body.meta.total).toBe(0);
    expect((await list('?filter[customer_id]=abc')).body.meta.total).toBe(0);
  });

  it('include=customer embeds the customer', async () => {
    const res = await list(`?filter[customer_id]=${c2}&include=customer&per_page=1`);
    expect(res.body.data[0].customer).toMatchObject({ id: c2, name: 'Y AG', number: 3, company_id: company2 });
  });

  it('an include the list does not offer is a 400 naming the allowed ones', async () => {
    const res = await list('?include=times');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Requested include(s) `times` are not allowed. Allowed include(s) are `customer`.',
    });
  });

  it("lists only the company's projects", async () => {
    const res = await svc.call('GET', '/companies/1/projects?per_page=100');
    expect(res.body.data.every((p: Project) => p.company_id === 1)).toBe(true);
    expect(res.body.data.map((p: Project) => p.id)).not.toContain(foreignProject);
  });
});

describe('counts, budget_usage and open_times (hand-checked)', () => {
  let p: Project;
  let inv1: number;

  // a fresh project with its records for every test: several tests change its type and budget
  beforeEach(async () => {
    p = await createProject({ name: 'Audit 2025', customer_id: customerA, hourly_rate: 120, budget: 5000 });
    // invoice 1: sent, 485.00 net + 39.29 VAT; invoice 2: a 1'000.00 draft without VAT
    inv1 = insertInvoice(p.id, { net: 48500, vat: 3929 });
    insertInvoice(p.id, { net: 100000, status: 'open' });
    insertInvoice(null, { net: 77700 }); // another invoice of the customer, not of the project
    insertProposal(p.id);
    const task = insertTask(p.id, 'Prepare');
    insertTask(p.id, 'Review');
    insertTime(p.id, { h: 2, m: 30, rate: 12000, billable: true, task }); // open      300.00
    // invoiced 125.00
    insertTime(p.id, { h: 1, m: 15, rate: 10000, billable: true, status: 'invoiced', invoice: inv1 });
    insertTime(p.id, { h: 0, m: 45, rate: 12000, billable: false, task }); // open, non-billable 90.00
    // marked invoiced, no invoice 50.00
    insertTime(p.id, { h: 0, m: 20, rate: 15000, billable: true, status: 'invoiced' });
    insertTime(p.id, { h: 3, m: 0, rate: 12000, billable: true, status: 'paid', invoice: inv1 }); // paid      360.00
    insertEntry(p.id, 'expense', 4550);
    insertEntry(p.id, 'income', 52430);
  });

  it('counts the related records', async () => {
    expect(await getProject(p.id)).toMatchObject({
      entries_count: 2,
      invoices_count: 2,
      proposals_count: 1,
      tasks_count: 2,
      times_count: 5,
    });
  });

  it('byHour: used = invoiced (net) + billable time not on a project invoice', async () => {
    const read = await getProject(p.id);
    // billable 150+75+20+180 = 425 min; non-billable 45; invoiced 485 + 1000; uncovered 300 + 50
    expect(read.budget_usage).toEqual({
      no_budget: false,
      billable_time_total: '07:05',
      non_billable_time_total: '00:45',
      total_time: '07:50',
      billable_sum: '835.00',
      hourly_rate: '120.00',
      total_sum_invoiced: "1'485.00",
      total_sum_open: '300.00',
      used_chf: "1'835.00",
      total_budget: "5'000.00",
      remaining: "3'165.00",
      used_percentage: 37,
      remaining_percentage: 63,
      billability: 90,
      used_string: "1'835.00 CHF / 5'000.00 CHF (37%)",
    });
    // open entries, billable or not: 150 + 45 minutes
    expect(read.open_times).toEqual({ readable: '03:15', sortable: 195 });
  });

  it('fixedBudget counts like byHour; fixedPrice only counts what was invoiced', async () => {
    const fb = await svc.call('PUT', `/companies/1/projects/${p.id}`, { project_type: 'fixedBudget' });
    expect(fb.body.data.budget_usage.used_chf).toBe("1'835.00");
    const fp = await svc.call('PUT', `/companies/1/projects/${p.id}`, { project_type: 'fixedPrice' });
    expect(fp.status).toBe(200);
    expect(fp.body.data.budget_usage).toMatchObject({
      used_chf: "1'485.00",
      remaining: "3'515.00",
      used_percentage: 30,
      remaining_percentage: 70,
      billable_sum: '835.00',
      used_string: "1'485.00 CHF / 5'000.00 CHF (30%)",
    });
  });

  it('over budget: remaining goes negative, remaining_percentage stops at 0', async () => {
    const res = await svc.call('PUT', `/companies/1/projects/${p.id}`, { project_type: 'byHour', budget: 1500 });
    expect(res.body.data.budget_usage).toMatchObject({
      total_budget: "1'500.00",
      remaining: '-335.00',
      used_percentage: 122,
      remaining_percentage: 0,
      no_budget: false,
    });
  });

  it('without a budget: no_budget, 0 % used, 100 % remaining', async () => {
    const res = await svc.call('PUT', `/companies/1/projects/${p.id}`, { budget: null });
    expect(res.body.data.budget).toBeNull();
    expect(res.body.data.budget_usage).toMatchObject({
      no_budget: true,
      used_chf: "1'835.00",
      total_budget: '0.00',
      remaining: "-1'835.00",
      used_percentage: 0,
      remaining_percentage: 100,
      used_string: "1'835.00 CHF / 0.00 CHF (0%)",
    });
  });

  it('includes every relation on a single read', async () => {
    const read = await getProject(p.id, '?include=customer,invoices,proposals,tasks,openTimes,expenses,times,entries');
    expect(read.customer).toMatchObject({ id: customerA, name: 'Muster AG', number: 1001 });
    expect(read.invoices.map((i: Project) => i.id)).toHaveLength(2);
    expect(read.invoices[0]).toMatchObject({
      id: inv1,
      project_id: p.id,
      final_value: 524.29,
      status: 'sent',
      type: 'invoice',
    });
    expect(read.proposals).toHaveLength(1);
    expect(read.proposals[0]).toMatchObject({ project_id: p.id, final_value: 1500, type: 'proposal' });
    expect(read.tasks.map((t: Project) => t.title)).toEqual(['Prepare', 'Review']);
    expect(read.tasks[0]).toMatchObject({
      project_id: p.id,
      status: 'open',
      due: '2025-04-01',
      planned_hours: 2.5,
      total_time_tracked: '03:15',
    });
    expect(read.times).toHaveLength(5);
    expect(read.open_times_list).toHaveLength(2);
    expect(read.open_times_list.every((t: Project) => t.status === 'open')).toBe(true);
    expect(read.open_times_list[0]).toMatchObject({
      hours: 2,
      minutes: 30,
      hourly_rate: 120,
      billable: true,
      total_value: 300,
      readable_time: '02:30',
      sortable_time: 150,
      formatted_date: '10.03.2025',
      formatted_total_value: '300.00',
    });
    expect(read.entries).toHaveLength(2);
    expect(read.expenses).toHaveLength(1);
    expect(read.expenses[0]).toMatchObject({ type: 'expense', sum: 45.5, sum_formatted: '45.50', project_id: p.id });
  });

  it('an include that does not exist is a 400', async () => {
    const res = await svc.call('GET', `/companies/1/projects/${p.id}?include=customer,owner`);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('`owner`');
  });

  it('refuses to delete a project with invoiced time (400 advising to archive) and keeps everything', async () => {
    const res = await svc.call('DELETE', `/companies/1/projects/${p.id}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'The project has invoiced time entries and cannot be deleted. Archive it instead.',
    });
    expect((await getProject(p.id)).times_count).toBe(5);
  });
});

describe('GET /projects/{project}', () => {
  it("404 for a missing id, a non-numeric id and another company's project", async () => {
    for (const path of [
      '/companies/1/projects/999999',
      '/companies/1/projects/abc',
      `/companies/1/projects/${foreignProject}`,
    ]) {
      const res = await svc.call('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.body.message).toBeTypeOf('string');
    }
  });

  it("another company's path is 403 for a non-member", async () => {
    expect((await svc.call('GET', `/companies/${company2}/projects/${foreignProject}`)).status).toBe(403);
  });
});

describe('PUT /projects/{project}', () => {
  let p: Project;
  // a fresh project for every test: each one changes it
  beforeEach(async () => {
    p = await createProject({
      name: 'Editable',
      customer_id: customerA,
      hourly_rate: 100,
      budget: 1000,
      start_date: '2025-03-01',
    });
  });
  const put = (body: unknown, id = p.id) => svc.call('PUT', `/companies/1/projects/${id}`, body);

  it('changes only the fields sent', async () => {
    const res = await put({ name: 'Edited', kanban_status: 'In progress', end_date: '2025-06-30' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Edited',
      kanban_status: 'In progress',
      customer_id: customerA,
      hourly_rate: 100,
      budget: 1000,
      start_date: '2025-03-01',
      end_date: '2025-06-30',
      formatted_start_date: '01.03.2025',
      formatted_end_date: '30.06.2025',
    });
    expect(res.body.data.updated_at >= res.body.data.created_at).toBe(true);
  });

  it('moves the project to another customer, archives and unarchives it', async () => {
    expect((await put({ customer_id: customerB })).body.data.customer_id).toBe(customerB);
    expect((await put({ archived: true })).body.data.archived).toBe(true);
    expect((await put({ archived: '0' })).body.data.archived).toBe(false);
  });

  it('null clears: hourly_rate → 0, budget, dates and kanban_status → null, project_type → byHour', async () => {
    await put({ project_type: 'fixedPrice' });
    const res = await put({
      hourly_rate: null,
      budget: null,
      start_date: null,
      end_date: null,
      kanban_status: null,
      project_type: null,
    });
    expect(res.body.data).toMatchObject({
      hourly_rate: 0,
      budget: null,
      start_date: null,
      end_date: null,
      formatted_start_date: null,
      formatted_end_date: null,
      kanban_status: null,
      project_type: 'byHour',
    });
  });

  it('an empty body changes nothing', async () => {
    const before = await getProject(p.id);
    const res = await put({});
    expect(res.status).toBe(200);
    expect({ ...res.body.data, updated_at: before.updated_at }).toEqual(before);
  });

  describe('422', () => {
    it('name, when sent, must not be blank or null and at most 255', async () => {
      expect422(await put({ name: '' }), { name: ['The name field is required.'] });
      expect422(await put({ name: null }), { name: ['The name field is required.'] });
      expect422(await put({ name: 'n'.repeat(256) }), {
        name: ['The name field must not be greater than 255 characters.'],
      });
    });

    it('customer_id must exist in the company', async () => {
      expect422(await put({ customer_id: 999999 }), { customer_id: ['The selected customer id is invalid.'] });
      expect422(await put({ customer_id: foreignCustomer }), { customer_id: ['The selected customer id is invalid.'] });
      expect422(await put({ customer_id: null }), {
        customer_id: ['The customer id field must be an integer.', 'The selected customer id is invalid.'],
      });
    });

    it('hourly_rate, budget, project_type, kanban_status, archived', async () => {
      expect422(await put({ hourly_rate: 1000000, budget: -1 }), {
        hourly_rate: ['The hourly rate field must not be greater than 999999.99.'],
        budget: ['The budget field must be at least 0.'],
      });
      expect422(await put({ project_type: 'daily' }), { project_type: ['The selected project type is invalid.'] });
      expect422(await put({ kanban_status: 'k'.repeat(256) }), {
        kanban_status: ['The kanban status field must not be greater than 255 characters.'],
      });
      expect422(await put({ archived: 'maybe' }), { archived: ['The archived field must be true or false.'] });
      expect422(await put({ archived: null }), { archived: ['The archived field must be true or false.'] });
    });

    it('dates: Y-m-d, end_date not before start_date (sent or stored)', async () => {
      expect((await put({ start_date: '2025-03-01', end_date: '2025-03-31' })).status).toBe(200);
      expect422(await put({ end_date: '2025/04/01' }), {
        end_date: ['The end date field must match the format Y-m-d.'],
      });
      expect422(await put({ end_date: '2025-02-28' }), {
        end_date: ['The end date field must be a date after or equal to start date.'],
      });
      expect422(await put({ start_date: '2025-04-01' }), {
        end_date: ['The end date field must be a date after or equal to start date.'],
      });
      expect422(await put({ start_date: '2025-05-01', end_date: '2025-04-30' }), {
        end_date: ['The end date field must be a date after or equal to start date.'],
      });
      expect((await put({ start_date: '2025-05-01', end_date: null })).status).toBe(200);
      expect((await put({ end_date: '2025-05-01' })).status).toBe(200);
    });
  });

  it('404 for a missing or foreign project', async () => {
    expect((await put({ name: 'x' }, 999999)).status).toBe(404);
    expect((await put({ name: 'x' }, foreignProject)).status).toBe(404);
    expect(
      (await svc.call('GET', `/companies/${company2}/projects/${foreignProject}`, undefined, { token: user2.token }))
        .body.data.name,
    ).toBe('Foreign');
  });
});

describe('DELETE /projects/{project}', () => {
  it('deletes the project with its open time entries and tasks; documents and bookings lose the project', async () => {
    const p = await createProject({ name: 'Doomed', customer_id: customerA });
    const task = insertTask(p.id, 'Gone');
    const time = insertTime(p.id, { h: 1, m: 0, rate: 10000, billable: true, task });
    const inv = insertInvoice(p.id, { net: 1000 });
    const prop = insertProposal(p.id);
    const entry = insertEntry(p.id, 'expense', 100);
    sql('INSERT INTO timers (user_id, company_id, project_id, started_at) VALUES (1, 1, ?, ?)', p.id, now());

    const res = await svc.call('DELETE', `/companies/1/projects/${p.id}`);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect((await svc.call('GET', `/companies/1/projects/${p.id}`)).status).toBe(404);
    expect(count('SELECT count(*) AS n FROM time_entries WHERE id = ?', time)).toBe(0);
    expect(count('SELECT count(*) AS n FROM tasks WHERE id = ?', task)).toBe(0);
    expect(count('SELECT count(*) AS n FROM timers WHERE project_id = ?', p.id)).toBe(0);
    for (const [table, id] of [
      ['invoices', inv],
      ['proposals', prop],
      ['entries', entry],
    ] as const) {
      const row = db().prepare(`SELECT project_id FROM ${table} WHERE id = ?`).get(id) as { project_id: number | null };
      expect(row.project_id, table).toBeNull();
    }
    expect(count('SELECT count(*) AS n FROM customers WHERE id = ?', customerA)).toBe(1);
  });

  it('400 for a project whose time is paid (it was invoiced)', async () => {
    const p = await createProject({ name: 'Paid work', customer_id: customerA });
    insertTime(p.id, { h: 1, m: 0, rate: 10000, billable: true, status: 'paid' });
    const res = await svc.call('DELETE', `/companies/1/projects/${p.id}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Archive it instead/);
  });

  it('404 for a missing or foreign project, which stays', async () => {
    expect((await svc.call('DELETE', '/companies/1/projects/999999')).status).toBe(404);
    expect((await svc.call('DELETE', `/companies/1/projects/${foreignProject}`)).status).toBe(404);
    expect(count('SELECT count(*) AS n FROM projects WHERE id = ?', foreignProject)).toBe(1);
  });
});

describe('/projects/multiple', () => {
  const archivedOf = (id: number) => count('SELECT archived AS n FROM projects WHERE id = ?', id);

  it('POST archives the listed projects (archive defaults to true) and answers 204', async () => {
    const a = await createProject({ name: 'Bulk A', customer_id: customerA });
    const b = await createProject({ name: 'Bulk B', customer_id: customerA });
    const res = await svc.call('POST', '/companies/1/projects/multiple', { ids: [a.id, b.id] });
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect([archivedOf(a.id), archivedOf(b.id)]).toEqual([1, 1]);

    expect((await svc.call('POST', '/companies/1/projects/multiple', { ids: a.id, archive: false })).status).toBe(204);
    expect([archivedOf(a.id), archivedOf(b.id)]).toEqual([0, 1]);
    expect(
      (await svc.call('POST', '/companies/1/projects/multiple', { ids: [String(b.id)], archive: 'false' })).status,
    ).toBe(204);
    expect(archivedOf(b.id)).toBe(0);
  });

  it("POST leaves another company's projects alone", async () => {
    expect((await svc.call('POST', '/companies/1/projects/multiple', { ids: [foreignProject] })).status).toBe(204);
    expect(archivedOf(foreignProject)).toBe(0);
  });

  it('POST 422: ids missing, not integers; archive not a boolean', async () => {
    expect422(await svc.call('POST', '/companies/1/projects/multiple', {}), { ids: ['The ids field is required.'] });
    expect422(await svc.call('POST', '/companies/1/projects/multiple', { ids: [] }), {
      ids: ['The ids field is required.'],
    });
    expect422(await svc.call('POST', '/companies/1/projects/multiple', { ids: [1, 'x'] }), {
      'ids.1': ['The ids.1 field must be an integer.'],
    });
    expect422(await svc.call('POST', '/companies/1/projects/multiple', { ids: [1], archive: 'soon' }), {
      archive: ['The archive field must be true or false.'],
    });
  });

  it('DELETE deletes the listed projects, skipping those with invoiced time and foreign ones', async () => {
    const free = await createProject({ name: 'Free', customer_id: customerA });
    insertTime(free.id, { h: 0, m: 30, rate: 0, billable: false });
    const kept = await createProject({ name: 'Kept', customer_id: customerA });
    insertTime(kept.id, { h: 0, m: 30, rate: 10000, billable: true, status: 'invoiced' });
    const res = await svc.call('DELETE', '/companies/1/projects/multiple', {
      ids: [free.id, kept.id, foreignProject, 999999],
    });
    expect(res.status).toBe(204);
    expect(count('SELECT count(*) AS n FROM projects WHERE id = ?', free.id)).toBe(0);
    expect(count('SELECT count(*) AS n FROM projects WHERE id = ?', kept.id)).toBe(1);
    expect(count('SELECT count(*) AS n FROM projects WHERE id = ?', foreignProject)).toBe(1);
  });

  it('DELETE takes a single id and answers 422 without ids', async () => {
    const one = await createProject({ name: 'Single', customer_id: customerA });
    expect((await svc.call('DELETE', '/companies/1/projects/multiple', { ids: one.id })).status).toBe(204);
    expect(count('SELECT count(*) AS n FROM projects WHERE id = ?', one.id)).toBe(0);
    expect422(await svc.call('DELETE', '/companies/1/projects/multiple', {}), { ids: ['The ids field is required.'] });
  });

  it('GET /projects/multiple is not a project', async () => {
    expect((await svc.call('GET', '/companies/1/projects/multiple')).status).toBe(404);
  });
});
