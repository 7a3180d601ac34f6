// Accounts of a company (the chart of accounts) and the bookings their balances are computed from. A
// row carries its category's type (`type`).
import { all, one, run, sumAsText, timestamp, transaction, type Db } from './db.js';
import { STANDARD_CHART } from '../domain/chart.js';
import type { AccountType, BookingShape, LedgerTaxRate } from '../domain/ledger.js';

/** An account as SQLite hands it back, with its category's type (the flag 0/1). */
export interface AccountRow {
  id: number;
  company_id: number;
  account_category_id: number;
  number: number;
  name: string;
  currency: string;
  iban: string | null;
  is_primary_bank_account: number;
  created_at: string;
  updated_at: string;
  /** the category's type */
  type: AccountType;
}

const SELECT =
  'SELECT accounts.*, account_categories.type AS type FROM accounts JOIN account_categories ON ' +
  'account_categories.id = accounts.account_category_id';

/** The company's accounts of the given categories (all without), ordered by number. */
export function listAccountRows(db: Db, companyId: number, types?: readonly AccountType[]): AccountRow[] {
  const params: unknown[] = [companyId];
  let filter = '';
  if (types) {
    filter = ` AND account_categories.type IN (${types.map(() => '?').join(', ')})`;
    params.push(...types);
  }
  return all<AccountRow>(
    db,
    `${SELECT} WHERE accounts.company_id = ?${filter} ORDER BY accounts.number, accounts.id`,
    ...params,
  );
}

export function findAccountRow(db: Db, companyId: number, id: number): AccountRow | undefined {
  return one<AccountRow>(db, `${SELECT} WHERE accounts.company_id = ? AND accounts.id = ?`, companyId, id);
}

export function findAccountRowByNumber(db: Db, companyId: number, number: number): AccountRow | undefined {
  return one<AccountRow>(db, `${SELECT} WHERE accounts.company_id = ? AND accounts.number = ?`, companyId, number);
}

/** The company's primary bank account, else its lowest-numbered bank account. */
export function primaryBankAccountRow(db: Db, companyId: number): AccountRow | undefined {
  return one<AccountRow>(
    db,
    `${SELECT} WHERE accounts.company_id = ? AND account_categories.type = 'bank'
      ORDER BY accounts.is_primary_bank_account DESC, accounts.number LIMIT 1`,
    companyId,
  );
}

export function accountNumberTaken(db: Db, companyId: number, number: number, exceptId?: number): boolean {
  return !!one(
    db,
    'SELECT 1 FROM accounts WHERE company_id = ? AND number = ? AND id IS NOT ?',
    companyId,
    number,
    exceptId ?? null,
  );
}

function categoryId(db: Db, type: AccountType): number {
  return Number(one(db, 'SELECT id FROM account_categories WHERE type = ?', type)!.id);
}

export interface AccountInput {
  name: string;
  number: number;
  type: AccountType;
  currency: string;
  iban: string | null;
  isPrimary: boolean;
}

function clearPrimary(db: Db, companyId: number, exceptId: number): void {
  run(
    db,
    'UPDATE accounts SET is_primary_bank_account = 0, updated_at = ? WHERE company_id = ? AND id != ? AND ' +
      'is_primary_bank_account = 1',
    timestamp(),
    companyId,
    exceptId,
  );
}

export function insertAccount(db: Db, companyId: number, input: AccountInput): number {
  return transaction(db, () => {
    const now = timestamp();
    const id = Number(
      run(
        db,
        'INSERT INTO accounts (company_id, account_category_id, number, name, currency, iban, ' +
          'is_primary_bank_account, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
        companyId,
        categoryId(db, input.type),
        input.number,
        input.name,
        input.currency,
        input.iban,
        input.isPrimary ? 1 : 0,
        now,
        now,
      ).lastInsertRowid,
    );
    if (input.isPrimary) clearPrimary(db, companyId, id);
    return id;
  });
}

