// Accounts of a company (the chart of accounts), the bookings their balances are computed from, and
// the standard-chart reset.
import { all, one, run, timestamp, transaction, type Db, type Row } from './db.js';
import { seedChart } from './companies.js';
import { STANDARD_CHART } from '../domain/chart.js';
import type { AccountType, DatedBooking } from '../domain/ledger.js';

export interface Account {
  id: number;
  company_id: number;
  account_category_id: number;
  /** the category's type (bank, deprecations, assets, liabilities, income, expense) */
  type: AccountType;
  number: number;
  name: string;
  currency: string;
  iban: string | null;
  is_primary_bank_account: boolean;
  created_at: string;
  updated_at: string;
}

const SELECT = 'SELECT accounts.*, account_categories.type AS type FROM accounts JOIN account_categories ON account_categories.id = accounts.account_category_id';

const toAccount = (r: Row): Account => ({
  id: Number(r.id),
  company_id: Number(r.company_id),
  account_category_id: Number(r.account_category_id),
  type: r.type as AccountType,
  number: Number(r.number),
  name: r.name,
  currency: r.currency,
  iban: r.iban ?? null,
  is_primary_bank_account: Number(r.is_primary_bank_account) === 1,
  created_at: r.created_at,
  updated_at: r.updated_at,
});

/** The company's accounts of the given categories (all without), ordered by number. */
export function listAccounts(db: Db, companyId: number, types?: readonly AccountType[]): Account[] {
  const params: unknown[] = [companyId];
  let filter = '';
  if (types) {
    filter = ` AND account_categories.type IN (${types.map(() => '?').join(', ')})`;
    params.push(...types);
  }
  return all(db, `${SELECT} WHERE accounts.company_id = ?${filter} ORDER BY accounts.number, accounts.id`, ...params).map(toAccount);
}

export function findAccount(db: Db, companyId: number, id: number): Account | undefined {
  const row = one(db, `${SELECT} WHERE accounts.company_id = ? AND accounts.id = ?`, companyId, id);
  return row && toAccount(row);
}

export function accountNumberTaken(db: Db, companyId: number, number: number, exceptId?: number): boolean {
  return !!one(db, 'SELECT 1 FROM accounts WHERE company_id = ? AND number = ? AND id IS NOT ?', companyId, number, exceptId ?? null);
}

export function categoryId(db: Db, type: AccountType): number {
  return Number(one(db, 'SELECT id FROM account_categories WHERE type = ?', type)!.id);
}

export interface AccountInput { name: string; number: number; type: AccountType; currency: string; iban: string | null; isPrimary: boolean }

function clearPrimary(db: Db, companyId: number, exceptId: number): void {
  run(db, 'UPDATE accounts SET is_primary_bank_account = 0, updated_at = ? WHERE company_id = ? AND id != ? AND is_primary_bank_account = 1', timestamp(), companyId, exceptId);
}

