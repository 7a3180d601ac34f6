// `acct check`: proves a data directory's books add up. SQLite's integrity check, then the ledger's own
// rules, each one query (or one pass) over the whole database, so a nightly run at 100k bookings takes
// seconds. Each broken rule is one Violation naming its records; the CLI prints one line for each.
import { type Dirent, existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { documentTotals, type DocumentTotals, type PricedPosition } from '../domain/document-totals.js';
import { all, type Db, type Row } from './store/db.js';
import { FILES_DIR } from './store/files.js';

export interface Violation {
  /** the rule, short: "booking balances" */
  rule: string;
  /** the records that break it, each as a person would name it ("booking E-2025-001 (id 3)") */
  records: string[];
}

/** At most this many records are named per rule; the count says how many more. */
const SHOWN = 20;

type Rule = (db: Db, dataDir: string) => Violation | undefined;

const violation = (rule: string, records: string[]): Violation | undefined =>
  records.length ? { rule, records } : undefined;

const bookingName = (r: Row): string => `booking ${r.number ?? '(no number)'} (id ${r.id})`;

/** PRAGMA integrity_check: the database file itself is sound. */
const integrity: Rule = (db) => {
  const lines = all(db, 'PRAGMA integrity_check').map((r) => String(r.integrity_check));
  return lines.join() === 'ok' ? undefined : { rule: 'SQLite integrity check', records: lines };
};

/** A booking moves its sum from one account to another: debit ≠ credit, sum ≥ 0, accounts of its company. */
const bookingsBalance: Rule = (db) =>
  violation(
    "every booking: debit account ≠ credit account, sum ≥ 0, both accounts its company's",
    all(
      db,
      `SELECT e.id, e.number, e.sum, e.debit_account_id, e.credit_account_id FROM entries e
    LEFT JOIN accounts d ON d.id = e.debit_account_id LEFT JOIN accounts c ON c.id = e.credit_account_id
    WHERE e.debit_account_id = e.credit_account_id OR e.sum < 0
       OR d.company_id IS NOT e.company_id OR c.company_id IS NOT e.company_id ORDER BY e.id`,
    ).map((r) => `${bookingName(r)}: debit ${r.debit_account_id}, credit ${r.credit_account_id}, sum ${r.sum}`),
  );

/**
 * The VAT split is not stored: it follows from the rate (src/domain/vat.ts). What can break is the rate
 * behind it: it must be the booking's company's, its tax account (and an acquisition tax's second
 * account) its company's, and the rate 0–100 %, so the share split off (sum × rate / (100 % + rate))
 * lies within the sum and debits equal credits.
 */
const vatSplits: Rule = (db) =>
  violation(
    'every booking with a VAT rate: the rate, its tax accounts and its share of the sum are sound',
    all(
      db,
      `SELECT e.id, e.number, e.tax_rate_id, t.rate FROM entries e
    LEFT JOIN tax_rates t ON t.id = e.tax_rate_id
    LEFT JOIN accounts ta ON ta.id = t.account_id
    LEFT JOIN accounts qa ON qa.id = t.acquisition_account_id
    WHERE e.tax_rate_id IS NOT NULL AND (t.id IS NULL OR t.company_id <> e.company_id
       OR ta.company_id IS NOT e.company_id OR t.rate < 0 OR t.rate > 10000
       OR (t.is_acquisition_tax = 1 AND t.acquisition_account_id IS NOT NULL AND qa.company_id IS NOT e.company_id))
    ORDER BY e.id`,
    ).map(
      (r) =>
        `${bookingName(r)}: tax rate ${r.tax_rate_id}` +
        `${r.rate === null ? ' (missing)' : ` (${Number(r.rate) / 100} %)`}`,
    ),
  );

/**
 * Payments: an invoice's payment bookings are those linked to it that are neither its receivable
 * (accrual) nor billed expenses. A paid invoice has at most one, the one it names (`entry_id`; marking
 * paid without createEntry books nothing); any other invoice has none.
 */
const invoicePayments: Rule = (db) => {
  const linked = new Map<number, number[]>();
  for (const r of all(
    db,
    `SELECT e.id, e.invoice_id FROM entries e JOIN invoices i ON i.id = e.invoice_id
      WHERE e.type <> 'expense' AND e.id IS NOT i.receivable_entry_id ORDER BY e.id`,
  )) {
    const list = linked.get(Number(r.invoice_id)) ?? [];
    list.push(Number(r.id));
    linked.set(Number(r.invoice_id), list);
  }
  const records: string[] = [];
  for (const inv of all(db, 'SELECT id, number, status, entry_id FROM invoices ORDER BY id')) {
    const payments = linked.get(Number(inv.id)) ?? [];
    const expected = inv.status === 'paid' && inv.entry_id !== null ? [Number(inv.entry_id)] : [];
    if (payments.join() !== expected.join())
      records.push(
        `invoice ${inv.number} (${inv.status}): payment bookings [${payments.join(', ')}], expected ` +
          `[${expected.join(', ')}]`,
      );
  }
  return violation('every paid invoice: at most one payment booking, the one it names; others none', records);
};

/** Stored totals equal what the positions give (src/domain/document-totals.ts), for proposals and invoices. */
const documentTotalsHold: Rule = (db) => {
  const rates = new Map(all(db, 'SELECT id, rate FROM tax_rates').map((r) => [Number(r.id), Number(r.rate)]));
  const positions = positionsByDocument(db);
  const records: string[] = [];
  for (const type of ['proposal', 'invoice'] as const) {
    for (const doc of all(db, `SELECT * FROM ${type}s ORDER BY id`)) {
      const expected = documentTotals({
        positions: positions.get(`${type}:${doc.id}`) ?? [],
        discountRate: doc.discount_rate === null ? null : Number(doc.discount_rate),
        vatRate: doc.tax_rate_id === null ? null : (rates.get(Number(doc.tax_rate_id)) ?? null),
        vatIncluded: Number(doc.vat_included) === 1,
        addRoundingDifference: Number(doc.add_rounding_difference) === 1,
      });
      const wrong = (Object.keys(expected) as (keyof DocumentTotals)[]).filter((k) => Number(doc[k]) !== expected[k]);
      if (wrong.length)
        records.push(
          `${type} ${doc.number} (id ${doc.id}): ` +
            `${wrong.map((k) => `${k} ${doc[k]}, positions give ${expected[k]}`).join('; ')}`,
        );
    }
  }
  return violation('every document: its totals equal its positions', records);
};

/** Every document's positions as the totals take them, in one pass: `<type>:<id>` → tree. */
function positionsByDocument(db: Db): Map<string, PricedPosition[]> {
  interface Node {
    row: Row;
    children: Node[];
  }
  const nodes = new Map<number, Node>();
  const rows = all(
    db,
    'SELECT id, document_type, document_id, parent_id, type, amount, price, discount_amount, discount_type FROM ' +
      'positions ORDER BY document_type, document_id, "order", id',
  );
  for (const row of rows) nodes.set(Number(row.id), { row, children: [] });
  const roots = new Map<string, Node[]>();
  for (const node of nodes.values()) {
    const parent = node.row.parent_id === null ? undefined : nodes.get(Number(node.row.parent_id));
    if (parent) {
      parent.children.push(node);
      continue;
    }
    const key = `${node.row.document_type}:${node.row.document_id}`;
    const list = roots.get(key);
    if (list) list.push(node);
    else roots.set(key, [node]);
  }
  const priced = (n: Node): PricedPosition => {
    if (n.row.type === 'text') return { type: 'text' };
    if (n.row.type === 'collection') return { type: 'collection', children: n.children.map(priced) };
    return {
      type: 'position',
      amount: Number(n.row.amount),
      price: Number(n.row.price),
      discount: Number(n.row.discount_amount),
      discountType: n.row.discount_type,
    };
  };
  return new Map([...roots].map(([key, list]) => [key, list.map(priced)]));
}

/** A number names one booking per company and type, one document per company and kind (the number carries the year). */
const numbersUnique: Rule = (db) => {
  const records = [
    ...all(
      db,
      `SELECT company_id, type, number, group_concat(id, ', ') AS ids FROM entries WHERE number IS NOT NULL
      GROUP BY company_id, type, number HAVING count(*) > 1`,
    ).map((r) => `booking number ${r.number} (company ${r.company_id}, ${r.type}): ids ${r.ids}`),
    ...(['proposal', 'invoice'] as const).flatMap((type) =>
      all(
        db,
        `SELECT company_id, number, group_concat(id, ', ') AS ids FROM ${type}s
      GROUP BY company_id, number HAVING count(*) > 1`,
      ).map((r) => `${type} number ${r.number} (company ${r.company_id}): ids ${r.ids}`),
    ),
  ];
  return violation('numbers unique per company, type and year', records);
};

/** A processed import entry made exactly one booking that is still there, and no booking came from two. */
const importsOnce: Rule = (db) =>
  violation('every processed import entry: exactly one booking of its own', [
    ...all(
      db,
      `SELECT id, entry_id FROM import_entries WHERE status = 'processed' AND (entry_id IS NULL
        OR entry_id NOT IN (SELECT id FROM entries)) ORDER BY id`,
    ).map((r) => `import entry ${r.id}: processed, its booking ${r.entry_id ?? '(none)'} is not there`),
    ...all(
      db,
      `SELECT entry_id, group_concat(id, ', ') AS ids FROM import_entries WHERE status = 'processed'
        AND entry_id IS NOT NULL
      GROUP BY entry_id HAVING count(*) > 1`,
    ).map((r) => `booking id ${r.entry_id}: made by import entries ${r.ids}`),
  ]);

/** Every file row's bytes are on disk, and every file row is a receipt or an attachment of something. */
const filesReferencedExist: Rule = (db, dataDir) =>
  violation('every stored file: on disk, and referenced by a booking, an import entry, a document or a bill', [
    ...all(db, 'SELECT id, path FROM files ORDER BY id')
      .filter((r) => !existsSync(join(dataDir, r.path)))
      .map((r) => `file ${r.id}: ${r.path} is missing`),
    ...all(
      db,
      `SELECT id, path FROM files WHERE id NOT IN (SELECT file_id FROM entries WHERE file_id IS NOT NULL)
      AND id NOT IN (SELECT file_id FROM import_entries WHERE file_id IS NOT NULL) AND id NOT IN (SELECT file_id
      FROM attachments)
      AND id NOT IN (SELECT file_id FROM bills WHERE file_id IS NOT NULL) ORDER BY id`,
    ).map((r) => `file ${r.id}: ${r.path} is referenced by nothing`),
  ]);

/** Every file in the data directory's files/ folder has its row (else it is a leftover nothing shows). */
const noStrayFiles: Rule = (db, dataDir) => {
  const known = new Set(all(db, 'SELECT path FROM files').map((r) => String(r.path).split(sep).join('/')));
  const stray = filesOnDisk(join(dataDir, FILES_DIR))
    .map((abs) => relative(dataDir, abs).split(sep).join('/'))
    .filter((p) => !known.has(p));
  return violation(
    'every file in files/: a stored file of the database',
    stray.map((p) => `${p}: not in the database`),
  );
};

function filesOnDisk(dir: string): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) =>
    e.isDirectory() ? filesOnDisk(join(dir, e.name)) : e.isFile() ? [join(dir, e.name)] : [],
  );
}

