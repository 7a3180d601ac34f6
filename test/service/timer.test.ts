// The timer against the running service, with the service's clock stopped at known instants: start,
// read, edit the description, stop (the entry is dated on the start day in the company's time zone,
// start = start time, end = given end or now), discard; one timer per user, independent timers of two
// users, a timer in another company, validation, and both path families.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addCompany } from '../../src/server/main.js';
import { clock } from '../../src/server/clock.js';
import {
  expect422,
  OWNER_TOKEN,
  secondUser,
  useTestService,
  type SecondUser,
  type ServiceAnswer,
} from '../helpers/service.js';

const PLAIN = 'timer-plain-token';
const ADMIN = 'timer-admin-token';
const C1 = '/companies/1';

const svc = useTestService();
let plain: SecondUser;
let company2: number;
let projectA: number;
let projectB: number;
let foreignProject: number;

/** Stops the service's clock at an instant (UTC). */
const at = (iso: string) => {
  clock.now = () => new Date(iso);
};
const legacy = (path: string) => `${svc.origin}/api${path}`;

async function call(method: string, path: string, body?: unknown, token = OWNER_TOKEN): Promise<ServiceAnswer> {
  return svc.call(method, path, body, { token });
}

/** The time entries of a project, oldest first. */
async function entriesOf(project: number, company = 1, token = OWNER_TOKEN): Promise<any[]> {
  const res = await call(
    'GET',
    `/companies/${company}/times?filter[project_id]=${project}&sort=date,start`,
    undefined,
    token,
  );
  expect(res.status).toBe(200);
  return res.body.data;
}

beforeAll(async () => {
  const db = svc.server.db;
  plain = secondUser(svc, { name: 'Uli User', email: 'uli@example.com', token: PLAIN });
  secondUser(svc, { name: 'Ada Admin', email: 'ada@example.com', role: 'admin', token: ADMIN });
  company2 = addCompany(db, 'Other AG', 1);
  const customer = (await call('POST', `${C1}/customers`, { name: 'Kunde' })).body.data.id;
  projectA = (await call('POST', `${C1}/projects`, { name: 'A', customer_id: customer, hourly_rate: 120 })).body.data
    .id;
  projectB = (await call('POST', `${C1}/projects`, { name: 'B', customer_id: customer, hourly_rate: 90 })).body.data.id;
  const foreignCustomer = (await call('POST', `/companies/${company2}/customers`, { name: 'Fremd' })).body.data.id;
  foreignProject = (
    await call('POST', `/companies/${company2}/projects`, {
      name: 'Fremd',
      customer_id: foreignCustomer,
      hourly_rate: 50,
    })
  ).body.data.id;
});

afterEach(async () => {
  clock.now = () => new Date();
  for (const token of [OWNER_TOKEN, PLAIN, ADMIN]) await call('DELETE', `${C1}/times/timer`, undefined, token);
  await call('DELETE', `/companies/${company2}/times/timer`);
});

afterAll(async () => {
  clock.now = () => new Date();
});

