// Time entries of a company: the serializer, the filtered and sorted list, writes, and the related
// records `include` embeds (project, project.customer, task, user).
import { all, one, run, timestamp, transaction, type Db, type Row } from './db.js';
import { groupRappen, rappenToNumber } from '../domain/money.js';
import { dotted, readable, valueOf } from '../domain/time.js';
import type { SheetProject, SheetTime } from '../domain/timesheet.js';
import { findProject } from './projects.js';
import { toTask } from './tasks.js';

export interface TimeEntry {
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
  billable: boolean;
  total_value: number;
  readable_time: string;
  formatted_date?: string;
  sortable_time?: number;
  formatted_total_value?: string;
  created_at: string;
  updated_at: string;
  [relation: string]: unknown;
}

/** The columns a create or update writes (hourly_rate in Rappen, billable as a boolean). */
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

const COLUMNS = ['project_id', 'invoice_id', 'task_id', 'service_id', 'description', 'date', 'start', 'end', 'hours', 'minutes', 'hourly_rate', 'status', 'billable'] as const;
const quoted = (column: string) => `"${column}"`;

const idOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
export const entryMinutes = (r: Row): number => Number(r.hours) * 60 + Number(r.minutes);
export const entryValue = (r: Row): number => valueOf(entryMinutes(r), Number(r.hourly_rate));
/** Invoiced or paid, or linked to an invoice: the timesheet shows such time as locked. */
export const isLocked = (r: Row): boolean => r.status !== 'open' || r.invoice_id !== null;

