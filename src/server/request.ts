// Reading requests: JSON or multipart bodies, query booleans and integers, path ids, the filter[…] and
// include query parameters.
import { badRequest, HttpError, notFound } from './http-error.js';
import { toBoolean } from './validation.js';
import type { Ctx } from './context.js';

export type Body = Record<string, unknown>;

/** How deep a body may nest (arrays and objects; PHP's json_decode stops at 512 too). */
export const MAX_INPUT_DEPTH = 512;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;

/** Sets an own property, also one named `__proto__` (JSON.parse makes those). */
const put = (target: object, key: string, value: unknown) =>
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });

/**
 * What Laravel's global middleware does to every input before validation (TrimStrings and
 * ConvertEmptyStringsToNull): strings are trimmed and an empty string becomes null, at any depth.
 * Uploaded files pass unchanged. The walk is iterative (no stack to overflow); a body nested deeper
 * than MAX_INPUT_DEPTH is a 400.
 */
export function normaliseInput(input: unknown): unknown {
  const root = {};
  // [value, the copy it goes into, its key there, how many containers hold it]
  const pending: [unknown, object, string, number][] = [[input, root, 'value', 0]];
  while (pending.length > 0) {
    const [value, into, key, depth] = pending.pop()!;
    if (typeof value === 'string') {
      const trimmed = value.trim();
      put(into, key, trimmed === '' ? null : trimmed);
    } else if (Array.isArray(value) || isPlainObject(value)) {
      if (depth >= MAX_INPUT_DEPTH)
        throw badRequest(`The request body is nested too deeply (at most ${MAX_INPUT_DEPTH} levels).`);
      const copy = Array.isArray(value) ? new Array<unknown>(value.length) : {};
      put(into, key, copy);
      // pushed last to first, so the copy's keys are made in the original order
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) pending.push([entries[i][1], copy, entries[i][0], depth + 1]);
    } else {
      put(into, key, value);
    }
  }
  return (root as { value: unknown }).value;
}

/** The request body as an object: JSON, multipart or urlencoded form; an empty body is {}. Invalid JSON → 400. */
export async function readBody(c: Ctx): Promise<Body> {
  return normaliseInput(await readRawBody(c)) as Body;
}

async function readRawBody(c: Ctx): Promise<Body> {
  const type = c.req.header('content-type') ?? '';
  if (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')) {
    try {
      return { ...((await c.req.parseBody({ all: true })) as Body) };
    } catch {
      throw new HttpError(400, 'The request body is not valid form data.');
    }
  }
  const text = await c.req.text();
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new HttpError(400, 'The request body must be a JSON object.');
  }
  return parsed as Body;
}

/** A path id: a positive integer, else the record cannot exist (404). */
export function pathId(c: Ctx, name: string): number {
  const raw = c.req.param(name) ?? '';
  if (!/^\d{1,15}$/.test(raw)) throw notFound();
  return Number(raw);
}

export function queryBoolean(c: Ctx, name: string): boolean | undefined {
  const raw = c.req.query(name);
  if (raw === undefined || raw === '') return undefined;
  const value = toBoolean(raw);
  return typeof value === 'boolean' ? value : undefined;
}

export function queryInt(c: Ctx, name: string): number | undefined {
  const raw = c.req.query(name);
  if (raw === undefined || !/^-?\d{1,15}$/.test(raw.trim())) return undefined;
  return Number(raw.trim());
}

const filterName = (name: string) => `filter[${name}]`;

/** A boolean query filter (true/false/1/0); absent or empty → undefined; anything else → 400. */
export function filterBoolean(c: Ctx, name: string): boolean | undefined {
  const raw = c.req.query(filterName(name));
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = toBoolean(raw.trim());
  if (typeof value !== 'boolean') throw badRequest(`${filterName(name)} must be true, false, 1 or 0.`);
  return value;
}

/** An id-list query filter: one id or comma-separated ids; anything else → 400. */
export function filterIds(c: Ctx, name: string): number[] | undefined {
  const raw = c.req.query(filterName(name));
  if (raw === undefined || raw.trim() === '') return undefined;
  const parts = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (parts.some((p) => !/^\d{1,15}$/.test(p)))
    throw badRequest(`${filterName(name)} must be an id or comma-separated ids.`);
  if (parts.length > 1000) throw badRequest(`${filterName(name)} takes at most 1000 ids.`);
  return parts.map(Number);
}

/** A query filter of named values: one or comma-separated, each one of `allowed`; anything else → 400. */
export function filterValues<T extends string>(c: Ctx, name: string, allowed: readonly T[]): T[] | undefined {
  const raw = c.req.query(filterName(name));
  if (raw === undefined || raw.trim() === '') return undefined;
  const parts = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const wrong = parts.filter((p) => !(allowed as readonly string[]).includes(p));
  if (wrong.length) throw badRequest(`${filterName(name)} must be one of ${allowed.join(', ')}.`);
  return parts as T[];
}

/** A whole-number query filter (>= 0); anything else → 400. */
export function filterInteger(c: Ctx, name: string): number | undefined {
  const raw = c.req.query(filterName(name));
  if (raw === undefined || raw.trim() === '') return undefined;
  if (!/^\d{1,9}$/.test(raw.trim())) throw badRequest(`${filterName(name)} must be a whole number of at least 0.`);
  return Number(raw.trim());
}

/**
 * `include=a,b`: names (also snake_case aliases) mapped to keys; an unknown name is a 400 as Spatie's query builder
 * answers.
 */
export function parseIncludes<K extends string>(c: Ctx, allowed: Record<string, K>, shown: string[]): Set<K> {
  const raw = c.req.query('include') ?? '';
  const names = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const unknown = names.filter((n) => !Object.hasOwn(allowed, n));
  if (unknown.length) {
    throw badRequest(
      `Requested include(s) \`${unknown.join(', ')}\` are not allowed. Allowed include(s) are \`${shown.join(', ')}\`.`,
    );
  }
  return new Set(names.map((n) => allowed[n]));
}
