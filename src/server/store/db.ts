// The node:sqlite connection: WAL, foreign keys, numbered migrations applied on open.
import { DatabaseSync } from 'node:sqlite';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS } from './migrations.js';

export type Db = DatabaseSync;
export type Row = Record<string, any>;

export const DATABASE_FILE = 'acct.sqlite';

export function openDatabase(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const db = new DatabaseSync(join(dataDir, DATABASE_FILE));
  db.exec('PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL;');
  migrate(db);
  return db;
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

/** Runs fn in a transaction (nested calls join the outer one through a savepoint). */
export function transaction<T>(db: Db, fn: () => T): T {
  const nested = db.isTransaction;
  const name = `sp_${Math.random().toString(36).slice(2)}`;
  db.exec(nested ? `SAVEPOINT ${name}` : 'BEGIN IMMEDIATE');
  try {
    const result = fn();
    db.exec(nested ? `RELEASE ${name}` : 'COMMIT');
    return result;
  } catch (err) {
    db.exec(nested ? `ROLLBACK TO ${name}; RELEASE ${name}` : 'ROLLBACK');
    throw err;
  }
}

export const one = (db: Db, sql: string, ...params: any[]): Row | undefined => db.prepare(sql).get(...params) as Row | undefined;
export const all = (db: Db, sql: string, ...params: any[]): Row[] => db.prepare(sql).all(...params) as Row[];
export const run = (db: Db, sql: string, ...params: any[]) => db.prepare(sql).run(...params);

/** Timestamps as the spec writes them: ISO 8601 UTC with microseconds. */
export function timestamp(date = new Date()): string {
  return date.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}