/** Inserts a whole chart (a new company's, or a reset's) with one statement prepared once. */
export function insertAccounts(db: Db, companyId: number, accounts: readonly AccountInput[]): void {
  const now = timestamp();
  const categoryIds = new Map(
    all(db, 'SELECT id, type FROM account_categories').map((r) => [r.type as string, Number(r.id)]),
  );
  const insert = db.prepare(
    'INSERT INTO accounts (company_id, account_category_id, number, name, currency, iban, is_primary_bank_account, ' +
      'created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  for (const a of accounts)
    insert.run(
      companyId,
      categoryIds.get(a.type)!,
      a.number,
      a.name,
      a.currency,
      a.iban,
      a.isPrimary ? 1 : 0,
      now,
      now,
    );
}

export interface AccountChanges {
  name?: string;
  number?: number;
  currency?: string;
  iban?: string | null;
  isPrimary?: boolean;
}

export function updateAccount(db: Db, companyId: number, id: number, changes: AccountChanges): void {
  transaction(db, () => {
    const sets: string[] = [];
    const params: unknown[] = [];
    if (changes.name !== undefined) {
      sets.push('name = ?');
      params.push(changes.name);
    }
    if (changes.number !== undefined) {
      sets.push('number = ?');
      params.push(changes.number);
    }
    if (changes.currency !== undefined) {
      sets.push('currency = ?');
      params.push(changes.currency);
    }
    if (changes.iban !== undefined) {
      sets.push('iban = ?');
      params.push(changes.iban);
    }
    if (changes.isPrimary !== undefined) {
      sets.push('is_primary_bank_account = ?');
      params.push(changes.isPrimary ? 1 : 0);
    }
    sets.push('updated_at = ?');
    params.push(timestamp());
    run(db, `UPDATE accounts SET ${sets.join(', ')} WHERE company_id = ? AND id = ?`, ...params, companyId, id);
    if (changes.isPrimary) clearPrimary(db, companyId, id);
  });
}

export function deleteAccount(db: Db, companyId: number, id: number): void {
  run(db, 'DELETE FROM accounts WHERE company_id = ? AND id = ?', companyId, id);
}

/** How many records of each kind point at the account. */
export interface AccountUsage {
  entries: number;
  recurring: number;
  taxRates: number;
  invoices: number;
  importEntries: number;
}

export function accountUsage(db: Db, companyId: number, id: number): AccountUsage {
  const count = (sql: string) => Number(one(db, sql, companyId, id, id)!.n);
  return {
    entries: count(
      'SELECT count(*) AS n FROM entries WHERE company_id = ? AND (debit_account_id = ? OR credit_account_id = ?)',
    ),
    recurring: count(
      'SELECT count(*) AS n FROM recurring_entries WHERE company_id = ? AND (debit_account_id = ? OR ' +
        'credit_account_id = ?)',
    ),
    taxRates: count(
      'SELECT count(*) AS n FROM tax_rates WHERE company_id = ? AND (account_id = ? OR acquisition_account_id = ?)',
    ),
    invoices: count(
      'SELECT count(*) AS n FROM invoices WHERE company_id = ? AND (bank_account_id = ? OR income_account_id = ?)',
    ),
    importEntries: count(
      'SELECT count(*) AS n FROM import_entries WHERE company_id = ? AND (bank_account_id = ? OR other_account_id = ?)',
    ),
  };
}

/** Accounts of the company in the same category as the account. */
export function accountsInCategory(db: Db, companyId: number, accountCategoryId: number): number {
  return Number(
    one(
      db,
      'SELECT count(*) AS n FROM accounts WHERE company_id = ? AND account_category_id = ?',
      companyId,
      accountCategoryId,
    )!.n,
  );
}

/** Records that keep a reset from deleting the accounts: bookings, recurring bookings, invoices, bank imports. */
export function chartUsage(
  db: Db,
  companyId: number,
): { entries: number; recurring: number; invoices: number; importEntries: number } {
  const count = (sql: string) => Number(one(db, sql, companyId)!.n);
  return {
    entries: count('SELECT count(*) AS n FROM entries WHERE company_id = ?'),
    recurring: count('SELECT count(*) AS n FROM recurring_entries WHERE company_id = ?'),
    invoices: count(
      'SELECT count(*) AS n FROM invoices WHERE company_id = ? AND (bank_account_id IS NOT NULL OR ' +
        'income_account_id IS NOT NULL)',
    ),
    importEntries: count('SELECT count(*) AS n FROM import_entries WHERE company_id = ?'),
  };
}

/** Tax rates whose account or acquisition account has a number the standard chart does not have. */
export function taxRatesOffChart(db: Db, companyId: number): { name: string; number: number }[] {
  const standard = new Set(STANDARD_CHART.map((a) => a.number));
  const rows = all(
    db,
    `SELECT tax_rates.name, a.number AS number, q.number AS acquisition_number FROM tax_rates
       JOIN accounts a ON a.id = tax_rates.account_id
       LEFT JOIN accounts q ON q.id = tax_rates.acquisition_account_id
     WHERE tax_rates.company_id = ? ORDER BY tax_rates.id`,
    companyId,
  );
  const out: { name: string; number: number }[] = [];
  for (const r of rows) {
    if (!standard.has(Number(r.number))) out.push({ name: r.name, number: Number(r.number) });
    else if (r.acquisition_number !== null && !standard.has(Number(r.acquisition_number)))
      out.push({ name: r.name, number: Number(r.acquisition_number) });
  }
  return out;
}

export function accountIds(db: Db, companyId: number): number[] {
  return all(db, 'SELECT id FROM accounts WHERE company_id = ?', companyId).map((r) => Number(r.id));
}

/** Frees every account number of the company for a new chart (the accounts keep -id as their number). */
export function releaseAccountNumbers(db: Db, companyId: number): void {
  run(db, 'UPDATE accounts SET number = -id WHERE company_id = ?', companyId);
}

/** The ids of the company's accounts by number (accounts whose number was released left out). */
export function accountIdsByNumber(db: Db, companyId: number): Map<number, number> {
  return new Map(
    all(db, 'SELECT id, number FROM accounts WHERE company_id = ? AND number > 0', companyId).map((r) => [
      Number(r.number),
      Number(r.id),
    ]),
  );
}

export function deleteAccountsById(db: Db, ids: readonly number[]): void {
  const remove = db.prepare('DELETE FROM accounts WHERE id = ?');
  for (const id of ids) remove.run(id);
}

/** The company's tax rates, archived ones too, as the posting rule takes them (with their tax account's category). */
export function ledgerTaxRates(db: Db, companyId: number): Map<number, LedgerTaxRate> {
  const rows = all(
    db,
    `SELECT t.id, t.rate, t.calculation_method, t.is_acquisition_tax, t.account_id, tc.type AS account_type,
      t.acquisition_account_id
       FROM tax_rates t LEFT JOIN accounts ta ON ta.id = t.account_id LEFT JOIN account_categories tc
       ON tc.id = ta.account_category_id
      WHERE t.company_id = ?`,
    companyId,
  );
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        rate: Number(r.rate),
        calculationMethod: r.calculation_method === 'gross' ? 'gross' : 'net',
        isAcquisitionTax: Number(r.is_acquisition_tax) === 1,
        accountId: Number(r.account_id),
        accountType: (r.account_type ?? undefined) as AccountType | undefined,
        acquisitionAccountId: r.acquisition_account_id === null ? null : Number(r.acquisition_account_id),
      },
    ]),
  );
}