/** A row as the API shows it; list items also carry formatted_date, sortable_time and formatted_total_value. */
export function toTimeEntry(r: Row, listItem = false): TimeEntry {
  const minutes = entryMinutes(r);
  const value = entryValue(r);
  const entry: TimeEntry = {
    id: Number(r.id),
    company_id: Number(r.company_id),
    user_id: Number(r.user_id),
    project_id: Number(r.project_id),
    invoice_id: idOrNull(r.invoice_id),
    task_id: idOrNull(r.task_id),
    service_id: idOrNull(r.service_id),
    description: r.description ?? '',
    date: r.date,
    start: r.start ?? null,
    end: r.end ?? null,
    hours: Number(r.hours),
    minutes: Number(r.minutes),
    hourly_rate: rappenToNumber(Number(r.hourly_rate)),
    status: r.status,
    billable: Number(r.billable) === 1,
    total_value: rappenToNumber(value),
    readable_time: readable(minutes),
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
  if (!listItem) return entry;
  const { created_at, updated_at, ...fields } = entry;
  return { ...fields, formatted_date: dotted(r.date), sortable_time: minutes, formatted_total_value: groupRappen(value), created_at, updated_at };
}

// ---- includes -----------------------------------------------------------------------------------------

export const TIME_INCLUDES = ['project', 'project.customer', 'task', 'user'] as const;
export type TimeInclude = (typeof TIME_INCLUDES)[number];

/**
 * Embeds the requested relations: `project` (the Project resource; with `project.customer` also its
 * customer), `task` (the Task resource) and `user` ({ id, name, email }); each record is read once per
 * request. `today` anchors the task's relative due date.
 */
export function embedIncludes(db: Db, companyId: number, pairs: { entry: TimeEntry; row: Row }[], includes: ReadonlySet<TimeInclude>, today: string): void {
  if (includes.size === 0) return;
  const projects = new Map<number, unknown>();
  const tasks = new Map<number, unknown>();
  const users = new Map<number, unknown>();
  const withCustomer = includes.has('project.customer');
  for (const { entry } of pairs) {
    if (includes.has('project') || withCustomer) {
      if (!projects.has(entry.project_id)) projects.set(entry.project_id, findProject(db, companyId, entry.project_id, withCustomer ? ['customer'] : []) ?? null);
      entry.project = projects.get(entry.project_id);
    }
    if (includes.has('task')) {
      if (entry.task_id === null) entry.task = null;
      else {
        if (!tasks.has(entry.task_id)) {
          const row = one(db, 'SELECT * FROM tasks WHERE company_id = ? AND id = ?', companyId, entry.task_id);
          tasks.set(entry.task_id, row ? toTask(db, row, today) : null);
        }
        entry.task = tasks.get(entry.task_id);
      }
    }
    if (includes.has('user')) {
      if (!users.has(entry.user_id)) {
        const row = one(db, 'SELECT id, name, email FROM users WHERE id = ?', entry.user_id);
        users.set(entry.user_id, row ? { id: Number(row.id), name: row.name, email: row.email } : null);
      }
      entry.user = users.get(entry.user_id);
    }
  }
}

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
export interface TimeSort { column: TimeSortColumn; desc: boolean }

const list = (values: readonly unknown[]) => values.map(() => '?').join(', ') || 'NULL';

function where(companyId: number, f: TimeFilter): [string, unknown[]] {
  const clauses = ['t.company_id = ?'];
  const params: unknown[] = [companyId];
  const add = (clause: string, ...values: unknown[]) => { clauses.push(clause); params.push(...values); };
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
  if (f.statuses) { state.push(`t.status IN (${list(f.statuses)})`); stateParams.push(...f.statuses); }
  if (f.invoiceIds === null) state.push('t.invoice_id IS NULL');
  else if (f.invoiceIds) { state.push(`t.invoice_id IN (${list(f.invoiceIds)})`); stateParams.push(...f.invoiceIds); }
  if (state.length) {
    if (f.withInvoiceId !== undefined) add(`((${state.join(' AND ')}) OR t.invoice_id = ?)`, ...stateParams, f.withInvoiceId);
    else add(state.join(' AND '), ...stateParams);
  }
  return [clauses.join(' AND '), params];
}

function orderBy(sort: readonly TimeSort[]): string {
  const parts = sort.map((s) => `t.${quoted(s.column)} ${s.desc ? 'DESC' : 'ASC'}`);
  return [...parts, `t.id ${sort[0]?.desc ? 'DESC' : 'ASC'}`].join(', ');
}

/** The matching rows in the given order; all of them unless limit is given. */
export function listTimeRows(db: Db, companyId: number, filter: TimeFilter, sort: readonly TimeSort[], limit?: number, offset = 0): { rows: Row[]; total: number } {
  const [w, params] = where(companyId, filter);
  const from = 'FROM time_entries t JOIN projects p ON p.id = t.project_id AND p.company_id = t.company_id';
  const total = Number(one(db, `SELECT count(*) AS n ${from} WHERE ${w}`, ...params)!.n);
  const page = limit === undefined ? '' : ' LIMIT ? OFFSET ?';
  const rows = all(db, `SELECT t.* ${from} WHERE ${w} ORDER BY ${orderBy(sort)}${page}`, ...params, ...(limit === undefined ? [] : [limit, offset]));
  return { rows, total };
}

export function findTimeRow(db: Db, companyId: number, id: number): Row | undefined {
  return one(db, 'SELECT * FROM time_entries WHERE company_id = ? AND id = ?', companyId, id);
}

/** The rows of the listed ids that belong to the company (others are left out). */
export function timeRowsByIds(db: Db, companyId: number, ids: readonly number[]): Row[] {
  const unique = [...new Set(ids)];
  return all(db, `SELECT * FROM time_entries WHERE company_id = ? AND id IN (${list(unique)}) ORDER BY id`, companyId, ...unique);
}

const dbValue = (v: unknown) => (typeof v === 'boolean' ? (v ? 1 : 0) : v);

export function insertTime(db: Db, companyId: number, userId: number, values: TimeValues & { project_id: number; date: string; hours: number; minutes: number }): number {
  const now = timestamp();
  const cols = COLUMNS.filter((k) => values[k] !== undefined);
  return Number(run(db,
    `INSERT INTO time_entries (company_id, user_id, ${cols.map(quoted).join(', ')}, created_at, updated_at) VALUES (?, ?, ${cols.map(() => '?').join(', ')}, ?, ?)`,
    companyId, userId, ...cols.map((k) => dbValue(values[k])), now, now).lastInsertRowid);
}

export function updateTime(db: Db, companyId: number, id: number, values: TimeValues): void {
  const cols = COLUMNS.filter((k) => values[k] !== undefined);
  run(db, `UPDATE time_entries SET ${[...cols.map((k) => `${quoted(k)} = ?`), 'updated_at = ?'].join(', ')} WHERE company_id = ? AND id = ?`,
    ...cols.map((k) => dbValue(values[k])), timestamp(), companyId, id);
}

export function deleteTimes(db: Db, companyId: number, ids: readonly number[]): void {
  transaction(db, () => {
    for (const id of ids) run(db, 'DELETE FROM time_entries WHERE company_id = ? AND id = ?', companyId, id);
  });
}

// ---- records the rules look up ------------------------------------------------------------------------

export const projectRow = (db: Db, companyId: number, id: number): Row | undefined =>
  one(db, 'SELECT id, hourly_rate FROM projects WHERE company_id = ? AND id = ?', companyId, id);
export const taskRow = (db: Db, companyId: number, id: number): Row | undefined =>
  one(db, 'SELECT id, project_id FROM tasks WHERE company_id = ? AND id = ?', companyId, id);
export const serviceRow = (db: Db, companyId: number, id: number): Row | undefined =>
  one(db, 'SELECT id, hourly_rate, billable FROM services WHERE company_id = ? AND id = ?', companyId, id);
export const invoiceExists = (db: Db, companyId: number, id: number): boolean =>
  !!one(db, 'SELECT 1 FROM invoices WHERE company_id = ? AND id = ?', companyId, id);

// ---- grouping input -------------------------------------------------------------------------------------

export function sheetTime<T>(r: Row, item: T): SheetTime<T> {
  return {
    id: Number(r.id), date: r.date, projectId: Number(r.project_id), minutes: entryMinutes(r), hourlyRate: Number(r.hourly_rate),
    value: entryValue(r), billable: Number(r.billable) === 1, locked: isLocked(r), item,
  };
}

/** The projects named by the groups: id, name, customer, type and rate. */
export function sheetProjects(db: Db, companyId: number, ids: Iterable<number>): Map<number, SheetProject> {
  const unique = [...new Set(ids)];
  const rows = all(db, `SELECT p.id, p.name, p.customer_id, p.project_type, p.hourly_rate, c.name AS customer_name
    FROM projects p LEFT JOIN customers c ON c.id = p.customer_id AND c.company_id = p.company_id
    WHERE p.company_id = ? AND p.id IN (${list(unique)})`, companyId, ...unique);
  return new Map(rows.map((r) => [Number(r.id), {
    id: Number(r.id), name: r.name, customer_id: Number(r.customer_id), customer_name: r.customer_name ?? null,
    project_type: r.project_type, hourly_rate: rappenToNumber(Number(r.hourly_rate)),
  }]));
}
