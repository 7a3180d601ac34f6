// The node:sqlite connection: WAL, foreign keys, numbered migrations applied on open.
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS } from './migrations.js';

export type Db = DatabaseSync;
export type Row = Record<string, any>;

/** A nullable id column as the API shows it: its number, or null. */
export const idOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export const DATABASE_FILE = 'acct.sqlite';

/**
 * A sum of stored amounts for a SELECT: added by SQLite in 64 bits and read as text, so a sum past 2^53
 * is neither a RangeError of node:sqlite nor a rounded number. BigInt() of it is exact.
 */
export const sumAsText = (expr: string): string => `CAST(coalesce(sum(${expr}), 0) AS TEXT)`;

/**
 * Opens (or makes) the data directory's database. The directory and the database's files lose any
 * group and other access: a new directory is made 0700, a new database file 0600 before SQLite opens
 * it (SQLite gives the -wal and -shm files it makes the database file's mode), and ones that existed
 * looser are tightened.
 */
export function openDatabase(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  tightenAccess(dataDir);
  const path = join(dataDir, DATABASE_FILE);
  closeSync(openSync(path, 'a', 0o600));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) tightenAccess(file);
  const db = new DatabaseSync(path);
  db.exec(
    'PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL;',
  );
  migrate(db);
  return db;
}

/** Takes group and other access away from a path we own (one that is not there, or not ours, stays as it is). */
function tightenAccess(path: string): void {
  try {
    const mode = statSync(path).mode & 0o777;
    if (mode & 0o077) chmodSync(path, mode & 0o700);
  } catch (err) {
    if (!['ENOENT', 'EPERM'].includes((err as NodeJS.ErrnoException).code ?? '')) throw err;
  }
}

export function migrate(db: Db): void {
  const current = Number((db.prepare('PRAGMA user_version').get() as Row).user_version);
  for (let version = current + 1; version <= MIGRATIONS.length; version++) {
    transaction(db, () => {
      db.exec(MIGRATIONS[version - 1]);
      db.exec(`PRAGMA user_version = ${version}`);
    });
  }
}

/** What is to happen once a transaction's changes are kept, or undone (files beside the database). */
interface Outcome {
  committed: (() => void)[];
  rolledBack: (() => void)[];
}

/** The open transactions of each connection, outermost first (one Outcome per transaction() call). */
const open = new WeakMap<Db, Outcome[]>();

/**
 * Runs fn in a transaction. A call inside another transaction runs in a savepoint of it: its failure
 * undoes its own changes only, and its afterCommit work waits for the outermost commit.
 */
export function transaction<T>(db: Db, fn: () => T): T {
  const stack = open.get(db) ?? [];
  open.set(db, stack);
  const nested = db.isTransaction;
  const name = `sp_${Math.random().toString(36).slice(2)}`;
  db.exec(nested ? `SAVEPOINT ${name}` : 'BEGIN IMMEDIATE');
  const outcome: Outcome = { committed: [], rolledBack: [] };
  stack.push(outcome);
  let result: T;
  try {
    result = fn();
    db.exec(nested ? `RELEASE ${name}` : 'COMMIT');
  } catch (err) {
    stack.pop();
    db.exec(nested ? `ROLLBACK TO ${name}; RELEASE ${name}` : 'ROLLBACK');
    for (const undo of outcome.rolledBack) undo();
    throw err;
  }
  stack.pop();
  const outer = stack.at(-1);
  if (outer) {
    // kept for now: the enclosing transaction decides
    outer.committed.push(...outcome.committed);
    outer.rolledBack.push(...outcome.rolledBack);
  } else {
    for (const done of outcome.committed) done();
  }
  return result;
}

function current(db: Db): Outcome {
  const outcome = open.get(db)?.at(-1);
  if (!outcome) throw new Error('afterCommit and onRollback need a transaction');
  return outcome;
}

/** Runs fn once the changes of the enclosing transaction are committed (by its outermost transaction). */
export function afterCommit(db: Db, fn: () => void): void {
  current(db).committed.push(fn);
}

/** Runs fn when the changes of the enclosing transaction are undone (by it or a transaction around it). */
export function onRollback(db: Db, fn: () => void): void {
  current(db).rolledBack.push(fn);
}

