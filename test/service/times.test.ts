// Time entries against the running service: create with every rule, the list with each filter, sort,
// include and page, the four grouped modes on a hand-checked week, read, update under the status
// rules, delete, bulk update and delete, the CSV import, roles, tenancy, both path families, and the
// master data computed from the entries (projects' counts, open time and budget usage; customers'
// open time, filter[times] and statistics).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCompany } from '../../src/server/main.js';
import { timestamp } from '../../src/server/store/db.js';
import { clock } from '../../src/server/clock.js';
import {
  expect422,
  OWNER_TOKEN,
  secondUser,
  useTestService,
  type SecondUser,
  type ServiceAnswer,
} from '../helpers/service.js';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const ADMIN = 'admin-token';
const PLAIN = 'plain-token';
const C1 = '/companies/1';

const svc = useTestService();
let admin: SecondUser;
let plain: SecondUser;
let company2: number;
const customer: Record<'A' | 'B' | 'C' | 'D' | 'X', number> = { A: 0, B: 0, C: 0, D: 0, X: 0 };
const project: Record<'alpha' | 'beta' | 'gamma' | 'delta' | 'foreign', number> = {
  alpha: 0,
  beta: 0,
  gamma: 0,
  delta: 0,
  foreign: 0,
};
let service: number;
let foreignService: number;
let foreignTime: number;
let foreignInvoice: number;

type Body = Record<string, unknown>;

const legacy = (path: string) => `${svc.origin}/api${path}`;
const sql = (text: string, ...params: unknown[]) => svc.server.db.prepare(text).run(...(params as never[]));

async function ok(
  method: string,
  path: string,
  body?: unknown,
  token: string = OWNER_TOKEN,
  status = 200,
): Promise<any> {
  const res = await svc.call(method, path, body, { token });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(status);
  return res.body;
}

const create = async (body: Body, token: string = OWNER_TOKEN, company = 1) =>
  (await ok('POST', `/companies/${company}/times`, body, token, 201)).data;
const get = async (id: number, query = '') => (await ok('GET', `${C1}/times/${id}${query}`)).data;
const list = async (query: string, token: string = OWNER_TOKEN) => ok('GET', `${C1}/times?${query}`, undefined, token);
const ids = (body: any) => body.data.map((t: any) => t.id);

let invoiceSeq = 0;
function insertInvoice(company: number, customerId: number): number {
  const now = timestamp();
  return Number(
    sql(
      `INSERT INTO invoices (company_id, user_id, customer_id, number, date, payable_until, created_at, updated_at)
    VALUES (?, 1, ?, ?, '2025-03-20', '2025-04-19', ?, ?)`,
      company,
      customerId,
      `R-2025-${String(++invoiceSeq).padStart(3, '0')}`,
      now,
      now,
    ).lastInsertRowid,
  );
}

async function upload(path: string, file: string | null, token = OWNER_TOKEN, asText = false): Promise<ServiceAnswer> {
  const form = new FormData();
  if (file !== null) {
    if (asText) form.append('file', file);
    else form.append('file', new Blob([file], { type: 'text/csv' }), 'times.csv');
  }
  const res = await fetch(path.startsWith('http') ? path : svc.url + path, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    body: form,
  });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

beforeAll(async () => {
  const db = svc.server.db;
  admin = secondUser(svc, { name: 'Ada Admin', email: 'ada@example.com', role: 'admin', token: ADMIN });
  plain = secondUser(svc, { name: 'Uli User', email: 'uli@example.com', token: PLAIN });
  company2 = addCompany(db, 'Other AG', 1);
  for (const key of ['A', 'B', 'C', 'D'] as const)
    customer[key] = (await ok('POST', `${C1}/customers`, { name: `Kunde ${key}` })).data.id;
  customer.X = (await ok('POST', `/companies/${company2}/customers`, { name: 'Fremd' })).data.id;
  project.alpha = (
    await ok('POST', `${C1}/projects`, { name: 'Alpha', customer_id: customer.A, hourly_rate: 120, budget: 5000 })
  ).data.id;
  project.beta = (
    await ok('POST', `${C1}/projects`, {
      name: 'beta',
      customer_id: customer.B,
      hourly_rate: 95.5,
      budget: 1000,
      project_type: 'fixedPrice',
    })
  ).data.id;
  project.gamma = (
    await ok('POST', `${C1}/projects`, {
      name: 'Gamma',
      customer_id: customer.C,
      hourly_rate: 80,
      project_type: 'fixedBudget',
    })
  ).data.id;
  project.delta = (
    await ok('POST', `${C1}/projects`, { name: 'Delta', customer_id: customer.C, hourly_rate: 60 })
  ).data.id;
  project.foreign = (
    await ok('POST', `/companies/${company2}/projects`, {
      name: 'Fremdprojekt',
      customer_id: customer.X,
      hourly_rate: 200,
    })
  ).data.id;
  service = (
    await ok('POST', `${C1}/services`, { name: 'Beratung', hourly_rate: 150, billable: true }, OWNER_TOKEN, 201)
  ).data.id;
  foreignService = (
    await ok('POST', `/companies/${company2}/services`, { name: 'Fremd', hourly_rate: 10 }, OWNER_TOKEN, 201)
  ).data.id;
  foreignTime = (
    await create({ project_id: project.foreign, date: '2024-01-05', hours: 1, minutes: 0 }, OWNER_TOKEN, company2)
  ).id;
  foreignInvoice = insertInvoice(company2, customer.X);
});

afterAll(async () => {
  clock.now = () => new Date();
});

