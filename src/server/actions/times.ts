// Time entries: who may act on an entry and what a locked entry still accepts, the batch update and
// delete (each entry checked on its own, the ones not to touch skipped and named) and the CSV import's
// loop of inserts. The route parses and checks the body; the SQL is in store/times.ts.
import type { Scope } from '../context.js';
import { HttpError, forbidden } from '../http-error.js';
import { toBoolean } from '../validation.js';
import { transaction, type Db } from '../store/db.js';
import {
  deleteTimes,
  insertTime,
  isLocked,
  taskRow,
  timeRowsByIds,
  updateTime,
  type TimeRow,
  type TimeValues,
} from '../store/times.js';

/** Who acts: owners and admins act on every entry of the company; users on their own. */
export interface TimeActor {
  userId: number;
  role: string;
}

export function mayActOn(actor: TimeActor, row: TimeRow): boolean {
  return Number(row.user_id) === actor.userId || actor.role === 'owner' || actor.role === 'admin';
}

const NOT_YOURS = "This action is unauthorized: only admins and owners may change other users' time entries.";
const LOCKED_DELETE = 'Invoiced or paid time entries cannot be deleted.';

/** The fields PUT /times/{id} changes. */
export const UPDATABLE = [
  'project_id',
  'invoice_id',
  'description',
  'date',
  'hours',
  'minutes',
  'hourly_rate',
  'billable',
  'status',
  'task_id',
  'service_id',
  'start',
  'end',
];

/** A change of `row` by `actor`: owners and admins change any entry, users their own. */
export function assertMayActOn(actor: TimeActor, row: TimeRow): void {
  if (!mayActOn(actor, row)) throw forbidden(NOT_YOURS);
}

/** An update of `row` with `body`: of a paid or invoiced entry only the status (unless force). */
export function assertMayUpdate(row: TimeRow, body: Record<string, unknown>): void {
  const others = UPDATABLE.filter((k) => k !== 'status' && Object.hasOwn(body, k));
  if (row.status === 'paid' && others.length) throw forbidden('A paid time entry accepts only a status change.');
  if (row.status === 'invoiced' && others.length && toBoolean(body.force) !== true) {
    throw forbidden('An invoiced time entry accepts only a status change unless force is true.');
  }
}

/** Deletes `row`: the actor's own entry, and only while it is open and not on an invoice. */
export function deleteTimeEntry(s: Scope, actor: TimeActor, row: TimeRow): void {
  assertMayActOn(actor, row);
  if (isLocked(row)) throw forbidden(LOCKED_DELETE);
  deleteTimes(s.db, s.companyId, [Number(row.id)]);
}

/**
 * An entry moved to project `projectId`: null when its task belongs to another project (then cleared), else undefined.
 */
export function taskAfterMove(
  db: Db,
  companyId: number,
  row: TimeRow,
  projectId: number | undefined,
): null | undefined {
  if (projectId === undefined || row.task_id === null || projectId === Number(row.project_id)) return undefined;
  const task = taskRow(db, companyId, Number(row.task_id));
  return !task || Number(task.project_id) !== projectId ? null : undefined;
}

/** PUT /times/multiple: `values` on each entry the actor may change and that is not locked; the others are skipped. */
export function updateTimesBatch(
  s: Scope,
  actor: TimeActor,
  ids: readonly number[],
  values: TimeValues,
): { updated: number; skipped: number[] } {
  const skipped: number[] = [];
  let updated = 0;
  transaction(s.db, () => {
    for (const row of timeRowsByIds(s.db, s.companyId, ids)) {
      if (!mayActOn(actor, row) || isLocked(row)) {
        skipped.push(Number(row.id));
        continue;
      }
      const change: TimeValues = { ...values };
      if (taskAfterMove(s.db, s.companyId, row, values.project_id) === null) change.task_id = null;
      updateTime(s.db, s.companyId, Number(row.id), change);
      updated++;
    }
  });
  return { updated, skipped };
}

/** DELETE /times/multiple: each entry the actor may delete and that is not locked; the others are skipped. */
export function deleteTimesBatch(
  s: Scope,
  actor: TimeActor,
  ids: readonly number[],
): { deleted: number; skipped: number[] } {
  const skipped: number[] = [];
  const remove: number[] = [];
  for (const row of timeRowsByIds(s.db, s.companyId, ids)) {
    if (!mayActOn(actor, row) || isLocked(row)) skipped.push(Number(row.id));
    else remove.push(Number(row.id));
  }
  deleteTimes(s.db, s.companyId, remove);
  return { deleted: remove.length, skipped };
}

export type NewTimeValues = TimeValues & { project_id: number; date: string; hours: number; minutes: number };

/**
 * The CSV import: inserts each record with what `valuesOf` (the create rules) makes of it, in one
 * transaction; a record the rules refuse (a 422) is counted under errors with its row number.
 */
export function importTimes<R>(
  s: Scope,
  records: readonly { row: number; record: R }[],
  valuesOf: (record: R) => NewTimeValues,
): { created: number; errors: { row: number; message: string }[] } {
  const result = { created: 0, errors: [] as { row: number; message: string }[] };
  transaction(s.db, () => {
    for (const { row, record } of records) {
      try {
        insertTime(s.db, s.companyId, s.userId, valuesOf(record));
        result.created++;
      } catch (err) {
        if (!(err instanceof HttpError) || !err.errors) throw err;
        result.errors.push({ row, message: Object.values(err.errors).flat().join(' ') });
      }
    }
  });
  return result;
}
