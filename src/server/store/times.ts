// Time entries of a company: the filtered and sorted list, writes, the records the rules look up, and
// what the timesheet groups (a row's minutes and value, whether it is locked; the projects named).
import { all, insertCompanyRow, one, run, updateCompanyRow, transaction, type Db } from './db.js';
import { minutesValue } from '../domain/time.js';

/** The columns a create or update writes (hourly_rate in Rappen, billable as a boolean). */
/** A time entry as SQLite hands it back (hourly_rate in Rappen, billable 0/1). */
export interface TimeRow {
  id: number;
  company_id: number;
  user_id: number;
  project_id: number;
  invoice_id: number | null;
  task_id: number | null;
  service_id: number | null;
  description: string;
  date: string;
  start: string | null;
  end: string | null;
  hours: number;
  minutes: number;
  hourly_rate: number;
  status: string;
  billable: number;
  created_at: string;
  updated_at: string;
}

/** What the time rules read of a project, a task and a service. */
export interface TimeProjectRef {
  id: number;
  hourly_rate: number;
}
export interface TimeTaskRef {
  id: number;
  project_id: number;
}
export interface TimeServiceRef {
  id: number;
  hourly_rate: number | null;
  billable: number;
}

/** A project the timesheet groups by, with its customer's name. */
export interface SheetProjectRow {
  id: number;
  name: string;
  customer_id: number;
  project_type: string;
  hourly_rate: number;
  customer_name: string | null;
}

export interface TimeValues {
  project_id?: number;
  invoice_id?: number | null;
  task_id?: number | null;
  service_id?: number | null;
  description?: string;
  date?: string;
  start?: string | null;
  end?: string | null;
  hours?: number;
  minutes?: number;
  hourly_rate?: number;
  status?: string;
  billable?: boolean;
}

const COLUMNS = [
  'project_id',
  'invoice_id',
  'task_id',
  'service_id',
  'description',
  'date',
  'start',
  'end',
  'hours',
  'minutes',
  'hourly_rate',
  'status',
  'billable',
] as const;
const quoted = (column: string) => `"${column}"`;

type Duration = Pick<TimeRow, 'hours' | 'minutes'>;
export const entryMinutes = (r: Duration): number => Number(r.hours) * 60 + Number(r.minutes);
export const entryValue = (r: Duration & Pick<TimeRow, 'hourly_rate'>): number =>
  minutesValue(entryMinutes(r), Number(r.hourly_rate));
/** Invoiced or paid, or linked to an invoice: the timesheet shows such time as locked. */
export const isLocked = (r: Pick<TimeRow, 'status' | 'invoice_id'>): boolean =>
  r.status !== 'open' || r.invoice_id !== null;

// ---- queries --------------------------------------------------------------------------------------------

export interface TimeFilter {
  userIds?: number[];
  ids?: number[];
  customerIds?: number[];
  projectIds?: number[];
  billable?: boolean;
  projectTypes?: string[];
  /** null: entries without an invoice */
  invoiceIds?: number[] | null;
  /** entries of this invoice are listed whatever the status and invoice filters say */
  withInvoiceId?: number;
  statuses?: string[];
  /** inclusive YYYY-MM-DD bounds */
  from?: string;
  until?: string;
}

export type TimeSortColumn = 'date' | 'start';
export interface TimeSort {
  column: TimeSortColumn;
  desc: boolean;
}

const list = (values: readonly unknown[]) => values.map(() => '?').join(', ') || 'NULL';

function where(companyId: number, f: TimeFilter): [string, unknown[]] {
  const clauses = ['t.company_id = ?'];
  const params: unknown[] = [companyId];
  const add = (clause: string, ...values: unknown[]) => {
    clauses.push(clause);
    params.push(...values);
  };
  if (f.userIds) add(`t.user_id IN (${list(f.userIds)})`, ...f.userIds);
  if (f.ids) add(`t.id IN (${list(f.ids)})`, ...f.ids);
  if (f.customerIds) add(`p.customer_id IN (${list(f.customerIds)})`, ...f.customerIds);
  if (f.projectIds) add(`t.project_id IN (${list(f.projectIds)})`, ...f.projectIds);
  if (f.billable !== undefined) add('t.billable = ?', f.billable ? 1 : 0);
  if (f.projectTypes) add(`p.project_type IN (${list(f.projectTypes)})`, ...f.projectTypes);
  if (f.from) add('t.date >= ?', f.from);
  if (f.until) add('t.date <= ?', f.until);
  // status and invoice: "which entries may go on an invoice", widened by the invoice being edited
  const state: string[] = [];
  const stateParams: unknown[] = [];
  if (f.statuses) {
    state.push(`t.status IN (${list(f.statuses)})`);
    stateParams.push(...f.statuses);
  }
  if (f.invoiceIds === null) state.push('t.invoice_id IS NULL');
  else if (f.invoiceIds) {
    state.push(`t.invoice_id IN (${list(f.invoiceIds)})`);
    stateParams.push(...f.invoiceIds);
  }
  if (state.length) {
    if (f.withInvoiceId !== undefined)
      add(`((${state.join(' AND ')}) OR t.invoice_id = ?)`, ...stateParams, f.withInvoiceId);
    else add(state.join(' AND '), ...stateParams);
  }
  return [clauses.join(' AND '), params];
}

