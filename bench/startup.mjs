#!/usr/bin/env node
// Startup benchmark: wall-clock time of a few acct commands as ratios to a bare `node -e 0`
// (same node binary). Figures, not assertions: always exits 0 once the figures are printed.
//
//   node bench/startup.mjs [--runs N] [--warmup N] [--no-compile-cache]
//
// See bench/README.md.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import {
  benchOptions,
  BIN,
  die,
  makeSandbox,
  positiveInt,
  requireNodeAndBuild,
  ROOT,
  startAcctServer,
  stopAcctServer,
  summarize,
} from './lib.mjs';

const NODE = process.execPath;
const TOKEN = 'bench-token';
const TAG_COUNT = 20;

let server = null; // the service's ChildProcess

// ---------------------------------------------------------------------------------------------
// Options

const opts = benchOptions(
  {
    runs: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '5' },
    'no-compile-cache': { type: 'boolean', default: false },
  },
  'usage: node bench/startup.mjs [--runs N] [--warmup N] [--no-compile-cache]',
  [
    '--runs N             measured runs per command (default 30)',
    '--warmup N           discarded warm-up runs per command (default 5)',
    '--no-compile-cache   run everything with NODE_COMPILE_CACHE_DISABLE=1',
  ],
);
const RUNS = positiveInt(opts.runs, '--runs', 1);
const WARMUP = positiveInt(opts.warmup, '--warmup', 0);

// ---------------------------------------------------------------------------------------------
// Sandbox: temp dirs, a clean environment, the service

requireNodeAndBuild(ROOT, 'npm run bench:startup');
const { dirs, baseEnv, acctEnv } = makeSandbox({ noCompileCache: opts['no-compile-cache'] });

async function startServer() {
  const started = await startAcctServer({
    env: acctEnv,
    dataDir: dirs.serverData,
    token: TOKEN,
    timeoutMs: 20000,
  });
  server = started.child;
  return started.url;
}

const stopServer = () => stopAcctServer(server);

