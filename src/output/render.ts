// Rendering records in the five output formats. Lists stream: push() each page as it arrives, end() once.

import type Papa from 'papaparse';
import { getPath, selectColumns } from './columns.js';
import { compactJson, rawText } from './format.js';
import { renderListTable, renderRecordTable } from './table.js';
import type { Column, ListRenderer, RenderOptions } from './types.js';

// Loaded on first use: the bundler keeps a require() lazy, so TSV and JSON never pay for papaparse.
const papa = (): typeof Papa => require('papaparse');

/** RFC 4180 line break. CSV is for spreadsheets and other programs, which all accept CRLF. */
const CSV_NEWLINE = '\r\n';

/** tsv cell: tabs, newlines, CR and backslashes become `\t`, `\n`, `\r`, `\\` so every record stays on one line. */
export function escapeTsv(s: string): string {
  return s.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

function tsvLine(values: string[]): string {
  return `${values.map(escapeTsv).join('\t')}\n`;
}

/**
 * One csv line with its CRLF, via papaparse (quotes a field only when it holds the delimiter, a quote, a
 * line break or a leading/trailing blank). Formula escaping is off: it would mangle negative amounts like -12.50.
 */
export function csvLine(cells: string[], delimiter = ','): string {
  // A lone empty field would be an empty line, which readers skip: quote it.
  if (cells.length === 1 && cells[0] === '') return `""${CSV_NEWLINE}`;
  return papa().unparse([cells], { delimiter, newline: CSV_NEWLINE, header: false, quotes: false }) + CSV_NEWLINE;
}

function csvLines(rows: string[][]): string {
  return rows.map((row) => csvLine(row)).join('');
}

/**
 * The record as json/ndjson print it: as the API returned it, or only the --fields keys in that order (dot paths as
 * flat keys; missing → null).
 */
function jsonRecord(record: Record<string, unknown>, fieldColumns: Column[] | undefined): unknown {
  if (fieldColumns === undefined) return record;
  const out: Record<string, unknown> = {};
  for (const c of fieldColumns) out[c.key] = getPath(record, c.key) ?? null;
  return out;
}

function prettyJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2) ?? 'null';
}

/** Streaming list renderer. Throws UsageError for bad --fields right away, before anything is written. */
export function createListRenderer(opts: RenderOptions): ListRenderer {
  const columns = selectColumns(opts.columns, opts.fields);
  const fieldColumns = opts.fields === undefined ? undefined : columns;
  const { out } = opts;
  let started = false;
  let ended = false;
  let count = 0;
  const buffered: Record<string, unknown>[] = []; // table only

  const keys = columns.map((c) => c.key);
  const rawRow = (rec: Record<string, unknown>): string[] => columns.map((c) => rawText(getPath(rec, c.key)));

  function push(records: Record<string, unknown>[]): void {
    if (ended) throw new Error('output: push() after end()');
    const first = !started;
    started = true;
    switch (opts.format) {
      case 'table':
        for (const r of records) buffered.push(r);
        return;
      case 'tsv': {
        let chunk = first ? tsvLine(keys) : '';
        for (const r of records) chunk += tsvLine(rawRow(r));
        if (chunk) out.write(chunk);
        return;
      }
      case 'csv': {
        const chunk = csvLines([...(first ? [keys] : []), ...records.map(rawRow)]);
        if (chunk) out.write(chunk);
        return;
      }
      case 'json': {
        let chunk = first ? '[' : '';
        for (const r of records) {
          // Each element indented by two spaces so the whole array reads like JSON.stringify(list, null, 2).
          const body = prettyJson(jsonRecord(r, fieldColumns)).replace(/\n/g, '\n  ');
          chunk += (count === 0 ? '\n  ' : ',\n  ') + body;
          count++;
        }
        if (chunk) out.write(chunk);
        return;
      }
      case 'ndjson': {
        let chunk = '';
        for (const r of records) chunk += `${compactJson(jsonRecord(r, fieldColumns))}\n`;
        if (chunk) out.write(chunk);
        return;
      }
    }
  }

  function end(): void {
    if (ended) return;
    if (!started) push([]); // headers (tsv, csv) and '[' (json) even for an empty list
    ended = true;
    switch (opts.format) {
      case 'table': {
        // columns chosen with --fields are all shown; the default ones may give way to the terminal's width
        let hidden: string[] = [];
        const text = renderListTable(buffered, columns, {
          color: opts.color,
          terminalWidth: opts.terminalWidth,
          mayHide: opts.fields === undefined,
          onHidden: (h) => {
            hidden = h;
          },
        });
        if (text) out.write(text);
        if (hidden.length)
          opts.notice?.(`(left out to fit the terminal: ${hidden.join(', ')}; --fields chooses the columns)`);
        buffered.length = 0;
        return;
      }
      case 'json':
        out.write(count === 0 ? ']\n' : '\n]\n');
        return;
      case 'tsv':
      case 'csv':
      case 'ndjson':
        return;
    }
  }

  return { push, end };
}

/**
 * One record (a `get`): json → the object, pretty (field-selected if fields given); table → a vertical
 * FIELD/VALUE listing of the selected columns; tsv/csv/ndjson → the same as a one-row list.
 */
export function renderRecord(record: Record<string, unknown>, opts: RenderOptions): void {
  const columns = selectColumns(opts.columns, opts.fields);
  switch (opts.format) {
    case 'json':
      opts.out.write(`${prettyJson(jsonRecord(record, opts.fields === undefined ? undefined : columns))}\n`);
      return;
    case 'table': {
      const text = renderRecordTable(record, columns, { color: opts.color, terminalWidth: opts.terminalWidth });
      if (text) opts.out.write(text);
      return;
    }
    case 'tsv':
    case 'csv':
    case 'ndjson': {
      const list = createListRenderer(opts);
      list.push([record]);
      list.end();
      return;
    }
  }
}
