// The pipeline's CSV: RFC 4180 with CRLF line ends, a header row of column names; the --excel variant
// is what Swiss Excel opens with a double click (a UTF-8 byte order mark and `;` between cells). Reading
// takes either (`,`, `;` or tab, with or without the mark). papaparse loads on first use.
import type Papa from 'papaparse';
import { detectDelimiter } from '../../domain/text.js';
import { UsageError } from '../../errors.js';

const papa = (): typeof Papa => require('papaparse');

export const BOM = '\uFEFF';

export interface CsvDialect {
  delimiter: ',' | ';' | '\t';
  bom: boolean;
}

export const PLAIN: CsvDialect = { delimiter: ',', bom: false };
export const EXCEL: CsvDialect = { delimiter: ';', bom: true };

export interface CsvTable {
  header: string[];
  rows: string[][];
  dialect: CsvDialect;
}

/**
 * Parses a whole file: the header and every record (a record's number in messages is its index + 2).
 * `bom`: the file's bytes began with a UTF-8 byte order mark, which decoding takes off the text.
 */
export function parseCsv(text: string, name: string, bom: boolean): CsvTable {
  const body = text.startsWith(BOM) ? text.slice(1) : text;
  if (body.trim() === '') throw new UsageError(`${name} is empty: expected CSV with a header row`);
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  const delimiter = detectDelimiter(firstLine);
  const parsed = papa().parse<string[]>(body, { delimiter, skipEmptyLines: 'greedy', header: false });
  const bad = parsed.errors.find((e) => e.type === 'Quotes');
  if (bad) throw new UsageError(`${name}: row ${(bad.row ?? 0) + 1}: ${bad.message.toLowerCase()}`);
  const [header, ...rows] = parsed.data;
  return { header: header.map((h) => h.trim()), rows, dialect: { delimiter, bom } };
}
