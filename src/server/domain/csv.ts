// Reading uploaded CSV files (decoded by domain/text.ts): the delimiter (`,`, `;` or tab, or Excel's
// `sep=` line), and records keyed by normalised header names with their row number as a spreadsheet
// shows it (the header is row 1).
// The import handlers load this module with await import(), so papaparse does not load with the service.
import Papa from 'papaparse';
import { detectDelimiter } from '../../domain/text.js';

export type Delimiter = ',' | ';' | '\t';

export interface CsvRecord {
  /** row number as a spreadsheet shows it: the header is row 1, the first record row 2 */
  row: number;
  /** cell text by normalised header name; cells are trimmed; columns without a header are dropped */
  values: Record<string, string>;
}

export interface CsvTable {
  header: string[];
  records: CsvRecord[];
  delimiter: Delimiter;
}

/** "Contact Name" / "contact-name" / " CONTACT_NAME " → "contact_name". */
export const normaliseHeader = (name: string): string =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** Parses CSV text; blank lines are skipped but still counted in row numbers. */
export function parseCsv(input: string): CsvTable {
  let text = input.replace(/^\uFEFF/, '');
  let rowOffset = 0;
  let delimiter: Delimiter | undefined;
  const sep = /^sep=(.)\r?\n/i.exec(text);
  if (sep && [',', ';', '\t'].includes(sep[1])) {
    delimiter = sep[1] as Delimiter;
    text = text.slice(sep[0].length);
    rowOffset = 1;
  }
  delimiter ??= detectDelimiter(text.split(/\r?\n/, 1)[0] ?? '');
  const parsed = Papa.parse<string[]>(text, { delimiter, header: false, skipEmptyLines: false, quoteChar: '"' });
  const rows = parsed.data;
  const headerIndex = rows.findIndex((r) => r.some((cell) => cell.trim() !== ''));
  if (headerIndex < 0) return { header: [], records: [], delimiter };
  const header = rows[headerIndex].map(normaliseHeader);
  const records: CsvRecord[] = [];
  for (let i = headerIndex + 1; i < rows.length; i++) {
    const cells = rows[i];
    if (!cells.some((cell) => cell.trim() !== '')) continue;
    const values: Record<string, string> = {};
    header.forEach((name, col) => {
      if (name === '' || name in values) return;
      values[name] = (cells[col] ?? '').trim();
    });
    records.push({ row: i + 1 + rowOffset, values });
  }
  return { header, records, delimiter };
}

/**
 * A decimal as spreadsheets write it → plain decimal text: "1'234.50" → "1234.50", "120,50" → "120.50"
 * (a comma is a decimal point only when it is the one separator and one or two digits follow).
 * Anything else is returned unchanged, for the validator to reject.
 */
export function normaliseDecimal(value: string): string {
  const v = value.replace(/['’\s]/g, '').replace(/^CHF/i, '');
  if (/^[+-]?\d+,\d{1,2}$/.test(v)) return v.replace(',', '.');
  if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(v)) return v;
  return value;
}
