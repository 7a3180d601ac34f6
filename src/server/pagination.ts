// The Laravel length-aware paginator: `{ data, links, meta }` with absolute links that keep the query.
import type { Ctx } from './context.js';
import { queryInt } from './request.js';

export interface PageRequest {
  page: number;
  perPage: number;
  offset: number;
}

export function pageRequest(c: Ctx, defaultPerPage = 15): PageRequest {
  const page = Math.max(1, queryInt(c, 'page') ?? 1);
  const perPage = Math.min(100, Math.max(1, queryInt(c, 'per_page') ?? defaultPerPage));
  return { page, perPage, offset: (page - 1) * perPage };
}

export function paginated<T>(c: Ctx, data: T[], total: number, { page, perPage }: PageRequest) {
  const url = new URL(c.req.url);
  const path = `${url.origin}${url.pathname}`;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const link = (n: number) => {
    const u = new URL(url);
    u.searchParams.set('page', String(n));
    return u.toString();
  };
  const from = data.length > 0 ? (page - 1) * perPage + 1 : null;
  return {
    data,
    links: {
      first: link(1),
      last: link(lastPage),
      prev: page > 1 ? link(Math.min(page - 1, lastPage)) : null,
      next: page < lastPage ? link(page + 1) : null,
    },
    meta: {
      current_page: page,
      from,
      last_page: lastPage,
      path,
      per_page: perPage,
      to: from === null ? null : from + data.length - 1,
      total,
    },
  };
}
