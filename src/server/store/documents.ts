// Proposals and invoices: SQL only (rows in, rows out). Both tables share their shape, so one module
// serves both, keyed by the document type; positions, activities and attachments are shared tables
// keyed by (document_type, document_id). Money columns are Rappen, percentages hundredths of a
// percent, position amounts thousandths. Every query is scoped by the company.
import { all, insertCompanyRow, one, run, sumAsText, timestamp, updateCompanyRow, type Db, type Row } from './db.js';
import type { DocumentType } from '../domain/documents.js';

const TABLE: Readonly<Record<DocumentType, 'proposals' | 'invoices'>> = { proposal: 'proposals', invoice: 'invoices' };
const DUE: Readonly<Record<DocumentType, 'valid_until' | 'payable_until'>> = {
  proposal: 'valid_until',
  invoice: 'payable_until',
};

const placeholders = (values: readonly unknown[]) => values.map(() => '?').join(', ') || 'NULL';
const quoted = (column: string) => `"${column}"`;

/** Columns a create or update may write, per type (totals are written by setTotals). */
const SHARED_COLUMNS = [
  'customer_id',
  'contact_id',
  'project_id',
  'tax_rate_id',
  'number',
  'title',
  'lang',
  'date',
  'status',
  'remarks_top',
  'remarks',
  'currency',
  'discount_rate',
  'vat_included',
  'add_rounding_difference',
  'document_settings',
  'is_shared',
  'share_token',
] as const;
const PROPOSAL_COLUMNS = [...SHARED_COLUMNS, 'valid_until', 'with_signature', 'signature_remark'] as const;
const INVOICE_COLUMNS = [
  ...SHARED_COLUMNS,
  'proposal_id',
  'bank_account_id',
  'income_account_id',
  'entry_id',
  'receivable_entry_id',
  'payable_until',
  'reminder_due_date',
  'reference',
  'qr_reference',
  'group_by',
  'times_order',
  'exchange_rate_times',
  'exchange_rate_expenses',
  'repeat',
  'repeat_interval',
  'repeat_stop_at',
  'repeat_notification_to',
  'without_debitor_on_qr',
  'paid_at',
  'recurring_template_id',
  'recurring_index',
] as const;
export type DocumentColumn = (typeof INVOICE_COLUMNS)[number] | (typeof PROPOSAL_COLUMNS)[number];
export type DocumentValues = Partial<Record<DocumentColumn, string | number | boolean | null>>;
const COLUMNS: Readonly<Record<DocumentType, readonly DocumentColumn[]>> = {
  proposal: PROPOSAL_COLUMNS,
  invoice: INVOICE_COLUMNS,
};

// ---- rows ----------------------------------------------------------------------------------------------

/** The columns proposals and invoices share, as SQLite hands them back (flags 0/1, money in Rappen). */
interface SharedDocumentRow {
  id: number;
  company_id: number;
  user_id: number;
  customer_id: number;
  contact_id: number | null;
  project_id: number | null;
  tax_rate_id: number | null;
  number: string;
  title: string | null;
  lang: string;
  date: string;
  status: string;
  remarks_top: string | null;
  remarks: string | null;
  currency: string;
  discount_rate: number | null;
  vat_included: number;
  add_rounding_difference: number;
  document_settings: string;
  is_shared: number;
  share_token: string | null;
  total_value: number;
  discount_amount: number;
  total_value_with_discount: number;
  vat_amount: number;
  total_value_with_vat: number;
  rounding_difference: number;
  final_value: number;
  created_at: string;
  updated_at: string;
  /** the customer's name, joined in by every read of a document */
  customer_name: string | null;
}

/** The columns only proposals have. */
interface ProposalColumns {
  valid_until: string;
  with_signature: number;
  signature_remark: string | null;
}

