// `acct tasks …` against the embedded service: create with relative due dates and planned hours, list
// with its filters, get and update by title, start and done, delete, and the usage errors.
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { addCompany } from '../../src/server/main.js';
import { today } from '../../src/cli/resource/body.js';
import { addDays } from '../../src/cli/shared/calendar.js';
import { tsv } from './support.js';
import { useCliAgainstService } from '../helpers/cli-suite.js';

const cli = useCliAgainstService();
const { acct } = cli;
const project: Record<string, number> = {};

const row = (text: string, ...params: unknown[]) =>
  cli.svc.server.db.prepare(text).get(...(params as never[])) as Record<string, any> | undefined;

async function api(method: string, path: string, body?: unknown, company = 1): Promise<any> {
  const res = await cli.svc.call(method, `/companies/${company}${path}`, body);
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body;
}

async function json(args: string[], company = 1): Promise<any> {
  const r = await acct([...args, '-o', 'json'], { company });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

/** The customer Muster AG with the projects Website and Support; answers the projects' ids by name. */
async function projects(company: number): Promise<Record<string, number>> {
  const customer = (await api('POST', '/customers', { name: 'Muster AG' }, company)).data.id;
  const ids: Record<string, number> = {};
  for (const name of ['Website', 'Support'])
    ids[name] = (await api('POST', '/projects', { name, customer_id: customer }, company)).data.id;
  return ids;
}

beforeAll(async () => {
  Object.assign(project, await projects(1));
});

describe('create', () => {
  test('with project by name, a date, planned hours and a description', async () => {
    const t = await json([
      'tasks',
      'create',
      '--title',
      'Startseite entwerfen',
      '--project',
      'Website',
      '--due',
      '2025-02-14',
      '--planned-hours',
      '2.5',
      '--description',
      'mit Bildern',
    ]);
    expect(t).toMatchObject({
      title: 'Startseite entwerfen',
      project_id: project.Website,
      due: '2025-02-14',
      planned_hours: 2.5,
      description: 'mit Bildern',
      status: 'open',
    });
    expect(t.formatted).toMatchObject({ due: '14.02.2025', is_done: false });
  });

  test('create and update print the task as get does: the project by name', async () => {
    const created = await acct([
      'tasks',
      'create',
      '--title',
      'Mit Projekt',
      '--project',
      'Website',
      '--due',
      'today',
      '--fields',
      'title,project.name',
    ]);
    expect(created.stdout).toBe('title\tproject.name\nMit Projekt\tWebsite\n');
    const id = tsv((await acct(['tasks', 'list', '--fields', 'id,title'])).stdout).find(
      (r) => r[1] === 'Mit Projekt',
    )![0];
    const updated = await acct(['tasks', 'update', id, '--planned-hours', '1', '--fields', 'title,project.name']);
    expect(updated.stdout).toBe('title\tproject.name\nMit Projekt\tWebsite\n');
  });

  test.each([
    ['today', 0],
    ['tomorrow', 1],
    ['+3d', 3],
    ['+2w', 14],
    ['-1d', -1],
  ])('--due %s', async (due, days) => {
    const t = await json(['tasks', 'create', '--title', `Fällig ${due}`, '--project', 'Support', '--due', due]);
    expect(t.due).toBe(addDays(today(), days));
  });

  test('the table shows the project, the relative due date and the tracked time', async () => {
    const r = await acct([
      'tasks',
      'create',
      '--title',
      'Tabelle',
      '--project',
      'Website',
      '--due',
      'tomorrow',
      '--status',
      'in-progress',
      '-o',
      'table',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^STATUS +in-progress$/m);
    expect(r.stdout).toMatch(/^DUE IN +tomorrow$/m);
    expect(r.stdout).toMatch(/^TRACKED +00:00$/m);
  });

  test('usage errors before anything is sent', async () => {
    const before = row('SELECT count(*) AS n FROM tasks')!.n;
    for (const [args, message] of [
      [['--project', 'Website', '--due', 'today'], 'missing required --title'],
      [['--title', 'X', '--due', 'today'], 'missing required --project'],
      [['--title', 'X', '--project', 'Website'], 'missing required --due'],
      [
        ['--title', 'X', '--project', 'Website', '--due', 'next week'],
        'invalid --due "next week": expected YYYY-MM-DD, dd.mm.yyyy, dd.mm.yy, today, tomorrow, +3d, +2w',
      ],
      [['--title', 'X', '--project', 'Website', '--due', '2025-02-30'], 'invalid --due "2025-02-30"'],
      [
        ['--title', 'X', '--project', 'Website', '--due', 'today', '--planned-hours', '2,555'],
        'invalid --planned-hours "2,555": at most 2 decimals',
      ],
      [['--title', 'X', '--project', 'Website', '--due', 'today', '--status', 'doing'], "argument 'doing' is invalid"],
      [['--title', 'X', '--project', 'Nirgends', '--due', 'today'], 'no project "Nirgends" (--project)'],
    ] as const) {
      const r = await acct(['tasks', 'create', ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toContain(message);
    }
    expect(row('SELECT count(*) AS n FROM tasks')!.n).toBe(before);
  });

  test("a negative planned time is the service's 422 (exit 3)", async () => {
    const r = await acct([
      'tasks',
      'create',
      '--title',
      'X',
      '--project',
      'Website',
      '--due',
      'today',
      '--planned-hours',
      '-1',
    ]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('--planned-hours:');
  });
});

describe('list, get, update, start, done, delete', () => {
  // every test gets a company of its own with the task 'Offerte nachfassen' on Support, 1:15 tracked
  let company: number;
  let own: Record<string, number>;
  let id: number;
  beforeEach(async () => {
    company = addCompany(cli.svc.server.db, 'Aufgaben AG', 1);
    own = await projects(company);
    id = (
      await api(
        'POST',
        '/tasks',
        { title: 'Offerte nachfassen', project_id: own.Support, due: '2025-03-03', planned_hours: 1 },
        company,
      )
    ).data.id;
    await api(
      'POST',
      '/times',
      { project_id: own.Support, task_id: id, date: '2025-03-03', hours: 1, minutes: 15 },
      company,
    );
  });

  test('list: tsv with the project name; --status and --project filter', async () => {
    // the one task in progress
    await api(
      'POST',
      '/tasks',
      { title: 'Tabelle', project_id: own.Website, due: '2025-03-04', status: 'in-progress' },
      company,
    );
    const r = await acct(
      [
        'tasks',
        'list',
        '--all',
        '--fields',
        'id,title,project.name,status,due,planned_hours,total_time_tracked',
        '--project',
        'Support',
        '--status',
        'open',
      ],
      { company },
    );
    expect(r.code, r.stderr).toBe(0);
    const rows = tsv(r.stdout);
    expect(rows[0]).toEqual(['id', 'title', 'project.name', 'status', 'due', 'planned_hours', 'total_time_tracked']);
    expect(rows).toContainEqual([String(id), 'Offerte nachfassen', 'Support', 'open', '2025-03-03', '1', '01:15']);
    expect(rows.slice(1).every((c) => c[2] === 'Support' && c[3] === 'open')).toBe(true);
    const progress = tsv(
      (await acct(['tasks', 'list', '--status', 'in-progress', '--fields', 'title'], { company })).stdout,
    );
    expect(progress).toEqual([['title'], ['Tabelle']]);
  });

  test('get by id and by exact title (any case); unknown title: exit 2', async () => {
    expect((await json(['tasks', 'get', String(id)], company)).project).toMatchObject({ name: 'Support' });
    expect((await json(['tasks', 'get', 'offerte nachfassen'], company)).id).toBe(id);
    const r = await acct(['tasks', 'get', 'Offerte'], { company });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no task "Offerte"');
    expect(r.stderr).toContain(`candidates: ${id} (Offerte nachfassen)`);
  });

  test('update by title: only what is given; --due +1w', async () => {
    const t = await json(
      ['tasks', 'update', 'Offerte nachfassen', '--due', '+1w', '--planned-hours', '0.75', '--project', 'Website'],
      company,
    );
    expect(t).toMatchObject({
      id,
      title: 'Offerte nachfassen',
      due: addDays(today(), 7),
      planned_hours: 0.75,
      project_id: own.Website,
      status: 'open',
    });
  });

  test('start sets in-progress, done sets done (the table shows it)', async () => {
    expect((await json(['tasks', 'start', String(id)], company)).status).toBe('in-progress');
    expect(row('SELECT status FROM tasks WHERE id = ?', id)!.status).toBe('in-progress');
    const r = await acct(['tasks', 'done', 'Offerte nachfassen', '-o', 'table'], { company });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^STATUS +done$/m);
    expect(r.stdout).toMatch(/^PROJECT +Support$/m);
    expect(row('SELECT status FROM tasks WHERE id = ?', id)!.status).toBe('done');
    const missing = await acct(['tasks', 'done', '999999'], { company });
    expect(missing.code).toBe(5);
    expect(missing.stderr).toContain('Task not found.');
  });

  test('delete needs --yes without a terminal', async () => {
    let r = await acct(['tasks', 'delete', String(id)], { company });
    expect(r.code).toBe(2);
    r = await acct(['tasks', 'delete', 'Offerte nachfassen', '--yes'], { company });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`Deleted task ${id}.`);
    expect(row('SELECT id FROM tasks WHERE id = ?', id)).toBeUndefined();
  });
});

test('help of every verb carries examples', async () => {
  for (const verb of ['list', 'get', 'create', 'update', 'delete', 'start', 'done']) {
    const r = await acct(['tasks', verb, '--help']);
    expect(r.code, verb).toBe(0);
    expect(r.stdout, verb).toMatch(new RegExp(`Examples:\\n  \\$ acct tasks ${verb}`));
  }
});
