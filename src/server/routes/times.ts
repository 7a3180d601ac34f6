// Time entries: create (hours/minutes or start/end), the filtered list with its four grouped modes,
// read, update under the status rules, delete, bulk update and delete, and the CSV import.
// Rules sit here; SQL is in store/times.ts; durations, dates and grouping in domain/time(sheet).ts.
import type { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv, Ctx } from '../context.js';
import { decodeText, normaliseDecimal, parseCsv } from '../domain/csv.js';
import { toRappen } from '../domain/money.js';
import { TIME_STATUSES, addDays, durationBetween, parseDate, parseHm, wallClock, type TimeStatus } from '../domain/time.js';
import { cellOf, groupByDate, groupByProject, groupByWeeks, mondaysBetween, totalsOf, weekProjectDays } from '../domain/timesheet.js';
import { PROJECT_TYPES } from '../domain/budget.js';
import { HttpError, badRequest, fieldError, forbidden, notFound, validationError, type FieldErrors } from '../http-error.js';
import { pathId, queryInt, readBody, type Body } from '../request.js';
import { transaction, type Db, type Row } from '../store/db.js';
import { clock } from '../store/timer.js';
import {
  TIME_INCLUDES, deleteTimes, embedIncludes, findTimeRow, insertTime, invoiceExists, isLocked, listTimeRows, projectRow,
  serviceRow, sheetProjects, sheetTime, taskRow, timeRowsByIds, toTimeEntry, updateTime,
  type TimeFilter, type TimeInclude, type TimeSort, type TimeValues,
} from '../store/times.js';
import { filterBoolean, parseIncludes } from './customers.js';
import { rules, toBoolean, validate } from '../validation.js';

// ---- the company's clock ----------------------------------------------------------------------------

export const companyZone = (c: Ctx): string => String(c.get('company').timezone ?? 'Europe/Zurich');
/** Today in the company's time zone. */
export const companyToday = (c: Ctx): string => wallClock(clock.now(), companyZone(c)).date;

// ---- field rules in Laravel's words -------------------------------------------------------------------

const attr = (field: string) => field.replace(/_/g, ' ');
const absent = (v: unknown) => v === undefined || v === null;

export type Check<T> = { value: T; error?: undefined } | { value?: undefined; error: string };

export function integerOf(v: unknown, field: string, min: number, max: number): Check<number> {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^[+-]?\d{1,15}$/.test(v) ? Number(v) : NaN;
  if (!Number.isInteger(n)) return { error: `The ${attr(field)} field must be an integer.` };
  if (n < min) return { error: `The ${attr(field)} field must be at least ${min}.` };
  if (n > max) return { error: `The ${attr(field)} field must not be greater than ${max}.` };
  return { value: n };
}

const MAX_RATE = 999999.99;

/** numeric|min:0|max:999999.99 → Rappen */
export function rateOf(v: unknown, field: string): Check<number> {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^[+-]?(\d+\.?\d*|\.\d+)$/.test(v) ? Number(v) : NaN;
  if (!Number.isFinite(n)) return { error: `The ${attr(field)} field must be a number.` };
  if (n < 0) return { error: `The ${attr(field)} field must be at least 0.` };
  if (n > MAX_RATE) return { error: `The ${attr(field)} field must not be greater than ${MAX_RATE}.` };
  return { value: toRappen(n)! };
}

export function booleanOf(v: unknown, field: string): Check<boolean> {
  const b = toBoolean(v);
  return typeof b === 'boolean' ? { value: b } : { error: `The ${attr(field)} field must be true or false.` };
}

export function stringOf(v: unknown, field: string, max: number): Check<string> {
  if (typeof v !== 'string') return { error: `The ${attr(field)} field must be a string.` };
  if (v.length > max) return { error: `The ${attr(field)} field must not be greater than ${max} characters.` };
  return { value: v };
}

export function hmOf(v: unknown, field: string): Check<string> {
  return typeof v === 'string' && parseHm(v) !== undefined ? { value: v } : { error: `The ${attr(field)} field must match the format H:i.` };
}

