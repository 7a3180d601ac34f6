#!/usr/bin/env node
// CSV pipeline benchmark: `acct entries export` of 10,000 bookings (requests made, wall time, the CLI's
// peak memory) and `acct entries import` of 1,000 new bookings against `acct server start --rate-limit
// 600` (the rate achieved as a share of the limit, 429 answers seen). A recording proxy in front of the
// service counts what the CLI sends. Figures and ratios, no assertions: the exit code is 0 once they are
// printed, 1 when a step fails, 2 for a bad option.
//
//   node bench/pipeline.mjs [--bookings N] [--rows N] [--limit N] [--keep]
//
// See bench/README.md ("Pipeline benchmark").
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { join } from 'node:path';
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
} from './lib.mjs';

const NODE = process.execPath;
const TOKEN = 'bench-token';
const USAGE = 'usage: node bench/pipeline.mjs [--bookings N] [--rows N] [--limit N] [--keep]';

const opts = benchOptions(
  {
    bookings: { type: 'string', default: '10000' },
    rows: { type: 'string', default: '1000' },
    limit: { type: 'string', default: '600' },
    keep: { type: 'boolean', default: false },
  },
  USAGE,
  [
    '--bookings N   bookings the export reads (default 10000)',
    '--rows N       rows the import creates (default 1000)',
    "--limit N      the service's rate limit for the import, requests a minute (default 600)",
    '--keep         keep the data directories and the files, and print where they are',
  ],
);
const BOOKINGS = positiveInt(opts.bookings, '--bookings', 1);
const ROWS = positiveInt(opts.rows, '--rows', 1);
const LIMIT = positiveInt(opts.limit, '--limit', 1);
requireNodeAndBuild(ROOT, 'node_modules/.bin/node bench/pipeline.mjs');
const { DatabaseSync } = await import('node:sqlite');

const { dirs, acctEnv } = makeSandbox({ keep: opts.keep });
const MiB = 1024 * 1024;
const fmtMs = (ms) => (ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`);

/** A proxy that passes every request on to `target` and records its path, status and times. */
async function recordingProxy(target) {
  const to = new URL(target);
  const seen = [];
  const server = createServer((req, res) => {
    const entry = { method: req.method, path: req.url.replace(/\?.*/, ''), at: performance.now(), status: 0, done: 0 };
    seen.push(entry);
    const upstream = request(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        entry.status = answer.statusCode;
        res.writeHead(answer.statusCode, answer.headers);
        answer.pipe(res);
        answer.on('end', () => {
          entry.done = performance.now();
        });
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}${to.pathname}`,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}

/** Runs acct with `args`; resolves with its exit code, output, wall time and peak resident memory (VmHWM, polled). */
function runAcct(args, env) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(NODE, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let peak = 0;
    child.stdout.setEncoding('utf8').on('data', (d) => {
      stdout += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d) => {
      stderr += d;
    });
    const poll = setInterval(() => {
      const mib = procMiB(child.pid, 'VmHWM'); // undefined once it is gone
      if (mib !== undefined) peak = Math.max(peak, mib * 1024 * 1024);
    }, 20);
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(poll);
      resolve({ code, stdout, stderr, ms: performance.now() - t0, peak });
    });
  });
}

/**
 * Inserts `n` bookings of 2025 straight into the data directory's database (income with MWST, expenses with Vorsteuer,
 * rent).
 */
