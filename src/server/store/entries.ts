// Bookings (entries) of a company: SQL, the list and grouped-list queries, numbering look-ups, tags,
// groups, and the records a booking embeds. Every query is scoped by company_id.
import { all, idOrNull, one, run, sumAsText, timestamp, type Db } from './db.js';
import type { AccountType } from '../domain/ledger.js';
import { entryNumberStem, MAX_RUNNING_NUMBER, type EntryType } from '../domain/numbering.js';

// ---- values -------------------------------------------------------------------------------------

/** The stored columns a create or update writes (money in Rappen, booleans as booleans). */
export interface EntryValues {
  number: string | null;
  type: EntryType;
  date: string;
  description: string | null;
  sum: number;
  debit_account_id: number;
  credit_account_id: number;
  tax_rate_id: number | null;
  customer_id: number | null;
  project_id: number | null;
  billable: boolean;
  is_depreciation: boolean;
  /** made by the bank import */
  is_imported: boolean;
  entry_group_id: number | null;
  file_id: number | null;
}

export const ENTRY_COLUMNS = [
  'number',
  'type',
  'date',
  'description',
  'sum',
  'debit_account_id',
  'credit_account_id',
  'tax_rate_id',
  'customer_id',
  'project_id',
  'billable',
  'is_depreciation',
  'is_imported',
  'entry_group_id',
  'file_id',
] as const satisfies readonly (keyof EntryValues)[];

// ---- rows ----------------------------------------------------------------------------------------

/** A booking as SQLite hands it back (money in Rappen, flags 0/1). */
export interface EntryRow {
  id: number;
  company_id: number;
  user_id: number | null;
  number: string | null;
  type: EntryType;
  date: string;
  description: string | null;
  sum: number;
  debit_account_id: number;
  credit_account_id: number;
  tax_rate_id: number | null;
  customer_id: number | null;
  project_id: number | null;
  billable: number;
  is_imported: number;
  is_depreciation: number;
  entry_group_id: number | null;
  file_id: number | null;
  invoice_id: number | null;
  created_at: string;
  updated_at: string;
}

/** An entry group with the number of its bookings. */
export interface EntryGroupRow {
  id: number;
  company_id: number;
  created_at: string;
  updated_at: string;
  entries_count: number;
}

/** A tag of a booking (`entry_id`): the tag's id, name and colour. */
export interface EntryTagRow {
  entry_id: number;
  id: number;
  name: string;
  color: string;
}

const bool = (v: unknown) => Number(v) === 1;

export function valuesOf(r: EntryRow): EntryValues {
  return {
    number: r.number ?? null,
    type: r.type,
    date: r.date,
    description: r.description ?? null,
    sum: Number(r.sum),
    debit_account_id: Number(r.debit_account_id),
    credit_account_id: Number(r.credit_account_id),
    tax_rate_id: idOrNull(r.tax_rate_id),
    customer_id: idOrNull(r.customer_id),
    project_id: idOrNull(r.project_id),
    billable: bool(r.billable),
    is_depreciation: bool(r.is_depreciation),
    is_imported: bool(r.is_imported),
    entry_group_id: idOrNull(r.entry_group_id),
    file_id: idOrNull(r.file_id),
  };
}

const stored = (v: EntryValues[keyof EntryValues]) => (typeof v === 'boolean' ? (v ? 1 : 0) : v);

export function findEntryRow(db: Db, companyId: number, id: number): EntryRow | undefined {
  return one<EntryRow>(db, 'SELECT * FROM entries WHERE company_id = ? AND id = ?', companyId, id);
}

/** The project's bookings, oldest first; `expenses`: only the expenses. */
export function entryRowsOfProject(db: Db, companyId: number, projectId: number, expenses: boolean): EntryRow[] {
  return all<EntryRow>(
    db,
    `SELECT * FROM entries WHERE company_id = ? AND project_id = ?${expenses ? " AND type = 'expense'" : ''}
      ORDER BY date, id`,
    companyId,
    projectId,
  );
}

/** The bookings linked to the invoice (its expenses, its receivable and its payment), by id. */
export function entryRowsOfInvoice(db: Db, companyId: number, invoiceId: number): EntryRow[] {
  return all<EntryRow>(
    db,
    'SELECT * FROM entries WHERE company_id = ? AND invoice_id = ? ORDER BY id',
    companyId,
    invoiceId,
  );
}

