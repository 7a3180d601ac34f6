// Time entries: create (hours/minutes or start/end), the filtered list with its four grouped modes,
// read, update under the status rules, delete, bulk update and delete, and the CSV import.
// The body rules and the query's filters sit here; who may change what, the batch loops and the import's
// inserts in actions/times.ts; the entry and the grouped lists in present/times.ts; SQL in store/times.ts.
import type { Hono } from 'hono';
import { projectOf, scopeOf, type AppEnv, type Ctx, type Scope } from '../context.js';
import { TIME_STATUSES, durationBetween, parseDate, timeStatusMoveAllowed, weekDates, type TimeStatus } from '../domain/time.js';
import { mondaysBetween } from '../domain/timesheet.js';
import { PROJECT_TYPES } from '../domain/budget.js';
import { badRequest, fieldError, notFound } from '../http-error.js';
import { filterBoolean, parseIncludes, pathId, queryInt, readBody, type Body } from '../request.js';
import {
  findTimeRow, insertTime, invoiceExists, listTimeRows, projectRow, serviceRow, taskRow, updateTime, type TimeFilter, type TimeRow, type TimeSort, type TimeValues,
} from '../store/times.js';
import {
  assertMayActOn, assertMayUpdate, deleteTimeEntry, deleteTimesBatch, importTimes, taskAfterMove, updateTimesBatch,
  type NewTimeValues, type TimeActor,
} from '../actions/times.js';
import {
  TIME_INCLUDES, batchMessage, embedIncludes, groupedTimes, sheetTime, toTimeEntry, type TimeGrouping, type TimeInclude,
} from '../present/times.js';
import { readUploadedText } from '../upload.js';
import { check, daily, lazy, nullable, required, rules, sometimes, toBoolean, validate, z } from '../validation.js';

// ---- body rules -----------------------------------------------------------------------------------------

const MAX_RATE = 999999.99;
const DESCRIPTION_MAX = 65535;
const INVALID = 'The selected :attribute is invalid.';
const END_AFTER_START = 'The end field must be a time after start.';

/** The create rules; one 422 lists the failing fields in this order. Dates are read as of `today`. */
const timeFields = (today: string) => ({
  project_id: required(rules.id()),
  hours: nullable(rules.integerIn(0, 23)),
  minutes: nullable(rules.integerIn(0, 59)),
  date: required(rules.anyDate(today)),
  description: nullable(rules.string(DESCRIPTION_MAX)),
  hourly_rate: nullable(rules.money(0, MAX_RATE)),
  billable: nullable(rules.boolean()),
  task_id: nullable(rules.id()),
  service_id: nullable(rules.id()),
  start: nullable(rules.time()),
  end: nullable(rules.time()),
});
const createSchema = daily((today) => z.object(timeFields(today)));

// PUT: a field sent is checked; project_id, date, hours, minutes, billable and status cannot be null.
const updateSchema = daily((today) => {
  const fields = timeFields(today);
  return z.object({
    ...fields,
    project_id: sometimes(fields.project_id),
    hours: sometimes(rules.integerIn(0, 23)),
    minutes: sometimes(rules.integerIn(0, 59)),
    date: sometimes(fields.date),
    billable: sometimes(rules.boolean()),
    status: sometimes(required(rules.in(TIME_STATUSES))),
    invoice_id: nullable(rules.id()),
    force: nullable(rules.boolean()),
  });
});

// PUT /times/multiple: null leaves a field as it is, except description.
const bulkUpdateSchema = daily((today) => {
  const { description, hourly_rate, billable } = timeFields(today);
  return z.object({
    ids: rules.ids(),
    project_id: nullable(rules.id()),
    date: nullable(rules.anyDate(today)),
    description,
    hourly_rate,
    billable,
  });
});

/**
 * The create rules (also each row of the CSV import). hours and minutes are required unless start and
 * end are both given, in which case they are computed from the two; an absent hourly_rate takes the
 * service's rate (with service_id) or the project's; an absent billable the service's flag or false.
 */
