// The pipeline's CSV: RFC 4180 with CRLF line ends, a header row of column names; the --excel variant
// is what Swiss Excel opens with a double click (a UTF-8 byte order mark and `;` between cells). Reading
// takes either (`,`, `;` or tab, with or without the mark). papaparse loads on first use.
import type Papa from 'papaparse';
import { UsageError } from '../../errors.js';

const papa = (): typeof Papa => require('papaparse');

export const BOM = '\uFEFF';
export const NEWLINE = '\r\n';

export interface CsvDialect { delimiter: ',' | ';' | '\t'; bom: boolean }

export const PLAIN: CsvDialect = { delimiter: ',', bom: false };
export const EXCEL: CsvDialect = { delimiter: ';', bom: true };

/** One CSV line (with its CRLF); a cell is quoted only when it must be. Formula escaping is off (it would mangle -12.50). */
export function csvLine(cells: string[], dialect: CsvDialect): string {
  // a lone empty cell would be an empty line, which readers skip
  if (cells.length === 1 && cells[0] === '') return `""${NEWLINE}`;
  return papa().unparse([cells], { delimiter: dialect.delimiter, newline: NEWLINE, header: false, quotes: false }) + NEWLINE;
}

export interface CsvTable { header: string[]; rows: string[][]; dialect: CsvDialect }

/** Parses a whole file: the header and every record (a record's number in messages is its index + 2). */
export function parseCsv(text: string, name: string): CsvTable {
  const bom = text.startsWith(BOM);
  const body = bom ? text.slice(1) : text;
  if (body.trim() === '') throw new UsageError(`${name} is empty: expected CSV with a header row`);
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  const delimiter = guessDelimiter(firstLine);
  const parsed = papa().parse<string[]>(body, { delimiter, skipEmptyLines: 'greedy', header: false });
  const bad = parsed.errors.find((e) => e.type === 'Quotes');
  if (bad) throw new UsageError(`${name}: row ${(bad.row ?? 0) + 1}: ${bad.message.toLowerCase()}`);
  const [header, ...rows] = parsed.data;
  return { header: header.map((h) => h.trim()), rows, dialect: { delimiter, bom } };
}

/** The delimiter of the header line: the one of `,`, `;` and tab that occurs most outside quotes (`,` when none does). */
function guessDelimiter(line: string): CsvDialect['delimiter'] {
  const outside = line.replace(/"[^"]*"/g, '');
  const count = (c: string) => outside.split(c).length - 1;
  const candidates: CsvDialect['delimiter'][] = [',', ';', '\t'];
  return candidates.reduce((best, c) => (count(c) > count(best) ? c : best), ',' as CsvDialect['delimiter']);
}
