// acct server start / users add / companies add|set, and acct completion.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { ACCT_BIN, sandbox, type Sandbox } from '../helpers/cli.js';
import { tsv } from './support.js';

const LISTENING = /^acct server listening on (http:\/\/127\.0\.0\.1:(\d+)\/api\/v2)\n$/;
const LISTENING_ANYWHERE = /^acct server listening on (http:\/\/[^:]+:(\d+)\/api\/v2)\n$/;

interface Started {
  child: ChildProcessWithoutNullStreams;
  url: string;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const children: ChildProcessWithoutNullStreams[] = [];
let box: Sandbox;

beforeAll(() => {
  box = sandbox();
});

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  box?.cleanup();
});

/** Spawns `acct server start …` and resolves once its one stdout line is there (`ready` matches it). */
function startServer(args: string[], ready = LISTENING): Promise<Started> {
  const child = spawn(process.execPath, [ACCT_BIN, 'server', 'start', ...args], {
    env: box.env(),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8').on('data', (d) => {
    err += d;
  });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${err}`)), 15_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${err}`));
    });
    child.stdout.on('data', (d) => {
      out += d;
      const m = ready.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1], stdout: () => out, stderr: () => err, exit });
      }
    });
  });
}

async function get(url: string, token: string): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(url, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

describe.concurrent('acct server start', () => {
  test('a port in use is one clear line (exit 1), not a stack of errors', async () => {
    const taken = createNetServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const r = await box.run(['server', 'start', '--port', String(port), '--data', join(box.dataDir, 'svc-taken')]);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(
        `acct: port ${port} is in use on 127.0.0.1: stop what uses it, or pick another with --port (0 for a free ` +
          `one)\n`,
      );
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
  });

  test('a --host other than loopback warns that the API is served without TLS; loopback does not', async () => {
    const open = await startServer(
      ['--host', '0.0.0.0', '--port', '0', '--data', join(box.dataDir, 'svc-open'), '--token', 'T-open'],
      LISTENING_ANYWHERE,
    );
    open.child.kill('SIGTERM');
    expect((await open.exit).code).toBe(0);
    // read once the process is gone: every line of stderr is in
    expect(open.stderr()).toBe(
      'warning: the API is served on 0.0.0.0 without TLS: tokens and data cross the network readable; put a TLS ' +
        'proxy in front\n',
    );
    const local = await startServer(['--port', '0', '--data', join(box.dataDir, 'svc-local'), '--token', 'T-local']);
    local.child.kill('SIGTERM');
    await local.exit;
    expect(local.stderr()).not.toContain('without TLS');
  });

  test('prints exactly one line when ready, serves with the given token, exits 0 on SIGTERM', async () => {
    const data = join(box.dataDir, 'svc-term');
    const s = await startServer(['--port', '0', '--data', data, '--token', 'T-term', '--rate-limit', 'off']);
    const port = Number(LISTENING.exec(s.stdout())![2]);
    expect(port).toBeGreaterThan(0);

    const me = await get(`${s.url}/users/me`, 'T-term');
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({
      id: 1,
      name: 'Owner',
      companies: [{ id: 1, name: 'Demo AG', role: 'owner' }],
    });
    expect(me.headers.get('x-ratelimit-limit')).toBeNull(); // --rate-limit off
    expect((await get(`${s.url}/users/me`, 'not-T')).status).toBe(401);

    // the CLI talks to it like to any remote
    const env = { ACCT_BASE_URL: s.url, ACCT_TOKEN: 'T-term', ACCT_COMPANY: '1' };
    expect((await box.run(['tags', 'create', '--name', 'served', '--color', 'blue'], { env })).code).toBe(0);
    expect(tsv((await box.run(['tags', 'list', '--fields', 'name'], { env })).stdout)).toEqual([['name'], ['served']]);

    s.child.kill('SIGTERM');
    expect(await s.exit).toEqual({ code: 0, signal: null });
    expect(s.stdout()).toMatch(LISTENING); // still only the one line
    // the given token is not printed; the data survives the restart
    expect(s.stderr()).not.toContain('T-term');
    const again = await startServer(['--port', '0', '--data', data, '--rate-limit', 'off']);
    expect(again.stderr()).not.toContain('Seeded');
    const tags = await get(`${again.url}/companies/1/tags`, 'T-term');
    expect(tags.body.data.map((t: { name: string }) => t.name)).toEqual(['served']);
    again.child.kill('SIGINT');
    expect(await again.exit).toEqual({ code: 0, signal: null });
  });

  test('exits 0 on SIGINT; without --token a random owner token is printed once on stderr and works', async () => {
    const s = await startServer(['--port', '0', '--data', join(box.dataDir, 'svc-int'), '--rate-limit', 'off']);
    const m = /Seeded a new data directory: user 1 \(owner\) with token (\S+)\nThis token is shown once\.\n/.exec(
      s.stderr(),
    );
    expect(m).not.toBeNull();
    expect((await get(`${s.url}/users/me`, m![1])).status).toBe(200);
    s.child.kill('SIGINT');
    expect(await s.exit).toEqual({ code: 0, signal: null });
    expect(s.stdout()).toMatch(LISTENING);
  });

  test('--rate-limit 3 answers 429 to the 4th request of the minute', async () => {
    const s = await startServer([
      '--port',
      '0',
      '--data',
      join(box.dataDir, 'svc-rl'),
      '--token',
      'T-rl',
      '--rate-limit',
      '3',
    ]);
    try {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await get(`${s.url}/users/me`, 'T-rl'));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
      expect(answers.map((a) => a.headers.get('x-ratelimit-remaining'))).toEqual(['2', '1', '0', '0']);
      expect(answers[0].headers.get('x-ratelimit-limit')).toBe('3');
      expect(answers[3].body).toEqual({ message: 'Too Many Attempts.' });
      const retryAfter = Number(answers[3].headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    } finally {
      s.child.kill('SIGTERM');
      expect((await s.exit).code).toBe(0);
    }
  });

  test.each([
    [['--port', 'abc'], 'invalid --port "abc"'],
    [['--port', '70000'], 'invalid --port "70000"'],
    [['--rate-limit', 'many'], 'invalid --rate-limit "many": a number of requests per minute, or off'],
    [['--rate-limit', '0'], 'invalid --rate-limit "0"'],
  ])('%j is a usage error (exit 2)', async (args, message) => {
    const r = await box.run(['server', 'start', '--data', join(box.dataDir, 'never'), ...args]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(message);
  });
});

describe('acct server users add / companies add / companies set', () => {
  // the refusals share one data directory; every other test runs a server on a data directory of its own
  let shared: string;
  let sharedServer: Started;
  const own: Started[] = [];
  const stop = async (s: Started) => {
    s.child.kill('SIGTERM');
    await s.exit;
  };

  /** A server on a fresh data directory (owner token T-admin), stopped after the test. */
  async function ownServer(name: string): Promise<{ data: string; s: Started }> {
    const data = join(box.dataDir, name);
    const s = await startServer(['--port', '0', '--data', data, '--token', 'T-admin', '--rate-limit', 'off']);
    own.push(s);
    return { data, s };
  }

  beforeAll(async () => {
    shared = join(box.dataDir, 'admin');
    sharedServer = await startServer(['--port', '0', '--data', shared, '--token', 'T-admin', '--rate-limit', 'off']);
  });

  afterEach(async () => {
    for (const s of own.splice(0)) await stop(s);
  });

  afterAll(async () => {
    await stop(sharedServer);
  });

  test('users add prints id<TAB>token, and the token works with the role given', async () => {
    const { data, s } = await ownServer('users-add');
    const r = await box.run([
      'server',
      'users',
      'add',
      '--data',
      data,
      '--name',
      'Anna Muster',
      '--email',
      'anna@example.ch',
      '--company',
      '1',
      '--role',
      'user',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const m = /^(\d+)\t(\S+)\n$/.exec(r.stdout);
    expect(m).not.toBeNull();
    expect(Number(m![1])).toBe(2);
    // the running server sees the new user at once
    const me = await get(`${s.url}/users/me`, m![2]);
    expect(me.status).toBe(200);
    expect(me.body.data).toEqual({
      id: 2,
      name: 'Anna Muster',
      email: 'anna@example.ch',
      companies: [{ id: 1, name: 'Demo AG', role: 'user' }],
    });
  });

  test('users add with --token uses that token; bad input is a usage error', async () => {
    const { data, s } = await ownServer('users-token');
    expect(
      (
        await box.run([
          'server',
          'users',
          'add',
          '--data',
          data,
          '--name',
          'Anna Muster',
          '--email',
          'anna@example.ch',
          '--company',
          '1',
          '--role',
          'user',
        ])
      ).code,
    ).toBe(0);
    const ok = await box.run([
      'server',
      'users',
      'add',
      '--data',
      data,
      '--name',
      'Beat',
      '--email',
      'beat@example.ch',
      '--company',
      '1',
      '--role',
      'admin',
      '--token',
      'beat-token',
    ]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toBe('3\tbeat-token\n');
    expect((await get(`${s.url}/users/me`, 'beat-token')).body.data.companies).toEqual([
      { id: 1, name: 'Demo AG', role: 'admin' },
    ]);

    const base = ['server', 'users', 'add', '--data', data, '--name', 'C', '--company', '1'];
    for (const [args, message] of [
      [[...base, '--email', 'c@example.ch', '--role', 'boss'], 'invalid role "boss"'],
      [[...base, '--email', 'anna@example.ch', '--role', 'user'], 'a user with e-mail anna@example.ch already exists'],
      [[...base, '--email', 'not-an-address', '--role', 'user'], 'invalid e-mail address'],
      [
        [
          'server',
          'users',
          'add',
          '--data',
          data,
          '--name',
          'C',
          '--email',
          'c@example.ch',
          '--company',
          '9',
          '--role',
          'user',
        ],
        'company 9 does not exist',
      ],
      [
        ['server', 'users', 'add', '--data', data, '--name', 'C', '--email', 'c@example.ch', '--role', 'user'],
        "required option '--company <id>' not specified",
      ],
      [
        ['server', 'users', 'add', '--data', data, '--name', 'C', '--company', '1', '--role', 'user'],
        "required option '--email <email>' not specified",
      ],
    ] as const) {
      const r = await box.run([...args]);
      expect(r.code, `${args.join(' ')}\n${r.stderr}`).toBe(2);
      expect(r.stderr).toContain(message);
      expect(r.stdout).toBe('');
    }
  });

  test('companies add prints the id; the owner sees the new company', async () => {
    const { data, s } = await ownServer('companies-add');
    const r = await box.run(['server', 'companies', 'add', '--data', data, '--name', 'Muster GmbH', '--owner', '1']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('2\n');
    expect((await get(`${s.url}/users/me`, 'T-admin')).body.data.companies).toEqual([
      { id: 1, name: 'Demo AG', role: 'owner' },
      { id: 2, name: 'Muster GmbH', role: 'owner' },
    ]);
    expect(
      (await box.run(['server', 'companies', 'add', '--data', data, '--name', 'X', '--owner', '99'])).stderr,
    ).toContain('user 99 does not exist');
    expect((await box.run(['server', 'companies', 'add', '--data', data, '--name', 'X', '--owner', 'me'])).code).toBe(
      2,
    );
  });

  test('companies set changes settings (subscription expired → 402) and prints the company as it is now', async () => {
    const { data, s } = await ownServer('companies-set');
    expect(
      (await box.run(['server', 'companies', 'add', '--data', data, '--name', 'Muster GmbH', '--owner', '1'])).stdout,
    ).toBe('2\n');
    const r = await box.run([
      'server',
      'companies',
      'set',
      '2',
      '--data',
      data,
      '--subscription-expired',
      'on',
      '--plan',
      'business',
      '--revenue-cap',
      "100'000.50",
      '-o',
      'json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      id: 2,
      name: 'Muster GmbH',
      plan: 'business',
      subscription_expired: true,
      services_active: true,
      vat_accrual_method_active: false,
      payment_term: 30,
      revenue_cap: '100000.50',
      closed_until: null,
      creditor_name: null,
      creditor_country: 'CH',
      timezone: 'Europe/Zurich',
      vat_number: null,
      vat_method: null,
      vat_basis: 'received',
      vat_period: null,
      vat_net_tax_rates: [],
      reminder_text_one: null,
    });
    // piped: the record's default fields as TSV
    const tsvOut = await box.run(['server', 'companies', 'set', '2', '--data', data, '--creditor-city', 'Zürich']);
    expect(tsvOut.stdout.split('\n')[0].split('\t')).toEqual([
      'id',
      'name',
      'plan',
      'subscription_expired',
      'services_active',
      'vat_accrual_method_active',
      'payment_term',
      'revenue_cap',
      'closed_until',
      'creditor_name',
      'creditor_street',
      'creditor_building',
      'creditor_zip',
      'creditor_city',
      'creditor_country',
      'vat_number',
      'vat_method',
      'vat_basis',
      'vat_period',
    ]);
    expect(tsvOut.stdout).toContain('\tZürich\tCH\t\t\treceived\t\n');
    expect((await get(`${s.url}/companies/2/tags`, 'T-admin')).status).toBe(402);
    expect(
      (await box.run(['server', 'companies', 'set', '2', '--data', data, '--subscription-expired', 'off'])).code,
    ).toBe(0);
    expect((await get(`${s.url}/companies/2/tags`, 'T-admin')).status).toBe(200);
  });

  test('recur creates due copies of recurring invoices once, a line each; a bad --date is a usage error', async () => {
    const { data, s } = await ownServer('recur');
    expect((await box.run(['server', 'companies', 'set', '1', '--data', data, '--plan', 'business'])).code).toBe(0);
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${s.url}/companies/1/${path}`, {
        method: 'POST',
        headers: { Authorization: 'Bearer T-admin', 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBeLessThan(300);
      return res.json() as Promise<any>;
    };
    const customer = (await post('customers', { name: 'Abo AG' })).data.id;
    const template = await post('invoices', {
      customer_id: customer,
      date: '2026-01-31',
      positions: [{ description: 'Hosting', amount: 1, price: 49 }],
      repeat: true,
      repeat_interval: 'monthly',
    });
    const r = await box.run(['server', 'recur', '--data', data, '--date', '2026-03-31']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(new RegExp(`^company 1: R-2026-\\d{3} dated 2026-02-28 from ${template.number}$`));
    expect(lines[1]).toMatch(/dated 2026-03-31 from/);
    const again = await box.run(['server', 'recur', '--data', data, '--date', '2026-03-31']);
    expect([again.code, again.stdout, again.stderr]).toEqual([0, '', 'No recurring invoice is due.\n']);
    expect((await get(`${s.url}/companies/1/invoices`, 'T-admin')).body.meta.total).toBe(3);
    // the dates of every command: 31.03.2026 is the same day, 31.02.2026 none
    const dotted = await box.run(['server', 'recur', '--data', data, '--date', '31.03.2026']);
    expect([dotted.code, dotted.stdout]).toEqual([0, '']);
    const bad = await box.run(['server', 'recur', '--data', data, '--date', '31.02.2026']);
    expect([bad.code, bad.stderr]).toEqual([
      2,
      'acct: invalid --date "31.02.2026": 2026-02 has no day 31; expected YYYY-MM-DD, dd.mm.yyyy, dd.mm.yy, ' +
        'today, yesterday, tomorrow, +3d, -2d, +1w\n',
    ]);
  });

  test.each([
    [['abc', '--plan', 'business'], 'invalid company id "abc"'],
    [['1'], 'nothing to change: give at least one setting flag'],
    [['9', '--plan', 'business'], 'company 9 does not exist'],
    [['1', '--plan', 'gold'], '--plan takes standard or business, not "gold"'],
    [['1', '--subscription-expired', 'yes'], '--subscription-expired takes on or off, not "yes"'],
    [['1', '--payment-term', 'soon'], '--payment-term takes a number of days, not "soon"'],
    [
      ['1', '--revenue-cap', '1.234'],
      'invalid --revenue-cap "1.234": at most 2 decimals (1000.50, 1\'000.50 or 1000,50)',
    ],
    [
      ['1', '--closed-until', '2024-02-30'],
      'invalid --closed-until "2024-02-30": 2024-02 has no day 30; expected YYYY-MM-DD, dd.mm.yyyy, dd.mm.yy, ' +
        'today, yesterday, tomorrow, +3d, -2d, +1w',
    ],
    [['1', '--creditor-country', 'ch'], '--creditor-country takes a two-letter country code like CH'],
    [['1', '--creditor-country', 'CHE'], '--creditor-country is longer than 2 characters'],
    [['1', '--creditor-zip', '12345678901234567'], '--creditor-zip is longer than 16 characters'],
  ])('companies set %j is a usage error (exit 2)', async (args, message) => {
    const r = await box.run(['server', 'companies', 'set', ...args, '--data', shared]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`acct: ${message}\n`);
  });
});

describe.concurrent('acct completion', () => {
  test.each(['bash', 'zsh', 'fish'])('%s prints a script that knows the commands', async (shell) => {
    const r = await box.run(['completion', shell]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('tags');
    expect(r.stdout).toContain('colors');
    expect(r.stdout).toContain('fields');
    if (shell === 'bash') expect(r.stdout).toMatch(/^complete (-o \S+ )*-F _acct acct$/m);
    if (shell === 'zsh') expect(r.stdout).toMatch(/^#compdef acct/);
    if (shell === 'fish') expect(r.stdout).toMatch(/^complete -c acct /m);
  });

  test('an unknown shell is a usage error', async () => {
    expect((await box.run(['completion', 'tcsh'])).code).toBe(2);
  });
});
