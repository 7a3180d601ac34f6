// Customers of a company. A customer's row carries the computed sums (open_expenses, open_minutes,
// open_invoices, and those per currency as JSON), subqueries of one SELECT, so lists filter on them
// without a second pass.
import {
  all,
  ensureUnicodeLower,
  insertCompanyRow,
  one,
  run,
  sumAsText,
  timestamp,
  transaction,
  updateCompanyRow,
  type Db,
} from './db.js';
import { timesCondition, UNPAID_INVOICE_STATES, type StatisticsInput } from '../domain/customer-stats.js';

/** The next free customer number: max + 1, the first is 1. */
export function nextCustomerNumber(db: Db, companyId: number): number {
  return Number(one(db, 'SELECT coalesce(max(number), 0) + 1 AS n FROM customers WHERE company_id = ?', companyId)!.n);
}

/** Inserts a customer with a name and, unless given, the next free number; returns its id. */
export function insertCustomerRecord(db: Db, companyId: number, userId: number, name: string, number?: number): number {
  const now = timestamp();
  return Number(
    run(
      db,
      'INSERT INTO customers (company_id, user_id, name, number, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
      companyId,
      userId,
      name,
      number ?? nextCustomerNumber(db, companyId),
      now,
      now,
    ).lastInsertRowid,
  );
}

/** A customer's stored columns as SQLite hands them back (the hourly rate in Rappen, archived 0/1). */
export interface CustomerRow {
  id: number;
  company_id: number;
  user_id: number;
  name: string;
  number: number | null;
  care_of: string | null;
  po_box: string | null;
  department: string | null;
  street: string | null;
  zip: string | null;
  city: string | null;
  country: string | null;
  website: string | null;
  phone: string | null;
  email: string | null;
  default_hourly_rate: number | null;
  invoice_address: string | null;
  archived: number;
  tax_rate_id: number | null;
  created_at: string;
  updated_at: string;
}

/**
 * A customer with the sums of one SELECT (Rappen sums as text, see sumAsText; the open invoices per currency as JSON).
 */
export interface CustomerWithSumsRow extends CustomerRow {
  open_expenses: string;
  open_expense_count: number;
  open_minutes: number;
  open_invoices: string;
  open_invoices_by_currency: string | null;
}

/** The writable columns, in the order the API shows them. */
export const CUSTOMER_TEXT_FIELDS = [
  'care_of',
  'po_box',
  'department',
  'street',
  'zip',
  'city',
  'country',
  'website',
  'phone',
  'email',
] as const;
export const CUSTOMER_COLUMNS = [
  'name',
  'number',
  ...CUSTOMER_TEXT_FIELDS,
  'default_hourly_rate',
  'invoice_address',
  'archived',
  'tax_rate_id',
] as const;
export type CustomerColumn = (typeof CUSTOMER_COLUMNS)[number];
/** Column values as stored: money in Rappen, booleans 0/1. */
export type CustomerValues = Partial<Record<CustomerColumn, string | number | boolean | null>>;

const UNPAID = UNPAID_INVOICE_STATES.map((s) => `'${s}'`).join(', ');

// c.* plus the three sums; every subquery is scoped by the customer's company. The unary + keeps SQLite
// on the customer's index for the bookings: by company and type it walked every expense of the ledger
// (0.15-0.4 s per customer read at 100k bookings, so per invoice read, which embeds its customer).
const SELECT = `
  SELECT c.*,
    (SELECT ${sumAsText('e.sum')} FROM entries e
      WHERE +e.company_id = c.company_id AND e.customer_id = c.id AND +e.type = 'expense' AND e.billable = 1
      AND e.invoice_id IS NULL) AS open_expenses,
    (SELECT count(*) FROM entries e
      WHERE +e.company_id = c.company_id AND e.customer_id = c.id AND +e.type = 'expense' AND e.billable = 1
      AND e.invoice_id IS NULL) AS open_expense_count,
    (SELECT coalesce(sum(t.hours * 60 + t.minutes), 0) FROM time_entries t JOIN projects p ON p.id = t.project_id
      WHERE p.company_id = c.company_id AND p.customer_id = c.id AND t.status = 'open') AS open_minutes,
    (SELECT ${sumAsText('i.final_value')} FROM invoices i
      WHERE i.company_id = c.company_id AND i.customer_id = c.id AND i.status IN (${UNPAID})) AS open_invoices,
    (SELECT json_group_object(currency, s) FROM (SELECT i.currency, ${sumAsText('i.final_value')} AS s FROM invoices i
      WHERE i.company_id = c.company_id AND i.customer_id = c.id AND i.status IN (${UNPAID})
      GROUP BY i.currency)) AS open_invoices_by_currency
  FROM customers c`;

