// `acct timer …` against the embedded service with two users, each with their own token and timer:
// start (by name; candidates without a terminal), status with its exit codes and --format, describe,
// stop (the saved entry), discard (--yes), and the refusals.
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { OWNER_TOKEN, secondUser } from '../helpers/service.js';
import { useCliAgainstService } from '../helpers/cli-suite.js';
import { timestamp } from '../../src/server/store/db.js';

const cli = useCliAgainstService({ acct: { env: { TZ: 'UTC' } } });
const { acct } = cli;
const ANNA = 'anna-timer-token';
let owner = 1;
let anna: number;
const project: Record<string, number> = {};

// the company's zone, where the service saves the entry; the child's machine runs on UTC (as the one the
// issue came from), and acct still shows Zurich times
const ZONE = 'Europe/Zurich';
const sql = (text: string, ...params: unknown[]) => cli.svc.server.db.prepare(text).run(...(params as never[]));
const row = (text: string, ...params: unknown[]) =>
  cli.svc.server.db.prepare(text).get(...(params as never[])) as Record<string, any> | undefined;

/** HH:MM of an instant on a Zurich clock. */
const zurichTime = (d: Date) =>
  new Intl.DateTimeFormat('de-CH', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);

async function api(method: string, path: string, body?: unknown, token = OWNER_TOKEN): Promise<any> {
  const res = await cli.svc.call(method, `/companies/1${path}`, body, { token });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body;
}

/** Moves a user's running timer back to a known start. */
const startedAt = (user: number, at: Date) =>
  sql('UPDATE timers SET started_at = ? WHERE user_id = ?', timestamp(at), user);
/** Starts a timer through the API for the user of `token`. */
const startTimer = (body: Record<string, unknown>, token = OWNER_TOKEN) => api('POST', '/times/timer', body, token);

/** The owner's timer on Website (with `description`, if given) and Anna's billable one on Audit, "Hotline". */
async function bothRunning(description?: string): Promise<void> {
  await startTimer({ project_id: project.Website, description });
  await startTimer({ project_id: project.Audit, billable: true, description: 'Hotline' }, ANNA);
}

beforeAll(async () => {
  owner = row('SELECT id FROM users ORDER BY id LIMIT 1')!.id;
  anna = secondUser(cli.svc, { name: 'Anna Muster', email: 'anna@example.ch', token: ANNA }).id;
  const customer = (await api('POST', '/customers', { name: 'Muster AG' })).data.id;
  for (const [name, rate] of [
    ['Website', 120],
    ['Audit', 150],
    ['Webshop', 100],
  ] as const) {
    project[name] = (await api('POST', '/projects', { name, customer_id: customer, hourly_rate: rate })).data.id;
  }
});

// every test starts with no timer running and starts the ones it needs
beforeEach(async () => {
  for (const token of [OWNER_TOKEN, ANNA])
    await cli.svc.call('DELETE', '/companies/1/times/timer', undefined, { token });
});