function seedBookings(dataDir, n) {
  const db = new DatabaseSync(join(dataDir, 'acct.sqlite'));
  const account = (number) =>
    Number(db.prepare('SELECT id FROM accounts WHERE company_id = 1 AND number = ?').get(number).id);
  const rate = (name) => Number(db.prepare('SELECT id FROM tax_rates WHERE company_id = 1 AND name = ?').get(name).id);
  const kinds = [
    ['income', 'E', account(1020), account(3400), rate('MWST 8.1 %')],
    ['expense', 'A', account(6500), account(1020), rate('Vorsteuer 8.1 %')],
    ['expense', 'A', account(6000), account(1020), null],
  ];
  const counters = { E: 0, A: 0 };
  const now = new Date().toISOString().replace(/\.\d+Z$/, '.000000Z');
  const insert =
    db.prepare(`INSERT INTO entries (company_id, user_id, number, type, date, description, sum, debit_account_id,
      credit_account_id, tax_rate_id, created_at, updated_at)
    VALUES (1, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  db.exec('BEGIN');
  for (let i = 0; i < n; i++) {
    const [type, prefix, debit, credit, taxRate] = kinds[i % 3];
    const date = new Date(Date.UTC(2025, 0, 1) + (i % 365) * 86400000).toISOString().slice(0, 10);
    insert.run(
      `${prefix}-2025-${String(++counters[prefix]).padStart(5, '0')}`,
      type,
      date,
      `Beleg ${i + 1}, "Bench"`,
      100 + ((i * 7919) % 2_500_000),
      debit,
      credit,
      taxRate,
      now,
      now,
    );
  }
  db.exec('COMMIT');
  db.close();
}

process.stdout.write(`acct pipeline benchmark: node ${process.version}\n\n`);

// ---- 1. export -----------------------------------------------------------------------------------
const exportData = join(dirs.root, 'export-data');
let server = (await startAcctServer({ env: acctEnv, dataDir: exportData, token: TOKEN })).child;
await stopAcctServer(server);
seedBookings(exportData, BOOKINGS);
let started = await startAcctServer({
  env: acctEnv,
  dataDir: exportData,
  token: TOKEN,
});
server = started.child;
let proxy = await recordingProxy(started.url);
const out = join(dirs.root, 'buchungen.csv');
const env = (url) => ({
  ...acctEnv,
  ACCT_BASE_URL: url,
  ACCT_TOKEN: TOKEN,
  ACCT_COMPANY: '1',
  ACCT_STATE_DIR: join(dirs.root, 'state'),
});
const exported = await runAcct(['entries', 'export', '--out', out], env(proxy.url));
if (exported.code !== 0) die(`acct entries export failed (exit ${exported.code}):\n${exported.stderr}`);
const lines = readFileSync(out, 'utf8').split('\r\n').length - 2;
if (lines !== BOOKINGS) die(`the export holds ${lines} bookings, not ${BOOKINGS}`);
const listRequests = proxy.seen.filter((s) => s.method === 'GET' && /\/entries$/.test(s.path)).length;
const others = proxy.seen.length - listRequests;
const otherPaths = [
  ...new Set(
    proxy.seen.filter((s) => !/\/entries$/.test(s.path)).map((s) => s.path.replace(/^\/api\/v2\/companies\/1/, '')),
  ),
];
process.stdout.write(`export of ${BOOKINGS} bookings (acct entries export --out FILE, rate limit off)\n`);
process.stdout.write(
  `  list requests (GET /entries)        ${listRequests}   (expected ${Math.ceil(BOOKINGS / 100)}: 100 a page)\n`,
);
process.stdout.write(`  other requests                      ${others}   (${otherPaths.join(', ')})\n`);
process.stdout.write(
  `  wall time                           ${fmtMs(exported.ms)}   (${Math.round(BOOKINGS / (exported.ms / 1000))} ` +
    `bookings/s)\n`,
);
process.stdout.write(
  `  peak RSS of the CLI                 ${(exported.peak / MiB).toFixed(1)} MiB   target <= 150 MiB: ` +
    `${exported.peak <= 150 * MiB ? 'met' : 'missed'}\n`,
);
process.stdout.write(
  `  file                                ${(readFileSync(out).length / MiB).toFixed(2)} MiB, ${lines} rows\n\n`,
);
await proxy.close();
await stopAcctServer(server);

// ---- 2. import against the rate limit --------------------------------------------------------------
const importData = join(dirs.root, 'import-data');
started = await startAcctServer({
  env: acctEnv,
  dataDir: importData,
  token: TOKEN,
  rateLimit: LIMIT,
});
server = started.child;
proxy = await recordingProxy(started.url);
const csv = join(dirs.root, 'neu.csv');
const rows = ['date,debit_account,credit_account,sum,tax_rate,description'];
for (let i = 1; i <= ROWS; i++)
  rows.push(
    `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')},1020,3400,` +
      `${i}.${String(i % 100).padStart(2, '0')},MWST 8.1 %,Import ${i}`,
  );
writeFileSync(csv, `${rows.join('\n')}\n`);
const imported = await runAcct(['entries', 'import', csv, '-o', 'json'], env(proxy.url));
if (imported.code !== 0) die(`acct entries import failed (exit ${imported.code}):\n${imported.stderr}`);
const summary = JSON.parse(imported.stdout);
if (summary.created !== ROWS) die(`the import created ${summary.created} bookings, not ${ROWS}`);
const seen = proxy.seen;
const first = seen[0].at;
const last = Math.max(...seen.map((s) => s.done));
const tooMany = seen.filter((s) => s.status === 429).length;
// the service's windows: 60 s each, the first starting with the first request
const windows = [];
for (const s of seen) {
  const w = Math.floor((s.at - first) / 60_000);
  windows[w] = (windows[w] ?? 0) + 1;
}
const full = windows.length - 1;
// the rate over the windows that ran their full minute: requests in them per minute of time they took
const lastWindowStart = seen.find((s) => s.at - first >= full * 60_000)?.at ?? last;
const sustained =
  full > 0
    ? seen.filter((s) => s.at < lastWindowStart).length / ((lastWindowStart - first) / 60_000)
    : seen.length / ((last - first) / 60_000);
const overall = seen.length / ((last - first) / 60_000);
process.stdout.write(
  `import of ${ROWS} new bookings (acct entries import FILE) against acct server start --rate-limit ${LIMIT}\n`,
);
process.stdout.write(
  `  requests                            ${seen.length}   (${seen.filter((s) => s.method === 'POST').length} ` +
    `POST, ${seen.filter((s) => s.method === 'GET').length} GET)\n`,
);
process.stdout.write(`  per service window (60 s)           ${windows.map((n) => String(n ?? 0)).join(', ')}\n`);
process.stdout.write(`  wall time                           ${fmtMs(imported.ms)}\n`);
process.stdout.write(
  `  achieved rate (full windows)        ${sustained.toFixed(0)}/min = ${((sustained / LIMIT) * 100).toFixed(1)} ` +
    `% of the limit   target >= 95 %: ${sustained >= 0.95 * LIMIT ? 'met' : 'missed'}\n`,
);
process.stdout.write(
  `  overall (first to last request)     ${overall.toFixed(0)}/min = ${((overall / LIMIT) * 100).toFixed(1)} % of ` +
    `the limit (a last window that is not full counts as a burst)\n`,
);
process.stdout.write(
  `  429 answers seen                    ${tooMany}   target 0: ${tooMany === 0 ? 'met' : 'missed'}\n`,
);
process.stdout.write(`  peak RSS of the CLI                 ${(imported.peak / MiB).toFixed(1)} MiB\n`);
await proxy.close();
await stopAcctServer(server);
if (opts.keep) process.stdout.write(`\nkept: ${dirs.root}\n`);
