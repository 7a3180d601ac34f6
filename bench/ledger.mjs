#!/usr/bin/env node
// Ledger benchmark: `acct report trial-balance` over 100,000 bookings of one year against
// `acct server start`, compared with `hledger bal` on the same bookings written as a journal (the VAT
// split as explicit postings). Both must give the same per-account totals to the cent; the figures are
// the medians of several runs and their ratio (target: acct at least 5× faster). Then the monthly
// income statement (`acct report income-statement --monthly`, twelve balance requests) against
// `hledger bal -M`: the same figure per income and expense account per month, and its time (target:
// under 1 s). Times are printed, never asserted.
//
//   node bench/ledger.mjs [--bookings N] [--runs N] [--year YYYY] [--seed N] [--keep]
//
// See bench/README.md ("Ledger benchmark").
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import {
  benchOptions,
  BIN,
  die,
  ensureHledger,
  fmtMs as fmt,
  httpGet,
  makeSandbox,
  median,
  mustRun,
  positiveInt,
  requireNodeAndBuild,
  ROOT,
  startAcctServer,
  stopAcctServer,
} from './lib.mjs';
import {
  compareTotals as compare,
  decimal,
  hledgerTotals as totalsOf,
  loadVatRule,
  rappen,
  seedBookings,
  YEAR_HELP,
  YEAR_OPTIONS,
  yearOptions,
} from './bookings.mjs';

const NODE = process.execPath;
const TOKEN = 'bench-token';

let server = null;

// ---------------------------------------------------------------------------------------------
// Options

const opts = benchOptions(
  { ...YEAR_OPTIONS, runs: { type: 'string', default: '7' } },
  'usage: node bench/ledger.mjs [--bookings N] [--runs N] [--year YYYY] [--seed N] [--keep]',
  [
    '--bookings N   bookings to generate (default 100000)',
    '--runs N       measured runs of each command after one warm-up run (default 7)',
    ...YEAR_HELP,
  ],
);
const { bookings: BOOKINGS, year: YEAR, seed: SEED } = yearOptions(opts);
const RUNS = positiveInt(opts.runs, '--runs', 1);

requireNodeAndBuild(ROOT, 'node_modules/.bin/node bench/ledger.mjs');

// The VAT split: the very rule the service and the reports use (src/domain/vat.ts).
const vat = await loadVatRule(ROOT);

// ---------------------------------------------------------------------------------------------
// Sandbox and the service

const { dirs, baseEnv, acctEnv } = makeSandbox({ keep: opts.keep });

async function startServer() {
  const started = await startAcctServer({
    env: acctEnv,
    dataDir: dirs.serverData,
    token: TOKEN,
    timeoutMs: 30000,
  });
  server = started.child;
  return started.url;
}

const stopServer = () => stopAcctServer(server);

// ---------------------------------------------------------------------------------------------
// Run

const hledger = ensureHledger();
process.stdout.write(`acct ledger benchmark: ${BOOKINGS} bookings in ${YEAR}, node ${process.version}, ${hledger}\n`);

// 1. a fresh data directory, seeded by the service (company 1 with the standard chart and the default tax rates)
await startServer();
await stopServer();

// 2. the bookings, inserted straight into its SQLite database, and the same bookings as a journal
const journalFile = join(dirs.root, 'ledger.journal');
const {
  journal,
  totals,
  mix,
  ms: seedMs,
} = seedBookings(dirs.serverData, { journalFile, bookings: BOOKINGS, year: YEAR, seed: SEED, vat });
const postingsCount = journal.split('\n').filter((l) => l.startsWith('    ')).length;
process.stdout.write(
  `generated in ${fmt(seedMs)}: ${mix.income} income, ${mix.expense} expense, ${mix.swap} swap; ${mix.withVat} ` +
    `with a tax rate (${mix.acquisition} acquisition tax); ${postingsCount} postings in the journal\n`,
);

