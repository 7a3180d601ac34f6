// acct server tokens list / revoke and users add --token-expires, against a data directory that a
// running `acct server start` serves: a token revoked by the command, or expired, gets 401 from that
// process on its next request; an unknown token is exit 5, an ambiguous prefix exit 2.
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sandbox, type Sandbox } from '../helpers/cli.js';
import { startServiceProcess, OWNER_TOKEN, type ServiceProcess } from '../helpers/service.js';
import { DATABASE_FILE } from '../../src/server/store/db.js';
import { tsv } from './support.js';

let box: Sandbox;
let data: string;
let server: ServiceProcess;

beforeAll(async () => {
  box = sandbox();
  data = join(box.dataDir, 'books');
  server = await startServiceProcess(data);
});

afterAll(async () => {
  await server?.stop();
  box?.cleanup();
});

const acct = (args: string[]) => box.run(args);
let n = 0;

/** `acct server users add` of a new user of company 1; the id and token it printed. */
async function addUser(extra: string[] = []): Promise<{ id: number; token: string; stderr: string }> {
  n++;
  const r = await acct([
    'server',
    'users',
    'add',
    '--data',
    data,
    '--name',
    `User ${n}`,
    '--email',
    `user${n}@example.ch`,
    '--company',
    '1',
    '--role',
    'user',
    ...extra,
  ]);
  expect(r.code, r.stderr).toBe(0);
  const m = /^(\d+)\t(\S+)\n$/.exec(r.stdout)!;
  return { id: Number(m[1]), token: m[2], stderr: r.stderr };
}

/** GET /users/me at the running server with `token`: the status. */
const me = async (token: string) =>
  (await fetch(`${server.url}/users/me`, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } }))
    .status;

/** `acct server tokens list` as TSV rows keyed by the header. */
async function listed(): Promise<Record<string, string>[]> {
  const r = await acct(['server', 'tokens', 'list', '--data', data, '-o', 'tsv']);
  expect(r.code, r.stderr).toBe(0);
  const [header, ...rows] = tsv(r.stdout);
  return rows.map((row) => Object.fromEntries(header.map((h, i) => [h, row[i]])));
}