/** The highest booking id of any company (0 with none): what a dry run reads the new bookings after. */
export function lastEntryId(db: Db): number {
  return Number(one(db, 'SELECT coalesce(max(id), 0) AS id FROM entries')!.id);
}

/** The company's bookings with an id above `afterId`, oldest first: those a step has just made. */
export function entryRowsAfter(db: Db, companyId: number, afterId: number): EntryRow[] {
  return all<EntryRow>(db, 'SELECT * FROM entries WHERE company_id = ? AND id > ? ORDER BY id', companyId, afterId);
}

export function insertEntry(db: Db, companyId: number, userId: number, values: EntryValues): number {
  const now = timestamp();
  return Number(
    run(
      db,
      `INSERT INTO entries (company_id, user_id, ${ENTRY_COLUMNS.join(', ')}, created_at, updated_at)
        VALUES (?, ?, ${ENTRY_COLUMNS.map(() => '?').join(', ')}, ?, ?)`,
      companyId,
      userId,
      ...ENTRY_COLUMNS.map((k) => stored(values[k])),
      now,
      now,
    ).lastInsertRowid,
  );
}

export function updateEntry(db: Db, companyId: number, id: number, values: EntryValues): void {
  run(
    db,
    `UPDATE entries SET ${ENTRY_COLUMNS.map((k) => `${k} = ?`).join(', ')}, updated_at = ? WHERE company_id = ?
      AND id = ?`,
    ...ENTRY_COLUMNS.map((k) => stored(values[k])),
    timestamp(),
    companyId,
    id,
  );
}

/** Touches updated_at (a change that only concerned tags). */
export function touchEntry(db: Db, companyId: number, id: number): void {
  run(db, 'UPDATE entries SET updated_at = ? WHERE company_id = ? AND id = ?', timestamp(), companyId, id);
}

export function deleteEntryRow(db: Db, companyId: number, id: number): void {
  run(db, 'DELETE FROM entry_tag WHERE entry_id = ?', id);
  run(db, 'DELETE FROM entries WHERE company_id = ? AND id = ?', companyId, id);
}

// ---- references ---------------------------------------------------------------------------------

export interface AccountInfo {
  id: number;
  number: number;
  name: string;
  type: AccountType;
  category_id: number;
  category_name: string;
}

/** Accounts of the company among `ids`, with their category. */
export function accountsOf(db: Db, companyId: number, ids: number[]): Map<number, AccountInfo> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = all(
    db,
    `SELECT a.id, a.number, a.name, c.id AS category_id, c.name AS category_name, c.type
      FROM accounts a JOIN account_categories c ON c.id = a.account_category_id
     WHERE a.company_id = ? AND a.id IN (${unique.map(() => '?').join(', ')})`,
    companyId,
    ...unique,
  );
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        id: Number(r.id),
        number: Number(r.number),
        name: r.name,
        type: r.type as AccountType,
        category_id: Number(r.category_id),
        category_name: r.category_name,
      },
    ]),
  );
}

/** The ids among `ids` that are tags of the company. */
export function tagIdsOfCompany(db: Db, companyId: number, ids: number[]): Set<number> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  return new Set(
    all(
      db,
      `SELECT id FROM tags WHERE company_id = ? AND id IN (${unique.map(() => '?').join(', ')})`,
      companyId,
      ...unique,
    ).map((r) => Number(r.id)),
  );
}

// ---- tags and groups ----------------------------------------------------------------------------

export function replaceEntryTags(db: Db, entryId: number, tagIds: number[]): void {
  run(db, 'DELETE FROM entry_tag WHERE entry_id = ?', entryId);
  addEntryTags(db, entryId, tagIds);
}

export function addEntryTags(db: Db, entryId: number, tagIds: number[]): void {
  const insert = db.prepare('INSERT OR IGNORE INTO entry_tag (entry_id, tag_id) VALUES (?, ?)');
  for (const id of new Set(tagIds)) insert.run(entryId, id);
}

export function entryTagIds(db: Db, entryId: number): number[] {
  return all(db, 'SELECT tag_id FROM entry_tag WHERE entry_id = ? ORDER BY tag_id', entryId).map((r) =>
    Number(r.tag_id),
  );
}