function createValues(s: Scope, body: Body): NewTimeValues {
  const checked = check(createSchema(s.today), body);
  const v = checked.data;
  const project = projectOf(s, checked, v.project_id);
  // Laravel's required_without_all:start,end: a rule across fields, on what was sent
  const fromTimes = body.start != null && body.end != null;
  for (const field of ['hours', 'minutes'] as const) {
    if (body[field] == null && !fromTimes) checked.fail(field, `The ${field} field is required when start / end is not present.`);
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

// ---- the stored entry ----------------------------------------------------------------------------------

function timeOr404(c: Ctx): TimeRow {
  const row = findTimeRow(c.get('deps').db, c.get('companyId'), pathId(c, 'time'));
  if (!row) throw notFound('Time entry not found.');
  return row;
}

const actorOf = (c: Ctx): TimeActor => ({ userId: Number(c.get('user').id), role: c.get('role') });

/** The update rules on top of the stored entry: only the fields present change. */
function updateValues(s: Scope, body: Body, current: TimeRow): TimeValues {
  const checked = check(updateSchema(s.today), body);
  const v = checked.data;
  projectOf(s, checked, v.project_id);
  const values: TimeValues = {
    project_id: v.project_id, hours: v.hours, minutes: v.minutes, date: v.date, billable: v.billable, start: v.start, end: v.end, status: v.status,
  };
  if (v.description !== undefined) values.description = v.description ?? '';
  const projectId = values.project_id ?? Number(current.project_id);
  // null: back to the rate of the entry's (new) project
  if (v.hourly_rate !== undefined) values.hourly_rate = v.hourly_rate ?? Number(projectRow(s.db, s.companyId, projectId)?.hourly_rate ?? 0);
  if (v.task_id === null) values.task_id = null;
  else if (v.task_id !== undefined) {
    const task = taskRow(s.db, s.companyId, v.task_id);
    if (!task || (!checked.errors.project_id && Number(task.project_id) !== projectId)) checked.fail('task_id', INVALID);
    else values.task_id = v.task_id;
  } else if (taskAfterMove(s.db, s.companyId, current, values.project_id) === null) {
    // moved to another project: the task of the old project no longer fits
    values.task_id = null;
  }
  if (v.service_id != null && !serviceRow(s.db, s.companyId, v.service_id)) checked.fail('service_id', INVALID);
  else values.service_id = v.service_id;
  if (v.invoice_id != null && !invoiceExists(s.db, s.companyId, v.invoice_id)) checked.fail('invoice_id', INVALID);
  else values.invoice_id = v.invoice_id;

  // start and end: when the request sends one of them and the entry then has both, they give the duration
  if ((v.start !== undefined || v.end !== undefined) && !checked.errors.start && !checked.errors.end) {
    const start = v.start !== undefined ? v.start : current.start;
    const end = v.end !== undefined ? v.end : current.end;
    if (start && end) {
      const duration = durationBetween(start, end);
      if (!duration) checked.fail('end', END_AFTER_START);
      else Object.assign(values, duration);
    }
  }
  // the status the entry ends up with, and its invoice link
  const status = (values.status ?? current.status) as TimeStatus;
  if (values.status === undefined && values.invoice_id && current.status === 'open') values.status = 'invoiced';
  else if (status === 'open' && values.status !== undefined) {
    if (values.invoice_id) checked.fail('invoice_id', 'An open time entry cannot be linked to an invoice.');
    else values.invoice_id = null;
  }
  checked.throwIfAny();
  if (values.status !== undefined && !timeStatusMoveAllowed(String(current.status), values.status)) {
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
const timeIncludesOf = (c: Ctx): Set<TimeInclude> => parseIncludes(c, INCLUDES, [...TIME_INCLUDES]);

function groupingOf(c: Ctx): TimeGrouping | undefined {
  const flag = (name: string) => {
    const raw = c.req.query(name);
    if (raw === undefined || raw.trim() === '') return false;
    const b = toBoolean(raw.trim());
    if (typeof b !== 'boolean') throw badRequest(`${name} must be true, false, 1 or 0.`);
    return b;
  };
  const chosen: TimeGrouping[] = [];
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

type DateRange = ReturnType<typeof dateRangeFilter>;

/** The list's filters from the query: ids, flags, project types, statuses, the date range and the invoice link. */
function listFilterOf(c: Ctx, range: DateRange): TimeFilter {
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
  return filter;
}

const MAX_SHEET_WEEKS = 53;

/** The weekly timesheet covers whole weeks: the week(s) of filter[date], else the current week; `filter` is widened to them. */
function sheetMondays(range: DateRange, today: string, filter: TimeFilter): string[] {
  const from = range?.from ?? range?.until ?? today;
  const until = range?.single ? from : range?.until ?? from;
  const mondays = mondaysBetween(from, until);
  if (mondays.length > MAX_SHEET_WEEKS) throw badRequest(`The timesheet covers at most ${MAX_SHEET_WEEKS} weeks; narrow filter[date].`);
  filter.from = mondays[0];
  filter.until = weekDates(mondays[mondays.length - 1]).at(-1);
  return mondays;
}

// ---- routes -----------------------------------------------------------------------------------------------

const bulkIds = lazy(() => z.object({ ids: rules.ids() }));

export function registerTimes(r: Hono<AppEnv>): void {
  registerList(r);
  registerBatch(r);
  registerOne(r);
}

function registerList(r: Hono<AppEnv>): void {
  r.get('/times', (c) => {
    const s = scopeOf(c);
    const includes = timeIncludesOf(c);
    const grouping = groupingOf(c);
    const range = dateRangeFilter(c, s.today);
    const filter = listFilterOf(c, range);
    const sort = sortOf(c);
    const mondays = grouping === 'week_project_days' ? sheetMondays(range, s.today, filter) : [];

    const paged = !grouping && c.req.query('per_page') !== undefined;
    const page = Math.max(1, queryInt(c, 'page') ?? 1);
    const perPage = paged ? Math.min(100, Math.max(1, queryInt(c, 'per_page') ?? 15)) : undefined;
    const { rows, total } = listTimeRows(s.db, s.companyId, filter, sort, perPage, perPage ? (page - 1) * perPage : 0);
    const pairs = rows.map((row) => ({ row, entry: toTimeEntry(row, true) }));
    embedIncludes(s.db, s.companyId, pairs, includes, s.today);
    const data = pairs.map((p) => p.entry);
    if (!grouping) return c.json({ data, current_count: data.length, total_count: total, page: paged ? page : 1, per_page: perPage ?? null });
    const times = pairs.map((p) => sheetTime(p.row, p.entry));
    return c.json(groupedTimes(s.db, s.companyId, times, total, grouping, mondays));
  });
}

function registerBatch(r: Hono<AppEnv>): void {
  r.put('/times/multiple', async (c) => {
    const s = scopeOf(c);
    const checked = check(bulkUpdateSchema(s.today), await readBody(c));
    const { ids = [], project_id, date, description, hourly_rate, billable } = checked.data;
    projectOf(s, checked, project_id);
    checked.throwIfAny();
    // null leaves a field as it is, except description, which it clears
    const values: TimeValues = {
      project_id: project_id ?? undefined,
      date: date ?? undefined,
      description: description === null ? '' : description,
      hourly_rate: hourly_rate ?? undefined,
      billable: billable ?? undefined,
    };
    const { updated, skipped } = updateTimesBatch(s, actorOf(c), ids, values);
    return c.json({ message: batchMessage(updated, 'updated', skipped), updated, skipped });
  });

  r.delete('/times/multiple', async (c) => {
    const s = scopeOf(c);
    const { ids } = validate(bulkIds(), await readBody(c));
    const { deleted, skipped } = deleteTimesBatch(s, actorOf(c), ids);
    return c.json({ message: batchMessage(deleted, 'deleted', skipped), deleted, skipped });
  });

  r.post('/times/import', async (c) => {
    const s = scopeOf(c);
    const records = await importRecords(await readBody(c));
    return c.json(importTimes(s, records, (body) => createValues(s, body)));
  });
}

function registerOne(r: Hono<AppEnv>): void {
  r.post('/times', async (c) => {
    const s = scopeOf(c);
    const values = createValues(s, await readBody(c));
    const id = insertTime(s.db, s.companyId, s.userId, values);
    return c.json({ data: toTimeEntry(findTimeRow(s.db, s.companyId, id)!) }, 201);
  });

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
    assertMayActOn(actorOf(c), row);
    const body = await readBody(c);
    assertMayUpdate(row, body);
    const values = updateValues(s, body, row);
    updateTime(s.db, s.companyId, Number(row.id), values);
    return c.json({ data: toTimeEntry(findTimeRow(s.db, s.companyId, Number(row.id))!) });
  });

  r.delete('/times/:time{[0-9]+}', (c) => {
    const row = timeOr404(c);
    deleteTimeEntry(scopeOf(c), actorOf(c), row);
    return c.body(null, 204);
  });
}

// ---- CSV import -------------------------------------------------------------------------------------------

const IMPORT_COLUMNS = ['date', 'project_id', 'hours', 'minutes', 'description', 'hourly_rate', 'billable', 'start', 'end', 'task_id', 'service_id'];

/** Spreadsheet booleans: true/false, 1/0, yes/no, ja/nein, x (ticked). */
function csvBoolean(cell: string): unknown {
  const v = cell.toLowerCase();
  if (['true', '1', 'yes', 'ja', 'x', 'y', 'j'].includes(v)) return true;
  if (['false', '0', 'no', 'nein', 'n'].includes(v)) return false;
  return cell;
}

/** The uploaded CSV as create bodies, one per record with its row number; a file without date and project_id columns is a 422. */
async function importRecords(body: Body): Promise<{ row: number; record: Body }[]> {
  const text = await readUploadedText(body);
  const { normaliseDecimal, parseCsv } = await import('../domain/csv.js');
  const table = parseCsv(text);
  if (table.header.length === 0) throw fieldError('file', 'The file is empty: it needs a header row with date and project_id columns.');
  const missing = ['date', 'project_id'].filter((k) => !table.header.includes(k));
  if (missing.length) throw fieldError('file', `The file needs a header row with ${missing.join(' and ')} column${missing.length > 1 ? 's' : ''}.`);
  return table.records.map((record) => {
    const row: Body = {};
    for (const key of IMPORT_COLUMNS) {
      const cell = record.values[key];
      if (cell === undefined || cell === '') continue;
      row[key] = key === 'hourly_rate' ? normaliseDecimal(cell) : key === 'billable' ? csvBoolean(cell) : cell;
    }
    // a spreadsheet leaves a zero cell empty: with one of hours/minutes given, the other is 0
    if (row.hours !== undefined && row.minutes === undefined) row.minutes = 0;
    if (row.minutes !== undefined && row.hours === undefined) row.hours = 0;
    return { row: record.row, record: row };
  });
}
