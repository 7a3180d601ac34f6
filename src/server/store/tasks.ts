// Tasks of a company's projects, and the time tracked on them (linked time entries).
import { all, insertCompanyRow, one, run, updateCompanyRow, type Db } from './db.js';

/** A task as SQLite hands it back (due YYYY-MM-DD). */
export interface TaskRow {
  id: number;
  company_id: number;
  user_id: number;
  project_id: number;
  title: string;
  description: string | null;
  status: string;
  due: string;
  planned_hours: number | null;
  created_at: string;
  updated_at: string;
}

/** The columns a create or update writes; planned_hours in thousandths of an hour. */
export interface TaskValues {
  project_id?: number;
  title?: string;
  description?: string | null;
  status?: string;
  due?: string;
  planned_hours?: number | null;
}

const COLUMNS = ['project_id', 'title', 'description', 'status', 'due', 'planned_hours'] as const;

/** Minutes of the time entries linked to the task (any user, any status). */
export function trackedMinutes(db: Db, companyId: number, taskId: number): number {
  return Number(
    one(
      db,
      'SELECT coalesce(sum(hours * 60 + minutes), 0) AS m FROM time_entries WHERE company_id = ? AND task_id = ?',
      companyId,
      taskId,
    )!.m,
  );
}

export function findTaskRow(db: Db, companyId: number, id: number): TaskRow | undefined {
  return one<TaskRow>(db, 'SELECT * FROM tasks WHERE company_id = ? AND id = ?', companyId, id);
}

/** The project's tasks, by due date. */
export function taskRowsOfProject(db: Db, companyId: number, projectId: number): TaskRow[] {
  return all<TaskRow>(
    db,
    'SELECT * FROM tasks WHERE company_id = ? AND project_id = ? ORDER BY due, id',
    companyId,
    projectId,
  );
}

export interface TaskFilter {
  statuses?: string[];
  projectIds?: number[];
}

function where(companyId: number, f: TaskFilter): [string, unknown[]] {
  const clauses = ['company_id = ?'];
  const params: unknown[] = [companyId];
  if (f.statuses) {
    clauses.push(`status IN (${f.statuses.map(() => '?').join(', ')})`);
    params.push(...f.statuses);
  }
  if (f.projectIds) {
    clauses.push(`project_id IN (${f.projectIds.map(() => '?').join(', ')})`);
    params.push(...f.projectIds);
  }
  return [clauses.join(' AND '), params];
}

/** Ordered by due date, then id. */
export function listTaskRows(
  db: Db,
  companyId: number,
  filter: TaskFilter,
  limit: number,
  offset: number,
): { rows: TaskRow[]; total: number } {
  const [w, params] = where(companyId, filter);
  const total = Number(one(db, `SELECT count(*) AS n FROM tasks WHERE ${w}`, ...params)!.n);
  const rows = all<TaskRow>(
    db,
    `SELECT * FROM tasks WHERE ${w} ORDER BY due, id LIMIT ? OFFSET ?`,
    ...params,
    limit,
    offset,
  );
  return { rows, total };
}

export function insertTask(
  db: Db,
  companyId: number,
  userId: number,
  values: TaskValues & { project_id: number; title: string; due: string },
): number {
  return insertCompanyRow(db, 'tasks', companyId, userId, COLUMNS, values);
}

export function updateTask(db: Db, companyId: number, id: number, values: TaskValues): void {
  updateCompanyRow(db, 'tasks', companyId, id, COLUMNS, values);
}

/** Deletes the task; its time entries stay and lose the link (task_id ON DELETE SET NULL). */
export function deleteTask(db: Db, companyId: number, id: number): void {
  run(db, 'DELETE FROM tasks WHERE company_id = ? AND id = ?', companyId, id);
}
