// What the reports read from the API: accounts with balances for a period, the tax rates, and the
// bookings of a period. Everything the reports compute goes through these calls, so they work against
// a hosted account exactly as against the embedded service.
import type { ApiClient, QueryValue } from '../http.js';
import { paginate } from '../paginate.js';
import { listAccounts, type AccountRecord, type AccountTypeFilter } from './accounts.js';
import { dateFilter, entryPages, type EntryRecord } from './entries.js';
import { taxRatePaths } from './tax-rates.js';

/** GET /accounts?type=&start=&until=: the accounts with their balances for the period (one request). */
export function accountBalances(
  client: ApiClient,
  company: number,
  type: AccountTypeFilter,
  start: string | undefined,
  until: string,
): Promise<AccountRecord[]> {
  const query: Record<string, QueryValue> = { type, until };
  if (start !== undefined) query.start = start;
  return listAccounts(client, company, query);
}

/** The chart of accounts without balances (types and numbers, for the posting rule). */
export function chartOfAccounts(client: ApiClient, company: number): Promise<AccountRecord[]> {
  return listAccounts(client, company, { type: 'all' });
}

/** Every tax rate, archived ones included (old bookings keep them). */
export async function allTaxRates(client: ApiClient, company: number): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for await (const page of paginate<Record<string, unknown>>(client, taxRatePaths.list(company), { all: true }))
    out.push(...page);
  return out;
}

/**
 * What the reports read of a booking, asked for as a sparse fieldset: a page then carries a seventh of
 * the bytes (a service without fieldsets sends whole bookings, which the reports read just as well).
 */
export const REPORT_ENTRY_FIELDS = [
  'id',
  'number',
  'date',
  'description',
  'sum',
  'debit_account_id',
  'credit_account_id',
  'tax_rate_id',
];

/**
 * The pages of the bookings of a period, in date order; `extra` adds filters (filter[account_id], filter[tax_rate_id]
 * …).
 */
export function periodEntryPages(
  client: ApiClient,
  company: number,
  from: string | undefined,
  to: string | undefined,
  extra: Record<string, QueryValue> = {},
): AsyncGenerator<EntryRecord[]> {
  const query: Record<string, QueryValue> = {
    ...extra,
    sort: 'date',
    'fields[entries]': REPORT_ENTRY_FIELDS.join(','),
  };
  const date = dateFilter(from, to);
  if (date !== undefined) query['filter[date]'] = date;
  return entryPages(client, company, query);
}
