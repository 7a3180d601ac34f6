#!/usr/bin/env node
// Bank import benchmark: a generated camt.053 of 10,000 transactions (bench/camt-fixture.mjs) parsed in
// process, then uploaded end to end (`acct import upload-camt FILE`, a whole CLI process against
// `acct server start`) on a fresh company each run, beside 1,000 transactions for the linearity, the
// re-upload of the same file (all duplicates), the list of the 10,000 import entries, and the memory of
// the service and of the CLI. Figures, not assertions: exits 0 once they are printed.
// Target (issue 11): 10,000 transactions in under 2 s end to end; memory flat.
//
//   node bench/camt.mjs [--transactions N] [--small N] [--runs N] [--seed N] [--keep]
//   node bench/camt.mjs --profile DIR      the service under --cpu-prof: one large upload and its re-upload, summed
//
// See bench/README.md ("Bank import benchmark").
import { spawnSync } from 'node:child_process';
import { request } from 'node:http';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { arch, availableParallelism, cpus, loadavg, platform } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { camtFileName, camtStatement, camtZip } from './camt-fixture.mjs';
import {
  benchOptions,
  BIN,
  die,
  makeSandbox,
  positiveInt,
  procMiB,
  requireNodeAndBuild,
  ROOT,
  startAcctServer,
  stopAcctServer,
  summarize,
} from './lib.mjs';

const NODE = process.execPath;
const TOKEN = 'bench-token';
const TARGET_MS = 2000;
const USAGE =
  'usage: node bench/camt.mjs [--transactions N] [--small N] [--runs N] [--seed N] [--keep] [--profile DIR]';

// ---------------------------------------------------------------------------------------------
// Options

const opts = benchOptions(
  {
    transactions: { type: 'string', default: '10000' },
    small: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '5' },
    seed: { type: 'string', default: '20250101' },
    keep: { type: 'boolean', default: false },
    profile: { type: 'string' },
  },
  USAGE,
  [
    '--transactions N   transactions in the large statement (default 10000)',
    '--small N          transactions in the small statement, for the linearity (default 1000)',
    '--runs N           measured runs of each upload, after one warm-up (default 5)',
    '--seed N           seed of the statement generator (default 20250101)',
    '--keep             keep the sandbox (statements, data directory) and print where it is',
    '--profile DIR      instead of the figures: one large upload against a service started with --cpu-prof',
    '                   (profile written to DIR), then the functions where the service spent its time',
  ],
);
const LARGE = positiveInt(opts.transactions, '--transactions', 2);
const SMALL = positiveInt(opts.small, '--small', 1);
const RUNS = positiveInt(opts.runs, '--runs', 1);
const SEED = positiveInt(opts.seed, '--seed', 0);
const PROFILE_DIR = opts.profile === undefined ? undefined : resolve(opts.profile);

requireNodeAndBuild(ROOT, 'node_modules/.bin/node bench/camt.mjs');
const { dirs, baseEnv, acctEnv } = makeSandbox({ keep: opts.keep });
if (opts.keep) process.stderr.write(`bench: keeping ${dirs.root}\n`);

// ---------------------------------------------------------------------------------------------
// Helpers

const stats = summarize;
const ms = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;
const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

const showMb = (v) => (v === undefined ? '?' : `${v.toFixed(0)} MB`);

