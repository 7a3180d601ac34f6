// Time entries: create (hours/minutes or start/end), the filtered list with its four grouped modes,
// read, update under the status rules, delete, bulk update and delete, and the CSV import.
// The body rules sit here, the list's query in times-query.ts; the database's rules and the defaults of
// a create or update in actions/time-values.ts; who may change what, the batch loops and the import's
// inserts in actions/times.ts; the entry and the grouped lists in present/times.ts; SQL in store/times.ts.
import type { Hono } from 'hono';
import { projectOf, scopeOf, type AppEnv, type Ctx, type Scope } from '../context.js';
import { TIME_STATUSES } from '../domain/time.js';
import { fieldError, notFound } from '../http-error.js';
import { pathId, readBody, type Body } from '../request.js';
import { findTimeRow, insertTime, listTimeRows, updateTime, type TimeRow, type TimeValues } from '../store/times.js';
import {
  assertMayActOn,
  assertMayUpdate,
  deleteTimeEntry,
  deleteTimesBatch,
  importTimes,
  updateTimesBatch,
  type NewTimeValues,
  type TimeActor,
} from '../actions/times.js';
import { changedTimeValues, newTimeValues } from '../actions/time-values.js';
import { batchMessage, embedIncludes, groupedTimes, sheetTime, toTimeEntry } from '../present/times.js';
import { readUploadedText } from '../upload.js';
import { check, daily, lazy, nullable, required, rules, sometimes, validate, z } from '../validation.js';
import { timeIncludesOf, timeListQuery } from './times-query.js';

// ---- body rules -----------------------------------------------------------------------------------------

const MAX_RATE = 999999.99;
const DESCRIPTION_MAX = 65535;

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

/** The create rules (also each row of the CSV import), then the database's rules and the defaults. */
const createValues = (s: Scope, body: Body): NewTimeValues =>
  newTimeValues(s, check(createSchema(s.today), body), body);

// ---- the stored entry ----------------------------------------------------------------------------------

function timeOr404(c: Ctx): TimeRow {
  const row = findTimeRow(c.get('deps').db, c.get('companyId'), pathId(c, 'time'));
  if (!row) throw notFound('Time entry not found.');
  return row;
}

const actorOf = (c: Ctx): TimeActor => ({ userId: Number(c.get('user').id), role: c.get('role') });

/** The update rules on top of the stored entry: only the fields present change. */
const updateValues = (s: Scope, body: Body, current: TimeRow): TimeValues =>
  changedTimeValues(s, check(updateSchema(s.today), body), current);

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
    const { includes, grouping, filter, sort, mondays, page, perPage } = timeListQuery(c, s.today);
    const { rows, total } = listTimeRows(s.db, s.companyId, filter, sort, perPage, perPage ? (page - 1) * perPage : 0);
    const pairs = rows.map((row) => ({ row, entry: toTimeEntry(row, true) }));
    embedIncludes(s.db, s.companyId, pairs, includes, s.today);
    const data = pairs.map((p) => p.entry);
    if (!grouping)
      return c.json({
        data,
        current_count: data.length,
        total_count: total,
        page: perPage ? page : 1,
        per_page: perPage ?? null,
      });
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

const IMPORT_COLUMNS = [
  'date',
  'project_id',
  'hours',
  'minutes',
  'description',
  'hourly_rate',
  'billable',
  'start',
  'end',
  'task_id',
  'service_id',
];

/** Spreadsheet booleans: true/false, 1/0, yes/no, ja/nein, x (ticked). */
function csvBoolean(cell: string): unknown {
  const v = cell.toLowerCase();
  if (['true', '1', 'yes', 'ja', 'x', 'y', 'j'].includes(v)) return true;
  if (['false', '0', 'no', 'nein', 'n'].includes(v)) return false;
  return cell;
}

/**
 * The uploaded CSV as create bodies, one per record with its row number; a file without date and project_id columns is
 * a 422.
 */
async function importRecords(body: Body): Promise<{ row: number; record: Body }[]> {
  const text = await readUploadedText(body);
  const { normaliseDecimal, parseCsv } = await import('../domain/csv.js');
  const table = parseCsv(text);
  if (table.header.length === 0)
    throw fieldError('file', 'The file is empty: it needs a header row with date and project_id columns.');
  const missing = ['date', 'project_id'].filter((k) => !table.header.includes(k));
  if (missing.length)
    throw fieldError(
      'file',
      `The file needs a header row with ${missing.join(' and ')} column${missing.length > 1 ? 's' : ''}.`,
    );
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
