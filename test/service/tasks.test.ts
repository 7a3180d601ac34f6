// Tasks against the running service (clock stopped on Monday 10.03.2025): create with every rule, the
// paginated list with filter[status] and include=project, read, update (moves stay in the company),
// delete, formatted (relative due date, dd.mm.yyyy, is_done), total_time_tracked from the linked
// time entries, roles, tenancy and both path families.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCompany } from '../../src/server/main.js';
import { clock } from '../../src/server/clock.js';
import {
  expect422,
  OWNER_TOKEN,
  secondUser,
  startTestService,
  type SecondUser,
  type TestService,
} from '../helpers/service.js';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const PLAIN = 'tasks-plain-token';
const C1 = '/companies/1';

let svc: TestService;
let plain: SecondUser;
let company2: number;
let projectA: number;
let projectB: number;
let foreignProject: number;
let foreignTask: number;

const legacy = (path: string) => `${svc.origin}/api${path}`;

async function ok(method: string, path: string, body?: unknown, token = OWNER_TOKEN, status = 200): Promise<any> {
  const res = await svc.call(method, path, body, { token });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(status);
  return res.body;
}

const createTask = async (body: Record<string, unknown>, token = OWNER_TOKEN, company = 1) =>
  (await ok('POST', `/companies/${company}/tasks`, body, token, 201)).data;

beforeAll(async () => {
  clock.now = () => new Date('2025-03-10T09:00:00Z'); // Monday 10.03.2025, 10:00 in Zurich
  svc = await startTestService();
  const db = svc.server.db;
  plain = secondUser(svc, { name: 'Uli User', email: 'uli@example.com', token: PLAIN });
  company2 = addCompany(db, 'Other AG', 1);
  const customer = (await ok('POST', `${C1}/customers`, { name: 'Kunde' })).data.id;
  projectA = (await ok('POST', `${C1}/projects`, { name: 'Projekt A', customer_id: customer, hourly_rate: 100 })).data
    .id;
  projectB = (await ok('POST', `${C1}/projects`, { name: 'Projekt B', customer_id: customer })).data.id;
  const foreignCustomer = (await ok('POST', `/companies/${company2}/customers`, { name: 'Fremd' })).data.id;
  foreignProject = (
    await ok('POST', `/companies/${company2}/projects`, { name: 'Fremd', customer_id: foreignCustomer })
  ).data.id;
  foreignTask = (
    await createTask({ title: 'Fremde Aufgabe', due: '2025-03-12', project_id: foreignProject }, OWNER_TOKEN, company2)
  ).id;
});

afterAll(async () => {
  clock.now = () => new Date();
  await svc.close();
});