/** The columns only invoices have. */
interface InvoiceColumns {
  proposal_id: number | null;
  bank_account_id: number | null;
  income_account_id: number | null;
  entry_id: number | null;
  receivable_entry_id: number | null;
  payable_until: string;
  reminder_due_date: string | null;
  reference: string | null;
  qr_reference: string | null;
  group_by: string | null;
  times_order: string;
  exchange_rate_times: string;
  exchange_rate_expenses: string;
  repeat: number;
  repeat_interval: string | null;
  repeat_stop_at: string | null;
  repeat_notification_to: string | null;
  without_debitor_on_qr: number;
  paid_at: string | null;
  recurring_template_id: number | null;
  recurring_index: number | null;
}

/** A proposal or an invoice as stored; the columns of the other type are absent. */
export type DocumentRow = SharedDocumentRow & Partial<ProposalColumns> & Partial<InvoiceColumns>;

/** A proposal read by its public link: a proposal's columns, and the token it was found by. */
export type SharedProposalRow = DocumentRow & ProposalColumns & { share_token: string };

/** A position of a document (amount in thousandths, price and sum in Rappen). */
export type PositionRow = {
  id: number;
  document_type: DocumentType;
  document_id: number;
  parent_id: number | null;
  type: string;
  description: string | null;
  title: string | null;
  amount: number;
  price: number;
  discount_amount: number;
  discount_type: string | null;
  sum: number;
  unit: string | null;
  order: number;
  date: string | null;
  created_at: string;
  updated_at: string;
};

/** An entry of a document's history. */
export type ActivityRow = {
  id: number;
  document_type: DocumentType;
  document_id: number;
  message: string;
  color: string | null;
  created_at: string;
};

// ---- documents -------------------------------------------------------------------------------------

/** One status condition of a list filter: the document is in one of `statuses` (and due before `dueBefore`). */
export interface StatusCondition {
  statuses: readonly string[];
  dueBefore?: string;
}

export interface DocumentFilter {
  ids?: number[];
  customerIds?: number[];
  projectIds?: number[];
  proposalIds?: number[];
  entryIds?: number[];
  userIds?: number[];
  bankAccountIds?: number[];
  taxRateIds?: number[];
  repeat?: boolean;
  /** part of the number */
  number?: string;
  start?: string;
  end?: string;
  /** any of them (OR); absent: every status */
  status?: StatusCondition[];
  /** only documents with the public link on */
  shared?: boolean;
}

function where(type: DocumentType, companyId: number, f: DocumentFilter): [string, unknown[]] {
  const clauses = ['d.company_id = ?'];
  const params: unknown[] = [companyId];
  const inList = (column: string, ids: number[] | undefined) => {
    if (!ids) return;
    clauses.push(`d.${column} IN (${placeholders(ids)})`);
    params.push(...ids);
  };
  inList('id', f.ids);
  inList('customer_id', f.customerIds);
  inList('project_id', f.projectIds);
  inList('user_id', f.userIds);
  inList('tax_rate_id', f.taxRateIds);
  if (type === 'invoice') {
    inList('proposal_id', f.proposalIds);
    inList('entry_id', f.entryIds);
    inList('bank_account_id', f.bankAccountIds);
    if (f.repeat !== undefined) {
      clauses.push('d.repeat = ?');
      params.push(f.repeat ? 1 : 0);
    }
  }
  if (f.number) {
    clauses.push('instr(lower(d.number), ?) > 0');
    params.push(f.number.toLowerCase());
  }
  if (f.start) {
    clauses.push('d.date >= ?');
    params.push(f.start);
  }
  if (f.end) {
    clauses.push('d.date <= ?');
    params.push(f.end);
  }
  if (f.shared !== undefined) {
    clauses.push('d.is_shared = ?');
    params.push(f.shared ? 1 : 0);
  }
  if (f.status) {
    const any = f.status.map((s) => {
      params.push(...s.statuses);
      const inStatus = `d.status IN (${placeholders(s.statuses)})`;
      if (s.dueBefore === undefined) return inStatus;
      params.push(s.dueBefore);
      return `(${inStatus} AND d.${DUE[type]} < ?)`;
    });
    clauses.push(`(${any.join(' OR ') || '0'})`);
  }
  return [clauses.join(' AND '), params];
}