/** date, in any format parseDate knows → YYYY-MM-DD */
export function dateOf(v: unknown, field: string, today: string): Check<string> {
  const date = typeof v === 'string' ? parseDate(v, today) : undefined;
  return date ? { value: date } : { error: `The ${attr(field)} field must be a valid date.` };
}

/** Collects one message per field, in the order of FIELD_ORDER when thrown. */
export class Errors {
  readonly map: FieldErrors = {};
  add(field: string, message: string): void { (this.map[field] ??= []).push(message); }
  has(field: string): boolean { return !!this.map[field]; }
  take<T>(field: string, check: Check<T>): T | undefined {
    if (check.error !== undefined) { this.add(field, check.error); return undefined; }
    return check.value;
  }
  throwIfAny(order: readonly string[]): void {
    const keys = Object.keys(this.map);
    if (!keys.length) return;
    const out: FieldErrors = {};
    for (const key of [...order, ...keys]) if (this.map[key] && !out[key]) out[key] = this.map[key];
    throw validationError(out);
  }
}

const FIELD_ORDER = ['ids', 'project_id', 'hours', 'minutes', 'date', 'description', 'hourly_rate', 'billable', 'task_id', 'service_id', 'start', 'end', 'status', 'invoice_id', 'force'];
const DESCRIPTION_MAX = 65535;
const END_AFTER_START = 'The end field must be a time after start.';

export interface Scope { db: Db; companyId: number; today: string }

export function scopeOf(c: Ctx): Scope {
  return { db: c.get('deps').db, companyId: c.get('companyId'), today: companyToday(c) };
}

/** project_id: integer|exists in the company; answers the project row. */
export function projectField(s: Scope, errors: Errors, v: unknown): Row | undefined {
  const id = errors.take('project_id', integerOf(v, 'project_id', 1, Number.MAX_SAFE_INTEGER));
  if (id === undefined) return undefined;
  const row = projectRow(s.db, s.companyId, id);
  if (!row) errors.add('project_id', 'The selected project id is invalid.');
  return row;
}

/**
 * The create rules (also each row of the CSV import). hours and minutes are required unless start and
 * end are both given, in which case they are computed from the two; an absent hourly_rate takes the
 * service's rate (with service_id) or the project's; an absent billable the service's flag or false.
 */
export function createValues(s: Scope, body: Body): TimeValues & { project_id: number; date: string; hours: number; minutes: number } {
  const errors = new Errors();
  let project: Row | undefined;
  if (absent(body.project_id)) errors.add('project_id', 'The project id field is required.');
  else project = projectField(s, errors, body.project_id);

  const start = absent(body.start) ? null : errors.take('start', hmOf(body.start, 'start'));
  const end = absent(body.end) ? null : errors.take('end', hmOf(body.end, 'end'));
  const fromTimes = !absent(body.start) && !absent(body.end);
  const hours = absent(body.hours)
    ? (fromTimes ? undefined : (errors.add('hours', 'The hours field is required when start / end is not present.'), undefined))
    : errors.take('hours', integerOf(body.hours, 'hours', 0, 23));
  const minutes = absent(body.minutes)
    ? (fromTimes ? undefined : (errors.add('minutes', 'The minutes field is required when start / end is not present.'), undefined))
    : errors.take('minutes', integerOf(body.minutes, 'minutes', 0, 59));

  const date = absent(body.date) ? (errors.add('date', 'The date field is required.'), undefined) : errors.take('date', dateOf(body.date, 'date', s.today));
  const description = absent(body.description) ? '' : errors.take('description', stringOf(body.description, 'description', DESCRIPTION_MAX));
  const rate = absent(body.hourly_rate) ? undefined : errors.take('hourly_rate', rateOf(body.hourly_rate, 'hourly_rate'));
  const billable = absent(body.billable) ? undefined : errors.take('billable', booleanOf(body.billable, 'billable'));

  let taskId: number | null = null;
  if (!absent(body.task_id)) {
    const id = errors.take('task_id', integerOf(body.task_id, 'task_id', 1, Number.MAX_SAFE_INTEGER));
    if (id !== undefined) {
      const task = taskRow(s.db, s.companyId, id);
      // a task of another project (or company) is not a valid choice for this entry
      if (!task || (project && Number(task.project_id) !== Number(project.id))) errors.add('task_id', 'The selected task id is invalid.');
      else taskId = id;
    }
  }
  let service: Row | undefined;
  if (!absent(body.service_id)) {
    const id = errors.take('service_id', integerOf(body.service_id, 'service_id', 1, Number.MAX_SAFE_INTEGER));
    if (id !== undefined) {
      service = serviceRow(s.db, s.companyId, id);
      if (!service) errors.add('service_id', 'The selected service id is invalid.');
    }
  }
  const duration = start && end ? durationBetween(start, end) : undefined;
  if (start && end && !duration) errors.add('end', END_AFTER_START);
  errors.throwIfAny(FIELD_ORDER);

  const serviceRate = service && service.hourly_rate !== null ? Number(service.hourly_rate) : undefined;
  return {
    project_id: Number(project!.id),
    task_id: taskId,
    service_id: service ? Number(service.id) : null,
    description: description ?? '',
    date: date!,
    start,
    end,
    hours: duration ? duration.hours : hours!,
    minutes: duration ? duration.minutes : minutes!,
    hourly_rate: rate ?? serviceRate ?? Number(project!.hourly_rate),
    billable: billable ?? (service ? Number(service.billable) === 1 : false),
    status: 'open',
  };
}

