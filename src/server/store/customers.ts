// Customers of a company.
import { one, run, timestamp, type Db } from './db.js';

/** The next free customer number: max + 1, the first is 1. */
export function nextCustomerNumber(db: Db, companyId: number): number {
  return Number(one(db, 'SELECT coalesce(max(number), 0) + 1 AS n FROM customers WHERE company_id = ?', companyId)!.n);
}

/** Inserts a customer with a name and, unless given, the next free number; returns its id. */
export function insertCustomerRecord(db: Db, companyId: number, userId: number, name: string, number?: number): number {
  const now = timestamp();
  return Number(run(db,
    'INSERT INTO customers (company_id, user_id, name, number, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
    companyId, userId, name, number ?? nextCustomerNumber(db, companyId), now, now).lastInsertRowid);
}
