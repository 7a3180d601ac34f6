// The token never reaches stdout or stderr, whatever the command, format or --debug.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { sandbox, type RunResult } from '../helpers/cli.js';
import { useCliAgainstService } from '../helpers/cli-suite.js';
import { secondUser } from '../helpers/service.js';

const SECRET = 'sEcReT-tOkEn-4f9c1e7a-ZZ';
const WRONG = 'wRoNg-SeCrEt-77b3d901-QQ';

const cli = useCliAgainstService();
const seen: { args: string[]; result: RunResult }[] = [];

/** Runs acct in the logged-in sandbox and records the output for the final sweep. */
async function acct(args: string[], opts: { env?: Record<string, string>; input?: string } = {}): Promise<RunResult> {
  const result = await cli.box.run(args, opts);
  seen.push({ args, result });
  return result;
}

function expectNoSecret(r: RunResult): void {
  for (const secret of [SECRET, WRONG]) {
    expect(r.stdout).not.toContain(secret);
    expect(r.stderr).not.toContain(secret);
  }
  // nor a recognisable part of it
  expect(r.stdout + r.stderr).not.toContain('4f9c1e7a');
  expect(r.stdout + r.stderr).not.toContain('77b3d901');
}

beforeAll(async () => {
  secondUser(cli.svc, { name: 'Geheim', email: 'geheim@example.ch', role: 'admin', token: SECRET });
  const login = await acct(['login', '--with-token', '--base-url', cli.svc.url, '--debug'], { input: `${SECRET}\n` });
  expect(login.code, login.stderr).toBe(0);
  expect(login.stderr).toContain('Authorization: Bearer ***');
  // the token is stored (so the checks below are about a real, saved token)
  expect(readFileSync(join(cli.box.configDir, 'config.json'), 'utf8')).toContain(SECRET);
});

describe('the token never appears in the output', () => {
  test('login --debug', () => {
    const [login] = seen;
    expect(login.args[0]).toBe('login');
    expectNoSecret(login.result);
  });

  test.each([['table'], ['tsv'], ['json'], ['ndjson'], ['csv']])('auth status -o %s', async (format) => {
    const r = await acct(['auth', 'status', '-o', format]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('geheim@example.ch');
    expectNoSecret(r);
  });

  test('auth status --debug with the token from ACCT_TOKEN', async () => {
    const r = await acct(['auth', 'status', '--json', '--debug'], { env: { ACCT_TOKEN: SECRET } });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).token_source).toBe('env');
    expectNoSecret(r);
  });

  test('tags list and create with --debug: the trace shows Authorization: Bearer ***', async () => {
    const create = await acct(['tags', 'create', '--name', 'geheim', '--color', 'gray', '--debug']);
    expect(create.code, create.stderr).toBe(0);
    expect(create.stderr).toContain('> POST ');
    expect(create.stderr).toContain('> {"name":"geheim","color":"gray"}');
    const list = await acct(['tags', 'list', '--debug', '--json']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stderr).toContain('> GET ');
    expect(list.stderr).toMatch(/^> Authorization: Bearer \*\*\*$/m);
    for (const r of [create, list]) expectNoSecret(r);
  });

  test('a 401 with --debug (wrong token from the environment), stack trace included', async () => {
    const r = await acct(['tags', 'list', '--debug'], { env: { ACCT_TOKEN: WRONG } });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('< 401 Unauthorized');
    expect(r.stderr).toContain('ApiError: Unauthenticated.');
    expect(r.stderr).toContain('Authorization: Bearer ***');
    expectNoSecret(r);
  });

  test('a wrong token at login with --debug', async () => {
    const other = sandbox();
    try {
      const r = await other.run(['login', '--with-token', '--base-url', cli.svc.url, '--debug'], { input: WRONG });
      expect(r.code).toBe(4);
      expectNoSecret(r);
    } finally {
      other.cleanup();
    }
  });

  test('acct api with --include and --debug', async () => {
    const r = await acct(['api', 'GET', '/users/me', '--include', '--debug']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('HTTP 200');
    expectNoSecret(r);
  });

  test('config get and config list in every format', async () => {
    const get = await acct(['config', 'get', 'base_url']);
    expect(get.stdout).toBe(`${cli.svc.url}\n`);
    expectNoSecret(get);
    for (const format of ['table', 'tsv', 'json', 'ndjson', 'csv']) {
      const r = await acct(['config', 'list', '-o', format]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain('base_url');
      expectNoSecret(r);
    }
  });

  test('profiles list in every format says only whether a token is set', async () => {
    for (const format of ['table', 'tsv', 'json', 'ndjson', 'csv']) {
      const r = await acct(['profiles', 'list', '-o', format]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/\bset\b/);
      expectNoSecret(r);
    }
    const json = JSON.parse((await acct(['profiles', 'list', '--json'])).stdout);
    expect(json).toEqual([
      { name: 'default', current: true, base_url: cli.svc.url, company: 1, output: null, token: 'set' },
    ]);
  });

  test('the sweep: no recorded run printed the token', async () => {
    // twenty runs of its own, so that the sweep has enough to look at whichever tests ran before it
    const formats = ['table', 'tsv', 'json', 'ndjson', 'csv'];
    await Promise.all(
      [
        ...formats.flatMap((format) => [
          ['auth', 'status', '-o', format],
          ['config', 'list', '-o', format],
          ['profiles', 'list', '-o', format],
        ]),
        ['tags', 'list', '--debug'],
        ['tags', 'colors', '--debug'],
        ['companies', 'list', '--debug'],
        ['auth', 'status', '--debug'],
        ['api', 'GET', '/users/me', '--include', '--debug'],
      ].map((args) => acct(args)),
    );
    expect(seen.length).toBeGreaterThanOrEqual(20);
    for (const { result } of seen) expectNoSecret(result);
  });
});
