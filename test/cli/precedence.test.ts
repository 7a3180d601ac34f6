// Where each setting comes from: flags > environment > profile > defaults.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sandbox, type Sandbox } from '../helpers/cli.js';
import { OWNER_TOKEN, startTestService, type TestService } from '../helpers/service.js';
import { addCompany } from '../../src/server/main.js';
import { closedPort, sendJson, startStub, tsv, writeProfiles } from './support.js';

let svc: TestService;
let deadUrl: string;
const boxes: Sandbox[] = [];

function box(): Sandbox {
  const b = sandbox();
  boxes.push(b);
  return b;
}

/** The names of the tags the command lists: company 1 holds "eins", company 2 holds "zwei". */
async function tagNames(b: Sandbox, args: string[], env?: Record<string, string>): Promise<string[]> {
  const r = await b.run(['tags', 'list', '--fields', 'name', ...args], { env });
  expect(r.code, r.stderr).toBe(0);
  return tsv(r.stdout)
    .slice(1)
    .map(([name]) => name);
}

async function status(b: Sandbox, args: string[] = [], env?: Record<string, string>): Promise<Record<string, unknown>> {
  const r = await b.run(['auth', 'status', '--json', ...args], { env });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

beforeAll(async () => {
  svc = await startTestService();
  expect(addCompany(svc.server.db, 'Zweite AG', 1)).toBe(2);
  expect((await svc.call('POST', '/companies/1/tags', { name: 'eins', color: 'blue' })).status).toBe(200);
  expect((await svc.call('POST', '/companies/2/tags', { name: 'zwei', color: 'red' })).status).toBe(200);
  // company 3 is the cron job's, so that its writes do not meet the reads of the other (concurrent) tests
  expect(addCompany(svc.server.db, 'Cron AG', 1)).toBe(3);
  expect((await svc.call('POST', '/companies/3/tags', { name: 'drei', color: 'gray' })).status).toBe(200);
  deadUrl = `http://127.0.0.1:${await closedPort()}/api/v2`;
});

afterAll(async () => {
  for (const b of boxes) b.cleanup();
  await svc?.close();
});

describe.concurrent('company: --company > ACCT_COMPANY > profile', () => {
  let b: Sandbox;
  beforeAll(() => {
    b = box();
    writeProfiles(b, {
      current: 'default',
      profiles: { default: { baseUrl: svc.url, token: OWNER_TOKEN, company: 1 } },
    });
  });

  test('the profile company is used by default', async () => {
    expect(await tagNames(b, [])).toEqual(['eins']);
    expect(await status(b)).toMatchObject({ company: 1, company_source: 'profile' });
  });

  test('ACCT_COMPANY overrides the profile', async () => {
    expect(await tagNames(b, [], { ACCT_COMPANY: '2' })).toEqual(['zwei']);
    expect(await status(b, [], { ACCT_COMPANY: '2' })).toMatchObject({ company: 2, company_source: 'env' });
  });

  test('--company overrides ACCT_COMPANY', async () => {
    expect(await tagNames(b, ['--company', '1'], { ACCT_COMPANY: '2' })).toEqual(['eins']);
    expect(await status(b, ['--company', '1'], { ACCT_COMPANY: '2' })).toMatchObject({
      company: 1,
      company_source: 'flag',
    });
  });

  test('an invalid ACCT_COMPANY or --company is a usage error naming its source', async () => {
    const env = await b.run(['tags', 'list'], { env: { ACCT_COMPANY: 'two' } });
    expect(env.code).toBe(2);
    expect(env.stderr).toContain('invalid company id "two" from ACCT_COMPANY');
    const flag = await b.run(['tags', 'list', '--company', '-1']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('from --company');
  });
});

describe.concurrent('connection: ACCT_BASE_URL and ACCT_TOKEN over the profile', () => {
  test('env base URL and token replace a profile pointing to a dead service with a bad token', async () => {
    const b = box();
    writeProfiles(b, {
      current: 'default',
      profiles: { default: { baseUrl: deadUrl, token: 'stale-token', company: 2 } },
    });
    const env = { ACCT_BASE_URL: svc.url, ACCT_TOKEN: OWNER_TOKEN };
    expect(await tagNames(b, [], env)).toEqual(['zwei']);
    expect(await status(b, [], env)).toMatchObject({
      mode: 'remote',
      profile: 'default',
      base_url: svc.url,
      base_url_source: 'env',
      token_source: 'env',
      company: 2,
      company_source: 'profile',
    });
  });

  test('ACCT_TOKEN alone overrides the profile token (a bad one then fails with exit 4)', async () => {
    const b = box();
    writeProfiles(b, {
      current: 'default',
      profiles: { default: { baseUrl: svc.url, token: OWNER_TOKEN, company: 1 } },
    });
    const r = await b.run(['tags', 'list'], { env: { ACCT_TOKEN: 'wrong-token' } });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('Unauthenticated.');
  });

  test('ACCT_BASE_URL alone overrides the profile base URL; the profile token goes along', async () => {
    const b = box();
    writeProfiles(b, {
      current: 'default',
      profiles: { default: { baseUrl: svc.url, token: OWNER_TOKEN, company: 1 } },
    });
    const stub = await startStub((_req, res) =>
      sendJson(res, 200, { data: [{ id: 7, name: 'vom-stub', color: 'gray' }] }),
    );
    try {
      expect(await tagNames(b, [], { ACCT_BASE_URL: stub.url })).toEqual(['vom-stub']);
      expect(stub.requests).toEqual([
        { method: 'GET', url: '/api/v2/companies/1/tags?page=1', authorization: `Bearer ${OWNER_TOKEN}` },
      ]);
    } finally {
      await stub.close();
    }
  });
});

describe.concurrent('profile: --profile > ACCT_PROFILE > current', () => {
  let b: Sandbox;
  beforeAll(() => {
    b = box();
    writeProfiles(b, {
      current: 'eins',
      profiles: {
        eins: { baseUrl: svc.url, token: OWNER_TOKEN, company: 1 },
        zwei: { baseUrl: svc.url, token: OWNER_TOKEN, company: 2 },
      },
    });
  });

  test('the current profile by default, ACCT_PROFILE selects another, --profile beats ACCT_PROFILE', async () => {
    expect(await tagNames(b, [])).toEqual(['eins']);
    expect(await tagNames(b, [], { ACCT_PROFILE: 'zwei' })).toEqual(['zwei']);
    expect(await tagNames(b, ['--profile', 'eins'], { ACCT_PROFILE: 'zwei' })).toEqual(['eins']);
    expect(await status(b, [], { ACCT_PROFILE: 'zwei' })).toMatchObject({ profile: 'zwei', company: 2 });
  });

  test('config commands act on the selected profile', async () => {
    const r = await b.run(['config', 'get', 'company'], { env: { ACCT_PROFILE: 'zwei' } });
    expect(r).toMatchObject({ code: 0, stdout: '2\n' });
    const flag = await b.run(['config', 'get', 'company', '--profile', 'eins'], { env: { ACCT_PROFILE: 'zwei' } });
    expect(flag).toMatchObject({ code: 0, stdout: '1\n' });
  });

  test('a missing named profile is a usage error (exit 2) listing the existing ones', async () => {
    const flag = await b.run(['tags', 'list', '--profile', 'nope']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toBe('acct: no profile named "nope" (from --profile)\nexisting profiles: eins, zwei\n');
    const env = await b.run(['tags', 'list'], { env: { ACCT_PROFILE: 'nope' } });
    expect(env.code).toBe(2);
    expect(env.stderr).toBe('acct: no profile named "nope" (from ACCT_PROFILE)\nexisting profiles: eins, zwei\n');
    expect(env.stdout).toBe('');
  });

  test('a current profile that no longer exists is a usage error', async () => {
    const c = box();
    writeProfiles(c, { current: 'gone', profiles: { other: { baseUrl: svc.url, token: OWNER_TOKEN } } });
    const r = await c.run(['tags', 'list']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('the current profile "gone" no longer exists');
    expect(r.stderr).toContain('acct profiles use <name>');
  });
});

describe.concurrent('output: -o > ACCT_OUTPUT > profile > tsv when piped', () => {
  test('each level overrides the next', async () => {
    const b = box();
    writeProfiles(b, {
      current: 'default',
      profiles: { default: { baseUrl: svc.url, token: OWNER_TOKEN, company: 1, output: 'csv' } },
    });
    const run = async (args: string[], env?: Record<string, string>) => {
      const r = await b.run(['tags', 'list', '--fields', 'id,name', ...args], { env });
      expect(r.code, r.stderr).toBe(0);
      return r.stdout;
    };
    expect(await run([])).toBe('id,name\r\n1,eins\r\n');
    expect(await run([], { ACCT_OUTPUT: 'ndjson' })).toBe('{"id":1,"name":"eins"}\n');
    expect(await run(['-o', 'tsv'], { ACCT_OUTPUT: 'ndjson' })).toBe('id\tname\n1\teins\n');
    expect(await run(['--json'], { ACCT_OUTPUT: 'ndjson' })).toBe('[\n  {\n    "id": 1,\n    "name": "eins"\n  }\n]\n');

    const none = box();
    writeProfiles(none, {
      current: 'default',
      profiles: { default: { baseUrl: svc.url, token: OWNER_TOKEN, company: 1 } },
    });
    const piped = await none.run(['tags', 'list', '--fields', 'id,name']);
    expect(piped.stdout).toBe('id\tname\n1\teins\n');
    const bad = await none.run(['tags', 'list'], { env: { ACCT_OUTPUT: 'yaml' } });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('invalid output format "yaml" from ACCT_OUTPUT');
  });
});

describe.concurrent('a cron-style run: only ACCT_TOKEN, ACCT_BASE_URL and ACCT_COMPANY, no config file', () => {
  test('lists, creates, updates and deletes tags without prompts', async () => {
    const b = box();
    const env = { ACCT_TOKEN: OWNER_TOKEN, ACCT_BASE_URL: svc.url, ACCT_COMPANY: '3' };

    const created = await b.run(['tags', 'create', '--name', 'Nightly', '--color', 'lime', '--json'], { env });
    expect(created.code, created.stderr).toBe(0);
    const tag = JSON.parse(created.stdout);
    expect(tag).toMatchObject({ name: 'nightly', color: 'lime', company_id: 3 });

    const updated = await b.run(['tags', 'update', 'nightly', '--color', 'purple', '-o', 'ndjson'], { env });
    expect(updated.code, updated.stderr).toBe(0);
    expect(JSON.parse(updated.stdout)).toMatchObject({ id: tag.id, name: 'nightly', color: 'purple' });

    const listed = await b.run(['tags', 'list', '-o', 'csv', '--fields', 'name,color'], { env });
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toBe('name,color\r\ndrei,gray\r\nnightly,purple\r\n');

    const deleted = await b.run(['tags', 'delete', String(tag.id), '--yes'], { env });
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(deleted.stderr).toBe(`Deleted tag ${tag.id}.\n`);
    expect((await svc.call('GET', `/companies/3/tags/${tag.id}`)).status).toBe(404);

    // nothing was written to the config directory, and nothing went to the local ledger
    expect(existsSync(b.configDir)).toBe(false);
    expect(existsSync(b.dataDir)).toBe(false);
  });

  test('ACCT_TOKEN and ACCT_BASE_URL without ACCT_COMPANY: a single-company user needs no company', async () => {
    const b = box();
    const { token } = (await import('../../src/server/main.js')).addUser(svc.server.db, {
      name: 'Solo',
      email: 'solo@example.ch',
      company: 1,
      role: 'admin',
    });
    const r = await b.run(['tags', 'list', '--fields', 'name'], { env: { ACCT_TOKEN: token, ACCT_BASE_URL: svc.url } });
    expect(r.code, r.stderr).toBe(0);
    expect(tsv(r.stdout)).toEqual([['name'], ['eins']]);
    // the owner has two companies: without a company acct says how to choose one
    const owner = await b.run(['tags', 'list'], { env: { ACCT_TOKEN: OWNER_TOKEN, ACCT_BASE_URL: svc.url } });
    expect(owner.code).toBe(2);
    expect(owner.stderr).toBe(
      'acct: no company selected: pass --company, set ACCT_COMPANY or run "acct use <company>"\n' +
        'companies: 1 (Demo AG), 2 (Zweite AG), 3 (Cron AG)\n',
    );
  });
});