describe('POST /tasks', () => {
  it('creates a task: 201 { data } with formatted and total_time_tracked', async () => {
    const res = await svc.call('POST', `${C1}/tasks`, {
      title: '  Entwurf  ',
      due: '13.03.2025',
      project_id: projectA,
      description: 'Erste Skizzen',
      planned_hours: 2.5,
    });
    expect(res.status).toBe(201);
    const task = res.body.data;
    expect(task).toEqual({
      id: expect.any(Number),
      company_id: 1,
      user_id: 1,
      project_id: projectA,
      title: 'Entwurf',
      description: 'Erste Skizzen',
      status: 'open',
      due: '2025-03-13',
      planned_hours: 2.5,
      formatted: { relative_due: 'in 3 days', due: '13.03.2025', is_done: false },
      total_time_tracked: '00:00',
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: expect.stringMatching(TIMESTAMP),
    });
    expect(Object.keys(task)).toEqual([
      'id',
      'company_id',
      'user_id',
      'project_id',
      'title',
      'description',
      'status',
      'due',
      'planned_hours',
      'formatted',
      'total_time_tracked',
      'created_at',
      'updated_at',
    ]);
    expect((await ok('GET', `${C1}/tasks/${task.id}`)).data).toEqual(task);
  });

  it('defaults status to open and takes the other statuses, planned hours with three decimals', async () => {
    expect(await createTask({ title: 'a', due: '2025-03-10', project_id: projectA, status: null })).toMatchObject({
      status: 'open',
      planned_hours: null,
      description: null,
    });
    expect(
      await createTask({
        title: 'b',
        due: '2025-03-10',
        project_id: projectA,
        status: 'in-progress',
        planned_hours: '1.125',
      }),
    ).toMatchObject({ status: 'in-progress', planned_hours: 1.125 });
    expect(
      await createTask({ title: 'c', due: '2025-03-10', project_id: projectA, status: 'done', planned_hours: 0 }),
    ).toMatchObject({ status: 'done', planned_hours: 0, formatted: { is_done: true } });
  });

  it('reads any valid date format for due and words relative_due in English', async () => {
    const cases: [string, string, string][] = [
      ['2025-03-10', '2025-03-10', 'today'],
      ['today', '2025-03-10', 'today'],
      ['11.03.2025', '2025-03-11', 'tomorrow'],
      ['yesterday', '2025-03-09', 'yesterday'],
      ['8.3.2025', '2025-03-08', '2 days ago'],
      ['31 March 2025', '2025-03-31', 'in 3 weeks'],
      ['2025/06/10', '2025-06-10', 'in 3 months'],
      ['10.03.26', '2026-03-10', 'in 1 year'],
      ['2025-02-24T12:00:00Z', '2025-02-24', '2 weeks ago'],
    ];
    for (const [input, due, relative] of cases) {
      const task = await createTask({ title: `due ${input}`, due: input, project_id: projectB });
      expect([task.due, task.formatted.relative_due], input).toEqual([due, relative]);
    }
  });

  it('answers 422 with every failing field, in order', async () => {
    expect422(await svc.call('POST', `${C1}/tasks`, {}), {
      title: ['The title field is required.'],
      due: ['The due field is required.'],
      project_id: ['The project id field is required.'],
    });
    expect422(
      await svc.call('POST', `${C1}/tasks`, {
        title: 'x'.repeat(256),
        description: 5,
        status: 'waiting',
        due: '31.02.2025',
        project_id: 'abc',
        planned_hours: -1,
      }),
      {
        title: ['The title field must not be greater than 255 characters.'],
        description: ['The description field must be a string.'],
        status: ['The selected status is invalid.'],
        due: ['The due field must be a valid date.'],
        project_id: ['The project id field must be an integer.'],
        planned_hours: ['The planned hours field must be at least 0.'],
      },
    );
    expect422(
      await svc.call('POST', `${C1}/tasks`, {
        title: '   ',
        due: '2025-03-10',
        project_id: foreignProject,
        planned_hours: 'viel',
      }),
      {
        title: ['The title field is required.'],
        project_id: ['The selected project id is invalid.'],
        planned_hours: ['The planned hours field must be a number.'],
      },
    );
    expect((await createTask({ title: 'x'.repeat(255), due: '2025-03-10', project_id: projectB })).title).toHaveLength(
      255,
    );
  });

  it('lets every member create tasks', async () => {
    expect((await createTask({ title: 'vom User', due: '2025-03-10', project_id: projectA }, PLAIN)).user_id).toBe(
      plain.id,
    );
  });
});

