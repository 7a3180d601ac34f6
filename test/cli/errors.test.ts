// Every class of failure and its exit code: one line on stderr, stack traces only with --debug.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ACCT_BIN, acctAgainst, acctEnv, inTerminal, plain, type Acct } from '../helpers/cli.js';
import { useCliAgainstService } from '../helpers/cli-suite.js';
import { secondTenant } from '../helpers/service.js';
import { addCompany, setCompany } from '../../src/server/main.js';
import { closedPort, sendJson, STACK_LINE, startStub, type Stub } from './support.js';

const cli = useCliAgainstService();
const { acct } = cli;
let stub: Stub;
let tagId: number;

const STUB_TOKEN = 'stub-token';
/** acct against the stub: `acct api GET /status/<code>` answers that status. */
let viaStub: Acct;

beforeAll(async () => {
  tagId = (await cli.svc.call('POST', '/companies/1/tags', { name: 'taken', color: 'blue' })).body.data.id;
  // company 2: the owner's, subscription expired; company 3: someone else's
  expect(addCompany(cli.svc.server.db, 'Abgelaufen AG', 1)).toBe(2);
  setCompany(cli.svc.server.db, 2, { subscriptionExpired: 'on' });
  expect(secondTenant(cli.svc).company).toBe(3);

  // A remote we do not own, for answers the embedded service gives only after a long wait (429) or never (409, 500).
  let flaky = 0;
  let slow = 0;
  stub = await startStub((req, res) => {
    if (req.url?.includes('/hang')) return; // never answers
    // every other request: a 429 that asks for 3 s
    if (req.url?.includes('/slow')) {
      return ++slow % 2 === 1
        ? sendJson(res, 429, { message: 'Too Many Attempts.' }, { 'Retry-After': '3' })
        : sendJson(res, 200, { data: { ok: true } });
    }
    if (req.url?.includes('/flaky')) {
      // one 429 with a short Retry-After, then success
      flaky++;
      return flaky === 1
        ? sendJson(res, 429, { message: 'Too Many Attempts.' }, { 'Retry-After': '1' })
        : sendJson(res, 200, { data: { ok: true, attempt: flaky } });
    }
    const status = Number(/\/status\/(\d{3})/.exec(req.url ?? '')?.[1] ?? 404);
    if (status === 429)
      return sendJson(
        res,
        429,
        { message: 'Too Many Attempts.' },
        { 'Retry-After': '3600', 'X-RateLimit-Limit': '120', 'X-RateLimit-Remaining': '0' },
      );
    if (status === 409) return sendJson(res, 409, { message: 'The invoice is already booked.' });
    if (status === 500) return sendJson(res, 500, { message: 'Server Error.' });
    return sendJson(res, status, { message: `status ${status}` });
  });
  viaStub = acctAgainst(cli.box, { url: stub.url, token: STUB_TOKEN });
});

afterAll(async () => {
  await stub?.close();
});

