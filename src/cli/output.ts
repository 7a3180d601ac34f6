// The bridge between global options and the output layer.
import type { Command } from 'commander';
import { createListRenderer, renderRecord, resolveFormat, selectColumns, type Column, type OutputFormat } from '../output/index.js';
import type { GlobalOptions } from './globals.js';
import { cliContext } from './runtime.js';

export interface OutputPlan { format: OutputFormat; columns: Column[]; fields?: string[]; color: boolean }

/** Decides the format and checks --fields before any request is made. */
export function planOutput(g: GlobalOptions, columns: Column[]): OutputPlan {
  // --output/--json first, then ACCT_OUTPUT or the profile's preference, then TTY-dependent default
  const format = resolveFormat(g.output ?? cliContext(g).output, process.stdout.isTTY === true);
  selectColumns(columns, g.fields);
  return { format, columns, fields: g.fields, color: g.color };
}

export function listRenderer(plan: OutputPlan) {
  return createListRenderer({ ...plan, out: process.stdout, terminalWidth: process.stdout.columns });
}

export function printRecord(plan: OutputPlan, record: Record<string, unknown>): void {
  renderRecord(record, { ...plan, out: process.stdout, terminalWidth: process.stdout.columns });
}

/** A record's own keys as columns, for records without a declared column list. */
export function columnsOf(record: Record<string, unknown>): Column[] {
  return Object.keys(record).map((key) => ({ key }));
}

export type { Command };