// ---- permissions and states ---------------------------------------------------------------------------

/** Owners and admins act on every entry of the company; users on their own. */
export function mayActOn(c: Ctx, row: Row): boolean {
  return Number(row.user_id) === Number(c.get('user').id) || c.get('role') === 'owner' || c.get('role') === 'admin';
}

const NOT_YOURS = "This action is unauthorized: only admins and owners may change other users' time entries.";
const LOCKED_DELETE = 'Invoiced or paid time entries cannot be deleted.';

/** Status moves of the spec's table: open → invoiced; invoiced → any; paid → any. */
export function statusMoveAllowed(from: string, to: string): boolean {
  if (from === to) return true;
  if (from === 'open') return to === 'invoiced';
  return true;
}

function timeOr404(c: Ctx): Row {
  const row = findTimeRow(c.get('deps').db, c.get('companyId'), pathId(c, 'time'));
  if (!row) throw notFound('Time entry not found.');
  return row;
}

const UPDATABLE = ['project_id', 'invoice_id', 'description', 'date', 'hours', 'minutes', 'hourly_rate', 'billable', 'status', 'task_id', 'service_id', 'start', 'end'];

/** The update rules on top of the stored entry: only the fields present change. */
function updateValues(s: Scope, body: Body, current: Row): TimeValues {
  const errors = new Errors();
  const has = (k: string) => Object.hasOwn(body, k);
  const values: TimeValues = {};
  let project: Row | undefined;
  if (has('project_id')) {
    project = absent(body.project_id) ? (errors.add('project_id', 'The project id field is required.'), undefined) : projectField(s, errors, body.project_id);
    if (project) values.project_id = Number(project.id);
  }
  for (const [field, max] of [['hours', 23], ['minutes', 59]] as const) {
    if (!has(field)) continue;
    const n = absent(body[field]) ? (errors.add(field, `The ${field} field must be an integer.`), undefined) : errors.take(field, integerOf(body[field], field, 0, max));
    if (n !== undefined) values[field] = n;
  }
  if (has('date')) {
    const date = absent(body.date) ? (errors.add('date', 'The date field is required.'), undefined) : errors.take('date', dateOf(body.date, 'date', s.today));
    if (date) values.date = date;
  }
  if (has('description')) {
    const d = absent(body.description) ? '' : errors.take('description', stringOf(body.description, 'description', DESCRIPTION_MAX));
    if (d !== undefined) values.description = d;
  }
  const projectId = values.project_id ?? Number(current.project_id);
  if (has('hourly_rate')) {
    // null: back to the rate of the entry's (new) project
    const rate = absent(body.hourly_rate) ? Number(projectRow(s.db, s.companyId, projectId)?.hourly_rate ?? 0) : errors.take('hourly_rate', rateOf(body.hourly_rate, 'hourly_rate'));
    if (rate !== undefined) values.hourly_rate = rate;
  }
  if (has('billable')) {
    const b = absent(body.billable) ? (errors.add('billable', 'The billable field must be true or false.'), undefined) : errors.take('billable', booleanOf(body.billable, 'billable'));
    if (b !== undefined) values.billable = b;
  }
  if (has('task_id')) {
    if (absent(body.task_id)) values.task_id = null;
    else {
      const id = errors.take('task_id', integerOf(body.task_id, 'task_id', 1, Number.MAX_SAFE_INTEGER));
      if (id !== undefined) {
        const task = taskRow(s.db, s.companyId, id);
        if (!task || (!errors.has('project_id') && Number(task.project_id) !== projectId)) errors.add('task_id', 'The selected task id is invalid.');
        else values.task_id = id;
      }
    }
  } else if (values.project_id !== undefined && current.task_id !== null && values.project_id !== Number(current.project_id)) {
    // moved to another project: the task of the old project no longer fits
    const task = taskRow(s.db, s.companyId, Number(current.task_id));
    if (!task || Number(task.project_id) !== values.project_id) values.task_id = null;
  }
  if (has('service_id')) {
    if (absent(body.service_id)) values.service_id = null;
    else {
      const id = errors.take('service_id', integerOf(body.service_id, 'service_id', 1, Number.MAX_SAFE_INTEGER));
      if (id !== undefined) {
        if (!serviceRow(s.db, s.companyId, id)) errors.add('service_id', 'The selected service id is invalid.');
        else values.service_id = id;
      }
    }
  }
  for (const field of ['start', 'end'] as const) {
    if (!has(field)) continue;
    const t = absent(body[field]) ? null : errors.take(field, hmOf(body[field], field));
    if (t !== undefined) values[field] = t;
  }
  if (has('status')) {
    const st = body.status;
    if (absent(st)) errors.add('status', 'The status field is required.');
    else if (typeof st !== 'string' || !(TIME_STATUSES as readonly string[]).includes(st)) errors.add('status', 'The selected status is invalid.');
    else values.status = st;
  }
  if (has('invoice_id')) {
    if (absent(body.invoice_id)) values.invoice_id = null;
    else {
      const id = errors.take('invoice_id', integerOf(body.invoice_id, 'invoice_id', 1, Number.MAX_SAFE_INTEGER));
      if (id !== undefined) {
        if (!invoiceExists(s.db, s.companyId, id)) errors.add('invoice_id', 'The selected invoice id is invalid.');
        else values.invoice_id = id;
      }
    }
  }
  if (has('force') && !absent(body.force)) errors.take('force', booleanOf(body.force, 'force'));

  // start and end: when the request sends one of them and the entry then has both, they give the duration
  if ((has('start') || has('end')) && !errors.has('start') && !errors.has('end')) {
    const start = values.start !== undefined ? values.start : current.start;
    const end = values.end !== undefined ? values.end : current.end;
    if (start && end) {
      const duration = durationBetween(start, end);
      if (!duration) errors.add('end', END_AFTER_START);
      else Object.assign(values, duration);
    }
  }
  // the status the entry ends up with, and its invoice link
  const status = (values.status ?? current.status) as TimeStatus;
  if (values.status === undefined && values.invoice_id && current.status === 'open') values.status = 'invoiced';
  else if (status === 'open' && values.status !== undefined) {
    if (values.invoice_id) errors.add('invoice_id', 'An open time entry cannot be linked to an invoice.');
    else values.invoice_id = null;
  }
  errors.throwIfAny(FIELD_ORDER);
  if (values.status !== undefined && !statusMoveAllowed(String(current.status), values.status)) {
    throw badRequest(`The status of a time entry cannot change from ${current.status} to ${values.status}.`);
  }
  return values;
}