export interface CustomerFilter {
  ids?: number[];
  name?: string;
  archived?: boolean;
  expenses?: boolean;
  times?: number;
}

export const CUSTOMER_SORTS = ['id', 'name', 'number', 'created_at'] as const;
export type CustomerSort = { column: (typeof CUSTOMER_SORTS)[number]; desc: boolean };

function where(companyId: number, f: CustomerFilter): [string, unknown[]] {
  const clauses = ['company_id = ?'];
  const params: unknown[] = [companyId];
  if (f.ids) {
    clauses.push(`id IN (${f.ids.map(() => '?').join(', ') || 'NULL'})`);
    params.push(...f.ids);
  }
  if (f.name) {
    clauses.push('instr(acct_lower(name), ?) > 0');
    params.push(f.name.toLowerCase());
  }
  if (f.archived !== undefined) {
    clauses.push('archived = ?');
    params.push(f.archived ? 1 : 0);
  }
  if (f.expenses !== undefined) clauses.push(f.expenses ? 'open_expense_count > 0' : 'open_expense_count = 0');
  if (f.times !== undefined) {
    const cond = timesCondition(f.times);
    clauses.push(`open_minutes ${cond.op} ?`);
    params.push(cond.minutes);
  }
  return [clauses.join(' AND '), params];
}

export function listCustomerRows(
  db: Db,
  companyId: number,
  filter: CustomerFilter,
  sort: CustomerSort | undefined,
  limit: number,
  offset: number,
): { rows: CustomerWithSumsRow[]; total: number } {
  ensureUnicodeLower(db);
  const [w, params] = where(companyId, filter);
  const base = `SELECT * FROM (${SELECT}) WHERE ${w}`;
  const total = Number(one(db, `SELECT count(*) AS n FROM (${base})`, ...params)!.n);
  const order = sort
    ? `${sort.column === 'name' ? 'acct_lower(name)' : sort.column} ${sort.desc ? 'DESC' : 'ASC'}, id ` +
      `${sort.desc ? 'DESC' : 'ASC'}`
    : 'id';
  const rows = all<CustomerWithSumsRow>(db, `${base} ORDER BY ${order} LIMIT ? OFFSET ?`, ...params, limit, offset);
  return { rows, total };
}

/** A customer with its computed sums. */
export function findCustomerRow(db: Db, companyId: number, id: number): CustomerWithSumsRow | undefined {
  return one<CustomerWithSumsRow>(db, `${SELECT} WHERE c.company_id = ? AND c.id = ?`, companyId, id);
}

/** A customer's stored columns only, for the records that embed their customer. */
export function customerRow(db: Db, companyId: number, id: number): CustomerRow | undefined {
  return one<CustomerRow>(db, 'SELECT * FROM customers WHERE company_id = ? AND id = ?', companyId, id);
}

export function findCustomerIdByNumber(db: Db, companyId: number, number: number): number | undefined {
  const row = one(
    db,
    'SELECT id FROM customers WHERE company_id = ? AND number = ? ORDER BY id LIMIT 1',
    companyId,
    number,
  );
  return row ? Number(row.id) : undefined;
}

export function customerNumberTaken(db: Db, companyId: number, number: number, exceptId?: number): boolean {
  return !!one(
    db,
    'SELECT 1 FROM customers WHERE company_id = ? AND number = ? AND id IS NOT ?',
    companyId,
    number,
    exceptId ?? null,
  );
}

/**
 * Inserts a customer with every given column (number generated when absent or null); with a contact name, also its
 * primary contact.
 */
export function insertCustomer(
  db: Db,
  companyId: number,
  userId: number,
  values: CustomerValues,
  contactName?: string | null,
): number {
  return transaction(db, () => {
    const number = values.number ?? nextCustomerNumber(db, companyId);
    const id = insertCompanyRow(db, 'customers', companyId, userId, CUSTOMER_COLUMNS, { ...values, number });
    if (contactName) insertContact(db, companyId, id, userId, contactName, true);
    return id;
  });
}

export function updateCustomer(db: Db, companyId: number, id: number, values: CustomerValues): void {
  updateCompanyRow(db, 'customers', companyId, id, CUSTOMER_COLUMNS, values);
}

