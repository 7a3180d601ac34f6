// Imported bank transactions (import entries) of a company: the queue, its counts and search, the keys
// an upload checks for duplicates, the rules learned from processed entries, and the unpaid invoices a
// payment can match, and the bills a debit can pay. Every query is scoped by company_id; an upload reads
// what it needs once, never per transaction. Rows come back typed (ImportEntryRow and the narrower reads).
import { all, ensureUnicodeLower, one, run, timestamp, updateCompanyRow, type Db, type Row } from './db.js';

export type ImportStatus = 'open' | 'processed' | 'deleted';
export type ImportType = 'income' | 'expense';

/** An import_entries row as SQLite gives it (integers as numbers; `ignore` 0 or 1; `tags` JSON text). */
export interface ImportEntryRow {
  id: number;
  company_id: number;
  user_id: number;
  bank_account_id: number;
  other_account_id: number | null;
  tax_rate_id: number | null;
  entry_id: number | null;
  invoice_id: number | null;
  /** the supplier bill the debit pays (migration 15) */
  bill_id: number | null;
  file_id: number | null;
  date: string;
  type: ImportType;
  /** Rappen, unsigned */
  sum: number;
  description: string | null;
  og_description: string | null;
  reference: string | null;
  bank_reference: string | null;
  tags: string;
  ignore: number;
  status: ImportStatus;
  counterparty_name: string | null;
  counterparty_iban: string | null;
  error: string | null;
  rule_source_id: number | null;
  rule_match: RuleMatch | null;
  created_at: string;
  updated_at: string;
}

/** A row of the queue's reads: the entry with its readiness and whether a similar booking exists (0 or 1 each). */
export interface QueueEntryRow extends ImportEntryRow {
  is_ready: number;
  similar_exists: number;
}

/** What an upload compares with to find duplicates. */
export type ImportedKeyRow = Pick<
  ImportEntryRow,
  'id' | 'bank_reference' | 'date' | 'sum' | 'type' | 'reference' | 'counterparty_name'
>;

/** What a learned rule is made of. */
export type LearnedRuleRow = Pick<
  ImportEntryRow,
  'id' | 'type' | 'counterparty_iban' | 'counterparty_name' | 'other_account_id' | 'tax_rate_id' | 'description'
>;

/** The entry a rule was learned from, with the number of the booking it became. */
export type RuleSourceRow = Pick<ImportEntryRow, 'id' | 'entry_id' | 'counterparty_iban' | 'counterparty_name'> & {
  entry_number: string | null;
};

/** The columns an upload writes (sum in Rappen). */
export interface NewImportEntry {
  bank_account_id: number;
  other_account_id: number | null;
  tax_rate_id: number | null;
  invoice_id: number | null;
  bill_id: number | null;
  date: string;
  type: ImportType;
  sum: number;
  description: string | null;
  og_description: string | null;
  reference: string | null;
  bank_reference: string | null;
  counterparty_name: string | null;
  counterparty_iban: string | null;
  /** the processed import entry whose learned rule filled this one, and by what it matched */
  rule_source_id: number | null;
  rule_match: RuleMatch | null;
}

/** What a learned rule matched on: the counterparty's IBAN, else its name. */
export type RuleMatch = 'iban' | 'name';

/** A tag kept on an entry for its booking: one of the company's, or one to make at processing. */
export type StoredTag = { id: number } | { new: true; name: string; color: string };