// ---------------------------------------------------------------------------------------------------
describe('POST /times', () => {
  it('creates an entry from hours and minutes with the project rate: 201 { data }', async () => {
    const res = await svc.call('POST', `${C1}/times`, {
      project_id: project.gamma,
      date: '2024-05-06',
      hours: 2,
      minutes: 15,
      description: '  Workshop  ',
    });
    expect(res.status).toBe(201);
    const t = res.body.data;
    expect(t).toEqual({
      id: expect.any(Number),
      company_id: 1,
      user_id: 1,
      project_id: project.gamma,
      invoice_id: null,
      task_id: null,
      service_id: null,
      description: 'Workshop',
      date: '2024-05-06',
      start: null,
      end: null,
      hours: 2,
      minutes: 15,
      hourly_rate: 80,
      status: 'open',
      billable: false,
      total_value: 180,
      readable_time: '02:15',
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: expect.stringMatching(TIMESTAMP),
    });
    expect(Object.keys(t)).toEqual([
      'id',
      'company_id',
      'user_id',
      'project_id',
      'invoice_id',
      'task_id',
      'service_id',
      'description',
      'date',
      'start',
      'end',
      'hours',
      'minutes',
      'hourly_rate',
      'status',
      'billable',
      'total_value',
      'readable_time',
      'created_at',
      'updated_at',
    ]);
    expect(await get(t.id)).toEqual(t);
  });

  it('computes hours and minutes from start and end, carrying minutes into hours', async () => {
    const t = await create({
      project_id: project.gamma,
      date: '2024-05-06',
      start: '08:50',
      end: '10:15',
      hours: 7,
      minutes: 0,
    });
    expect(t).toMatchObject({
      start: '08:50',
      end: '10:15',
      hours: 1,
      minutes: 25,
      readable_time: '01:25',
      total_value: 113.33,
    });
    const whole = await create({ project_id: project.gamma, date: '2024-05-06', start: '00:00', end: '23:59' });
    expect(whole).toMatchObject({ hours: 23, minutes: 59, readable_time: '23:59' });
  });

  it('takes an explicit rate, the service rate and billable flag; rounds total_value half up to Rappen', async () => {
    expect(
      await create({ project_id: project.gamma, date: '2024-05-06', hours: 0, minutes: 1, hourly_rate: 0.5 }),
    ).toMatchObject({ hourly_rate: 0.5, total_value: 0.01 });
    expect(
      await create({ project_id: project.gamma, date: '2024-05-06', hours: 1, minutes: 5, hourly_rate: '95.50' }),
    ).toMatchObject({ hourly_rate: 95.5, total_value: 103.46 });
    expect(
      await create({ project_id: project.gamma, date: '2024-05-06', hours: 1, minutes: 0, hourly_rate: 0 }),
    ).toMatchObject({ hourly_rate: 0, total_value: 0 });
    const viaService = await create({
      project_id: project.gamma,
      date: '2024-05-06',
      hours: 1,
      minutes: 30,
      service_id: service,
    });
    expect(viaService).toMatchObject({ service_id: service, hourly_rate: 150, billable: true, total_value: 225 });
    const overridden = await create({
      project_id: project.gamma,
      date: '2024-05-06',
      hours: 1,
      minutes: 0,
      service_id: service,
      hourly_rate: 100,
      billable: false,
    });
    expect(overridden).toMatchObject({ hourly_rate: 100, billable: false });
    expect(
      await create({
        project_id: project.gamma,
        date: '2024-05-06',
        hours: 1,
        minutes: 0,
        billable: 'true',
        hourly_rate: null,
      }),
    ).toMatchObject({ billable: true, hourly_rate: 80 });
  });

  it('reads any valid date format and stores Y-m-d', async () => {
    clock.now = () => new Date('2024-05-07T22:30:00Z'); // 8 May 00:30 in Zurich
    try {
      const cases: [string, string][] = [
        ['06.05.2024', '2024-05-06'],
        ['6.5.2024', '2024-05-06'],
        ['06.05.24', '2024-05-06'],
        ['2024-5-6', '2024-05-06'],
        ['2024/05/06', '2024-05-06'],
        ['6 May 2024', '2024-05-06'],
        ['May 6, 2024', '2024-05-06'],
        ['2024-05-06T23:30:00Z', '2024-05-06'],
        ['06-05-2024', '2024-05-06'],
        ['today', '2024-05-08'],
        ['yesterday', '2024-05-07'],
      ];
      for (const [input, stored] of cases) {
        expect((await create({ project_id: project.gamma, date: input, hours: 0, minutes: 10 })).date, input).toBe(
          stored,
        );
      }
    } finally {
      clock.now = () => new Date();
    }
    for (const bad of ['31.02.2024', '05/06/2024', '2024-13-01', 'gestern', 'soon']) {
      expect422(await svc.call('POST', `${C1}/times`, { project_id: project.gamma, date: bad, hours: 1, minutes: 0 }), {
        date: ['The date field must be a valid date.'],
      });
    }
  });

  it('links a task of the same project', async () => {
    const task = (
      await ok(
        'POST',
        `${C1}/tasks`,
        { title: 'Entwurf', due: '2024-06-01', project_id: project.gamma },
        OWNER_TOKEN,
        201,
      )
    ).data;
    const t = await create({ project_id: project.gamma, date: '2024-05-06', hours: 0, minutes: 45, task_id: task.id });
    expect(t.task_id).toBe(task.id);
    expect((await get(t.id, '?include=task')).task).toMatchObject({
      id: task.id,
      title: 'Entwurf',
      total_time_tracked: '00:45',
      formatted: { due: '01.06.2024' },
    });
    const otherProject = (
      await ok(
        'POST',
        `${C1}/tasks`,
        { title: 'Delta-Aufgabe', due: '2024-06-01', project_id: project.delta },
        OWNER_TOKEN,
        201,
      )
    ).data;
    expect422(
      await svc.call('POST', `${C1}/times`, {
        project_id: project.gamma,
        date: '2024-05-06',
        hours: 1,
        minutes: 0,
        task_id: otherProject.id,
      }),
      { task_id: ['The selected task id is invalid.'] },
    );
  });

  it('answers 422 with every failing field, in order', async () => {
    expect422(await svc.call('POST', `${C1}/times`, {}), {
      project_id: ['The project id field is required.'],
      hours: ['The hours field is required when start / end is not present.'],
      minutes: ['The minutes field is required when start / end is not present.'],
      date: ['The date field is required.'],
    });
    expect422(
      await svc.call('POST', `${C1}/times`, {
        project_id: 'abc',
        date: '2024-05-06',
        hours: 24,
        minutes: 60,
        hourly_rate: -1,
        billable: 'maybe',
        start: '8:00',
        end: '25:00',
      }),
      {
        project_id: ['The project id field must be an integer.'],
        hours: ['The hours field must not be greater than 23.'],
        minutes: ['The minutes field must not be greater than 59.'],
        hourly_rate: ['The hourly rate field must be at least 0.'],
        billable: ['The billable field must be true or false.'],
        start: ['The start field must match the format H:i.'],
        end: ['The end field must match the format H:i.'],
      },
    );
    expect422(
      await svc.call('POST', `${C1}/times`, {
        project_id: project.gamma,
        date: '2024-05-06',
        hours: -1,
        minutes: 1.5,
        hourly_rate: 1000000,
        description: 5,
      }),
      {
        hours: ['The hours field must be at least 0.'],
        minutes: ['The minutes field must be an integer.'],
        description: ['The description field must be a string.'],
        hourly_rate: ['The hourly rate field must not be greater than 999999.99.'],
      },
    );
    expect422(
      await svc.call('POST', `${C1}/times`, {
        project_id: project.gamma,
        date: '2024-05-06',
        start: '10:00',
        end: '09:59',
      }),
      {
        end: ['The end field must be a time after start.'],
      },
    );
    expect422(
      await svc.call('POST', `${C1}/times`, {
        project_id: project.gamma,
        date: '2024-05-06',
        start: '10:00',
        end: '10:00',
      }),
      {
        end: ['The end field must be a time after start.'],
      },
    );
    // only start: hours and minutes are still required
    expect422(
      await svc.call('POST', `${C1}/times`, { project_id: project.gamma, date: '2024-05-06', start: '10:00' }),
      {
        hours: ['The hours field is required when start / end is not present.'],
        minutes: ['The minutes field is required when start / end is not present.'],
      },
    );
  });

  it("refuses another company's project, task and service (422, like a missing one)", async () => {
    expect422(
      await svc.call('POST', `${C1}/times`, { project_id: project.foreign, date: '2024-05-06', hours: 1, minutes: 0 }),
      { project_id: ['The selected project id is invalid.'] },
    );
    expect422(await svc.call('POST', `${C1}/times`, { project_id: 999999, date: '2024-05-06', hours: 1, minutes: 0 }), {
      project_id: ['The selected project id is invalid.'],
    });
    const foreignTask = (
      await ok(
        'POST',
        `/companies/${company2}/tasks`,
        { title: 'Fremd', due: '2024-06-01', project_id: project.foreign },
        OWNER_TOKEN,
        201,
      )
    ).data;
    expect422(
      await svc.call('POST', `${C1}/times`, {
        project_id: project.gamma,
        date: '2024-05-06',
        hours: 1,
        minutes: 0,
        task_id: foreignTask.id,
        service_id: foreignService,
      }),
      {
        task_id: ['The selected task id is invalid.'],
        service_id: ['The selected service id is invalid.'],
      },
    );
  });

  it('belongs to the user who creates it, whatever the role', async () => {
    expect((await create({ project_id: project.gamma, date: '2024-05-06', hours: 1, minutes: 0 }, PLAIN)).user_id).toBe(
      plain.id,
    );
    expect(
      (await create({ project_id: project.gamma, date: '2024-05-06', hours: 1, minutes: 0, user_id: 1 }, ADMIN))
        .user_id,
    ).toBe(admin.id);
  });
});

