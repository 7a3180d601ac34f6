// The human table: cli-table3 in a borderless, gh-like style (no box characters, two-space gap,
// UPPERCASE headers, bold when colour is on), Swiss-formatted values.

import type TableClass from 'cli-table3';
import type { ChalkInstance } from 'chalk';
import { getPath } from './columns.js';
import { humanValue, isNumericKind } from './format.js';
import type { Column } from './types.js';

const GAP = '  ';
const ELLIPSIS = '…';
/** Text columns are never squeezed below this (or their header, or their content if narrower). */
const MIN_TEXT_WIDTH = 5;

const BORDERLESS = {
  top: '',
  'top-mid': '',
  'top-left': '',
  'top-right': '',
  bottom: '',
  'bottom-mid': '',
  'bottom-left': '',
  'bottom-right': '',
  left: '',
  'left-mid': '',
  mid: '',
  'mid-mid': '',
  right: '',
  'right-mid': '',
  middle: GAP,
};

/** Display width, counted in code points (good enough for Latin text; no East Asian wide characters here). */
export function width(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** Cuts `s` to `max` code points, ending in '…' when cut. */
export function truncate(s: string, max: number): string {
  if (width(s) <= max) return s;
  if (max <= 0) return '';
  return [...s].slice(0, max - 1).join('') + ELLIPSIS;
}

/** Control characters would break the row layout: tabs, newlines and the like become one space. */
function oneLine(s: string): string {
  return s.replace(/[\t\n\r\v\f]+/g, ' ');
}

/**
 * Chalk when colour is on (loaded only then), else undefined. Level 1 (16 colours): the caller decided
 * colour is allowed; don't second-guess with chalk's own detection.
 */
export function chalkFor(color: boolean | undefined): ChalkInstance | undefined {
  if (!color) return undefined;
  const { Chalk } = require('chalk') as { Chalk: new (o: { level: number }) => ChalkInstance };
  return new Chalk({ level: 1 });
}

function bold(color: boolean | undefined): (s: string) => string {
  const chalk = chalkFor(color);
  return chalk ? (s) => chalk.bold(s) : (s) => s;
}

function render(rows: { content: string; hAlign: 'left' | 'right' }[][]): string {
  // cli-table3 and chalk load only when a table is drawn (a terminal), never for piped formats
  const Table = require('cli-table3') as typeof TableClass;
  const table = new Table({
    chars: BORDERLESS,
    style: { 'padding-left': 0, 'padding-right': 0, head: [], border: [] },
  });
  for (const r of rows) table.push(r);
  // cli-table3 pads the last column; drop the trailing blanks.
  return table
    .toString()
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n');
}

/** The names a user types (`acct projects get Website`): free text, but cut only after the other text. */
const TYPED_KEYS = new Set(['name', 'title']);

/**
 * Codes, wherever a list shows them: a cut status, currency, rate name, IBAN or document number would
 * read as another one, so they are shown whole or left out. Columns of the kind `code` are codes too.
 */
const CODE_KEYS = new Set([
  'number',
  'status',
  'currency',
  'iban',
  'type',
  'project_type',
  'lang',
  'role',
  'unit',
  'tax_rate.name',
  'invoice.number',
  'proposal.number',
  'debit_account.number',
  'credit_account.number',
]);

/** How a column gives way to a narrow terminal: `fixed` and `code` never shrink, `typed` after `free`. */
type Give = 'fixed' | 'code' | 'typed' | 'free';

function giveOf(c: Column): Give {
  if (c.kind === 'code' || CODE_KEYS.has(c.key)) return 'code';
  if (isNumericKind(c.kind) || c.kind === 'date' || c.kind === 'datetime' || c.kind === 'bool') return 'fixed';
  return TYPED_KEYS.has(c.key) ? 'typed' : 'free';
}

/** A name keeps this many characters before a column is left out for it. */
const TYPED_FLOOR = 16;

interface Layout {
  /** the width of each column */
  widths: number[];
  /** false for the columns left out to fit */
  shown: boolean[];
}

/**
 * How the columns fit `terminalWidth`. Numbers, dates, yes/no and codes keep their width: they are never
 * cut. Free text shrinks first, the least useful (rightmost) first, down to its header; then the name
 * (to 16 characters). When that is not enough and `mayHide` (no --fields chose them), columns are left
 * out, right to left, free text before the rest, never the first one, the name or one marked `keep`;
 * those that fit again once others are out come back, and the name takes back what is left. Only a
 * terminal narrower than what remains cuts the name further. Without a width, or when the table fits,
 * every column keeps its natural width.
 */
function fitWidths(
  natural: number[],
  minimum: number[],
  give: Give[],
  keep: boolean[],
  terminalWidth: number | undefined,
  mayHide: boolean,
): Layout {
  const widths = [...natural];
  const shown = natural.map(() => true);
  const sum = (w: number[]) =>
    w.reduce((a, x, i) => (shown[i] ? a + x : a), 0) + GAP.length * Math.max(0, shown.filter(Boolean).length - 1);
  if (terminalWidth === undefined || !(terminalWidth > 0) || sum(widths) <= terminalWidth) return { widths, shown };
  const last = natural.length - 1;
  // what the table needs at least with the text given way
  const floor = natural.map((w, i) =>
    give[i] === 'free' ? minimum[i] : give[i] === 'typed' ? Math.min(w, Math.max(minimum[i], TYPED_FLOOR)) : w,
  );
  const leaveOut = (which: (g: Give) => boolean) => {
    for (let i = last; i >= 1 && sum(floor) > terminalWidth; i--) if (which(give[i]) && !keep[i]) shown[i] = false;
  };
  if (mayHide) {
    leaveOut((g) => g === 'free');
    leaveOut((g) => g === 'fixed' || g === 'code');
    // what a later column's leaving made room for comes back, the more useful (leftmost) first
    for (let i = 1; i <= last; i++) {
      if (shown[i]) continue;
      shown[i] = true;
      if (sum(floor) > terminalWidth) shown[i] = false;
    }
  }
  const shrink = (which: Give) => {
    for (let i = last; i >= 0 && sum(widths) > terminalWidth; i--) {
      if (!shown[i] || give[i] !== which) continue;
      widths[i] = Math.max(minimum[i], widths[i] - (sum(widths) - terminalWidth));
    }
  };
  shrink('free');
  shrink('typed');
  return { widths, shown };
}

/**
 * A record's value in a column as the table shows it: Swiss-formatted, an amount with its currency where the column
 * names one.
 */
function cellValue(record: Record<string, unknown>, c: Column): string {
  const text = humanValue(getPath(record, c.key), c.kind);
  const currency = c.currencyKey === undefined ? undefined : getPath(record, c.currencyKey);
  return text !== '' && typeof currency === 'string' && currency !== '' ? `${currency} ${text}` : text;
}

/** The list table: one header row of UPPERCASE headers, then one row per record. Empty list → ''. */
export function renderListTable(
  records: Record<string, unknown>[],
  columns: Column[],
  opts: { color?: boolean; terminalWidth?: number; mayHide?: boolean; onHidden?: (keys: string[]) => void },
): string {
  if (records.length === 0 || columns.length === 0) return '';
  const headers = columns.map((c) => (c.header ?? c.key).toUpperCase());
  const cells = records.map((rec) => columns.map((c) => oneLine(cellValue(rec, c))));

  const natural = headers.map((h, i) => Math.max(width(h), ...cells.map((row) => width(row[i]))));
  const minimum = headers.map((h, i) => Math.min(natural[i], Math.max(width(h), MIN_TEXT_WIDTH)));
  const { widths, shown } = fitWidths(
    natural,
    minimum,
    columns.map(giveOf),
    columns.map((c) => c.keep === true),
    opts.terminalWidth,
    opts.mayHide === true,
  );
  // named by key: what --fields takes (total_value, project.name), not the header (VALUE, PROJECT)
  const hidden = columns.filter((_, i) => !shown[i]).map((c) => c.key);
  if (hidden.length) opts.onHidden?.(hidden);

  const align = columns.map((c) => (isNumericKind(c.kind) ? ('right' as const) : ('left' as const)));
  const b = bold(opts.color);
  const keep = <T>(row: T[]) => row.filter((_, i) => shown[i]);
  const rows = [
    keep(headers.map((h, i) => ({ content: b(h), hAlign: align[i] }))),
    ...cells.map((row) => keep(row.map((v, i) => ({ content: truncate(v, widths[i]), hAlign: align[i] })))),
  ];
  return `${render(rows)}\n`;
}

/**
 * One record, vertically: the UPPERCASE header of each selected column (bold with colour) and its
 * Swiss-formatted value. Multi-line text keeps its lines; with a terminal width each line is cut to fit.
 */
export function renderRecordTable(
  record: Record<string, unknown>,
  columns: Column[],
  opts: { color?: boolean; terminalWidth?: number },
): string {
  if (columns.length === 0) return '';
  const labels = columns.map((c) => (c.header ?? c.key).toUpperCase());
  const labelWidth = Math.max(...labels.map(width));
  const valueWidth =
    opts.terminalWidth !== undefined && opts.terminalWidth > 0
      ? Math.max(MIN_TEXT_WIDTH, opts.terminalWidth - labelWidth - GAP.length)
      : undefined;
  const b = bold(opts.color);
  const rows = columns.map((c, i) => {
    let value = cellValue(record, c)
      .replace(/\r\n?/g, '\n')
      .replace(/[\t\v\f]/g, ' ');
    if (valueWidth !== undefined)
      value = value
        .split('\n')
        .map((line) => truncate(line, valueWidth))
        .join('\n');
    return [
      { content: b(labels[i]), hAlign: 'left' as const },
      { content: value, hAlign: 'left' as const },
    ];
  });
  return `${render(rows)}\n`;
}
