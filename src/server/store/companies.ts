// Companies, users and memberships: the tenancy the API's company scope rests on (tokens: tokens.ts).
import { all, one, run, timestamp, type Db, type Row } from './db.js';

export type Role = 'owner' | 'admin' | 'user';
export const ROLES: readonly Role[] = ['owner', 'admin', 'user'];

export function findUserRow(db: Db, id: number): Row | undefined {
  return one(db, 'SELECT id, name, email FROM users WHERE id = ?', id);
}

export function createUser(db: Db, name: string, email: string): number {
  const now = timestamp();
  return Number(
    run(db, 'INSERT INTO users (name, email, created_at, updated_at) VALUES (?, ?, ?, ?)', name, email, now, now)
      .lastInsertRowid,
  );
}

export function addMember(db: Db, companyId: number, userId: number, role: Role): void {
  run(
    db,
    'INSERT INTO company_user (company_id, user_id, role) VALUES (?, ?, ?) ON CONFLICT (company_id, user_id) DO ' +
      'UPDATE SET role = excluded.role',
    companyId,
    userId,
    role,
  );
}

export function membership(db: Db, companyId: number, userId: number): Row | undefined {
  return one(
    db,
    'SELECT companies.*, company_user.role FROM companies JOIN company_user ON company_user.company_id = ' +
      'companies.id WHERE companies.id = ? AND company_user.user_id = ?',
    companyId,
    userId,
  );
}

export function companiesOfUser(db: Db, userId: number): Row[] {
  return all(
    db,
    'SELECT companies.id, companies.name, company_user.role FROM companies JOIN company_user ON ' +
      'company_user.company_id = companies.id WHERE company_user.user_id = ? ORDER BY companies.id',
    userId,
  );
}

export function findCompany(db: Db, id: number): Row | undefined {
  return one(db, 'SELECT * FROM companies WHERE id = ?', id);
}

export function insertCompany(db: Db, name: string): number {
  const now = timestamp();
  return Number(
    run(db, 'INSERT INTO companies (name, created_at, updated_at) VALUES (?, ?, ?)', name, now, now).lastInsertRowid,
  );
}

/** Sets the given columns of a company's row (names from the caller's own list, never from a request). */
export function updateCompanyColumns(db: Db, id: number, values: Record<string, unknown>): void {
  const columns = Object.keys(values);
  if (columns.length === 0) return;
  run(
    db,
    `UPDATE companies SET ${columns.map((c) => `${c} = ?`).join(', ')}, updated_at = ? WHERE id = ?`,
    ...Object.values(values),
    timestamp(),
    id,
  );
}
