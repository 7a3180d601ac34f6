// `acct <resource> import FILE`: the export's CSV (or its --excel variant) back into the books.
//
// 1. The header is checked (an unknown column is a usage error naming the known ones).
// 2. Every row is read and checked before anything is written: types, required fields, references
//    (account 9999 does not exist: row 14), ids that exist. Any problem: nothing is written, every
//    problem is listed, exit 3 — unless --skip-invalid.
// 3. The plan: a row without an id creates; a row with one updates only the fields that differ from the
//    record; an unchanged row is not sent. --dry-run prints it.
// 4. The writes, several at a time (the client paces them by the rate-limit headers), each recorded in
//    the journal before it is sent and after its answer. A rerun of the same file skips what is done
//    and looks up the rows whose create was sent without an answer (by their natural key) before
//    creating them, so every row lands exactly once.
import { ApiError, type ApiClient, type QueryValue } from '../../api/http.js';
import { decodeText } from '../../domain/text.js';
import { CliError, ExitCode, UsageError } from '../../errors.js';
import { csvLine } from '../../output/render.js';
import type { Column } from '../../output/types.js';
import { failureText } from '../failure.js';
import { refuseToOverwrite } from '../fd-output.js';
import { notice } from '../globals.js';
import { planOutput, printRecord, type OutputPlan } from '../output.js';
import { RefResolver } from '../refs.js';
import type { Runtime } from '../runtime.js';
import { mapConcurrent } from '../shared/concurrent.js';
import { findRecord, plural } from '../shared/existing.js';
import { readUpload } from '../shared/upload.js';
import type { VerbIO } from '../verb.js';
import { exportCell, readCell, recordCompare } from './cells.js';
import { parseCsv, type CsvTable } from './csv-file.js';
import { recordPages } from './export.js';
import { Journal, journalPath, type Op } from './journal.js';
import type { CsvColumn, CsvMap } from './map.js';
import { currentIO } from '../io.js';

const fs = process.getBuiltinModule('node:fs');

type Rec = Record<string, any>;

export interface ImportOptions {
  file: string;
  dryRun?: boolean;
  skipInvalid?: boolean;
  writeIds?: string;
  /** --force: replace --write-ids when it exists */
  force?: boolean;
  restart?: boolean;
}

/** Requests in flight at once; the client's pacer spaces them when the rate-limit budget runs low. */
const CONCURRENCY = 8;

const SUMMARY_COLUMNS: Column[] = ['created', 'updated', 'unchanged', 'failed', 'invalid', 'earlier'].map((key) => ({
  key,
  kind: 'int',
}));

/** A cell read from a row: its column and what it holds. */
interface Cell {
  col: CsvColumn;
  text: string;
  compare: string;
  send: unknown;
}

interface Change {
  column: string;
  from: string;
  to: string;
}

/** A row of the file once read: what it asks for, or its problems. */
interface Row {
  /** its number as a spreadsheet shows it (the header is row 1) */
  no: number;
  id?: number;
  cells: Cell[];
  problems: string[];
  op?: Op | 'unchanged';
  body?: Rec;
  changes?: Change[];
}

/** The header against the map's columns: a usage error for an unknown or repeated column. */
function checkHeader(map: CsvMap, table: CsvTable, name: string): CsvColumn[] {
  const byName = new Map(map.columns.map((c) => [c.name, c]));
  const known = `known columns: ${map.columns.map((c) => c.name).join(', ')}`;
  const unknown = table.header.filter((h) => !byName.has(h));
  if (unknown.length)
    throw new UsageError(
      `${name}: unknown ${unknown.length === 1 ? 'column' : 'columns'} ${unknown.map((u) => `"${u}"`).join(', ')} ` +
        `for ${map.group}`,
      [known],
    );
  const seen = new Set<string>();
  for (const h of table.header) {
    if (seen.has(h)) throw new UsageError(`${name}: column "${h}" appears twice`, [known]);
    seen.add(h);
  }
  return table.header.map((h) => byName.get(h)!);
}

