// The column map of a resource for `acct <resource> export` and `import`: which API field each CSV
// column holds and how its cell is written and read. Each group keeps its map in its own csv.ts (data
// only, cheap); the pipeline (export.ts, import.ts) does the rest the same way for every resource.
import type { QueryValue } from '../../api/http.js';
import type { RefKind, RefResolver } from '../refs.js';

type Rec = Record<string, any>;

/**
 * How a cell reads and writes:
 * - text: as it is (an empty cell is null);
 * - int: digits; decimal: a point, no grouping, `places` decimals (trailing zeros dropped with `trim`);
 * - bool: true or false; date: YYYY-MM-DD; enum: one of `choices`;
 * - ref: the record a bookkeeper names (account or customer number, an exact name, id:N), sent as its id;
 * - refs: several such names, comma-separated (tags), sent as an array of ids;
 * - json: a JSON value (the positions of a document), compared in its canonical form.
 */
export type CellType = 'text' | 'int' | 'decimal' | 'bool' | 'date' | 'enum' | 'ref' | 'refs' | 'json';

export interface CsvColumn {
  /** the header, e.g. debit_account */
  name: string;
  /** the API field it writes, e.g. debit_account_id */
  key: string;
  type: CellType;
  /** decimal: decimals kept (2 for money) */
  places?: number;
  /** decimal: leave out trailing zeros (8.1 rather than 8.10) */
  trim?: boolean;
  /** ref, refs: what the names name */
  ref?: RefKind;
  /** enum: the values allowed */
  choices?: readonly string[];
  /** a row without an id (a create) must fill it */
  required?: boolean;
  /** shown, never sent: a changed cell is refused with this reason */
  readOnly?: string;
  /** sent when a record is created, never changed afterwards: a changed cell is refused with this reason */
  fixed?: string;
  /** the record's value when it is not `record[key]` (tags as ids, positions in their canonical form) */
  get?: (record: Rec) => unknown;
  /** json: the canonical form of a value read from a cell, or a problem (a message) */
  canon?: (value: unknown) => unknown;
  /** json: the value sent (e.g. a JSON-encoded string) */
  send?: (canonical: unknown) => unknown;
}

export interface CsvMap {
  /** the command group, e.g. entries */
  group: string;
  /** singular, for messages */
  noun: string;
  paths: { list(company: number): string; one(company: number, id: number): string };
  columns: CsvColumn[];
  /** query parameters of every list request of the export and of the records read for an import */
  listQuery?: Record<string, QueryValue>;
  /** the list answers every record at once (no pages) */
  unpaginated?: boolean;
  /** the list answers summaries: each record is read whole through `one` (documents) */
  readEach?: boolean;
  /**
   * how an import reads the records its rows name by id: by `filter[id]` 100 at a time, the whole list, or one by one
   */
  fetch: 'ids' | 'all' | 'each';
  /**
   * The export's query from its filter flags: checked at once (before any request), references resolved
   * by the function it returns. Default: the filter flags as the spec maps them.
   */
  query?: (options: Rec) => (resolver: RefResolver) => Promise<Record<string, QueryValue>>;
  /**
   * How a row without an id is found again when its create was sent but its answer was lost: by the
   * first of these sets of columns that the row fills, else by every column it fills.
   */
  keys?: string[][];
  /** narrows the records searched for such a row (its values as sent: ids, decimals) */
  lookup?: (values: Rec) => Record<string, QueryValue>;
  /** rows without an id cannot be imported: why (contacts are created with their customer) */
  noCreate?: string;
  /** API fields an update sends even when unchanged (the API wants the whole record) */
  updateAlways?: string[];
}

/** A column headed by the API field it writes. */
export const column = (key: string, type: CellType, more: Partial<CsvColumn> = {}): CsvColumn => ({
  name: key,
  key,
  type,
  ...more,
});

/** Columns of plain text, of booleans, each headed by its API field. */
export const texts = (...keys: string[]): CsvColumn[] => keys.map((key) => column(key, 'text'));
export const bools = (...keys: string[]): CsvColumn[] => keys.map((key) => column(key, 'bool'));

/** An amount in CHF (two decimals). */
export const money = (key: string): CsvColumn => column(key, 'decimal', { places: 2 });

/** A reference: the header `name` (what it names), the API field `key` (the id sent). */
export const ref = (name: string, key: string, kind: RefKind, more: Partial<CsvColumn> = {}): CsvColumn => ({
  name,
  key,
  type: 'ref',
  ref: kind,
  ...more,
});

/** The id, first in every file; a required name. */
export const ID = column('id', 'int');
export const NAME = column('name', 'text', { required: true });

/** The canonical text of a decimal with `places` decimals; undefined when it is none or has more decimals than that. */
export function canonDecimal(value: unknown, places: number, trim = false): string | undefined {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : String(value ?? '').trim();
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return undefined;
  const [, sign, whole, frac = ''] = m;
  if (frac.slice(places).replace(/0+$/, '') !== '') return undefined;
  const digits = `${whole.replace(/^0+(?=\d)/, '')}.${frac.slice(0, places).padEnd(places, '0')}`;
  let out = places === 0 ? digits.slice(0, -1) : digits;
  if (trim && places > 0) out = out.replace(/\.?0+$/, '');
  return /^0(\.0*)?$/.test(out) ? out : sign + out;
}