// ---- list filters ---------------------------------------------------------------------------------------

/** filter[name] as one id, comma-separated ids, or an array (filter[name][]=1&filter[name][]=2); else 400. */
function idListFilter(c: Ctx, name: string): number[] | undefined {
  const params = new URL(c.req.url).searchParams;
  const key = `filter[${name}]`;
  const values: string[] = [];
  for (const [k, v] of params) if (k === key || (k.startsWith(`${key}[`) && k.endsWith(']'))) values.push(...v.split(','));
  const parts = values.map((s) => s.trim()).filter((s) => s !== '');
  if (parts.length === 0) return undefined;
  if (parts.some((p) => !/^\d{1,15}$/.test(p))) throw badRequest(`${key} must be an id, comma-separated ids or an array of ids.`);
  return parts.map(Number);
}

function valuesFilter<T extends string>(c: Ctx, name: string, allowed: readonly T[]): T[] | undefined {
  const raw = c.req.query(`filter[${name}]`);
  if (raw === undefined || raw.trim() === '') return undefined;
  const parts = raw.split(',').map((s) => s.trim()).filter((s) => s !== '');
  const wrong = parts.filter((p) => !(allowed as readonly string[]).includes(p));
  if (wrong.length) throw badRequest(`filter[${name}] must be one of ${allowed.join(', ')}.`);
  return parts as T[];
}

