// Companies, users, tokens and memberships: the tenancy the API's auth and company scope rest on.
import { createHash, randomBytes } from 'node:crypto';
import { all, one, run, timestamp, type Db, type Row } from './db.js';

export type Role = 'owner' | 'admin' | 'user';
export const ROLES: readonly Role[] = ['owner', 'admin', 'user'];

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => `acct_${randomBytes(24).toString('base64url')}`;

export function findUserByToken(db: Db, token: string): Row | undefined {
  return one(db, 'SELECT users.* FROM tokens JOIN users ON users.id = tokens.user_id WHERE tokens.hash = ?', hashToken(token));
}

export function findUserRow(db: Db, id: number): Row | undefined {
  return one(db, 'SELECT id, name, email FROM users WHERE id = ?', id);
}

export function createUser(db: Db, name: string, email: string): number {
  const now = timestamp();
  return Number(run(db, 'INSERT INTO users (name, email, created_at, updated_at) VALUES (?, ?, ?, ?)', name, email, now, now).lastInsertRowid);
}

export function issueToken(db: Db, userId: number, token = newToken(), name: string | null = null): string {
  run(db, 'INSERT INTO tokens (user_id, hash, name, created_at) VALUES (?, ?, ?, ?)', userId, hashToken(token), name, timestamp());
  return token;
}

export function addMember(db: Db, companyId: number, userId: number, role: Role): void {
  run(db, 'INSERT INTO company_user (company_id, user_id, role) VALUES (?, ?, ?) ON CONFLICT (company_id, user_id) DO UPDATE SET role = excluded.role', companyId, userId, role);
}

export function membership(db: Db, companyId: number, userId: number): Row | undefined {
  return one(db, 'SELECT companies.*, company_user.role FROM companies JOIN company_user ON company_user.company_id = companies.id WHERE companies.id = ? AND company_user.user_id = ?', companyId, userId);
}

export function companiesOfUser(db: Db, userId: number): Row[] {
  return all(db, 'SELECT companies.id, companies.name, company_user.role FROM companies JOIN company_user ON company_user.company_id = companies.id WHERE company_user.user_id = ? ORDER BY companies.id', userId);
}

export function findCompany(db: Db, id: number): Row | undefined {
  return one(db, 'SELECT * FROM companies WHERE id = ?', id);
}

export function insertCompany(db: Db, name: string): number {
  const now = timestamp();
  return Number(run(db, 'INSERT INTO companies (name, created_at, updated_at) VALUES (?, ?, ?)', name, now, now).lastInsertRowid);
}
