#!/usr/bin/env node
// Ledger benchmark: `acct report trial-balance` over 100,000 bookings of one year against
// `acct server start`, compared with `hledger bal` on the same bookings written as a journal (the VAT
// split as explicit postings). Both must give the same per-account totals to the cent; the figures are
// the medians of several runs and their ratio (target: acct at least 5× faster).
//
//   node bench/ledger.mjs [--bookings N] [--runs N] [--year YYYY] [--seed N] [--keep]
//
// See bench/README.md ("Ledger benchmark").
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { die, makeSandbox, positiveInt, requireNodeAndBuild, startAcctServer, stopAcctServer } from './lib.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin', 'acct.js');
const NODE = process.execPath;
const TOKEN = 'bench-token';

let server = null;

// ---------------------------------------------------------------------------------------------
// Options

let opts;
try {
  ({ values: opts } = parseArgs({
    options: {
      bookings: { type: 'string', default: '100000' },
      runs: { type: 'string', default: '7' },
      year: { type: 'string', default: '2025' },
      seed: { type: 'string', default: '20250101' },
      keep: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  }));
} catch (err) {
  die(`${err.message}\nusage: node bench/ledger.mjs [--bookings N] [--runs N] [--year YYYY] [--seed N] [--keep]`, 2);
}
if (opts.help) {
  process.stdout.write('usage: node bench/ledger.mjs [--bookings N] [--runs N] [--year YYYY] [--seed N] [--keep]\n' +
    '  --bookings N   bookings to generate (default 100000)\n' +
    '  --runs N       measured runs of each command after one warm-up run (default 7)\n' +
    '  --year YYYY    the year of the bookings (default 2025)\n' +
    '  --seed N       seed of the generator (default 20250101)\n' +
    '  --keep         keep the data directory and the journal, and print where they are\n');
  process.exit(0);
}
const BOOKINGS = positiveInt(opts.bookings, '--bookings', 1);
const RUNS = positiveInt(opts.runs, '--runs', 1);
const YEAR = positiveInt(opts.year, '--year', 1000);
const SEED = positiveInt(opts.seed, '--seed', 0);

requireNodeAndBuild(ROOT, 'node_modules/.bin/node bench/ledger.mjs');

// The VAT split: the very rule the service and the reports use (src/domain/vat.ts, bundled here in memory).
const { build } = await import('esbuild');
const vatBundle = await build({ entryPoints: [join(ROOT, 'src/domain/vat.ts')], bundle: true, format: 'esm', platform: 'node', write: false, logLevel: 'silent' });
const { postings, bookingType } = await import(`data:text/javascript;base64,${Buffer.from(vatBundle.outputFiles[0].text).toString('base64')}`);
const { DatabaseSync } = await import('node:sqlite');

// ---------------------------------------------------------------------------------------------
// hledger

function hledgerVersion() {
  const r = spawnSync('hledger', ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

function ensureHledger() {
  let version = hledgerVersion();
  if (version) return version;
  process.stderr.write('bench: hledger is missing; installing the Debian package (apt-get install -y hledger)\n');
  const apt = (args) => spawnSync('apt-get', args, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  let r = apt(['install', '-y', 'hledger']);
  if (r.status !== 0) {
    process.stderr.write('bench: apt-get install failed; running apt-get update first\n');
    apt(['update']);
    r = apt(['install', '-y', 'hledger']);
  }
  version = hledgerVersion();
  if (!version) die('hledger could not be installed (apt-get install -y hledger failed; are you root?)');
  return version;
}

// ---------------------------------------------------------------------------------------------
// Sandbox and the service

const { dirs, baseEnv, acctEnv } = makeSandbox({ keep: opts.keep });

async function startServer() {
  const started = await startAcctServer({ node: NODE, bin: BIN, cwd: ROOT, env: acctEnv, dataDir: dirs.serverData, token: TOKEN, timeoutMs: 30000 });
  server = started.child;
  return started.url;
}

const stopServer = () => stopAcctServer(server);

// ---------------------------------------------------------------------------------------------
// The bookings: a deterministic, realistic mix over one year

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** [weight, debit numbers, credit numbers, [weight, tax rate name | null][]] */
const KINDS = [
  // income: bank or receivables against revenue, mostly with output VAT
  [30, [1020, 1020, 1010], [3400, 3400, 3200, 3000, 3600], [[70, 'MWST 8.1 %'], [12, 'MWST 2.6 %'], [5, 'MWST 3.8 %'], [13, null]]],
  [8, [1100], [3400, 3200], [[85, 'MWST 8.1 %'], [15, null]]],
  // expenses: paid from the bank or on credit, mostly with input VAT; some foreign services with acquisition tax
  [34, [4000, 4200, 4400, 6000, 6100, 6200, 6300, 6400, 6500, 6570, 6600, 6700], [1020, 1020, 1020, 2000], [[55, 'Vorsteuer 8.1 %'], [10, 'Vorsteuer 2.6 %'], [5, 'Bezugsteuer 8.1 %'], [30, null]]],
  [8, [5000, 5700, 6940, 6900, 8900], [1020], [[100, null]]],
  // swaps: investments with input tax on investments, transfers, customer payments, supplier payments
  [5, [1510, 1520, 1530], [1020], [[80, 'Vorsteuer Investitionen 8.1 %'], [20, null]]],
  [10, [1020], [1100], [[100, null]]],
  [5, [2000], [1020], [[100, null]]],
  [0.1, [1020], [2800], [[100, null]]],
  [0.1, [6800], [1510, 1520], [[100, null]]],
];
const TOTAL_WEIGHT = KINDS.reduce((s, k) => s + k[0], 0);

function pick(rand, list) { return list[Math.floor(rand() * list.length)]; }
function weighted(rand, list) {
  let x = rand() * list.reduce((s, [w]) => s + w, 0);
  for (const [w, v] of list) { if ((x -= w) < 0) return v; }
  return list[list.length - 1][1];
}

function generate(db) {
  const accounts = new Map(db.prepare(`SELECT a.id, a.number, c.type FROM accounts a JOIN account_categories c ON c.id = a.account_category_id WHERE a.company_id = 1`).all()
    .map((r) => [Number(r.number), { id: Number(r.id), number: Number(r.number), type: r.type }]));
  const byId = new Map([...accounts.values()].map((a) => [a.id, a]));
  const rates = new Map(db.prepare('SELECT * FROM tax_rates WHERE company_id = 1').all().map((r) => [r.name, r]));
  for (const k of KINDS) for (const n of [...k[1], ...k[2]]) if (!accounts.has(n)) die(`the standard chart has no account ${n}`);
  for (const k of KINDS) for (const [, name] of k[3]) if (name && !rates.has(name)) die(`the default tax rates have no "${name}"`);

  const rand = mulberry32(SEED);
  const start = Date.UTC(YEAR, 0, 1);
  const days = (Date.UTC(YEAR + 1, 0, 1) - start) / 86400000;
  const counters = { income: 0, expense: 0, swap: 0 };
  const prefix = { income: 'E', expense: 'A', swap: 'U' };
  const now = new Date().toISOString().replace(/\.\d+Z$/, '.000000Z');
  const insert = db.prepare(`INSERT INTO entries (company_id, user_id, number, type, date, description, sum, debit_account_id, credit_account_id, tax_rate_id, created_at, updated_at)
    VALUES (1, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const journal = [];
  const totals = new Map(); // account number → debit − credit in Rappen (what both tools must report)
  const mix = { income: 0, expense: 0, swap: 0, withVat: 0, acquisition: 0 };

  db.exec('BEGIN');
  for (let i = 0; i < BOOKINGS; i++) {
    let x = rand() * TOTAL_WEIGHT;
    let kind = KINDS[0];
    for (const k of KINDS) { if ((x -= k[0]) < 0) { kind = k; break; } }
    const debit = accounts.get(pick(rand, kind[1]));
    const credit = accounts.get(pick(rand, kind[2]));
    const rateName = weighted(rand, kind[3]);
    const rate = rateName ? rates.get(rateName) : null;
    // amounts: mostly small, a long tail up to 25'000.00
    const sum = Math.max(100, Math.round(Math.exp(rand() * Math.log(2_500_000))));
    const date = new Date(start + Math.floor(rand() * days) * 86400000).toISOString().slice(0, 10);
    const type = bookingType(debit.type, credit.type);
    const number = `${prefix[type]}-${YEAR}-${String(++counters[type]).padStart(3, '0')}`;
    const description = `Beleg ${i + 1}`;
    insert.run(number, type, date, description, sum, debit.id, credit.id, rate ? Number(rate.id) : null, now, now);
    mix[type]++;
    if (rate) { mix.withVat++; if (Number(rate.is_acquisition_tax) === 1) mix.acquisition++; }

    const taxAccount = rate ? byId.get(Number(rate.account_id)) : null;
    const split = postings({
      sum, debitAccountId: debit.id, creditAccountId: credit.id, debitType: debit.type, creditType: credit.type,
      taxRate: rate ? {
        rate: Number(rate.rate), calculationMethod: rate.calculation_method === 'gross' ? 'gross' : 'net', isAcquisitionTax: Number(rate.is_acquisition_tax) === 1,
        accountId: Number(rate.account_id), accountType: taxAccount?.type, acquisitionAccountId: rate.acquisition_account_id === null ? null : Number(rate.acquisition_account_id),
      } : null,
    });
    let text = `${date} ${number} ${description}\n`;
    for (const p of split) {
      const n = byId.get(p.accountId).number;
      const amount = p.debit - p.credit;
      totals.set(n, (totals.get(n) ?? 0) + amount);
      text += `    ${n}    ${decimal(amount)}\n`;
    }
    journal.push(text);
  }
  db.exec('COMMIT');
  return { journal: journal.join('\n'), totals, mix };
}

function decimal(rappen) {
  const abs = Math.abs(rappen);
  const digits = String(abs).padStart(3, '0');
  return `${rappen < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** "-1234.5" / "1,234.50" → Rappen, by the text (no float sums). */
function rappen(text) {
  const m = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(String(text).replace(/,/g, '').trim());
  if (!m) throw new Error(`not an amount: ${JSON.stringify(text)}`);
  const v = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -v : v;
}

// ---------------------------------------------------------------------------------------------
// Timing

function timed(cmd, args, env) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.error) die(`${cmd} failed to start: ${r.error.message}`);
  if (r.status !== 0) die(`${cmd} ${args.join(' ')} exited ${r.status}\n${r.stdout}\n${r.stderr}`);
  return { ms, stdout: r.stdout, stderr: r.stderr };
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const fmt = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);

function compare(expected, got, label) {
  const keys = new Set([...expected.keys(), ...got.keys()]);
  const diffs = [];
  for (const k of [...keys].sort((a, b) => a - b)) {
    const e = expected.get(k) ?? 0;
    const g = got.get(k) ?? 0;
    if (e !== g) diffs.push(`  ${k}: expected ${decimal(e)}, ${label} ${decimal(g)}`);
  }
  return diffs;
}

// ---------------------------------------------------------------------------------------------
// Run

const hledger = ensureHledger();
process.stdout.write(`acct ledger benchmark: ${BOOKINGS} bookings in ${YEAR}, node ${process.version}, ${hledger}\n`);

// 1. a fresh data directory, seeded by the service (company 1 with the standard chart and the default tax rates)
await startServer();
await stopServer();

// 2. the bookings, inserted straight into its SQLite database, and the same bookings as a journal
const t0 = performance.now();
const db = new DatabaseSync(join(dirs.serverData, 'acct.sqlite'));
db.exec('PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;');
const { journal, totals, mix } = generate(db);
db.exec('ANALYZE');
db.close();
const journalFile = join(dirs.root, 'ledger.journal');
writeFileSync(journalFile, journal);
const postingsCount = journal.split('\n').filter((l) => l.startsWith('    ')).length;
process.stdout.write(`generated in ${fmt(performance.now() - t0)}: ${mix.income} income, ${mix.expense} expense, ${mix.swap} swap; ${mix.withVat} with a tax rate (${mix.acquisition} acquisition tax); ${postingsCount} postings in the journal\n`);

// 3. the service on the data directory
const base = await startServer();
const from = `${YEAR}-01-01`;
const to = `${YEAR}-12-31`;
const env = { ...acctEnv, ACCT_BASE_URL: base, ACCT_TOKEN: TOKEN, ACCT_COMPANY: '1' };
const acctArgs = [BIN, 'report', 'trial-balance', '--from', from, '--to', to, '-o', 'tsv'];
const hledgerArgs = ['-f', journalFile, 'balance', '-O', 'csv', '--no-total', '-b', from, '-e', `${YEAR + 1}-01-01`];

// 4. check: both give the generator's per-account totals to the cent
const acctRun = timed(NODE, acctArgs, env);
const acctTotals = new Map();
for (const line of acctRun.stdout.trim().split('\n').slice(1)) {
  const [kind, number, , , debit, credit] = line.split('\t');
  if (kind !== 'account') continue;
  acctTotals.set(Number(number), (debit ? rappen(debit) : 0) - (credit ? rappen(credit) : 0));
}
if (!/^Debits equal credits/.test(acctRun.stderr)) die(`acct's trial balance does not balance:\n${acctRun.stderr}`);
const hledgerRun = timed('hledger', hledgerArgs, baseEnv);
const hledgerTotals = new Map();
for (const line of hledgerRun.stdout.trim().split('\n').slice(1)) {
  const [account, amount] = line.split(',').map((s) => s.replace(/^"|"$/g, ''));
  if (!/^\d+$/.test(account)) continue;
  hledgerTotals.set(Number(account), rappen(amount));
}
const nonZero = new Map([...totals].filter(([, v]) => v !== 0));
const acctDiffs = compare(nonZero, acctTotals, 'acct');
const hledgerDiffs = compare(nonZero, hledgerTotals, 'hledger');
if (acctDiffs.length || hledgerDiffs.length) {
  die(`THE TOTALS DIFFER\n${acctDiffs.length ? `acct vs the bookings:\n${acctDiffs.join('\n')}\n` : ''}${hledgerDiffs.length ? `hledger vs the bookings:\n${hledgerDiffs.join('\n')}\n` : ''}`);
}
process.stdout.write(`totals agree to the cent: ${nonZero.size} accounts, acct = hledger = the generated postings\n`);

// 5. timing: one warm-up (done above), then RUNS measured runs each, alternating
const times = { acct: [], hledger: [], api: [] };
for (let i = 0; i < RUNS; i++) {
  times.acct.push(timed(NODE, acctArgs, env).ms);
  times.hledger.push(timed('hledger', hledgerArgs, baseEnv).ms);
  const t = performance.now();
  const res = await fetch(`${base}/companies/1/accounts?type=all&start=${from}&until=${to}`, { headers: { authorization: `Bearer ${TOKEN}`, accept: 'application/json' } });
  await res.arrayBuffer();
  times.api.push(performance.now() - t);
}
await stopServer();

const a = median(times.acct);
const h = median(times.hledger);
const ratio = h / a;
process.stdout.write(`\n${RUNS} measured runs each (after one warm-up), medians:\n`);
process.stdout.write(`  acct report trial-balance (CLI process + service)  ${fmt(a).padStart(9)}   (min ${fmt(Math.min(...times.acct))})\n`);
process.stdout.write(`    of which GET /accounts?start&until (the service)  ${fmt(median(times.api)).padStart(9)}\n`);
process.stdout.write(`  hledger balance                                     ${fmt(h).padStart(9)}   (min ${fmt(Math.min(...times.hledger))})\n`);
process.stdout.write(`  ratio hledger / acct                                ${ratio.toFixed(1).padStart(7)}x   target >= 5x: ${ratio >= 5 ? 'ok' : 'MISSED'}\n`);
const load = loadavg()[0];
if (load > availableParallelism() * 0.75) process.stdout.write(`note: the 1-minute load average is ${load.toFixed(1)} on ${availableParallelism()} CPUs; medians drift on a busy machine\n`);
if (opts.keep) process.stdout.write(`kept: data directory ${dirs.serverData}, journal ${journalFile}\n`);