// 3. the service on the data directory
const base = await startServer();
const from = `${YEAR}-01-01`;
const to = `${YEAR}-12-31`;
const env = { ...acctEnv, ACCT_BASE_URL: base, ACCT_TOKEN: TOKEN, ACCT_COMPANY: '1' };
const acctArgs = [BIN, 'report', 'trial-balance', '--from', from, '--to', to, '-o', 'tsv'];
const hledgerArgs = ['-f', journalFile, 'balance', '-O', 'csv', '--no-total', '-b', from, '-e', `${YEAR + 1}-01-01`];
const monthlyArgs = [BIN, 'report', 'income-statement', '-p', String(YEAR), '--monthly', '-o', 'tsv'];
const hledgerMonthlyArgs = [
  '-f',
  journalFile,
  'balance',
  '-M',
  '-O',
  'csv',
  '--no-total',
  '-b',
  from,
  '-e',
  `${YEAR + 1}-01-01`,
];
const MONTHS = Array.from({ length: 12 }, (_, i) => `${YEAR}-${String(i + 1).padStart(2, '0')}`);

// 4. check: both give the generator's per-account totals to the cent
const acctRun = await mustRun(NODE, acctArgs, { env });
const acctTotals = new Map();
for (const line of acctRun.stdout.trim().split('\n').slice(1)) {
  const [kind, number, , , debit, credit] = line.split('\t');
  if (kind !== 'account') continue;
  acctTotals.set(Number(number), (debit ? rappen(debit) : 0) - (credit ? rappen(credit) : 0));
}
if (!/^Debits equal credits/.test(acctRun.stderr)) die(`acct's trial balance does not balance:\n${acctRun.stderr}`);
const hledgerRun = await mustRun('hledger', hledgerArgs, { env: baseEnv });
const hledgerTotals = totalsOf(hledgerRun.stdout);
const nonZero = new Map([...totals].filter(([, v]) => v !== 0));
const acctDiffs = compare(nonZero, acctTotals, 'acct');
const hledgerDiffs = compare(nonZero, hledgerTotals, 'hledger');
if (acctDiffs.length || hledgerDiffs.length) {
  die(
    `THE TOTALS DIFFER\n${acctDiffs.length ? `acct vs the bookings:\n${acctDiffs.join('\n')}\n` : ''}` +
      `${hledgerDiffs.length ? `hledger vs the bookings:\n${hledgerDiffs.join('\n')}\n` : ''}`,
  );
}
process.stdout.write(`totals agree to the cent: ${nonZero.size} accounts, acct = hledger = the generated postings\n`);

// 4b. check: the monthly income statement = hledger bal -M on the income and expense accounts, per account per month
const typeOf = new Map();
for (const type of ['income', 'expense']) {
  const res = await httpGet(`${base}/companies/1/accounts?type=${type}`, TOKEN);
  if (res.status !== 200) die(`GET /accounts?type=${type} answered ${res.status}: ${res.text}`);
  const body = JSON.parse(res.text);
  for (const a of Array.isArray(body) ? body : body.data) typeOf.set(Number(a.number), type);
}
const monthlyRun = await mustRun(NODE, monthlyArgs, { env });
const [monthlyHeader, ...monthlyLines] = monthlyRun.stdout
  .trim()
  .split('\n')
  .map((l) => l.split('\t'));
if (MONTHS.some((m) => !monthlyHeader.includes(m)))
  die(`acct's monthly income statement lacks month columns: ${monthlyHeader.join(' ')}`);
const cellsOf = (header, cells) => Object.fromEntries(header.map((h, i) => [h, cells[i]]));
const acctMonthly = new Map();
for (const line of monthlyLines) {
  const row = cellsOf(monthlyHeader, line);
  if (row.kind !== 'account') continue;
  // both in debit − credit, as hledger shows them: income (credit) negative
  const sign = row.section === 'income' ? -1 : 1;
  for (const m of MONTHS) acctMonthly.set(`${row.number} ${m}`, sign * rappen(row[m]));
}
const hledgerMonthlyRun = await mustRun('hledger', hledgerMonthlyArgs, { env: baseEnv });
const [hHeader, ...hLines] = hledgerMonthlyRun.stdout
  .trim()
  .split('\n')
  .map((l) => l.split(',').map((c) => c.replace(/^"|"$/g, '')));