describe('start, read, stop', () => {
  it('without a timer: GET answers { active: false, timer: [] }', async () => {
    const res = await call('GET', `${C1}/times/timer`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ active: false, timer: [] });
  });

  it('starts (200 "Timer started."), shows the timer, and stops into a time entry ending now', async () => {
    at('2025-03-10T07:30:40Z'); // 08:30 in Zurich (CET)
    const started = await call('POST', `${C1}/times/timer`, {
      project_id: projectA,
      billable: true,
      description: 'Support',
    });
    expect(started.status).toBe(200);
    expect(started.body).toBe('Timer started.');
    const shown = await call('GET', `${C1}/times/timer`);
    expect(shown.body).toEqual({
      active: true,
      timer: {
        id: expect.any(Number),
        user_id: 1,
        company_id: 1,
        project_id: projectA,
        billable: true,
        description: 'Support',
        started_at: '2025-03-10T07:30:40.000000Z',
      },
    });
    expect(Object.keys(shown.body.timer)).toEqual([
      'id',
      'user_id',
      'company_id',
      'project_id',
      'billable',
      'description',
      'started_at',
    ]);

    at('2025-03-10T08:47:10Z'); // 09:47
    const stopped = await call('POST', `${C1}/times/timer`, {});
    expect(stopped.status).toBe(200);
    expect(stopped.body).toBe('Time entry saved.');
    expect((await call('GET', `${C1}/times/timer`)).body).toEqual({ active: false, timer: [] });
    const [entry] = await entriesOf(projectA);
    expect(entry).toMatchObject({
      user_id: 1,
      project_id: projectA,
      date: '2025-03-10',
      start: '08:30',
      end: '09:47',
      hours: 1,
      minutes: 17,
      hourly_rate: 120,
      billable: true,
      description: 'Support',
      status: 'open',
      total_value: 154,
      task_id: null,
      invoice_id: null,
    });
  });

  it('stops at a given end with a new description', async () => {
    at('2025-03-11T07:00:00Z'); // 08:00
    await call('POST', `${C1}/times/timer`, { project_id: projectB });
    at('2025-03-11T08:00:00Z');
    const res = await call('POST', `${C1}/times/timer`, { end: '10:15', description: 'Nachbearbeitung' });
    expect(res.body).toBe('Time entry saved.');
    const entry = (await entriesOf(projectB)).find((t) => t.date === '2025-03-11');
    expect(entry).toMatchObject({
      start: '08:00',
      end: '10:15',
      hours: 2,
      minutes: 15,
      billable: false,
      description: 'Nachbearbeitung',
      hourly_rate: 90,
      total_value: 202.5,
    });
  });

  it('dates the entry on the start day in the company time zone, past midnight included', async () => {
    at('2025-03-12T22:30:00Z'); // 23:30 on 12.03 in Zurich
    await call('POST', `${C1}/times/timer`, { project_id: projectB, description: 'Nachtschicht' });
    at('2025-03-13T00:15:00Z'); // 01:15 on 13.03
    expect((await call('POST', `${C1}/times/timer`)).body).toBe('Time entry saved.');
    const night = (await entriesOf(projectB)).find((t) => t.description === 'Nachtschicht');
    expect(night).toMatchObject({ date: '2025-03-12', start: '23:30', end: '01:15', hours: 1, minutes: 45 });

    at('2025-03-13T23:10:00Z'); // 00:10 on 14.03 in Zurich, still 13.03 in UTC
    await call('POST', `${C1}/times/timer`, { project_id: projectB, description: 'Früh' });
    at('2025-03-14T00:40:00Z');
    await call('POST', `${C1}/times/timer`);
    expect((await entriesOf(projectB)).find((t) => t.description === 'Früh')).toMatchObject({
      date: '2025-03-14',
      start: '00:10',
      end: '01:40',
      hours: 1,
      minutes: 30,
    });

    at('2025-07-01T06:00:00Z'); // summer time: 08:00
    await call('POST', `${C1}/times/timer`, { project_id: projectB, description: 'Sommer' });
    at('2025-07-01T06:45:00Z');
    await call('POST', `${C1}/times/timer`);
    expect((await entriesOf(projectB)).find((t) => t.description === 'Sommer')).toMatchObject({
      date: '2025-07-01',
      start: '08:00',
      end: '08:45',
      minutes: 45,
    });
  });

  it("uses each company's own time zone", async () => {
    svc.server.db.prepare("UPDATE companies SET timezone = 'America/New_York' WHERE id = ?").run(company2);
    try {
      at('2025-03-10T03:00:00Z'); // 23:00 on 09.03 in New York
      expect((await call('POST', `/companies/${company2}/times/timer`, { project_id: foreignProject })).body).toBe(
        'Timer started.',
      );
      at('2025-03-10T03:30:00Z');
      expect((await call('POST', `/companies/${company2}/times/timer`)).body).toBe('Time entry saved.');
      const [entry] = await entriesOf(foreignProject, company2);
      expect(entry).toMatchObject({ date: '2025-03-09', start: '23:00', end: '23:30', minutes: 30, hourly_rate: 50 });
    } finally {
      svc.server.db.prepare("UPDATE companies SET timezone = 'Europe/Zurich' WHERE id = ?").run(company2);
    }
  });

  it('caps a timer that ran a day or longer at 23:59', async () => {
    at('2025-03-17T07:30:00Z');
    await call('POST', `${C1}/times/timer`, { project_id: projectB, description: 'vergessen' });
    at('2025-03-19T07:00:00Z');
    await call('POST', `${C1}/times/timer`);
    expect((await entriesOf(projectB)).find((t) => t.description === 'vergessen')).toMatchObject({
      date: '2025-03-17',
      start: '08:30',
      end: '08:00',
      hours: 23,
      minutes: 59,
    });
  });
});