const registered = new WeakSet<Db>();
/** A Unicode-aware acct_lower() for case-insensitive substring filters (SQLite's lower() knows ASCII only). */
export function ensureUnicodeLower(db: Db): void {
  if (registered.has(db)) return;
  db.function('acct_lower', { deterministic: true }, (v: unknown) =>
    typeof v === 'string' ? v.toLowerCase() : (v as null),
  );
  registered.add(db);
}

/** Prepared statements kept per connection, the most recently used last: compiling one costs more than running most. */
const statements = new WeakMap<Db, Map<string, StatementSync>>();
const KEPT_STATEMENTS = 500;

/** The connection's statement for `sql`, compiled once. */
export function statement(db: Db, sql: string): StatementSync {
  let kept = statements.get(db);
  if (!kept) {
    kept = new Map();
    statements.set(db, kept);
  }
  let st = kept.get(sql);
  if (st) kept.delete(sql);
  else st = db.prepare(sql);
  kept.set(sql, st);
  if (kept.size > KEPT_STATEMENTS) kept.delete(kept.keys().next().value!);
  return st;
}

/** The first row of a query, as `T` when the caller's store names the row's type. */
export const one = <T = Row>(db: Db, sql: string, ...params: any[]): T | undefined =>
  statement(db, sql).get(...params) as T | undefined;
/** Every row of a query, as `T` when the caller's store names the row's type. */
export const all = <T = Row>(db: Db, sql: string, ...params: any[]): T[] => statement(db, sql).all(...params) as T[];
export const run = (db: Db, sql: string, ...params: any[]) => statement(db, sql).run(...params);

/** The company's tables a record may point into by id. */
export type CompanyTable = 'tax_rates' | 'customers' | 'projects' | 'entry_groups' | 'invoices';

/** Row `id` of `table` belongs to the company (Laravel's `exists`). */
export const exists = (db: Db, table: CompanyTable, companyId: number, id: number): boolean =>
  !!one(db, `SELECT 1 FROM ${table} WHERE company_id = ? AND id = ?`, companyId, id);

/**
 * Rows of a table a record points at (customers, projects, invoices, tax rates), by id; `T` the table's row as its
 * store names it.
 */
export function rowsByIds<T extends { id: number } = Row & { id: number }>(
  db: Db,
  table: 'customers' | 'projects' | 'invoices' | 'tax_rates',
  ids: number[],
): Map<number, T> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  return new Map(
    all<T>(db, `SELECT * FROM ${table} WHERE id IN (${unique.map(() => '?').join(', ')})`, ...unique).map((r) => [
      Number(r.id),
      r,
    ]),
  );
}

/** Timestamps as the spec writes them: ISO 8601 UTC with microseconds. */
export function timestamp(date = new Date()): string {
  return date.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

/** A value as SQLite stores it: a boolean as 0/1, undefined as NULL. */
const sqlValue = (v: unknown) => (typeof v === 'boolean' ? (v ? 1 : 0) : (v ?? null));

/**
 * Inserts a row of the company into `table`: the `columns` that `values` sets, its creator and both
 * timestamps; answers its id. Names are quoted ("from" and "to" are SQL words).
 */
export function insertCompanyRow<V extends object>(
  db: Db,
  table: string,
  companyId: number,
  userId: number,
  columns: readonly (keyof V & string)[],
  values: V,
): number {
  const now = timestamp();
  const cols = columns.filter((k) => values[k] !== undefined);
  const names = cols.map((k) => `"${k}"`).join(', ');
  return Number(
    run(
      db,
      `INSERT INTO ${table} (company_id, user_id, ${names}, created_at, updated_at)
        VALUES (?, ?, ${cols.map(() => '?').join(', ')}, ?, ?)`,
      companyId,
      userId,
      ...cols.map((k) => sqlValue(values[k])),
      now,
      now,
    ).lastInsertRowid,
  );
}

/** Changes the `columns` that `values` sets of the company's row `id` in `table`, and its updated_at. */
export function updateCompanyRow<V extends object>(
  db: Db,
  table: string,
  companyId: number,
  id: number,
  columns: readonly (keyof V & string)[],
  values: V,
): void {
  const cols = columns.filter((k) => values[k] !== undefined);
  const sets = [...cols.map((k) => `"${k}" = ?`), 'updated_at = ?'].join(', ');
  run(
    db,
    `UPDATE ${table} SET ${sets} WHERE company_id = ? AND id = ?`,
    ...cols.map((k) => sqlValue(values[k])),
    timestamp(),
    companyId,
    id,
  );
}
