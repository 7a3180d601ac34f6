// The relations `include` embeds into a project: its customer, invoices and proposals, and its tasks,
// time entries and bookings shaped by their own presenters, as their endpoints show them.
import type { Db } from '../store/db.js';
import type { StoredFile } from '../store/files.js';
import { documentRowsWhere } from '../store/documents.js';
import { entryRowsOfProject, type EntryRow } from '../store/entries.js';
import { taskRowsOfProject } from '../store/tasks.js';
import { timeRowsOfProject } from '../store/times.js';
import { documentSummary } from './documents.js';
import { serializeEntries } from './entries.js';
import { projectCustomer, type Project } from './projects.js';
import { toTask } from './tasks.js';
import { toTimeEntry } from './times.js';

export const PROJECT_INCLUDES = [
  'customer',
  'invoices',
  'proposals',
  'tasks',
  'openTimes',
  'expenses',
  'times',
  'entries',
] as const;
export type ProjectInclude = (typeof PROJECT_INCLUDES)[number];

/**
 * What embedding bookings and tasks needs from the request: today in the company's zone, the closed period, file URLs.
 */
export interface IncludeContext {
  today: string;
  closedUntil: string | null;
  fileUrl: (file: StoredFile) => string;
}

/** Embeds the requested relations into `project` (the key of openTimes is open_times_list). */
export function withIncludes(
  db: Db,
  project: Project,
  includes: readonly ProjectInclude[],
  context?: IncludeContext,
): Project {
  const c = project.company_id;
  const p = project.id;
  const ctx = (): IncludeContext => {
    if (!context) throw new Error(`include of projects needs the request context`);
    return context;
  };
  const entries = (rows: EntryRow[]) =>
    serializeEntries(db, c, rows, { closedUntil: ctx().closedUntil, fileUrl: ctx().fileUrl });
  for (const include of includes) {
    switch (include) {
      case 'customer':
        project.customer = projectCustomer(db, project);
        break;
      case 'invoices':
        project.invoices = documentRowsWhere(db, 'invoice', c, { projectIds: [p] }, 'oldest').map((r) =>
          documentSummary('invoice', r),
        );
        break;
      case 'proposals':
        project.proposals = documentRowsWhere(db, 'proposal', c, { projectIds: [p] }, 'oldest').map((r) =>
          documentSummary('proposal', r),
        );
        break;
      case 'tasks':
        project.tasks = taskRowsOfProject(db, c, p).map((r) => toTask(db, r, ctx().today));
        break;
      case 'openTimes':
        project.open_times_list = timeRowsOfProject(db, c, p, true).map((r) => toTimeEntry(r, true));
        break;
      case 'times':
        project.times = timeRowsOfProject(db, c, p, false).map((r) => toTimeEntry(r, true));
        break;
      case 'expenses':
        project.expenses = entries(entryRowsOfProject(db, c, p, true));
        break;
      case 'entries':
        project.entries = entries(entryRowsOfProject(db, c, p, false));
        break;
    }
  }
  return project;
}