describe.concurrent('answers of the API', () => {
  test('422 (duplicate tag) → exit 3 with the field error on stderr', async () => {
    const r = await acct(['tags', 'create', '--name', 'Taken', '--color', 'red']);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    // said once, under the flag that was typed
    expect(r.stderr).toBe('acct: --name: The name has already been taken.\n');
  });

  test("422 with several fields lists each one once (acct api: under the API's field)", async () => {
    const r = await acct(['api', 'POST', '/tags', '-F', 'name=7', '-f', 'color=beige']);
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('acct: name: The name field must be a string.\n  color: The selected color is invalid.\n');
  });

  test('401 (bad token) → exit 4 with an acct login hint', async () => {
    const r = await acct(['tags', 'list'], { token: 'no-such-token' });
    expect(r.code).toBe(4);
    expect(r.stderr).toBe('acct: Unauthenticated.\nrun "acct login" or set ACCT_TOKEN\n');
  });

  test('403 (a company of someone else) → exit 4', async () => {
    const r = await acct(['tags', 'list', '--company', '3']);
    expect(r.code).toBe(4);
    expect(r.stderr).toBe('acct: You do not have access to this company.\n');
  });

  test('402 (subscription expired) → exit 4', async () => {
    const r = await acct(['tags', 'list'], { company: 2 });
    expect(r.code).toBe(4);
    expect(r.stderr).toBe('acct: The subscription of this company has expired.\n');
  });

  test('404 (tags get 999) → exit 5', async () => {
    const r = await acct(['tags', 'get', '999']);
    expect(r.code).toBe(5);
    expect(r.stderr).toBe('acct: Tag not found.\n');
    const api = await acct(['api', 'GET', '/nothing-here']);
    expect(api.code).toBe(5);
  });

  test('400 (a body that is not a JSON object) → exit 6', async () => {
    const file = join(cli.box.dataDir, '..', 'array.json');
    writeFileSync(file, '[1]');
    const r = await acct(['api', 'POST', '/tags', '--input', file]);
    expect(r.code).toBe(6);
    expect(r.stderr).toBe('acct: The request body must be a JSON object.\n');
    const put = await acct(['api', 'PUT', `/tags/${tagId}`, '--input', file]);
    expect(put.code).toBe(6);
  });

  test('409 → exit 6 (stub remote)', async () => {
    const r = await viaStub(['api', 'POST', '/status/409']);
    expect(r.code).toBe(6);
    expect(r.stderr).toBe('acct: The invoice is already booked.\n');
  });

  test('429 whose Retry-After exceeds the retry budget → exit 7 at once (stub remote)', async () => {
    const count = () => stub.requests.filter((q) => q.url.includes('/status/429')).length;
    const before = count();
    const started = Date.now();
    const r = await viaStub(['api', 'GET', '/status/429']);
    expect(r.code).toBe(7);
    expect(r.stderr).toBe('acct: Too Many Attempts.\nrate limit exceeded; try again in 3600 s\n');
    expect(Date.now() - started).toBeLessThan(15_000);
    // waiting an hour is beyond the 90 s bound: no retry was attempted
    expect(count() - before).toBe(1);
  });

  test('a 429 with a short Retry-After is retried after waiting, then succeeds (stub remote)', async () => {
    const started = Date.now();
    const r = await viaStub(['api', 'GET', '/flaky', '--debug']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ data: { ok: true, attempt: 2 } });
    expect(r.stderr).toMatch(/retrying in 1\.\d s \(429; attempt 2 of 4\)/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  test('a wait for the rate limit over 2 s is said on a terminal, not to a script (stub remote)', async () => {
    const onTerminal = await inTerminal(
      cli.box,
      ['api', 'GET', '/slow'],
      [],
      acctEnv({ url: stub.url, token: STUB_TOKEN }),
    );
    expect(onTerminal.code, onTerminal.output).toBe(0);
    expect(plain(onTerminal.output)).toMatch(/^rate limit: waiting [34] s$/m);
    const piped = await viaStub(['api', 'GET', '/slow']);
    expect(piped.code).toBe(0);
    expect(piped.stderr).toBe('');
  });

  test('5xx → exit 1 (stub remote)', async () => {
    const r = await viaStub(['api', 'POST', '/status/500']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('acct: Server Error.\n');
  });

  test('network failure (closed port) → exit 1', async () => {
    const port = await closedPort();
    const r = await acct(['tags', 'list'], { env: { ACCT_BASE_URL: `http://127.0.0.1:${port}/api/v2` } });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`acct: could not reach http://127.0.0.1:${port}/api/v2 (ECONNREFUSED)\n`);
    expect(r.stderr).not.toMatch(STACK_LINE);
  });
});

describe('interrupted → exit 130', () => {
  test('SIGINT while waiting for an answer', async () => {
    const child = spawn(process.execPath, [ACCT_BIN, 'api', 'GET', '/hang'], {
      env: cli.box.env(acctEnv({ url: stub.url, token: STUB_TOKEN })),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d) => {
      stderr += d;
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // wait until the request has reached the stub, then interrupt
    const deadline = Date.now() + 15_000;
    while (!stub.requests.some((q) => q.url.includes('/hang')) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 25));
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stderr).not.toMatch(STACK_LINE);
  });
});

describe.concurrent('usage errors → exit 2', () => {
  test('unknown command', async () => {
    // commander's own errors speak as acct does: one line with the program's name
    const r = await acct(['tags', 'lst']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("acct: unknown command 'lst' (did you mean one of list, ls?)\n");
    const unknown = await acct(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe("acct: unknown command 'frobnicate'\n");
  });

  test('unknown option', async () => {
    const r = await acct(['tags', 'list', '--colour', 'blue']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^acct: unknown option '--colour'/);
    expect(r.stderr).not.toContain('error:');
  });

  test('a bad option value', async () => {
    const r = await acct(['tags', 'create', '--name', 'x', '--color', 'beige']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^acct: option '--color <color>' argument 'beige' is invalid/);
  });

  test('a missing argument', async () => {
    const r = await acct(['tags', 'get']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("acct: missing required argument 'tag'\n");
  });

  test('an unknown record given as an argument is reported as the argument, not as a flag', async () => {
    const r = await acct(['tax-rates', 'get', 'Nirgends']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^acct: no tax rate "Nirgends"\n/);
    expect(r.stderr).not.toContain('--tax-rate');
  });

  test('a missing required flag without a TTY (tags create --color blue)', async () => {
    const r = await acct(['tags', 'create', '--color', 'blue', '--debug']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('acct: missing required --name');
    expect(r.stderr).not.toContain('> POST');
  });

  test('update with nothing to change', async () => {
    const r = await acct(['tags', 'update', String(tagId)]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('nothing to change');
  });

  test('delete without --yes refuses and deletes nothing', async () => {
    const r = await acct(['tags', 'delete', String(tagId)]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`acct: Delete tag ${tagId}: refusing without confirmation; pass --yes\n`);
    expect((await cli.svc.call('GET', `/companies/1/tags/${tagId}`)).status).toBe(200);
    const noInput = await acct(['tags', 'rm', String(tagId), '--no-input']);
    expect(noInput.code).toBe(2);
    expect((await cli.svc.call('GET', `/companies/1/tags/${tagId}`)).body.data.name).toBe('taken');
  });

  test('--data with invalid JSON', async () => {
    const file = join(cli.box.dataDir, '..', 'broken.json');
    writeFileSync(file, '{"name": ');
    const r = await acct(['tags', 'create', '--data', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`--data ${file} is not valid JSON`);
  });
});

describe.concurrent('stack traces only with --debug', () => {
  test('an API error', async () => {
    const plain = await acct(['tags', 'get', '999']);
    expect(plain.code).toBe(5);
    expect(plain.stderr).not.toMatch(STACK_LINE);
    const debug = await acct(['tags', 'get', '999', '--debug']);
    expect(debug.code).toBe(5);
    expect(debug.stderr).toContain('ApiError: Tag not found.');
    expect(debug.stderr).toMatch(STACK_LINE);
    expect(debug.stderr).toContain('< 404 Not Found');
    expect(debug.stderr.trimEnd().split('\n').at(-1)).toBe('acct: Tag not found.');
  });

  test('a usage error', async () => {
    const plain = await acct(['tags', 'list', '--fields', 'nope']);
    expect(plain.stderr).not.toMatch(STACK_LINE);
    const debug = await acct(['tags', 'list', '--fields', 'nope', '--debug']);
    expect(debug.code).toBe(2);
    expect(debug.stderr).toContain('UsageError: unknown field "nope"');
    expect(debug.stderr).toMatch(STACK_LINE);
  });

  test('a network error', async () => {
    const port = await closedPort();
    const url = `http://127.0.0.1:${port}/api/v2`;
    const debug = await acct(['tags', 'list', '--per-page', '1', '--debug'], { env: { ACCT_BASE_URL: url } });
    expect(debug.code).toBe(1);
    expect(debug.stderr).toMatch(STACK_LINE);
    expect(debug.stderr).toContain('retrying in');
    expect(debug.stderr.match(/^> GET /gm)).toHaveLength(4);
  });
});
