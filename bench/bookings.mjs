// The benchmarks' bookings: a deterministic, realistic year of a Swiss SME generated with a seeded PRNG,
// inserted straight into a data directory's SQLite database, and the same bookings as an hledger journal
// (each with the postings src/domain/vat.ts computes, the rule the service uses). Shared by
// bench/ledger.mjs and bench/scale.mjs.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { die, positiveInt } from './lib.mjs';
import { mulberry32 } from './random.mjs';

/** The VAT split of src/domain/vat.ts, bundled in memory (the benchmarks run plain .mjs). */
export async function loadVatRule(root) {
  const { build } = await import('esbuild');
  const bundle = await build({
    entryPoints: [join(root, 'src/domain/vat.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    logLevel: 'silent',
  });
  return import(`data:text/javascript;base64,${Buffer.from(bundle.outputFiles[0].text).toString('base64')}`);
}

/** [weight, debit numbers, credit numbers, [weight, tax rate name | null][]] */
const KINDS = [
  // income: bank or receivables against revenue, mostly with output VAT
  [
    30,
    [1020, 1020, 1010],
    [3400, 3400, 3200, 3000, 3600],
    [
      [70, 'MWST 8.1 %'],
      [12, 'MWST 2.6 %'],
      [5, 'MWST 3.8 %'],
      [13, null],
    ],
  ],
  [
    8,
    [1100],
    [3400, 3200],
    [
      [85, 'MWST 8.1 %'],
      [15, null],
    ],
  ],
  // expenses: paid from the bank or on credit, mostly with input VAT; some foreign services with acquisition tax
  [
    34,
    [4000, 4200, 4400, 6000, 6100, 6200, 6300, 6400, 6500, 6570, 6600, 6700],
    [1020, 1020, 1020, 2000],
    [
      [55, 'Vorsteuer 8.1 %'],
      [10, 'Vorsteuer 2.6 %'],
      [5, 'Bezugsteuer 8.1 %'],
      [30, null],
    ],
  ],
  [8, [5000, 5700, 6940, 6900, 8900], [1020], [[100, null]]],
  // swaps: investments with input tax on investments, transfers, customer payments, supplier payments
  [
    5,
    [1510, 1520, 1530],
    [1020],
    [
      [80, 'Vorsteuer Investitionen 8.1 %'],
      [20, null],
    ],
  ],
  [10, [1020], [1100], [[100, null]]],
  [5, [2000], [1020], [[100, null]]],
  [0.1, [1020], [2800], [[100, null]]],
  [0.1, [6800], [1510, 1520], [[100, null]]],
];
const TOTAL_WEIGHT = KINDS.reduce((s, k) => s + k[0], 0);

function pick(rand, list) {
  return list[Math.floor(rand() * list.length)];
}
function weighted(rand, list) {
  let x = rand() * list.reduce((s, [w]) => s + w, 0);
  for (const [w, v] of list) {
    if ((x -= w) < 0) return v;
  }
  return list[list.length - 1][1];
}

/**
 * Inserts `bookings` bookings dated in `year` into `company` (default 1) of `db` (one transaction) and
 * returns the same bookings as journal text, the totals per account number (debit − credit in Rappen)
 * and the mix. `vat` is what loadVatRule() answers.
 */
export function generateBookings(db, { bookings, year, seed, vat, company = 1 }) {
  const accounts = new Map(
    db
      .prepare(
        `SELECT a.id, a.number, c.type FROM accounts a JOIN account_categories c ON c.id = a.account_category_id ` +
          `WHERE a.company_id = ?`,
      )
      .all(company)
      .map((r) => [Number(r.number), { id: Number(r.id), number: Number(r.number), type: r.type }]),
  );
  const byId = new Map([...accounts.values()].map((a) => [a.id, a]));
  const rates = new Map(
    db
      .prepare('SELECT * FROM tax_rates WHERE company_id = ?')
      .all(company)
      .map((r) => [r.name, r]),
  );
  for (const k of KINDS)
    for (const n of [...k[1], ...k[2]]) if (!accounts.has(n)) die(`the standard chart has no account ${n}`);
  for (const k of KINDS)
    for (const [, name] of k[3]) if (name && !rates.has(name)) die(`the default tax rates have no "${name}"`);

  const rand = mulberry32(seed);
  const start = Date.UTC(year, 0, 1);
  const days = (Date.UTC(year + 1, 0, 1) - start) / 86400000;
  const counters = { income: 0, expense: 0, swap: 0 };
  const prefix = { income: 'E', expense: 'A', swap: 'U' };
  const now = new Date().toISOString().replace(/\.\d+Z$/, '.000000Z');
  const insert =
    db.prepare(`INSERT INTO entries (company_id, user_id, number, type, date, description, sum, debit_account_id,
      credit_account_id, tax_rate_id, created_at, updated_at)
    VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const journal = [];
  const totals = new Map(); // account number → debit − credit in Rappen (what both tools must report)
  const mix = { income: 0, expense: 0, swap: 0, withVat: 0, acquisition: 0 };

  db.exec('BEGIN');
  for (let i = 0; i < bookings; i++) {
    let x = rand() * TOTAL_WEIGHT;
    let kind = KINDS[0];
    for (const k of KINDS) {
      if ((x -= k[0]) < 0) {
        kind = k;
        break;
      }
    }
    const debit = accounts.get(pick(rand, kind[1]));
    const credit = accounts.get(pick(rand, kind[2]));
    const rateName = weighted(rand, kind[3]);
    const rate = rateName ? rates.get(rateName) : null;
    // amounts: mostly small, a long tail up to 25'000.00
    const sum = Math.max(100, Math.round(Math.exp(rand() * Math.log(2_500_000))));
    const date = new Date(start + Math.floor(rand() * days) * 86400000).toISOString().slice(0, 10);
    const type = vat.bookingType(debit.type, credit.type);
    const number = `${prefix[type]}-${year}-${String(++counters[type]).padStart(3, '0')}`;
    const description = `Beleg ${i + 1}`;
    insert.run(
      company,
      number,
      type,
      date,
      description,
      sum,
      debit.id,
      credit.id,
      rate ? Number(rate.id) : null,
      now,
      now,
    );
    mix[type]++;
    if (rate) {
      mix.withVat++;
      if (Number(rate.is_acquisition_tax) === 1) mix.acquisition++;
    }

    const taxAccount = rate ? byId.get(Number(rate.account_id)) : null;
    const split = vat.postings({
      sum,
      debitAccountId: debit.id,
      creditAccountId: credit.id,
      debitType: debit.type,
      creditType: credit.type,
      taxRate: rate
        ? {
            rate: Number(rate.rate),
            calculationMethod: rate.calculation_method === 'gross' ? 'gross' : 'net',
            isAcquisitionTax: Number(rate.is_acquisition_tax) === 1,
            accountId: Number(rate.account_id),
            accountType: taxAccount?.type,
            acquisitionAccountId: rate.acquisition_account_id === null ? null : Number(rate.acquisition_account_id),
          }
        : null,
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

/**
 * The bookings of generateBookings inserted into the database of the data directory `dataDir` (seeded
 * by the service: WAL as it runs it, then ANALYZE so the planner knows the new rows) and, with
 * `journalFile`, the same bookings written there as an hledger journal. Answers generateBookings'
 * answer, the id of account 1020 of the company and the milliseconds it all took.
 */
export function seedBookings(dataDir, { journalFile, ...generate }) {
  const t0 = performance.now();
  const { DatabaseSync } = process.getBuiltinModule('node:sqlite');
  const db = new DatabaseSync(join(dataDir, 'acct.sqlite'));
  let generated;
  let account1020;
  try {
    db.exec(
      'PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;',
    );
    generated = generateBookings(db, generate);
    db.exec('ANALYZE');
    account1020 = Number(
      db.prepare('SELECT id FROM accounts WHERE company_id = ? AND number = 1020').get(generate.company ?? 1).id,
    );
  } finally {
    db.close();
  }
  if (journalFile !== undefined) writeFileSync(journalFile, generated.journal);
  return { ...generated, account1020, ms: performance.now() - t0 };
}

/**
 * The totals per account number in Rappen of `hledger balance -O csv` (the header and rows not named by a number
 * skipped).
 */
export function hledgerTotals(csv) {
  const totals = new Map();
  for (const line of csv.trim().split('\n').slice(1)) {
    const [account, amount] = line.split(',').map((s) => s.replace(/^"|"$/g, ''));
    if (/^\d+$/.test(account)) totals.set(Number(account), rappen(amount));
  }
  return totals;
}

/** Rappen → "-1234.50". */
export function decimal(rappen) {
  const abs = Math.abs(rappen);
  const digits = String(abs).padStart(3, '0');
  return `${rappen < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** "-1234.5" / "1,234.50" → Rappen, by the text (no float sums). */
export function rappen(text) {
  const m = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(String(text).replace(/,/g, '').trim());
  if (!m) throw new Error(`not an amount: ${JSON.stringify(text)}`);
  const v = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -v : v;
}

/** The account numbers whose totals differ, as lines "  N: expected X, label Y". */
export function compareTotals(expected, got, label) {
  const keys = new Set([...expected.keys(), ...got.keys()]);
  const diffs = [];
  for (const k of [...keys].sort((a, b) => a - b)) {
    const e = expected.get(k) ?? 0;
    const g = got.get(k) ?? 0;
    if (e !== g) diffs.push(`  ${k}: expected ${decimal(e)}, ${label} ${decimal(g)}`);
  }
  return diffs;
}

/** The options of a benchmark over a generated year, and their help lines. */
export const YEAR_OPTIONS = {
  bookings: { type: 'string', default: '100000' },
  year: { type: 'string', default: '2025' },
  seed: { type: 'string', default: '20250101' },
  keep: { type: 'boolean', default: false },
};
export const YEAR_HELP = [
  '--year YYYY    the year of the bookings (default 2025)',
  '--seed N       seed of the generator (default 20250101)',
  '--keep         keep the data directory and the journal, and print where they are',
];

/** The year options' values, checked. */
export function yearOptions(values) {
  return {
    bookings: positiveInt(values.bookings, '--bookings', 1),
    year: positiveInt(values.year, '--year', 1000),
    seed: positiveInt(values.seed, '--seed', 0),
  };
}