/** A group with the number of its bookings (entries_count). */
export function findGroupRow(db: Db, companyId: number, id: number): EntryGroupRow | undefined {
  return one<EntryGroupRow>(
    db,
    `SELECT g.*, (SELECT count(*) FROM entries e WHERE e.company_id = g.company_id
      AND e.entry_group_id = g.id) AS entries_count FROM entry_groups g WHERE g.company_id = ? AND g.id = ?`,
    companyId,
    id,
  );
}

export function insertGroup(db: Db, companyId: number): number {
  const now = timestamp();
  return Number(
    run(db, 'INSERT INTO entry_groups (company_id, created_at, updated_at) VALUES (?, ?, ?)', companyId, now, now)
      .lastInsertRowid,
  );
}

/** Deletes the group when no booking belongs to it any more. */
export function deleteGroupIfEmpty(db: Db, companyId: number, groupId: number | null): void {
  if (groupId === null) return;
  if (one(db, 'SELECT 1 FROM entries WHERE company_id = ? AND entry_group_id = ? LIMIT 1', companyId, groupId)) return;
  run(db, 'DELETE FROM entry_groups WHERE company_id = ? AND id = ?', companyId, groupId);
}

// ---- numbering and the revenue cap ---------------------------------------------------------------

/** Bookings of the type whose number starts with the stem (E-2024-) and ends in 1-9 digits. */
function stemClause(type: EntryType, year: number): [string, unknown[]] {
  const stem = entryNumberStem(type, year);
  const upper = stem.slice(0, -1) + String.fromCharCode(stem.charCodeAt(stem.length - 1) + 1);
  const from = stem.length + 1;
  return [
    `type = ? AND number >= ? AND number < ? AND length(number) BETWEEN ${from} AND ${stem.length + 9}
      AND substr(number, ${from}) NOT GLOB '*[^0-9]*'`,
    [type, stem, upper],
  ];
}

/** The highest running number of the company, type and year (0 when none). */
export function maxRunningNumber(db: Db, companyId: number, type: EntryType, year: number): number {
  const [clause, params] = stemClause(type, year);
  const from = entryNumberStem(type, year).length + 1;
  const r = one(
    db,
    `SELECT max(CAST(substr(number, ${from}) AS INTEGER)) AS n FROM entries WHERE company_id = ? AND ${clause}`,
    companyId,
    ...params,
  )!;
  const n = r.n === null ? 0 : Number(r.n);
  return Math.min(n, MAX_RUNNING_NUMBER);
}

/** Is the running number in use for the company, type and year ("E-2024-7" and "E-2024-007" are both 7)? */
export function runningNumberTaken(db: Db, companyId: number, type: EntryType, year: number, n: number): boolean {
  const [clause, params] = stemClause(type, year);
  const from = entryNumberStem(type, year).length + 1;
  return !!one(
    db,
    `SELECT 1 FROM entries WHERE company_id = ? AND ${clause} AND CAST(substr(number, ${from}) AS INTEGER) = ? LIMIT 1`,
    companyId,
    ...params,
    n,
  );
}

/** Is the exact number in use by another booking of the company and type? */
export function entryNumberTaken(
  db: Db,
  companyId: number,
  type: EntryType,
  number: string,
  exceptId?: number,
): boolean {
  return !!one(
    db,
    'SELECT 1 FROM entries WHERE company_id = ? AND type = ? AND number = ? AND id IS NOT ? LIMIT 1',
    companyId,
    type,
    number,
    exceptId ?? null,
  );
}

/** The income (sum of income bookings) of a calendar year, without the booking `exceptId`. */
export function yearIncome(db: Db, companyId: number, year: number, exceptId?: number): number {
  const y = String(year).padStart(4, '0');
  return Number(
    one(
      db,
      `SELECT ${sumAsText('sum')} AS n FROM entries WHERE company_id = ? AND type = 'income' AND date >= ?
        AND date <= ? AND id IS NOT ?`,
      companyId,
      `${y}-01-01`,
      `${y}-12-31`,
      exceptId ?? null,
    )!.n,
  );
}

// ---- lists --------------------------------------------------------------------------------------

export interface IdSet {
  ids: number[];
  withNull: boolean;
}

export interface EntryFilter {
  ids?: number[];
  start?: string;
  end?: string;
  types?: EntryType[];
  customer?: IdSet;
  project?: IdSet;
  billable?: boolean;
  locked?: boolean;
  invoice?: IdSet;
  taxRate?: IdSet;
  accountIds?: number[];
  tagIds?: number[];
  receipt?: boolean;
  invoiced?: boolean;
}