describe('acct server tokens list', () => {
  test('a row per token: id, prefix (not the token), user, name, status, created, expires, used, revoked', async () => {
    const u = await addUser();
    expect(await me(u.token)).toBe(200);
    const r = await acct(['server', 'tokens', 'list', '--data', data, '-o', 'tsv']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe(
      'id\tprefix\tuser_id\tuser\tname\tstatus\tcreated_at\texpires_at\tlast_used_at\trevoked_at',
    );
    expect(r.stdout).not.toContain(u.token);
    expect(r.stdout).not.toContain(OWNER_TOKEN);
    const rows = await listed();
    const owner = rows.find((x) => x.user_id === '1')!;
    // the owner's token "test-owner-token": half of it at most
    expect(owner).toMatchObject({
      prefix: 'test-own',
      user: 'owner@localhost',
      status: 'active',
      expires_at: '',
      revoked_at: '',
    });
    const row = rows.find((x) => x.user_id === String(u.id))!;
    expect(row).toMatchObject({
      prefix: u.token.slice(0, 12),
      user: `user${n}@example.ch`,
      name: '',
      status: 'active',
      expires_at: '',
      revoked_at: '',
    });
    expect(row.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    // the running server noted the request
    expect(row.last_used_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const json = await acct(['server', 'tokens', 'list', '--data', data, '--json']);
    const record = JSON.parse(json.stdout).find((x: { user_id: number }) => x.user_id === u.id);
    expect(record).toMatchObject({
      id: Number(row.id),
      prefix: row.prefix,
      status: 'active',
      expires_at: null,
      revoked_at: null,
    });
  });
});

describe('acct server tokens revoke', () => {
  test('by a prefix: the running server answers the token 401 from the next request; list says revoked', async () => {
    const u = await addUser();
    const other = await addUser();
    expect(await me(u.token)).toBe(200);
    const r = await acct(['server', 'tokens', 'revoke', u.token.slice(0, 10), '--data', data, '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      new RegExp(`^Revoked token \\d+ \\(${u.token.slice(0, 12)}…\\) of user${n - 1}@example.ch\\.\\n$`),
    );
    expect(await me(u.token)).toBe(401);
    expect(await me(other.token)).toBe(200);
    expect(await me(OWNER_TOKEN)).toBe(200);
    const row = (await listed()).find((x) => x.user_id === String(u.id))!;
    expect(row.status).toBe('revoked');
    expect(row.revoked_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    // again: nothing to do, said so, exit 0
    const again = await acct(['server', 'tokens', 'revoke', row.id, '--data', data, '--yes']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain(`Token ${row.id} was revoked already`);
  });

  test('by id, and by the whole token', async () => {
    const a = await addUser();
    const b = await addUser();
    const id = (await listed()).find((x) => x.user_id === String(a.id))!.id;
    expect((await acct(['server', 'tokens', 'revoke', id, '--data', data, '--yes'])).code).toBe(0);
    expect(await me(a.token)).toBe(401);
    expect((await acct(['server', 'tokens', 'revoke', b.token, '--data', data, '--yes'])).code).toBe(0);
    expect(await me(b.token)).toBe(401);
  });

  test('an unknown id or prefix: exit 5; an ambiguous prefix: exit 2 naming candidates; nothing revoked', async () => {
    const a = await addUser(['--token', 'deploy-alpha-0001']);
    const b = await addUser(['--token', 'deploy-alpha-0002']);
    const unknownId = await acct(['server', 'tokens', 'revoke', '9999', '--data', data, '--yes']);
    expect(unknownId.code).toBe(5);
    expect(unknownId.stderr).toBe('acct: no token with id 9999\n');
    const unknownPrefix = await acct(['server', 'tokens', 'revoke', 'nope', '--data', data, '--yes']);
    expect(unknownPrefix.code).toBe(5);
    expect(unknownPrefix.stderr).toContain('no token starts with "nope"');
    const ambiguous = await acct(['server', 'tokens', 'revoke', 'deploy', '--data', data, '--yes']);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toMatch(
      new RegExp(
        /^acct: "deploy" is ambiguous: tokens \d+ \(deploy-a, user\d+@example\.ch\), /.source +
          /\d+ \(deploy-a, user\d+@example\.ch\); give more of it, or the id\n$/.source,
      ),
    );
    expect(await me(a.token)).toBe(200);
    expect(await me(b.token)).toBe(200);
  });

  test('without --yes and without a terminal it refuses before revoking (exit 2)', async () => {
    const u = await addUser();
    const r = await acct(['server', 'tokens', 'revoke', u.token.slice(0, 12), '--data', data]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('refusing without confirmation; pass --yes');
    expect(await me(u.token)).toBe(200);
  });
});

describe('acct server users add --token-expires', () => {
  test('a duration: the token expires that long from now; once past, the running server answers 401', async () => {
    const before = Date.now();
    const u = await addUser(['--token-expires', '90d']);
    expect(u.stderr).toMatch(/^The token expires on \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}\.\n$/);
    const row = (await listed()).find((x) => x.user_id === String(u.id))!;
    const expires = Date.parse(row.expires_at);
    expect(expires - before).toBeGreaterThanOrEqual(90 * 86_400_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(90 * 86_400_000);
    expect(await me(u.token)).toBe(200);

    // as if the 90 days had passed: the expiry moved before now behind the running server's back
    const db = new DatabaseSync(join(data, DATABASE_FILE));
    try {
      db.exec('PRAGMA busy_timeout = 5000');
      db.prepare('UPDATE tokens SET expires_at = ? WHERE id = ?').run(
        new Date(Date.now() - 1000).toISOString().replace('Z', '000Z'),
        Number(row.id),
      );
    } finally {
      db.close();
    }
    expect(await me(u.token)).toBe(401);
    expect((await listed()).find((x) => x.user_id === String(u.id))!.status).toBe('expired');
  });

  test('a day: the token stops working when that day begins in Zurich', async () => {
    const u = await addUser(['--token-expires', '2099-07-01']);
    expect(u.stderr).toBe('The token expires on 01.07.2099 00:00.\n');
    expect((await listed()).find((x) => x.user_id === String(u.id))!.expires_at).toBe('2099-06-30T22:00:00.000000Z');
    const winter = await addUser(['--token-expires', '01.01.2099']);
    expect((await listed()).find((x) => x.user_id === String(winter.id))!.expires_at).toBe(
      '2098-12-31T23:00:00.000000Z',
    );
    expect(await me(u.token)).toBe(200);
  });

  test('a day in the past, today, or something else is a usage error; no user is added', async () => {
    const before = (await listed()).length;
    for (const [value, message] of [
      ['2020-01-01', 'invalid --token-expires "2020-01-01": that is in the past'],
      ['today', 'invalid --token-expires "today": that is in the past'],
      ['0d', 'invalid --token-expires "0d": that is in the past'],
      [
        'soon',
        'invalid --token-expires "soon": expected a day (2027-01-01, 01.01.2027, +30d) or a duration (90d, 12w, 24h)',
      ],
      ['90 days', 'expected a day'],
    ]) {
      const r = await acct([
        'server',
        'users',
        'add',
        '--data',
        data,
        '--name',
        'X',
        '--email',
        `x${value.length}@example.ch`,
        '--company',
        '1',
        '--role',
        'user',
        '--token-expires',
        value,
      ]);
      expect(r.code, value).toBe(2);
      expect(r.stderr, value).toContain(message);
      expect(r.stdout).toBe('');
    }
    expect(await listed()).toHaveLength(before);
  });
});
