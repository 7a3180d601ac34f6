// Field selection (--fields) and reading values by dot path.

import { UsageError } from '../errors.js';
import type { Column, OutputFormat } from './types.js';

/** 'table' when stdout is a TTY else 'tsv', unless a format was requested. */
export function resolveFormat(requested: OutputFormat | undefined, stdoutIsTTY: boolean): OutputFormat {
  if (requested !== undefined) return requested;
  return stdoutIsTTY ? 'table' : 'tsv';
}

/**
 * Validates --fields against the resource's columns (call it before any request is sent) and returns
 * the ordered columns to show. Without `fields`: every column whose `default !== false`.
 * Names are matched exactly against column keys (surrounding whitespace is ignored, so
 * `--fields "id, name"` works); a repeated name is kept once, at its first position.
 */
export function selectColumns(columns: Column[], fields?: string[]): Column[] {
  if (fields === undefined) return columns.filter((c) => c.default !== false);

  const available = columns.map((c) => c.key).join(', ');
  const byKey = new Map<string, Column>();
  for (const c of columns) if (!byKey.has(c.key)) byKey.set(c.key, c);

  const names = fields.map((f) => f.trim());
  if (names.length === 0) {
    throw new UsageError(`--fields needs at least one field name; available: ${available}`);
  }
  if (names.some((n) => n === '')) {
    throw new UsageError(`empty field name in --fields; available: ${available}`);
  }

  const unknown = [...new Set(names.filter((n) => !byKey.has(n)))];
  if (unknown.length > 0) {
    const list = unknown.map((n) => JSON.stringify(n)).join(', ');
    const noun = unknown.length === 1 ? 'field' : 'fields';
    throw new UsageError(`unknown ${noun} ${list} for --fields; available: ${available}`);
  }

  const seen = new Set<string>();
  const out: Column[] = [];
  for (const n of names) {
    if (seen.has(n)) continue;
    seen.add(n);
    out.push(byKey.get(n)!);
  }
  return out;
}

/**
 * Reads `key` from a record: an own property with exactly that name wins, otherwise a dot path
 * ('customer.name') is followed through nested objects. Missing → undefined.
 */
export function getPath(record: unknown, key: string): unknown {
  if (record === null || typeof record !== 'object') return undefined;
  const obj = record as Record<string, unknown>;
  if (Object.hasOwn(obj, key)) return obj[key];
  if (!key.includes('.')) return undefined;
  let cur: unknown = obj;
  for (const part of key.split('.')) {
    if (cur === null || typeof cur !== 'object' || !Object.hasOwn(cur, part)) return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}
