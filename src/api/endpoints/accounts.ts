import type { ApiClient, QueryValue } from '../http.js';

export type AccountRecord = Record<string, unknown>;

/** The `type` filter of GET /accounts (assets includes bank and depreciation accounts). */
export const ACCOUNT_TYPE_FILTERS = [
  'all',
  'bank',
  'deprecations',
  'assets',
  'liabilities',
  'balance_sheet',
  'income',
  'expense',
] as const;
/** The `type` of a new account. */
export const ACCOUNT_CREATE_TYPES = [
  'bank',
  'deprecations',
  'assets',
  'liabilities',
  'balance_sheet',
  'income',
  'expense',
] as const;

export type AccountTypeFilter = (typeof ACCOUNT_TYPE_FILTERS)[number];

export const accountPaths = {
  list: (company: number) => `/companies/${company}/accounts`,
  one: (company: number, id: number | string) => `/companies/${company}/accounts/${id}`,
  reset: (company: number) => `/companies/${company}/accounts/reset`,
} as const;

/** GET /accounts: a bare array (not paginated), with balances when `start` or `until` is given. */
export async function listAccounts(
  client: ApiClient,
  company: number,
  query: Record<string, QueryValue> = {},
): Promise<AccountRecord[]> {
  const body = await client.get<unknown>(accountPaths.list(company), { query });
  if (Array.isArray(body)) return body as AccountRecord[];
  // tolerate an enveloped answer
  const data = (body as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? (data as AccountRecord[]) : [];
}

/** POST /accounts/reset: replaces the chart with the standard chart; answers the new accounts. */
export async function resetAccounts(client: ApiClient, company: number): Promise<AccountRecord[]> {
  const body = await client.post<{ data: AccountRecord[] }>(accountPaths.reset(company));
  return body.data;
}