describe('GET /tasks', () => {
  // a company of its own, as the other tests add tasks to company 1: 15 tasks, 'b' in progress and 'c' done
  let c: number;
  let tasks: string;
  let ownA: number;
  let ownB: number;
  beforeAll(async () => {
    c = addCompany(svc.server.db, 'Aufgaben AG', 1);
    tasks = `/companies/${c}/tasks`;
    const customer = (await ok('POST', `/companies/${c}/customers`, { name: 'Kunde' })).data.id;
    ownA = (
      await ok('POST', `/companies/${c}/projects`, { name: 'Projekt A', customer_id: customer, hourly_rate: 100 })
    ).data.id;
    ownB = (await ok('POST', `/companies/${c}/projects`, { name: 'Projekt B', customer_id: customer })).data.id;
    for (const [title, status] of [
      ['a', 'open'],
      ['b', 'in-progress'],
      ['c', 'done'],
    ]) {
      await createTask({ title, due: '2025-03-10', project_id: ownA, status }, OWNER_TOKEN, c);
    }
    for (const due of [
      '2025-03-31',
      '2025-03-11',
      '2025-03-09',
      '2025-03-08',
      '2025-06-10',
      '2026-03-10',
      '2025-02-24',
      '2025-03-10',
      '2025-03-13',
      '2025-03-20',
      '2025-03-12',
      '2025-03-09',
    ]) {
      await createTask({ title: `due ${due}`, due, project_id: ownB }, OWNER_TOKEN, c);
    }
  });

  it('pages by 15, ordered by due date then id, with filter[status]', async () => {
    for (const due of ['2025-04-02', '2025-04-01', '2025-04-01'])
      await createTask({ title: `später ${due}`, due, project_id: ownB }, OWNER_TOKEN, c);
    const all = await ok('GET', `${tasks}?per_page=100`);
    const total = all.meta.total;
    expect(total).toBeGreaterThan(15);
    const dues = all.data.map((t: any) => `${t.due}#${String(t.id).padStart(4, '0')}`);
    expect(dues).toEqual([...dues].sort());
    const first = await ok('GET', tasks);
    expect(first.data).toHaveLength(15);
    expect(first.meta).toMatchObject({ current_page: 1, per_page: 15, total, last_page: Math.ceil(total / 15) });
    expect(first.links.next).toContain('page=2');
    const second = await ok('GET', `${tasks}?page=2`);
    expect(second.data.map((t: any) => t.id)).toEqual(all.data.slice(15, 30).map((t: any) => t.id));

    const done = await ok('GET', `${tasks}?filter[status]=done`);
    expect(done.data.map((t: any) => t.title)).toEqual(['c']);
    expect((await ok('GET', `${tasks}?filter[status]=in-progress`)).data.map((t: any) => t.title)).toEqual(['b']);
    expect((await ok('GET', `${tasks}?filter[status]=done,in-progress&per_page=100`)).meta.total).toBe(2);
    const bad = await svc.call('GET', `${tasks}?filter[status]=waiting`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('filter[status] must be one of open, in-progress, done.');
  });

  it('filters by project and embeds the project with include=project', async () => {
    const body = await ok('GET', `${tasks}?filter[project_id]=${ownA}&include=project&per_page=100`);
    expect(body.data.length).toBeGreaterThan(0);
    for (const task of body.data)
      expect(task.project).toMatchObject({
        id: ownA,
        name: 'Projekt A',
        hourly_rate: 100,
        tasks_count: body.meta.total,
      });
    expect((await ok('GET', tasks)).data[0].project).toBeUndefined();
    const bad = await svc.call('GET', `${tasks}?include=customer`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Requested include(s) `customer` are not allowed. Allowed include(s) are `project`.');
    expect((await svc.call('GET', `${tasks}?filter[project_id]=x`)).status).toBe(400);
  });

  it("never lists another company's tasks", async () => {
    const ids = (await ok('GET', `${C1}/tasks?per_page=100`)).data.map((t: any) => t.id);
    expect(ids).not.toContain(foreignTask);
    expect((await ok('GET', `/companies/${company2}/tasks`)).data.map((t: any) => t.id)).toEqual([foreignTask]);
  });
});

describe('GET, PUT and DELETE /tasks/{id}', () => {
  it('reads with include=project; 404 for another company, a missing or a non-numeric id', async () => {
    const task = await createTask({ title: 'lesen', due: '2025-03-20', project_id: projectA });
    expect((await ok('GET', `${C1}/tasks/${task.id}?include=project`)).data.project).toMatchObject({
      id: projectA,
      customer_id: expect.any(Number),
    });
    for (const method of ['GET', 'PUT', 'DELETE']) {
      for (const id of [foreignTask, 999999, 'abc']) {
        const res = await svc.call(method, `${C1}/tasks/${id}`, method === 'PUT' ? { title: 'x' } : undefined);
        expect(res.status, `${method} ${id}`).toBe(404);
      }
    }
    expect((await svc.call('GET', `${C1}/tasks/${foreignTask}`)).body).toEqual({ message: 'Task not found.' });
    expect((await svc.call('GET', `${C1}/tasks/${task.id}?include=times`)).status).toBe(400);
  });

  it('updates every field; a move stays within the company (422 otherwise)', async () => {
    const task = await createTask({
      title: 'ändern',
      due: '2025-03-20',
      project_id: projectA,
      description: 'd',
      planned_hours: 3,
    });
    const path = `${C1}/tasks/${task.id}`;
    const updated = (
      await ok('PUT', path, {
        title: 'geändert',
        description: null,
        status: 'in-progress',
        due: '09.03.2025',
        project_id: projectB,
        planned_hours: null,
      })
    ).data;
    expect(updated).toMatchObject({
      title: 'geändert',
      description: null,
      status: 'in-progress',
      due: '2025-03-09',
      project_id: projectB,
      planned_hours: null,
      formatted: { relative_due: 'yesterday', due: '09.03.2025', is_done: false },
    });
    expect((await ok('PUT', path, { status: 'done' })).data).toMatchObject({
      status: 'done',
      title: 'geändert',
      formatted: { is_done: true },
    });
    expect((await ok('PUT', path, { status: 'open' })).data.status).toBe('open');
    expect((await ok('PUT', path, {})).data.title).toBe('geändert');
    expect422(await svc.call('PUT', path, { project_id: foreignProject }), {
      project_id: ['The selected project id is invalid.'],
    });
    expect422(
      await svc.call('PUT', path, { title: null, status: null, due: 'bald', project_id: null, planned_hours: -0.5 }),
      {
        title: ['The title field is required.'],
        status: ['The status field is required.'],
        due: ['The due field must be a valid date.'],
        project_id: ['The project id field is required.'],
        planned_hours: ['The planned hours field must be at least 0.'],
      },
    );
    expect((await ok('GET', path)).data).toMatchObject({ project_id: projectB, title: 'geändert' });
  });

  it('sums the linked time entries in total_time_tracked; deleting the task keeps them (204)', async () => {
    const task = await createTask({ title: 'Zeit', due: '2025-03-20', project_id: projectA });
    const t1 = (
      await ok(
        'POST',
        `${C1}/times`,
        { project_id: projectA, task_id: task.id, date: '2025-03-10', hours: 1, minutes: 45 },
        OWNER_TOKEN,
        201,
      )
    ).data;
    await ok(
      'POST',
      `${C1}/times`,
      { project_id: projectA, task_id: task.id, date: '2025-03-11', start: '08:00', end: '08:30' },
      PLAIN,
      201,
    );
    await ok(
      'POST',
      `${C1}/times`,
      { project_id: projectA, date: '2025-03-11', hours: 5, minutes: 0 },
      OWNER_TOKEN,
      201,
    );
    expect((await ok('GET', `${C1}/tasks/${task.id}`)).data.total_time_tracked).toBe('02:15');
    await ok('PUT', `${C1}/times/${t1.id}`, { status: 'invoiced' });
    expect((await ok('GET', `${C1}/tasks/${task.id}`)).data.total_time_tracked).toBe('02:15');
    expect(
      (await ok('GET', `${C1}/projects/${projectA}?include=tasks`)).data.tasks.find((t: any) => t.id === task.id)
        .total_time_tracked,
    ).toBe('02:15');

    const res = await svc.call('DELETE', `${C1}/tasks/${task.id}`, undefined, { token: PLAIN });
    expect(res.status).toBe(204);
    expect((await svc.call('GET', `${C1}/tasks/${task.id}`)).status).toBe(404);
    expect((await ok('GET', `${C1}/times/${t1.id}`)).data).toMatchObject({ task_id: null, hours: 1, minutes: 45 });
  });

  it("counts in the project's tasks_count", async () => {
    const before = (await ok('GET', `${C1}/projects/${projectB}`)).data.tasks_count;
    const task = await createTask({ title: 'zählen', due: '2025-03-20', project_id: projectB });
    expect((await ok('GET', `${C1}/projects/${projectB}`)).data.tasks_count).toBe(before + 1);
    await ok('DELETE', `${C1}/tasks/${task.id}`, undefined, OWNER_TOKEN, 204);
    expect((await ok('GET', `${C1}/projects/${projectB}`)).data.tasks_count).toBe(before);
  });
});

describe('both path families and access', () => {
  it('answers the same under /api/companies/{c}/tasks', async () => {
    const q = `${C1}/tasks?include=project&filter[status]=open&page=2`;
    const v2 = await ok('GET', q);
    const old = await svc.call('GET', legacy(q));
    expect(old.status).toBe(200);
    // the links point at the path that was asked
    expect(old.body.data).toEqual(v2.data);
    expect({ ...old.body.meta, path: undefined }).toEqual({ ...v2.meta, path: undefined });
    expect(old.body.meta.path).toBe(`${svc.origin}/api/companies/1/tasks`);

    const created = await svc.call('POST', legacy(`${C1}/tasks`), {
      title: 'alt',
      due: '2025-03-11',
      project_id: projectA,
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect((await svc.call('GET', legacy(`${C1}/tasks/${id}`))).body).toEqual(await ok('GET', `${C1}/tasks/${id}`));
    expect((await svc.call('PUT', legacy(`${C1}/tasks/${id}`), { status: 'done' })).body.data.status).toBe('done');
    expect((await svc.call('DELETE', legacy(`${C1}/tasks/${id}`))).status).toBe(204);
    expect((await svc.call('GET', legacy(`${C1}/tasks/${foreignTask}`))).status).toBe(404);
  });

  it('needs a token (401) and membership of the company (403)', async () => {
    expect((await svc.call('GET', `${C1}/tasks`, undefined, { token: null })).status).toBe(401);
    expect((await svc.call('GET', legacy(`${C1}/tasks`), undefined, { token: null })).status).toBe(401);
    expect((await svc.call('GET', `/companies/${company2}/tasks`, undefined, { token: PLAIN })).status).toBe(403);
    expect(
      (
        await svc.call(
          'POST',
          legacy(`/companies/${company2}/tasks`),
          { title: 'x', due: '2025-03-10', project_id: foreignProject },
          { token: PLAIN },
        )
      ).status,
    ).toBe(403);
  });
});
