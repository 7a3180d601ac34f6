// The CLI suites run acct in their own process (runCli on an IO of strings); this one keeps that
// faithful to the binary: representative commands run both ways, one after the other on the same
// local ledger, must answer the same stdout, stderr and exit code.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ACCT_BIN, sandbox, type RunOptions, type Sandbox } from '../helpers/cli.js';
import { runAll } from './support.js';

let box: Sandbox;
/** a JSON body in a file */
let body: string;

beforeAll(async () => {
  box = sandbox();
  body = join(box.dataDir, '..', 'tag.json');
  // the first command of a day seeds the ledger and keeps the day's snapshot: not one of those compared
  await runAll(box.run, [
    ['tags', 'create', '--name', 'miete', '--color', 'red'],
    ['customers', 'create', '--name', 'Muster AG', '--street', 'Bahnhofstrasse 1', '--zip', '8001', '--city', 'Zürich'],
    [
      'entries',
      'create',
      '--date',
      '2026-01-05',
      '--debit',
      '6000',
      '--credit',
      '1020',
      '--sum',
      '2500.50',
      '--description',
      'Miete Januar',
      '--tags',
      'miete',
    ],
  ]);
}, 60_000);

afterAll(() => box?.cleanup());

/** The command run in this process and as the binary: the same answer, which is returned. */
async function bothWays(args: string[], opts: RunOptions = {}) {
  const inProcess = await box.run(args, opts);
  const spawned = await box.spawn(args, opts);
  expect(inProcess).toEqual(spawned);
  return inProcess;
}

describe('in this process and as the binary alike', () => {
  test.each([
    [['tags', 'list']],
    [['customers', 'list', '-o', 'json']],
    [['entries', 'list', '--fields', 'number,date,sum,description,tags', '-o', 'csv']],
    [['accounts', 'list', '--json']],
    [['report', 'trial-balance', '--from', '2026-01-01', '--to', '2026-12-31']],
    [['api', 'GET', '/tags']],
    [['tags', 'list', '--help']],
  ])('%j', async (args) => {
    const r = await bothWays(args);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toBe('');
  });

  test('refusals: not found (5), a usage error of commander (2), an invalid value (2), validation (3)', async () => {
    expect((await bothWays(['tags', 'get', '999'])).code).toBe(5);
    expect((await bothWays(['tags', 'lisst'])).code).toBe(2);
    expect((await bothWays(['tags', 'list', '-o', 'yaml'])).code).toBe(2);
    expect((await bothWays(['tags', 'create', '--name', 'miete', '--color', 'red'])).code).toBe(3);
  });

  test('a verb that sets its exit code without failing: timer status with no timer is exit 1', async () => {
    expect((await bothWays(['timer', 'status'])).code).toBe(1);
  });

  test('stdin: a body from - is refused alike (invalid JSON: 2, a missing field: 3), as one from a file', async () => {
    expect((await bothWays(['api', 'POST', '/tags', '--input', '-'], { input: '{"name":' })).code).toBe(2);
    const fromStdin = await bothWays(['api', 'POST', '/tags', '--input', '-'], { input: '{"name":"ohne-farbe"}' });
    expect(fromStdin.code).toBe(3);
    expect(fromStdin.stderr).toContain('color');
    writeFileSync(body, '{"name":"ohne-farbe"}');
    expect(await box.run(['api', 'POST', '/tags', '--input', body])).toEqual(fromStdin);
  });
});

describe('runs at once in one process', () => {
  test('keep their environment, ledger, output and exit code apart', async () => {
    const other = sandbox();
    try {
      expect((await other.run(['tags', 'create', '--name', 'nur-hier', '--color', 'blue'])).code).toBe(0);
      const [here, there, failing] = await Promise.all([
        box.run(['tags', 'list', '--fields', 'name']),
        other.run(['tags', 'list', '--fields', 'name']),
        other.run(['tags', 'get', '999']),
      ]);
      expect(here).toMatchObject({ code: 0, stderr: '' });
      expect(here.stdout).toContain('miete');
      expect(here.stdout).not.toContain('nur-hier');
      expect(there).toEqual({ code: 0, stdout: 'name\nnur-hier\n', stderr: '' });
      expect(failing.code).toBe(5);
      expect(failing.stdout).toBe('');
    } finally {
      other.cleanup();
    }
  });
});

describe('what only the binary shows', () => {
  test('a reader that has gone (acct … | head) ends the command quietly: exit 0, nothing on stderr', async () => {
    const args = [ACCT_BIN, 'accounts', 'list', '--all', '-o', 'json'];
    const child = spawn(process.execPath, args, { env: box.env(), stdio: ['ignore', 'pipe', 'pipe'] });
    // the read end closes before the command writes: its write meets EPIPE
    child.stdout.destroy();
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d) => {
      stderr += d;
    });
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  });
});
