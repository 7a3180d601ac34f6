// `acct times …` against the embedded service: create with every duration form and start/end, get,
// update under the status rules, delete, the role rules as exit 4, list filters, the week timesheet on a
// hand-checked week, the grouped totals, the CSV import with row errors, bulk update and bulk delete.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { OWNER_TOKEN, secondUser } from '../helpers/service.js';
import { useCliAgainstService } from '../helpers/cli-suite.js';
import { today } from '../../src/cli/resource/body.js';
import { addDays, isoWeekday } from '../../src/cli/shared/calendar.js';
import { closedPort, lines, tsv } from './support.js';

const cli = useCliAgainstService();
const { acct } = cli;
const ANNA = 'anna-user-token';
let annaId: number;
const project: Record<string, number> = {};

const row = (text: string, ...params: unknown[]) =>
  cli.svc.server.db.prepare(text).get(...(params as never[])) as Record<string, any> | undefined;
const rows = (text: string, ...params: unknown[]) =>
  cli.svc.server.db.prepare(text).all(...(params as never[])) as Record<string, any>[];

async function api(method: string, path: string, body?: unknown, token = OWNER_TOKEN): Promise<any> {
  const res = await cli.svc.call(method, `/companies/1${path}`, body, { token });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body;
}

/** acct … -o json, parsed; the command must succeed. */
async function json(args: string[], token?: string): Promise<any> {
  const r = await acct([...args, '-o', 'json'], { token });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

async function entry(body: Record<string, unknown>, token = OWNER_TOKEN): Promise<number> {
  return (await api('POST', '/times', body, token)).data.id;
}

beforeAll(async () => {
  annaId = secondUser(cli.svc, { name: 'Anna Muster', email: 'anna@example.ch', token: ANNA }).id;
  const customer = (await api('POST', '/customers', { name: 'Muster AG' })).data.id;
  const other = (await api('POST', '/customers', { name: 'Beispiel GmbH' })).data.id;
  for (const [name, rate, cust] of [
    ['Website', 120, customer],
    ['Audit', 150, customer],
    ['Support', 90, other],
  ] as const) {
    project[name] = (await api('POST', '/projects', { name, customer_id: cust, hourly_rate: rate })).data.id;
  }
  await api('POST', '/tasks', { title: 'Login-Fehler', project_id: project.Support, due: '2024-03-01' });
});

describe('create', () => {
  test('--duration 1:30 by project name; the table shows the project', async () => {
    const r = await acct([
      'times',
      'create',
      '--project',
      'website',
      '--duration',
      '1:30',
      '--date',
      '2024-03-04',
      '--description',
      'Layout',
      '-o',
      'table',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^DATE +04\.03\.2024$/m);
    expect(r.stdout).toMatch(/^TIME +01:30$/m);
    expect(r.stdout).toMatch(/^PROJECT +Website$/m);
    expect(r.stdout).toMatch(/^RATE +120\.00$/m);
    expect(r.stdout).toMatch(/^VALUE +180\.00$/m);
    expect(r.stdout).toMatch(/^STATUS +open$/m);
  });

  test.each(['1h30m', '1h30', '90m', '1.5h', '1,5h', '01:30'])('--duration %s is 1 hour 30 minutes', async (text) => {
    const e = await json(['times', 'create', '--project', 'Audit', '--duration', text, '--date', '2024-03-05']);
    expect(e).toMatchObject({
      hours: 1,
      minutes: 30,
      readable_time: '01:30',
      project_id: project.Audit,
      date: '2024-03-05',
    });
  });

  test('--start and --end give the duration; --billable and --rate', async () => {
    const e = await json([
      'times',
      'create',
      '--project',
      'Website',
      '--start',
      '8:50',
      '--end',
      '10:15',
      '--date',
      '2024-03-04',
      '--billable',
      '--rate',
      '137.50',
    ]);
    expect(e).toMatchObject({
      start: '08:50',
      end: '10:15',
      hours: 1,
      minutes: 25,
      billable: true,
      hourly_rate: 137.5,
      total_value: 194.79,
      project: { name: 'Website' },
    });
  });

  test('--start with --duration computes the end; --no-billable', async () => {
    const e = await json([
      'times',
      'create',
      '--project',
      'Website',
      '--start',
      '13:00',
      '--duration',
      '45m',
      '--date',
      '2024-03-04',
      '--no-billable',
    ]);
    expect(e).toMatchObject({ start: '13:00', end: '13:45', hours: 0, minutes: 45, billable: false });
  });

  test('without --date the entry is dated today; yesterday and -2d work', async () => {
    expect((await json(['times', 'create', '--project', 'Support', '--duration', '10m'])).date).toBe(today());
    expect(
      (await json(['times', 'create', '--project', 'Support', '--duration', '10m', '--date', 'yesterday'])).date,
    ).toBe(addDays(today(), -1));
    expect((await json(['times', 'create', '--project', 'Support', '--duration', '10m', '--date', '-2d'])).date).toBe(
      addDays(today(), -2),
    );
  });

  test('--task by exact title links the task', async () => {
    const e = await json([
      'times',
      'create',
      '--project',
      'Support',
      '--duration',
      '20m',
      '--date',
      '2024-03-06',
      '--task',
      'login-fehler',
    ]);
    expect(e.task).toMatchObject({ title: 'Login-Fehler' });
    expect(e.task_id).toBe(row("SELECT id FROM tasks WHERE title = 'Login-Fehler'")!.id);
  });

  test('bad durations, times and dates are usage errors before anything is sent', async () => {
    const before = row('SELECT count(*) AS n FROM time_entries')!.n;
    for (const [args, message] of [
      [
        ['--duration', '90'],
        'invalid --duration "90": a unit is missing: write 90h for hours or 90m for minutes (or H:MM)',
      ],
      [['--duration', '1:75'], 'invalid --duration "1:75": the minutes after ":" must be 00 to 59'],
      [['--duration', '24h'], 'a time entry holds at most 23:59'],
      [['--duration', '0:00'], 'a duration must be at least 1 minute'],
      [
        ['--start', '10:00', '--end', '09:00'],
        '--end 09:00 must be after --start 10:00 (an entry cannot cross midnight)',
      ],
      [['--start', '10:00'], '--start needs --end or --duration'],
      [['--start', '25:00', '--end', '26:00'], 'invalid --start "25:00": expected a time of day HH:MM'],
      [['--duration', '1h', '--date', '2024-02-30'], 'invalid --date "2024-02-30"'],
      [['--duration', '1h', '--rate', '12,505'], 'invalid --rate "12,505": at most 2 decimals'],
      [
        ['--duration', '1h', '--rate', 'zwölf'],
        'invalid --rate "zwölf": expected a number like 1000.50, 1\'000.50 or 1000,50',
      ],
      [[], 'missing --duration (1:30, 1h30m, 1h, 90m or 1.5h) or --start with --end'],
    ] as const) {
      const r = await acct(['times', 'create', '--project', 'Website', ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toContain(message);
    }
    expect(row('SELECT count(*) AS n FROM time_entries')!.n).toBe(before);
  });

  test('a missing or unknown project without a terminal: exit 2 listing candidates', async () => {
    let r = await acct(['times', 'create', '--duration', '1h']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('acct: missing project (--project)');
    expect(r.stderr).toContain(
      `candidates: ${project.Website} (Website), ${project.Audit} (Audit), ${project.Support} (Support)`,
    );
    r = await acct(['times', 'create', '--duration', '1h', '--project', 'Web']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no project "Web" (--project)');
    expect(r.stderr).toContain(`candidates: ${project.Website} (Website)`);
  });
});

describe('get, update, delete and the status rules', () => {
  // a fresh open entry for every test, as each one changes its entry
  let id: number;
  beforeEach(async () => {
    id = await entry({ project_id: project.Website, date: '2024-04-01', hours: 1, minutes: 0, description: 'Entwurf' });
  });

  test('get by id (and id:N) embeds project and task', async () => {
    const e = await json(['times', 'get', String(id)]);
    expect(e).toMatchObject({ id, description: 'Entwurf', project: { name: 'Website' }, task: null });
    expect((await json(['times', 'get', `id:${id}`])).id).toBe(id);
    const bad = await acct(['times', 'get', 'Entwurf']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('invalid time entry id "Entwurf": expected a number like 42');
    const missing = await acct(['times', 'get', '999999']);
    expect(missing.code).toBe(5);
    expect(missing.stderr).toContain('Time entry not found.');
  });

  test('update changes only what is given', async () => {
    const e = await json([
      'times',
      'update',
      String(id),
      '--duration',
      '2h15m',
      '--description',
      'Entwurf und Tests',
      '--project',
      'Audit',
    ]);
    expect(e).toMatchObject({
      hours: 2,
      minutes: 15,
      description: 'Entwurf und Tests',
      project_id: project.Audit,
      date: '2024-04-01',
      project: { name: 'Audit' },
    });
    const nothing = await acct(['times', 'update', String(id)]);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('nothing to change');
  });

  test('invoiced: other fields only with --force (exit 4 without); paid: only the status', async () => {
    expect((await json(['times', 'update', String(id), '--status', 'invoiced'])).status).toBe('invoiced');
    let r = await acct(['times', 'update', String(id), '--rate', '99']);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('An invoiced time entry accepts only a status change unless force is true.');
    expect((await json(['times', 'update', String(id), '--rate', '99', '--force'])).hourly_rate).toBe(99);
    expect((await json(['times', 'update', String(id), '--status', 'paid'])).status).toBe('paid');
    r = await acct(['times', 'update', String(id), '--description', 'x', '--force']);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('A paid time entry accepts only a status change.');
    const bad = await acct(['times', 'update', String(id), '--status', 'billed']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("argument 'billed' is invalid");
  });

  test('delete: confirmation needed without a terminal; a paid entry is kept (exit 4); an open one goes', async () => {
    // paid goes by way of invoiced
    for (const status of ['invoiced', 'paid']) await api('PUT', `/times/${id}`, { status });
    let r = await acct(['times', 'delete', String(id)]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('pass --yes');
    r = await acct(['times', 'delete', String(id), '--yes']);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('Invoiced or paid time entries cannot be deleted.');
    const open = await entry({ project_id: project.Website, date: '2024-04-02', hours: 0, minutes: 5 });
    r = await acct(['times', 'delete', String(open), '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`Deleted time entry ${open}.`);
    expect(row('SELECT id FROM time_entries WHERE id = ?', open)).toBeUndefined();
  });
});

describe('roles: a user changes only their own entries', () => {
  test("a user updating or deleting the owner's entry: exit 4; their own entry: fine", async () => {
    const owners = await entry({ project_id: project.Website, date: '2024-04-03', hours: 1, minutes: 0 });
    let r = await acct(['times', 'update', String(owners), '--description', 'Anna war hier'], { token: ANNA });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain(
      "This action is unauthorized: only admins and owners may change other users' time entries.",
    );
    r = await acct(['times', 'delete', String(owners), '--yes'], { token: ANNA });
    expect(r.code).toBe(4);
    expect(row('SELECT description FROM time_entries WHERE id = ?', owners)!.description).toBe('');
    const hers = await json(
      ['times', 'create', '--project', 'Support', '--duration', '30m', '--date', '2024-04-03'],
      ANNA,
    );
    expect(hers.user_id).toBe(annaId);
    expect(
      (await json(['times', 'update', String(hers.id), '--description', 'eigener Eintrag'], ANNA)).description,
    ).toBe('eigener Eintrag');
    // the owner may change anyone's entry
    expect((await json(['times', 'update', String(hers.id), '--billable'])).billable).toBe(true);
  });
});

describe('list', () => {
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    ids.a = await entry({ project_id: project.Website, date: '2024-05-06', hours: 1, minutes: 0, billable: true });
    ids.b = await entry({ project_id: project.Support, date: '2024-05-07', hours: 2, minutes: 0 });
    ids.c = await entry({ project_id: project.Audit, date: '2024-05-08', hours: 0, minutes: 30, billable: true }, ANNA);
    await api('PUT', `/times/${ids.b}`, { status: 'invoiced' });
  });
  const listIds = async (args: string[], token?: string) =>
    tsv(
      (
        await acct(['times', 'list', '--from', '2024-05-01', '--to', '2024-05-31', '--fields', 'id', ...args], {
          token,
        })
      ).stdout,
    )
      .slice(1)
      .map((c) => Number(c[0]));

  test('tsv with the default columns, newest first', async () => {
    const r = await acct(['times', 'list', '--from', '2024-05-01', '--to', '2024-05-31']);
    expect(r.code, r.stderr).toBe(0);
    const t = tsv(r.stdout);
    expect(t[0]).toEqual([
      'id',
      'date',
      'start',
      'end',
      'readable_time',
      'project.name',
      'description',
      'billable',
      'hourly_rate',
      'total_value',
      'status',
    ]);
    expect(t.slice(1).map((c) => [c[0], c[1], c[4], c[5], c[10]])).toEqual([
      [String(ids.c), '2024-05-08', '00:30', 'Audit', 'open'],
      [String(ids.b), '2024-05-07', '02:00', 'Support', 'invoiced'],
      [String(ids.a), '2024-05-06', '01:00', 'Website', 'open'],
    ]);
  });

  test('filters: project, customer, status, billable, user, dates; sort', async () => {
    expect(await listIds(['--project', 'Website'])).toEqual([ids.a]);
    expect(await listIds(['--customer', 'Muster AG'])).toEqual([ids.c, ids.a]);
    expect(await listIds(['--status', 'invoiced'])).toEqual([ids.b]);
    expect(await listIds(['--billable'])).toEqual([ids.c, ids.a]);
    expect(await listIds(['--no-billable'])).toEqual([ids.b]);
    expect(await listIds(['--user', 'me'], ANNA)).toEqual([ids.c]);
    expect(await listIds(['--user', String(annaId)])).toEqual([ids.c]);
    expect(await listIds(['--sort', 'date'])).toEqual([ids.a, ids.b, ids.c]);
    const r = await acct(['times', 'list', '--from', '2024-05-07', '--to', '2024-05-07', '--fields', 'id']);
    expect(tsv(r.stdout).slice(1)).toEqual([[String(ids.b)]]);
  });

  test('--include user makes user.name available; bad flags are usage errors', async () => {
    const r = await acct([
      'times',
      'list',
      '--from',
      '2024-05-08',
      '--to',
      '2024-05-08',
      '--include',
      'user,project',
      '--fields',
      'id,user.name,project.name',
    ]);
    expect(tsv(r.stdout)).toEqual([
      ['id', 'user.name', 'project.name'],
      [String(ids.c), 'Anna Muster', 'Audit'],
    ]);
    for (const [args, message] of [
      [['--from', '2024-05-31', '--to', '2024-05-01'], '--from 2024-05-31 is after --to 2024-05-01'],
      [['--user', 'anna'], 'invalid --user "anna": expected a user id or "me"'],
      [['--week', '2024-W60'], 'invalid --week "2024-W60": 2024 has weeks 1 to 52'],
      [['--week', '--from', '2024-05-01'], '--week sets the days itself'],
      [['--week', '--group-by', 'date'], '--week and --group-by cannot be combined'],
      [['--week', '--limit', '5'], '--limit cannot be combined with --week'],
      [['--fields', 'id,nope'], 'unknown field "nope"'],
      [['--week', '--fields', 'readable_time'], 'unknown field "readable_time"'],
    ] as const) {
      const bad = await acct(['times', 'list', ...args]);
      expect(bad.code, args.join(' ')).toBe(2);
      expect(bad.stderr, args.join(' ')).toContain(message);
    }
  });
});

// 2025-W02 runs from Monday 6 January to Sunday 12 January 2025; no other test uses these dates.
describe('times list --week: the timesheet of a hand-checked week', () => {
  beforeAll(async () => {
    const add = (name: string, date: string, hours: number, minutes: number, token = OWNER_TOKEN) =>
      entry({ project_id: project[name], date, hours, minutes }, token);
    await add('Website', '2025-01-06', 1, 30);
    await add('Website', '2025-01-06', 0, 45);
    await add('Website', '2025-01-08', 2, 0);
    await add('Website', '2025-01-12', 0, 15);
    await add('Audit', '2025-01-07', 3, 20);
    await add('Audit', '2025-01-10', 0, 40);
    await add('Support', '2025-01-11', 1, 5, ANNA);
    // the Sunday before and the Monday after stay out
    await add('Website', '2025-01-05', 5, 0);
    await add('Audit', '2025-01-13', 2, 0);
  });

  test('tsv: one row per project with integer minutes, no totals row to sum twice', async () => {
    const r = await acct(['times', 'list', '--week', '2025-W02']);
    expect(r.code, r.stderr).toBe(0);
    expect(tsv(r.stdout)).toEqual([
      ['project_id', 'project', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun', 'total'],
      [String(project.Audit), 'Audit', '0', '200', '0', '0', '40', '0', '0', '240'],
      [String(project.Support), 'Support', '0', '0', '0', '0', '0', '65', '0', '65'],
      [String(project.Website), 'Website', '135', '0', '120', '0', '0', '0', '15', '270'],
    ]);
  });

  test('table: H:MM, empty days blank, dates in the headers', async () => {
    const r = await acct(['times', 'list', '--week', '2025-w2', '-o', 'table']);
    expect(r.code, r.stderr).toBe(0);
    const out = lines(r.stdout);
    expect(out[0]).toBe('Week 2025-W02: 06.01.2025 – 12.01.2025');
    expect(out[1].split(/ {2,}/)).toEqual([
      'ID',
      'PROJECT',
      'MON 06.01.',
      'TUE 07.01.',
      'WED 08.01.',
      'THU 09.01.',
      'FRI 10.01.',
      'SAT 11.01.',
      'SUN 12.01.',
      'TOTAL',
    ]);
    expect(out[2].trim().split(/ +/)).toEqual([String(project.Audit), 'Audit', '3:20', '0:40', '4:00']);
    expect(out[3].trim().split(/ +/)).toEqual([String(project.Support), 'Support', '1:05', '1:05']);
    expect(out[4].trim().split(/ +/)).toEqual([String(project.Website), 'Website', '2:15', '2:00', '0:15', '4:30']);
    expect(out[5].trim().split(/ +/)).toEqual(['Total', '2:15', '3:20', '2:00', '0:40', '1:05', '0:15', '9:35']);
    // the columns line up: each duration ends under its header
    const end = (line: string, text: string) => line.indexOf(text) + text.length;
    expect(end(out[4], '2:15')).toBe(end(out[1], 'MON 06.01.'));
    expect(end(out[5], '9:35')).toBe(end(out[1], 'TOTAL'));
  });

  test('json: the same rows, projects only (scripts sum them); other filters apply (--user, --project)', async () => {
    const all = await json(['times', 'list', '--week', '2025-W02']);
    expect(all.map((r: any) => r.project)).toEqual(['Audit', 'Support', 'Website']);
    expect(all.reduce((sum: number, r: any) => sum + r.total, 0)).toBe(575);
    const anna = await json(['times', 'list', '--week', '2025-W02', '--user', 'me'], ANNA);
    expect(anna).toEqual([
      {
        project_id: project.Support,
        project: 'Support',
        mon: 0,
        tue: 0,
        wed: 0,
        thu: 0,
        fri: 0,
        sat: 65,
        sun: 0,
        total: 65,
      },
    ]);
    const r = await acct([
      'times',
      'list',
      '--week',
      '2025-W02',
      '--project',
      'Audit',
      '-o',
      'csv',
      '--fields',
      'project,tue,fri,total',
    ]);
    expect(r.stdout).toBe('project,tue,fri,total\r\nAudit,200,40,240\r\n');
  });

  test('--week without a value is the current ISO week', async () => {
    const id = await entry({
      project_id: project.Audit,
      date: today(),
      hours: 0,
      minutes: 7,
      description: 'diese Woche',
    });
    const sheet = await json(['times', 'list', '--week', '--project', 'Audit']);
    const day = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'][isoWeekday(today()) - 1];
    const audit = sheet.find((r: any) => r.project === 'Audit');
    expect(audit[day]).toBeGreaterThanOrEqual(7);
    await api('DELETE', `/times/${id}`);
  });

  test("--group-by project, date and week: the groups for scripts, the service's totals in the table", async () => {
    const range = ['--from', '2025-01-06', '--to', '2025-01-12'];
    let r = await acct([
      'times',
      'list',
      '--group-by',
      'project',
      ...range,
      '--fields',
      'project,count,minutes,total_value',
    ]);
    expect(tsv(r.stdout)).toEqual([
      ['project', 'count', 'minutes', 'total_value'],
      ['Audit', '2', '240', '600'],
      ['Support', '1', '65', '97.5'],
      ['Website', '4', '270', '540'],
    ]);
    r = await acct([
      'times',
      'list',
      '--group-by',
      'date',
      ...range,
      '--sort',
      'date',
      '--fields',
      'date,weekday,minutes',
    ]);
    expect(tsv(r.stdout)).toEqual([
      ['date', 'weekday', 'minutes'],
      ['2025-01-06', 'Monday', '135'],
      ['2025-01-07', 'Tuesday', '200'],
      ['2025-01-08', 'Wednesday', '120'],
      ['2025-01-10', 'Friday', '40'],
      ['2025-01-11', 'Saturday', '65'],
      ['2025-01-12', 'Sunday', '15'],
    ]);
    r = await acct([
      'times',
      'list',
      '--group-by',
      'week',
      '--from',
      '2025-01-05',
      '--to',
      '2025-01-13',
      '--sort',
      'date',
      '--fields',
      'week,mon,tue,sun,minutes',
    ]);
    expect(tsv(r.stdout)).toEqual([
      ['week', 'mon', 'tue', 'sun', 'minutes'],
      ['2025-W01', '0', '0', '300', '300'],
      ['2025-W02', '135', '200', '15', '575'],
      ['2025-W03', '120', '0', '0', '120'],
    ]);
    r = await acct([
      'times',
      'list',
      '--group-by',
      'week',
      '--from',
      '2025-01-05',
      '--to',
      '2025-01-13',
      '-o',
      'table',
    ]);
    expect(r.stdout).toMatch(/^Total +\d/m);
    r = await acct(['times', 'list', '--group-by', 'project', ...range, '-o', 'table']);
    expect(r.stdout).toMatch(/^ +Total +7 +9:35 +0:00 +1'237\.50 +0\.00$/m);
  });
});

describe('import --via-api (the CSV import of the API)', () => {
  const file = (name: string, content: string) => {
    const path = join(cli.box.dataDir, '..', name);
    writeFileSync(path, content);
    return path;
  };

  test('creates the valid rows; skipped rows go to stderr and the command exits 0; --strict exits 3', async () => {
    const csv = file(
      'zeiten.csv',
      `${[
        'date;project_id;hours;minutes;description;hourly_rate;billable;start;end',
        `2024-06-03;${project.Website};1;30;Import eins;;1;;`,
        `03.06.2024;${project.Audit};;;Import zwei;160,50;nein;08:00;09:15`,
        `2024-06-03;;1;0;ohne Projekt;;;;`,
        `2024-06-04;${project.Website};25;0;zu lang;;;;`,
      ].join('\n')}\n`,
    );
    const r = await acct(['times', 'import', csv, '--via-api']);
    expect(r.code, r.stderr).toBe(0);
    expect(tsv(r.stdout)).toEqual([
      ['created', 'failed'],
      ['2', '2'],
    ]);
    expect(r.stderr).toContain('Imported zeiten.csv: 2 created, 2 rows skipped.');
    expect(r.stderr).toContain('  row 4: The project id field is required.');
    expect(r.stderr).toContain('  row 5: The hours field must not be greater than 23.');
    expect(
      rows(
        'SELECT description, hours, minutes, hourly_rate, billable, start FROM time_entries WHERE description ' +
          "LIKE 'Import%' ORDER BY id",
      ),
    ).toEqual([
      { description: 'Import eins', hours: 1, minutes: 30, hourly_rate: 12000, billable: 1, start: null },
      { description: 'Import zwei', hours: 1, minutes: 15, hourly_rate: 16050, billable: 0, start: '08:00' },
    ]);
    const strict = await acct([
      'times',
      'import',
      file('strikt.csv', `date,project_id,hours,minutes\n2024-06-05,${project.Website},0,10\n2024-06-05,999999,0,10\n`),
      '--strict',
      '--json',
      '--via-api',
    ]);
    expect(strict.code).toBe(3);
    expect(JSON.parse(strict.stdout)).toEqual({
      created: 1,
      failed: 1,
      errors: [{ row: 3, message: 'The selected project id is invalid.' }],
    });
    expect(strict.stderr).toContain('1 row was skipped (--strict); the other rows were imported');
  });

  test('a missing, empty or directory file is a usage error before any request; no header columns: 422', async () => {
    const offline = { ACCT_BASE_URL: `http://127.0.0.1:${await closedPort()}/api/v2` };
    let r = await acct(['times', 'import', join(cli.box.dataDir, 'nope.csv'), '--via-api'], { env: offline });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no such file');
    r = await acct(['times', 'import', file('leer.csv', ''), '--via-api'], { env: offline });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is empty');
    const dir = join(cli.box.dataDir, '..', 'ordner.csv');
    mkdirSync(dir, { recursive: true });
    r = await acct(['times', 'import', dir, '--via-api'], { env: offline });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is a directory');
    r = await acct(['times', 'import', '-', '--via-api'], { input: 'datum,projekt\n2024-06-03,1\n' });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('file: The file needs a header row with date and project_id columns.');
  });
});

describe('bulk-update and bulk-delete', () => {
  test('bulk-update changes the open entries and names the skipped ones', async () => {
    const a = await entry({ project_id: project.Website, date: '2024-07-01', hours: 1, minutes: 0 });
    const b = await entry({ project_id: project.Website, date: '2024-07-01', hours: 1, minutes: 0 });
    const locked = await entry({ project_id: project.Website, date: '2024-07-01', hours: 1, minutes: 0 });
    await api('PUT', `/times/${locked}`, { status: 'invoiced' });
    const r = await acct([
      'times',
      'bulk-update',
      String(a),
      `id:${b}`,
      String(locked),
      '--billable',
      '--rate',
      '99.50',
      '--project',
      'Audit',
      '--date',
      '2024-07-02',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`Updated 2 of 3 time entries. Skipped (not open, or not yours): ${locked}`);
    expect(
      rows(
        'SELECT id, billable, hourly_rate, project_id, date FROM time_entries WHERE id IN (?, ?, ?) ORDER BY id',
        a,
        b,
        locked,
      ),
    ).toEqual([
      { id: a, billable: 1, hourly_rate: 9950, project_id: project.Audit, date: '2024-07-02' },
      { id: b, billable: 1, hourly_rate: 9950, project_id: project.Audit, date: '2024-07-02' },
      { id: locked, billable: 0, hourly_rate: 12000, project_id: project.Website, date: '2024-07-01' },
    ]);
    const none = await acct(['times', 'bulk-update', String(a)]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('nothing to change');
    const bad = await acct(['times', 'bulk-update', 'abc', '--billable']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('invalid time entry id "abc"');
  });

  test("a user's bulk-update skips the owner's entries", async () => {
    const owners = await entry({ project_id: project.Website, date: '2024-07-03', hours: 1, minutes: 0 });
    const r = await acct(['times', 'bulk-update', String(owners), '--description', 'fremd'], { token: ANNA });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`Updated 0 of 1 time entry. Skipped (not open, or not yours): ${owners}`);
  });

  test('bulk-delete asks for --yes, then deletes the open entries and keeps invoiced ones', async () => {
    const a = await entry({ project_id: project.Support, date: '2024-07-04', hours: 1, minutes: 0 });
    const b = await entry({ project_id: project.Support, date: '2024-07-04', hours: 1, minutes: 0 });
    const locked = await entry({ project_id: project.Support, date: '2024-07-04', hours: 1, minutes: 0 });
    await api('PUT', `/times/${locked}`, { status: 'invoiced' });
    let r = await acct(['times', 'bulk-delete', String(a), String(b), String(locked)]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `Delete 3 time entries (${a}, ${b}, ${locked}): refusing without confirmation; pass --yes`,
    );
    r = await acct(['times', 'bulk-delete', String(a), String(b), String(locked), '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`Deleted 2 of 3 time entries. Kept (invoiced, paid or not yours): ${locked}`);
    expect(rows('SELECT id FROM time_entries WHERE id IN (?, ?, ?)', a, b, locked)).toEqual([{ id: locked }]);
  });
});

test('help of every verb carries examples', async () => {
  for (const verb of ['list', 'get', 'create', 'update', 'delete', 'import', 'bulk-update', 'bulk-delete']) {
    const r = await acct(['times', verb, '--help']);
    expect(r.code, verb).toBe(0);
    expect(r.stdout, verb).toMatch(new RegExp(`Examples:\\n  \\$ acct times ${verb}`));
  }
  const list = await acct(['times', 'list', '--help']);
  expect(list.stdout).toContain('tsv, csv, json and\nndjson give the same rows with integer minutes');
});