/** Reads every cell of every row (types, references); ids and required fields too. */
async function readRows(map: CsvMap, columns: CsvColumn[], table: CsvTable, resolver: RefResolver): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [i, raw] of table.rows.entries()) {
    const row: Row = { no: i + 2, cells: [], problems: [] };
    rows.push(row);
    if (raw.length !== columns.length) {
      row.problems.push(`${raw.length} cells where the header has ${columns.length}`);
      continue;
    }
    for (const [j, col] of columns.entries()) {
      const text = raw[j];
      if (col.name === 'id') {
        if (text.trim() === '') continue;
        if (/^\d+$/.test(text.trim()) && Number(text) > 0) row.id = Number(text.trim());
        else row.problems.push(`id "${text}" is not a whole number`);
        continue;
      }
      const read = await readCell(col, text, resolver);
      if (read.problem !== undefined) row.problems.push(read.problem);
      else row.cells.push({ col, text, compare: read.compare, send: read.send });
    }
    if (row.id === undefined && !row.problems.some((p) => p.startsWith('id '))) {
      if (map.noCreate) {
        row.problems.push(`no id: ${map.noCreate}`);
        continue;
      }
      for (const col of map.columns.filter((c) => c.required)) {
        const at = columns.indexOf(col);
        if (at < 0 || raw[at].trim() === '') row.problems.push(`${col.name} is required for a new ${map.noun}`);
      }
    }
  }
  const rowsOfId = new Map<number, number[]>();
  for (const r of rows) if (r.id !== undefined) rowsOfId.set(r.id, [...(rowsOfId.get(r.id) ?? []), r.no]);
  for (const r of rows) {
    const same = rowsOfId.get(r.id ?? -1);
    if (same && same.length > 1) r.problems.push(`id ${r.id} is in rows ${same.join(', ')}`);
  }
  return rows;
}

/** The records the rows name by id. */
async function recordsById(client: ApiClient, company: number, map: CsvMap, ids: number[]): Promise<Map<number, Rec>> {
  const out = new Map<number, Rec>();
  if (ids.length === 0) return out;
  if (map.fetch === 'each') {
    const records = await mapConcurrent(ids, CONCURRENCY, (id) => findRecord(client, map.paths.one(company, id)));
    ids.forEach((id, i) => {
      if (records[i]) out.set(id, records[i]);
    });
    return out;
  }
  const chunks =
    map.fetch === 'ids'
      ? Array.from({ length: Math.ceil(ids.length / 100) }, (_, i) => ids.slice(i * 100, i * 100 + 100))
      : [undefined];
  for (const chunk of chunks) {
    const query: Record<string, QueryValue> = chunk ? { 'filter[id]': chunk.join(',') } : {};
    for await (const page of recordPages(client, company, map, query)) for (const r of page) out.set(Number(r.id), r);
  }
  return out;
}

/**
 * What a row with an id changes: the cells that differ from the record (empty cells of fields that cannot be empty
 * change nothing).
 */
async function diff(map: CsvMap, row: Row, record: Rec, resolver: RefResolver): Promise<void> {
  const body: Rec = {};
  const changes: Change[] = [];
  for (const cell of row.cells) {
    const { col } = cell;
    if (cell.compare === '' && (col.required || col.type === 'bool' || col.type === 'enum')) continue;
    if (cell.compare === recordCompare(col, record)) continue;
    const reason = col.readOnly ?? col.fixed;
    if (reason) {
      row.problems.push(`${col.name} cannot be changed: ${reason}`);
      continue;
    }
    body[col.key] = cell.send;
    changes.push({ column: col.name, from: await exportCell(col, record, resolver), to: cell.text.trim() });
  }
  if (changes.length === 0) {
    row.op = 'unchanged';
    return;
  }
  for (const key of map.updateAlways ?? []) {
    if (key in body) continue;
    const cell = row.cells.find((c) => c.col.key === key && c.compare !== '');
    body[key] = cell ? cell.send : record[key];
  }
  row.op = 'update';
  row.body = body;
  row.changes = changes;
}

/** The body of a create: every filled cell that is sent. */
function createBody(row: Row): Rec {
  const body: Rec = {};
  for (const cell of row.cells) if (cell.compare !== '' && !cell.col.readOnly) body[cell.col.key] = cell.send;
  return body;
}

