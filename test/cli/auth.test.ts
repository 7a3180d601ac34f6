// Signing in and out, profiles, settings and the default company: the built binary against the service.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sandbox, type Sandbox } from '../helpers/cli.js';
import { OWNER_TOKEN, secondTenant, startTestService, type TestService } from '../helpers/service.js';
import { readProfiles, tsv } from './support.js';

let svc: TestService;
const boxes: Sandbox[] = [];
const TWO_TOKEN = 'two-companies-token';

function box(): Sandbox {
  const b = sandbox();
  boxes.push(b);
  return b;
}

/** A sandbox logged in with `token` (profile "default" unless `name`). */
async function loggedIn(token = OWNER_TOKEN, name?: string, b: Sandbox = box()): Promise<Sandbox> {
  const r = await b.run(['login', '--with-token', '--base-url', svc.url, ...(name ? ['--name', name] : [])], {
    input: `${token}\n`,
  });
  expect(r.code, r.stderr).toBe(0);
  return b;
}

beforeAll(async () => {
  svc = await startTestService();
  // user 2: member of company 1 (role user) and owner of company 2
  expect(
    secondTenant(svc, { name: 'Zwei Firmen', email: 'zwei@example.ch', token: TWO_TOKEN, company: 'Zweite AG' })
      .company,
  ).toBe(2);
});

afterAll(async () => {
  for (const b of boxes) b.cleanup();
  await svc?.close();
});

