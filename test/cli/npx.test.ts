// `npx acct` in the repository, the supported way to run it here: npm itself runs on the system Node
// (20 on these machines) while acct runs on the Node 24 the `node` devDependency brings. npm checks the
// package's engines against its own Node whenever it links the package into its npx cache (a fresh
// cache: every CI run); that check must not warn. npm's Node 20 is played by a preload that makes
// process.version say v20, whatever Node runs the test; acct's launcher reads process.versions.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'acct-npx-'));
  writeFileSync(join(dir, 'node20.cjs'), "Object.defineProperty(process, 'version', { value: 'v20.20.2' });\n");
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function npx(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done, reject) => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      // acct's own node first, as npm puts it for scripts; npm's cache fresh, as on a new machine
      PATH: `${join(ROOT, 'node_modules/.bin')}:${process.env.PATH ?? ''}`,
      npm_config_cache: join(dir, 'npm-cache'),
      npm_config_update_notifier: 'false',
      NODE_OPTIONS: `--require ${join(dir, 'node20.cjs')}`,
    };
    const child = spawn('npx', args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d) => {
      stdout += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

test("npx acct on npm's Node 20 runs acct without npm's EBADENGINE warning", async () => {
  const r = await npx(['acct', '--version']);
  expect(r.code, r.stderr).toBe(0);
  expect(r.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  expect(r.stderr).not.toMatch(/EBADENGINE|Unsupported engine/);
});
