// Projects of a company, with the counts, budget usage and open time their responses carry, and the
// related records `include` embeds (read straight from the tables the other resources own).
import { all, one, run, timestamp, transaction, type Db, type Row } from './db.js';
import { serializeEntries } from './entries.js';
import type { StoredFile } from './files.js';
import { toTask } from './tasks.js';
import { toTimeEntry } from './times.js';
import { budgetUsage, openTimes, type BudgetUsage } from '../domain/budget.js';
import { groupRappen, rappenToNumber } from '../domain/money.js';

export const PROJECT_INCLUDES = ['customer', 'invoices', 'proposals', 'tasks', 'openTimes', 'expenses', 'times', 'entries'] as const;
export type ProjectInclude = (typeof PROJECT_INCLUDES)[number];

export interface Project {
  id: number;
  company_id: number;
  user_id: number;
  customer_id: number;
  name: string;
  notes: string | null;
  archived: boolean;
  budget: number | null;
  project_type: string;
  kanban_status: string | null;
  start_date: string | null;
  end_date: string | null;
  formatted_start_date: string | null;
  formatted_end_date: string | null;
  hourly_rate: number;
  entries_count: number;
  invoices_count: number;
  proposals_count: number;
  tasks_count: number;
  times_count: number;
  budget_usage: BudgetUsage;
  open_times: { readable: string; sortable: number };
  created_at: string;
  updated_at: string;
  [relation: string]: unknown;
}

/** The columns a create or update writes (money in Rappen, booleans as booleans). */
export interface ProjectValues {
  name?: string;
  customer_id?: number;
  notes?: string | null;
  archived?: boolean;
  budget?: number | null;
  project_type?: string;
  kanban_status?: string | null;
  start_date?: string | null;
  end_date?: string | null;
  hourly_rate?: number;
}

const COLUMNS = ['name', 'customer_id', 'notes', 'archived', 'budget', 'project_type', 'kanban_status', 'start_date', 'end_date', 'hourly_rate'] as const;

/** YYYY-MM-DD → dd.mm.yyyy */
export const dottedDate = (date: string | null): string | null => (date ? `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}` : null);

const money = (rappen: unknown): number | null => (rappen === null || rappen === undefined ? null : rappenToNumber(Number(rappen)));
const bool = (v: unknown): boolean => Number(v) === 1;
const idOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

