// A time entry as the API shows it, the relations `include` embeds (project, project.customer, task,
// user), the records the timesheet groups and the grouped lists, and the batch verbs' messages.
import { groupRappen, rappenToNumber } from '../domain/money.js';
import { dotted, readable } from '../domain/time.js';
import {
  cellOf,
  groupByDate,
  groupByProject,
  groupByWeeks,
  totalsOf,
  weekProjectDays,
  type SheetProject,
  type SheetTime,
} from '../domain/timesheet.js';
import { findUserRow } from '../store/companies.js';
import { idOrNull, type Db } from '../store/db.js';
import { findProjectRow } from '../store/projects.js';
import { findTaskRow } from '../store/tasks.js';
import { entryMinutes, entryValue, isLocked, sheetProjectRows, type TimeRow } from '../store/times.js';
import { projectCustomer, toProject } from './projects.js';
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

/** A row as the API shows it; list items also carry formatted_date, sortable_time and formatted_total_value. */
export function toTimeEntry(r: TimeRow, listItem = false): TimeEntry {
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
  return {
    ...fields,
    formatted_date: dotted(r.date),
    sortable_time: minutes,
    formatted_total_value: groupRappen(value),
    created_at,
    updated_at,
  };
}

// ---- includes -----------------------------------------------------------------------------------------

export const TIME_INCLUDES = ['project', 'project.customer', 'task', 'user'] as const;
export type TimeInclude = (typeof TIME_INCLUDES)[number];

/**
 * Embeds the requested relations: `project` (the Project resource; with `project.customer` also its
 * customer), `task` (the Task resource) and `user` ({ id, name, email }); each record is read once per
 * request. `today` anchors the task's relative due date.
 */
export function embedIncludes(
  db: Db,
  companyId: number,
  pairs: { entry: TimeEntry; row: TimeRow }[],
  includes: ReadonlySet<TimeInclude>,
  today: string,
): void {
  if (includes.size === 0) return;
  const projects = new Map<number, unknown>();
  const tasks = new Map<number, unknown>();
  const users = new Map<number, unknown>();
  const withCustomer = includes.has('project.customer');
  for (const { entry } of pairs) {
    if (includes.has('project') || withCustomer) {
      if (!projects.has(entry.project_id))
        projects.set(entry.project_id, projectOf(db, companyId, entry.project_id, withCustomer));
      entry.project = projects.get(entry.project_id);
    }
    if (includes.has('task')) {
      if (entry.task_id === null) entry.task = null;
      else {
        if (!tasks.has(entry.task_id)) {
          const row = findTaskRow(db, companyId, entry.task_id);
          tasks.set(entry.task_id, row ? toTask(db, row, today) : null);
        }
        entry.task = tasks.get(entry.task_id);
      }
    }
    if (includes.has('user')) {
      if (!users.has(entry.user_id)) {
        const row = findUserRow(db, entry.user_id);
        users.set(entry.user_id, row ? { id: Number(row.id), name: row.name, email: row.email } : null);
      }
      entry.user = users.get(entry.user_id);
    }
  }
}

/** The Project resource, with its customer when `withCustomer`; null when the project is gone. */
function projectOf(db: Db, companyId: number, id: number, withCustomer: boolean) {
  const row = findProjectRow(db, companyId, id);
  if (!row) return null;
  const project = toProject(db, row);
  if (withCustomer) project.customer = projectCustomer(db, project);
  return project;
}

// ---- the timesheet ------------------------------------------------------------------------------------

export function sheetTime<T>(r: TimeRow, item: T): SheetTime<T> {
  return {
    id: Number(r.id),
    date: r.date,
    projectId: Number(r.project_id),
    minutes: entryMinutes(r),
    hourlyRate: Number(r.hourly_rate),
    value: entryValue(r),
    billable: Number(r.billable) === 1,
    locked: isLocked(r),
    item,
  };
}

/** The projects named by the groups: id, name, customer, type and rate. */
export function sheetProjects(db: Db, companyId: number, ids: Iterable<number>): Map<number, SheetProject> {
  return new Map(
    sheetProjectRows(db, companyId, ids).map((r) => [
      Number(r.id),
      {
        id: Number(r.id),
        name: r.name,
        customer_id: Number(r.customer_id),
        customer_name: r.customer_name ?? null,
        project_type: r.project_type,
        hourly_rate: rappenToNumber(Number(r.hourly_rate)),
      },
    ]),
  );
}

/** The four grouped modes of GET /times. */
export type TimeGrouping = 'date' | 'project' | 'weeks' | 'week_project_days';

/** The list grouped by `grouping`; `mondays` are the weeks the week_project_days sheet covers. */
export function groupedTimes<T>(
  db: Db,
  companyId: number,
  times: SheetTime<T>[],
  total: number,
  grouping: TimeGrouping,
  mondays: string[],
): Record<string, unknown> {
  const counts = { current_count: times.length, total_count: total };
  switch (grouping) {
    case 'date':
      return { data: groupByDate(times), ...counts, totals: totalsOf(times) };
    case 'project':
      return {
        data: groupByProject(
          times,
          sheetProjects(
            db,
            companyId,
            times.map((t) => t.projectId),
          ),
        ),
        ...counts,
        totals: totalsOf(times),
      };
    case 'weeks':
      return { data: groupByWeeks(times), ...counts, totals: totalsOf(times) };
    case 'week_project_days':
      return {
        data: weekProjectDays(
          times,
          mondays,
          sheetProjects(
            db,
            companyId,
            times.map((t) => t.projectId),
          ),
        ),
        ...counts,
        totals: { count: times.length, ...cellOf(times) },
      };
  }
}

/** "2 time entries updated, 1 skipped." */
export function batchMessage(count: number, verb: 'updated' | 'deleted', skipped: readonly number[]): string {
  return (
    `${count} ${count === 1 ? 'time entry' : 'time entries'} ${verb}` +
    (skipped.length ? `, ${skipped.length} skipped.` : '.')
  );
}