const SUMMARY_SELECT = (type: DocumentType) =>
  `SELECT d.*, c.name AS customer_name FROM ${TABLE[type]} d LEFT JOIN customers c ON c.id = d.customer_id`;

/**
 * Every document that matches, newest first (or oldest first), without paging: the relations of customers and projects.
 */
export function documentRowsWhere(
  db: Db,
  type: DocumentType,
  companyId: number,
  filter: DocumentFilter,
  order: 'newest' | 'oldest' = 'newest',
): DocumentRow[] {
  const [w, params] = where(type, companyId, filter);
  const dir = order === 'newest' ? 'DESC' : 'ASC';
  return all(db, `${SUMMARY_SELECT(type)} WHERE ${w} ORDER BY d.date ${dir}, d.id ${dir}`, ...params) as DocumentRow[];
}

/**
 * A page of documents, newest first (date, then id), with the count of all that match, the sum of their
 * final_value (the spec's, whatever the currencies) and the sum per currency.
 */
export function listDocumentRows(
  db: Db,
  type: DocumentType,
  companyId: number,
  filter: DocumentFilter,
  limit: number,
  offset: number,
): {
  rows: DocumentRow[];
  total: number;
  sum: bigint;
  sums: Map<string, bigint>;
} {
  const [w, params] = where(type, companyId, filter);
  const perCurrency = all(
    db,
    `SELECT d.currency, count(*) AS n, ${sumAsText('d.final_value')} AS s FROM ${TABLE[type]} d WHERE ${w}
      GROUP BY d.currency`,
    ...params,
  );
  const sums = new Map(perCurrency.map((r) => [String(r.currency), BigInt(r.s)]));
  const rows = all(
    db,
    `${SUMMARY_SELECT(type)} WHERE ${w} ORDER BY d.date DESC, d.id DESC LIMIT ? OFFSET ?`,
    ...params,
    limit,
    offset,
  ) as DocumentRow[];
  return {
    rows,
    total: perCurrency.reduce((n, r) => n + Number(r.n), 0),
    sum: [...sums.values()].reduce((a, b) => a + b, 0n),
    sums,
  };
}

export function findDocumentRow(db: Db, type: DocumentType, companyId: number, id: number): DocumentRow | undefined {
  return one(db, `${SUMMARY_SELECT(type)} WHERE d.company_id = ? AND d.id = ?`, companyId, id) as
    | DocumentRow
    | undefined;
}

/** The proposal whose public link is on with this token, of whichever company (the link carries no company). */
export function findSharedProposalRow(db: Db, token: string): SharedProposalRow | undefined {
  return one(db, `${SUMMARY_SELECT('proposal')} WHERE d.share_token = ? AND d.is_shared = 1`, token) as
    | SharedProposalRow
    | undefined;
}

export function documentNumberTaken(
  db: Db,
  type: DocumentType,
  companyId: number,
  number: string,
  exceptId?: number,
): boolean {
  return !!one(
    db,
    `SELECT 1 FROM ${TABLE[type]} WHERE company_id = ? AND number = ? AND id IS NOT ?`,
    companyId,
    number,
    exceptId ?? null,
  );
}

/** The numbers of the type that start with `stem` ("R-2026-"), for the running counter. */
export function documentNumbersLike(db: Db, type: DocumentType, companyId: number, stem: string): string[] {
  return all(
    db,
    `SELECT number FROM ${TABLE[type]} WHERE company_id = ? AND substr(number, 1, ?) = ?`,
    companyId,
    stem.length,
    stem,
  ).map((r) => String(r.number));
}

export function insertDocument(
  db: Db,
  type: DocumentType,
  companyId: number,
  userId: number,
  values: DocumentValues,
): number {
  return insertCompanyRow(db, TABLE[type], companyId, userId, COLUMNS[type], values);
}