function toProject(db: Db, r: Row): Project {
  const companyId = Number(r.company_id);
  const id = Number(r.id);
  const counts = one(db, `SELECT
      (SELECT count(*) FROM entries WHERE company_id = ?1 AND project_id = ?2) AS entries_count,
      (SELECT count(*) FROM invoices WHERE company_id = ?1 AND project_id = ?2) AS invoices_count,
      (SELECT count(*) FROM proposals WHERE company_id = ?1 AND project_id = ?2) AS proposals_count,
      (SELECT count(*) FROM tasks WHERE company_id = ?1 AND project_id = ?2) AS tasks_count,
      (SELECT count(*) FROM time_entries WHERE company_id = ?1 AND project_id = ?2) AS times_count`, companyId, id)!;
  const times = all(db, 'SELECT hours, minutes, hourly_rate, billable, status, invoice_id FROM time_entries WHERE company_id = ? AND project_id = ?', companyId, id)
    .map((t) => ({
      minutes: Number(t.hours) * 60 + Number(t.minutes),
      hourlyRate: Number(t.hourly_rate),
      billable: bool(t.billable),
      status: String(t.status),
      invoiceId: idOrNull(t.invoice_id),
    }));
  const invoices = all(db, 'SELECT id, total_value_with_vat - vat_amount AS net FROM invoices WHERE company_id = ? AND project_id = ?', companyId, id)
    .map((i) => ({ id: Number(i.id), net: Number(i.net) }));
  const hourlyRate = Number(r.hourly_rate);
  const budget = idOrNull(r.budget);
  return {
    id,
    company_id: companyId,
    user_id: Number(r.user_id),
    customer_id: Number(r.customer_id),
    name: r.name,
    notes: r.notes ?? null,
    archived: bool(r.archived),
    budget: money(budget),
    project_type: r.project_type,
    kanban_status: r.kanban_status ?? null,
    start_date: r.start_date ?? null,
    end_date: r.end_date ?? null,
    formatted_start_date: dottedDate(r.start_date ?? null),
    formatted_end_date: dottedDate(r.end_date ?? null),
    hourly_rate: rappenToNumber(hourlyRate),
    entries_count: Number(counts.entries_count),
    invoices_count: Number(counts.invoices_count),
    proposals_count: Number(counts.proposals_count),
    tasks_count: Number(counts.tasks_count),
    times_count: Number(counts.times_count),
    budget_usage: budgetUsage({ projectType: r.project_type, budget, hourlyRate, times, invoices }),
    open_times: openTimes(times),
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

// ---- related records, shaped like their own resources' fields --------------------------------------

const toCustomer = (r: Row) => ({
  id: Number(r.id), company_id: Number(r.company_id), user_id: Number(r.user_id), name: r.name, number: idOrNull(r.number),
  care_of: r.care_of ?? null, po_box: r.po_box ?? null, department: r.department ?? null, street: r.street ?? null,
  zip: r.zip ?? null, city: r.city ?? null, country: r.country ?? null, website: r.website ?? null, phone: r.phone ?? null,
  email: r.email ?? null, default_hourly_rate: money(r.default_hourly_rate), invoice_address: r.invoice_address ?? null,
  archived: bool(r.archived), tax_rate_id: idOrNull(r.tax_rate_id), created_at: r.created_at, updated_at: r.updated_at,
});

const toDocument = (r: Row, type: 'invoice' | 'proposal') => ({
  id: Number(r.id), company_id: Number(r.company_id), user_id: Number(r.user_id), customer_id: Number(r.customer_id),
  project_id: idOrNull(r.project_id), number: r.number, title: r.title ?? null, date: r.date,
  ...(type === 'invoice' ? { payable_until: r.payable_until } : { valid_until: r.valid_until }),
  status: r.status, currency: r.currency, total_value: money(r.total_value), final_value: money(r.final_value),
  final_value_formatted: groupRappen(Number(r.final_value)), type, created_at: r.created_at, updated_at: r.updated_at,
});

/** What embedding bookings and tasks needs from the request: today in the company's zone, the closed period, file URLs. */
export interface IncludeContext {
  today: string;
  closedUntil: string | null;
  fileUrl: (file: StoredFile) => string;
}

/** Embeds the requested relations into `project` (the key of openTimes is open_times_list). */
function withIncludes(db: Db, project: Project, includes: readonly ProjectInclude[], context?: IncludeContext): Project {
  const c = project.company_id;
  const p = project.id;
  // tasks, time entries and bookings are shaped by their own stores, as their endpoints show them
  const ctx = (): IncludeContext => {
    if (!context) throw new Error(`include of projects needs the request context`);
    return context;
  };
  const entries = (rows: Row[]) => serializeEntries(db, c, rows, { closedUntil: ctx().closedUntil, fileUrl: ctx().fileUrl });
  for (const include of includes) {
    switch (include) {
      case 'customer': {
        const row = one(db, 'SELECT * FROM customers WHERE company_id = ? AND id = ?', c, project.customer_id);
        project.customer = row ? toCustomer(row) : null;
        break;
      }
      case 'invoices':
        project.invoices = all(db, 'SELECT * FROM invoices WHERE company_id = ? AND project_id = ? ORDER BY date, id', c, p).map((r) => toDocument(r, 'invoice'));
        break;
      case 'proposals':
        project.proposals = all(db, 'SELECT * FROM proposals WHERE company_id = ? AND project_id = ? ORDER BY date, id', c, p).map((r) => toDocument(r, 'proposal'));
        break;
      case 'tasks':
        project.tasks = all(db, 'SELECT * FROM tasks WHERE company_id = ? AND project_id = ? ORDER BY due, id', c, p).map((r) => toTask(db, r, ctx().today));
        break;
      case 'openTimes':
        project.open_times_list = all(db, "SELECT * FROM time_entries WHERE company_id = ? AND project_id = ? AND status = 'open' ORDER BY date, start, id", c, p).map((r) => toTimeEntry(r, true));
        break;
      case 'times':
        project.times = all(db, 'SELECT * FROM time_entries WHERE company_id = ? AND project_id = ? ORDER BY date, start, id', c, p).map((r) => toTimeEntry(r, true));
        break;
      case 'expenses':
        project.expenses = entries(all(db, "SELECT * FROM entries WHERE company_id = ? AND project_id = ? AND type = 'expense' ORDER BY date, id", c, p));
        break;
      case 'entries':
        project.entries = entries(all(db, 'SELECT * FROM entries WHERE company_id = ? AND project_id = ? ORDER BY date, id', c, p));
        break;
    }
  }
  return project;
}

// ---- queries ----------------------------------------------------------------------------------------

export interface ProjectFilter { archived?: boolean; customerId?: number | null }

function where(companyId: number, filter: ProjectFilter): [string, unknown[]] {
  const clauses = ['company_id = ?'];
  const params: unknown[] = [companyId];
  if (filter.archived !== undefined) { clauses.push('archived = ?'); params.push(filter.archived ? 1 : 0); }
  if (filter.customerId !== undefined) { clauses.push('customer_id IS ?'); params.push(filter.customerId); }
  return [clauses.join(' AND '), params];
}

export function listProjects(db: Db, companyId: number, filter: ProjectFilter, includes: readonly ProjectInclude[], limit: number, offset: number): { rows: Project[]; total: number } {
  const [w, params] = where(companyId, filter);
  const total = Number(one(db, `SELECT count(*) AS n FROM projects WHERE ${w}`, ...params)!.n);
  const rows = all(db, `SELECT * FROM projects WHERE ${w} ORDER BY id LIMIT ? OFFSET ?`, ...params, limit, offset)
    .map((r) => withIncludes(db, toProject(db, r), includes));
  return { rows, total };
}

export function findProjectRow(db: Db, companyId: number, id: number): Row | undefined {
  return one(db, 'SELECT * FROM projects WHERE company_id = ? AND id = ?', companyId, id);
}

export function findProject(db: Db, companyId: number, id: number, includes: readonly ProjectInclude[] = [], context?: IncludeContext): Project | undefined {
  const row = findProjectRow(db, companyId, id);
  return row && withIncludes(db, toProject(db, row), includes, context);
}

export function customerExists(db: Db, companyId: number, id: number): boolean {
  return !!one(db, 'SELECT 1 FROM customers WHERE company_id = ? AND id = ?', companyId, id);
}

const dbValue = (v: unknown) => (typeof v === 'boolean' ? (v ? 1 : 0) : v);

export function insertProject(db: Db, companyId: number, userId: number, values: ProjectValues & { name: string; customer_id: number }): number {
  const now = timestamp();
  const cols = COLUMNS.filter((k) => values[k] !== undefined);
  return Number(run(db,
    `INSERT INTO projects (company_id, user_id, ${cols.join(', ')}, created_at, updated_at) VALUES (?, ?, ${cols.map(() => '?').join(', ')}, ?, ?)`,
    companyId, userId, ...cols.map((k) => dbValue(values[k])), now, now).lastInsertRowid);
}

export function updateProject(db: Db, companyId: number, id: number, values: ProjectValues): void {
  const cols = COLUMNS.filter((k) => values[k] !== undefined);
  run(db, `UPDATE projects SET ${[...cols.map((k) => `${k} = ?`), 'updated_at = ?'].join(', ')} WHERE company_id = ? AND id = ?`,
    ...cols.map((k) => dbValue(values[k])), timestamp(), companyId, id);
}

/** Sets archived on the listed projects of the company (ids of other companies are left alone). */
export function archiveProjects(db: Db, companyId: number, ids: number[], archived: boolean): void {
  const now = timestamp();
  transaction(db, () => {
    for (const id of ids) run(db, 'UPDATE projects SET archived = ?, updated_at = ? WHERE company_id = ? AND id = ?', archived ? 1 : 0, now, companyId, id);
  });
}

/** Time of the project that went onto an invoice: such a project is kept (archive it instead). */
export function hasInvoicedTime(db: Db, companyId: number, id: number): boolean {
  return !!one(db, "SELECT 1 FROM time_entries WHERE company_id = ? AND project_id = ? AND (status <> 'open' OR invoice_id IS NOT NULL)", companyId, id);
}

/**
 * Deletes a project without invoiced time: its (open) time entries, its tasks and a timer running on it
 * go with it; invoices, proposals and bookings stay and lose the project.
 */
export function deleteProject(db: Db, companyId: number, id: number): void {
  transaction(db, () => {
    run(db, 'DELETE FROM time_entries WHERE company_id = ? AND project_id = ?', companyId, id);
    run(db, 'DELETE FROM tasks WHERE company_id = ? AND project_id = ?', companyId, id);
    run(db, 'DELETE FROM timers WHERE company_id = ? AND project_id = ?', companyId, id);
    const now = timestamp();
    for (const table of ['invoices', 'proposals', 'entries']) {
      run(db, `UPDATE ${table} SET project_id = NULL, updated_at = ? WHERE company_id = ? AND project_id = ?`, now, companyId, id);
    }
    run(db, 'DELETE FROM projects WHERE company_id = ? AND id = ?', companyId, id);
  });
}

/** Deletes the listed projects of the company that have no invoiced time; returns how many were skipped. */
export function deleteProjects(db: Db, companyId: number, ids: number[]): { deleted: number; skipped: number } {
  return transaction(db, () => {
    let deleted = 0;
    let skipped = 0;
    for (const id of new Set(ids)) {
      if (!findProjectRow(db, companyId, id)) continue;
      if (hasInvoicedTime(db, companyId, id)) { skipped++; continue; }
      deleteProject(db, companyId, id);
      deleted++;
    }
    return { deleted, skipped };
  });
}