const RULES: Rule[] = [
  integrity,
  bookingsBalance,
  vatSplits,
  invoicePayments,
  documentTotalsHold,
  numbersUnique,
  importsOnce,
  filesReferencedExist,
  noStrayFiles,
];

/** The rules' count, for the CLI's "all N rules hold". */
export const RULE_COUNT = RULES.length;

/**
 * Checks every rule in one read transaction (a consistent view while a server writes). A database that
 * fails its integrity check is checked no further: the rules' answers would mean nothing.
 */
export function checkBooks(db: Db, dataDir: string): Violation[] {
  // the integrity check walks every index against its table: a 64 MB page cache (instead of 2 MB) saves
  // it re-reading pages, about a quarter of its time at 100k bookings
  db.exec('PRAGMA cache_size = -65536');
  db.exec('BEGIN');
  try {
    const first = integrity(db, dataDir);
    if (first) return [first];
    return RULES.slice(1)
      .map((rule) => rule(db, dataDir))
      .filter((v): v is Violation => v !== undefined);
  } finally {
    db.exec('ROLLBACK');
  }
}

/** One line per violated rule: the rule, then its records (the first SHOWN, then how many more). */
export function violationLine(v: Violation): string {
  const shown = v.records.slice(0, SHOWN).join('; ');
  const more = v.records.length > SHOWN ? `; … and ${v.records.length - SHOWN} more` : '';
  return `${v.rule}: ${v.records.length} violation${v.records.length === 1 ? '' : 's'}: ${shown}${more}`;
}