describe('validation', () => {
  it('needs a project of the company to start (422)', async () => {
    expect422(await call('POST', `${C1}/times/timer`, {}), { project_id: ['The project id field is required.'] });
    expect422(await call('POST', `${C1}/times/timer`, { project_id: foreignProject, billable: 'vielleicht' }), {
      project_id: ['The selected project id is invalid.'],
      billable: ['The billable field must be true or false.'],
    });
    expect422(await call('POST', `${C1}/times/timer`, { project_id: 'x', description: 7 }), {
      project_id: ['The project id field must be an integer.'],
      description: ['The description field must be a string.'],
    });
    expect((await call('GET', `${C1}/times/timer`)).body.active).toBe(false);
  });

  it('refuses an end that is not H:i or not after the start; the timer keeps running', async () => {
    at('2025-03-20T08:00:00Z'); // 09:00
    await call('POST', `${C1}/times/timer`, { project_id: projectA });
    at('2025-03-20T09:00:00Z');
    expect422(await call('POST', `${C1}/times/timer`, { end: '9:30' }), {
      end: ['The end field must match the format H:i.'],
    });
    expect422(await call('POST', `${C1}/times/timer`, { end: '08:59' }), {
      end: ['The end field must be a time after start.'],
    });
    expect422(await call('POST', `${C1}/times/timer`, { end: '09:00' }), {
      end: ['The end field must be a time after start.'],
    });
    expect((await call('GET', `${C1}/times/timer`)).body.active).toBe(true);
    expect((await call('POST', `${C1}/times/timer`, { end: '09:01' })).body).toBe('Time entry saved.');
  });
});

describe('description and discard', () => {
  it('PUT /times/timer/description edits the running timer and answers { active, timer }', async () => {
    at('2025-03-21T08:00:00Z');
    await call('POST', `${C1}/times/timer`, { project_id: projectA, description: 'alt' });
    const res = await call('PUT', `${C1}/times/timer/description`, { description: '  neu  ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      active: true,
      timer: expect.objectContaining({
        project_id: projectA,
        description: 'neu',
        started_at: '2025-03-21T08:00:00.000000Z',
      }),
    });
    expect((await call('PUT', `${C1}/times/timer/description`, { description: '' })).body.timer.description).toBeNull();
    expect422(await call('PUT', `${C1}/times/timer/description`, { description: ['x'] }), {
      description: ['The description field must be a string.'],
    });
    await call('PUT', `${C1}/times/timer/description`, { description: 'final' });
    at('2025-03-21T08:30:00Z');
    await call('POST', `${C1}/times/timer`);
    expect((await entriesOf(projectA)).find((t) => t.date === '2025-03-21')).toMatchObject({
      description: 'final',
      minutes: 30,
    });
  });

  it('PUT /times/timer/description without a timer answers 404', async () => {
    const res = await call('PUT', `${C1}/times/timer/description`, { description: 'x' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'No timer is running.' });
  });

  it('DELETE discards the timer without saving (204), and answers 204 without a timer too', async () => {
    at('2025-03-24T08:00:00Z');
    await call('POST', `${C1}/times/timer`, { project_id: projectA, description: 'verworfen' });
    const before = (await entriesOf(projectA)).length;
    const res = await call('DELETE', `${C1}/times/timer`);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect((await call('GET', `${C1}/times/timer`)).body).toEqual({ active: false, timer: [] });
    expect(await entriesOf(projectA)).toHaveLength(before);
    expect((await call('DELETE', `${C1}/times/timer`)).status).toBe(204);
    // the next POST starts again rather than stopping
    expect((await call('POST', `${C1}/times/timer`, { project_id: projectA })).body).toBe('Timer started.');
  });
});

