// Projects of a company, and what their responses carry: the counts of related records, the time and
// invoices budget usage is computed from, and the related records `include` embeds (read straight from
// the tables the other resources own).
import { all, insertCompanyRow, one, run, timestamp, updateCompanyRow, transaction, type Db } from './db.js';

/** A project as SQLite hands it back (money in Rappen, archived 0/1). */
export interface ProjectRow {
  id: number;
  company_id: number;
  user_id: number;
  customer_id: number;
  name: string;
  notes: string | null;
  archived: number;
  budget: number | null;
  project_type: string;
  kanban_status: string | null;
  start_date: string | null;
  end_date: string | null;
  hourly_rate: number;
  created_at: string;
  updated_at: string;
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

const COLUMNS = [
  'name',
  'customer_id',
  'notes',
  'archived',
  'budget',
  'project_type',
  'kanban_status',
  'start_date',
  'end_date',
  'hourly_rate',
] as const;

/** How many bookings, invoices, proposals, tasks and time entries a project has. */
export interface ProjectCounts {
  entries_count: number;
  invoices_count: number;
  proposals_count: number;
  tasks_count: number;
  times_count: number;
}

/** How many bookings, invoices, proposals, tasks and time entries the project has (entries_count …). */
export function projectCounts(db: Db, companyId: number, id: number): ProjectCounts {
  return one<ProjectCounts>(
    db,
    `SELECT
      (SELECT count(*) FROM entries WHERE company_id = ?1 AND project_id = ?2) AS entries_count,
      (SELECT count(*) FROM invoices WHERE company_id = ?1 AND project_id = ?2) AS invoices_count,
      (SELECT count(*) FROM proposals WHERE company_id = ?1 AND project_id = ?2) AS proposals_count,
      (SELECT count(*) FROM tasks WHERE company_id = ?1 AND project_id = ?2) AS tasks_count,
      (SELECT count(*) FROM time_entries WHERE company_id = ?1 AND project_id = ?2) AS times_count`,
    companyId,
    id,
  )!;
}

/** The project's time as budget usage reads it (hours, minutes, hourly_rate, billable, status, invoice_id). */
/** A time entry as budget usage reads it (hourly_rate in Rappen, billable 0/1). */
export interface BudgetTimeRow {
  hours: number;
  minutes: number;
  hourly_rate: number;
  billable: number;
  status: string;
  invoice_id: number | null;
}

export function projectBudgetTimeRows(db: Db, companyId: number, id: number): BudgetTimeRow[] {
  return all<BudgetTimeRow>(
    db,
    'SELECT hours, minutes, hourly_rate, billable, status, invoice_id FROM time_entries WHERE company_id = ? AND ' +
      'project_id = ?',
    companyId,
    id,
  );
}

/** The project's invoices with their net value (id, net). */
export function projectInvoiceNetRows(db: Db, companyId: number, id: number): { id: number; net: number }[] {
  return all<{ id: number; net: number }>(
    db,
    'SELECT id, total_value_with_vat - vat_amount AS net FROM invoices WHERE company_id = ? AND project_id = ?',
    companyId,
    id,
  );
}

// ---- related records ---------------------------------------------------------------------------------

/** The customer's projects that are not archived, oldest first. */
export function activeProjectRowsOfCustomer(db: Db, companyId: number, customerId: number): ProjectRow[] {
  return all<ProjectRow>(
    db,
    'SELECT * FROM projects WHERE company_id = ? AND customer_id = ? AND archived = 0 ORDER BY id',
    companyId,
    customerId,
  );
}

// ---- queries ----------------------------------------------------------------------------------------

export interface ProjectFilter {
  archived?: boolean;
  customerId?: number | null;
}

function where(companyId: number, filter: ProjectFilter): [string, unknown[]] {
  const clauses = ['company_id = ?'];
  const params: unknown[] = [companyId];
  if (filter.archived !== undefined) {
    clauses.push('archived = ?');
    params.push(filter.archived ? 1 : 0);
  }
  if (filter.customerId !== undefined) {
    clauses.push('customer_id IS ?');
    params.push(filter.customerId);
  }
  return [clauses.join(' AND '), params];
}

export function listProjectRows(
  db: Db,
  companyId: number,
  filter: ProjectFilter,
  limit: number,
  offset: number,
): { rows: ProjectRow[]; total: number } {
  const [w, params] = where(companyId, filter);
  const total = Number(one(db, `SELECT count(*) AS n FROM projects WHERE ${w}`, ...params)!.n);
  const rows = all<ProjectRow>(
    db,
    `SELECT * FROM projects WHERE ${w} ORDER BY id LIMIT ? OFFSET ?`,
    ...params,
    limit,
    offset,
  );
  return { rows, total };
}

export function findProjectRow(db: Db, companyId: number, id: number): ProjectRow | undefined {
  return one<ProjectRow>(db, 'SELECT * FROM projects WHERE company_id = ? AND id = ?', companyId, id);
}

export function insertProject(
  db: Db,
  companyId: number,
  userId: number,
  values: ProjectValues & { name: string; customer_id: number },
): number {
  return insertCompanyRow(db, 'projects', companyId, userId, COLUMNS, values);
}

export function updateProject(db: Db, companyId: number, id: number, values: ProjectValues): void {
  updateCompanyRow(db, 'projects', companyId, id, COLUMNS, values);
}

/** Sets archived on the listed projects of the company (ids of other companies are left alone). */
export function archiveProjects(db: Db, companyId: number, ids: number[], archived: boolean): void {
  const now = timestamp();
  transaction(db, () => {
    for (const id of ids)
      run(
        db,
        'UPDATE projects SET archived = ?, updated_at = ? WHERE company_id = ? AND id = ?',
        archived ? 1 : 0,
        now,
        companyId,
        id,
      );
  });
}

/** Time of the project that went onto an invoice: such a project is kept (archive it instead). */
export function hasInvoicedTime(db: Db, companyId: number, id: number): boolean {
  return !!one(
    db,
    "SELECT 1 FROM time_entries WHERE company_id = ? AND project_id = ? AND (status <> 'open' OR invoice_id " +
      'IS NOT NULL)',
    companyId,
    id,
  );
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
      run(
        db,
        `UPDATE ${table} SET project_id = NULL, updated_at = ? WHERE company_id = ? AND project_id = ?`,
        now,
        companyId,
        id,
      );
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
      if (hasInvoicedTime(db, companyId, id)) {
        skipped++;
        continue;
      }
      deleteProject(db, companyId, id);
      deleted++;
    }
    return { deleted, skipped };
  });
}
