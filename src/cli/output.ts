// The bridge between global options and the output layer.
import { MAX_PER_PAGE } from '../api/paginate.js';
import {
  createListRenderer,
  renderRecord,
  resolveFormat,
  selectColumns,
  type Column,
  type OutputFormat,
} from '../output/index.js';
import { notice, type GlobalOptions } from './globals.js';
import { cliContext } from './runtime.js';
import { stdoutSink } from './fd-output.js';
import { startPaging } from './pager.js';
import { currentIO } from './io.js';

/** Only a table is fitted to the terminal (and only then is the stdout stream needed). */
const terminalWidth = (plan: OutputPlan) => (plan.format === 'table' ? currentIO().out.columns : undefined);

/** The options addListFlags (resource/declare.ts) declares. */
export interface ListFlags {
  page?: string;
  perPage?: string;
  limit?: string;
  all?: boolean;
}

export interface OutputPlan {
  format: OutputFormat;
  columns: Column[];
  fields?: string[];
  color: boolean;
}

/** Decides the format and checks --fields before any request is made. */
export function planOutput(g: GlobalOptions, columns: Column[]): OutputPlan {
  // --output/--json first, then ACCT_OUTPUT or the profile's preference, then TTY-dependent default
  const format = resolveFormat(g.output ?? cliContext(g).output, currentIO().out.isTTY);
  selectColumns(columns, g.fields);
  startPaging(g.pager);
  return { format, columns, fields: g.fields, color: g.color };
}

export function listRenderer(plan: OutputPlan) {
  return createListRenderer({ ...plan, out: stdoutSink, terminalWidth: terminalWidth(plan), notice });
}

export function printRecord(plan: OutputPlan, record: Record<string, unknown>): void {
  renderRecord(record, { ...plan, out: stdoutSink, terminalWidth: terminalWidth(plan) });
}

/** A record's own keys as columns, for records without a declared column list. */
export function columnsOf(record: Record<string, unknown>): Column[] {
  return Object.keys(record).map((key) => ({ key }));
}

/**
 * When a list shows part of what it holds (one page, or --limit N of more), says so on stderr (stdout
 * stays the data, in every format) with how to see the rest.
 */
export function sayWhenCut(shown: number, total: number | undefined, flags: ListFlags, perPage?: number): void {
  if (flags.all || total === undefined || shown >= total) return;
  const more =
    flags.limit !== undefined || (perPage !== undefined && perPage >= MAX_PER_PAGE) ? '' : ', --per-page N for more';
  notice(`${shown} of ${total} shown — --all for every row${more}`);
}
