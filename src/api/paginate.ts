// Walks the list endpoints of the service page by page. Two paging styles exist in the API:
//   (a) Laravel resources: { data, links: {first,last,prev,next}, meta: {current_page, last_page, per_page, total, …} }
//       (the flat paginator with current_page/last_page at the top level is accepted too);
//   (b) bookings: { data, current_count, total_count, page, per_page }.
// Anything else that is a bare array or { data: [...] } is a single page.
import { CliError } from '../errors.js';
import type { ApiClient, QueryValue } from './http.js';

export interface PageOptions {
  /** Extra query parameters (filters, sort, …); `page` and `per_page` are set by paginate. */
  query?: Record<string, QueryValue>;
  /** First page to request (default 1). */
  page?: number;
  /** Page size; default: server default for a single page, 100 with `all`, min(limit, 100) with `limit`. */
  perPage?: number;
  /** Stop after this many records (the last page is truncated). */
  limit?: number;
  /** Follow to the last page. */
  all?: boolean;
  signal?: AbortSignal;
  /** Called with each page's whole answer, e.g. to read a list's `meta` (totals) beside its records. */
  onPage?: (body: unknown) => void;
}

export const MAX_PER_PAGE = 100;

interface ParsedPage<T> {
  items: T[];
  /** Whether the server says there are pages after this one. */
  more: boolean;
  /** The page number to request next (when `more`). */
  next: number;
  /** The last page, when the answer says (a Laravel last_page, or the bookings' total_count). */
  last?: number;
}

/** Yields arrays of records page by page (empty pages are not yielded). */
export async function* paginate<T = Record<string, unknown>>(
  client: ApiClient,
  path: string,
  opts: PageOptions = {},
): AsyncGenerator<T[]> {
  const limit = opts.limit;
  if (limit !== undefined && (!Number.isFinite(limit) || limit < 0)) {
    throw new CliError(`invalid limit: ${limit}`);
  }
  if (limit === 0) return;
  const follow = opts.all === true || limit !== undefined;
  const perPage =
    opts.perPage ?? (limit !== undefined ? Math.min(limit, MAX_PER_PAGE) : opts.all ? MAX_PER_PAGE : undefined);
  let page = opts.page ?? 1;
  let yielded = 0;

  for (;;) {
    const query: Record<string, QueryValue> = { ...opts.query, page, per_page: perPage };
    const body = await client.get<unknown>(path, { query, signal: opts.signal });
    const parsed = parsePage<T>(body, page, perPage, path);
    opts.onPage?.(body);
    let items = parsed.items;
    if (limit !== undefined && yielded + items.length > limit) items = items.slice(0, limit - yielded);
    yielded += items.length;
    if (items.length > 0) yield items;

    if (!follow) return;
    if (limit !== undefined && yielded >= limit) return;
    if (!parsed.more || parsed.items.length === 0) return;
    // Guard against a server that ignores `page` and keeps answering the same page.
    if (parsed.next <= page) return;
    page = parsed.next;
  }
}

export interface AllPagesOptions {
  query?: Record<string, QueryValue>;
  /** Page size (default 100, the most the API gives). */
  perPage?: number;
  /** Requests in flight at once (default 4); the client's pacing keeps them within the rate limit. */
  concurrency?: number;
  signal?: AbortSignal;
}

/**
 * Every page of a list, in order, with up to `concurrency` requests in flight: page 1 says how many
 * pages there are, and the pages after it are asked for in a window that moves on as each page is
 * yielded (so at most `concurrency` pages wait in memory). A list that does not say its last page is
 * walked one page after another, as `paginate` does.
 */
export async function* allPages<T = Record<string, unknown>>(
  client: ApiClient,
  path: string,
  opts: AllPagesOptions = {},
): AsyncGenerator<T[]> {
  const perPage = opts.perPage ?? MAX_PER_PAGE;
  const concurrency = Math.max(1, opts.concurrency ?? 4);
  const fetchPage = async (page: number): Promise<ParsedPage<T>> =>
    parsePage<T>(
      await client.get<unknown>(path, { query: { ...opts.query, page, per_page: perPage }, signal: opts.signal }),
      page,
      perPage,
      path,
    );
  const first = await fetchPage(1);
  if (first.items.length > 0) yield first.items;
  if (!first.more || first.items.length === 0) return;
  if (first.last === undefined) {
    yield* paginate<T>(client, path, { query: opts.query, page: first.next, perPage, all: true, signal: opts.signal });
    return;
  }
  const last = first.last;
  const inFlight = new Map<number, Promise<ParsedPage<T>>>();
  let launched = 1;
  try {
    for (let page = 2; page <= last; page++) {
      while (launched < last && launched < page + concurrency - 1) {
        const request = fetchPage(++launched);
        request.catch(() => undefined); // a failure surfaces when its page's turn comes
        inFlight.set(launched, request);
      }
      const got = await inFlight.get(page)!;
      inFlight.delete(page);
      if (got.items.length > 0) yield got.items;
    }
  } finally {
    inFlight.clear();
  }
}

/** How many records the whole list holds, when its answer says (a Laravel meta.total, the bookings' total_count). */
export function listTotal(body: unknown): number | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const obj = body as Record<string, unknown>;
  const meta =
    obj.meta && typeof obj.meta === 'object' && !Array.isArray(obj.meta) ? (obj.meta as Record<string, unknown>) : obj;
  return num(meta.total) ?? num(obj.total_count);
}

function num(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return undefined;
}

function parsePage<T>(body: unknown, requested: number, perPage: number | undefined, path: string): ParsedPage<T> {
  if (Array.isArray(body)) return { items: body as T[], more: false, next: requested + 1 };
  if (!body || typeof body !== 'object' || !Array.isArray((body as { data?: unknown }).data)) {
    throw new CliError(`unexpected answer from ${path}: expected a list`);
  }
  const obj = body as Record<string, unknown>;
  const items = obj.data as T[];

  // (a) Laravel: meta.current_page / meta.last_page (or the same keys at the top level).
  const meta =
    obj.meta && typeof obj.meta === 'object' && !Array.isArray(obj.meta) ? (obj.meta as Record<string, unknown>) : obj;
  const current = num(meta.current_page);
  if (current !== undefined) {
    const last = num(meta.last_page);
    let more: boolean;
    if (last !== undefined) {
      more = current < last;
    } else {
      // simplePaginate: no last_page, only a next link.
      const links = obj.links && typeof obj.links === 'object' ? (obj.links as Record<string, unknown>) : {};
      more = Boolean(links.next ?? obj.next_page_url);
    }
    return { items, more, next: current + 1, last };
  }

  // (b) bookings: page / per_page / total_count.
  const total = num(obj.total_count);
  if (total !== undefined) {
    const pageNo = num(obj.page) ?? requested;
    const size = num(obj.per_page) ?? perPage ?? items.length;
    return {
      items,
      more: size > 0 && pageNo * size < total,
      next: pageNo + 1,
      last: size > 0 ? Math.max(1, Math.ceil(total / size)) : undefined,
    };
  }

  // (c) No paging information: a single page.
  return { items, more: false, next: requested + 1 };
}
