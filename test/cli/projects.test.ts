// `acct projects …` against the embedded service: every verb, name references (unknown, ambiguous,
// archived duplicates), customer references, --new-customer, and the service's refusals as exit codes.
import { beforeAll, describe, expect, test } from 'vitest';
import { addCompany } from '../../src/server/main.js';
import { timestamp } from '../../src/server/store/db.js';
import { today } from '../../src/cli/resource/body.js';
import { tsv } from './support.js';
import { useCliAgainstService } from '../helpers/cli-suite.js';

const cli = useCliAgainstService();
const { acct } = cli;
let muster: number;
let beispiel: number;

const sql = (text: string, ...params: unknown[]) => cli.svc.server.db.prepare(text).run(...(params as never[]));
const row = (text: string, ...params: unknown[]) =>
  cli.svc.server.db.prepare(text).get(...(params as never[])) as Record<string, any> | undefined;

function insertCustomer(name: string, number: number, company = 1): number {
  return Number(
    sql(
      'INSERT INTO customers (company_id, user_id, name, number, created_at, updated_at) VALUES (?, 1, ?, ?, ?, ?)',
      company,
      name,
      number,
      timestamp(),
      timestamp(),
    ).lastInsertRowid,
  );
}

async function createProject(body: Record<string, unknown>, company = 1): Promise<{ id: number; name: string }> {
  const res = await cli.svc.call('POST', `/companies/${company}/projects`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** A project of Muster AG with an invoiced time entry, which keeps it from being deleted. */
async function invoicedProject(name: string): Promise<{ id: number; name: string }> {
  const p = await createProject({ name, customer_id: muster });
  sql(
    `INSERT INTO time_entries (company_id, user_id, project_id, date, hours, minutes, hourly_rate, status, billable,
      created_at, updated_at)
       VALUES (1, 1, ?, '2025-03-03', 1, 0, 10000, 'invoiced', 1, ?, ?)`,
    p.id,
    timestamp(),
    timestamp(),
  );
  return p;
}

/** acct … -o json, parsed; the command must succeed. */
async function json(args: string[]): Promise<any> {
  const r = await acct([...args, '-o', 'json']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

beforeAll(() => {
  muster = insertCustomer('Muster AG', 1001);
  beispiel = insertCustomer('Beispiel GmbH', 1002);
  insertCustomer('Twin AG', 1003);
  insertCustomer('Twin AG', 1004);
});

describe('create', () => {
  test('--customer by number, with rate, budget, type and dates', async () => {
    const p = await json([
      'projects',
      'create',
      '--name',
      'Website',
      '--customer',
      '1001',
      '--hourly-rate',
      '137.50',
      '--budget',
      '8000',
      '--type',
      'fixedBudget',
      '--start',
      '2025-01-06',
      '--end',
      '2025-06-30',
      '--kanban-status',
      'todo',
      '--notes',
      'relaunch',
    ]);
    expect(p).toMatchObject({
      name: 'Website',
      customer_id: muster,
      hourly_rate: 137.5,
      budget: 8000,
      project_type: 'fixedBudget',
      start_date: '2025-01-06',
      end_date: '2025-06-30',
      kanban_status: 'todo',
      notes: 'relaunch',
      archived: false,
    });
    expect(p.budget_usage.used_string).toBe("0.00 CHF / 8'000.00 CHF (0%)");
  });

  test('--customer by exact name (any case); --start today', async () => {
    const p = await json([
      'projects',
      'create',
      '--name',
      'Support',
      '--customer',
      'beispiel gmbh',
      '--start',
      'today',
    ]);
    expect(p).toMatchObject({
      name: 'Support',
      customer_id: beispiel,
      start_date: today(),
      project_type: 'byHour',
      hourly_rate: 0,
    });
  });

  test('--new-customer creates the customer with the next number', async () => {
    const p = await json([
      'projects',
      'create',
      '--name',
      'Onboarding',
      '--new-customer',
      'Neukunde AG',
      '--type',
      'fixedPrice',
      '--budget',
      '4500',
    ]);
    expect(row('SELECT name, number FROM customers WHERE id = ?', p.customer_id)).toEqual({
      name: 'Neukunde AG',
      number: 1005,
    });
    expect(p).toMatchObject({ project_type: 'fixedPrice', budget: 4500 });
  });

  test('the table shows budget usage and open time compactly', async () => {
    const r = await acct([
      'projects',
      'create',
      '--name',
      'Tabular',
      '--customer',
      '1001',
      '--budget',
      '1234.5',
      '-o',
      'table',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^BUDGET USED +0\.00 CHF \/ 1'234\.50 CHF \(0%\)$/m);
    expect(r.stdout).toMatch(/^BUDGET +1'234\.50$/m);
    expect(r.stdout).toMatch(/^OPEN TIME +00:00$/m);
  });

  test('an unknown customer is a usage error listing similar customers; nothing is sent', async () => {
    const before = row('SELECT count(*) AS n FROM projects')!.n;
    const r = await acct(['projects', 'create', '--name', 'X', '--customer', 'Muster']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no customer "Muster" (--customer)');
    expect(r.stderr).toContain('candidates: 1001 Muster AG');
    expect(row('SELECT count(*) AS n FROM projects')!.n).toBe(before);
  });

  test('an ambiguous customer name lists the candidates', async () => {
    const r = await acct(['projects', 'create', '--name', 'X', '--customer', 'Twin AG']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--customer "Twin AG" matches several customers; use id:N');
    expect(r.stderr).toContain('candidates: 1003 Twin AG, 1004 Twin AG');
  });

  test("the service's 422 comes back as exit 3 with every field", async () => {
    const r = await acct(['projects', 'create', '--name', 'X', '--customer', '1001', '--new-customer', 'Both AG']);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('--customer: The customer id field prohibits new customer name from being present.');
    // neither: the flag that is missing, said before any request (on a terminal it is asked for)
    const none = await acct(['projects', 'create', '--name', 'X']);
    expect(none).toMatchObject({ code: 2, stderr: 'acct: missing required --customer (or --new-customer)\n' });
  });

  test('bad flag values are usage errors before any request', async () => {
    for (const [args, message] of [
      [['--type', 'hourly'], "argument 'hourly' is invalid"],
      [['--budget', '12,505'], 'invalid --budget "12,505": at most 2 decimals'],
      [
        ['--start', '2025-13-01'],
        'invalid --start "2025-13-01": a month is 01 to 12; expected YYYY-MM-DD, dd.mm.yyyy, dd.mm.yy, today, ' +
          'yesterday, tomorrow, +3d, -2d, +1w',
      ],
    ] as const) {
      const r = await acct(['projects', 'create', '--name', 'X', '--customer', '1001', ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain(message);
    }
  });
});

describe('list', () => {
  // a company of its own whose Beispiel GmbH (1002) has exactly Support, List Alpha and the archived List Beta
  let company: number;
  let listed: number;
  let ids: Record<string, number>;
  beforeAll(async () => {
    company = addCompany(cli.svc.server.db, 'Liste AG', 1);
    listed = insertCustomer('Beispiel GmbH', 1002, company);
    await createProject({ name: 'Support', customer_id: listed }, company);
    ids = {
      alpha: (await createProject({ name: 'List Alpha', customer_id: listed, hourly_rate: 100 }, company)).id,
      beta: (await createProject({ name: 'List Beta', customer_id: listed, archived: true }, company)).id,
    };
  });

  test('tsv with the default columns: the customer by name, not its id', async () => {
    const r = await acct(['projects', 'list', '--customer', '1002'], { company });
    expect(r.code, r.stderr).toBe(0);
    const rows = tsv(r.stdout);
    expect(rows[0]).toEqual([
      'id',
      'name',
      'customer.name',
      'project_type',
      'hourly_rate',
      'budget',
      'budget_usage.used_string',
      'open_times.readable',
      'archived',
    ]);
    expect(rows.slice(1).map((c) => c[1])).toEqual(['Support', 'List Alpha', 'List Beta']);
    expect(rows[2]).toEqual([
      String(ids.alpha),
      'List Alpha',
      'Beispiel GmbH',
      'byHour',
      '100',
      '',
      '0.00 CHF / 0.00 CHF (0%)',
      '00:00',
      'false',
    ]);
    expect(
      tsv(
        (await acct(['projects', 'get', 'List Alpha', '--fields', 'customer.name,customer_id'], { company })).stdout,
      )[1],
    ).toEqual(['Beispiel GmbH', String(listed)]);
  });

  test('--archived and --no-archived', async () => {
    const archived = tsv(
      (await acct(['projects', 'list', '--customer', 'Beispiel GmbH', '--archived'], { company })).stdout,
    );
    expect(archived.slice(1).map((c) => c[1])).toEqual(['List Beta']);
    const active = tsv(
      (await acct(['projects', 'list', '--customer', 'Beispiel GmbH', '--no-archived'], { company })).stdout,
    );
    expect(active.slice(1).map((c) => c[1])).toEqual(['Support', 'List Alpha']);
  });

  test('--include customer makes customer.name available', async () => {
    const r = await acct(
      ['projects', 'list', '--customer', '1002', '--include', 'customer', '--fields', 'name,customer.name'],
      { company },
    );
    expect(tsv(r.stdout)).toEqual([
      ['name', 'customer.name'],
      ['Support', 'Beispiel GmbH'],
      ['List Alpha', 'Beispiel GmbH'],
      ['List Beta', 'Beispiel GmbH'],
    ]);
  });
});

describe('get and name references', () => {
  // the one project of that name, found by id and name and offered for a near miss
  let p: { id: number; name: string };
  beforeAll(async () => {
    p = await createProject({ name: 'Unique Name', customer_id: muster });
  });

  test('by id and by exact name, any case', async () => {
    expect((await json(['projects', 'get', String(p.id)])).name).toBe('Unique Name');
    expect((await json(['projects', 'get', 'unique name'])).id).toBe(p.id);
  });

  test('an archived project of the same name loses to the active one', async () => {
    const old = await createProject({ name: 'Relaunch', customer_id: muster, archived: true });
    const current = await createProject({ name: 'Relaunch', customer_id: muster });
    expect((await json(['projects', 'get', 'Relaunch'])).id).toBe(current.id);
    expect((await json(['projects', 'get', `id:${old.id}`])).archived).toBe(true);
  });

  test('two active projects of one name: exit 2 listing both', async () => {
    const a = await createProject({ name: 'Twice', customer_id: muster });
    const b = await createProject({ name: 'Twice', customer_id: beispiel });
    const r = await acct(['projects', 'get', 'Twice']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('"Twice" matches several projects; use id:N');
    expect(r.stderr).toContain(`candidates: ${a.id} (Twice), ${b.id} (Twice)`);
  });

  test('an unknown name: exit 2 with similar names; an unknown id: exit 5', async () => {
    const r = await acct(['projects', 'get', 'Uniq']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no project "Uniq"');
    expect(r.stderr).toMatch(/candidates: \d+ \(Unique Name\)/);
    const missing = await acct(['projects', 'get', '999999']);
    expect(missing.code).toBe(5);
    expect(missing.stderr).toContain('Project not found.');
  });
});

describe('update', () => {
  test('by name: only the flags given change', async () => {
    await createProject({ name: 'Editable', customer_id: muster, hourly_rate: 90, start_date: '2025-02-01' });
    const p = await json([
      'projects',
      'update',
      'Editable',
      '--end',
      '2025-02-28',
      '--customer',
      'Beispiel GmbH',
      '--type',
      'fixedPrice',
      '--no-archived',
    ]);
    expect(p).toMatchObject({
      name: 'Editable',
      hourly_rate: 90,
      start_date: '2025-02-01',
      end_date: '2025-02-28',
      customer_id: beispiel,
      project_type: 'fixedPrice',
      archived: false,
    });
    expect((await json(['projects', 'update', 'Editable', '--archived'])).archived).toBe(true);
  });

  test('an end before the start: exit 3 naming end_date', async () => {
    await createProject({ name: 'Editable Ende', customer_id: muster, start_date: '2025-02-01' });
    const r = await acct(['projects', 'update', 'Editable Ende', '--end', '2025-01-31']);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('acct: --end: The end date field must be a date after or equal to start date.');
  });

  test('--new-customer is refused on update; no flags at all is a usage error', async () => {
    await createProject({ name: 'Editable Kunde', customer_id: muster });
    const r = await acct(['projects', 'update', 'Editable Kunde', '--new-customer', 'Other AG']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--new-customer works only with create');
    const empty = await acct(['projects', 'update', 'Editable Kunde']);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('nothing to change');
  });
});

describe('delete, archive, unarchive, bulk-delete', () => {
  test('delete by name with --yes; without it nothing happens', async () => {
    const p = await createProject({ name: 'Short-lived', customer_id: muster });
    const refused = await acct(['projects', 'delete', 'Short-lived']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('pass --yes');
    const r = await acct(['projects', 'delete', 'Short-lived', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`Deleted project ${p.id}.`);
    expect(row('SELECT id FROM projects WHERE id = ?', p.id)).toBeUndefined();
  });

  test('a project with invoiced time is kept: exit 6 with the advice to archive', async () => {
    const p = await invoicedProject('Invoiced kept');
    const r = await acct(['projects', 'delete', String(p.id), '--yes']);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('The project has invoiced time entries and cannot be deleted. Archive it instead.');
  });

  test('archive and unarchive take ids and names', async () => {
    const a = await createProject({ name: 'Arch A', customer_id: muster });
    const b = await createProject({ name: 'Arch B', customer_id: muster });
    const r = await acct(['projects', 'archive', 'Arch A', String(b.id)]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Archived 2 projects.');
    expect([
      row('SELECT archived FROM projects WHERE id = ?', a.id)!.archived,
      row('SELECT archived FROM projects WHERE id = ?', b.id)!.archived,
    ]).toEqual([1, 1]);
    const u = await acct(['projects', 'unarchive', `id:${a.id}`]);
    expect(u.code, u.stderr).toBe(0);
    expect(u.stderr).toContain('Unarchived 1 project.');
    expect(row('SELECT archived FROM projects WHERE id = ?', a.id)!.archived).toBe(0);
  });

  test('bulk-delete deletes what it may and names the projects it kept', async () => {
    const gone = await createProject({ name: 'Bulk gone', customer_id: muster });
    await invoicedProject('Invoiced work');
    const r = await acct(['projects', 'bulk-delete', 'Bulk gone', 'Invoiced work', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Deleted 1 of 2 projects.');
    expect(r.stderr).toMatch(/Kept \(invoiced time; archive instead\): \d+ Invoiced work\n/);
    expect(row('SELECT id FROM projects WHERE id = ?', gone.id)).toBeUndefined();
    expect(row("SELECT id FROM projects WHERE name = 'Invoiced work'")).toBeDefined();
  });

  test('bulk-delete: unknown id stops before deleting; no --yes refuses', async () => {
    const p = await createProject({ name: 'Survivor', customer_id: muster });
    const r = await acct(['projects', 'bulk-delete', String(p.id), '999999', '--yes']);
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('no project with id 999999');
    expect(row('SELECT id FROM projects WHERE id = ?', p.id)).toBeDefined();
    const refused = await acct(['projects', 'bulk-delete', String(p.id)]);
    expect(refused.code).toBe(2);
    expect(row('SELECT id FROM projects WHERE id = ?', p.id)).toBeDefined();
  });
});

test('help of every verb carries examples', async () => {
  for (const verb of ['list', 'get', 'create', 'update', 'delete', 'archive', 'unarchive', 'bulk-delete']) {
    const r = await acct(['projects', verb, '--help']);
    expect(r.code, verb).toBe(0);
    expect(r.stdout, verb).toMatch(new RegExp(`Examples:\\n  \\$ acct projects ${verb}`));
  }
});