export function updateDocument(
  db: Db,
  type: DocumentType,
  companyId: number,
  id: number,
  values: DocumentValues,
): void {
  updateCompanyRow(db, TABLE[type], companyId, id, COLUMNS[type], values);
}

export interface StoredTotals {
  total_value: number;
  discount_amount: number;
  total_value_with_discount: number;
  vat_amount: number;
  total_value_with_vat: number;
  rounding_difference: number;
  final_value: number;
}

export function setTotals(db: Db, type: DocumentType, id: number, t: StoredTotals): void {
  run(
    db,
    `UPDATE ${TABLE[type]} SET total_value = ?, discount_amount = ?, total_value_with_discount = ?, vat_amount = ?,
    total_value_with_vat = ?, rounding_difference = ?, final_value = ? WHERE id = ?`,
    t.total_value,
    t.discount_amount,
    t.total_value_with_discount,
    t.vat_amount,
    t.total_value_with_vat,
    t.rounding_difference,
    t.final_value,
    id,
  );
}

/** Deletes the document with its positions, activities and attachment links (the files are the caller's). */
export function deleteDocumentRow(db: Db, type: DocumentType, companyId: number, id: number): void {
  run(db, 'DELETE FROM positions WHERE document_type = ? AND document_id = ?', type, id);
  run(db, 'DELETE FROM activities WHERE document_type = ? AND document_id = ?', type, id);
  run(db, 'DELETE FROM attachments WHERE document_type = ? AND document_id = ?', type, id);
  run(db, `DELETE FROM ${TABLE[type]} WHERE company_id = ? AND id = ?`, companyId, id);
}

/** How many invoices were made from a proposal. */
export function invoiceCountOfProposal(db: Db, companyId: number, proposalId: number): number {
  return Number(
    one(db, 'SELECT count(*) AS n FROM invoices WHERE company_id = ? AND proposal_id = ?', companyId, proposalId)!.n,
  );
}

/** The occurrence indexes already created from a template. */
export function recurringIndexesOf(db: Db, templateId: number): Set<number> {
  return new Set(
    all(db, 'SELECT recurring_index FROM invoices WHERE recurring_template_id = ?', templateId).map((r) =>
      Number(r.recurring_index),
    ),
  );
}

// ---- positions ----------------------------------------------------------------------------------------

export interface PositionValues {
  parent_id: number | null;
  type: 'position' | 'text' | 'collection';
  description: string | null;
  title: string | null;
  amount: number;
  price: number;
  discount_amount: number;
  discount_type: 'absolute' | 'percentage' | null;
  sum: number;
  unit: string | null;
  order: number;
  date: string | null;
}

const POSITION_COLUMNS = [
  'parent_id',
  'type',
  'description',
  'title',
  'amount',
  'price',
  'discount_amount',
  'discount_type',
  'sum',
  'unit',
  'order',
  'date',
] as const;

/** Positions of a document in their order, parents before their children. */
export function positionRows(db: Db, type: DocumentType, documentId: number): PositionRow[] {
  return all(
    db,
    'SELECT * FROM positions WHERE document_type = ? AND document_id = ? ORDER BY "order", id',
    type,
    documentId,
  ) as PositionRow[];
}

/** How many positions a document holds (children counted) and the characters of their texts. */
export function positionsSize(db: Db, type: DocumentType, documentId: number): { count: number; characters: number } {
  const r = one(
    db,
    `SELECT count(*) AS n, coalesce(sum(length(coalesce(description, '')) + length(coalesce(title,
      '')) + length(coalesce(unit, ''))), 0) AS c
    FROM positions WHERE document_type = ? AND document_id = ?`,
    type,
    documentId,
  )!;
  return { count: Number(r.n), characters: Number(r.c) };
}

export function findPositionRow(db: Db, type: DocumentType, documentId: number, id: number): PositionRow | undefined {
  return one(
    db,
    'SELECT * FROM positions WHERE document_type = ? AND document_id = ? AND id = ?',
    type,
    documentId,
    id,
  ) as PositionRow | undefined;
}

