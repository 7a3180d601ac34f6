// VAT rates of a company. Rates are stored in hundredths of a percent (8.1 % → 810). A row read with
// its accounts carries account_name, account_number and the same for the acquisition account.
import { all, one, run, timestamp, transaction, type Db } from './db.js';

/** The stored values of a tax rate, in storage units (rates in hundredths of a percent). */
export interface TaxRateValues {
  account_id: number;
  acquisition_account_id: number | null;
  field_number: number | null;
  name: string;
  name_en: string | null;
  name_fr: string | null;
  name_it: string | null;
  name_on_documents: string;
  rate: number;
  saldo_rate: number | null;
  calculation_method: 'net' | 'gross';
  is_acquisition_tax: boolean;
  archived: boolean;
  /** the days the rate holds (YYYY-MM-DD), an extension of the spec; null: open */
  valid_from: string | null;
  valid_until: string | null;
}

/** A tax rate as SQLite hands it back (rates in hundredths of a percent, flags 0/1). */
export interface TaxRateRow {
  id: number;
  company_id: number;
  account_id: number;
  acquisition_account_id: number | null;
  field_number: number | null;
  name: string;
  name_en: string | null;
  name_fr: string | null;
  name_it: string | null;
  name_on_documents: string;
  rate: number;
  saldo_rate: number | null;
  calculation_method: string;
  is_acquisition_tax: number;
  archived: number;
  valid_from: string | null;
  valid_until: string | null;
  created_at: string;
  updated_at: string;
}

/** A tax rate read with the names and numbers of its accounts. */
export interface TaxRateWithAccountsRow extends TaxRateRow {
  account_name: string;
  account_number: number;
  acquisition_account_name: string | null;
  acquisition_account_number: number | null;
}

const SELECT = `SELECT tax_rates.*,
    a.name AS account_name, a.number AS account_number,
    q.name AS acquisition_account_name, q.number AS acquisition_account_number
  FROM tax_rates
  JOIN accounts a ON a.id = tax_rates.account_id
  LEFT JOIN accounts q ON q.id = tax_rates.acquisition_account_id`;

/** The stored values of a row. */
export const taxRateValuesOf = (r: TaxRateRow): TaxRateValues => ({
  account_id: Number(r.account_id),
  acquisition_account_id: r.acquisition_account_id === null ? null : Number(r.acquisition_account_id),
  field_number: r.field_number === null ? null : Number(r.field_number),
  name: r.name,
  name_en: r.name_en ?? null,
  name_fr: r.name_fr ?? null,
  name_it: r.name_it ?? null,
  name_on_documents: r.name_on_documents,
  rate: Number(r.rate),
  saldo_rate: r.saldo_rate === null ? null : Number(r.saldo_rate),
  calculation_method: r.calculation_method === 'gross' ? 'gross' : 'net',
  is_acquisition_tax: Number(r.is_acquisition_tax) === 1,
  archived: Number(r.archived) === 1,
  valid_from: r.valid_from ?? null,
  valid_until: r.valid_until ?? null,
});

export interface TaxRateFilter {
  name?: string;
  archived?: boolean;
  ids?: number[];
}
export type TaxRateSort = 'name' | '-name' | 'rate' | '-rate';

const ORDER: Record<TaxRateSort, string> = {
  name: 'tax_rates.name COLLATE NOCASE, tax_rates.id',
  '-name': 'tax_rates.name COLLATE NOCASE DESC, tax_rates.id DESC',
  rate: 'tax_rates.rate, tax_rates.id',
  '-rate': 'tax_rates.rate DESC, tax_rates.id DESC',
};

function where(db: Db, companyId: number, filter: TaxRateFilter): [string, unknown[]] {
  const clauses = ['tax_rates.company_id = ?'];
  const params: unknown[] = [companyId];
  if (filter.name) {
    // SQLite's lower() knows only ASCII; names like "Übrige" are matched case-insensitively here
    const needle = filter.name.toLocaleLowerCase('de-CH');
    const ids = all(db, 'SELECT id, name FROM tax_rates WHERE company_id = ?', companyId)
      .filter((r) => String(r.name).toLocaleLowerCase('de-CH').includes(needle))
      .map((r) => Number(r.id));
    clauses.push(`tax_rates.id IN (${ids.map(() => '?').join(', ') || 'NULL'})`);
    params.push(...ids);
  }
  if (filter.archived !== undefined) {
    clauses.push('tax_rates.archived = ?');
    params.push(filter.archived ? 1 : 0);
  }
  if (filter.ids) {
    clauses.push(`tax_rates.id IN (${filter.ids.map(() => '?').join(', ') || 'NULL'})`);
    params.push(...filter.ids);
  }
  return [clauses.join(' AND '), params];
}