/** filter[date]: "start,end" (either side may be empty) or a single start date; any date format. */
function dateRangeFilter(c: Ctx, today: string): { from?: string; until?: string; single: boolean } | undefined {
  const raw = c.req.query('filter[date]');
  if (raw === undefined || raw.trim() === '') return undefined;
  const [a, b, ...rest] = raw.split(',').map((s) => s.trim());
  const read = (v: string | undefined) => {
    if (v === undefined || v === '') return undefined;
    const date = parseDate(v, today);
    if (!date) throw badRequest('filter[date] must be a date or a range start,end of dates.');
    return date;
  };
  if (rest.length) throw badRequest('filter[date] must be a date or a range start,end of dates.');
  const range = { from: read(a), until: read(b), single: b === undefined };
  if (range.from && range.until && range.until < range.from) throw badRequest('filter[date]: the end of the range is before its start.');
  return range;
}

const SORTS = ['date', 'start'] as const;

function sortOf(c: Ctx): TimeSort[] {
  const raw = (c.req.query('sort') ?? '').trim();
  if (raw === '') return [{ column: 'date', desc: true }, { column: 'start', desc: true }];
  const parts = raw.split(',').map((s) => s.trim()).filter((s) => s !== '');
  const wrong = parts.filter((p) => !(SORTS as readonly string[]).includes(p.replace(/^-/, '')));
  if (wrong.length) throw badRequest(`Requested sort(s) \`${wrong.join(', ')}\` is not allowed. Allowed sort(s) are \`${SORTS.join(', ')}\`.`);
  return parts.map((p) => ({ column: p.replace(/^-/, '') as TimeSort['column'], desc: p.startsWith('-') }));
}

const INCLUDES: Record<string, TimeInclude> = Object.fromEntries(TIME_INCLUDES.map((n) => [n, n]));
export const timeIncludesOf = (c: Ctx): Set<TimeInclude> => parseIncludes(c, INCLUDES, [...TIME_INCLUDES]);

type Grouping = 'date' | 'project' | 'weeks' | 'week_project_days';

function groupingOf(c: Ctx): Grouping | undefined {
  const flag = (name: string) => {
    const raw = c.req.query(name);
    if (raw === undefined || raw.trim() === '') return false;
    const b = toBoolean(raw.trim());
    if (typeof b !== 'boolean') throw badRequest(`${name} must be true, false, 1 or 0.`);
    return b;
  };
  const chosen: Grouping[] = [];
  const by = (c.req.query('group_by') ?? '').trim();
  if (by !== '') {
    if (by !== 'date' && by !== 'project') throw badRequest('group_by must be date or project.');
    chosen.push(by);
  }
  if (flag('group_by_weeks')) chosen.push('weeks');
  if (flag('group_by_week_project_days')) chosen.push('week_project_days');
  if (chosen.length > 1) throw badRequest('Choose one grouping: group_by, group_by_weeks or group_by_week_project_days.');
  return chosen[0];
}