function orderBy(sort: readonly TimeSort[]): string {
  const parts = sort.map((s) => `t.${quoted(s.column)} ${s.desc ? 'DESC' : 'ASC'}`);
  return [...parts, `t.id ${sort[0]?.desc ? 'DESC' : 'ASC'}`].join(', ');
}

/** The matching rows in the given order; all of them unless limit is given. */
export function listTimeRows(
  db: Db,
  companyId: number,
  filter: TimeFilter,
  sort: readonly TimeSort[],
  limit?: number,
  offset = 0,
): { rows: TimeRow[]; total: number } {
  const [w, params] = where(companyId, filter);
  const from = 'FROM time_entries t JOIN projects p ON p.id = t.project_id AND p.company_id = t.company_id';
  const total = Number(one(db, `SELECT count(*) AS n ${from} WHERE ${w}`, ...params)!.n);
  const page = limit === undefined ? '' : ' LIMIT ? OFFSET ?';
  const rows = all<TimeRow>(
    db,
    `SELECT t.* ${from} WHERE ${w} ORDER BY ${orderBy(sort)}${page}`,
    ...params,
    ...(limit === undefined ? [] : [limit, offset]),
  );
  return { rows, total };
}

export function findTimeRow(db: Db, companyId: number, id: number): TimeRow | undefined {
  return one<TimeRow>(db, 'SELECT * FROM time_entries WHERE company_id = ? AND id = ?', companyId, id);
}

/** The rows of the listed ids that belong to the company (others are left out). */
export function timeRowsByIds(db: Db, companyId: number, ids: readonly number[]): TimeRow[] {
  const unique = [...new Set(ids)];
  return all<TimeRow>(
    db,
    `SELECT * FROM time_entries WHERE company_id = ? AND id IN (${list(unique)}) ORDER BY id`,
    companyId,
    ...unique,
  );
}

/** The project's time entries; `open`: only those not yet invoiced. */
export function timeRowsOfProject(db: Db, companyId: number, projectId: number, open: boolean): TimeRow[] {
  return all<TimeRow>(
    db,
    `SELECT * FROM time_entries WHERE company_id = ? AND project_id = ?${open ? " AND status = 'open'" : ''}
      ORDER BY date, start, id`,
    companyId,
    projectId,
  );
}

export function insertTime(
  db: Db,
  companyId: number,
  userId: number,
  values: TimeValues & { project_id: number; date: string; hours: number; minutes: number },
): number {
  return insertCompanyRow(db, 'time_entries', companyId, userId, COLUMNS, values);
}

export function updateTime(db: Db, companyId: number, id: number, values: TimeValues): void {
  updateCompanyRow(db, 'time_entries', companyId, id, COLUMNS, values);
}

export function deleteTimes(db: Db, companyId: number, ids: readonly number[]): void {
  transaction(db, () => {
    for (const id of ids) run(db, 'DELETE FROM time_entries WHERE company_id = ? AND id = ?', companyId, id);
  });
}

// ---- records the rules look up ------------------------------------------------------------------------

export const projectRow = (db: Db, companyId: number, id: number): TimeProjectRef | undefined =>
  one<TimeProjectRef>(db, 'SELECT id, hourly_rate FROM projects WHERE company_id = ? AND id = ?', companyId, id);
export const taskRow = (db: Db, companyId: number, id: number): TimeTaskRef | undefined =>
  one<TimeTaskRef>(db, 'SELECT id, project_id FROM tasks WHERE company_id = ? AND id = ?', companyId, id);
export const serviceRow = (db: Db, companyId: number, id: number): TimeServiceRef | undefined =>
  one<TimeServiceRef>(
    db,
    'SELECT id, hourly_rate, billable FROM services WHERE company_id = ? AND id = ?',
    companyId,
    id,
  );

// ---- grouping input -------------------------------------------------------------------------------------

/** The projects named by the groups: id, name, customer_id, customer_name, project_type and hourly_rate. */
export function sheetProjectRows(db: Db, companyId: number, ids: Iterable<number>): SheetProjectRow[] {
  const unique = [...new Set(ids)];
  return all<SheetProjectRow>(
    db,
    `SELECT p.id, p.name, p.customer_id, p.project_type, p.hourly_rate, c.name AS customer_name
    FROM projects p LEFT JOIN customers c ON c.id = p.customer_id AND c.company_id = p.company_id
    WHERE p.company_id = ? AND p.id IN (${list(unique)})`,
    companyId,
    ...unique,
  );
}
