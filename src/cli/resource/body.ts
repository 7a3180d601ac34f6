// Building request bodies and queries from flags: type checks happen here, before any request.
import { dateFilter } from '../../api/endpoints/entries.js';
import { parseDay } from '../shared/calendar.js';
import { parseAmount } from '../shared/numbers.js';
import { UsageError } from '../../errors.js';
import { currentIO } from '../io.js';
import { optionKey } from '../verb.js';
import type { BodyField, FieldType, FilterFlag } from './spec.js';

// getBuiltinModule: see src/cli/runtime.ts
const { readFileSync } = process.getBuiltinModule('node:fs');

export { today } from '../shared/calendar.js';

export function convertValue(
  flag: string,
  type: FieldType,
  raw: unknown,
  choices?: readonly string[],
  isRef = false,
): unknown {
  // references stay as typed until the resolver turns them into ids
  if (isRef) return String(raw);
  if (type === 'bool')
    return raw === true || raw === 'true' || raw === '1'
      ? true
      : raw === false || raw === 'false' || raw === '0'
        ? false
        : badValue(flag, raw, 'true or false');
  const value = String(raw);
  switch (type) {
    case 'int':
      return /^-?\d+$/.test(value) ? Number(value) : badValue(flag, value, 'a whole number');
    case 'decimal':
      // kept as decimal text (1'000,50 → 1000.50): no float on the way to the API
      return parseAmount(value, flag);
    case 'date':
      return parseDay(value, flag);
    case 'enum':
      return choices && !choices.includes(value) ? badValue(flag, value, `one of ${choices.join(', ')}`) : value;
    case 'ids': {
      const ids = value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (!ids.length || ids.some((id) => !/^\d+$/.test(id)))
        return badValue(flag, value, 'comma-separated ids like 1,2,3');
      return ids.map(Number);
    }
    case 'json':
      try {
        return JSON.parse(value);
      } catch {
        return badValue(flag, value, 'valid JSON');
      }
    default:
      return value;
  }
}

function badValue(flag: string, value: unknown, expected: string): never {
  throw new UsageError(`invalid --${flag} "${String(value)}": expected ${expected}`);
}

/** The JSON a flag names: a file, or - for stdin (`flag` as the messages name it, e.g. --data). */
export function readJsonFlag(flag: string, file: string): unknown {
  let text: string;
  try {
    text = file === '-' ? currentIO().stdin.read().toString('utf8') : readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(
      `cannot read ${flag} ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${flag} ${file} is not valid JSON: ${(err as Error).message}`);
  }
}

/** The --data body (a JSON object from a file or stdin), or {}. */
export function readDataFlag(data: string | undefined): Record<string, unknown> {
  if (data === undefined) return {};
  const parsed = readJsonFlag('--data', data);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new UsageError(`--data ${data} must hold a JSON object`);
  return parsed as Record<string, unknown>;
}

/**
 * Moves the `from` and `to` of a list query into `filter[date]` (a range, or an open start or end), checking their
 * order.
 */
export function periodQuery(query: Record<string, string | number | boolean>): void {
  const from = query.from as string | undefined;
  const to = query.to as string | undefined;
  delete query.from;
  delete query.to;
  if (from !== undefined && to !== undefined && to < from) throw new UsageError(`--to ${to} is before --from ${from}`);
  const date = dateFilter(from, to);
  if (date !== undefined) query['filter[date]'] = date;
}

/** Flags given on the command line (`opts` by option key), converted and keyed by body key. */
export function bodyFromFlags(fields: BodyField[], opts: object): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of fields) {
    const value = (opts as Record<string, unknown>)[optionKey(f.flag)];
    if (value === undefined) continue;
    body[f.key] = value === null ? null : convertValue(f.flag, f.type, value, f.choices, !!f.ref);
  }
  return body;
}

/** Filter flags given (`opts` by option key), converted and keyed by query parameter. */
export function queryFromFilters(filters: FilterFlag[], opts: object): Record<string, string | number | boolean> {
  const query: Record<string, string | number | boolean> = {};
  for (const f of filters) {
    const value = (opts as Record<string, unknown>)[optionKey(f.flag)];
    if (value === undefined) continue;
    const converted = convertValue(f.flag, f.type, value, f.choices, !!f.ref);
    query[f.param] = Array.isArray(converted) ? converted.join(',') : (converted as string | number | boolean);
  }
  return query;
}

export function positiveInt(flag: string, raw: unknown): number | undefined {
  if (raw === undefined) return undefined;
  const value = String(raw);
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new UsageError(`invalid ${flag} "${value}": expected a whole number of at least 1`);
  return Number(value);
}
