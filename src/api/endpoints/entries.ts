// Bookings (entries): the paths and the calls beyond the generic list/get/delete.
import { CliError } from '../../errors.js';
import type { ApiClient, QueryValue } from '../http.js';
import { allPages } from '../paginate.js';

export type EntryRecord = Record<string, unknown>;

export const ENTRY_TYPES = ['income', 'expense', 'swap'] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];

export const entryPaths = {
  list: (company: number) => `/companies/${company}/entries`,
  one: (company: number, id: number | string) => `/companies/${company}/entries/${id}`,
  grouped: (company: number) => `/companies/${company}/entries-grouped`,
  number: (company: number, type: EntryType) => `/companies/${company}/entries/number/${type}`,
} as const;

/** Relations a list embeds by default (snake_case, as the list reference names them). */
export const LIST_INCLUDES = 'tax_rate,customer,project';
/** Relations a single read embeds (camelCase, as the single-read reference names them). */
const GET_INCLUDES = 'taxRate,customer,project,group,invoice';

const unwrap = (body: unknown): EntryRecord => {
  const data = body && typeof body === 'object' && !Array.isArray(body) ? (body as { data?: unknown }).data : undefined;
  if (!data || typeof data !== 'object')
    throw new CliError('unexpected answer from the entries endpoint: expected { data: Entry }');
  return data as EntryRecord;
};

export async function getEntry(client: ApiClient, company: number, id: number): Promise<EntryRecord> {
  return unwrap(await client.get(entryPaths.one(company, id), { query: { include: GET_INCLUDES } }));
}

/** POST /entries with a JSON body, or multipart when a receipt is attached. */
export async function createEntry(
  client: ApiClient,
  company: number,
  body: { json?: unknown; form?: FormData },
): Promise<EntryRecord> {
  return unwrap(await client.post(entryPaths.list(company), body));
}

/** PUT /entries/{id}: only the fields given change. */
export async function updateEntry(
  client: ApiClient,
  company: number,
  id: number,
  body: { json?: unknown; form?: FormData },
): Promise<EntryRecord> {
  return unwrap(await client.put(entryPaths.one(company, id), body));
}

/** GET /entries/number/{type}: the running number itself when `number` is free, else the next free one. */
export async function entryNumber(
  client: ApiClient,
  company: number,
  type: EntryType,
  query: { year?: number; number?: number },
): Promise<number> {
  const path = entryPaths.number(company, type);
  const body = await client.get<{ number?: unknown }>(path, { query });
  const n = body?.number;
  if (typeof n !== 'number' || !Number.isInteger(n))
    throw new CliError(`unexpected answer from ${path}: expected { number }`);
  return n;
}

/** Every page of the bookings matching the query, in order: 100 a page, a few requests in flight (allPages). */
export function entryPages(
  client: ApiClient,
  company: number,
  query: Record<string, QueryValue>,
): AsyncGenerator<EntryRecord[]> {
  return allPages<EntryRecord>(client, entryPaths.list(company), { query });
}

/** Every booking matching the query, following all pages. */
export async function allEntries(
  client: ApiClient,
  company: number,
  query: Record<string, QueryValue>,
): Promise<EntryRecord[]> {
  const out: EntryRecord[] = [];
  for await (const page of entryPages(client, company, query)) out.push(...page);
  return out;
}

/** `filter[date]` of a period: a range, a single start date, or an open start. */
export function dateFilter(from: string | undefined, to: string | undefined): string | undefined {
  if (from !== undefined && to !== undefined) return `${from},${to}`;
  if (from !== undefined) return from;
  if (to !== undefined) return `1900-01-01,${to}`;
  return undefined;
}
