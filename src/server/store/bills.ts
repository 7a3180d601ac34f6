// Supplier bills of a company (migration 14): SQL only.
import { all, insertCompanyRow, one, run, updateCompanyRow, type Db } from './db.js';

export interface BillFilter {
  status?: string;
  /** due on or before this day */
  dueBefore?: string;
  /** the creditor IBAN or QR-IBAN, in electronic form */
  iban?: string;
  /** part of the supplier's name, any case */
  supplier?: string;
  /** part of the number, supplier, reference or message, any case */
  search?: string;
}

export interface BillValues {
  number?: string;
  status?: string;
  supplier_name?: string;
  supplier_street?: string | null;
  supplier_building?: string | null;
  supplier_zip?: string;
  supplier_city?: string;
  supplier_country?: string;
  iban?: string;
  reference_type?: string;
  reference?: string | null;
  message?: string | null;
  amount?: number;
  currency?: string;
  amount_chf?: number;
  bill_date?: string;
  due_date?: string;
  expense_account_id?: number | null;
  tax_rate_id?: number | null;
  bank_account_id?: number | null;
  file_id?: number | null;
  expense_entry_id?: number | null;
  payment_entry_id?: number | null;
  paid_at?: string | null;
  payment_message_id?: string | null;
}

// every key of BillValues, so that the compiler names one a new column forgets
const BILL_COLUMNS = Object.keys({
  number: true,
  status: true,
  supplier_name: true,
  supplier_street: true,
  supplier_building: true,
  supplier_zip: true,
  supplier_city: true,
  supplier_country: true,
  iban: true,
  reference_type: true,
  reference: true,
  message: true,
  amount: true,
  currency: true,
  amount_chf: true,
  bill_date: true,
  due_date: true,
  expense_account_id: true,
  tax_rate_id: true,
  bank_account_id: true,
  file_id: true,
  expense_entry_id: true,
  payment_entry_id: true,
  paid_at: true,
  payment_message_id: true,
} satisfies Record<keyof BillValues, true>) as (keyof BillValues)[];

/** A row of `bills` as stored: money in Rappen, dates YYYY-MM-DD. */
export interface BillRow {
  id: number;
  company_id: number;
  user_id: number;
  number: string;
  status: string;
  supplier_name: string;
  supplier_street: string | null;
  supplier_building: string | null;
  supplier_zip: string;
  supplier_city: string;
  supplier_country: string;
  iban: string;
  reference_type: string;
  reference: string | null;
  message: string | null;
  amount: number;
  currency: string;
  amount_chf: number;
  bill_date: string;
  due_date: string;
  expense_account_id: number;
  tax_rate_id: number | null;
  bank_account_id: number | null;
  file_id: number | null;
  expense_entry_id: number | null;
  payment_entry_id: number | null;
  paid_at: string | null;
  payment_message_id: string | null;
  created_at: string;
  updated_at: string;
}

const like = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

function where(companyId: number, filter: BillFilter): [string, unknown[]] {
  const clauses = ['company_id = ?'];
  const params: unknown[] = [companyId];
  if (filter.status) {
    clauses.push('status = ?');
    params.push(filter.status);
  }
  if (filter.dueBefore) {
    clauses.push('due_date <= ?');
    params.push(filter.dueBefore);
  }
  if (filter.iban) {
    clauses.push('iban = ?');
    params.push(filter.iban);
  }
  if (filter.supplier) {
    clauses.push("lower(supplier_name) LIKE ? ESCAPE '\\'");
    params.push(like(filter.supplier));
  }
  if (filter.search) {
    clauses.push(
      "(lower(number) LIKE ? ESCAPE '\\' OR lower(supplier_name) LIKE ? ESCAPE '\\' OR lower(coalesce(reference, " +
        "'')) LIKE ? ESCAPE '\\' OR lower(coalesce(message, '')) LIKE ? ESCAPE '\\')",
    );
    const p = like(filter.search);
    params.push(p, p, p, p);
  }
  return [clauses.join(' AND '), params];
}

/** A page of the company's bills, the earliest due first. */
export function listBillRows(
  db: Db,
  companyId: number,
  filter: BillFilter,
  limit: number,
  offset: number,
): { rows: BillRow[]; total: number } {
  const [w, params] = where(companyId, filter);
  const total = Number(one(db, `SELECT count(*) AS n FROM bills WHERE ${w}`, ...params)!.n);
  const rows = all(
    db,
    `SELECT * FROM bills WHERE ${w} ORDER BY due_date, id LIMIT ? OFFSET ?`,
    ...params,
    limit,
    offset,
  );
  return { rows: rows as BillRow[], total };
}

export function findBillRow(db: Db, companyId: number, id: number): BillRow | undefined {
  return one(db, 'SELECT * FROM bills WHERE company_id = ? AND id = ?', companyId, id) as BillRow | undefined;
}

export function billNumberTaken(db: Db, companyId: number, number: string, exceptId?: number): boolean {
  return !!one(
    db,
    'SELECT 1 FROM bills WHERE company_id = ? AND number = ? AND id IS NOT ?',
    companyId,
    number,
    exceptId ?? null,
  );
}

/** The numbers of the company's bills that start with `stem` ("K-2026-"). */
export function billNumbersLike(db: Db, companyId: number, stem: string): string[] {
  return all(
    db,
    'SELECT number FROM bills WHERE company_id = ? AND substr(number, 1, ?) = ?',
    companyId,
    stem.length,
    stem,
  ).map((r) => String(r.number));
}

export function insertBill(db: Db, companyId: number, userId: number, values: BillValues): number {
  return insertCompanyRow(db, 'bills', companyId, userId, BILL_COLUMNS, values);
}

export function updateBill(db: Db, companyId: number, id: number, values: BillValues): void {
  updateCompanyRow(db, 'bills', companyId, id, BILL_COLUMNS, values);
}

export function deleteBillRow(db: Db, companyId: number, id: number): void {
  run(db, 'DELETE FROM bills WHERE company_id = ? AND id = ?', companyId, id);
}
