// The launcher on a Node older than acct needs (the system Node 20 of these machines): it hands the
// command over to the package's own Node (the `node` devDependency), passing arguments, stdin, stdout,
// stderr, the exit code and signals through; without an own Node it refuses in one line (exit 2).
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { ACCT_BIN, sandbox, type RunResult, type Sandbox } from '../helpers/cli.js';

/** The first `node` on the PATH (npm's node_modules/.bin left out) older than 22.13, as the system's. */
function olderNode(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir === '' || dir.endsWith(join('node_modules', '.bin'))) continue;
    const r = spawnSync(join(dir, 'node'), ['-p', 'process.versions.node'], { encoding: 'utf8' });
    if (r.status !== 0) continue;
    const [major, minor] = r.stdout.trim().split('.').map(Number);
    if (major < 22 || (major === 22 && minor < 13)) return join(dir, 'node');
  }
  return undefined;
}

const OLD_NODE = olderNode();

function runWith(file: string, args: string[], env: NodeJS.ProcessEnv, input = ''): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d) => {
      stdout += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}

describe.skipIf(OLD_NODE === undefined)(`acct on an older Node (${OLD_NODE})`, () => {
  let box: Sandbox;
  beforeEach(() => {
    box = sandbox();
  });
  afterEach(() => box.cleanup());
  const old = (args: string[], input?: string) => runWith(OLD_NODE!, [ACCT_BIN, ...args], box.env(), input);

  test("runs on the package's own Node: stdout, stdin and exit codes pass through", async () => {
    const { version } = JSON.parse(readFileSync(join(dirname(ACCT_BIN), '..', 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(await old(['--version'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
    const imported = await old(['tags', 'import', '-'], 'id,name,color\n,travel,blue\n');
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stderr).toContain('1 created');
    const listed = await old(['tags', 'list', '--fields', 'name,color']);
    expect(listed).toEqual({ code: 0, stdout: 'name\tcolor\ntravel\tblue\n', stderr: '' });
    const missing = await old(['api', 'GET', '/tags/999']);
    expect(missing.code).toBe(5);
    const usage = await old(['tags', 'get', 'nosuch']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toBe('acct: no tag named "nosuch"\n');
    // the program runs on Node 24: the service needs node:sqlite, which Node 20 lacks
    const node = await old(['api', 'GET', '/users/me']);
    expect(node.code, node.stderr).toBe(0);
  });

  test('through the PATH as the set-up links it, with the older Node first on the PATH', async () => {
    const bin = join(box.dataDir, '..', 'bin');
    mkdirSync(bin);
    symlinkSync(ACCT_BIN, join(bin, 'acct'));
    const env = box.env({
      PATH: [bin, dirname(OLD_NODE!), ...(process.env.PATH ?? '').split(delimiter)].join(delimiter),
    });
    const r = await runWith('acct', ['tags', 'list'], env);
    expect(r).toEqual({ code: 0, stdout: 'id\tname\tcolor\n', stderr: '' });
  });

  test('a signal sent to the launcher reaches the command: acct server start stops cleanly', async () => {
    const child = spawn(
      OLD_NODE!,
      [ACCT_BIN, 'server', 'start', '--port', '0', '--data', join(box.dataDir, 'server')],
      { env: box.env(), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.setEncoding('utf8').on('data', (d) => {
        out += d;
        if (out.includes('listening on')) resolve();
      });
      child.on('exit', (code) => reject(new Error(`exited ${code} before listening`)));
    });
    const exit = new Promise<[number | null, string | null]>((resolve) =>
      child.on('exit', (code, signal) => resolve([code, signal])),
    );
    child.kill('SIGTERM');
    // the service finishes and exits 0, and the launcher with it
    expect(await exit).toEqual([0, null]);
  });

  test('without a Node of its own it refuses in one line, exit 2', async () => {
    const bin = join(box.dataDir, '..', 'pkg', 'bin');
    mkdirSync(bin, { recursive: true });
    copyFileSync(ACCT_BIN, join(bin, 'acct.js'));
    copyFileSync(join(dirname(ACCT_BIN), '..', 'package.json'), join(bin, '..', 'package.json'));
    const r = await runWith(OLD_NODE!, [join(bin, 'acct.js'), 'tags', 'list'], box.env());
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^acct needs Node\.js 22\.13 or newer \(this is v\d+\.\d+\.\d+\); install a newer Node\.\n$/,
    );
  });
});