const hledgerMonthly = new Map();
for (const line of hLines) {
  const row = cellsOf(hHeader, line);
  if (!/^\d+$/.test(row.account) || !typeOf.has(Number(row.account))) continue;
  for (const m of MONTHS) hledgerMonthly.set(`${row.account} ${m}`, rappen(row[m] ?? '0'));
}
const monthlyDiffs = [];
for (const k of new Set([...acctMonthly.keys(), ...hledgerMonthly.keys()])) {
  const x = acctMonthly.get(k) ?? 0;
  const y = hledgerMonthly.get(k) ?? 0;
  if (x !== y) monthlyDiffs.push(`  ${k}: acct ${decimal(x)}, hledger ${decimal(y)}`);
}
if (monthlyDiffs.length)
  die(`THE MONTHLY INCOME STATEMENTS DIFFER (debit − credit)\n${monthlyDiffs.sort().join('\n')}\n`);
const monthlyAccounts = new Set([...acctMonthly.keys()].map((k) => k.split(' ')[0])).size;
process.stdout.write(
  `monthly income statement agrees with hledger bal -M to the cent: ${monthlyAccounts} income and expense ` +
    `accounts x 12 months\n`,
);

// 5. timing: one warm-up (done above), then RUNS measured runs each, alternating
const times = { acct: [], hledger: [], api: [], monthly: [], hledgerMonthly: [] };
for (let i = 0; i < RUNS; i++) {
  times.acct.push((await mustRun(NODE, acctArgs, { env })).ms);
  times.hledger.push((await mustRun('hledger', hledgerArgs, { env: baseEnv })).ms);
  times.monthly.push((await mustRun(NODE, monthlyArgs, { env })).ms);
  times.hledgerMonthly.push((await mustRun('hledger', hledgerMonthlyArgs, { env: baseEnv })).ms);
  const res = await httpGet(`${base}/companies/1/accounts?type=all&start=${from}&until=${to}`, TOKEN);
  if (res.status !== 200) die(`GET /accounts answered ${res.status}: ${res.text}`);
  times.api.push(res.ms);
}
await stopServer();

const a = median(times.acct);
const h = median(times.hledger);
const ratio = h / a;
process.stdout.write(`\n${RUNS} measured runs each (after one warm-up), medians:\n`);
process.stdout.write(
  `  acct report trial-balance (CLI process + service)  ${fmt(a).padStart(9)}   (min ` +
    `${fmt(Math.min(...times.acct))})\n`,
);
process.stdout.write(`    of which GET /accounts?start&until (the service)  ${fmt(median(times.api)).padStart(9)}\n`);
process.stdout.write(
  `  hledger balance                                     ${fmt(h).padStart(9)}   (min ` +
    `${fmt(Math.min(...times.hledger))})\n`,
);
process.stdout.write(
  `  ratio hledger / acct                                ${ratio.toFixed(1).padStart(7)}x   target >= 5x: ` +
    `${ratio >= 5 ? 'ok' : 'MISSED'}\n`,
);
const m = median(times.monthly);
process.stdout.write(
  `  acct report income-statement --monthly (12 requests)  ${fmt(m).padStart(7)}   (min ` +
    `${fmt(Math.min(...times.monthly))})   target < 1 s: ${m < 1000 ? 'ok' : 'MISSED'}\n`,
);
process.stdout.write(
  `  hledger balance -M                                  ${fmt(median(times.hledgerMonthly)).padStart(9)}   (min ` +
    `${fmt(Math.min(...times.hledgerMonthly))})\n`,
);
const load = loadavg()[0];
if (load > availableParallelism() * 0.75)
  process.stdout.write(
    `note: the 1-minute load average is ${load.toFixed(1)} on ${availableParallelism()} CPUs; medians drift on a ` +
      `busy machine\n`,
  );
if (opts.keep) process.stdout.write(`kept: data directory ${dirs.serverData}, journal ${journalFile}\n`);