const MAX_SHEET_WEEKS = 53;

// ---- routes -----------------------------------------------------------------------------------------------

const bulkIds = z.object({ ids: rules.ids() });

export function registerTimes(r: Hono<AppEnv>): void {
  r.get('/times', (c) => {
    const s = scopeOf(c);
    const includes = timeIncludesOf(c);
    const grouping = groupingOf(c);
    const range = dateRangeFilter(c, s.today);
    const filter: TimeFilter = {
      userIds: idListFilter(c, 'user_id'),
      ids: idListFilter(c, 'id'),
      customerIds: idListFilter(c, 'customer_id'),
      projectIds: idListFilter(c, 'project_id'),
      billable: filterBoolean(c, 'billable'),
      projectTypes: valuesFilter(c, 'project_type', PROJECT_TYPES),
      statuses: valuesFilter(c, 'status', TIME_STATUSES),
      from: range?.from,
      until: range?.until,
    };
    const invoiceRaw = (c.req.query('filter[invoice_id]') ?? '').trim().toLowerCase();
    if (invoiceRaw === 'null' || invoiceRaw === 'none') filter.invoiceIds = null;
    else filter.invoiceIds = idListFilter(c, 'invoice_id');
    const withInvoice = (c.req.query('filter[with_current_invoice_id]') ?? '').trim();
    if (withInvoice !== '') {
      if (!/^\d{1,15}$/.test(withInvoice)) throw badRequest('filter[with_current_invoice_id] must be an id.');
      filter.withInvoiceId = Number(withInvoice);
    }
    const sort = sortOf(c);

    // the weekly timesheet covers whole weeks: the week(s) of filter[date], else the current week
    let mondays: string[] = [];
    if (grouping === 'week_project_days') {
      const from = range?.from ?? range?.until ?? s.today;
      const until = range?.single ? from : range?.until ?? from;
      mondays = mondaysBetween(from, until);
      if (mondays.length > MAX_SHEET_WEEKS) throw badRequest(`The timesheet covers at most ${MAX_SHEET_WEEKS} weeks; narrow filter[date].`);
      filter.from = mondays[0];
      filter.until = addDays(mondays[mondays.length - 1], 6);
    }

    const paged = !grouping && c.req.query('per_page') !== undefined;
    const page = Math.max(1, queryInt(c, 'page') ?? 1);
    const perPage = paged ? Math.min(100, Math.max(1, queryInt(c, 'per_page') ?? 15)) : undefined;
    const { rows, total } = listTimeRows(s.db, s.companyId, filter, sort, perPage, perPage ? (page - 1) * perPage : 0);
    const pairs = rows.map((row) => ({ row, entry: toTimeEntry(row, true) }));
    embedIncludes(s.db, s.companyId, pairs, includes, s.today);
    const data = pairs.map((p) => p.entry);
    if (!grouping) return c.json({ data, current_count: data.length, total_count: total, page: paged ? page : 1, per_page: perPage ?? null });

    const times = pairs.map((p) => sheetTime(p.row, p.entry));
    const counts = { current_count: times.length, total_count: total };
    switch (grouping) {
      case 'date':
        return c.json({ data: groupByDate(times), ...counts, totals: totalsOf(times) });
      case 'project':
        return c.json({ data: groupByProject(times, sheetProjects(s.db, s.companyId, times.map((t) => t.projectId))), ...counts, totals: totalsOf(times) });
      case 'weeks':
        return c.json({ data: groupByWeeks(times), ...counts, totals: totalsOf(times) });
      case 'week_project_days':
        return c.json({
          data: weekProjectDays(times, mondays, sheetProjects(s.db, s.companyId, times.map((t) => t.projectId))),
          ...counts,
          totals: { count: times.length, ...cellOf(times) },
        });
    }
  });

  r.post('/times', async (c) => {
    const s = scopeOf(c);
    const values = createValues(s, await readBody(c));
    const id = insertTime(s.db, s.companyId, Number(c.get('user').id), values);
    return c.json({ data: toTimeEntry(findTimeRow(s.db, s.companyId, id)!) }, 201);
  });

  r.put('/times/multiple', async (c) => {
    const s = scopeOf(c);
    const body = await readBody(c);
    const errors = new Errors();
    let ids: number[] = [];
    try {
      ids = validate(bulkIds, body).ids;
    } catch (err) {
      if (!(err instanceof HttpError) || !err.errors) throw err;
      for (const [k, msgs] of Object.entries(err.errors)) for (const m of msgs) errors.add(k, m);
    }
    const values: TimeValues = {};
    if (!absent(body.project_id)) {
      const project = projectField(s, errors, body.project_id);
      if (project) values.project_id = Number(project.id);
    }
    if (!absent(body.date)) {
      const date = errors.take('date', dateOf(body.date, 'date', s.today));
      if (date) values.date = date;
    }
    if (Object.hasOwn(body, 'description')) {
      const d = absent(body.description) ? '' : errors.take('description', stringOf(body.description, 'description', DESCRIPTION_MAX));
      if (d !== undefined) values.description = d;
    }
    if (!absent(body.hourly_rate)) {
      const rate = errors.take('hourly_rate', rateOf(body.hourly_rate, 'hourly_rate'));
      if (rate !== undefined) values.hourly_rate = rate;
    }
    if (!absent(body.billable)) {
      const b = errors.take('billable', booleanOf(body.billable, 'billable'));
      if (b !== undefined) values.billable = b;
    }
    errors.throwIfAny(FIELD_ORDER);
    const skipped: number[] = [];
    let updated = 0;
    transaction(s.db, () => {
      for (const row of timeRowsByIds(s.db, s.companyId, ids)) {
        if (!mayActOn(c, row) || isLocked(row)) { skipped.push(Number(row.id)); continue; }
        const change: TimeValues = { ...values };
        if (values.project_id !== undefined && row.task_id !== null && values.project_id !== Number(row.project_id)) {
          const task = taskRow(s.db, s.companyId, Number(row.task_id));
          if (!task || Number(task.project_id) !== values.project_id) change.task_id = null;
        }
        updateTime(s.db, s.companyId, Number(row.id), change);
        updated++;
      }
    });
    const message = `${updated} ${updated === 1 ? 'time entry' : 'time entries'} updated` + (skipped.length ? `, ${skipped.length} skipped.` : '.');
    return c.json({ message, updated, skipped });
  });

  r.delete('/times/multiple', async (c) => {
    const s = scopeOf(c);
    const { ids } = validate(bulkIds, await readBody(c));
    const skipped: number[] = [];
    const remove: number[] = [];
    for (const row of timeRowsByIds(s.db, s.companyId, ids)) {
      if (!mayActOn(c, row) || isLocked(row)) skipped.push(Number(row.id));
      else remove.push(Number(row.id));
    }
    deleteTimes(s.db, s.companyId, remove);
    const deleted = remove.length;
    const message = `${deleted} ${deleted === 1 ? 'time entry' : 'time entries'} deleted` + (skipped.length ? `, ${skipped.length} skipped.` : '.');
    return c.json({ message, deleted, skipped });
  });

  r.post('/times/import', async (c) => c.json(await importTimes(c, await readBody(c))));

  r.get('/times/:time{[0-9]+}', (c) => {
    const s = scopeOf(c);
    const includes = timeIncludesOf(c);
    const row = timeOr404(c);
    const entry = toTimeEntry(row);
    embedIncludes(s.db, s.companyId, [{ row, entry }], includes, s.today);
    return c.json({ data: entry });
  });

  r.put('/times/:time{[0-9]+}', async (c) => {
    const s = scopeOf(c);
    const row = timeOr404(c);
    if (!mayActOn(c, row)) throw forbidden(NOT_YOURS);
    const body = await readBody(c);
    const others = UPDATABLE.filter((k) => k !== 'status' && Object.hasOwn(body, k));
    if (row.status === 'paid' && others.length) throw forbidden('A paid time entry accepts only a status change.');
    if (row.status === 'invoiced' && others.length && toBoolean(body.force) !== true) {
      throw forbidden('An invoiced time entry accepts only a status change unless force is true.');
    }
    const values = updateValues(s, body, row);
    updateTime(s.db, s.companyId, Number(row.id), values);
    return c.json({ data: toTimeEntry(findTimeRow(s.db, s.companyId, Number(row.id))!) });
  });

  r.delete('/times/:time{[0-9]+}', (c) => {
    const s = scopeOf(c);
    const row = timeOr404(c);
    if (!mayActOn(c, row)) throw forbidden(NOT_YOURS);
    if (isLocked(row)) throw forbidden(LOCKED_DELETE);
    deleteTimes(s.db, s.companyId, [Number(row.id)]);
    return c.body(null, 204);
  });
}

