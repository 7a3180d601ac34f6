// What a create or an update of a time entry writes, once the body has passed its rules: the rules that
// need the database (the project, the task of that project, the service, the invoice), the defaults (the
// rate and billable flag of the service or the project, the duration from start and end) and the status
// that goes with an invoice link. Failures join the body's in one 422 (`checked`), fields in order.
import { projectOf, type Scope } from '../context.js';
import { durationBetween, timeStatusMoveAllowed, type TimeStatus } from '../domain/time.js';
import { badRequest } from '../http-error.js';
import { exists } from '../store/db.js';
import { projectRow, serviceRow, taskRow, type TimeRow, type TimeValues } from '../store/times.js';
import type { Checked } from '../validation.js';
import { taskAfterMove, type NewTimeValues } from './times.js';

const INVALID = 'The selected :attribute is invalid.';
const END_AFTER_START = 'The end field must be a time after start.';

/** A create body as its rules read it (hourly_rate in Rappen). */
export interface TimeInput {
  project_id: number;
  hours: number | null;
  minutes: number | null;
  date: string;
  description: string | null;
  hourly_rate: number | null;
  billable: boolean | null;
  task_id: number | null;
  service_id: number | null;
  start: string | null;
  end: string | null;
}

/** An update body as its rules read it: a create's fields, and the status, the invoice link and force. */
export interface TimeChangeInput extends Omit<TimeInput, 'hours' | 'minutes' | 'billable'> {
  hours: number;
  minutes: number;
  billable: boolean;
  status: TimeStatus;
  invoice_id: number | null;
  force: boolean | null;
}

/**
 * A new entry's values. hours and minutes are required unless start and end are both sent, in which
 * case they are computed from the two; an absent hourly_rate takes the service's rate (with service_id)
 * or the project's; an absent billable the service's flag or false. `sent` is the body as it came.
 */
export function newTimeValues(
  s: Scope,
  checked: Checked<TimeInput>,
  sent: Readonly<Record<string, unknown>>,
): NewTimeValues {
  const v = checked.data;
  const project = projectOf(s, checked, v.project_id);
  // Laravel's required_without_all:start,end: a rule across fields, on what was sent
  const fromTimes = sent.start != null && sent.end != null;
  for (const field of ['hours', 'minutes'] as const) {
    if (sent[field] == null && !fromTimes)
      checked.fail(field, `The ${field} field is required when start / end is not present.`);
  }
  if (v.task_id != null) {
    const task = taskRow(s.db, s.companyId, v.task_id);
    // a task of another project (or company) is not a valid choice for this entry
    if (!task || (project && Number(task.project_id) !== Number(project.id))) checked.fail('task_id', INVALID);
  }
  const service = v.service_id == null ? undefined : serviceRow(s.db, s.companyId, v.service_id);
  if (v.service_id != null && !service) checked.fail('service_id', INVALID);
  const duration = v.start && v.end ? durationBetween(v.start, v.end) : undefined;
  if (v.start && v.end && !duration) checked.fail('end', END_AFTER_START);
  checked.throwIfAny();

  const serviceRate = service && service.hourly_rate !== null ? Number(service.hourly_rate) : undefined;
  return {
    project_id: Number(project!.id),
    task_id: v.task_id ?? null,
    service_id: service ? Number(service.id) : null,
    description: v.description ?? '',
    date: v.date!,
    start: v.start ?? null,
    end: v.end ?? null,
    hours: duration ? duration.hours : v.hours!,
    minutes: duration ? duration.minutes : v.minutes!,
    hourly_rate: v.hourly_rate ?? serviceRate ?? Number(project!.hourly_rate),
    billable: v.billable ?? (service ? Number(service.billable) === 1 : false),
    status: 'open',
  };
}

/** The values an update writes on top of the stored entry `current`: only the fields sent change. */
export function changedTimeValues(s: Scope, checked: Checked<TimeChangeInput>, current: TimeRow): TimeValues {
  const v = checked.data;
  const project = projectOf(s, checked, v.project_id);
  const values: TimeValues = {
    project_id: v.project_id,
    hours: v.hours,
    minutes: v.minutes,
    date: v.date,
    billable: v.billable,
    start: v.start,
    end: v.end,
    status: v.status,
  };
  if (v.description !== undefined) values.description = v.description ?? '';
  const projectId = values.project_id ?? Number(current.project_id);
  // null: back to the rate of the entry's (new) project
  if (v.hourly_rate !== undefined)
    values.hourly_rate =
      v.hourly_rate ?? Number((project ?? projectRow(s.db, s.companyId, projectId))?.hourly_rate ?? 0);
  changedTask(s, checked, current, values, projectId);
  if (v.service_id != null && !serviceRow(s.db, s.companyId, v.service_id)) checked.fail('service_id', INVALID);
  else values.service_id = v.service_id;
  if (v.invoice_id != null && !exists(s.db, 'invoices', s.companyId, v.invoice_id)) checked.fail('invoice_id', INVALID);
  else values.invoice_id = v.invoice_id;
  changedDuration(checked, current, values);
  changedStatus(checked, current, values);
  checked.throwIfAny();
  if (values.status !== undefined && !timeStatusMoveAllowed(String(current.status), values.status)) {
    throw badRequest(`The status of a time entry cannot change from ${current.status} to ${values.status}.`);
  }
  return values;
}

/** The task sent, if it is one of the entry's project; else, on a move to another project, none. */
function changedTask(
  s: Scope,
  checked: Checked<TimeChangeInput>,
  current: TimeRow,
  values: TimeValues,
  projectId: number,
): void {
  const taskId = checked.data.task_id;
  if (taskId === null) values.task_id = null;
  else if (taskId !== undefined) {
    const task = taskRow(s.db, s.companyId, taskId);
    if (!task || (!checked.errors.project_id && Number(task.project_id) !== projectId))
      checked.fail('task_id', INVALID);
    else values.task_id = taskId;
  } else if (taskAfterMove(s.db, s.companyId, current, values.project_id) === null) {
    // moved to another project: the task of the old project no longer fits
    values.task_id = null;
  }
}

/** start and end: when the request sends one of them and the entry then has both, they give the duration. */
function changedDuration(checked: Checked<TimeChangeInput>, current: TimeRow, values: TimeValues): void {
  const v = checked.data;
  if ((v.start === undefined && v.end === undefined) || checked.errors.start || checked.errors.end) return;
  const start = v.start !== undefined ? v.start : current.start;
  const end = v.end !== undefined ? v.end : current.end;
  if (!start || !end) return;
  const duration = durationBetween(start, end);
  if (!duration) checked.fail('end', END_AFTER_START);
  else Object.assign(values, duration);
}

/**
 * The status the entry ends up with, and its invoice link: a link makes an open entry invoiced; an open one has none.
 */
function changedStatus(checked: Checked<TimeChangeInput>, current: TimeRow, values: TimeValues): void {
  const status = (values.status ?? current.status) as TimeStatus;
  if (values.status === undefined && values.invoice_id && current.status === 'open') values.status = 'invoiced';
  else if (status === 'open' && values.status !== undefined) {
    if (values.invoice_id) checked.fail('invoice_id', 'An open time entry cannot be linked to an invoice.');
    else values.invoice_id = null;
  }
}
