// The query of GET /times: the filters (ids, flags, project types, statuses, the date range, the invoice
// link), the order, the includes, the grouping and the page; a query it cannot read is a 400. The
// weekly timesheet widens the date range to whole weeks.
import type { Ctx } from '../context.js';
import { PROJECT_TYPES } from '../domain/budget.js';
import { TIME_STATUSES, parseDate, weekDates } from '../domain/time.js';
import { mondaysBetween } from '../domain/timesheet.js';
import { badRequest } from '../http-error.js';
import { TIME_INCLUDES, type TimeGrouping, type TimeInclude } from '../present/times.js';
import { filterBoolean, filterValues, parseIncludes, queryInt } from '../request.js';
import type { TimeFilter, TimeSort } from '../store/times.js';
import { toBoolean } from '../validation.js';

/** What GET /times asks for; without a grouping, a page only when per_page is given (else every entry). */
export interface TimeListQuery {
  includes: Set<TimeInclude>;
  grouping: TimeGrouping | undefined;
  filter: TimeFilter;
  sort: TimeSort[];
  /** the weeks of the week_project_days sheet */
  mondays: string[];
  page: number;
  perPage: number | undefined;
}

/** The list's query, read in the order its 400s are checked. */
export function timeListQuery(c: Ctx, today: string): TimeListQuery {
  const includes = timeIncludesOf(c);
  const grouping = groupingOf(c);
  const range = dateRangeFilter(c, today);
  const filter = listFilterOf(c, range);
  const sort = sortOf(c);
  const mondays = grouping === 'week_project_days' ? sheetMondays(range, today, filter) : [];
  const paged = !grouping && c.req.query('per_page') !== undefined;
  const page = Math.max(1, queryInt(c, 'page') ?? 1);
  const perPage = paged ? Math.min(100, Math.max(1, queryInt(c, 'per_page') ?? 15)) : undefined;
  return { includes, grouping, filter, sort, mondays, page, perPage };
}

/** filter[name] as one id, comma-separated ids, or an array (filter[name][]=1&filter[name][]=2); else 400. */
function idListFilter(c: Ctx, name: string): number[] | undefined {
  const params = new URL(c.req.url).searchParams;
  const key = `filter[${name}]`;
  const values: string[] = [];
  for (const [k, v] of params)
    if (k === key || (k.startsWith(`${key}[`) && k.endsWith(']'))) values.push(...v.split(','));
  const parts = values.map((s) => s.trim()).filter((s) => s !== '');
  if (parts.length === 0) return undefined;
  if (parts.some((p) => !/^\d{1,15}$/.test(p)))
    throw badRequest(`${key} must be an id, comma-separated ids or an array of ids.`);
  return parts.map(Number);
}

/** filter[date]: "start,end" (either side may be empty) or a single start date; any date format. */
function dateRangeFilter(c: Ctx, today: string): { from?: string; until?: string; single: boolean } | undefined {
  const raw = c.req.query('filter[date]');
  if (raw === undefined || raw.trim() === '') return undefined;
  const [a, b, ...rest] = raw.split(',').map((s) => s.trim());
  const read = (v: string | undefined) => {
    if (v === undefined || v === '') return undefined;
    const date = parseDate(v, today);
    if (!date) throw badRequest('filter[date] must be a date or a range start,end of dates.');
    return date;
  };
  if (rest.length) throw badRequest('filter[date] must be a date or a range start,end of dates.');
  const range = { from: read(a), until: read(b), single: b === undefined };
  if (range.from && range.until && range.until < range.from)
    throw badRequest('filter[date]: the end of the range is before its start.');
  return range;
}

const SORTS = ['date', 'start'] as const;

function sortOf(c: Ctx): TimeSort[] {
  const raw = (c.req.query('sort') ?? '').trim();
  if (raw === '')
    return [
      { column: 'date', desc: true },
      { column: 'start', desc: true },
    ];
  const parts = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const wrong = parts.filter((p) => !(SORTS as readonly string[]).includes(p.replace(/^-/, '')));
  if (wrong.length)
    throw badRequest(
      `Requested sort(s) \`${wrong.join(', ')}\` is not allowed. Allowed sort(s) are \`${SORTS.join(', ')}\`.`,
    );
  return parts.map((p) => ({ column: p.replace(/^-/, '') as TimeSort['column'], desc: p.startsWith('-') }));
}

const INCLUDES: Record<string, TimeInclude> = Object.fromEntries(TIME_INCLUDES.map((n) => [n, n]));
export const timeIncludesOf = (c: Ctx): Set<TimeInclude> => parseIncludes(c, INCLUDES, [...TIME_INCLUDES]);

function groupingOf(c: Ctx): TimeGrouping | undefined {
  const flag = (name: string) => {
    const raw = c.req.query(name);
    if (raw === undefined || raw.trim() === '') return false;
    const b = toBoolean(raw.trim());
    if (typeof b !== 'boolean') throw badRequest(`${name} must be true, false, 1 or 0.`);
    return b;
  };
  const chosen: TimeGrouping[] = [];
  const by = (c.req.query('group_by') ?? '').trim();
  if (by !== '') {
    if (by !== 'date' && by !== 'project') throw badRequest('group_by must be date or project.');
    chosen.push(by);
  }
  if (flag('group_by_weeks')) chosen.push('weeks');
  if (flag('group_by_week_project_days')) chosen.push('week_project_days');
  if (chosen.length > 1)
    throw badRequest('Choose one grouping: group_by, group_by_weeks or group_by_week_project_days.');
  return chosen[0];
}

type DateRange = ReturnType<typeof dateRangeFilter>;

/** The list's filters from the query: ids, flags, project types, statuses, the date range and the invoice link. */
function listFilterOf(c: Ctx, range: DateRange): TimeFilter {
  const filter: TimeFilter = {
    userIds: idListFilter(c, 'user_id'),
    ids: idListFilter(c, 'id'),
    customerIds: idListFilter(c, 'customer_id'),
    projectIds: idListFilter(c, 'project_id'),
    billable: filterBoolean(c, 'billable'),
    projectTypes: filterValues(c, 'project_type', PROJECT_TYPES),
    statuses: filterValues(c, 'status', TIME_STATUSES),
    from: range?.from,
    until: range?.until,
  };
  const invoiceRaw = (c.req.query('filter[invoice_id]') ?? '').trim().toLowerCase();
  if (invoiceRaw === 'null' || invoiceRaw === 'none') filter.invoiceIds = null;
  else filter.invoiceIds = idListFilter(c, 'invoice_id');
  const withInvoice = (c.req.query('filter[with_current_invoice_id]') ?? '').trim();
  if (withInvoice !== '') {
    if (!/^\d{1,15}$/.test(withInvoice)) throw badRequest('filter[with_current_invoice_id] must be an id.');
    filter.withInvoiceId = Number(withInvoice);
  }
  return filter;
}

const MAX_SHEET_WEEKS = 53;

/**
 * The weekly timesheet covers whole weeks: the week(s) of filter[date], else the current week; `filter` is widened to
 * them.
 */
function sheetMondays(range: DateRange, today: string, filter: TimeFilter): string[] {
  const from = range?.from ?? range?.until ?? today;
  const until = range?.single ? from : (range?.until ?? from);
  const mondays = mondaysBetween(from, until);
  if (mondays.length > MAX_SHEET_WEEKS)
    throw badRequest(`The timesheet covers at most ${MAX_SHEET_WEEKS} weeks; narrow filter[date].`);
  filter.from = mondays[0];
  filter.until = weekDates(mondays[mondays.length - 1]).at(-1);
  return mondays;
}
