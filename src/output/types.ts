// Shared types of the output layer (re-exported by ./index.ts).

export type OutputFormat = 'table' | 'tsv' | 'json' | 'ndjson' | 'csv';

export const OUTPUT_FORMATS: readonly OutputFormat[] = Object.freeze([
  'table',
  'tsv',
  'json',
  'ndjson',
  'csv',
] as const);

/**
 * `code`: text read whole or not at all (a rate name, a status); a table leaves it out rather than cut it.
 * `sums`: amounts per currency, `{ CHF: 416.05, EUR: 1266.66 }`, shown "CHF 416.05, EUR 1'266.66".
 */
export type ColumnKind =
  | 'text'
  | 'code'
  | 'int'
  | 'number'
  | 'money'
  | 'date'
  | 'datetime'
  | 'bool'
  | 'duration'
  | 'json'
  | 'sums';

export interface Column {
  /** Record key; may be a dot path into nested objects, e.g. 'customer.name'. */
  key: string;
  /** Table header (shown UPPERCASE); default = key. tsv/csv always use `key` so scripts get stable names. */
  header?: string;
  /** How the table formats the value; default 'text'. */
  kind?: ColumnKind;
  /** Shown when --fields is not given (columns with default !== false are shown). */
  default?: boolean;
  /** Table: never left out to fit the terminal (a total). */
  keep?: boolean;
  /** Table, money: the record's currency is at this key, and the amount is shown with it ("EUR 1'266.66"). */
  currencyKey?: string;
}

/** Where output goes; the run's stdout (src/cli/io.ts) fits. */
export interface Sink {
  write(chunk: string): unknown;
}

export interface RenderOptions {
  format: OutputFormat;
  /** Every field the resource knows, in display order. */
  columns: Column[];
  /** From --fields (already split on commas): selects and orders. */
  fields?: string[];
  out: Sink;
  /** Colour allowed (TTY and not NO_COLOR) — only the table uses colour. */
  color?: boolean;
  /** Table only: truncate long text with '…' (and leave out the least useful columns) so rows fit this many columns. */
  terminalWidth?: number;
  /** Where a list table says which columns it left out to fit (the CLI: stderr). */
  notice?: (line: string) => void;
}

export interface ListRenderer {
  /** One page of records, as it arrives. */
  push(records: Record<string, unknown>[]): void;
  /** Call once after the last page. */
  end(): void;
}