export function insertPosition(db: Db, type: DocumentType, documentId: number, values: PositionValues): number {
  const now = timestamp();
  const names = ['document_type', 'document_id', ...POSITION_COLUMNS, 'created_at', 'updated_at'];
  return Number(
    run(
      db,
      `INSERT INTO positions (${names.map(quoted).join(', ')}) VALUES (${placeholders(names)})`,
      type,
      documentId,
      ...POSITION_COLUMNS.map((k) => values[k]),
      now,
      now,
    ).lastInsertRowid,
  );
}

export function updatePosition(db: Db, id: number, values: Partial<PositionValues>): void {
  const cols = POSITION_COLUMNS.filter((k) => values[k] !== undefined);
  run(
    db,
    `UPDATE positions SET ${[...cols.map((k) => `${quoted(k)} = ?`), 'updated_at = ?'].join(', ')} WHERE id = ?`,
    ...cols.map((k) => values[k] as string | number | null),
    timestamp(),
    id,
  );
}

/** Deletes a position; a collection's children go with it (ON DELETE CASCADE). */
export function deletePosition(db: Db, id: number): void {
  run(db, 'DELETE FROM positions WHERE id = ?', id);
}

export function deletePositions(db: Db, type: DocumentType, documentId: number): void {
  run(db, 'DELETE FROM positions WHERE document_type = ? AND document_id = ?', type, documentId);
}

/** The sum of a collection's children (Rappen). */
export function childrenSum(db: Db, collectionId: number): number {
  return Number(one(db, 'SELECT coalesce(sum(sum), 0) AS s FROM positions WHERE parent_id = ?', collectionId)!.s);
}

export function deleteChildPositions(db: Db, collectionId: number): void {
  run(db, 'DELETE FROM positions WHERE parent_id = ?', collectionId);
}

export function nextPositionOrder(db: Db, type: DocumentType, documentId: number, parentId: number | null): number {
  return Number(
    one(
      db,
      'SELECT coalesce(max("order"), -1) + 1 AS n FROM positions WHERE document_type = ? AND document_id = ? AND ' +
        'parent_id IS ?',
      type,
      documentId,
      parentId,
    )!.n,
  );
}

// ---- activities ----------------------------------------------------------------------------------------

export function insertActivity(
  db: Db,
  type: DocumentType,
  documentId: number,
  message: string,
  color: string | null = null,
  at = timestamp(),
): void {
  run(
    db,
    'INSERT INTO activities (document_type, document_id, message, color, created_at) VALUES (?, ?, ?, ?, ?)',
    type,
    documentId,
    message,
    color,
    at,
  );
}

/** Activities newest first (same instant: the later one first). */
export function activityRows(db: Db, type: DocumentType, documentId: number): ActivityRow[] {
  return all(
    db,
    'SELECT * FROM activities WHERE document_type = ? AND document_id = ? ORDER BY created_at DESC, id DESC',
    type,
    documentId,
  ) as ActivityRow[];
}

/** When the document's latest activity with exactly this message was recorded (a timestamp), if ever. */
export function lastActivityAt(db: Db, type: DocumentType, documentId: number, message: string): string | undefined {
  const row = one(
    db,
    'SELECT max(created_at) AS at FROM activities WHERE document_type = ? AND document_id = ? AND message = ?',
    type,
    documentId,
    message,
  );
  return row?.at ?? undefined;
}

// ---- attachments --------------------------------------------------------------------------------------

export function attachFile(db: Db, type: DocumentType, documentId: number, fileId: number): void {
  run(db, 'INSERT INTO attachments (document_type, document_id, file_id) VALUES (?, ?, ?)', type, documentId, fileId);
}

export function attachmentFileIds(db: Db, type: DocumentType, documentId: number): number[] {
  return all(
    db,
    'SELECT file_id FROM attachments WHERE document_type = ? AND document_id = ? ORDER BY file_id',
    type,
    documentId,
  ).map((r) => Number(r.file_id));
}

