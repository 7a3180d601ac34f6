// Runs `acct` with an isolated config and data directory: in this process by default (runCli of the
// sources on an IO of strings, against the real service, no mocks), or as the built binary (bin/acct.js
// → dist/) with `spawn: true`, for what only a process shows (exit by signal, TTY, closed pipes, the
// launcher, races between processes). acctAgainst() points those runs at a service (the test service
// or a stub) through ACCT_* variables.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { OutStream } from '../../src/cli/io.js';

export const ACCT_BIN = resolve(import.meta.dirname, '../../bin/acct.js');

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  /** stdin */
  input?: string;
  timeoutMs?: number;
  /** run the built binary as a child process instead of runCli in this one */
  spawn?: boolean;
}

export interface Sandbox {
  configDir: string;
  dataDir: string;
  /** environment for a run: no inherited ACCT_* variables, isolated dirs, plus `extra` */
  env(extra?: Record<string, string | undefined>): NodeJS.ProcessEnv;
  /** `acct args…` in this process (or spawned, with `spawn: true`) */
  run(args: string[], opts?: RunOptions): Promise<RunResult>;
  /** `acct args…` as a child process of the built binary */
  spawn(args: string[], opts?: Omit<RunOptions, 'spawn'>): Promise<RunResult>;
  cleanup(): void;
}

/** An output end of a run in this process: collects the bytes; never a terminal. */
function collector(): { end: OutStream; bytes(): Buffer; text(): string } {
  const chunks: Buffer[] = [];
  const bytes = () => Buffer.concat(chunks);
  return {
    end: {
      write: (data) => {
        chunks.push(Buffer.from(data));
      },
      isTTY: false,
    },
    bytes,
    text: () => bytes().toString('utf8'),
  };
}

/**
 * `acct args…` in this process: runCli of the sources with `env` as its environment, `input` as stdin
 * and stdout and stderr collected, as the binary would run them in a pipe.
 */
export async function runInProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  input?: string,
  timeoutMs = 20_000,
): Promise<RunResult> {
  const { bytes: _, ...result } = await runInProcessWithBytes(args, env, input, timeoutMs);
  return result;
}

/** runInProcess(), stdout also kept as bytes (a PDF written to stdout). */
export async function runInProcessWithBytes(
  args: string[],
  env: NodeJS.ProcessEnv,
  input?: string,
  timeoutMs = 20_000,
): Promise<RunResult & { bytes: Buffer }> {
  const { runCli } = await import('../../src/cli/run.js');
  const [out, err] = [collector(), collector()];
  const stdin = { read: () => Buffer.from(input ?? '', 'utf8'), isTTY: false };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`acct ${args.join(' ')} timed out\n${err.text()}`)), timeoutMs);
  });
  try {
    const code = await Promise.race([runCli(args, { out: out.end, err: err.end, stdin, env }), timeout]);
    return { code, stdout: out.text(), stderr: err.text(), bytes: out.bytes() };
  } finally {
    clearTimeout(timer);
  }
}

