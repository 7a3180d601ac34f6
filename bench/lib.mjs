// What the benchmarks share: failing with a message, a temporary sandbox that is always cleaned up,
// the checks that the project's Node and build are there, and `acct server start` started and stopped.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const state = { root: null, keep: false, server: null, cleanedUp: false };

function cleanup() {
  if (state.cleanedUp) return;
  state.cleanedUp = true;
  const { server, root } = state;
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
  if (root && !state.keep) try { rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 }); } catch { /* best effort */ }
}
process.on('exit', cleanup);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => die('interrupted', sig === 'SIGINT' ? 130 : 143));

/** One line on stderr, the sandbox removed, exit. */
export function die(message, code = 1) {
  process.stderr.write(`bench: ${message}\n`);
  cleanup();
  process.exit(code);
}

/** An option's whole number of at least `min`, else a usage error (exit 2). */
export function positiveInt(text, name, min) {
  if (!/^\d+$/.test(text) || Number(text) < min) die(`${name} must be an integer >= ${min} (got "${text}")`, 2);
  return Number(text);
}

/**
 * The options of a benchmark (node:util parseArgs, strict, with -h/--help added): a bad option is exit 2
 * with `usage`; --help prints `usage` and `help` (a line per option) and exits 0.
 */
export function benchOptions(options, usage, help) {
  let values;
  try {
    ({ values } = parseArgs({ options: { ...options, help: { type: 'boolean', short: 'h', default: false } }, strict: true }));
  } catch (err) {
    die(`${err.message}\n${usage}`, 2);
  }
  if (values.help) {
    process.stdout.write(`${usage}\n${help.map((line) => `  ${line}\n`).join('')}`);
    process.exit(0);
  }
  return values;
}

/** The benchmarks time acct with the running node, so it must be the project's (≥ 22.13) and acct built. */
export function requireNodeAndBuild(root, how) {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 22 || (major === 22 && minor < 13)) {
    die(`this benchmark needs Node.js 22.13 or newer (node:sqlite); this is ${process.version}. Run it with the project's Node: ${how}`);
  }
  if (!existsSync(join(root, 'dist', 'cli.js'))) die('dist/cli.js is missing; run `npm run build` first');
}

/**
 * A temporary directory (removed at exit unless `keep`) with the service's data, acct's config and data
 * dirs, and acct's environment: the parent's minus what would change what acct does or what is timed.
 */
export function makeSandbox({ keep = false, noCompileCache = false } = {}) {
  state.root = mkdtempSync(join(tmpdir(), 'acct-bench-'));
  state.keep = keep;
  const dirs = { root: state.root, serverData: join(state.root, 'server-data'), config: join(state.root, 'config'), data: join(state.root, 'data') };
  const baseEnv = { ...process.env };
  for (const key of Object.keys(baseEnv)) if (key.startsWith('ACCT_')) delete baseEnv[key];
  delete baseEnv.FORCE_COLOR;
  delete baseEnv.NODE_OPTIONS; // a --require/--import hook would be timed too
  if (noCompileCache) baseEnv.NODE_COMPILE_CACHE_DISABLE = '1';
  return { dirs, baseEnv, acctEnv: { ...baseEnv, ACCT_CONFIG_DIR: dirs.config, ACCT_DATA_DIR: dirs.data } };
}

/**
 * Starts the service on a free port and resolves with `{ url, child }` once it prints its ready line.
 * `node` and `bin` say what to run (`nodeArgs` go before `bin`, e.g. --cpu-prof); `env` is the child's
 * environment; `rateLimit` its requests a minute (default off).
 */
export async function startAcctServer({ node, bin, cwd, env, dataDir, token, nodeArgs = [], rateLimit = 'off', timeoutMs = 30_000 }) {
  const child = spawn(node, [...nodeArgs, bin, 'server', 'start', '--port', '0', '--data', dataDir, '--token', token, '--rate-limit', String(rateLimit)], {
    cwd, env, stdio: ['ignore', 'pipe', 'pipe'],
  });
  state.server = child;
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (d) => { stderr += d; });
  child.stdout.setEncoding('utf8');
  const url = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`service did not report listening within ${timeoutMs / 1000} s\n${stderr}`)), timeoutMs);
    const onData = (d) => {
      out += d;
      const m = /acct server listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        child.stdout.off('data', onData);
        child.stdout.resume(); // keep draining
        resolve(m[1]);
      }
    };
    child.stdout.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`service exited early (code ${code}, signal ${signal})\n${out}${stderr}`));
    });
  });
  return { url, child };
}

/** SIGTERM, then SIGKILL when the service has not stopped within 5 s. */
export async function stopAcctServer(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timeout = new Promise((resolve) => setTimeout(() => resolve('timeout'), 5_000));
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    process.stderr.write('bench: service did not stop within 5 s of SIGTERM; killing it\n');
    child.kill('SIGKILL');
    await exited;
  }
}
