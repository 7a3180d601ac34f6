// What the benchmarks share: failing with a message, a temporary sandbox that is always cleaned up,
// the checks that the project's Node and build are there, and `acct server start` started and stopped.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** The checkout the benchmarks run in, and its acct launcher. */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BIN = join(ROOT, 'bin', 'acct.js');

const state = { root: null, keep: false, server: null, cleanedUp: false };

function cleanup() {
  if (state.cleanedUp) return;
  state.cleanedUp = true;
  const { server, root } = state;
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
  if (root && !state.keep)
    try {
      rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
    } catch {
      /* best effort */
    }
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
    ({ values } = parseArgs({
      options: { ...options, help: { type: 'boolean', short: 'h', default: false } },
      strict: true,
    }));
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
    die(
      `this benchmark needs Node.js 22.13 or newer (node:sqlite); this is ${process.version}. Run it with the ` +
        `project's Node: ${how}`,
    );
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
  const dirs = {
    root: state.root,
    serverData: join(state.root, 'server-data'),
    config: join(state.root, 'config'),
    data: join(state.root, 'data'),
  };
  const baseEnv = { ...process.env };
  for (const key of Object.keys(baseEnv)) if (key.startsWith('ACCT_')) delete baseEnv[key];
  delete baseEnv.FORCE_COLOR;
  delete baseEnv.NODE_OPTIONS; // a --require/--import hook would be timed too
  if (noCompileCache) baseEnv.NODE_COMPILE_CACHE_DISABLE = '1';
  return { dirs, baseEnv, acctEnv: { ...baseEnv, ACCT_CONFIG_DIR: dirs.config, ACCT_DATA_DIR: dirs.data } };
}

/**
 * Starts the service on a free port and resolves with `{ url, child }` once it prints its ready line.
 * `node` and `bin` say what to run (by default this node and the checkout's acct; `nodeArgs` go before
 * `bin`, e.g. --cpu-prof); `env` is the child's environment; `rateLimit` its requests a minute (default off).
 */
export async function startAcctServer({
  node = process.execPath,
  bin = BIN,
  cwd = ROOT,
  env,
  dataDir,
  token,
  nodeArgs = [],
  rateLimit = 'off',
  timeoutMs = 30_000,
}) {
  const child = spawn(
    node,
    [
      ...nodeArgs,
      bin,
      'server',
      'start',
      '--port',
      '0',
      '--data',
      dataDir,
      '--token',
      token,
      '--rate-limit',
      String(rateLimit),
    ],
    {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  state.server = child;
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  child.stdout.setEncoding('utf8');
  const url = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(
      () => reject(new Error(`service did not report listening within ${timeoutMs / 1000} s\n${stderr}`)),
      timeoutMs,
    );
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

/**
 * Runs a command to its end without blocking the event loop (a blocked loop lets the service close an
 * idle keep-alive socket unseen) and resolves with its wall time, output and exit status. With
 * `peakRss` it runs under `/usr/bin/time -f %M` and adds the command's peak resident memory in KiB.
 */
export function runTimed(cmd, args, { env, cwd, peakRss = false } = {}) {
  const [file, argv] = peakRss ? ['/usr/bin/time', ['-f', 'acct-bench-maxrss %M', cmd, ...args]] : [cmd, args];
  return new Promise((resolve) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(file, argv, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    const err = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => err.push(d));
    child.on('error', (e) => die(`${cmd} failed to start: ${e.message}`));
    child.on('close', (status, signal) => {
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      let stderr = Buffer.concat(err).toString('utf8');
      let rssKiB;
      if (peakRss) {
        const m = /acct-bench-maxrss (\d+)\s*$/.exec(stderr);
        rssKiB = m ? Number(m[1]) : undefined;
        stderr = stderr.replace(/acct-bench-maxrss \d+\s*$/, '');
      }
      resolve({ ms, status, signal, stdout: Buffer.concat(out).toString('utf8'), stderr, rssKiB });
    });
  });
}

/** runTimed, and a failed command stops the benchmark with its output. */
export async function mustRun(cmd, args, options) {
  const r = await runTimed(cmd, args, options);
  if (r.status !== 0)
    die(`${cmd} ${args.join(' ')} exited ${r.status ?? r.signal}\n${r.stdout.slice(-4000)}\n${r.stderr.slice(-4000)}`);
  return r;
}

/**
 * A request with a bearer token over a fresh connection (no keep-alive, so no socket the service may
 * have closed meanwhile), `body` sent as JSON; resolves with the time, the status and the body's text.
 */
export function httpRequest(url, token, { method = 'GET', body } = {}) {
  const http = process.getBuiltinModule('node:http');
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json', connection: 'close' };
  if (payload !== undefined)
    Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request(url, { method, agent: false, headers }, (res) => {
      const chunks = [];
      res.on('data', (d) => chunks.push(d));
      res.on('error', reject);
      res.on('end', () =>
        resolve({ ms: performance.now() - t0, status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** GET with a bearer token over a fresh connection (httpRequest). */
export const httpGet = (url, token) => httpRequest(url, token);

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
/** The `q` quantile (0.9: p90) of ascending `sorted`, interpolated linearly between the closest ranks. */
export const quantile = (sorted, q) => {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
};
/** Samples in milliseconds (any order) → their count, median, p90, mean, min and max. */
export function summarize(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    median: quantile(sorted, 0.5),
    p90: quantile(sorted, 0.9),
    mean: sorted.reduce((s, v) => s + v, 0) / sorted.length,
    min: sorted[0],
    max: sorted[sorted.length - 1],
  };
}
export const fmtMs = (ms) =>
  ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : ms >= 10 ? `${ms.toFixed(0)} ms` : `${ms.toFixed(1)} ms`;

/**
 * A field of a process's /proc/<pid>/status in MiB (Linux): VmRSS its resident memory now, VmHWM its peak; undefined
 * elsewhere.
 */
export function procMiB(pid, field = 'VmRSS') {
  try {
    const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** hledger's version line; when it is missing, installs the Debian package (apt-get; run as root). */
export function ensureHledger() {
  const { spawnSync } = process.getBuiltinModule('node:child_process');
  const version = () => {
    const r = spawnSync('hledger', ['--version'], { encoding: 'utf8' });
    return r.status === 0 ? r.stdout.trim() : null;
  };
  let found = version();
  if (found) return found;
  process.stderr.write('bench: hledger is missing; installing the Debian package (apt-get install -y hledger)\n');
  const apt = (args) =>
    spawnSync('apt-get', args, {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  if (apt(['install', '-y', 'hledger']).status !== 0) {
    process.stderr.write('bench: apt-get install failed; running apt-get update first\n');
    apt(['update']);
    apt(['install', '-y', 'hledger']);
  }
  found = version();
  if (!found) die('hledger could not be installed (apt-get install -y hledger failed; are you root?)');
  return found;
}
