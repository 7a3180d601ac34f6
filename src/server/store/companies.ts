// Companies, users, tokens and memberships: the tenancy the API's auth and company scope rest on.
import { createHash, randomBytes } from 'node:crypto';
import { all, one, run, timestamp, transaction, type Db, type Row } from './db.js';
import { DEFAULT_TAX_RATES, PRIMARY_BANK_ACCOUNT_NUMBER, STANDARD_CHART } from '../domain/chart.js';

export type Role = 'owner' | 'admin' | 'user';
export const ROLES: readonly Role[] = ['owner', 'admin', 'user'];

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => `acct_${randomBytes(24).toString('base64url')}`;

export function findUserByToken(db: Db, token: string): Row | undefined {
  return one(db, 'SELECT users.* FROM tokens JOIN users ON users.id = tokens.user_id WHERE tokens.hash = ?', hashToken(token));
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

/** Replaces the company's accounts with the standard chart (tax rates keep pointing at the same numbers). */
export function seedChart(db: Db, companyId: number): void {
  const now = timestamp();
  const categoryId = new Map(all(db, 'SELECT id, type FROM account_categories').map((r) => [r.type as string, Number(r.id)]));
  const insert = db.prepare('INSERT INTO accounts (company_id, account_category_id, number, name, currency, is_primary_bank_account, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  for (const account of STANDARD_CHART) {
    insert.run(companyId, categoryId.get(account.type)!, account.number, account.name, 'CHF', account.number === PRIMARY_BANK_ACCOUNT_NUMBER ? 1 : 0, now, now);
  }
}

export function seedTaxRates(db: Db, companyId: number): void {
  const now = timestamp();
  const accountId = (number: number) => Number(one(db, 'SELECT id FROM accounts WHERE company_id = ? AND number = ?', companyId, number)!.id);
  for (const t of DEFAULT_TAX_RATES) {
    const acquisition = t.acquisitionAccountNumber !== undefined;
    run(db,
      `INSERT INTO tax_rates (company_id, account_id, acquisition_account_id, field_number, name, name_on_documents, rate, calculation_method, is_acquisition_tax, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      companyId, accountId(t.accountNumber), acquisition ? accountId(t.acquisitionAccountNumber!) : null, t.fieldNumber,
      t.name, t.name, t.rate, acquisition ? 'gross' : 'net', acquisition ? 1 : 0, now, now);
  }
}

export function createCompany(db: Db, name: string, ownerId: number): number {
  return transaction(db, () => {
    const now = timestamp();
    const id = Number(run(db, 'INSERT INTO companies (name, created_at, updated_at) VALUES (?, ?, ?)', name, now, now).lastInsertRowid);
    addMember(db, id, ownerId, 'owner');
    seedChart(db, id);
    seedTaxRates(db, id);
    return id;
  });
}