export function runBinary(
  args: string[],
  env: NodeJS.ProcessEnv,
  input?: string,
  timeoutMs = 20_000,
): Promise<RunResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [ACCT_BIN, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d) => {
      stdout += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d) => {
      stderr += d;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`acct ${args.join(' ')} timed out\n${stderr}`));
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolvePromise({ code, stdout, stderr });
    });
    // a command that exits before reading its input closes the pipe: EPIPE on write is not a test failure
    child.stdin.on('error', () => {});
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
    const merged: NodeJS.ProcessEnv = {
      ...base,
      HOME: root,
      NO_COLOR: '1',
      ACCT_CONFIG_DIR: configDir,
      ACCT_DATA_DIR: dataDir,
      ...extra,
    };
    for (const [k, v] of Object.entries(merged)) if (v === undefined) delete merged[k];
    return merged;
  };
  return {
    configDir,
    dataDir,
    env,
    run: (args, opts = {}) => (opts.spawn ? runBinary : runInProcess)(args, env(opts.env), opts.input, opts.timeoutMs),
    spawn: (args, opts = {}) => runBinary(args, env(opts.env), opts.input, opts.timeoutMs),
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** Where a spawned acct talks to: a TestService, or a stub with a made-up token. */
export interface Target {
  url: string;
  token: string;
}

export interface AcctOptions {
  /** ACCT_COMPANY; 1 unless given */
  company?: number | string;
  /** ACCT_TOKEN; the target's token unless given */
  token?: string;
  /** stdin */
  input?: string;
  /** run the built binary as a child process (default: in this process) */
  spawn?: boolean;
  /** further variables, applied last (they may override the three above; undefined removes one) */
  env?: Record<string, string | undefined>;
}

export type Acct = (args: string[], opts?: AcctOptions) => Promise<RunResult>;

/** The environment that points acct at `target`: ACCT_BASE_URL, ACCT_TOKEN and ACCT_COMPANY, then `opts.env`. */
export function acctEnv(target: Target, opts: AcctOptions = {}): Record<string, string | undefined> {
  return {
    ACCT_BASE_URL: target.url,
    ACCT_TOKEN: opts.token ?? target.token,
    ACCT_COMPANY: String(opts.company ?? 1),
    ...opts.env,
  };
}

/**
 * `acct args…` in `box` against `target`, as `acct(args, { company?, token?, input?, env? })`.
 * `defaults` hold for every call of the returned function; a call's own options go on top (env merged).
 */
export function acctAgainst(box: Sandbox, target: Target, defaults: AcctOptions = {}): Acct {
  return (args, opts = {}) => {
    const merged: AcctOptions = {
      company: opts.company ?? defaults.company,
      token: opts.token ?? defaults.token,
      env: { ...defaults.env, ...opts.env },
    };
    const input = opts.input ?? defaults.input;
    return box.run(args, { env: acctEnv(target, merged), input, spawn: opts.spawn ?? defaults.spawn });
  };
}

export interface TerminalRun {
  code: number | null;
  output: string;
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * Runs acct in a pseudo-terminal (util-linux `script`, stdout and stderr together); when the screen
 * shows `when`, types `keys`. Each `when` is looked for after the previous one, so the same prompt can
 * be answered again further on. CI is cleared because acct never prompts when it is set. The terminal
 * has no size unless `size` gives one (columns, and rows for the pager).
 */
export function inTerminal(
  box: Sandbox,
  args: string[],
  answers: { when: string; keys: string }[] = [],
  env: Record<string, string | undefined> = {},
  size?: { cols: number; rows?: number },
): Promise<TerminalRun> {
  return new Promise((resolve, reject) => {
    const stty = size ? `stty cols ${size.cols} rows ${size.rows ?? 0}; ` : '';
    const command = stty + [process.execPath, ACCT_BIN, ...args].map(shellQuote).join(' ');
    const child = spawn('script', ['-qec', command, '/dev/null'], {
      env: box.env({ NO_COLOR: undefined, CI: undefined, TERM: 'xterm', COLUMNS: '120', ...env }),
    });
    let output = '';
    /** where the next `when` is looked for: after the previous one */
    let from = 0;
    const pending = [...answers];
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`timed out: ${args.join(' ')}\n${output}`));
    }, 15_000);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      // several prompts may arrive in one chunk: answer each that is on the screen now
      for (
        let at = pending.length ? output.indexOf(pending[0].when, from) : -1;
        at >= 0;
        at = pending.length ? output.indexOf(pending[0].when, from) : -1
      ) {
        const answer = pending.shift()!;
        from = at + answer.when.length;
        child.stdin.write(answer.keys);
      }
    });
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** Terminal output without escape sequences and carriage returns. */
export const plain = (s: string) => s.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '').replace(/\r/g, '');