export const ENTRY_SORTS = ['date', 'sum', 'number', 'id', 'type', 'description', 'created_at'] as const;
export type EntrySortColumn = (typeof ENTRY_SORTS)[number];
export interface EntrySort {
  column: EntrySortColumn;
  desc: boolean;
}

const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

function idSetClause(column: string, set: IdSet, clauses: string[], params: unknown[]): void {
  const parts: string[] = [];
  if (set.ids.length) {
    parts.push(`${column} IN (${marks(set.ids.length)})`);
    params.push(...set.ids);
  }
  // `+column` keeps SQLite from walking the column's index for NULL, which matches most bookings
  if (set.withNull) parts.push(`+${column} IS NULL`);
  clauses.push(parts.length === 1 ? parts[0] : `(${parts.join(' OR ')})`);
}

function where(companyId: number, f: EntryFilter, closedUntil: string | null): [string, unknown[]] {
  // with an id filter the primary key is the way in; `+` keeps SQLite from walking a company index instead
  const clauses = [f.ids ? '+e.company_id = ?' : 'e.company_id = ?'];
  const params: unknown[] = [companyId];
  if (f.ids) {
    clauses.push(`e.id IN (${marks(f.ids.length)})`);
    params.push(...f.ids);
  }
  if (f.start) {
    clauses.push('e.date >= ?');
    params.push(f.start);
  }
  if (f.end) {
    clauses.push('e.date <= ?');
    params.push(f.end);
  }
  if (f.types) {
    clauses.push(`e.type IN (${marks(f.types.length)})`);
    params.push(...f.types);
  }
  if (f.customer) idSetClause('e.customer_id', f.customer, clauses, params);
  if (f.project) idSetClause('e.project_id', f.project, clauses, params);
  if (f.billable !== undefined) {
    clauses.push('e.billable = ?');
    params.push(f.billable ? 1 : 0);
  }
  if (f.locked !== undefined) {
    if (closedUntil) {
      clauses.push(f.locked ? 'e.date <= ?' : 'e.date > ?');
      params.push(closedUntil);
    } else if (f.locked) clauses.push('0');
  }
  if (f.invoice) idSetClause('e.invoice_id', f.invoice, clauses, params);
  if (f.taxRate) idSetClause('e.tax_rate_id', f.taxRate, clauses, params);
  if (f.accountIds) {
    clauses.push(
      `(e.debit_account_id IN (${marks(f.accountIds.length)}) OR e.credit_account_id IN ` +
        `(${marks(f.accountIds.length)}))`,
    );
    params.push(...f.accountIds, ...f.accountIds);
  }
  if (f.tagIds) {
    clauses.push(
      `EXISTS (SELECT 1 FROM entry_tag et WHERE et.entry_id = e.id AND et.tag_id IN (${marks(f.tagIds.length)}))`,
    );
    params.push(...f.tagIds);
  }
  if (f.receipt !== undefined) clauses.push(f.receipt ? 'e.file_id IS NOT NULL' : 'e.file_id IS NULL');
  if (f.invoiced !== undefined) clauses.push(f.invoiced ? 'e.invoice_id IS NOT NULL' : 'e.invoice_id IS NULL');
  return [clauses.join(' AND '), params];
}

/** One term of the list's order: a column, whether it may be NULL, and its collation. */
interface OrderTerm {
  column: 'date' | 'sum' | 'tax_rate_id' | 'id' | 'number' | 'type' | 'description' | 'created_at';
  nullable: boolean;
  nocase?: boolean;
}
interface Order {
  terms: OrderTerm[];
  desc: boolean;
}

const ID_TERM: OrderTerm = { column: 'id', nullable: false };
const DATE_ORDER: OrderTerm[] = [
  { column: 'date', nullable: false },
  { column: 'sum', nullable: false },
  { column: 'tax_rate_id', nullable: true },
  ID_TERM,
];

/**
 * The list's order, a total one (the id breaks ties): the default is date, sum and tax rate
 * descending; sort=date the same in the direction asked for.
 */