async function seedTags(base) {
  const names = [];
  for (let i = 1; i <= TAG_COUNT; i++) {
    const name = `bench-tag-${String(i).padStart(2, '0')}`;
    const res = await fetch(`${base}/companies/1/tags`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ name, color: 'blue' }),
    });
    if (!res.ok) throw new Error(`seeding tag ${name}: HTTP ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    names.push(name);
  }
  return names;
}

// ---------------------------------------------------------------------------------------------
// Running and checking

function run(cmd) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd.file, cmd.args, {
    cwd: ROOT,
    env: cmd.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 16 << 20,
  });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  return { ms, ...r };
}

function check(cmd) {
  const r = run(cmd);
  const show = () => `\n--- stdout ---\n${r.stdout ?? ''}\n--- stderr ---\n${r.stderr ?? ''}`;
  if (r.error) die(`${cmd.label}: could not run: ${r.error.message}`);
  if (r.signal === 'SIGINT' || r.status === 130) die('interrupted', 130);
  if (r.status !== 0) die(`${cmd.label}: exited with ${r.status ?? r.signal}, expected 0${show()}`);
  const problem = cmd.expect(r.stdout, r.stderr);
  if (problem) die(`${cmd.label}: unexpected output: ${problem}${show()}`);
}

/** The first `node` on the PATH older than acct needs (the launcher's re-exec path), or undefined. */
function systemNodeOlderThanAcct(path) {
  for (const dir of path) {
    const r = spawnSync(join(dir, 'node'), ['--version'], { encoding: 'utf8' });
    if (r.status !== 0) continue;
    const [major, minor] = r.stdout.trim().slice(1).split('.').map(Number);
    return major < 22 || (major === 22 && minor < 13)
      ? { path: join(dir, 'node'), version: r.stdout.trim() }
      : undefined;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Main

const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;
let base;
let tagNames;
let tagsListed = 0;
try {
  base = await startServer();
  tagNames = await seedTags(base);
} catch (err) {
  die(`setting up the service failed: ${err.message}`);
}

const commands = [
  {
    label: 'node -e 0 (baseline)',
    file: NODE,
    args: ['-e', '0'],
    env: baseEnv,
    target: null,
    expect: (out) => (out === '' ? null : 'expected no output'),
  },
  {
    label: 'acct --version',
    file: NODE,
    args: [BIN, '--version'],
    env: acctEnv,
    target: 1.3,
    expect: (out) => (out.trim() === version ? null : `expected "${version}"`),
  },
  {
    label: 'acct --help',
    file: NODE,
    args: [BIN, '--help'],
    env: acctEnv,
    target: 1.5,
    expect: (out) =>
      /^Usage: acct /.test(out) && /\btags\b/.test(out) ? null : 'expected the usage text listing "tags"',
  },
  {
    label: 'acct tags list',
    file: NODE,
    args: [BIN, 'tags', 'list'],
    env: { ...acctEnv, ACCT_BASE_URL: base, ACCT_TOKEN: TOKEN, ACCT_COMPANY: '1' },
    target: 2.5,
    // One page of the seeded tags (the API's default page size is 15), as TSV with a header.
    expect: (out) => {
      const [header, ...rows] = out.split('\n').filter((l) => l !== '');
      const cols = (header ?? '').split('\t');
      const nameCol = cols.indexOf('name');
      if (cols.length < 2 || nameCol < 0) return 'expected a TSV header with a "name" column';
      if (rows.length === 0) return 'expected at least one tag';
      const names = rows.map((r) => r.split('\t')[nameCol]);
      const wanted = tagNames.slice(0, rows.length);
      if (names.join() !== wanted.join()) return `expected the tags ${wanted[0]}…${wanted.at(-1)} in order`;
      tagsListed = rows.length;
      return null;
    },
  },
];

// Local mode: no profile and no service URL, so `tags list` starts the embedded service in-process on
// the sandbox's data directory (its local ledger, made by the first run, with the same tags seeded).
const localEnv = acctEnv;
for (const name of tagNames) {
  const r = spawnSync(NODE, [BIN, 'tags', 'create', '--name', name, '--color', 'blue'], {
    cwd: ROOT,
    env: localEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (r.status !== 0) die(`seeding the local ledger's tag ${name} failed:\n${r.stdout}${r.stderr}`);
}
commands.push({ ...commands[3], label: 'acct tags list (local)', env: localEnv, target: 3 });

// Through the PATH, as typed after the README's set-up (`npm link`): a directory holding an `acct` symlink
// to the launcher comes first, and the launcher's `#!/usr/bin/env node` takes the first node on the PATH.
// Once this Node; once the system's older Node, on which the launcher hands over to the package's own.
const linkDir = join(dirs.root, 'path-bin');
mkdirSync(linkDir);
symlinkSync(BIN, join(linkDir, 'acct'));
const otherPath = (baseEnv.PATH ?? '')
  .split(delimiter)
  .filter((d) => d !== '' && !d.endsWith(join('node_modules', '.bin')) && d !== dirname(NODE));
const pathEnv = (nodeDir) => ({ ...localEnv, PATH: [linkDir, nodeDir, ...otherPath].join(delimiter) });
commands.push({
  ...commands[3],
  label: 'acct tags list (PATH)',
  file: 'acct',
  args: ['tags', 'list'],
  env: pathEnv(dirname(NODE)),
  target: 3,
});
const oldNode = systemNodeOlderThanAcct(otherPath);
if (oldNode) {
  commands.push({ ...commands[0], label: `node -e 0 (system ${oldNode.version})`, file: oldNode.path, target: null });
  commands.push({
    ...commands[3],
    label: `acct tags list (PATH, ${oldNode.version})`,
    file: 'acct',
    args: ['tags', 'list'],
    env: pathEnv(dirname(oldNode.path)),
    target: 3,
    reexec: true,
  });
}