function run(args, env) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(NODE, args, {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const t = ms(t0);
  if (r.signal === 'SIGINT' || r.status === 130) die('interrupted', 130);
  return { ms: t, ...r };
}
function mustRun(label, args, env) {
  const r = run(args, env);
  if (r.error) die(`${label}: could not run: ${r.error.message}`);
  if (r.status !== 0)
    die(`${label}: exited with ${r.status ?? r.signal}\n--- stdout ---\n${r.stdout}\n--- stderr ---\n${r.stderr}`);
  return r;
}

// ---------------------------------------------------------------------------------------------
// The statements

const year = 2025;
const files = {};
for (const [key, n] of [
  ['small', SMALL],
  ['large', LARGE],
]) {
  const { xml, stats: s } = camtStatement({ transactions: n, seed: SEED, year });
  const path = join(dirs.root, `camt053-${n}.xml`);
  writeFileSync(path, xml);
  files[key] = { path, n, bytes: Buffer.byteLength(xml), stats: s };
  if (key === 'large') {
    const zip = camtZip(xml, camtFileName(s, year));
    const zipPath = join(dirs.root, `camt053-${n}.zip`);
    writeFileSync(zipPath, zip);
    files.zip = { path: zipPath, n, bytes: zip.length, stats: s };
  }
}

// ---------------------------------------------------------------------------------------------
// The service and its companies

let server = null;
let base = null;
let companies = 0;

/** A new company (the standard chart, the primary bank account 1020, no import entries), its id. */
function freshCompany() {
  const r = mustRun(
    'acct server companies add',
    [BIN, 'server', 'companies', 'add', '--data', dirs.serverData, '--name', `Bench ${++companies}`, '--owner', '1'],
    acctEnv,
  );
  return Number(r.stdout.trim());
}
const cliEnv = (company) => ({ ...acctEnv, ACCT_BASE_URL: base, ACCT_TOKEN: TOKEN, ACCT_COMPANY: String(company) });

/**
 * One request on a connection of its own (node:http without an agent): between the bench's requests the service
 * is busy for seconds, and a kept-alive connection can be closed by its keep-alive timeout just as it is reused.
 */
function api(method, path, { body, headers = {} } = {}) {
  return new Promise((resolvePromise, reject) => {
    const req = request(
      `${base}${path}`,
      {
        method,
        agent: false,
        headers: {
          authorization: `Bearer ${TOKEN}`,
          accept: 'application/json',
          ...headers,
          ...(body ? { 'content-length': body.length } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (res.statusCode >= 400)
            reject(new Error(`${method} ${path}: HTTP ${res.statusCode} ${text.slice(0, 300)}`));
          else resolvePromise({ headers: res.headers, body: text });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The company's open import entries, counted by the service. */
async function importCount(company) {
  const { body } = await api('GET', `/companies/${company}/entries/import?limit=1`);
  return JSON.parse(body).total_count;
}

/**
 * The id of the company's bank account 1020: a statement's IBAN no account has yet is booked where it is asked to
 * (issue 22).
 */
async function account1020(company) {
  const { body } = await api('GET', `/companies/${company}/accounts?type=bank`);
  return JSON.parse(body).find((a) => a.number === 1020).id;
}

/** The upload as the service sees it: one multipart POST from here; the X-Import-* counts. */
async function httpUpload(company, file) {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(file.path)]), basename(file.path));
  form.append('bank_account_id', String(await account1020(company)));
  const encoded = new Response(form); // the multipart body, encoded before the clock starts
  const body = Buffer.from(await encoded.arrayBuffer());
  const t0 = process.hrtime.bigint();
  const { headers } = await api('POST', `/companies/${company}/entries/import/camt-upload`, {
    body,
    headers: { 'content-type': encoded.headers.get('content-type') },
  });
  const t = ms(t0);
  const h = (name) => Number(headers[`x-import-${name}`]);
  return { ms: t, created: h('created'), duplicates: h('duplicates') };
}

let uploadArgs; // the CLI's upload command for a file: the verb when this build has it, else `acct api`
let uploadLabel;
function chooseUploadCommand() {
  const verb = run([BIN, 'import', 'upload-camt', '--help'], acctEnv);
  if (verb.status === 0 && /^Usage: acct import upload-camt/m.test(verb.stdout)) {
    // an unknown command's --help prints the root help
    uploadArgs = (path) => [BIN, 'import', 'upload-camt', path, '--bank-account', '1020'];
    uploadLabel = 'acct import upload-camt';
  } else {
    uploadArgs = (path) => [BIN, 'api', 'POST', '/entries/import/camt-upload', '-F', `file=@${path}`];
    uploadLabel = 'acct api POST …/camt-upload';
  }
}

/** The CLI upload on a fresh company, checked: the company then has the file's transactions. */
async function cliUpload(file, { company = freshCompany(), expect = file.n, env } = {}) {
  const r = mustRun(uploadLabel, uploadArgs(file.path), env ?? cliEnv(company));
  const count = await importCount(company);
  if (count !== expect)
    die(
      `${uploadLabel} ${basename(file.path)}: company ${company} has ${count} import entries, expected ${expect}\n` +
        `${r.stdout}${r.stderr}`,
    );
  return { ms: r.ms, company };
}

// ---------------------------------------------------------------------------------------------
// Profile mode: where the service's time goes in one large upload and one re-upload of it

/**
 * Each phase's samples of a .cpuprofile (the profile's clock is the monotonic clock of process.hrtime), summed by
 * function.
 */
function summariseProfile(path, phases) {
  const profile = JSON.parse(readFileSync(path, 'utf8'));
  const maps = new Map();
  const where = (cf) => {
    if (!cf.url.startsWith('file://')) return cf.url;
    const file = fileURLToPath(cf.url);
    if (!maps.has(file)) {
      try {
        maps.set(file, new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8'))));
      } catch {
        maps.set(file, null);
      }
    }
    const entry = maps.get(file)?.findEntry(cf.lineNumber, cf.columnNumber);
    if (!entry?.originalSource) return `${relative(ROOT, file)}:${cf.lineNumber + 1}`;
    const src = entry.originalSource.startsWith('file://')
      ? fileURLToPath(entry.originalSource)
      : resolve(join(file, '..'), entry.originalSource);
    const shown = src.includes('/node_modules/')
      ? src.slice(src.lastIndexOf('/node_modules/') + 1)
      : relative(ROOT, src);
    return `${shown}:${entry.originalLine + 1}`;
  };
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const keys = new Map(
    profile.nodes.map((n) => [n.id, `${n.callFrame.functionName || '(anonymous)'}  ${where(n.callFrame)}`.trim()]),
  );
  const sampleTimes = [];
  let t = profile.startTime;
  for (const dt of profile.timeDeltas) sampleTimes.push((t += dt));
  for (const { label, from, to } of phases) {
    const self = new Map();
    const total = new Map();
    let busy = 0;
    profile.samples.forEach((id, i) => {
      if (sampleTimes[i] < from || sampleTimes[i] > to) return;
      const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000; // a sample lasts until the next one
      const k = keys.get(id);
      if (k === '(idle)') return;
      busy += dt;
      self.set(k, (self.get(k) ?? 0) + dt);
      const seen = new Set();
      for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
        const kk = keys.get(cur);
        if (kk === '(root)' || seen.has(kk)) continue;
        seen.add(kk);
        total.set(kk, (total.get(kk) ?? 0) + dt);
      }
    });
    const top = (m, n) => [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);
    const line = ([k, v]) => `  ${v.toFixed(0).padStart(6)} ms ${((100 * v) / busy).toFixed(1).padStart(5)} %  ${k}\n`;
    process.stdout.write(
      `\n== ${label}: the service busy ${busy.toFixed(0)} ms of ${((to - from) / 1000).toFixed(0)} ms\n` +
        `self time, top 20:\n`,
    );
    for (const e of top(self, 20)) process.stdout.write(line(e));
    process.stdout.write('inclusive time (the function and what it calls), top 30:\n');
    for (const e of top(total, 30)) process.stdout.write(line(e));
  }
}

// ---------------------------------------------------------------------------------------------
// Main

const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;
const cpuModel = cpus()[0]?.model?.trim() ?? '?';
const header =
  `acct ${version} bank import benchmark: node ${process.version}, ${platform()}-${arch()}, ` +
  `${availableParallelism()} CPUs (${cpuModel})\n` +
  `statements (camt.053.001.04, seed ${SEED}): ${LARGE} transactions in ${files.large.stats.entries} entries ` +
  `(${files.large.stats.collectiveEntries} collective), ` +
  `${mb(files.large.bytes)}, as ZIP ${mb(files.zip.bytes)}; ${SMALL} transactions, ${mb(files.small.bytes)}\n`;
const micros = () => Number(process.hrtime.bigint() / 1000n);

if (PROFILE_DIR) {
  let profile;
  const phases = [];
  try {
    mkdirSync(PROFILE_DIR, { recursive: true });
    const before = new Set(readdirSync(PROFILE_DIR));
    const started = await startAcctServer({
      env: acctEnv,
      dataDir: dirs.serverData,
      token: TOKEN,
      nodeArgs: ['--cpu-prof', '--cpu-prof-dir', PROFILE_DIR],
    });
    server = started.child;
    base = started.url;
    chooseUploadCommand();
    process.stdout.write(header);
    await cliUpload(files.small); // warm-up
    const company = freshCompany();
    for (const label of [`upload of ${LARGE} transactions`, `re-upload of the same ${LARGE} (all duplicates)`]) {
      const from = micros();
      const r = await httpUpload(company, files.large);
      phases.push({ label, from, to: micros() });
      process.stdout.write(
        `${label} (HTTP from the bench): ${r.ms.toFixed(0)} ms, ${r.created} created, ${r.duplicates} duplicates\n`,
      );
    }
    await stopAcctServer(server);
    const written = readdirSync(PROFILE_DIR).filter((f) => f.endsWith('.cpuprofile') && !before.has(f));
    if (written.length === 0) throw new Error(`the service wrote no .cpuprofile into ${PROFILE_DIR}`);
    profile = join(PROFILE_DIR, written.sort().at(-1));
    process.stdout.write(`profile: ${profile}\n`);
  } catch (err) {
    die(`profiling failed: ${err.message}`);
  }
  summariseProfile(profile, phases);
  process.exit(0);
}

// 1. Parse only: parseCamt in this process (src/domain/camt.ts bundled in memory with its dependencies),
//    timed in the same rounds as the uploads below, so that both see the same machine.
const { build } = await import('esbuild');
const camtBundle = await build({
  entryPoints: [join(ROOT, 'src/domain/camt.ts')],
  bundle: true,
  format: 'esm',
  platform: 'node',
  write: false,
  logLevel: 'silent',
});
const { parseCamt } = await import(
  `data:text/javascript;base64,${Buffer.from(camtBundle.outputFiles[0].text).toString('base64')}`
);
function parseOnly(key) {
  const bytes = new Uint8Array(readFileSync(files[key].path));
  const t0 = process.hrtime.bigint();
  const statements = parseCamt(bytes);
  const t = ms(t0);
  const count = statements.reduce((sum, st) => sum + st.transactions.length, 0);
  if (count !== files[key].n)
    die(`parseCamt ${basename(files[key].path)}: ${count} transactions, expected ${files[key].n}`);
  return { ms: t };
}

// 2. End to end: the CLI process against the service, fresh company each run; the context around it.
const e2e = {
  parseSmall: [],
  parseLarge: [],
  parseZip: [],
  baseline: [],
  version: [],
  small: [],
  large: [],
  zip: [],
  service: [],
  duplicate: [],
  list: [],
};
const memory = { start: undefined, afterLarge: [], fresh: {}, cliPeak: undefined };
let listBytes = 0;
try {
  const started = await startAcctServer({
    env: acctEnv,
    dataDir: dirs.serverData,
    token: TOKEN,
  });
  server = started.child;
  base = started.url;
  chooseUploadCommand();
  const pid = server.pid;
  memory.start = procMiB(pid, 'VmRSS');
  // the company the re-uploads go to: it has the large file's transactions before the first one
  const dupCompany = freshCompany();
  if ((await httpUpload(dupCompany, files.large)).created !== LARGE)
    die(`HTTP upload to company ${dupCompany}: not all ${LARGE} created`);

  const steps = [
    ['parseSmall', () => parseOnly('small')],
    ['parseLarge', () => parseOnly('large')],
    ['parseZip', () => parseOnly('zip')],
    ['baseline', () => run(['-e', '0'], baseEnv)],
    ['version', () => mustRun('acct --version', [BIN, '--version'], acctEnv)],
    ['small', () => cliUpload(files.small)],
    [
      'large',
      async () => {
        const r = await cliUpload(files.large);
        return { ...r, rss: procMiB(pid, 'VmRSS') };
      },
    ],
    ['zip', () => cliUpload(files.zip)],
    [
      'service',
      async () => {
        const r = await httpUpload(freshCompany(), files.large);
        if (r.created !== LARGE) die(`HTTP upload: X-Import-Created ${r.created}, expected ${LARGE}`);
        return r;
      },
    ],
    ['duplicate', () => cliUpload(files.large, { company: dupCompany })],
    [
      'list',
      async () => {
        const t0 = process.hrtime.bigint();
        const { body } = await api('GET', `/companies/${dupCompany}/entries/import?limit=all`);
        const t = ms(t0);
        const list = JSON.parse(body);
        if (list.data.length !== LARGE)
          die(`GET entries/import?limit=all: ${list.data.length} entries, expected ${LARGE}`);
        listBytes = Buffer.byteLength(body);
        return { ms: t };
      },
    ],
  ];
  for (let round = 0; round <= RUNS; round++) {
    // rotate the starting step so that no step always follows the same one
    for (let k = 0; k < steps.length; k++) {
      const [name, step] = steps[(round + k) % steps.length];
      let r;
      try {
        r = await step();
      } catch (err) {
        err.message = `round ${round}, ${name}: ${err.message}`;
        throw err;
      }
      if (round === 0) continue; // warm-up
      e2e[name].push(r.ms);
      if (name === 'large') memory.afterLarge.push(r.rss);
    }
    if (process.stderr.isTTY) process.stderr.write(`\r${round + 1}/${RUNS + 1}`);
  }
  if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');

  memory.end = procMiB(pid, 'VmRSS');
  await stopAcctServer(server);

  // 3. Memory of one upload on a service of its own (a fresh data directory): resident at start, peak, after;
  //    for the large file also the CLI's peak (maxRSS, reported at its exit by a preloaded hook; not timed).
  const peakFile = join(dirs.root, 'cli-peak');
  const preload = join(dirs.root, 'peak.cjs');
  writeFileSync(
    preload,
    "process.on('exit', () => require('node:fs').writeFileSync(process.env.BENCH_PEAK_FILE, " +
      'String(process.resourceUsage().maxRSS)));\n',
  );
  for (const key of ['small', 'large']) {
    const fresh = await startAcctServer({
      env: acctEnv,
      dataDir: join(dirs.root, `server-${key}`),
      token: TOKEN,
    });
    server = fresh.child;
    base = fresh.url;
    const m = { start: procMiB(server.pid, 'VmRSS') };
    const env =
      key === 'large' ? { ...cliEnv(1), NODE_OPTIONS: `--require ${preload}`, BENCH_PEAK_FILE: peakFile } : undefined;
    await cliUpload(files[key], { company: 1, env });
    m.peak = procMiB(server.pid, 'VmHWM');
    m.after = procMiB(server.pid, 'VmRSS');
    memory.fresh[key] = m;
    if (key === 'large') memory.cliPeak = Number(readFileSync(peakFile, 'utf8')) / 1024;
    await stopAcctServer(server);
  }
} catch (err) {
  die(`bank import benchmark failed: ${err.message}${err.cause ? ` (${err.cause.message ?? err.cause})` : ''}`);
} finally {
  await stopAcctServer(server);
}

// ---------------------------------------------------------------------------------------------
// Report

const f = (v) => (v >= 100 ? v.toFixed(0) : v.toFixed(1));
const rows = [['', 'median ms', 'p90 ms', 'min ms', 'max ms', 'ratio']];
const row = (label, st, ratio = '') => rows.push([label, f(st.median), f(st.p90), f(st.min), f(st.max), ratio]);
const S = Object.fromEntries(Object.entries(e2e).map(([k, v]) => [k, stats(v)]));
const x = (a, b) => `${(a / b).toFixed(2)}x`;
rows.push(['parse only (parseCamt in this process)']);
row(`  ${SMALL} transactions`, S.parseSmall);
row(`  ${LARGE} transactions`, S.parseLarge);
row(`  ${LARGE} transactions, ZIP`, S.parseZip);
rows.push([`end to end (whole process; fresh company each upload; ratio to node -e 0)`]);
row('  node -e 0 (baseline)', S.baseline, '1.00x');
row('  acct --version', S.version, x(S.version.median, S.baseline.median));
row(`  upload ${SMALL} transactions`, S.small, x(S.small.median, S.baseline.median));
row(`  upload ${LARGE} transactions`, S.large, x(S.large.median, S.baseline.median));
row(`    of which the service (HTTP)`, S.service);
row(`  upload ${LARGE} transactions, ZIP`, S.zip, x(S.zip.median, S.baseline.median));
row(`  re-upload ${LARGE} (all duplicates)`, S.duplicate, x(S.duplicate.median, S.baseline.median));
row(`  GET entries/import?limit=all (${mb(listBytes)})`, S.list);
const widths = rows[0].map((_, c) => Math.max(...rows.filter((r) => r.length > 1).map((r) => r[c].length)));
let out = `${header}upload command: ${uploadLabel} FILE; ${RUNS} measured runs after 1 warm-up, round-robin\n\n`;
for (const [n, r] of rows.entries()) {
  if (r.length === 1) {
    out += `${r[0]}\n`;
    continue;
  }
  out += `${r
    .map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c])))
    .join('  ')
    .trimEnd()}\n`;
  if (n === 0) out += `${widths.map((w) => '-'.repeat(w)).join('  ')}\n`;
}
const perTx = (S.large.median - S.small.median) / (LARGE - SMALL);
out +=
  `\nlinearity: upload ${LARGE} / ${SMALL} = ${x(S.large.median, S.small.median)}, parse ` +
  `${x(S.parseLarge.median, S.parseSmall.median)} ` +
  `(the files: ${(LARGE / SMALL).toFixed(0)}x); ${(perTx * 1000).toFixed(0)} µs a transaction beyond the fixed cost\n`;
out +=
  `share of the ${LARGE} upload: parsing ${((100 * S.parseLarge.median) / S.large.median).toFixed(0)} %, ` +
  `the CLI process around the request ` +
  `${((100 * Math.max(0, S.large.median - S.service.median)) / S.large.median).toFixed(0)} %\n`;
const fm = (m) => (m ? `${showMb(m.start)} at start, peak ${showMb(m.peak)}, ${showMb(m.after)} after` : '?');
out +=
  `\nservice memory, one upload on a fresh service: ${SMALL} → ${fm(memory.fresh.small)}\n` +
  `${' '.repeat(47)}${LARGE} → ${fm(memory.fresh.large)}\n`;
out +=
  `service memory over the runs above: ${showMb(memory.start)} at start; after each ${LARGE} upload ` +
  `${memory.afterLarge.map((v) => (v === undefined ? '?' : v.toFixed(0))).join(', ')} MB; ${showMb(memory.end)} ` +
  `at the end\n`;
out += `CLI peak (maxRSS) uploading ${LARGE}: ${showMb(memory.cliPeak)}\n`;
const load = loadavg()[0];
if (load > availableParallelism() * 0.75)
  out +=
    `note: the machine was busy (1-min load average ${load.toFixed(2)} on ${availableParallelism()} CPUs); ` +
    `figures are noisy, compare min ms\n`;
out +=
  `\ntarget: ${LARGE} transactions imported end to end in under ${TARGET_MS / 1000} s: ` +
  `${S.large.median < TARGET_MS ? 'met' : 'NOT met'} (median ${(S.large.median / 1000).toFixed(2)} s)\n`;
process.stdout.write(out);
process.exit(0);