export async function runImport(map: CsvMap, options: ImportOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const upload = readUpload(options.file, Number.POSITIVE_INFINITY);
  const name = options.file === '-' ? 'stdin' : options.file;
  const text = decodeText(upload.bytes);
  if (text === undefined) throw new UsageError(`${name} is not a text file: expected CSV (UTF-8 or Windows-1252)`);
  const bom = upload.bytes[0] === 0xef && upload.bytes[1] === 0xbb && upload.bytes[2] === 0xbf;
  const table = parseCsv(text, name, bom);
  const columns = checkHeader(map, table, name);
  const plan = planOutput(g, SUMMARY_COLUMNS);
  if (options.writeIds !== undefined && options.dryRun)
    throw new UsageError('--write-ids writes the ids of created rows: it cannot go with --dry-run');
  if (options.writeIds !== undefined) checkWritable(options.writeIds, options.force);

  await io.withRuntime(async (rt) => {
    const company = await rt.company();
    const resolver = new RefResolver(rt.client, company);
    const rows = await readRows(map, columns, table, resolver);
    const ids = rows.filter((r) => r.id !== undefined && r.problems.length === 0).map((r) => r.id!);
    const records = await recordsById(rt.client, company, map, ids);
    for (const row of rows) {
      if (row.problems.length) continue;
      if (row.id === undefined) {
        row.op = 'create';
        row.body = createBody(row);
        continue;
      }
      const record = records.get(row.id);
      if (!record) row.problems.push(`no ${map.noun} with id ${row.id}`);
      else await diff(map, row, record, resolver);
    }
    const invalid = rows.filter((r) => r.problems.length > 0);
    const problemLines = invalid.flatMap((r) => r.problems.map((p) => `  row ${r.no}: ${p}`));
    if (invalid.length && !options.skipInvalid) {
      throw new CliError(
        `${name}: ${invalid.length} of ${rows.length} rows ${invalid.length === 1 ? 'is' : 'are'} invalid; nothing ` +
          `was imported (fix them, or --skip-invalid to import the others)`,
        ExitCode.Validation,
        problemLines,
      );
    }
    if (invalid.length) {
      notice(`${name}: skipping ${invalid.length} invalid ${invalid.length === 1 ? 'row' : 'rows'}:`);
      for (const line of problemLines) notice(line);
    }
    const valid = rows.filter((r) => r.problems.length === 0);
    if (options.dryRun) return printPlan(plan, map, valid, invalid.length);

    // the local ledger's service listens on a new port each time: its data directory names it
    const target = rt.ctx.mode === 'local' ? `local:${rt.ctx.dataDir}` : rt.baseUrl;
    const file = journalPath({ group: map.group, target, company, bytes: upload.bytes });
    if (options.restart) fs.rmSync(file, { force: true });
    const journal = Journal.open(file, map.group, name);
    // Ctrl-C ends the process at once (main.ts); the journal already holds every row's state
    const onInterrupt = () =>
      notice(
        `${io.err.isTTY ? '\r\u001b[K' : ''}Interrupted: run the same command again to continue where it stopped.`,
      );
    process.prependListener('SIGINT', onInterrupt);
    try {
      const outcome = await write(rt, company, map, valid, journal);
      if (options.writeIds !== undefined) writeIds(options.writeIds, table, rows, journal, options.force);
      report(plan, name, valid, invalid.length, outcome, journal);
    } finally {
      process.removeListener('SIGINT', onInterrupt);
      journal.close();
    }
  });
}

/** --dry-run: the plan on stdout (as one JSON object with -o json). */
function printPlan(plan: OutputPlan, map: CsvMap, rows: Row[], invalid: number): void {
  const creates = rows.filter((r) => r.op === 'create');
  const updates = rows.filter((r) => r.op === 'update');
  const unchanged = rows.filter((r) => r.op === 'unchanged').length;
  if (plan.format === 'json' || plan.format === 'ndjson') {
    const out = {
      create: creates.map((r) => ({
        row: r.no,
        values: Object.fromEntries(r.cells.filter((c) => c.compare !== '').map((c) => [c.col.name, c.text.trim()])),
      })),
      update: updates.map((r) => ({ row: r.no, id: r.id, changes: r.changes })),
      unchanged,
      invalid,
    };
    currentIO().out.write(`${JSON.stringify(out, null, plan.format === 'json' ? 2 : undefined)}\n`);
    return;
  }
  const lines = [
    `create ${creates.length}${creates.length ? `: ${rowList(creates)}` : ''}`,
    `update ${updates.length}${updates.length ? ':' : ''}`,
  ];
  for (const r of updates)
    lines.push(
      `  row ${r.no} (id ${r.id}): ${r.changes!.map((c) => `${c.column} ${show(c.from)} → ${show(c.to)}`).join('; ')}`,
    );
  lines.push(`unchanged ${unchanged}`);
  if (invalid) lines.push(`invalid ${invalid} (skipped)`);
  currentIO().out.write(`${lines.join('\n')}\n`);
  notice(`Dry run: no ${plural(map.noun)} were changed.`);
}