function orderOf(sort: EntrySort | undefined): Order {
  if (!sort) return { terms: DATE_ORDER, desc: true };
  const desc = sort.desc;
  switch (sort.column) {
    case 'date':
      return { terms: DATE_ORDER, desc };
    case 'sum':
      return { terms: [{ column: 'sum', nullable: false }, { column: 'date', nullable: false }, ID_TERM], desc };
    case 'description':
      return { terms: [{ column: 'description', nullable: true, nocase: true }, ID_TERM], desc };
    case 'number':
      return { terms: [{ column: 'number', nullable: true }, ID_TERM], desc };
    case 'id':
      return { terms: [ID_TERM], desc };
    default:
      return { terms: [{ column: sort.column, nullable: false }, ID_TERM], desc };
  }
}

const termSql = (t: OrderTerm) => `e.${t.column}${t.nocase ? ' COLLATE NOCASE' : ''}`;
const orderBy = (order: Order) => order.terms.map((t) => `${termSql(t)} ${order.desc ? 'DESC' : 'ASC'}`).join(', ');

/**
 * The rows after `last` in the order (SQLite sorts NULL first ascending, last descending): a seek from
 * the previous page's last row instead of an offset. A leading range on the first column, when it is
 * never NULL, lets SQLite start its index walk there.
 */
function seekClause(order: Order, last: PageEnd, hint: boolean): [string, unknown[]] {
  const [clause, params] = order.terms.every((t) => !t.nocase && (!t.nullable || t.column === 'tax_rate_id'))
    ? rowValueSeek(order, last)
    : expandedSeek(order, last);
  const first = order.terms[0];
  if (first.nullable || !hint) return [clause, params];
  return [`${termSql(first)} ${order.desc ? '<=' : '>='} ? AND ${clause}`, [last[first.column], ...params]];
}

/**
 * The seek as one row-value comparison, which SQLite checks fastest: for orders whose only nullable
 * column is the tax rate id, NULL read as -1 (below every id, where SQLite sorts NULL either way).
 */
function rowValueSeek(order: Order, last: PageEnd): [string, unknown[]] {
  const key = (t: OrderTerm) => (t.column === 'tax_rate_id' ? 'coalesce(e.tax_rate_id, -1)' : termSql(t));
  const value = (t: OrderTerm) => (t.column === 'tax_rate_id' ? (last.tax_rate_id ?? -1) : last[t.column]);
  const marksFor = marks(order.terms.length);
  return [`(${order.terms.map(key).join(', ')}) ${order.desc ? '<' : '>'} (${marksFor})`, order.terms.map(value)];
}

/** The seek spelled out term by term, for orders with a nullable text column or a collation. */
function expandedSeek(order: Order, last: PageEnd): [string, unknown[]] {
  const params: unknown[] = [];
  const after = (i: number): string => {
    if (i === order.terms.length) return '0';
    const t = order.terms[i];
    const col = termSql(t);
    const v: unknown = last[t.column];
    if (v === null) {
      // nothing sorts after NULL descending; everything not NULL does ascending
      const beyond = order.desc ? '0' : `${col} IS NOT NULL`;
      return `(${beyond} OR (${col} IS NULL AND ${after(i + 1)}))`;
    }
    params.push(v, v);
    const beyond = order.desc ? (t.nullable ? `(${col} < ? OR ${col} IS NULL)` : `${col} < ?`) : `${col} > ?`;
    return `(${beyond} OR (${col} = ? AND ${after(i + 1)}))`;
  };
  return [after(0), params];
}

// ---- the list's memory: counts and page ends of recent queries ----------------------------------

/** The columns of a page's last row that a seek from it reads (every column an order may name). */
const PAGE_END_COLUMNS = ['date', 'sum', 'tax_rate_id', 'id', 'number', 'type', 'description', 'created_at'] as const;
/** The last row of a page, as far as a seek from it reads it. */
type PageEnd = Pick<EntryRow, (typeof PAGE_END_COLUMNS)[number]>;

/** The version of the company's bookings: every write to them or their tags raises it (migration 7's triggers). */
function entriesVersion(db: Db, companyId: number): number {
  return Number(one(db, 'SELECT version FROM entry_versions WHERE company_id = ?', companyId)?.version ?? 0);
}

/** A query's total and the last row of each page served, valid while the company's bookings keep `version`. */
interface QueryMemo {
  version: number;
  total: number;
  pageEnds: Map<string, PageEnd>;
}