describe.concurrent('acct login --with-token', () => {
  test('saves profile "default", makes it current and picks the only company', async () => {
    const b = box();
    const r = await b.run(['login', '--with-token', '--base-url', svc.url], { input: `${OWNER_TOKEN}\n` });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('Logged in to');
    expect(r.stderr).toContain('as Owner <owner@localhost>');
    expect(r.stderr).toContain('profile "default" is now current, company 1');
    expect(readProfiles(b)).toEqual({
      current: 'default',
      profiles: { default: { baseUrl: svc.url, token: OWNER_TOKEN, company: 1 } },
    });
  });

  test('config file 0600 and config dir 0700 after login', async () => {
    const b = await loggedIn();
    expect(statSync(b.configDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(b.configDir, 'config.json')).mode & 0o777).toBe(0o600);
  });

  test('a user with two companies and no TTY gets the first company plus a notice', async () => {
    const b = box();
    const r = await b.run(['login', '--with-token', '--base-url', svc.url], { input: TWO_TOKEN });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Default company set to 1 (Demo AG); change it with "acct use <company>".');
    expect(readProfiles(b).profiles.default.company).toBe(1);
  });

  test('--company picks another company at login; a foreign one is a usage error and saves nothing', async () => {
    const b = box();
    const ok = await b.run(['login', '--with-token', '--base-url', svc.url, '--company', '2'], { input: TWO_TOKEN });
    expect(ok.code, ok.stderr).toBe(0);
    expect(readProfiles(b).profiles.default.company).toBe(2);

    const b2 = box();
    const bad = await b2.run(['login', '--with-token', '--base-url', svc.url, '--company', '2'], {
      input: OWNER_TOKEN,
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('you are not a member of company 2');
    expect(bad.stderr).toContain('companies: 1 (Demo AG)');
    expect(existsSync(join(b2.configDir, 'config.json'))).toBe(false);
  });

  test('--name saves under another profile name', async () => {
    const b = await loggedIn(OWNER_TOKEN, 'work');
    const saved = readProfiles(b);
    expect(saved.current).toBe('work');
    expect(Object.keys(saved.profiles)).toEqual(['work']);
  });

  test('a wrong token exits 4 and saves nothing', async () => {
    const b = box();
    const r = await b.run(['login', '--with-token', '--base-url', svc.url], { input: 'not-a-valid-token\n' });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/^acct: Unauthenticated\.\n/);
    expect(r.stderr).toContain('acct login');
    expect(existsSync(join(b.configDir, 'config.json'))).toBe(false);
  });

  test('an empty token is a usage error', async () => {
    const b = box();
    const r = await b.run(['login', '--with-token', '--base-url', svc.url], { input: '\n' });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('acct: the token is empty\n');
    expect(existsSync(join(b.configDir, 'config.json'))).toBe(false);
  });

  test('plain http to a non-loopback host is rejected (exit 2) before any request', async () => {
    const b = box();
    const r = await b.run(['login', '--with-token', '--base-url', 'http://example.com/api/v2'], { input: OWNER_TOKEN });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('plain http is only allowed for loopback hosts');
    expect(existsSync(join(b.configDir, 'config.json'))).toBe(false);

    const env = await b.run(['tags', 'list'], {
      env: { ACCT_BASE_URL: 'http://10.1.2.3/api/v2', ACCT_TOKEN: OWNER_TOKEN },
    });
    expect(env.code).toBe(2);
    expect(env.stderr).toContain('(from ACCT_BASE_URL): plain http is only allowed for loopback hosts');
  });
});

describe.concurrent('acct auth status', () => {
  test('json shows mode, user, base URL and token source, never the token', async () => {
    const b = await loggedIn();
    const r = await b.run(['auth', 'status', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      mode: 'remote',
      ledger: null,
      profile: 'default',
      base_url: svc.url,
      base_url_source: 'profile',
      token_source: 'profile',
      user: 'Owner',
      email: 'owner@localhost',
      company: 1,
      company_source: 'profile',
      companies: '1 Demo AG (owner)',
    });
    expect(r.stdout + r.stderr).not.toContain(OWNER_TOKEN);
  });

  test('the token source is env when ACCT_TOKEN is set', async () => {
    const b = await loggedIn(TWO_TOKEN);
    const r = await b.run(['auth', 'status', '--json'], { env: { ACCT_TOKEN: OWNER_TOKEN } });
    expect(r.code, r.stderr).toBe(0);
    const status = JSON.parse(r.stdout);
    expect(status.token_source).toBe('env');
    expect(status.user).toBe('Owner');
    expect(r.stdout).not.toContain(OWNER_TOKEN);
    expect(r.stdout).not.toContain(TWO_TOKEN);
  });
});

describe.concurrent('acct logout', () => {
  test('removes the profile and its token; acct is back in local mode', async () => {
    const b = await loggedIn();
    const r = await b.run(['logout']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('Logged out: profile "default" and its token are removed.\n');
    const saved = readProfiles(b);
    expect(saved.profiles).toEqual({});
    expect(saved.current).toBeUndefined();
    const status = await b.run(['auth', 'status', '--json']);
    expect(status.code, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ mode: 'local', profile: null, token_source: 'local' });
    expect(await b.run(['logout'])).toMatchObject({
      code: 2,
      stderr: 'acct: not logged in: there is no current profile\n',
    });
  });
});

describe.concurrent('acct profiles', () => {
  test('list, use and remove (remove needs --yes without a TTY)', async () => {
    const b = await loggedIn(OWNER_TOKEN, 'work');
    await loggedIn(TWO_TOKEN, 'home', b);

    const list = await b.run(['profiles', 'list']);
    expect(list.code, list.stderr).toBe(0);
    expect(tsv(list.stdout)).toEqual([
      ['name', 'current', 'base_url', 'company', 'output', 'token'],
      ['home', 'true', svc.url, '1', '', 'set'],
      ['work', 'false', svc.url, '1', '', 'set'],
    ]);

    const use = await b.run(['profiles', 'use', 'work']);
    expect(use.code, use.stderr).toBe(0);
    expect(use.stderr).toBe('Profile "work" is now current.\n');
    expect(readProfiles(b).current).toBe('work');
    const who = await b.run(['auth', 'status', '--json']);
    expect(JSON.parse(who.stdout)).toMatchObject({ profile: 'work', user: 'Owner' });

    const unknown = await b.run(['profiles', 'use', 'nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe('acct: no profile named "nope"\nexisting profiles: home, work\n');

    const refused = await b.run(['profiles', 'remove', 'home']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('refusing without confirmation; pass --yes');
    expect(Object.keys(readProfiles(b).profiles).sort()).toEqual(['home', 'work']);

    const removed = await b.run(['profiles', 'rm', 'home', '--yes']);
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stderr).toBe('Profile "home" removed.\n');
    expect(Object.keys(readProfiles(b).profiles)).toEqual(['work']);

    const missing = await b.run(['profiles', 'remove', 'home', '--yes']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no profile named "home"');
  });

  test('removing the current profile clears it (local mode again)', async () => {
    const b = await loggedIn();
    const r = await b.run(['profiles', 'remove', 'default', '-y']);
    expect(r.code, r.stderr).toBe(0);
    expect(readProfiles(b).current).toBeUndefined();
    const list = await b.run(['profiles', 'list', '--json']);
    expect(list.stdout).toBe('[]\n');
  });
});

describe.concurrent('acct config', () => {
  let validationBox: Sandbox;
  beforeAll(async () => {
    validationBox = await loggedIn();
  });

  test('get, set and list on the current profile', async () => {
    const b = await loggedIn(TWO_TOKEN);
    expect(await b.run(['config', 'get', 'company'])).toMatchObject({ code: 0, stdout: '1\n' });
    expect(await b.run(['config', 'get', 'base_url'])).toMatchObject({ code: 0, stdout: `${svc.url}\n` });
    expect(await b.run(['config', 'get', 'output'])).toMatchObject({ code: 0, stdout: '\n' });

    const set = await b.run(['config', 'set', 'company', '2']);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stderr).toBe('Set company of profile "default".\n');
    expect(await b.run(['config', 'set', 'output', 'CSV'])).toMatchObject({ code: 0 });
    expect(readProfiles(b).profiles.default).toMatchObject({ company: 2, output: 'csv' });

    const list = await b.run(['config', 'list', '-o', 'tsv']);
    expect(list.code, list.stderr).toBe(0);
    expect(tsv(list.stdout)).toEqual([
      ['key', 'value'],
      ['base_url', svc.url],
      ['company', '2'],
      ['output', 'csv'],
    ]);
    // the profile's output preference applies when no -o is given
    const csv = await b.run(['config', 'list']);
    expect(csv.stdout).toBe(`key,value\r\nbase_url,${svc.url}\r\ncompany,2\r\noutput,csv\r\n`);
  });

  test.each([
    [['config', 'set', 'company', 'abc'], 'invalid company id "abc" from company: expected a positive integer'],
    [['config', 'set', 'company', '0'], 'invalid company id "0"'],
    [
      ['config', 'set', 'output', 'xml'],
      'invalid output format "xml" from output: expected one of table, tsv, json, ndjson, csv',
    ],
    [['config', 'set', 'base_url', 'http://example.com/api/v2'], 'plain http is only allowed for loopback hosts'],
    [['config', 'set', 'base_url', 'not a url'], 'not an absolute URL'],
    [['config', 'set', 'token', 'x'], 'unknown config key "token"'],
    [['config', 'get', 'bogus'], 'unknown config key "bogus"'],
  ])('%j is a usage error (exit 2) and changes nothing', async (args, message) => {
    const b = validationBox;
    const before = readProfiles(b);
    const r = await b.run(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(readProfiles(b)).toEqual(before);
  });

  test('without a profile the config commands are a usage error', async () => {
    const b = box();
    const r = await b.run(['config', 'list']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no profile: settings belong to a profile; run "acct login" first');
  });
});

describe.concurrent('acct companies list and acct use', () => {
  test('companies list shows every company with the role and the current one', async () => {
    const b = await loggedIn(TWO_TOKEN);
    const r = await b.run(['companies', 'list']);
    expect(r.code, r.stderr).toBe(0);
    expect(tsv(r.stdout)).toEqual([
      ['id', 'name', 'role', 'current'],
      ['1', 'Demo AG', 'user', 'true'],
      ['2', 'Zweite AG', 'owner', 'false'],
    ]);
  });

  test('acct use <id> and <name> save the company to the profile', async () => {
    const b = await loggedIn(TWO_TOKEN);
    const byId = await b.run(['use', '2']);
    expect(byId.code, byId.stderr).toBe(0);
    expect(byId.stderr).toBe('Default company: 2 (Zweite AG).\n');
    expect(readProfiles(b).profiles.default.company).toBe(2);
    const list = await b.run(['companies', 'list', '--fields', 'id,current']);
    expect(tsv(list.stdout)).toEqual([
      ['id', 'current'],
      ['1', 'false'],
      ['2', 'true'],
    ]);

    const byName = await b.run(['use', 'demo ag']);
    expect(byName.code, byName.stderr).toBe(0);
    expect(byName.stderr).toBe('Default company: 1 (Demo AG).\n');
    expect(readProfiles(b).profiles.default.company).toBe(1);
  });

  test('an unknown company is a usage error listing the companies', async () => {
    const b = await loggedIn(TWO_TOKEN);
    for (const ref of ['3', 'Nope GmbH']) {
      const r = await b.run(['use', ref]);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(`acct: no company "${ref}" among yours\ncompanies: 1 (Demo AG), 2 (Zweite AG)\n`);
    }
    expect(readProfiles(b).profiles.default.company).toBe(1);
  });

  test('acct use with only ACCT_* variables has no profile to save into', async () => {
    const b = box();
    const r = await b.run(['use', '1'], { env: { ACCT_BASE_URL: svc.url, ACCT_TOKEN: OWNER_TOKEN } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('set ACCT_COMPANY instead');
    expect(existsSync(join(b.configDir, 'config.json'))).toBe(false);
  });
});