export function detachFile(db: Db, type: DocumentType, documentId: number, fileId: number): boolean {
  return (
    Number(
      run(
        db,
        'DELETE FROM attachments WHERE document_type = ? AND document_id = ? AND file_id = ?',
        type,
        documentId,
        fileId,
      ).changes,
    ) > 0
  );
}

// ---- what invoices link: time entries and expense bookings -------------------------------------------

/** The company's time entries among `ids` with their status and invoice. */
export function timeRowsByIds(db: Db, companyId: number, ids: number[]): Row[] {
  if (ids.length === 0) return [];
  return all(
    db,
    `SELECT id, status, invoice_id, project_id FROM time_entries WHERE company_id = ? AND id IN (${placeholders(ids)})`,
    companyId,
    ...ids,
  );
}

export function linkedTimeIds(db: Db, invoiceId: number): number[] {
  return all(db, 'SELECT id FROM time_entries WHERE invoice_id = ? ORDER BY id', invoiceId).map((r) => Number(r.id));
}

/** Links time entries to the invoice and sets their status (invoiced). */
export function linkTimes(db: Db, invoiceId: number, ids: number[], status: string): void {
  if (ids.length === 0) return;
  run(
    db,
    `UPDATE time_entries SET invoice_id = ?, status = ?, updated_at = ? WHERE id IN (${placeholders(ids)})`,
    invoiceId,
    status,
    timestamp(),
    ...ids,
  );
}

/** Time entries of the invoice among `ids` (all when absent) go back to open, unlinked. */
export function unlinkTimes(db: Db, invoiceId: number, ids?: number[]): void {
  if (ids && ids.length === 0) return;
  const only = ids ? ` AND id IN (${placeholders(ids)})` : '';
  run(
    db,
    `UPDATE time_entries SET invoice_id = NULL, status = 'open', updated_at = ? WHERE invoice_id = ?${only}`,
    timestamp(),
    invoiceId,
    ...(ids ?? []),
  );
}

export function setLinkedTimesStatus(db: Db, invoiceId: number, status: string): void {
  run(db, 'UPDATE time_entries SET status = ?, updated_at = ? WHERE invoice_id = ?', status, timestamp(), invoiceId);
}

/** The company's bookings among `ids` with their type and invoice. */
export function entryRowsByIds(db: Db, companyId: number, ids: number[]): Row[] {
  if (ids.length === 0) return [];
  return all(
    db,
    `SELECT id, type, invoice_id FROM entries WHERE company_id = ? AND id IN (${placeholders(ids)})`,
    companyId,
    ...ids,
  );
}

/** Links exactly `ids` (expense bookings) to the invoice: expense bookings no longer listed lose the link. */
export function replaceLinkedEntries(db: Db, invoiceId: number, ids: number[]): void {
  const now = timestamp();
  run(
    db,
    `UPDATE entries SET invoice_id = NULL, updated_at = ? WHERE invoice_id = ? AND type = 'expense'
      AND id NOT IN (${placeholders(ids)})`,
    now,
    invoiceId,
    ...ids,
  );
  if (ids.length)
    run(
      db,
      `UPDATE entries SET invoice_id = ?, updated_at = ? WHERE id IN (${placeholders(ids)}) AND invoice_id IS NOT ?`,
      invoiceId,
      now,
      ...ids,
      invoiceId,
    );
}

/** The payment or receivable booking of an invoice names it (the invoice's `entries` relation lists it). */
export function linkBookingToInvoice(db: Db, entryId: number, invoiceId: number): void {
  run(db, 'UPDATE entries SET invoice_id = ? WHERE id = ?', invoiceId, entryId);
}

/** The invoice whose payment or receivable booking `entryId` is, if any. */
export function invoiceBookedBy(db: Db, companyId: number, entryId: number): Row | undefined {
  return one(
    db,
    'SELECT id, number, status, entry_id, receivable_entry_id FROM invoices WHERE company_id = ? AND (entry_id = ? ' +
      'OR receivable_entry_id = ?)',
    companyId,
    entryId,
    entryId,
  );
}