const MEMO_QUERIES = 64;
/** Page ends kept per query, the latest: a client walking forward needs the one before its page. */
const MEMO_PAGES = 64;
/** How many pages back a request looks for a page end to seek from (a client may ask a few pages at once). */
const SEEK_REACH = 16;
const memos = new WeakMap<Db, Map<string, QueryMemo>>();

/** The memory of a query at the bookings' current version: kept, or made anew (its total counted). */
function memoOf(db: Db, key: string, version: number, count: () => number): QueryMemo {
  let byKey = memos.get(db);
  if (!byKey) {
    byKey = new Map();
    memos.set(db, byKey);
  }
  let memo = byKey.get(key);
  byKey.delete(key);
  if (!memo || memo.version !== version) memo = { version, total: count(), pageEnds: new Map() };
  byKey.set(key, memo); // the most recently used last
  if (byKey.size > MEMO_QUERIES) byKey.delete(byKey.keys().next().value!);
  return memo;
}

function rememberPageEnd(memo: QueryMemo, key: string, row: EntryRow): void {
  const end = Object.fromEntries(PAGE_END_COLUMNS.map((column) => [column, row[column]])) as PageEnd;
  memo.pageEnds.delete(key);
  memo.pageEnds.set(key, end);
  if (memo.pageEnds.size > MEMO_PAGES) memo.pageEnds.delete(memo.pageEnds.keys().next().value!);
}

// ---- the list -----------------------------------------------------------------------------------

/** Bookings on accounts are read as the union of the debit and the credit index, each filtered by the rest. */
const withoutAccounts = (f: EntryFilter): EntryFilter => ({ ...f, accountIds: undefined });
const unionOfSides = (f: EntryFilter): f is EntryFilter & { accountIds: number[] } =>
  f.accountIds !== undefined && f.ids === undefined;

function countRows(db: Db, companyId: number, filter: EntryFilter, closedUntil: string | null): number {
  const count = (f: EntryFilter, extra = '', extraParams: unknown[] = []) => {
    const [w, params] = where(companyId, f, closedUntil);
    return Number(one(db, `SELECT count(*) AS n FROM entries e WHERE ${w}${extra}`, ...params, ...extraParams)!.n);
  };
  if (!unionOfSides(filter)) return count(filter);
  const rest = withoutAccounts(filter);
  const ids = filter.accountIds;
  const list = marks(ids.length);
  // on the debit or the credit side = debit + credit − both
  return (
    count(rest, ` AND e.debit_account_id IN (${list})`, ids) +
    count(rest, ` AND e.credit_account_id IN (${list})`, ids) -
    count(rest, ` AND e.debit_account_id IN (${list}) AND e.credit_account_id IN (${list})`, [...ids, ...ids])
  );
}

/** The filter with its dates narrowed to `date` and before it (descending) or after it (ascending). */
function narrowedTo(f: EntryFilter, date: string, desc: boolean): EntryFilter {
  if (desc) return { ...f, end: f.end !== undefined && f.end < date ? f.end : date };
  return { ...f, start: f.start !== undefined && f.start > date ? f.start : date };
}

function pageRows(
  db: Db,
  companyId: number,
  filter: EntryFilter,
  closedUntil: string | null,
  sort: EntrySort | undefined,
  limit: number,
  offset: number,
  after?: PageEnd,
): EntryRow[] {
  const order = orderOf(sort);
  // a seek by date narrows the filter's own date range: SQLite walks an index range from one bound only
  const byDate = after !== undefined && order.terms[0].column === 'date';
  if (byDate) filter = narrowedTo(filter, after.date, order.desc);
  const [seek, seekParams] = after ? seekClause(order, after, !byDate) : ['', []];
  const seekSql = seek ? ` AND ${seek}` : '';
  if (!unionOfSides(filter)) {
    const [w, params] = where(companyId, filter, closedUntil);
    return all<EntryRow>(
      db,
      `SELECT e.* FROM entries e WHERE ${w}${seekSql} ORDER BY ${orderBy(order)} LIMIT ? OFFSET ?`,
      ...params,
      ...seekParams,
      limit,
      offset,
    );
  }
  // each side of each account walks its own index range in the list's order (an IN list of accounts
  // would need a sort of all their bookings, or a walk of the whole list for a rare one); the page is
  // the first rows of their union; past SIDES_APART accounts the sides take their accounts as a list
  const [w, params] = where(companyId, withoutAccounts(filter), closedUntil);
  const ids = filter.accountIds;
  const groups = ids.length <= SIDES_APART ? ids.map((id) => [id]) : [ids];
  const sides = groups.flatMap((group) =>
    ['debit_account_id', 'credit_account_id'].map((column) => ({ column, group })),
  );
  const sql = sides.map(
    ({ column, group }) =>
      `SELECT id FROM (SELECT e.id FROM entries e WHERE ${w} AND e.${column} IN (${marks(group.length)})${seekSql}
        ORDER BY ${orderBy(order)} LIMIT ?)`,
  );
  return all<EntryRow>(
    db,
    `SELECT e.* FROM entries e WHERE e.id IN (${sql.join(' UNION ALL ')}) ORDER BY ${orderBy(order)} LIMIT ? OFFSET ?`,
    ...sides.flatMap(({ group }) => [...params, ...group, ...seekParams, offset + limit]),
    limit,
    offset,
  );
}