// ---------------------------------------------------------------------------------------------------
// The hand-checked week 2025-W11 (Monday 10.03.2025 – Sunday 16.03.2025) plus one entry in W12:
//  e1 Mon Alpha 08:50–10:15 = 1:25 × 120.00 = 170.00 billable
//  e2 Mon beta  2:20 × 95.50 = 222.83 billable
//  e3 Tue Alpha 0:45 × 120.00 = 90.00 not billable
//  e4 Wed Alpha 3:10 × 100.00 = 316.67 billable (admin)
//  e5 Fri beta  1:05 × 95.50 = 103.46 billable, on an invoice (invoiced)
//  e6 Sun Alpha 09:00–09:30 = 0:30 × 120.00 = 60.00 billable (user)
//  e7 Mon 17.03 Alpha 1:00 × 120.00 = 120.00 billable
// W11: 9:15 (555 min), billable 8:30, value 962.96, billable value 872.96.
describe('the hand-checked week', () => {
  const e: number[] = [];
  let invoice: number;
  const week = 'filter[date]=2025-03-10,2025-03-16';

  beforeAll(async () => {
    e[1] = (
      await create({
        project_id: project.alpha,
        date: '10.03.2025',
        start: '08:50',
        end: '10:15',
        billable: true,
        description: 'Konzept',
      })
    ).id;
    e[2] = (await create({ project_id: project.beta, date: '2025-03-10', hours: 2, minutes: 20, billable: true })).id;
    e[3] = (await create({ project_id: project.alpha, date: '11.03.2025', hours: 0, minutes: 45 })).id;
    e[4] = (
      await create(
        { project_id: project.alpha, date: '2025-03-12', hours: 3, minutes: 10, hourly_rate: 100, billable: true },
        ADMIN,
      )
    ).id;
    e[5] = (await create({ project_id: project.beta, date: '14.03.2025', hours: 1, minutes: 5, billable: true })).id;
    e[6] = (
      await create(
        { project_id: project.alpha, date: '16.03.2025', start: '09:00', end: '09:30', billable: true },
        PLAIN,
      )
    ).id;
    e[7] = (await create({ project_id: project.alpha, date: '17.03.2025', hours: 1, minutes: 0, billable: true })).id;
    invoice = insertInvoice(1, customer.B);
    const linked = (await ok('PUT', `${C1}/times/${e[5]}`, { invoice_id: invoice })).data;
    expect(linked).toMatchObject({ invoice_id: invoice, status: 'invoiced' });
  });

  it('group_by=date: totals per date, entries inside, totals of all', async () => {
    const body = await list(`${week}&group_by=date&sort=date`);
    expect(body.current_count).toBe(6);
    expect(body.total_count).toBe(6);
    expect(
      body.data.map((g: any) => [
        g.date,
        g.formatted_date,
        g.weekday_name,
        g.count,
        g.minutes,
        g.readable_time,
        g.billable_minutes,
        g.total_value,
        g.formatted_total_value,
      ]),
    ).toEqual([
      ['2025-03-10', '10.03.2025', 'Monday', 2, 225, '03:45', 225, 392.83, '392.83'],
      ['2025-03-11', '11.03.2025', 'Tuesday', 1, 45, '00:45', 0, 90, '90.00'],
      ['2025-03-12', '12.03.2025', 'Wednesday', 1, 190, '03:10', 190, 316.67, '316.67'],
      ['2025-03-14', '14.03.2025', 'Friday', 1, 65, '01:05', 65, 103.46, '103.46'],
      ['2025-03-16', '16.03.2025', 'Sunday', 1, 30, '00:30', 30, 60, '60.00'],
    ]);
    expect(body.data[0].times.map((t: any) => t.id)).toEqual([e[1], e[2]]);
    expect(body.data[0].times[0]).toMatchObject({
      formatted_date: '10.03.2025',
      sortable_time: 85,
      formatted_total_value: '170.00',
    });
    expect(body.totals).toEqual({
      count: 6,
      minutes: 555,
      readable_time: '09:15',
      billable_minutes: 510,
      readable_billable_time: '08:30',
      total_value: 962.96,
      formatted_total_value: '962.96',
      billable_value: 872.96,
      formatted_billable_value: '872.96',
    });
    // the default order is newest first
    expect((await list(`${week}&group_by=date`)).data.map((g: any) => g.date)).toEqual([
      '2025-03-16',
      '2025-03-14',
      '2025-03-12',
      '2025-03-11',
      '2025-03-10',
    ]);
  });

  it('group_by=project: totals per project with time-weighted average rates', async () => {
    const body = await list(`${week}&group_by=project`);
    expect(body.data).toHaveLength(2);
    const [alpha, beta] = body.data;
    expect(alpha).toMatchObject({
      project_id: project.alpha,
      project: {
        id: project.alpha,
        name: 'Alpha',
        customer_id: customer.A,
        customer_name: 'Kunde A',
        project_type: 'byHour',
        hourly_rate: 120,
      },
      count: 4,
      minutes: 350,
      readable_time: '05:50',
      billable_minutes: 305,
      total_value: 636.67,
      billable_value: 546.67,
      // (120×85 + 120×45 + 100×190 + 120×30) / 350 = 109.142…; billable: (120×85 + 100×190 + 120×30) / 305 = 107.540…
      average_hourly_rate: 109.14,
      formatted_average_hourly_rate: '109.14',
      average_billable_hourly_rate: 107.54,
    });
    expect(alpha.times.map((t: any) => t.id)).toEqual([e[6], e[4], e[3], e[1]]);
    expect(beta).toMatchObject({
      project_id: project.beta,
      count: 2,
      minutes: 205,
      readable_time: '03:25',
      total_value: 326.29,
      average_hourly_rate: 95.5,
      formatted_average_hourly_rate: '95.50',
    });
    expect(body.totals).toMatchObject({ minutes: 555, total_value: 962.96 });
  });

  it('group_by_weeks: calendar weeks with a daily breakdown of all seven days', async () => {
    const body = await list('filter[date]=2025-03-10,2025-03-17&group_by_weeks=true&sort=date');
    const [w11, w12] = body.data;
    expect(w11).toMatchObject({
      year: 2025,
      week: 11,
      label: '2025-W11',
      start: '2025-03-10',
      end: '2025-03-16',
      formatted_start: '10.03.2025',
      formatted_end: '16.03.2025',
      count: 6,
      minutes: 555,
      readable_time: '09:15',
      total_value: 962.96,
      billable_value: 872.96,
    });
    expect(w11.days.map((d: any) => [d.date, d.weekday, d.minutes, d.total_value])).toEqual([
      ['2025-03-10', 1, 225, 392.83],
      ['2025-03-11', 2, 45, 90],
      ['2025-03-12', 3, 190, 316.67],
      ['2025-03-13', 4, 0, 0],
      ['2025-03-14', 5, 65, 103.46],
      ['2025-03-15', 6, 0, 0],
      ['2025-03-16', 7, 30, 60],
    ]);
    expect(w11.days[3].times).toEqual([]);
    expect(w12).toMatchObject({ label: '2025-W12', count: 1, minutes: 60, total_value: 120 });
    expect(w12.days[0].times.map((t: any) => t.id)).toEqual([e[7]]);
    expect(body.totals).toMatchObject({ count: 7, minutes: 615, total_value: 1082.96 });
    expect((await list('filter[date]=2025-03-10,2025-03-17&group_by_weeks=1')).data.map((w: any) => w.label)).toEqual([
      '2025-W12',
      '2025-W11',
    ]);
  });

  it('group_by_week_project_days: the timesheet by project and weekday, locked apart from editable', async () => {
    const body = await list('filter[date]=2025-03-12&group_by_week_project_days=true');
    expect(body.current_count).toBe(6);
    expect(body.data).toHaveLength(1);
    const [sheet] = body.data;
    expect(sheet).toMatchObject({
      label: '2025-W11',
      start: '2025-03-10',
      end: '2025-03-16',
      minutes: 555,
      locked_minutes: 65,
      readable_locked_time: '01:05',
      editable_minutes: 490,
      readable_editable_time: '08:10',
      count: 6,
    });
    expect(sheet.days.map((d: any) => [d.date, d.minutes, d.locked_minutes])).toEqual([
      ['2025-03-10', 225, 0],
      ['2025-03-11', 45, 0],
      ['2025-03-12', 190, 0],
      ['2025-03-13', 0, 0],
      ['2025-03-14', 65, 65],
      ['2025-03-15', 0, 0],
      ['2025-03-16', 30, 0],
    ]);
    const [alpha, beta] = sheet.projects;
    expect(alpha).toMatchObject({
      project_id: project.alpha,
      project: { name: 'Alpha' },
      minutes: 350,
      locked_minutes: 0,
      editable_minutes: 350,
    });
    expect(alpha.days.map((d: any) => d.editable_minutes)).toEqual([85, 45, 190, 0, 0, 0, 30]);
    expect(alpha.days[0]).toEqual({
      date: '2025-03-10',
      weekday: 1,
      minutes: 85,
      readable_time: '01:25',
      locked_minutes: 0,
      readable_locked_time: '00:00',
      editable_minutes: 85,
      readable_editable_time: '01:25',
      locked_ids: [],
      editable_ids: [e[1]],
    });
    expect(beta).toMatchObject({ project_id: project.beta, minutes: 205, locked_minutes: 65, editable_minutes: 140 });
    expect(beta.days[4]).toMatchObject({
      date: '2025-03-14',
      locked_minutes: 65,
      editable_minutes: 0,
      locked_ids: [e[5]],
      editable_ids: [],
    });
    expect(body.totals).toEqual({
      count: 6,
      minutes: 555,
      readable_time: '09:15',
      locked_minutes: 65,
      readable_locked_time: '01:05',
      editable_minutes: 490,
      readable_editable_time: '08:10',
    });

    // one person's sheet
    const mine = (await list(`filter[date]=2025-03-12&group_by_week_project_days=true&filter[user_id]=${plain.id}`))
      .data[0];
    expect(mine.projects).toHaveLength(1);
    expect(mine.projects[0].days.map((d: any) => d.minutes)).toEqual([0, 0, 0, 0, 0, 0, 30]);
  });

  it('the timesheet covers the current week without filter[date], whole weeks for a range', async () => {
    clock.now = () => new Date('2025-03-13T10:00:00Z');
    try {
      const body = await list('group_by_week_project_days=true');
      expect(body.data.map((w: any) => w.label)).toEqual(['2025-W11']);
      expect(body.totals.minutes).toBe(555);
    } finally {
      clock.now = () => new Date();
    }
    // 12.03 – 18.03 widens to Monday 10.03 – Sunday 23.03: both weeks, every entry of them
    const two = await list('filter[date]=2025-03-12,2025-03-18&group_by_week_project_days=1');
    expect(two.data.map((w: any) => [w.label, w.minutes])).toEqual([
      ['2025-W11', 555],
      ['2025-W12', 60],
    ]);
    // an empty week still has its frame
    const empty = await list('filter[date]=2025-04-01&group_by_week_project_days=1');
    expect(empty.data).toHaveLength(1);
    expect(empty.data[0]).toMatchObject({ label: '2025-W14', minutes: 0, projects: [] });
    expect(empty.data[0].days).toHaveLength(7);
    expect(
      (await svc.call('GET', `${C1}/times?filter[date]=2024-01-01,2025-12-31&group_by_week_project_days=1`)).status,
    ).toBe(400);
  });

  it('refuses unknown or combined groupings (400)', async () => {
    for (const q of [
      'group_by=user',
      'group_by=date&group_by_weeks=true',
      'group_by_weeks=true&group_by_week_project_days=true',
      'group_by_weeks=vielleicht',
    ]) {
      const res = await svc.call('GET', `${C1}/times?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    // false flags are no grouping
    expect((await list(`${week}&group_by_weeks=false&group_by_week_project_days=0`)).data).toHaveLength(6);
  });

  it("proves the projects' times_count, open_times and budget_usage", async () => {
    const alpha = (await ok('GET', `${C1}/projects/${project.alpha}`)).data;
    expect(alpha.times_count).toBe(5);
    expect(alpha.open_times).toEqual({ readable: '06:50', sortable: 410 });
    expect(alpha.budget_usage).toEqual({
      no_budget: false,
      billable_time_total: '06:05',
      non_billable_time_total: '00:45',
      total_time: '06:50',
      billable_sum: '666.67',
      hourly_rate: '120.00',
      total_sum_invoiced: '0.00',
      total_sum_open: '666.67',
      used_chf: '666.67',
      total_budget: "5'000.00",
      remaining: "4'333.33",
      used_percentage: 13,
      remaining_percentage: 87,
      billability: 89,
      used_string: "666.67 CHF / 5'000.00 CHF (13%)",
    });
    const beta = (await ok('GET', `${C1}/projects/${project.beta}`)).data;
    expect(beta.times_count).toBe(2);
    expect(beta.open_times).toEqual({ readable: '02:20', sortable: 140 });
    expect(beta.budget_usage).toMatchObject({
      billable_time_total: '03:25',
      total_time: '03:25',
      billable_sum: '326.29',
      total_sum_open: '222.83',
      used_chf: '0.00',
      billability: 100,
    });
    // the project's time includes answer the same entries
    const withTimes = (await ok('GET', `${C1}/projects/${project.beta}?include=times,openTimes`)).data;
    expect(withTimes.times.map((t: any) => t.id)).toEqual([e[2], e[5]]);
    expect(withTimes.open_times_list.map((t: any) => t.id)).toEqual([e[2]]);
  });

  it("proves the customers' open_times_sum, filter[times] and statistics", async () => {
    const a = (await ok('GET', `${C1}/customers/${customer.A}`)).data;
    expect(a.open_times_sum).toEqual({ hours: 6, minutes: 50, totalMinutes: 410, readable: '06:50' });
    const b = (await ok('GET', `${C1}/customers/${customer.B}`)).data;
    expect(b.open_times_sum).toEqual({ hours: 2, minutes: 20, totalMinutes: 140, readable: '02:20' });
    const customersWith = async (n: number) =>
      (await ok('GET', `${C1}/customers?per_page=100&filter[times]=${n}`)).data.map((x: any) => x.id);
    const none = await customersWith(0);
    expect(none).toContain(customer.D);
    expect(none).not.toContain(customer.A);
    expect(none).not.toContain(customer.B);
    const any = await customersWith(1);
    expect(any).toEqual(expect.arrayContaining([customer.A, customer.B]));
    expect(any).not.toContain(customer.D);
    expect(await customersWith(200)).toContain(customer.A);
    expect(await customersWith(200)).not.toContain(customer.B);
    expect(await customersWith(410)).not.toContain(customer.A);
    expect(await ok('GET', `${C1}/customers/${customer.A}/statistics`)).toMatchObject({
      hoursTotal: '06:50',
      hoursBillable: '06:05',
      hoursNonBillable: '00:45',
      hoursOpen: '06:50',
      billability: 89,
    });
    expect(await ok('GET', `${C1}/customers/${customer.B}/statistics`)).toMatchObject({
      hoursTotal: '03:25',
      hoursBillable: '03:25',
      hoursNonBillable: '00:00',
      hoursOpen: '02:20',
      billability: 100,
    });
  });

  it('moves open time when an entry is invoiced and back, and counts when one is deleted', async () => {
    await ok('PUT', `${C1}/times/${e[7]}`, { status: 'invoiced' });
    expect((await ok('GET', `${C1}/projects/${project.alpha}`)).data.open_times).toEqual({
      readable: '05:50',
      sortable: 350,
    });
    expect((await ok('GET', `${C1}/customers/${customer.A}`)).data.open_times_sum.totalMinutes).toBe(350);
    expect((await ok('GET', `${C1}/customers/${customer.A}/statistics`)).hoursOpen).toBe('05:50');
    expect(
      (await ok('GET', `${C1}/customers?per_page=100&filter[times]=400`)).data.map((x: any) => x.id),
    ).not.toContain(customer.A);
    await ok('PUT', `${C1}/times/${e[7]}`, { status: 'open' });
    expect((await ok('GET', `${C1}/projects/${project.alpha}`)).data.open_times.sortable).toBe(410);
    const extra = await create({ project_id: project.alpha, date: '2025-03-18', hours: 0, minutes: 5 });
    expect((await ok('GET', `${C1}/projects/${project.alpha}`)).data.times_count).toBe(6);
    await ok('DELETE', `${C1}/times/${extra.id}`, undefined, OWNER_TOKEN, 204);
    expect((await ok('GET', `${C1}/projects/${project.alpha}`)).data.times_count).toBe(5);
  });

  describe('GET /times: filters, sort, include, pages', () => {
    const inWeek = (q: string) => list(`filter[date]=2025-03-10,2025-03-17&${q}`);

    it('lists newest first in the { data, current_count, total_count } envelope with list fields', async () => {
      const body = await inWeek('');
      expect(Object.keys(body)).toEqual(['data', 'current_count', 'total_count', 'page', 'per_page']);
      expect(body).toMatchObject({ current_count: 7, total_count: 7, page: 1, per_page: null });
      // date descending, then start descending (entries without a start last), then id descending
      expect(ids(body)).toEqual([e[7], e[6], e[5], e[4], e[3], e[1], e[2]]);
      const item = body.data.find((t: any) => t.id === e[1]);
      expect(Object.keys(item)).toEqual([
        'id',
        'company_id',
        'user_id',
        'project_id',
        'invoice_id',
        'task_id',
        'service_id',
        'description',
        'date',
        'start',
        'end',
        'hours',
        'minutes',
        'hourly_rate',
        'status',
        'billable',
        'total_value',
        'readable_time',
        'formatted_date',
        'sortable_time',
        'formatted_total_value',
        'created_at',
        'updated_at',
      ]);
      expect(item).toMatchObject({
        formatted_date: '10.03.2025',
        sortable_time: 85,
        formatted_total_value: '170.00',
        readable_time: '01:25',
      });
    });

    it('sorts by date and start, either way', async () => {
      expect(ids(await inWeek('sort=date'))).toEqual([e[1], e[2], e[3], e[4], e[5], e[6], e[7]]);
      expect(ids(await inWeek('sort=-start'))).toEqual([e[6], e[1], e[7], e[5], e[4], e[3], e[2]]);
      expect(ids(await inWeek('sort=start'))).toEqual([e[2], e[3], e[4], e[5], e[7], e[1], e[6]]);
      expect(ids(await inWeek('sort=date,-start'))).toEqual([e[1], e[2], e[3], e[4], e[5], e[6], e[7]]);
      expect(ids(await inWeek('sort=-date,start'))).toEqual([e[7], e[6], e[5], e[4], e[3], e[2], e[1]]);
      const bad = await svc.call('GET', `${C1}/times?sort=hours`);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Requested sort(s) `hours` is not allowed. Allowed sort(s) are `date, start`.');
    });

    it('filters by user, id, customer (integer or array), project, billable, project type', async () => {
      expect(ids(await inWeek(`filter[user_id]=${admin.id}`))).toEqual([e[4]]);
      expect(ids(await inWeek(`filter[user_id]=${admin.id},${plain.id}`))).toEqual([e[6], e[4]]);
      expect(ids(await inWeek(`filter[id]=${e[1]},${e[2]}&sort=date`))).toEqual([e[1], e[2]]);
      expect(ids(await inWeek(`filter[customer_id]=${customer.B}&sort=date`))).toEqual([e[2], e[5]]);
      expect(
        ids(await inWeek(`filter[customer_id][]=${customer.A}&filter[customer_id][]=${customer.B}&sort=date`)),
      ).toHaveLength(7);
      expect(ids(await inWeek(`filter[customer_id][0]=${customer.B}&sort=date`))).toEqual([e[2], e[5]]);
      expect(ids(await inWeek(`filter[project_id]=${project.beta}&sort=date`))).toEqual([e[2], e[5]]);
      expect(ids(await inWeek('filter[billable]=false'))).toEqual([e[3]]);
      expect(ids(await inWeek('filter[billable]=1'))).toHaveLength(6);
      expect(ids(await inWeek('filter[project_type]=fixedPrice&sort=date'))).toEqual([e[2], e[5]]);
      expect(ids(await inWeek('filter[project_type]=byHour,fixedBudget'))).toHaveLength(5);
    });

    it('filters by status, invoice, and widens to the entries of the invoice being edited', async () => {
      expect(ids(await inWeek('filter[status]=invoiced'))).toEqual([e[5]]);
      expect(ids(await inWeek('filter[status]=open,invoiced'))).toHaveLength(7);
      expect(ids(await inWeek('filter[status]=paid'))).toEqual([]);
      expect(ids(await list(`filter[invoice_id]=${invoice}`))).toEqual([e[5]]);
      expect(ids(await inWeek('filter[invoice_id]=null'))).toHaveLength(6);
      expect(ids(await inWeek('filter[status]=open'))).not.toContain(e[5]);
      expect(ids(await inWeek(`filter[status]=open&filter[with_current_invoice_id]=${invoice}&sort=date`))).toEqual([
        e[1],
        e[2],
        e[3],
        e[4],
        e[5],
        e[6],
        e[7],
      ]);
      expect(
        ids(await inWeek(`filter[status]=open&filter[invoice_id]=null&filter[with_current_invoice_id]=${invoice}`)),
      ).toHaveLength(7);
      // the other filters still apply to the invoice's entries
      expect(
        ids(
          await inWeek(
            `filter[status]=open&filter[with_current_invoice_id]=${invoice}&filter[project_id]=${project.alpha}`,
          ),
        ),
      ).not.toContain(e[5]);
    });

    it('filters by date: a range, an open end, a single start date, any date format', async () => {
      const alphaBeta = `filter[project_id]=${project.alpha},${project.beta}`;
      expect(ids(await list(`${alphaBeta}&filter[date]=2025-03-16`))).toEqual([e[7], e[6]]);
      expect(ids(await list(`${alphaBeta}&filter[date]=,10.03.2025`))).toEqual([e[1], e[2]]);
      expect(ids(await list(`${alphaBeta}&filter[date]=14.03.2025,16.03.2025`))).toEqual([e[6], e[5]]);
      for (const bad of ['filter[date]=soon', 'filter[date]=2025-03-20,2025-03-10', 'filter[date]=a,b,c']) {
        expect((await svc.call('GET', `${C1}/times?${bad}`)).status, bad).toBe(400);
      }
    });

    it('answers 400 for filter values of the wrong kind', async () => {
      for (const bad of [
        'filter[user_id]=abc',
        'filter[customer_id][]=x',
        'filter[billable]=vielleicht',
        'filter[status]=done',
        'filter[project_type]=hourly',
        'filter[with_current_invoice_id]=x',
      ]) {
        const res = await svc.call('GET', `${C1}/times?${bad}`);
        expect(res.status, bad).toBe(400);
        expect(res.body.message).toEqual(expect.any(String));
      }
    });

    it('pages with page and per_page when asked', async () => {
      const body = await inWeek('sort=date&per_page=2&page=2');
      expect(body).toMatchObject({ current_count: 2, total_count: 7, page: 2, per_page: 2 });
      expect(ids(body)).toEqual([e[3], e[4]]);
      const past = await inWeek('sort=date&per_page=5&page=3');
      expect(past).toMatchObject({ data: [], current_count: 0, total_count: 7, page: 3, per_page: 5 });
      expect((await inWeek('per_page=500')).per_page).toBe(100);
    });

    it('embeds project, project.customer, task and user', async () => {
      const body = await inWeek(`include=project.customer,user,task&filter[id]=${e[6]}`);
      const [t] = body.data;
      expect(t.project).toMatchObject({
        id: project.alpha,
        name: 'Alpha',
        times_count: 5,
        customer: { id: customer.A, name: 'Kunde A' },
      });
      expect(t.user).toEqual({ id: plain.id, name: 'Uli User', email: 'uli@example.com' });
      expect(t.task).toBeNull();
      const single = await get(e[1], '?include=project');
      expect(single.project).toMatchObject({ id: project.alpha, budget_usage: expect.any(Object) });
      expect(single.project.customer).toBeUndefined();
      expect(single.formatted_date).toBeUndefined();
      const bad = await svc.call('GET', `${C1}/times?include=customer`);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(
        'Requested include(s) `customer` are not allowed. Allowed include(s) are `project, project.customer, ' +
          'task, user`.',
      );
      expect((await svc.call('GET', `${C1}/times/${e[1]}?include=invoice`)).status).toBe(400);
    });

    it('shows every entry of the company to every member', async () => {
      expect(ids(await list('filter[date]=2025-03-10,2025-03-17', PLAIN))).toHaveLength(7);
    });
  });
});

