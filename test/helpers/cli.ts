// Spawns the built `acct` binary (bin/acct.js → dist/) with an isolated config and data directory.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ACCT_BIN = resolve(import.meta.dirname, '../../bin/acct.js');

export interface RunResult { code: number | null; stdout: string; stderr: string }

export interface Sandbox {
  configDir: string;
  dataDir: string;
  /** environment for the child: no inherited ACCT_* variables, isolated dirs, plus `extra` */
  env(extra?: Record<string, string | undefined>): NodeJS.ProcessEnv;
  run(args: string[], opts?: { env?: Record<string, string | undefined>; input?: string; timeoutMs?: number }): Promise<RunResult>;
  cleanup(): void;
}

export function runBinary(args: string[], env: NodeJS.ProcessEnv, input?: string, timeoutMs = 20_000): Promise<RunResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [ACCT_BIN, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d) => { stdout += d; });
    child.stderr.setEncoding('utf8').on('data', (d) => { stderr += d; });
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`acct ${args.join(' ')} timed out\n${stderr}`)); }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => { clearTimeout(timer); resolvePromise({ code, stdout, stderr }); });
    child.stdin.end(input ?? '');
  });
}

export function sandbox(): Sandbox {
  const root = mkdtempSync(join(tmpdir(), 'acct-cli-'));
  const configDir = join(root, 'config');
  const dataDir = join(root, 'data');
  const env = (extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv => {
    const base: NodeJS.ProcessEnv = {};
    for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('ACCT_') && !k.startsWith('XDG_')) base[k] = v;
    const merged: NodeJS.ProcessEnv = { ...base, HOME: root, NO_COLOR: '1', ACCT_CONFIG_DIR: configDir, ACCT_DATA_DIR: dataDir, ...extra };
    for (const [k, v] of Object.entries(merged)) if (v === undefined) delete merged[k];
    return merged;
  };
  return {
    configDir,
    dataDir,
    env,
    run: (args, opts = {}) => runBinary(args, env(opts.env), opts.input, opts.timeoutMs),
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}
