// A column's cell both ways: the text an export writes for a record, and what an import reads from a
// cell (the value it sends, or the problem with it). Both sides meet in a comparable text — ids for
// references, canonical decimals and JSON for the rest — so an untouched cell is never a change.
import { DATE_FORMS, readDate } from '../../domain/calendar.js';
import { amountProblem, typedDecimal } from '../shared/numbers.js';
import type { RefResolver } from '../refs.js';
import { canonDecimal, type CsvColumn } from './map.js';

type Rec = Record<string, any>;

/** The record's value of the column. */
const recordValue = (col: CsvColumn, record: Rec): unknown => (col.get ? col.get(record) : record[col.key]);

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** The record's value as the import compares it: ids for references, canonical text for the rest. */
export function recordCompare(col: CsvColumn, record: Rec): string {
  const v = recordValue(col, record);
  if (isEmpty(v)) return '';
  switch (col.type) {
    case 'ref':
      return String(v);
    case 'refs':
      return (v as unknown[])
        .map(Number)
        .sort((a, b) => a - b)
        .join(',');
    default:
      return plainText(col, v);
  }
}

/** The cell an export writes (references as a bookkeeper names them). */
export async function exportCell(col: CsvColumn, record: Rec, resolver: RefResolver): Promise<string> {
  const v = recordValue(col, record);
  if (isEmpty(v)) return '';
  switch (col.type) {
    case 'ref':
      return resolver.label(col.ref!, Number(v));
    case 'refs': {
      const ids = (v as unknown[]).map(Number).sort((a, b) => a - b);
      // the names are comma-separated: one that holds a comma is written as its id
      const labels = await Promise.all(
        ids.map(async (id) => {
          const l = await resolver.label(col.ref!, id);
          return l.includes(',') ? `id:${id}` : l;
        }),
      );
      return labels.join(',');
    }
    default:
      return plainText(col, v);
  }
}

function plainText(col: CsvColumn, v: unknown): string {
  switch (col.type) {
    case 'decimal':
      return canonDecimal(v, col.places ?? 2, col.trim) ?? String(v);
    case 'bool':
      return v === true || v === 1 || v === '1' || v === 'true' ? 'true' : 'false';
    case 'json':
      return JSON.stringify(v);
    default:
      return String(v);
  }
}

/** A cell as the import reads it: the comparable text and the value sent, or what is wrong with it. */
export type ReadCell = { compare: string; send: unknown; problem?: undefined } | { problem: string };

// what spreadsheets write back too: Excel saves TRUE/FALSE in the words of its language
const BOOL_WORDS: Record<string, boolean> = {
  true: true,
  false: false,
  '1': true,
  '0': false,
  yes: true,
  no: false,
  ja: true,
  nein: false,
  wahr: true,
  falsch: false,
  vrai: true,
  faux: false,
  vero: true,
  falso: false,
};

/** Reads one cell of `col`; an empty cell is null (an empty list for refs). */
export async function readCell(col: CsvColumn, cell: string, resolver: RefResolver): Promise<ReadCell> {
  const text = col.type === 'text' ? cell : cell.trim();
  if (text === '') return { compare: '', send: col.type === 'refs' ? [] : null };
  switch (col.type) {
    case 'text':
      return { compare: text, send: text };
    case 'int':
      return /^-?\d+$/.test(text)
        ? { compare: String(Number(text)), send: Number(text) }
        : { problem: `${col.name} "${text}" is not a whole number` };
    case 'decimal': {
      // the amounts of the command line: 1'280.00 and 280,00 too (Excel's Swiss formats)
      const places = col.places ?? 2;
      const typed = typedDecimal(text, places);
      const canon = typed === undefined ? undefined : canonDecimal(typed, places, col.trim);
      if (canon === undefined) return { problem: `${col.name} "${text}": ${amountProblem(text, places)}` };
      return { compare: canon, send: canon };
    }
    case 'bool': {
      const b = BOOL_WORDS[text.toLowerCase()];
      return b === undefined
        ? { problem: `${col.name} "${text}" is not true or false` }
        : { compare: String(b), send: b };
    }
    case 'date': {
      // the days of the command line written out (what a file says does not change with the day it is read)
      const day = readDate(text);
      if (typeof day === 'string') return { compare: day, send: day };
      return { problem: `${col.name} "${text}" is not a date: ${day ? `${day.reason}; ` : ''}expected ${DATE_FORMS}` };
    }
    case 'enum':
      return col.choices!.includes(text)
        ? { compare: text, send: text }
        : { problem: `${col.name} "${text}" is not one of ${col.choices!.join(', ')}` };
    case 'ref': {
      const found = await resolver.find(col.ref!, text);
      return found.id !== undefined
        ? { compare: String(found.id), send: found.id }
        : { problem: refProblem(col, text, found.ambiguous) };
    }
    case 'refs': {
      const ids: number[] = [];
      for (const name of text
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '')) {
        const found = await resolver.find(col.ref!, name);
        if (found.id === undefined) return { problem: refProblem(col, name, found.ambiguous) };
        if (!ids.includes(found.id)) ids.push(found.id);
      }
      ids.sort((a, b) => a - b);
      return { compare: ids.join(','), send: ids };
    }
    case 'json': {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch (err) {
        return { problem: `${col.name} is not valid JSON: ${(err as Error).message}` };
      }
      const canonical = col.canon ? col.canon(parsed) : parsed;
      if (typeof canonical === 'string') return { problem: `${col.name}: ${canonical}` };
      return { compare: JSON.stringify(canonical), send: col.send ? col.send(canonical) : canonical };
    }
  }
}

const NOUNS: Record<string, string> = { 'tax-rate': 'tax rate', 'service-category': 'service category' };

function refProblem(col: CsvColumn, text: string, ambiguous: boolean): string {
  const noun = NOUNS[col.ref!] ?? col.ref!;
  return ambiguous
    ? `${col.name}: "${text}" matches several ${noun}s (write id:N)`
    : `${noun} ${text} does not exist (${col.name})`;
}