const show = (s: string) =>
  s === ''
    ? '(empty)'
    : /[\s;→"]/.test(s) || s.length > 40
      ? JSON.stringify(s.length > 60 ? `${s.slice(0, 57)}...` : s)
      : s;

function rowList(rows: Row[]): string {
  const nos = rows.map((r) => r.no);
  const shown = nos.length > 20 ? [...nos.slice(0, 20), '…'] : nos;
  return `${nos.length === 1 ? 'row' : 'rows'} ${shown.join(', ')}`;
}

interface Outcome {
  created: number;
  updated: number;
  failed: { row: number; message: string }[];
  earlier: number;
}

/** The writes, CONCURRENCY at a time in the file's order, each recorded in the journal around its request. */
async function write(rt: Runtime, company: number, map: CsvMap, rows: Row[], journal: Journal): Promise<Outcome> {
  const outcome: Outcome = { created: 0, updated: 0, failed: [], earlier: 0 };
  const todo: Row[] = [];
  for (const r of rows) {
    if (r.op === 'unchanged') continue;
    if (journal.done.has(r.no)) {
      outcome.earlier++;
      continue;
    }
    todo.push(r);
  }
  const lost = todo.filter((r) => r.op === 'create' && journal.unanswered.has(r.no)).length;
  if (outcome.earlier || lost) {
    const rowsDone = `${outcome.earlier} ${outcome.earlier === 1 ? 'row was' : 'rows were'} written then`;
    const looked = lost
      ? `; ${lost} sent without an answer ${lost === 1 ? 'is' : 'are'} looked up before anything is created again`
      : '';
    notice(
      journal.completed
        ? `This file was imported before (${rowsDone}); --restart imports it anew.`
        : `Continuing an earlier run of this file: ${rowsDone}${looked}.`,
    );
  }
  if (todo.length === 0) {
    journal.complete();
    return outcome;
  }

  const clock = await serviceClock(rt.client, company, map, todo);
  const progress = new Progress(todo.length);
  let stop: unknown;
  const one = async (row: Row) => {
    const op = row.op as Op;
    try {
      if (op === 'create' && journal.unanswered.has(row.no)) {
        const found = await lookUp(rt.client, company, map, row, journal, journal.unanswered.get(row.no)!.at);
        if (found !== undefined) {
          journal.succeeded(row.no, op, found, true);
          outcome.created++;
          return;
        }
      }
      journal.sending(row.no, op, clock());
      if (op === 'create') {
        const answer = await rt.client.post<Rec>(map.paths.list(company), { json: row.body });
        const id = Number(answer?.data?.id ?? answer?.id);
        journal.succeeded(row.no, op, id);
        outcome.created++;
      } else {
        await rt.client.put(map.paths.one(company, row.id!), { json: row.body });
        journal.succeeded(row.no, op, row.id!);
        outcome.updated++;
      }
    } catch (err) {
      // the service said no to this row (it stays as it was): note it and go on; anything else stops the run
      if (err instanceof ApiError && [400, 404, 409, 422].includes(err.status)) {
        const message = failureText(err);
        journal.failed(row.no, op, message);
        outcome.failed.push({ row: row.no, message });
      } else {
        stop ??= err;
      }
    }
  };
  // `one` notes a row the service refused and goes on; anything else is kept in `stop`, after which no
  // row is started (those under way are awaited)
  await mapConcurrent(todo, CONCURRENCY, async (row) => {
    if (stop !== undefined) return;
    await one(row);
    progress.tick();
  });
  progress.end();
  if (stop !== undefined) {
    const err = stop instanceof CliError ? stop : new CliError(String(stop));
    throw new CliError(
      `${err.message}; stopped after ${outcome.created + outcome.updated} of ${todo.length} writes — run the same ` +
        `command again to continue`,
      err.exitCode,
      err.details,
    );
  }
  journal.complete();
  return outcome;
}

/**
 * The service's time in ms (its Date header against this machine's clock), for the journal's
 * "sending" lines: a record created later than such a time can be the row's.
 */
async function serviceClock(client: ApiClient, company: number, map: CsvMap, todo: Row[]): Promise<() => number> {
  if (!todo.some((r) => r.op === 'create')) return () => Date.now();
  const res = await client.request('GET', map.paths.list(company), { query: { ...map.listQuery, per_page: 1 } });
  const date = Date.parse(res.headers.date ?? '');
  const offset = Number.isNaN(date) ? 0 : date - Date.now();
  return () => Date.now() + offset;
}

/**
 * The record an unanswered create made, if it made one: a record whose natural-key columns hold the
 * row's values, created no earlier than the create was sent (a second of the Date header's precision
 * and a second of slack), and not already another row's.
 */
async function lookUp(
  client: ApiClient,
  company: number,
  map: CsvMap,
  row: Row,
  journal: Journal,
  sentAt: number,
): Promise<number | undefined> {
  const filled = row.cells.filter((c) => c.compare !== '' && !c.col.readOnly);
  const keySet = (map.keys ?? []).find((names) => names.every((n) => filled.some((c) => c.col.name === n)));
  const keyCells = keySet ? filled.filter((c) => keySet.includes(c.col.name)) : filled;
  const values = Object.fromEntries(filled.map((c) => [c.col.key, c.send]));
  const claimed = journal.createdIds();
  const matches: number[] = [];
  for await (const page of recordPages(client, company, map, map.lookup?.(values) ?? {})) {
    for (const r of page) {
      const id = Number(r.id);
      if (claimed.has(id)) continue;
      const created = Date.parse(String(r.created_at ?? ''));
      if (!Number.isNaN(created) && created < sentAt - 2000) continue;
      if (keyCells.every((c) => recordCompare(c.col, r) === c.compare)) matches.push(id);
    }
  }
  return matches.length ? Math.min(...matches) : undefined;
}

/** On a terminal: rows done of the total, the rate and the time left, on one line of stderr. */
class Progress {
  private done = 0;
  private last = 0;
  private readonly started = Date.now();
  private readonly on = currentIO().err.isTTY === true;
  constructor(private readonly total: number) {}

  tick(): void {
    this.done++;
    if (!this.on) return;
    const now = Date.now();
    if (now - this.last < 200 && this.done < this.total) return;
    this.last = now;
    const rate = this.done / Math.max(0.001, (now - this.started) / 1000);
    const left = Math.round((this.total - this.done) / Math.max(rate, 0.001));
    currentIO().err.write(
      `\r\u001b[K${this.done}/${this.total} rows, ${rate.toFixed(1)}/s, ${Math.floor(left / 60)}` +
        `:${String(left % 60).padStart(2, '0')} left`,
    );
  }

  end(): void {
    if (this.on) currentIO().err.write('\r\u001b[K');
  }
}

/**
 * --write-ids must be writable before anything is imported (its folder exists and takes files; a file there only with
 * --force).
 */
function checkWritable(target: string, force: boolean | undefined): void {
  const { dirname, resolve } = process.getBuiltinModule('node:path');
  refuseToOverwrite(target, force);
  try {
    if (fs.existsSync(target) && fs.statSync(target).isDirectory()) throw new Error('it is a directory');
    fs.accessSync(fs.existsSync(target) ? target : dirname(resolve(target)), fs.constants.W_OK);
  } catch (err) {
    throw new UsageError(
      `cannot write --write-ids ${target}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
}

/** --write-ids: the file as it was read, with the ids of created rows (this run or an earlier one) filled in. */
function writeIds(target: string, table: CsvTable, rows: Row[], journal: Journal, force: boolean | undefined): void {
  const idAt = table.header.indexOf('id');
  const header = idAt < 0 ? ['id', ...table.header] : table.header;
  let text = (table.dialect.bom ? '\uFEFF' : '') + csvLine(header, table.dialect.delimiter);
  for (const [i, raw] of table.rows.entries()) {
    const done = journal.done.get(rows[i].no);
    const cells = idAt < 0 ? ['', ...raw] : [...raw];
    if (done && done.op === 'create') cells[Math.max(idAt, 0)] = String(done.id);
    text += csvLine(cells, table.dialect.delimiter);
  }
  try {
    // without --force a file that appeared during the import is not replaced either
    fs.writeFileSync(target, text, { flag: force ? 'w' : 'wx' });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new CliError(`${target} exists; --force overwrites it`, ExitCode.Conflict);
    throw new CliError(`cannot write --write-ids ${target}: ${code ?? (err as Error).message}`);
  }
}

/** The summary (stdout), the refused rows (stderr), and exit 1 when a row failed. */
function report(plan: OutputPlan, name: string, rows: Row[], invalid: number, o: Outcome, journal: Journal): void {
  const unchanged = rows.filter((r) => r.op === 'unchanged').length;
  printRecord(plan, {
    created: o.created,
    updated: o.updated,
    unchanged,
    failed: o.failed.length,
    invalid,
    earlier: o.earlier,
  });
  notice(
    `Imported ${name}: ${o.created} created, ${o.updated} updated, ${unchanged} unchanged, ${o.failed.length} ` +
      `failed${invalid ? `, ${invalid} invalid skipped` : ''}.`,
  );
  for (const f of o.failed) notice(`  row ${f.row}: ${f.message}`);
  if (o.failed.length) {
    throw new CliError(
      `${o.failed.length} ${o.failed.length === 1 ? 'row' : 'rows'} of ${name} failed; run the same command again ` +
        `to retry ${o.failed.length === 1 ? 'it' : 'them'} (journal ${journal.file})`,
      ExitCode.Failure,
    );
  }
}