for (const cmd of commands) check(cmd);

const cacheNote = opts['no-compile-cache']
  ? 'disabled (NODE_COMPILE_CACHE_DISABLE=1)'
  : baseEnv.NODE_COMPILE_CACHE_DISABLE
    ? 'disabled by the inherited NODE_COMPILE_CACHE_DISABLE'
    : baseEnv.NODE_COMPILE_CACHE
      ? `on, ${baseEnv.NODE_COMPILE_CACHE} (inherited NODE_COMPILE_CACHE)`
      : `on, ${join(tmpdir(), 'node-compile-cache')} (default dir of module.enableCompileCache)`;
process.stdout.write(`acct ${version} startup benchmark: node ${process.version} (${NODE})\n`);
process.stdout.write(
  `${WARMUP} warm-up + ${RUNS} measured runs per command, round-robin; compile cache ${cacheNote}\n`,
);
process.stdout.write(
  `service ${base} with ${TAG_COUNT} tags seeded; \`tags list\` prints ${tagsListed} rows (one page)\n\n`,
);

const samples = commands.map(() => []);
const total = WARMUP + RUNS;
for (let i = 0; i < total; i++) {
  // rotate the starting command so that no command always follows another
  for (let k = 0; k < commands.length; k++) {
    const j = (i + k) % commands.length;
    const r = run(commands[j]);
    // Ctrl-C reaches the child too (acct exits 130)
    if (r.signal === 'SIGINT' || r.status === 130) die('interrupted', 130);
    if (r.status !== 0)
      die(`${commands[j].label}: exited with ${r.status ?? r.signal} during run ${i + 1}\n${r.stderr}`);
    if (i >= WARMUP) samples[j].push(r.ms);
  }
  if (process.stderr.isTTY) process.stderr.write(`\r${i + 1}/${total}`);
  // spawnSync blocks the event loop; let a pending signal handler run between rounds
  await new Promise((resolve) => setImmediate(resolve));
}
if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');

await stopServer(); // the sandbox is removed at exit

const stats = samples.map(summarize);
const baseMedian = stats[0].median;
const rows = [['command', 'median ms', 'p90 ms', 'min ms', 'ratio', 'target', 'result']];
let met = 0;
let targets = 0;
const extra = [];
commands.forEach((cmd, i) => {
  const s = stats[i];
  const ratio = s.median / baseMedian;
  if (cmd.reexec)
    extra.push(
      `${cmd.label}: ${(s.median / stats[i - 1].median).toFixed(2)}x the system Node's own start ` +
        `(${commands[i - 1].label})`,
    );
  let result = '';
  if (cmd.target !== null) {
    targets++;
    const ok = ratio <= cmd.target;
    if (ok) met++;
    result = ok ? 'ok' : 'over';
  }
  rows.push([
    cmd.label,
    s.median.toFixed(1),
    s.p90.toFixed(1),
    s.min.toFixed(1),
    `${ratio.toFixed(2)}x`,
    cmd.target === null ? '' : `<= ${cmd.target.toFixed(1)}x`,
    result,
  ]);
});
const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
for (const [n, r] of rows.entries()) {
  const line = r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ');
  process.stdout.write(`${line.trimEnd()}\n`);
  if (n === 0) process.stdout.write(`${widths.map((w) => '-'.repeat(w)).join('  ')}\n`);
}
if (extra.length) process.stdout.write(`\n${extra.join('\n')}\n`);
const load = loadavg()[0];
const cpus = availableParallelism();
if (load > cpus * 0.75) {
  process.stdout.write(
    `\nnote: the machine was busy (1-min load average ${load.toFixed(2)} on ${cpus} CPUs); figures are noisy, ` +
      `compare min ms or rerun when idle\n`,
  );
}
process.stdout.write(`\n${met}/${targets} targets met${met === targets ? '' : ` (${targets - met} over)`}\n`);
process.exit(0);