/**
 * A tax rate's part of each booking's sum: round-half-away-from-zero(sum × factor / divisor) (domain/vat
 * taxShareRatio).
 */
export interface ShareRatio {
  taxRateId: number;
  factor: number;
  divisor: number;
}

const integer = (n: number) => {
  if (!Number.isSafeInteger(n)) throw new Error(`not an integer: ${n}`);
  return String(n);
};

/**
 * The company's bookings dated up to `until` (all without) added up per shape — debit account, credit
 * account (with their categories) and tax rate — apart for those before `start` and those from it on:
 * the sums, and the sums of each booking's own share, rounded booking by booking exactly as mulDivRound
 * (src/domain/money.ts) does. One pass over the covering index entries_shape (migration 8); the cost
 * grows with the bookings only in SQLite, the answer with the shapes (a few hundred).
 */
export function bookingShapesUntil(
  db: Db,
  companyId: number,
  ratios: readonly ShareRatio[],
  start?: string,
  until?: string,
): BookingShape[] {
  const shareOf =
    ratios.length === 0
      ? '0'
      : `CASE e.tax_rate_id ${ratios
          .map((r) => {
            const [id, f, d] = [integer(r.taxRateId), integer(r.factor), integer(r.divisor)];
            return `WHEN ${id} THEN (abs(e.sum * ${f}) * 2 + ${d}) / (2 * ${d}) * sign(e.sum * ${f})`;
          })
          .join(' ')} ELSE 0 END`;
  const rows = all(
    db,
    `SELECT g.*, dc.type AS debit_type, cc.type AS credit_type FROM (
       SELECT e.debit_account_id, e.credit_account_id, e.tax_rate_id,
              ${sumAsText('CASE WHEN e.date < ? THEN e.sum ELSE 0 END')} AS sum_before,
              ${sumAsText(`CASE WHEN e.date < ? THEN ${shareOf} ELSE 0 END`)} AS share_before,
              ${sumAsText('CASE WHEN e.date < ? THEN 0 ELSE e.sum END')} AS sum_during,
              ${sumAsText(`CASE WHEN e.date < ? THEN 0 ELSE ${shareOf} END`)} AS share_during
         FROM entries e WHERE e.company_id = ? AND (? IS NULL OR e.date <= ?)
        GROUP BY e.debit_account_id, e.credit_account_id, e.tax_rate_id) g
       JOIN accounts da ON da.id = g.debit_account_id JOIN account_categories dc ON dc.id = da.account_category_id
       JOIN accounts ca ON ca.id = g.credit_account_id JOIN account_categories cc ON cc.id = ca.account_category_id`,
    ...Array(4).fill(start ?? ''),
    companyId,
    until ?? null,
    until ?? null,
  );
  return rows.map((r) => ({
    debitAccountId: Number(r.debit_account_id),
    creditAccountId: Number(r.credit_account_id),
    debitType: r.debit_type as AccountType,
    creditType: r.credit_type as AccountType,
    taxRateId: r.tax_rate_id === null ? null : Number(r.tax_rate_id),
    before: { sum: Number(r.sum_before), share: Number(r.share_before) },
    during: { sum: Number(r.sum_during), share: Number(r.share_during) },
  }));
}