export function listTaxRateRows(
  db: Db,
  companyId: number,
  filter: TaxRateFilter,
  sort: TaxRateSort | undefined,
  limit: number,
  offset: number,
): { rows: TaxRateWithAccountsRow[]; total: number } {
  const [w, params] = where(db, companyId, filter);
  const total = Number(one(db, `SELECT count(*) AS n FROM tax_rates WHERE ${w}`, ...params)!.n);
  const order = sort ? ORDER[sort] : 'tax_rates.id';
  const rows = all<TaxRateWithAccountsRow>(
    db,
    `${SELECT} WHERE ${w} ORDER BY ${order} LIMIT ? OFFSET ?`,
    ...params,
    limit,
    offset,
  );
  return { rows, total };
}

/** A tax rate of the company, with its accounts. */
export function findTaxRateRow(db: Db, companyId: number, id: number): TaxRateWithAccountsRow | undefined {
  return one<TaxRateWithAccountsRow>(
    db,
    `${SELECT} WHERE tax_rates.company_id = ? AND tax_rates.id = ?`,
    companyId,
    id,
  );
}

/** The stored values (rates in hundredths) of a tax rate of the company. */
export function taxRateValues(db: Db, companyId: number, id: number): TaxRateValues | undefined {
  const row = one<TaxRateRow>(db, 'SELECT * FROM tax_rates WHERE company_id = ? AND id = ?', companyId, id);
  return row && taxRateValuesOf(row);
}

const COLUMNS = [
  'account_id',
  'acquisition_account_id',
  'field_number',
  'name',
  'name_en',
  'name_fr',
  'name_it',
  'name_on_documents',
  'rate',
  'saldo_rate',
  'calculation_method',
  'is_acquisition_tax',
  'archived',
  'valid_from',
  'valid_until',
] as const;

const sqlValue = (v: unknown) => (typeof v === 'boolean' ? (v ? 1 : 0) : v);

export function insertTaxRate(db: Db, companyId: number, values: TaxRateValues): number {
  const now = timestamp();
  return Number(
    run(
      db,
      `INSERT INTO tax_rates (company_id, ${COLUMNS.join(', ')}, created_at, updated_at)
        VALUES (?, ${COLUMNS.map(() => '?').join(', ')}, ?, ?)`,
      companyId,
      ...COLUMNS.map((c) => sqlValue(values[c])),
      now,
      now,
    ).lastInsertRowid,
  );
}

export function updateTaxRate(db: Db, companyId: number, id: number, values: TaxRateValues): void {
  run(
    db,
    `UPDATE tax_rates SET ${COLUMNS.map((c) => `${c} = ?`).join(', ')}, updated_at = ? WHERE company_id = ? AND id = ?`,
    ...COLUMNS.map((c) => sqlValue(values[c])),
    timestamp(),
    companyId,
    id,
  );
}

/** The account numbers of the company's tax rates (acquisition_number null without an acquisition account). */
export function taxRateAccountNumbers(
  db: Db,
  companyId: number,
): { id: number; account_number: number; acquisition_number: number | null }[] {
  return all(
    db,
    `SELECT tax_rates.id, a.number AS account_number, q.number AS acquisition_number FROM tax_rates
      JOIN accounts a ON a.id = tax_rates.account_id LEFT JOIN accounts q ON q.id = tax_rates.acquisition_account_id
     WHERE tax_rates.company_id = ?`,
    companyId,
  ).map((r) => ({
    id: Number(r.id),
    account_number: Number(r.account_number),
    acquisition_number: r.acquisition_number === null ? null : Number(r.acquisition_number),
  }));
}

/** Points a tax rate at other accounts (a chart reset: updated_at stays). */
export function setTaxRateAccounts(db: Db, id: number, accountId: number, acquisitionAccountId: number | null): void {
  run(
    db,
    'UPDATE tax_rates SET account_id = ?, acquisition_account_id = ? WHERE id = ?',
    accountId,
    acquisitionAccountId,
    id,
  );
}

/** Deletes the tax rate; bank-import suggestions that named it lose the suggestion. */
export function deleteTaxRate(db: Db, companyId: number, id: number): void {
  transaction(db, () => {
    run(db, 'UPDATE import_entries SET tax_rate_id = NULL WHERE company_id = ? AND tax_rate_id = ?', companyId, id);
    run(db, 'DELETE FROM tax_rates WHERE company_id = ? AND id = ?', companyId, id);
  });
}

/** How many bookings, invoices and proposals use the tax rate. */
export function taxRateUsage(
  db: Db,
  companyId: number,
  id: number,
): { entries: number; invoices: number; proposals: number } {
  const count = (table: string) =>
    Number(one(db, `SELECT count(*) AS n FROM ${table} WHERE company_id = ? AND tax_rate_id = ?`, companyId, id)!.n);
  return { entries: count('entries'), invoices: count('invoices'), proposals: count('proposals') };
}