/** The `tags` column read back (JSON written by updates; anything else reads as none). */
export function storedTags(json: string | null | undefined): StoredTag[] {
  try {
    const list: unknown = JSON.parse(json ?? '[]');
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/** The columns an update may change. */
export interface ImportEntryChanges {
  bank_account_id?: number;
  other_account_id?: number | null;
  tax_rate_id?: number | null;
  invoice_id?: number | null;
  bill_id?: number | null;
  file_id?: number | null;
  entry_id?: number | null;
  description?: string | null;
  /** JSON text of the tags given to the booking at processing */
  tags?: string;
  ignore?: boolean;
  status?: ImportStatus;
  error?: string | null;
  rule_source_id?: number | null;
  rule_match?: RuleMatch | null;
}

const INSERT_COLUMNS = [
  'bank_account_id',
  'other_account_id',
  'tax_rate_id',
  'invoice_id',
  'bill_id',
  'date',
  'type',
  'sum',
  'description',
  'og_description',
  'reference',
  'bank_reference',
  'counterparty_name',
  'counterparty_iban',
  'rule_source_id',
  'rule_match',
] as const satisfies readonly (keyof NewImportEntry)[];

/** Inserts the entries of one upload with one prepared statement (call inside the caller's transaction). */
export function insertImportEntries(
  db: Db,
  companyId: number,
  userId: number,
  entries: readonly NewImportEntry[],
): void {
  const now = timestamp();
  const insert = db.prepare(
    `INSERT INTO import_entries (company_id, user_id, ${INSERT_COLUMNS.join(', ')}, created_at, updated_at)
     VALUES (?, ?, ${INSERT_COLUMNS.map(() => '?').join(', ')}, ?, ?)`,
  );
  for (const e of entries) insert.run(companyId, userId, ...INSERT_COLUMNS.map((k) => e[k]), now, now);
}

// similarExists: a booking other than the entry's own on the same bank account side, date and sum
const SIMILAR = `EXISTS (SELECT 1 FROM entries e WHERE e.company_id = ie.company_id AND e.date = ie.date
  AND e.sum = ie.sum
  AND e.id IS NOT ie.entry_id
  AND ((ie.type = 'income' AND e.debit_account_id = ie.bank_account_id) OR (ie.type = 'expense'
  AND e.credit_account_id = ie.bank_account_id)))`;
// is_ready (the spec's readiness rule, written once): a counter account, or ignored
const READY = '(ie.other_account_id IS NOT NULL OR ie.ignore = 1)';
const SELECT = `SELECT ie.*, ${READY} AS is_ready, ${SIMILAR} AS similar_exists FROM import_entries ie`;

const queueRow = (row: Row | undefined) => row as QueueEntryRow | undefined;
const queueRows = (rows: Row[]) => rows as QueueEntryRow[];

export function findImportEntryRow(db: Db, companyId: number, id: number): QueueEntryRow | undefined {
  return queueRow(one(db, `${SELECT} WHERE ie.company_id = ? AND ie.id = ?`, companyId, id));
}

export function importEntryRowsByIds(db: Db, companyId: number, ids: readonly number[]): QueueEntryRow[] {
  if (ids.length === 0) return [];
  return queueRows(
    all(
      db,
      `${SELECT} WHERE ie.company_id = ? AND ie.id IN (${ids.map(() => '?').join(', ')}) ORDER BY ie.id`,
      companyId,
      ...ids,
    ),
  );
}

export type QueueStatus = 'notDeleted' | 'ready' | 'notReady' | 'deleted';

/** What the list's `search` can match, read by the route: text, and an amount or a date when it reads as one. */
export interface ImportSearch {
  text: string;
  sum?: number;
  date?: string;
}

export interface ImportFilter {
  status: QueueStatus;
  search?: ImportSearch;
}

function where(companyId: number, filter: ImportFilter): { sql: string; params: unknown[] } {
  const clauses = ['ie.company_id = ?'];
  const params: unknown[] = [companyId];
  switch (filter.status) {
    case 'notDeleted':
      clauses.push("ie.status = 'open'");
      break;
    case 'ready':
      clauses.push(`ie.status = 'open' AND ${READY}`);
      break;
    case 'notReady':
      clauses.push(`ie.status = 'open' AND NOT ${READY}`);
      break;
    case 'deleted':
      clauses.push("ie.status = 'deleted'");
      break;
  }
  const s = filter.search;
  if (s) {
    const like = `%${s.text.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    const any = ['description', 'og_description', 'reference', 'counterparty_name'].map(
      (col) => `acct_lower(ie.${col}) LIKE ? ESCAPE '\\'`,
    );
    params.push(...any.map(() => like));
    if (s.sum !== undefined) {
      any.push('ie.sum = ?');
      params.push(s.sum);
    }
    if (s.date !== undefined) {
      any.push('ie.date = ?');
      params.push(s.date);
    }
    clauses.push(`(${any.join(' OR ')})`);
  }
  return { sql: clauses.join(' AND '), params };
}

/** The queue's rows (date descending, then id) and how many match; limit null = all. */
export function listImportEntryRows(
  db: Db,
  companyId: number,
  filter: ImportFilter,
  limit: number | null,
  offset: number,
): { rows: QueueEntryRow[]; total: number } {
  ensureUnicodeLower(db);
  const w = where(companyId, filter);
  const page = limit === null ? (offset > 0 ? ' LIMIT -1 OFFSET ?' : '') : ' LIMIT ? OFFSET ?';
  const pageParams = limit === null ? (offset > 0 ? [offset] : []) : [limit, offset];
  const rows = queueRows(
    all(db, `${SELECT} WHERE ${w.sql} ORDER BY ie.date DESC, ie.id DESC${page}`, ...w.params, ...pageParams),
  );
  const total = Number(one(db, `SELECT count(*) AS n FROM import_entries ie WHERE ${w.sql}`, ...w.params)!.n);
  return { rows, total };
}

/** open_count and ready_count of the company's queue. */
export function queueCounts(db: Db, companyId: number): { open: number; ready: number } {
  const r = one(
    db,
    `SELECT count(*) AS open, coalesce(sum(${READY}), 0) AS ready FROM import_entries ie WHERE ie.company_id = ?
      AND ie.status = 'open'`,
    companyId,
  )!;
  return { open: Number(r.open), ready: Number(r.ready) };
}

/** The ids of the open entries ready to be processed (or ignored), oldest first. */
export function readyImportEntryIds(db: Db, companyId: number): number[] {
  return all(
    db,
    `SELECT ie.id FROM import_entries ie WHERE ie.company_id = ? AND ie.status = 'open' AND ${READY}
      ORDER BY ie.date, ie.id`,
    companyId,
  ).map((r) => Number(r.id));
}

/** The entry, while it is open and ready (processing reads it again inside its write transaction). */
export function readyImportEntryRow(db: Db, companyId: number, id: number): ImportEntryRow | undefined {
  return one(
    db,
    `SELECT ie.* FROM import_entries ie WHERE ie.company_id = ? AND ie.id = ? AND ie.status = 'open' AND ${READY}`,
    companyId,
    id,
  ) as ImportEntryRow | undefined;
}

/** The company's open entries among `ids` (all of them when ids is 'all'). */
export function openImportEntryIds(db: Db, companyId: number, ids: readonly number[] | 'all'): number[] {
  if (ids === 'all')
    return all(db, "SELECT id FROM import_entries WHERE company_id = ? AND status = 'open' ORDER BY id", companyId).map(
      (r) => Number(r.id),
    );
  if (ids.length === 0) return [];
  return all(
    db,
    `SELECT id FROM import_entries WHERE company_id = ? AND status = 'open'
      AND id IN (${ids.map(() => '?').join(', ')}) ORDER BY id`,
    companyId,
    ...ids,
  ).map((r) => Number(r.id));
}

const CHANGE_COLUMNS = [
  'bank_account_id',
  'other_account_id',
  'tax_rate_id',
  'invoice_id',
  'bill_id',
  'file_id',
  'entry_id',
  'description',
  'tags',
  'ignore',
  'status',
  'error',
  'rule_source_id',
  'rule_match',
] as const satisfies readonly (keyof ImportEntryChanges)[];

export function updateImportEntry(db: Db, companyId: number, id: number, changes: ImportEntryChanges): void {
  updateCompanyRow(db, 'import_entries', companyId, id, CHANGE_COLUMNS, changes);
}

/** Back to what the upload wrote: no counter account, VAT, invoice, bill, tags or ignore; the original text. */
export function resetImportEntry(db: Db, companyId: number, id: number): void {
  run(
    db,
    `UPDATE import_entries SET other_account_id = NULL, tax_rate_id = NULL, invoice_id = NULL, bill_id = NULL,
      tags = '[]', ignore = 0, error = NULL,
    rule_source_id = NULL, rule_match = NULL, description = og_description, updated_at = ? WHERE company_id = ?
    AND id = ?`,
    timestamp(),
    companyId,
    id,
  );
}

export function markImportEntriesDeleted(db: Db, companyId: number, ids: readonly number[]): void {
  const now = timestamp();
  // one statement per DELETE_CHUNK ids (SQLite's bound parameters are limited); its text varies with
  // the count, so it is compiled here rather than kept among the connection's statements
  for (let at = 0; at < ids.length; at += DELETE_CHUNK) {
    const chunk = ids.slice(at, at + DELETE_CHUNK);
    db.prepare(
      `UPDATE import_entries SET status = 'deleted', updated_at = ? WHERE company_id = ?
        AND id IN (${chunk.map(() => '?').join(', ')})`,
    ).run(now, companyId, ...chunk);
  }
}
const DELETE_CHUNK = 500;

/**
 * What an upload compares a transaction with to skip it as a duplicate: every entry ever imported to the bank account.
 */
export function importedKeysOf(db: Db, companyId: number, bankAccountId: number): ImportedKeyRow[] {
  return all(
    db,
    `SELECT id, bank_reference, date, sum, type, reference, counterparty_name FROM import_entries
    WHERE company_id = ? AND bank_account_id = ? ORDER BY id`,
    companyId,
    bankAccountId,
  ) as ImportedKeyRow[];
}

/**
 * The processed entries a rule is learned from, with their direction (oldest first, so a later one
 * overrides an earlier); not those that paid an invoice or a bill, whose counter account was the document's.
 */
export function learnedRuleRows(db: Db, companyId: number): LearnedRuleRow[] {
  return all(
    db,
    `SELECT id, type, counterparty_iban, counterparty_name, other_account_id, tax_rate_id, description
      FROM import_entries
    WHERE company_id = ? AND status = 'processed' AND ignore = 0 AND invoice_id IS NULL AND bill_id IS NULL
    AND other_account_id IS NOT NULL
      AND (counterparty_iban IS NOT NULL OR counterparty_name IS NOT NULL)
    ORDER BY id`,
    companyId,
  ) as LearnedRuleRow[];
}

/** The company's invoices a payment can still pay (every status but paid) that carry a reference. */
export function unpaidInvoiceRows(db: Db, companyId: number): Row[] {
  return all(
    db,
    `SELECT i.*, c.name AS customer_name FROM invoices i LEFT JOIN customers c ON c.id = i.customer_id
    WHERE i.company_id = ? AND i.status != 'paid' AND (i.qr_reference IS NOT NULL OR i.reference IS NOT NULL)`,
    companyId,
  );
}

/** A bill as a debit of an upload can pay it. */
export interface PayableBillRow {
  id: number;
  number: string;
  supplier_name: string;
  iban: string;
  reference: string | null;
  /** Rappen of `currency` */
  amount: number;
  currency: string;
  amount_chf: number;
  bill_date: string;
  due_date: string;
  expense_account_id: number | null;
  tax_rate_id: number | null;
  /** an entry booked through 2000 Kreditoren (accrual) is paid from 2000 */
  expense_entry_id: number | null;
}

/**
 * The company's bills a debit can still pay: open or scheduled, and not linked to an open import entry
 * already (one upload's payment of it is enough). Earliest due first.
 */
export function payableBillRows(db: Db, companyId: number): PayableBillRow[] {
  return all(
    db,
    `SELECT b.id, b.number, b.supplier_name, b.iban, b.reference, b.amount, b.currency, b.amount_chf, b.bill_date,
      b.due_date,
      b.expense_account_id, b.tax_rate_id, b.expense_entry_id
    FROM bills b WHERE b.company_id = ? AND b.status IN ('open', 'scheduled')
      AND NOT EXISTS (SELECT 1 FROM import_entries ie WHERE ie.company_id = b.company_id AND ie.bill_id = b.id
      AND ie.status = 'open')
    ORDER BY b.due_date, b.id`,
    companyId,
  ) as PayableBillRow[];
}

/**
 * The open entries linked to a bill that is deleted: unlinked, and no longer ready (their counter account was the
 * bill's).
 */
export function unlinkBillFromImportEntries(db: Db, companyId: number, billId: number): void {
  run(
    db,
    `UPDATE import_entries SET bill_id = NULL, other_account_id = NULL, tax_rate_id = NULL,
      description = og_description, error = NULL,
    updated_at = ? WHERE company_id = ? AND bill_id = ? AND status = 'open'`,
    timestamp(),
    companyId,
    billId,
  );
}

/** The bill an entry links, as the ImportEntry embeds it. */
export type LinkedBillRow = Pick<PayableBillRow, 'id' | 'number' | 'supplier_name'> & { status: string };

/** The company's bills among `ids`, by id. */
export function linkedBillRows(db: Db, companyId: number, ids: readonly number[]): Map<number, LinkedBillRow> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = all(
    db,
    `SELECT id, number, supplier_name, status FROM bills WHERE company_id = ?
      AND id IN (${unique.map(() => '?').join(', ')})`,
    companyId,
    ...unique,
  ) as LinkedBillRow[];
  return new Map(rows.map((r) => [r.id, r]));
}

/** The entries rules were learned from, by id: their counterparty and the booking they became (its number). */
export function ruleSourceRows(db: Db, companyId: number, ids: readonly number[]): Map<number, RuleSourceRow> {
  if (ids.length === 0) return new Map();
  const rows = all(
    db,
    `SELECT ie.id, ie.entry_id, ie.counterparty_iban, ie.counterparty_name, e.number AS entry_number
    FROM import_entries ie LEFT JOIN entries e ON e.id = ie.entry_id
    WHERE ie.company_id = ? AND ie.id IN (${ids.map(() => '?').join(', ')})`,
    companyId,
    ...ids,
  ) as RuleSourceRow[];
  return new Map(rows.map((r) => [r.id, r]));
}

// ---- statements' balances (reconciling the books with the bank) ------------------------------------

/** A statement's balances as an upload stores them (Rappen; dates YYYY-MM-DD). */
export interface NewBankStatement {
  bank_account_id: number;
  /** `Stmt/Id` ('' without one) */
  statement_ref: string;
  iban: string | null;
  currency: string;
  opening_balance: number | null;
  opening_date: string | null;
  closing_balance: number;
  closing_date: string;
  /** the date the books are read at: the closing date, or the statement's latest booking date when later */
  booked_until: string;
  movements: number;
}

const STATEMENT_COLUMNS = [
  'bank_account_id',
  'statement_ref',
  'iban',
  'currency',
  'opening_balance',
  'opening_date',
  'closing_balance',
  'closing_date',
  'booked_until',
  'movements',
] as const satisfies readonly (keyof NewBankStatement)[];

/**
 * Keeps a statement's balances; the same statement uploaded again adds no row (call inside the upload's transaction).
 */
export function insertBankStatement(db: Db, companyId: number, st: NewBankStatement): void {
  run(
    db,
    `INSERT OR IGNORE INTO bank_statements (company_id, ${STATEMENT_COLUMNS.join(', ')}, created_at)
    VALUES (?, ${STATEMENT_COLUMNS.map(() => '?').join(', ')}, ?)`,
    companyId,
    ...STATEMENT_COLUMNS.map((k) => st[k]),
    timestamp(),
  );
}

/** The bank account's latest statement (by closing date, then upload) closing on or before `until` (any without). */
export function latestBankStatement(db: Db, companyId: number, bankAccountId: number, until?: string): Row | undefined {
  return one(
    db,
    `SELECT * FROM bank_statements WHERE company_id = ? AND bank_account_id = ? AND (? IS NULL OR closing_date <= ?)
    ORDER BY closing_date DESC, id DESC LIMIT 1`,
    companyId,
    bankAccountId,
    until ?? null,
    until ?? null,
  );
}

/** The ids of the bank accounts that have a stored statement. */
export function bankAccountsWithStatements(db: Db, companyId: number): number[] {
  return all(
    db,
    'SELECT DISTINCT bank_account_id FROM bank_statements WHERE company_id = ? ORDER BY bank_account_id',
    companyId,
  ).map((r) => Number(r.bank_account_id));
}

/**
 * The open, not ignored entries of the bank account dated up to `until` (oldest first): what is not in the books yet.
 */
export function openImportEntryRowsUntil(
  db: Db,
  companyId: number,
  bankAccountId: number,
  until: string,
): QueueEntryRow[] {
  return queueRows(
    all(
      db,
      `${SELECT} WHERE ie.company_id = ? AND ie.bank_account_id = ? AND ie.status = 'open' AND ie.ignore = 0
        AND ie.date <= ?
    ORDER BY ie.date, ie.id`,
      companyId,
      bankAccountId,
      until,
    ),
  );
}