/** Up to this many accounts, each account's sides are read apart (see pageRows). */
const SIDES_APART = 24;

/**
 * A page of the list (offset: whole pages) and the total. The total and each page's last row are
 * remembered per query while the company's bookings stay unchanged, so walking a list forward costs the
 * same on every page: no count per page, and page N+1 seeks from page N's last row instead of
 * skipping N pages. Inside a transaction (whose writes may yet be undone) nothing is remembered.
 */
export function listEntryRows(
  db: Db,
  companyId: number,
  filter: EntryFilter,
  closedUntil: string | null,
  sort: EntrySort | undefined,
  limit: number,
  offset: number,
): { rows: EntryRow[]; total: number } {
  if (db.isTransaction) {
    const total = countRows(db, companyId, filter, closedUntil);
    return { rows: total === 0 ? [] : pageRows(db, companyId, filter, closedUntil, sort, limit, offset), total };
  }
  const version = entriesVersion(db, companyId); // read first: a write after it only makes the memory miss later
  const memo = memoOf(db, JSON.stringify([companyId, closedUntil, filter]), version, () =>
    countRows(db, companyId, filter, closedUntil),
  );
  const { total } = memo;
  if (total === 0 || offset >= total) return { rows: [], total };
  const query = `${sort ? `${sort.desc ? '-' : ''}${sort.column}` : ''}|${limit}|`;
  const page = offset / limit;
  let from: { page: number; row: PageEnd } | undefined;
  for (let p = page - 1; p >= Math.max(0, page - SEEK_REACH) && !from; p--) {
    const row = memo.pageEnds.get(query + p);
    if (row) from = { page: p, row };
  }
  const rows = from
    ? pageRows(db, companyId, filter, closedUntil, sort, limit, (page - from.page - 1) * limit, from.row)
    : pageRows(db, companyId, filter, closedUntil, sort, limit, offset);
  if (rows.length) rememberPageEnd(memo, query + page, rows[rows.length - 1]);
  return { rows, total };
}

interface ItemKey {
  k: number;
  d: string;
  s: number;
  n: string | null;
  t: number;
}
/** An item's key as the grouped list's queries read it (a group's total as text: see sumAsText). */
interface ItemRow {
  k: number;
  d: string;
  s: number | string;
  n: string | null;
  t: number;
}

/**
 * The order of grouped items: the date (latest booking), the total and the highest booking id; or the sort asked for.
 */
function itemOrder(sort: EntrySort | undefined): {
  sql: (alias: { d: string; s: string; n: string; t: string }) => string;
  compare: (a: ItemKey, b: ItemKey) => number;
} {
  const desc = sort ? sort.desc : true;
  const dir = desc ? 'DESC' : 'ASC';
  const sign = desc ? -1 : 1;
  const cmp = (a: string | number | null, b: string | number | null) =>
    a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1;
  const columns: (keyof ItemKey)[] =
    sort?.column === 'sum'
      ? ['s', 'd', 't']
      : sort?.column === 'number'
        ? ['n', 't']
        : sort?.column === 'id'
          ? ['t']
          : ['d', 's', 't'];
  return {
    sql: (alias) => columns.map((col) => `${alias[col as 'd' | 's' | 'n' | 't']} ${dir}`).join(', '),
    compare: (a, b) => {
      for (const col of columns) {
        const c = cmp(a[col], b[col]);
        if (c !== 0) return sign * c;
      }
      return 0;
    },
  };
}