/** Adds a contact to a customer; a primary one takes the flag from the others. */
export function insertContact(
  db: Db,
  companyId: number,
  customerId: number,
  userId: number,
  name: string,
  primary: boolean,
): number {
  return transaction(db, () => {
    const now = timestamp();
    if (primary)
      run(
        db,
        'UPDATE contacts SET is_primary = 0, updated_at = ? WHERE company_id = ? AND customer_id = ? AND ' +
          'is_primary = 1',
        now,
        companyId,
        customerId,
      );
    return Number(
      run(
        db,
        'INSERT INTO contacts (company_id, customer_id, user_id, name, is_primary, created_at, updated_at) VALUES ' +
          '(?, ?, ?, ?, ?, ?, ?)',
        companyId,
        customerId,
        userId,
        name,
        primary ? 1 : 0,
        now,
        now,
      ).lastInsertRowid,
    );
  });
}

export function hasContactNamed(db: Db, companyId: number, customerId: number, name: string): boolean {
  return !!one(
    db,
    'SELECT 1 FROM contacts WHERE company_id = ? AND customer_id = ? AND name = ?',
    companyId,
    customerId,
    name,
  );
}

export function hasPrimaryContact(db: Db, companyId: number, customerId: number): boolean {
  return !!one(
    db,
    'SELECT 1 FROM contacts WHERE company_id = ? AND customer_id = ? AND is_primary = 1',
    companyId,
    customerId,
  );
}

/** Why a customer cannot be deleted, or undefined when it can: projects, invoices or proposals exist. */
export function customerDeleteBlocker(
  db: Db,
  companyId: number,
  id: number,
): 'projects' | 'invoices' | 'proposals' | undefined {
  if (one(db, 'SELECT 1 FROM projects WHERE company_id = ? AND customer_id = ? LIMIT 1', companyId, id))
    return 'projects';
  if (one(db, 'SELECT 1 FROM invoices WHERE company_id = ? AND customer_id = ? LIMIT 1', companyId, id))
    return 'invoices';
  if (one(db, 'SELECT 1 FROM proposals WHERE company_id = ? AND customer_id = ? LIMIT 1', companyId, id))
    return 'proposals';
  return undefined;
}

/** Deletes a customer and its contacts; its bookings stay and lose the customer (and the billable flag). */
export function deleteCustomer(db: Db, companyId: number, id: number): void {
  transaction(db, () => {
    run(
      db,
      'UPDATE entries SET customer_id = NULL, billable = 0, updated_at = ? WHERE company_id = ? AND customer_id = ?',
      timestamp(),
      companyId,
      id,
    );
    run(db, 'DELETE FROM contacts WHERE company_id = ? AND customer_id = ?', companyId, id);
    run(db, 'DELETE FROM customers WHERE company_id = ? AND id = ?', companyId, id);
  });
}

/** The ids among `ids` that are customers of the company, in the order given, without repeats. */
export function ownCustomerIds(db: Db, companyId: number, ids: number[]): number[] {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = new Set(
    all(
      db,
      `SELECT id FROM customers WHERE company_id = ? AND id IN (${unique.map(() => '?').join(', ')})`,
      companyId,
      ...unique,
    ).map((r) => Number(r.id)),
  );
  return unique.filter((id) => found.has(id));
}

export function setCustomersArchived(db: Db, companyId: number, ids: number[], archived: boolean): number {
  if (ids.length === 0) return 0;
  return Number(
    run(
      db,
      `UPDATE customers SET archived = ?, updated_at = ? WHERE company_id = ?
        AND id IN (${ids.map(() => '?').join(', ')})`,
      archived ? 1 : 0,
      timestamp(),
      companyId,
      ...ids,
    ).changes,
  );
}

/**
 * What the statistics of one customer are computed from: bookings with the customer, time of the customer's projects.
 */
export function customerStatisticsInput(db: Db, companyId: number, id: number): StatisticsInput {
  const money = one(
    db,
    `SELECT
      ${sumAsText("CASE WHEN type = 'income' THEN sum END")} AS income,
      ${sumAsText("CASE WHEN type = 'expense' THEN sum END")} AS expense
    FROM entries WHERE +company_id = ? AND customer_id = ?`,
    companyId,
    id,
  )!;
  const time = one(
    db,
    `SELECT
      coalesce(sum(t.hours * 60 + t.minutes), 0) AS total,
      coalesce(sum(CASE WHEN t.billable = 1 THEN t.hours * 60 + t.minutes END), 0) AS billable,
      coalesce(sum(CASE WHEN t.status = 'open' THEN t.hours * 60 + t.minutes END), 0) AS open
    FROM time_entries t JOIN projects p ON p.id = t.project_id
    WHERE p.company_id = ? AND p.customer_id = ?`,
    companyId,
    id,
  )!;
  return {
    incomeRappen: Number(money.income),
    expenseRappen: Number(money.expense),
    totalMinutes: Number(time.total),
    billableMinutes: Number(time.billable),
    openMinutes: Number(time.open),
  };
}
