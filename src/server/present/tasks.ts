// A task as the API shows it: relative and formatted due dates as of `today` (YYYY-MM-DD in the
// company's zone), the time tracked on it, and its project where asked for.
import { scaledToString } from '../domain/money.js';
import { dotted, readable, relativeDue } from '../domain/time.js';
import type { Db } from '../store/db.js';
import { findProjectRow } from '../store/projects.js';
import { trackedMinutes, type TaskRow } from '../store/tasks.js';
import { toProject, type Project } from './projects.js';

export interface Task {
  id: number;
  company_id: number;
  user_id: number;
  project_id: number;
  title: string;
  description: string | null;
  status: string;
  due: string;
  planned_hours: number | null;
  formatted: { relative_due: string; due: string; is_done: boolean };
  total_time_tracked: string;
  project?: Project | null;
  created_at: string;
  updated_at: string;
}

export function toTask(db: Db, r: TaskRow, today: string, withProject = false): Task {
  const task: Task = {
    id: Number(r.id),
    company_id: Number(r.company_id),
    user_id: Number(r.user_id),
    project_id: Number(r.project_id),
    title: r.title,
    description: r.description ?? null,
    status: r.status,
    due: r.due,
    planned_hours: r.planned_hours === null ? null : Number(scaledToString(Number(r.planned_hours), 3)),
    formatted: { relative_due: relativeDue(r.due, today), due: dotted(r.due), is_done: r.status === 'done' },
    total_time_tracked: readable(trackedMinutes(db, Number(r.company_id), Number(r.id))),
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
  if (withProject) {
    const project = findProjectRow(db, task.company_id, task.project_id);
    task.project = project ? toProject(db, project) : null;
  }
  return task;
}