/**
 * Grouped list: one item per entry group, one per booking without a group. Bookings without a group
 * come from the list index in order (only as many as the page needs); groups are aggregated and merged
 * in. Item keys: the group id, or −booking id.
 */
export function listGroupedRows(
  db: Db,
  companyId: number,
  filter: EntryFilter,
  closedUntil: string | null,
  sort: EntrySort | undefined,
  limit: number,
  offset: number,
): { items: { key: number; rows: EntryRow[] }[]; total: number } {
  const [w, params] = where(companyId, filter, closedUntil);
  // bookings without a group = all matching − grouped ones (the first count runs on the list index alone)
  const matching = Number(one(db, `SELECT count(*) AS n FROM entries e WHERE ${w}`, ...params)!.n);
  const inGroups = one(
    db,
    `SELECT count(*) AS n, count(DISTINCT e.entry_group_id) AS g FROM entries e WHERE ${w}
      AND e.entry_group_id IS NOT NULL`,
    ...params,
  )!;
  const singles = matching - Number(inGroups.n);
  const groupCount = Number(inGroups.g);
  const total = singles + groupCount;
  if (total === 0 || offset >= total) return { items: [], total };
  const order = itemOrder(sort);
  const toKey = (r: ItemRow): ItemKey => ({ k: Number(r.k), d: r.d, s: Number(r.s), n: r.n ?? null, t: Number(r.t) });
  const single =
    singles === 0
      ? []
      : all<ItemRow>(
          db,
          `SELECT -e.id AS k, e.date AS d, e.sum AS s, e.number AS n, e.id AS t FROM entries e WHERE ${w}
            AND +e.entry_group_id IS NULL
      ORDER BY ${order.sql({ d: 'e.date', s: 'e.sum', n: 'e.number', t: 'e.id' })} LIMIT ?`,
          ...params,
          offset + limit,
        ).map(toKey);
  const grouped =
    groupCount === 0
      ? []
      : all<ItemRow>(
          db,
          `SELECT e.entry_group_id AS k, max(e.date) AS d, ${sumAsText('e.sum')} AS s, min(e.number) AS n,
            max(e.id) AS t FROM entries e
      WHERE ${w} AND e.entry_group_id IS NOT NULL GROUP BY e.entry_group_id`,
          ...params,
        ).map(toKey);
  const keys = [...single, ...grouped]
    .sort(order.compare)
    .slice(offset, offset + limit)
    .map((i) => i.k);
  if (keys.length === 0) return { items: [], total };
  const groupIds = keys.filter((k) => k > 0);
  const entryIds = keys.filter((k) => k < 0).map((k) => -k);
  // two look-ups by key (one OR query would let SQLite walk the whole date index instead)
  const members = [
    ...(entryIds.length
      ? all<EntryRow>(
          db,
          `SELECT e.* FROM entries e WHERE +e.company_id = ? AND e.id IN (${marks(entryIds.length)})`,
          companyId,
          ...entryIds,
        )
      : []),
    ...(groupIds.length
      ? all<EntryRow>(
          db,
          `SELECT e.* FROM entries e WHERE ${w} AND e.entry_group_id IN (${marks(groupIds.length)})`,
          ...params,
          ...groupIds,
        )
      : []),
  ].sort((a, b) => (a.date === b.date ? Number(a.id) - Number(b.id) : a.date < b.date ? -1 : 1));
  const byKey = new Map<number, EntryRow[]>(keys.map((k) => [k, []]));
  for (const r of members) {
    const k = r.entry_group_id === null ? -Number(r.id) : Number(r.entry_group_id);
    byKey.get(k)?.push(r);
  }
  return { items: keys.map((k) => ({ key: k, rows: byKey.get(k)! })), total };
}

// ---- what a booking embeds ---------------------------------------------------------------------

/** The tags of the bookings `entryIds`, by tag id. */
export function entryTagRows(db: Db, entryIds: number[]): EntryTagRow[] {
  return all<EntryTagRow>(
    db,
    `SELECT et.entry_id, t.id, t.name, t.color FROM entry_tag et JOIN tags t ON t.id = et.tag_id
      WHERE et.entry_id IN (${marks(entryIds.length)}) ORDER BY t.id`,
    ...entryIds,
  );
}