// ---- CSV import -------------------------------------------------------------------------------------------

const IMPORT_COLUMNS = ['date', 'project_id', 'hours', 'minutes', 'description', 'hourly_rate', 'billable', 'start', 'end', 'task_id', 'service_id'];
const MAX_IMPORT_BYTES = 6 * 1024 * 1024;

/** Spreadsheet booleans: true/false, 1/0, yes/no, ja/nein, x (ticked). */
function csvBoolean(cell: string): unknown {
  const v = cell.toLowerCase();
  if (['true', '1', 'yes', 'ja', 'x', 'y', 'j'].includes(v)) return true;
  if (['false', '0', 'no', 'nein', 'n'].includes(v)) return false;
  return cell;
}

async function uploadedText(body: Body): Promise<string> {
  let file = body.file;
  if (Array.isArray(file)) file = file.length === 1 ? file[0] : file;
  if (absent(file)) throw fieldError('file', 'The file field is required.');
  if (!(file instanceof File)) throw fieldError('file', 'The file field must be a file.');
  if (file.size > MAX_IMPORT_BYTES) throw fieldError('file', 'The file field must not be greater than 6144 kilobytes.');
  const text = decodeText(new Uint8Array(await file.arrayBuffer()));
  if (text === undefined) throw fieldError('file', 'The file field must be a file of type: csv, txt.');
  return text;
}