describe('users and companies', () => {
  it('keeps one timer per user and the timers of two users apart', async () => {
    at('2025-03-25T08:00:00Z'); // 09:00
    expect((await call('POST', `${C1}/times/timer`, { project_id: projectA, description: 'Owner' })).body).toBe(
      'Timer started.',
    );
    at('2025-03-25T08:10:00Z'); // 09:10
    expect((await call('POST', `${C1}/times/timer`, { project_id: projectB, description: 'User' }, PLAIN)).body).toBe(
      'Timer started.',
    );
    expect((await call('GET', `${C1}/times/timer`)).body.timer).toMatchObject({
      user_id: 1,
      project_id: projectA,
      description: 'Owner',
    });
    expect((await call('GET', `${C1}/times/timer`, undefined, PLAIN)).body.timer).toMatchObject({
      user_id: plain.id,
      project_id: projectB,
      description: 'User',
    });
    expect((await call('GET', `${C1}/times/timer`, undefined, ADMIN)).body).toEqual({ active: false, timer: [] });

    // the user stops theirs; the owner's keeps running
    at('2025-03-25T09:00:00Z'); // 10:00
    expect((await call('POST', `${C1}/times/timer`, {}, PLAIN)).body).toBe('Time entry saved.');
    expect((await call('GET', `${C1}/times/timer`)).body.active).toBe(true);
    expect((await call('GET', `${C1}/times/timer`, undefined, PLAIN)).body.active).toBe(false);
    // an admin's DELETE discards only the admin's (absent) timer
    expect((await call('DELETE', `${C1}/times/timer`, undefined, ADMIN)).status).toBe(204);
    expect((await call('GET', `${C1}/times/timer`)).body.active).toBe(true);
    at('2025-03-25T09:30:00Z'); // 10:30
    expect((await call('POST', `${C1}/times/timer`)).body).toBe('Time entry saved.');

    const users = (await entriesOf(projectB)).find((t) => t.description === 'User');
    expect(users).toMatchObject({ user_id: plain.id, date: '2025-03-25', start: '09:10', end: '10:00', minutes: 50 });
    const owners = (await entriesOf(projectA)).find((t) => t.description === 'Owner');
    expect(owners).toMatchObject({ user_id: 1, start: '09:00', end: '10:30', hours: 1, minutes: 30 });
    // the saved entry is the user's own: they may edit it
    expect((await call('PUT', `${C1}/times/${users.id}`, { description: 'mein Eintrag' }, PLAIN)).status).toBe(200);
  });

  it('a timer running in another company: 409 on POST, inactive on GET, untouched by DELETE', async () => {
    at('2025-03-26T08:00:00Z');
    expect((await call('POST', `${C1}/times/timer`, { project_id: projectA })).body).toBe('Timer started.');
    const res = await call('POST', `/companies/${company2}/times/timer`, { project_id: foreignProject });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'Your timer is running in another company; stop or discard it there first.' });
    expect((await call('GET', `/companies/${company2}/times/timer`)).body).toEqual({ active: false, timer: [] });
    expect((await call('PUT', `/companies/${company2}/times/timer/description`, { description: 'x' })).status).toBe(
      404,
    );
    expect((await call('DELETE', `/companies/${company2}/times/timer`)).status).toBe(204);
    expect((await call('GET', `${C1}/times/timer`)).body.active).toBe(true);
  });

  it('needs membership of the company (403) and a token (401)', async () => {
    expect(
      (await call('POST', `/companies/${company2}/times/timer`, { project_id: foreignProject }, PLAIN)).status,
    ).toBe(403);
    expect((await svc.call('GET', `${C1}/times/timer`, undefined, { token: null })).status).toBe(401);
  });
});

describe('both path families', () => {
  it('answers the same under /api/companies/{c}/times/timer', async () => {
    at('2025-03-27T08:00:00Z');
    expect((await svc.call('GET', legacy(`${C1}/times/timer`))).body).toEqual({ active: false, timer: [] });
    const started = await svc.call('POST', legacy(`${C1}/times/timer`), { project_id: projectA, description: 'alt' });
    expect(started.status).toBe(200);
    expect(started.body).toBe('Timer started.');
    const v2 = await call('GET', `${C1}/times/timer`);
    expect((await svc.call('GET', legacy(`${C1}/times/timer`))).body).toEqual(v2.body);
    expect(
      (await svc.call('PUT', legacy(`${C1}/times/timer/description`), { description: 'via alt' })).body.timer
        .description,
    ).toBe('via alt');
    at('2025-03-27T08:20:00Z');
    expect((await svc.call('POST', legacy(`${C1}/times/timer`), {})).body).toBe('Time entry saved.');
    expect((await entriesOf(projectA)).find((t) => t.description === 'via alt')).toMatchObject({
      date: '2025-03-27',
      minutes: 20,
    });
    expect((await svc.call('DELETE', legacy(`${C1}/times/timer`))).status).toBe(204);
  });
});