export function insertAccount(db: Db, companyId: number, input: AccountInput): Account {
  return transaction(db, () => {
    const now = timestamp();
    const id = Number(run(db,
      'INSERT INTO accounts (company_id, account_category_id, number, name, currency, iban, is_primary_bank_account, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      companyId, categoryId(db, input.type), input.number, input.name, input.currency, input.iban, input.isPrimary ? 1 : 0, now, now).lastInsertRowid);
    if (input.isPrimary) clearPrimary(db, companyId, id);
    return findAccount(db, companyId, id)!;
  });
}

export interface AccountChanges { name?: string; number?: number; currency?: string; iban?: string | null; isPrimary?: boolean }

export function updateAccount(db: Db, companyId: number, id: number, changes: AccountChanges): Account {
  return transaction(db, () => {
    const sets: string[] = [];
    const params: unknown[] = [];
    if (changes.name !== undefined) { sets.push('name = ?'); params.push(changes.name); }
    if (changes.number !== undefined) { sets.push('number = ?'); params.push(changes.number); }
    if (changes.currency !== undefined) { sets.push('currency = ?'); params.push(changes.currency); }
    if (changes.iban !== undefined) { sets.push('iban = ?'); params.push(changes.iban); }
    if (changes.isPrimary !== undefined) { sets.push('is_primary_bank_account = ?'); params.push(changes.isPrimary ? 1 : 0); }
    sets.push('updated_at = ?');
    params.push(timestamp());
    run(db, `UPDATE accounts SET ${sets.join(', ')} WHERE company_id = ? AND id = ?`, ...params, companyId, id);
    if (changes.isPrimary) clearPrimary(db, companyId, id);
    return findAccount(db, companyId, id)!;
  });
}

export function deleteAccount(db: Db, companyId: number, id: number): void {
  run(db, 'DELETE FROM accounts WHERE company_id = ? AND id = ?', companyId, id);
}

/** How many records of each kind point at the account. */
export interface AccountUsage { entries: number; recurring: number; taxRates: number; invoices: number; importEntries: number }

export function accountUsage(db: Db, companyId: number, id: number): AccountUsage {
  const count = (sql: string) => Number(one(db, sql, companyId, id, id)!.n);
  return {
    entries: count('SELECT count(*) AS n FROM entries WHERE company_id = ? AND (debit_account_id = ? OR credit_account_id = ?)'),
    recurring: count('SELECT count(*) AS n FROM recurring_entries WHERE company_id = ? AND (debit_account_id = ? OR credit_account_id = ?)'),
    taxRates: count('SELECT count(*) AS n FROM tax_rates WHERE company_id = ? AND (account_id = ? OR acquisition_account_id = ?)'),
    invoices: count('SELECT count(*) AS n FROM invoices WHERE company_id = ? AND (bank_account_id = ? OR income_account_id = ?)'),
    importEntries: count('SELECT count(*) AS n FROM import_entries WHERE company_id = ? AND (bank_account_id = ? OR other_account_id = ?)'),
  };
}

/** Accounts of the company in the same category as the account. */
export function accountsInCategory(db: Db, companyId: number, accountCategoryId: number): number {
  return Number(one(db, 'SELECT count(*) AS n FROM accounts WHERE company_id = ? AND account_category_id = ?', companyId, accountCategoryId)!.n);
}

/** Records that keep a reset from deleting the accounts: bookings, recurring bookings, invoices, bank imports. */
export function chartUsage(db: Db, companyId: number): { entries: number; recurring: number; invoices: number; importEntries: number } {
  const count = (sql: string) => Number(one(db, sql, companyId)!.n);
  return {
    entries: count('SELECT count(*) AS n FROM entries WHERE company_id = ?'),
    recurring: count('SELECT count(*) AS n FROM recurring_entries WHERE company_id = ?'),
    invoices: count('SELECT count(*) AS n FROM invoices WHERE company_id = ? AND (bank_account_id IS NOT NULL OR income_account_id IS NOT NULL)'),
    importEntries: count('SELECT count(*) AS n FROM import_entries WHERE company_id = ?'),
  };
}

/** Tax rates whose account or acquisition account has a number the standard chart does not have. */
export function taxRatesOffChart(db: Db, companyId: number): { name: string; number: number }[] {
  const standard = new Set(STANDARD_CHART.map((a) => a.number));
  const rows = all(db,
    `SELECT tax_rates.name, a.number AS number, q.number AS acquisition_number FROM tax_rates
       JOIN accounts a ON a.id = tax_rates.account_id
       LEFT JOIN accounts q ON q.id = tax_rates.acquisition_account_id
     WHERE tax_rates.company_id = ? ORDER BY tax_rates.id`, companyId);
  const out: { name: string; number: number }[] = [];
  for (const r of rows) {
    if (!standard.has(Number(r.number))) out.push({ name: r.name, number: Number(r.number) });
    else if (r.acquisition_number !== null && !standard.has(Number(r.acquisition_number))) out.push({ name: r.name, number: Number(r.acquisition_number) });
  }
  return out;
}

/**
 * Replaces every account of the company with the standard chart. Tax rates keep their account
 * numbers: they are pointed at the new account of the same number. The caller has checked that nothing
 * else references the accounts and that every tax rate's numbers exist in the standard chart.
 */
export function resetChart(db: Db, companyId: number): Account[] {
  return transaction(db, () => {
    const old = all(db, 'SELECT id FROM accounts WHERE company_id = ?', companyId).map((r) => Number(r.id));
    const rates = all(db, `SELECT tax_rates.id, a.number AS account_number, q.number AS acquisition_number FROM tax_rates
        JOIN accounts a ON a.id = tax_rates.account_id LEFT JOIN accounts q ON q.id = tax_rates.acquisition_account_id
       WHERE tax_rates.company_id = ?`, companyId);
    // free the numbers for the new chart; the old rows stay until the tax rates have moved
    run(db, 'UPDATE accounts SET number = -id WHERE company_id = ?', companyId);
    seedChart(db, companyId);
    const idOf = new Map(all(db, 'SELECT id, number FROM accounts WHERE company_id = ? AND number > 0', companyId).map((r) => [Number(r.number), Number(r.id)]));
    for (const r of rates) {
      const acquisition = r.acquisition_number === null ? null : idOf.get(Number(r.acquisition_number))!;
      run(db, 'UPDATE tax_rates SET account_id = ?, acquisition_account_id = ? WHERE id = ?', idOf.get(Number(r.account_number))!, acquisition, r.id);
    }
    const remove = db.prepare('DELETE FROM accounts WHERE id = ?');
    for (const id of old) remove.run(id);
    return listAccounts(db, companyId);
  });
}

/** Bookings of the company dated up to `until` (all without), with their tax rate, for the ledger. */
export function bookingsUntil(db: Db, companyId: number, until?: string): DatedBooking[] {
  const rows = all(db,
    `SELECT e.date, e.sum, e.debit_account_id, e.credit_account_id, dc.type AS debit_type, cc.type AS credit_type,
            t.id AS tax_rate_id, t.rate, t.calculation_method, t.is_acquisition_tax, t.account_id AS tax_account_id,
            tc.type AS tax_account_type, t.acquisition_account_id
       FROM entries e
       JOIN accounts da ON da.id = e.debit_account_id JOIN account_categories dc ON dc.id = da.account_category_id
       JOIN accounts ca ON ca.id = e.credit_account_id JOIN account_categories cc ON cc.id = ca.account_category_id
       LEFT JOIN tax_rates t ON t.id = e.tax_rate_id
       LEFT JOIN accounts ta ON ta.id = t.account_id LEFT JOIN account_categories tc ON tc.id = ta.account_category_id
      WHERE e.company_id = ? AND (? IS NULL OR e.date <= ?)`, companyId, until ?? null, until ?? null);
  return rows.map((r) => ({
    date: r.date,
    sum: Number(r.sum),
    debitAccountId: Number(r.debit_account_id),
    creditAccountId: Number(r.credit_account_id),
    debitType: r.debit_type as AccountType,
    creditType: r.credit_type as AccountType,
    taxRate: r.tax_rate_id === null ? null : {
      rate: Number(r.rate),
      calculationMethod: r.calculation_method === 'gross' ? 'gross' : 'net',
      isAcquisitionTax: Number(r.is_acquisition_tax) === 1,
      accountId: Number(r.tax_account_id),
      accountType: (r.tax_account_type ?? undefined) as AccountType | undefined,
      acquisitionAccountId: r.acquisition_account_id === null ? null : Number(r.acquisition_account_id),
    },
  }));
}