async function importTimes(c: Ctx, body: Body): Promise<{ created: number; errors: { row: number; message: string }[] }> {
  const table = parseCsv(await uploadedText(body));
  if (table.header.length === 0) throw fieldError('file', 'The file is empty: it needs a header row with date and project_id columns.');
  const missing = ['date', 'project_id'].filter((k) => !table.header.includes(k));
  if (missing.length) throw fieldError('file', `The file needs a header row with ${missing.join(' and ')} column${missing.length > 1 ? 's' : ''}.`);
  const s = scopeOf(c);
  const userId = Number(c.get('user').id);
  const result = { created: 0, errors: [] as { row: number; message: string }[] };
  transaction(s.db, () => {
    for (const record of table.records) {
      const row: Body = {};
      for (const key of IMPORT_COLUMNS) {
        const cell = record.values[key];
        if (cell === undefined || cell === '') continue;
        row[key] = key === 'hourly_rate' ? normaliseDecimal(cell) : key === 'billable' ? csvBoolean(cell) : cell;
      }
      // a spreadsheet leaves a zero cell empty: with one of hours/minutes given, the other is 0
      if (row.hours !== undefined && row.minutes === undefined) row.minutes = 0;
      if (row.minutes !== undefined && row.hours === undefined) row.hours = 0;
      try {
        insertTime(s.db, s.companyId, userId, createValues(s, row));
        result.created++;
      } catch (err) {
        if (!(err instanceof HttpError) || !err.errors) throw err;
        result.errors.push({ row: record.row, message: Object.values(err.errors).flat().join(' ') });
      }
    }
  });
  return result;
}