// ---------------------------------------------------------------------------------------------------
describe('GET, PUT and DELETE /times/{id}', () => {
  it("answers 404 for another company's entry, a missing one and a non-numeric id", async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      expect(
        (await svc.call(method, `${C1}/times/${foreignTime}`, method === 'PUT' ? { description: 'x' } : undefined))
          .status,
        method,
      ).toBe(404);
      expect(
        (await svc.call(method, `${C1}/times/999999`, method === 'PUT' ? { description: 'x' } : undefined)).status,
      ).toBe(404);
      expect(
        (await svc.call(method, `${C1}/times/abc`, method === 'PUT' ? { description: 'x' } : undefined)).status,
      ).toBe(404);
    }
    expect((await svc.call('GET', `${C1}/times/${foreignTime}`)).body).toEqual({ message: 'Time entry not found.' });
  });

  it('updates every field of an open entry', async () => {
    const t = await create({ project_id: project.gamma, date: '2024-06-03', hours: 1, minutes: 0 });
    const updated = (
      await ok('PUT', `${C1}/times/${t.id}`, {
        description: 'Neu',
        date: '04.06.2024',
        hours: 2,
        minutes: 30,
        hourly_rate: 90,
        billable: true,
        service_id: service,
      })
    ).data;
    expect(updated).toMatchObject({
      description: 'Neu',
      date: '2024-06-04',
      hours: 2,
      minutes: 30,
      hourly_rate: 90,
      billable: true,
      total_value: 225,
      service_id: service,
      status: 'open',
    });
    expect(Object.keys(updated)).toContain('updated_at');
    expect(updated.formatted_date).toBeUndefined();
    // start and end give the duration; one of them is enough when the other is stored
    expect((await ok('PUT', `${C1}/times/${t.id}`, { start: '08:00', end: '09:30' })).data).toMatchObject({
      start: '08:00',
      end: '09:30',
      hours: 1,
      minutes: 30,
    });
    expect((await ok('PUT', `${C1}/times/${t.id}`, { end: '10:05' })).data).toMatchObject({
      start: '08:00',
      end: '10:05',
      hours: 2,
      minutes: 5,
    });
    expect422(await svc.call('PUT', `${C1}/times/${t.id}`, { end: '07:00' }), {
      end: ['The end field must be a time after start.'],
    });
    // hours and minutes alone are stored as sent; start and end stay
    expect((await ok('PUT', `${C1}/times/${t.id}`, { hours: 5 })).data).toMatchObject({
      start: '08:00',
      end: '10:05',
      hours: 5,
      minutes: 5,
    });
    // clearing start and end
    expect((await ok('PUT', `${C1}/times/${t.id}`, { start: null, end: '' })).data).toMatchObject({
      start: null,
      end: null,
      hours: 5,
      minutes: 5,
    });
    // null rate: back to the project's; null description: empty
    expect((await ok('PUT', `${C1}/times/${t.id}`, { hourly_rate: null, description: null })).data).toMatchObject({
      hourly_rate: 80,
      description: '',
    });
    expect((await ok('PUT', `${C1}/times/${t.id}`, {})).data.id).toBe(t.id);
  });

  it('moves an entry to another project, dropping a task of the old one', async () => {
    const task = (
      await ok(
        'POST',
        `${C1}/tasks`,
        { title: 'Gamma-Aufgabe', due: '2024-06-01', project_id: project.gamma },
        OWNER_TOKEN,
        201,
      )
    ).data;
    const t = await create({ project_id: project.gamma, date: '2024-06-03', hours: 1, minutes: 0, task_id: task.id });
    expect422(await svc.call('PUT', `${C1}/times/${t.id}`, { project_id: project.delta, task_id: task.id }), {
      task_id: ['The selected task id is invalid.'],
    });
    const moved = (await ok('PUT', `${C1}/times/${t.id}`, { project_id: project.delta })).data;
    expect(moved).toMatchObject({ project_id: project.delta, task_id: null, hourly_rate: 80 });
    const deltaTask = (
      await ok(
        'POST',
        `${C1}/tasks`,
        { title: 'Delta', due: '2024-06-01', project_id: project.delta },
        OWNER_TOKEN,
        201,
      )
    ).data;
    expect((await ok('PUT', `${C1}/times/${t.id}`, { task_id: deltaTask.id })).data.task_id).toBe(deltaTask.id);
    expect((await ok('PUT', `${C1}/times/${t.id}`, { task_id: null })).data.task_id).toBeNull();
  });

  it('answers 422 for invalid update fields', async () => {
    const t = await create({ project_id: project.gamma, date: '2024-06-03', hours: 1, minutes: 0 });
    expect422(
      await svc.call('PUT', `${C1}/times/${t.id}`, {
        project_id: null,
        hours: 24,
        date: null,
        billable: null,
        status: 'done',
        start: '7:00',
      }),
      {
        project_id: ['The project id field is required.'],
        hours: ['The hours field must not be greater than 23.'],
        date: ['The date field is required.'],
        billable: ['The billable field must be true or false.'],
        start: ['The start field must match the format H:i.'],
        status: ['The selected status is invalid.'],
      },
    );
    expect422(
      await svc.call('PUT', `${C1}/times/${t.id}`, {
        project_id: project.foreign,
        invoice_id: foreignInvoice,
        force: 'ja',
      }),
      {
        project_id: ['The selected project id is invalid.'],
        invoice_id: ['The selected invoice id is invalid.'],
        force: ['The force field must be true or false.'],
      },
    );
  });

  it('follows the status rules: open → invoiced → paid, only status on paid, force on invoiced', async () => {
    const t = await create({ project_id: project.gamma, date: '2024-06-10', hours: 1, minutes: 0, billable: true });
    const path = `${C1}/times/${t.id}`;
    const refused = await svc.call('PUT', path, { status: 'paid' });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: 'The status of a time entry cannot change from open to paid.' });
    expect((await ok('PUT', path, { status: 'invoiced' })).data.status).toBe('invoiced');
    const locked = await svc.call('PUT', path, { description: 'geändert' });
    expect(locked.status).toBe(403);
    expect(locked.body).toEqual({
      message: 'An invoiced time entry accepts only a status change unless force is true.',
    });
    expect((await svc.call('PUT', path, { description: 'geändert', force: false })).status).toBe(403);
    expect((await ok('PUT', path, { description: 'geändert', hours: 2, force: true })).data).toMatchObject({
      description: 'geändert',
      hours: 2,
      status: 'invoiced',
    });
    expect((await ok('PUT', path, { status: 'paid' })).data.status).toBe('paid');
    const paid = await svc.call('PUT', path, { status: 'paid', description: 'x', force: true });
    expect(paid.status).toBe(403);
    expect(paid.body).toEqual({ message: 'A paid time entry accepts only a status change.' });
    expect((await ok('PUT', path, { status: 'invoiced' })).data.status).toBe('invoiced');
    expect((await ok('PUT', path, { status: 'paid' })).data.status).toBe('paid');
    expect((await ok('PUT', path, { status: 'open' })).data.status).toBe('open');
    expect((await ok('PUT', path, { status: 'open' })).data.status).toBe('open');
  });

  it('links an invoice (the entry becomes invoiced) and unlinks it when set open again', async () => {
    const inv = insertInvoice(1, customer.C);
    const t = await create({ project_id: project.gamma, date: '2024-06-11', hours: 1, minutes: 0 });
    const path = `${C1}/times/${t.id}`;
    expect((await ok('PUT', path, { invoice_id: inv })).data).toMatchObject({ invoice_id: inv, status: 'invoiced' });
    expect422(await svc.call('PUT', path, { status: 'open', invoice_id: inv, force: true }), {
      invoice_id: ['An open time entry cannot be linked to an invoice.'],
    });
    expect((await ok('PUT', path, { status: 'open' })).data).toMatchObject({ invoice_id: null, status: 'open' });
    expect((await ok('PUT', path, { invoice_id: inv, status: 'invoiced' })).data).toMatchObject({
      invoice_id: inv,
      status: 'invoiced',
    });
    expect((await ok('PUT', path, { status: 'paid' })).data).toMatchObject({ invoice_id: inv, status: 'paid' });
  });

  it("lets only admins and owners change or delete other users' entries (403)", async () => {
    const owners = await create({ project_id: project.gamma, date: '2024-06-12', hours: 1, minutes: 0 });
    const users = await create({ project_id: project.gamma, date: '2024-06-12', hours: 1, minutes: 0 }, PLAIN);
    const denied = await svc.call('PUT', `${C1}/times/${owners.id}`, { description: 'x' }, { token: PLAIN });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toMatch(/only admins and owners/);
    expect((await svc.call('PUT', `${C1}/times/${owners.id}`, { status: 'invoiced' }, { token: PLAIN })).status).toBe(
      403,
    );
    expect((await svc.call('DELETE', `${C1}/times/${owners.id}`, undefined, { token: PLAIN })).status).toBe(403);
    expect((await ok('PUT', `${C1}/times/${users.id}`, { description: 'meins' }, PLAIN)).data.description).toBe(
      'meins',
    );
    expect((await ok('PUT', `${C1}/times/${users.id}`, { description: 'vom Admin' }, ADMIN)).data).toMatchObject({
      description: 'vom Admin',
      user_id: plain.id,
    });
    expect((await ok('PUT', `${C1}/times/${owners.id}`, { description: 'vom Admin' }, ADMIN)).data.description).toBe(
      'vom Admin',
    );
    // reading is open to every member
    expect((await ok('GET', `${C1}/times/${owners.id}`, undefined, PLAIN)).data.id).toBe(owners.id);
    await ok('DELETE', `${C1}/times/${users.id}`, undefined, OWNER_TOKEN, 204);
    const mine = await create({ project_id: project.gamma, date: '2024-06-12', hours: 1, minutes: 0 }, PLAIN);
    await ok('DELETE', `${C1}/times/${mine.id}`, undefined, PLAIN, 204);
    await ok('DELETE', `${C1}/times/${owners.id}`, undefined, ADMIN, 204);
    expect((await svc.call('GET', `${C1}/times/${owners.id}`)).status).toBe(404);
  });

  it('never deletes invoiced or paid entries (403)', async () => {
    const t = await create({ project_id: project.gamma, date: '2024-06-13', hours: 1, minutes: 0 });
    await ok('PUT', `${C1}/times/${t.id}`, { status: 'invoiced' });
    const res = await svc.call('DELETE', `${C1}/times/${t.id}`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Invoiced or paid time entries cannot be deleted.' });
    await ok('PUT', `${C1}/times/${t.id}`, { status: 'paid' });
    expect((await svc.call('DELETE', `${C1}/times/${t.id}`, undefined, { token: ADMIN })).status).toBe(403);
    expect((await svc.call('GET', `${C1}/times/${t.id}`)).status).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------------
describe('PUT and DELETE /times/multiple', () => {
  it('updates the open entries the caller may change and reports the skipped ones', async () => {
    const b1 = await create({ project_id: project.gamma, date: '2024-07-01', hours: 1, minutes: 0 });
    const b2 = await create({ project_id: project.gamma, date: '2024-07-01', hours: 2, minutes: 0 });
    const b3 = await create({ project_id: project.gamma, date: '2024-07-01', hours: 3, minutes: 0 }, PLAIN);
    const b4 = await create({ project_id: project.gamma, date: '2024-07-01', hours: 4, minutes: 0 });
    await ok('PUT', `${C1}/times/${b4.id}`, { status: 'invoiced' });
    const all = [b1.id, b2.id, b3.id, b4.id, foreignTime, 999999];

    expect(await ok('PUT', `${C1}/times/multiple`, { ids: all, description: 'Sammel' }, PLAIN)).toEqual({
      message: '1 time entry updated, 3 skipped.',
      updated: 1,
      skipped: [b1.id, b2.id, b4.id],
    });
    expect((await get(b3.id)).description).toBe('Sammel');
    expect((await get(b1.id)).description).toBe('');

    const res = await ok('PUT', `${C1}/times/multiple`, {
      ids: all,
      project_id: project.delta,
      date: '02.07.2024',
      hourly_rate: '99.5',
      billable: true,
    });
    expect(res).toEqual({ message: '3 time entries updated, 1 skipped.', updated: 3, skipped: [b4.id] });
    for (const id of [b1.id, b2.id, b3.id])
      expect(await get(id)).toMatchObject({
        project_id: project.delta,
        date: '2024-07-02',
        hourly_rate: 99.5,
        billable: true,
      });
    expect(await get(b4.id)).toMatchObject({
      project_id: project.gamma,
      date: '2024-07-01',
      hourly_rate: 80,
      billable: false,
    });
    expect((await ok('GET', `/companies/${company2}/times/${foreignTime}`)).data.project_id).toBe(project.foreign);

    // a single id and a comma-separated string
    expect((await ok('PUT', `${C1}/times/multiple`, { ids: b1.id, billable: false })).updated).toBe(1);
    expect((await ok('PUT', `${C1}/times/multiple`, { ids: `${b1.id},${b2.id}`, description: 'zwei' })).updated).toBe(
      2,
    );
    expect(await get(b1.id)).toMatchObject({ billable: false, description: 'zwei' });
  });

  it('answers 422 for missing ids and invalid fields', async () => {
    expect422(await svc.call('PUT', `${C1}/times/multiple`, { description: 'x' }), {
      ids: ['The ids field is required.'],
    });
    expect422(await svc.call('PUT', `${C1}/times/multiple`, { ids: [1, 'x'] }), {
      'ids.1': ['The ids.1 field must be an integer.'],
    });
    expect422(
      await svc.call('PUT', `${C1}/times/multiple`, {
        ids: [1],
        project_id: project.foreign,
        date: '31.02.2024',
        hourly_rate: -5,
        billable: 'vielleicht',
      }),
      {
        project_id: ['The selected project id is invalid.'],
        date: ['The date field must be a valid date.'],
        hourly_rate: ['The hourly rate field must be at least 0.'],
        billable: ['The billable field must be true or false.'],
      },
    );
    expect422(await svc.call('DELETE', `${C1}/times/multiple`, { ids: [] }), { ids: ['The ids field is required.'] });
  });

  it('deletes the open entries the caller may delete; invoiced and paid ones never', async () => {
    const d1 = await create({ project_id: project.gamma, date: '2024-07-05', hours: 1, minutes: 0 });
    const d2 = await create({ project_id: project.gamma, date: '2024-07-05', hours: 1, minutes: 0 });
    const d3 = await create({ project_id: project.gamma, date: '2024-07-05', hours: 1, minutes: 0 }, PLAIN);
    const d4 = await create({ project_id: project.gamma, date: '2024-07-05', hours: 1, minutes: 0 });
    await ok('PUT', `${C1}/times/${d4.id}`, { status: 'invoiced' });
    await ok('PUT', `${C1}/times/${d4.id}`, { status: 'paid' });
    expect(await ok('DELETE', `${C1}/times/multiple`, { ids: [d1.id, d3.id, foreignTime] }, PLAIN)).toEqual({
      message: '1 time entry deleted, 1 skipped.',
      deleted: 1,
      skipped: [d1.id],
    });
    expect(await ok('DELETE', `${C1}/times/multiple`, { ids: [d1.id, d2.id, d4.id] }, ADMIN)).toEqual({
      message: '2 time entries deleted, 1 skipped.',
      deleted: 2,
      skipped: [d4.id],
    });
    expect((await svc.call('GET', `${C1}/times/${d1.id}`)).status).toBe(404);
    expect((await svc.call('GET', `${C1}/times/${d3.id}`)).status).toBe(404);
    expect((await svc.call('GET', `${C1}/times/${d4.id}`)).status).toBe(200);
    expect((await svc.call('GET', `/companies/${company2}/times/${foreignTime}`)).status).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------------
describe('POST /times/import', () => {
  it('creates a time entry per valid row and reports the others with their spreadsheet row', async () => {
    const csv = [
      'Date;Project ID;Hours;Minutes;Description;Hourly Rate;Billable;Start;End;Task ID',
      `01.08.2024;${project.delta};2;15;Import eins;;ja;;;`,
      `2024-08-02;${project.delta};;;"Mit; Semikolon";1'234.50;0;08:50;10:15;`,
      '',
      `02.08.2024;${project.foreign};1;0;fremd;;;;;`,
      `31.02.2024;${project.delta};1;0;kein Datum;;;;;`,
      `03.08.2024;${project.delta};3;;nur Stunden;95,50;x;;;`,
    ].join('\r\n');
    const res = await upload(`${C1}/times/import`, csv, PLAIN);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      created: 3,
      errors: [
        { row: 5, message: 'The selected project id is invalid.' },
        { row: 6, message: 'The date field must be a valid date.' },
      ],
    });
    const imported = (await list(`filter[project_id]=${project.delta}&filter[date]=2024-08-01,2024-08-03&sort=date`))
      .data;
    expect(
      imported.map((t: any) => [
        t.date,
        t.hours,
        t.minutes,
        t.description,
        t.hourly_rate,
        t.billable,
        t.start,
        t.end,
        t.user_id,
      ]),
    ).toEqual([
      ['2024-08-01', 2, 15, 'Import eins', 60, true, null, null, plain.id],
      ['2024-08-02', 1, 25, 'Mit; Semikolon', 1234.5, false, '08:50', '10:15', plain.id],
      ['2024-08-03', 3, 0, 'nur Stunden', 95.5, true, null, null, plain.id],
    ]);
  });

  it('answers 422 errors.file for a missing, wrong or header-less file', async () => {
    expect422(await upload(`${C1}/times/import`, null), { file: ['The file field is required.'] });
    expect422(await upload(`${C1}/times/import`, 'date,project_id', OWNER_TOKEN, true), {
      file: ['The file field must be a file.'],
    });
    expect422(await upload(`${C1}/times/import`, ''), {
      file: ['The file is empty: it needs a header row with date and project_id columns.'],
    });
    expect422(await upload(`${C1}/times/import`, 'date,hours\n2024-01-01,1\n'), {
      file: ['The file needs a header row with project_id column.'],
    });
    expect422(await upload(`${C1}/times/import`, 'x\u0000y'), {
      file: ['The file field must be a file of type: csv, txt.'],
    });
  });

  it('answers 422 file required for the empty nameless part of an empty file input (as other uploads)', async () => {
    // what a browser sends for an empty <input type=file>: a part with filename="" and no bytes
    const body =
      '--XX\r\nContent-Disposition: form-data; name="file"; filename=""\r\nContent-Type: ' +
      'application/octet-stream\r\n\r\n\r\n--XX--\r\n';
    const res = await fetch(`${svc.url}${C1}/times/import`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${OWNER_TOKEN}`,
        Accept: 'application/json',
        'Content-Type': 'multipart/form-data; boundary=XX',
      },
      body,
    });
    expect422(
      { status: res.status, body: await res.json(), headers: res.headers },
      { file: ['The file field is required.'] },
    );
  });

  it('imports on the legacy path as well', async () => {
    const res = await upload(
      legacy(`${C1}/times/import`),
      `date,project_id,hours,minutes\n2024-08-09,${project.delta},0,30\n`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ created: 1, errors: [] });
  });
});

// ---------------------------------------------------------------------------------------------------
describe('both path families and tenancy', () => {
  it('answers the same under /api/v2/companies/{c}/times and /api/companies/{c}/times', async () => {
    const q = '/companies/1/times?filter[date]=2025-03-10,2025-03-17&include=user&sort=date';
    const v2 = await svc.call('GET', q);
    const old = await svc.call('GET', legacy(q));
    expect(old.status).toBe(200);
    expect(old.body).toEqual(v2.body);
    const grouped = '/companies/1/times?filter[date]=2025-03-12&group_by_week_project_days=1';
    expect((await svc.call('GET', legacy(grouped))).body).toEqual((await svc.call('GET', grouped)).body);

    const created = await svc.call('POST', legacy('/companies/1/times'), {
      project_id: project.gamma,
      date: '2024-09-02',
      hours: 1,
      minutes: 0,
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect((await svc.call('GET', legacy(`/companies/1/times/${id}`))).body).toEqual(
      await ok('GET', `${C1}/times/${id}`),
    );
    expect((await svc.call('PUT', legacy(`/companies/1/times/${id}`), { minutes: 30 })).body.data.minutes).toBe(30);
    expect(
      (await svc.call('PUT', legacy('/companies/1/times/multiple'), { ids: [id], description: 'alt' })).body.updated,
    ).toBe(1);
    expect((await svc.call('DELETE', legacy(`/companies/1/times/${id}`))).status).toBe(204);
    expect((await svc.call('DELETE', legacy('/companies/1/times/multiple'), { ids: [id] })).body).toEqual({
      message: '0 time entries deleted.',
      deleted: 0,
      skipped: [],
    });
    expect((await svc.call('GET', legacy(`/companies/1/times/${foreignTime}`))).status).toBe(404);
    // the legacy family carries only time entries and tasks
    expect((await svc.call('GET', legacy('/companies/1/tags'))).status).toBe(404);
  });

  it('answers 405 with Allow for a wrong method on a known path, 404 for a non-numeric id', async () => {
    const cases: [string, string, string][] = [
      ['PATCH', '/companies/1/times/1', 'GET, HEAD, PUT, DELETE'],
      ['PUT', '/companies/1/times/timer', 'GET, HEAD, POST, DELETE'],
      ['GET', '/companies/1/times/timer/description', 'PUT'],
      ['GET', '/companies/1/times/multiple', 'PUT, DELETE'],
      ['GET', '/companies/1/times/import', 'POST'],
    ];
    for (const [method, path, allow] of cases) {
      for (const url of [svc.url + path, legacy(path)]) {
        const res = await svc.call(method, url);
        expect(res.status, `${method} ${url}`).toBe(405);
        expect(res.headers.get('allow')).toBe(allow);
      }
    }
    expect((await svc.call('GET', legacy('/companies/1/times/abc'))).status).toBe(404);
  });

  it('needs a token (401) and membership of the company (403) on both families', async () => {
    for (const url of [`${svc.url}/companies/1/times`, legacy('/companies/1/times')]) {
      expect((await svc.call('GET', url, undefined, { token: null })).status).toBe(401);
      expect(
        (await svc.call('GET', url.replace('/companies/1/', `/companies/${company2}/`), undefined, { token: PLAIN }))
          .status,
      ).toBe(403);
    }
  });

  it("keeps each company's entries apart", async () => {
    const other = await ok('GET', `/companies/${company2}/times`);
    expect(ids(other)).toEqual([foreignTime]);
    expect(ids(await list('per_page=100'))).not.toContain(foreignTime);
    expect(ids(await list(`filter[id]=${foreignTime}`))).toEqual([]);
  });
});
