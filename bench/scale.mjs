#!/usr/bin/env node
// Scale benchmark: a real company's year (100,000 bookings by default) against `acct server start`, and
// the same bookings as an hledger journal. Measures what issue 14 set targets for, each figure beside
// the baseline it is compared with in the same run:
//   - accounts: GET /accounts?start&until (median), the service's resident memory after ten
//     `report balance-sheet`;
//   - reports: `report balance-sheet`, `report vat`, `report ledger --account 1020`, against `hledger
//     balance` on the journal (same figures checked first);
//   - pages: walking GET /entries page by page, page 1,000 against page 1, with and without
//     filter[account_id];
//   - export: `entries list --all -o csv` at N and at 2N bookings, with the CLI's peak memory.
// Figures, not assertions: exit 0 once printed, 1 when a check fails, 2 for a bad option.
//
// node bench/scale.mjs [--bookings N] [--runs N] [--only LIST] [--per-page N] [--pages N] [--year YYYY] [--seed N]
// [--keep]
//
// See bench/README.md ("Scale benchmark").
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import {
  benchOptions,
  BIN,
  die,
  ensureHledger,
  fmtMs,
  httpGet,
  makeSandbox,
  median,
  mustRun,
  positiveInt,
  procMiB,
  requireNodeAndBuild,
  ROOT,
  startAcctServer,
  stopAcctServer,
} from './lib.mjs';
import {
  compareTotals,
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
const SECTIONS = ['accounts', 'reports', 'pages', 'export'];
const USAGE =
  'usage: node bench/scale.mjs [--bookings N] [--runs N] [--only accounts,reports,pages,export] [--per-page N] ' +
  '[--pages N] [--year YYYY] [--seed N] [--keep]';

const opts = benchOptions(
  {
    ...YEAR_OPTIONS,
    runs: { type: 'string', default: '3' },
    only: { type: 'string', default: SECTIONS.join(',') },
    'per-page': { type: 'string', default: '50' },
    pages: { type: 'string', default: '1000' },
  },
  USAGE,
  [
    '--bookings N   bookings to generate in the year (default 100000; the export adds as many again)',
    '--runs N       measured runs of each report and of hledger after one warm-up (default 3)',
    `--only LIST    sections to run, of ${SECTIONS.join(', ')} (default all)`,
    '--per-page N   page size of the page walk (default 50)',
    '--pages N      pages walked (default 1000)',
    ...YEAR_HELP,
  ],
);
const { bookings: BOOKINGS, year: YEAR, seed: SEED } = yearOptions(opts);
const RUNS = positiveInt(opts.runs, '--runs', 1);
const PER_PAGE = positiveInt(opts['per-page'], '--per-page', 1);
const PAGES = positiveInt(opts.pages, '--pages', 20);
const only = new Set(
  opts.only
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
for (const s of only) if (!SECTIONS.includes(s)) die(`--only: unknown section "${s}" (${SECTIONS.join(', ')})`, 2);
if (PER_PAGE > 100) die("--per-page must be at most 100 (the API's limit)", 2);

requireNodeAndBuild(ROOT, 'node_modules/.bin/node bench/scale.mjs');
const vat = await loadVatRule(ROOT);
const hledger = only.has('reports') ? ensureHledger() : 'hledger not used';

const { dirs, baseEnv, acctEnv } = makeSandbox({ keep: opts.keep });
let server = null;
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

const out = (line = '') => process.stdout.write(`${line}\n`);
const row = (label, value, extra = '') =>
  out(`  ${label.padEnd(58)} ${value.padStart(9)}${extra ? `   ${extra}` : ''}`);
const verdict = (ok) => (ok ? 'ok' : 'MISSED');
const from = `${YEAR}-01-01`;
const to = `${YEAR}-12-31`;

// ---------------------------------------------------------------------------------------------
// The data: the service seeds company 1, the bookings go straight into its database

out(
  `acct scale benchmark: ${BOOKINGS} bookings in ${YEAR}, node ${process.version}, ${hledger}, ` +
    `${availableParallelism()} CPUs`,
);
await startServer();
await stopAcctServer(server);
const insertYear = (year, seed, company = 1, journalFile = undefined) =>
  seedBookings(dirs.serverData, { journalFile, bookings: BOOKINGS, year, seed, vat, company });
const journalFile = join(dirs.root, 'ledger.journal');
const first = insertYear(YEAR, SEED, 1, journalFile);
out(
  `generated in ${fmtMs(first.ms)}: ${first.mix.income} income, ${first.mix.expense} expense, ${first.mix.swap} ` +
    `swap; ${first.mix.withVat} with a tax rate`,
);

const base = await startServer();
const env = { ...acctEnv, ACCT_BASE_URL: base, ACCT_TOKEN: TOKEN, ACCT_COMPANY: '1' };
const acct = (args, options = {}) => mustRun(NODE, [BIN, ...args], { env, ...options });
const api = async (path) => {
  const res = await httpGet(`${base}/companies/1${path}`, TOKEN);
  if (res.status !== 200) die(`GET ${path} answered ${res.status}: ${res.text.slice(0, 500)}`);
  return res;
};
const tsvRows = (text) =>
  text
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t'));

/** Runs a command once (warm-up, checked by `check`) and then RUNS times; the median and min. */
async function measure(runOnce, check) {
  check?.(await runOnce());
  const times = [];
  for (let i = 0; i < RUNS; i++) times.push((await runOnce()).ms);
  return { median: median(times), min: Math.min(...times) };
}

let missed = 0;
let met = 0;
const target = (ok) => {
  if (ok) met++;
  else missed++;
  return verdict(ok);
};

// ---------------------------------------------------------------------------------------------
// accounts: GET /accounts?start&until and the service's memory after ten balance sheets

if (only.has('accounts')) {
  out('\naccounts');
  await api(`/accounts?type=all&start=${from}&until=${to}`); // warm-up
  const times = [];
  for (let i = 0; i < 10; i++) times.push((await api(`/accounts?type=all&start=${from}&until=${to}`)).ms);
  const m = median(times);
  row('GET /accounts?type=all&start&until (median of 10)', fmtMs(m), `target < 50 ms: ${target(m < 50)}`);
  const before = procMiB(server.pid);
  const sheets = [];
  for (let i = 0; i < 10; i++) sheets.push((await acct(['report', 'balance-sheet', '--date', to, '-o', 'tsv'])).ms);
  const after = procMiB(server.pid);
  if (after !== undefined) {
    row('service resident memory before the balance sheets', `${before.toFixed(0)} MiB`);
    row(
      'service resident memory after ten report balance-sheet',
      `${after.toFixed(0)} MiB`,
      `target < 200 MB: ${target(after * 1.048576 < 200)}`,
    );
  }
  row('report balance-sheet (median of those ten)', fmtMs(median(sheets)));
}

// ---------------------------------------------------------------------------------------------
// reports: balance sheet, VAT return and ledger against hledger balance, the same figures

if (only.has('reports')) {
  out('\nreports (CLI process + service; after one warm-up run each, medians)');
  const hledgerArgs = ['-f', journalFile, 'balance', '-O', 'csv', '--no-total', '-b', from, '-e', `${YEAR + 1}-01-01`];
  let hledgerTotals = new Map();
  const h = await measure(
    () => mustRun('hledger', hledgerArgs, { env: baseEnv }),
    (r) => {
      hledgerTotals = totalsOf(r.stdout);
      const diffs = compareTotals(new Map([...first.totals].filter(([, v]) => v !== 0)), hledgerTotals, 'hledger');
      if (diffs.length) die(`hledger's totals differ from the generated postings:\n${diffs.join('\n')}`);
    },
  );
  const ledgerOf = (n) => hledgerTotals.get(n) ?? 0;

  // balance sheet: every account as hledger has it (assets debit − credit, liabilities credit − debit),
  // the profit of the year as the computed row
  const bs = await measure(
    () => acct(['report', 'balance-sheet', '--date', to, '-o', 'tsv']),
    (r) => {
      const diffs = [];
      let computed = 0;
      for (const [kind, section, number, , balance] of tsvRows(r.stdout)) {
        if (kind === 'computed') computed += rappen(balance);
        if (kind !== 'account') continue;
        const expected = section === 'assets' ? ledgerOf(Number(number)) : -ledgerOf(Number(number));
        if (rappen(balance) !== expected) diffs.push(`  ${number}: acct ${balance}, hledger ${decimal(expected)}`);
      }
      const profit = -[...hledgerTotals].filter(([n]) => n >= 3000).reduce((s, [, v]) => s + v, 0);
      if (computed !== profit)
        diffs.push(`  profit of the year: acct ${decimal(computed)}, hledger ${decimal(profit)}`);
      if (diffs.length) die(`THE BALANCE SHEET DIFFERS FROM HLEDGER\n${diffs.join('\n')}`);
    },
  );

  // VAT return: 399 is what the bookings credit to 2200, 479 what they debit to 1170 and 1171
  const v = await measure(
    () => acct(['report', 'vat', '--from', from, '--to', to, '-o', 'tsv']),
    (r) => {
      const boxes = new Map(tsvRows(r.stdout).map(([, box, , amount, tax]) => [Number(box), { amount, tax }]));
      const output = rappen(boxes.get(399).tax);
      const input = rappen(boxes.get(479).tax);
      if (output !== -ledgerOf(2200) || input !== ledgerOf(1170) + ledgerOf(1171)) {
        die(
          `THE VAT RETURN DIFFERS FROM HLEDGER: 399 ${decimal(output)} against 2200 ${decimal(-ledgerOf(2200))}, ` +
            `479 ${decimal(input)} against 1170 + 1171 ${decimal(ledgerOf(1170) + ledgerOf(1171))}`,
        );
      }
    },
  );

  // ledger of the bank account: its closing balance is hledger's, and the service agrees
  const l = await measure(
    () => acct(['report', 'ledger', '--account', '1020', '--from', from, '--to', to, '-o', 'tsv']),
    (r) => {
      const closing = tsvRows(r.stdout).find(([kind]) => kind === 'closing');
      if (!closing || rappen(closing[7]) !== ledgerOf(1020))
        die(`THE LEDGER OF 1020 DIFFERS FROM HLEDGER: closing ${closing?.[7]}, hledger ${decimal(ledgerOf(1020))}`);
      if (!/agrees with the account's balance in the service/.test(r.stderr))
        die(`the ledger of 1020 does not agree with the service:\n${r.stderr}`);
    },
  );
  out('  figures checked: balance sheet per account and the profit, VAT 399 and 479, ledger 1020 closing = hledger');
  row('hledger balance (the baseline)', fmtMs(h.median), `min ${fmtMs(h.min)}`);
  row(
    'acct report balance-sheet',
    fmtMs(bs.median),
    `hledger / acct ${(h.median / bs.median).toFixed(1)}x, target >= 5x: ${target(h.median / bs.median >= 5)}`,
  );
  row(
    'acct report vat',
    fmtMs(v.median),
    `hledger / acct ${(h.median / v.median).toFixed(1)}x, target >= 5x: ${target(h.median / v.median >= 5)}`,
  );
  row('acct report ledger --account 1020', fmtMs(l.median), `target < 5 s: ${target(l.median < 5000)}`);
}

// ---------------------------------------------------------------------------------------------
// pages: walking the booking list forward, page by page

if (only.has('pages')) {
  out(`\npages (GET /entries, ${PER_PAGE} a page with the CLI's includes, walked from page 1 to ${PAGES})`);
  for (const [label, filter] of [
    ['no filter', ''],
    [`filter[account_id] (1020)`, `&filter[account_id]=${first.account1020}`],
  ]) {
    const path = (p) => `/entries?include=tax_rate,customer,project&per_page=${PER_PAGE}${filter}&page=${p}`;
    const cold = (await api(path(PAGES))).ms; // the first request of this query, at page PAGES
    const times = [];
    for (let p = 1; p <= PAGES; p++) {
      const res = await api(path(p));
      if (p === PAGES && JSON.parse(res.text).data.length === 0)
        die(`page ${PAGES} ${label} is empty: fewer bookings than ${PAGES} pages of ${PER_PAGE}`);
      times.push(res.ms);
    }
    const head = median(times.slice(0, 10));
    const tail = median(times.slice(-10));
    out(`  ${label}`);
    row(`    pages 1-10 (median)`, fmtMs(head));
    row(
      `    pages ${PAGES - 9}-${PAGES} (median)`,
      fmtMs(tail),
      `ratio ${(tail / head).toFixed(2)}x, target <= 1.5x: ${target(tail / head <= 1.5)}`,
    );
    row(`    page ${PAGES} asked first, before the walk`, fmtMs(cold));
    row(`    the whole walk`, fmtMs(times.reduce((s, t) => s + t, 0)));
  }
}

// ---------------------------------------------------------------------------------------------
// export: entries list --all -o csv of a company with N bookings against one with 2N, in turn, with the
// CLI's peak memory

if (only.has('export')) {
  out(
    `\nexport (acct entries list --all -o csv, CLI process + service; company 1 with ${BOOKINGS} bookings and ` +
      `company 2 with ${2 * BOOKINGS}, in turn, after a warm-up each)`,
  );
  const added = await mustRun(
    NODE,
    [BIN, 'server', 'companies', 'add', '--data', dirs.serverData, '--name', 'Doppelt AG', '--owner', '1'],
    { env: acctEnv },
  );
  const company2 = Number(added.stdout.trim());
  const t0 = performance.now();
  insertYear(YEAR, SEED, company2);
  insertYear(YEAR + 1, SEED + 1, company2);
  out(
    `  company ${company2}: ${2 * BOOKINGS} bookings in ${YEAR} and ${YEAR + 1} inserted in ` +
      `${fmtMs(performance.now() - t0)}`,
  );
  const exportAll = async (company, count) => {
    const r = await mustRun(NODE, [BIN, 'entries', 'list', '--all', '-o', 'csv'], {
      env: { ...env, ACCT_COMPANY: String(company) },
      peakRss: true,
    });
    const lines = r.stdout.split('\n').filter((line) => line !== '').length - 1;
    if (lines !== count) die(`entries list --all printed ${lines} bookings of company ${company}, expected ${count}`);
    return r;
  };
  await exportAll(1, BOOKINGS);
  await exportAll(company2, 2 * BOOKINGS);
  const one = [];
  const two = [];
  for (let i = 0; i < RUNS; i++) {
    one.push(await exportAll(1, BOOKINGS));
    two.push(await exportAll(company2, 2 * BOOKINGS));
  }
  const ratio = median(two.map((r, i) => r.ms / one[i].ms));
  const peak = Math.max(...two.map((r) => r.rssKiB)) / 1024;
  row(
    `${BOOKINGS} bookings (median)`,
    fmtMs(median(one.map((r) => r.ms))),
    `CLI peak RSS ${(Math.max(...one.map((r) => r.rssKiB)) / 1024).toFixed(0)} MiB`,
  );
  row(
    `${2 * BOOKINGS} bookings (median)`,
    fmtMs(median(two.map((r) => r.ms))),
    `CLI peak RSS ${peak.toFixed(0)} MiB, target < 150 MiB: ${target(peak < 150)}`,
  );
  row(
    `ratio ${2 * BOOKINGS} / ${BOOKINGS} (median of the pairs)`,
    `${ratio.toFixed(2)}x`,
    `target <= 2.2x: ${target(ratio <= 2.2)}`,
  );
}

await stopAcctServer(server);
out(`\n${met}/${met + missed} targets met`);
const load = loadavg()[0];
if (load > availableParallelism() * 0.75)
  out(
    `note: the 1-minute load average is ${load.toFixed(1)} on ${availableParallelism()} CPUs; figures drift on a ` +
      `busy machine`,
  );
if (opts.keep) out(`kept: data directory ${dirs.serverData}, journal ${journalFile}`);