describe('no timer running', () => {
  test('status: exit 1, "No timer running." on stderr, nothing on stdout', async () => {
    const r = await acct(['timer', 'status']);
    expect(r).toEqual({ code: 1, stdout: '', stderr: 'No timer running.\n' });
  });

  test('status --format: exit 1 and nothing at all (for shell prompts)', async () => {
    const r = await acct(['timer', 'status', '--format', '%p %e']);
    expect(r).toEqual({ code: 1, stdout: '', stderr: '' });
  });

  test('status -o json: the API object, exit 1', async () => {
    const r = await acct(['timer', 'status', '-o', 'json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toEqual({ active: false, timer: [] });
  });

  test('stop and describe: exit 5 (nothing to act on); discard: nothing to do, exit 0', async () => {
    let r = await acct(['timer', 'stop']);
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('acct: no timer is running');
    r = await acct(['timer', 'describe', 'x']);
    expect(r.code).toBe(5);
    r = await acct(['timer', 'discard']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('No timer running; nothing to discard.');
  });

  test('start without a project, or an unknown or ambiguous one, without a terminal: exit 2, candidates', async () => {
    let r = await acct(['timer', 'start']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('acct: missing project');
    expect(r.stderr).toContain(
      `candidates: ${project.Website} (Website), ${project.Audit} (Audit), ${project.Webshop} (Webshop)`,
    );
    r = await acct(['timer', 'start', 'Web']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no project "Web"');
    expect(r.stderr).toContain(`candidates: ${project.Website} (Website), ${project.Webshop} (Webshop)`);
    const twin = (
      await api('POST', '/projects', { name: 'Audit', customer_id: row('SELECT id FROM customers LIMIT 1')!.id })
    ).data.id;
    r = await acct(['timer', 'start', 'audit']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`"audit" matches several projects; use id:N`);
    expect(r.stderr).toContain(`candidates: ${project.Audit} (Audit), ${twin} (Audit)`);
    await api('DELETE', `/projects/${twin}`);
    expect(row('SELECT count(*) AS n FROM timers')!.n).toBe(0);
  });

  test('a bad --format or --end is a usage error before any request', async () => {
    let r = await acct(['timer', 'status', '--format', '%p %x']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('invalid --format "%p %x": unknown placeholder %x');
    expect(r.stderr).toContain('placeholders: %p %i %e %s %d %b %%');
    r = await acct(['timer', 'stop', '--end', '25:00']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('invalid --end "25:00"');
  });
});

describe('two users, two independent timers', () => {
  test('the owner starts on Website by name; Anna has none', async () => {
    const r = await acct(['timer', 'start', 'website']);
    expect(r.code, r.stderr).toBe(0);
    // since when on the company's clock, as the saved entry will have it (not the UTC of this machine)
    const started = new Date(row('SELECT started_at FROM timers WHERE user_id = ?', owner)!.started_at);
    expect(r.stdout).toBe(`⏱ Website 0:00 (since ${zurichTime(started)})\n`);
    expect(row('SELECT project_id, billable FROM timers WHERE user_id = ?', owner)).toEqual({
      project_id: project.Website,
      billable: 0,
    });
    const hers = await acct(['timer', 'status'], { token: ANNA });
    expect(hers.code).toBe(1);
  });

  test('a second start is refused (exit 6) and leaves the running timer alone', async () => {
    await startTimer({ project_id: project.Website });
    const entries = row('SELECT count(*) AS n FROM time_entries')!.n;
    const r = await acct(['timer', 'start', 'Audit']);
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/a timer is already running: Website 0:\d\d \(since \d\d:\d\d\)/);
    expect(r.stderr).toContain('stop it with "acct timer stop" or drop it with "acct timer discard"');
    expect(row('SELECT project_id FROM timers WHERE user_id = ?', owner)!.project_id).toBe(project.Website);
    expect(row('SELECT count(*) AS n FROM time_entries')!.n).toBe(entries);
  });

  test('Anna starts her own, billable with a description', async () => {
    await startTimer({ project_id: project.Website });
    const r = await acct(['timer', 'start', 'Audit', '--billable', '--description', 'Hotline'], { token: ANNA });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^⏱ Audit 0:00 \(since \d\d:\d\d\) – Hotline\n$/);
    expect(row('SELECT project_id, billable, description FROM timers WHERE user_id = ?', anna)).toEqual({
      project_id: project.Audit,
      billable: 1,
      description: 'Hotline',
    });
    expect(row('SELECT project_id FROM timers WHERE user_id = ?', owner)!.project_id).toBe(project.Website);
  });

  test('status: elapsed H:MM and the start time, exit 0; --format placeholders', async () => {
    await bothRunning();
    const start = new Date(Date.now() - 83 * 60_000);
    startedAt(anna, start);
    let r = await acct(['timer', 'status'], { token: ANNA });
    expect(r).toEqual({ code: 0, stdout: `⏱ Audit 1:23 (since ${zurichTime(start)}) – Hotline\n`, stderr: '' });
    r = await acct(['timer', 'status', '--format', '%p|%e|%s|%d|%b|%i|100%%'], { token: ANNA });
    expect(r).toEqual({
      code: 0,
      stdout: `Audit|1:23|${zurichTime(start)}|Hotline|billable|${project.Audit}|100%\n`,
      stderr: '',
    });
    r = await acct(['timer', 'status', '--format', '[%p %e%b]']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\[Website 0:0\d\]\n$/);
  });

  test("status -o json: the API object of the caller's timer", async () => {
    await bothRunning();
    const r = await acct(['timer', 'status', '-o', 'json'], { token: ANNA });
    expect(r.code).toBe(0);
    const state = JSON.parse(r.stdout);
    expect(state).toMatchObject({
      active: true,
      timer: { user_id: anna, project_id: project.Audit, billable: true, description: 'Hotline' },
    });
  });

  test("describe changes the description of the caller's timer only", async () => {
    await bothRunning();
    const r = await acct(['timer', 'describe', 'Layout Startseite']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^⏱ Website 0:0\d \(since \d\d:\d\d\) – Layout Startseite\n$/);
    expect(row('SELECT description FROM timers WHERE user_id = ?', anna)!.description).toBe('Hotline');
  });

  test('a timer started on an earlier day shows its date; stop --end saves the entry on the start day', async () => {
    await bothRunning('Layout Startseite');
    // Monday 6 May 2024, 09:12 in Zurich (CEST)
    startedAt(owner, new Date('2024-05-06T07:12:00Z'));
    let r = await acct(['timer', 'status']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^⏱ Website \d+:\d\d \(since 06\.05\. 09:12\) – Layout Startseite\n$/);
    r = await acct(['timer', 'stop', '--end', '10:35', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const saved = JSON.parse(r.stdout);
    expect(saved).toMatchObject({
      date: '2024-05-06',
      start: '09:12',
      end: '10:35',
      hours: 1,
      minutes: 23,
      readable_time: '01:23',
      description: 'Layout Startseite',
      billable: false,
      hourly_rate: 120,
      user_id: owner,
      project: { name: 'Website' },
    });
    expect(r.stderr).toContain(`Saved 1:23 on Website as time entry ${saved.id}.`);
    expect((await acct(['timer', 'status'])).code).toBe(1);
    // Anna's timer runs on
    expect((await acct(['timer', 'status'], { token: ANNA })).code).toBe(0);
  });

  test('stop without --end saves time up to now; --description replaces the text; the table shows it', async () => {
    await bothRunning();
    startedAt(anna, new Date(Date.now() - 30 * 60_000));
    const r = await acct(['timer', 'stop', '--description', 'Hotline Muster AG', '-o', 'table'], { token: ANNA });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^PROJECT +Audit$/m);
    expect(r.stdout).toMatch(/^DESCRIPTION +Hotline Muster AG$/m);
    expect(r.stdout).toMatch(/^TIME +00:3[01]$/m);
    expect(r.stdout).toMatch(/^BILLABLE +yes$/m);
    expect(r.stderr).toMatch(/Saved 0:3[01] on Audit as time entry \d+\./);
    expect(row("SELECT user_id FROM time_entries WHERE description = 'Hotline Muster AG'")!.user_id).toBe(anna);
  });

  test('discard asks for --yes without a terminal, then drops the timer without saving', async () => {
    expect((await acct(['timer', 'start', String(project.Webshop)], { token: ANNA })).code).toBe(0);
    const entries = row('SELECT count(*) AS n FROM time_entries')!.n;
    let r = await acct(['timer', 'discard'], { token: ANNA });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /Discard the timer on Webshop \(0:0\d since \d\d:\d\d, not saved\): refusing without confirmation; pass --yes/,
    );
    expect(row('SELECT count(*) AS n FROM timers WHERE user_id = ?', anna)!.n).toBe(1);
    r = await acct(['timer', 'discard', '--yes'], { token: ANNA });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/Discarded the timer on Webshop; 0:0\d not saved\./);
    expect(row('SELECT count(*) AS n FROM timers WHERE user_id = ?', anna)!.n).toBe(0);
    expect(row('SELECT count(*) AS n FROM time_entries')!.n).toBe(entries);
  });
});

describe('the timer keeps real time', () => {
  const entries = () => Number(row('SELECT count(*) AS n FROM time_entries')!.n);
  /** Minutes after midnight on the Zurich clock now. */
  const zurichMinutes = () => {
    const [h, m] = zurichTime(new Date()).split(':').map(Number);
    return h * 60 + m;
  };

  test('a stop under a minute saves nothing and says so: the timer is discarded', async () => {
    expect((await acct(['timer', 'start', 'Website'])).code).toBe(0);
    const before = entries();
    const r = await acct(['timer', 'stop']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      new RegExp(
        /^Stopped the timer on Website after \d+ s: under a minute, nothing saved /.source +
          /\(the timer is discarded; --keep saves it\)\.\n$/.source,
      ),
    );
    expect(entries()).toBe(before);
    expect(row('SELECT count(*) AS n FROM timers WHERE user_id = ?', owner)!.n).toBe(0);
  });

  test('--keep saves it all the same', async () => {
    expect((await acct(['timer', 'start', 'Website'])).code).toBe(0);
    const r = await acct(['timer', 'stop', '--keep', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ hours: 0, project: { name: 'Website' } });
    expect(row('SELECT count(*) AS n FROM timers WHERE user_id = ?', owner)!.n).toBe(0);
  });

  test('an --end in the future is a usage error (exit 2); nothing is saved and the timer runs on', async () => {
    await startTimer({ project_id: project.Website });
    startedAt(owner, new Date(Date.now() - 10 * 60_000));
    const before = entries();
    const end = zurichTime(new Date(Date.now() + 5 * 60_000));
    const r = await acct(['timer', 'stop', '--end', end]);
    expect(r.code).toBe(2);
    // near midnight the end wraps to before the start, which is refused too
    if (zurichMinutes() < 1430)
      expect(r.stderr).toContain(`acct: --end ${end} is in the future (now ${zurichTime(new Date())})`);
    expect(entries()).toBe(before);
    expect(row('SELECT count(*) AS n FROM timers WHERE user_id = ?', owner)!.n).toBe(1);
  });

  test('an --end before the start is a usage error (exit 2); nothing is saved', async () => {
    await startTimer({ project_id: project.Website });
    const start = new Date(Date.now() - 10 * 60_000);
    startedAt(owner, start);
    const before = entries();
    const end = zurichTime(new Date(start.getTime() - 30 * 60_000));
    const r = await acct(['timer', 'stop', '--end', end]);
    expect(r.code).toBe(2);
    if (zurichMinutes() > 45)
      expect(r.stderr).toContain(`acct: --end ${end} is not after the timer's start ${zurichTime(start)}`);
    expect(entries()).toBe(before);
    expect(row('SELECT count(*) AS n FROM timers WHERE user_id = ?', owner)!.n).toBe(1);
  });
});

test('help of every verb carries examples; status documents its exit codes and placeholders', async () => {
  for (const verb of ['start', 'stop', 'status', 'describe', 'discard']) {
    const r = await acct(['timer', verb, '--help']);
    expect(r.code, verb).toBe(0);
    expect(r.stdout, verb).toMatch(new RegExp(`Examples:\\n  \\$ acct timer ${verb}`));
  }
  const status = await acct(['timer', 'status', '--help']);
  expect(status.stdout).toContain('Exit code: 0 while a timer runs, 1 when none runs');
  for (const p of [
    '%p  project name',
    '%e  elapsed time H:MM',
    '%s  start time HH:MM',
    '%d  description',
    '%b  "billable" when billable',
  ])
    expect(status.stdout).toContain(p);
});
