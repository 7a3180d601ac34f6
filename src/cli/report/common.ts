// What every report command shares: the period flags (checked before any request) and the API reads
// turned into report inputs.
import type { ApiClient } from '../../api/http.js';
import type { AccountTypeFilter } from '../../api/endpoints/accounts.js';
import { accountBalances, allTaxRates, chartOfAccounts, periodEntryPages } from '../../api/endpoints/reports.js';
import type { QueryValue } from '../../api/http.js';
import { UsageError } from '../../errors.js';
import { toReportAccount, toReportEntry, toReportTaxRate } from '../../reports/input.js';
import { periodOf, type Period } from '../../reports/period.js';
import type { ReportAccount, ReportEntry, ReportTaxRate } from '../../reports/types.js';
import { convertValue, today } from '../resource/body.js';

/** A date flag: YYYY-MM-DD or today; undefined when not given. */
export function dateFlag(flag: string, raw: unknown): string | undefined {
  return raw === undefined ? undefined : (convertValue(flag, 'date', raw) as string);
}

/** The period flags of the reports: YYYY-MM-DD or today. */
export interface PeriodOptions { from?: string; to?: string }

/** --from/--to with the calendar-year defaults of docs/reports.md. */
export function periodFlags(opts: PeriodOptions): Period {
  const period = periodOf(dateFlag('from', opts.from), dateFlag('to', opts.to), today());
  if (period.to < period.from) throw new UsageError(`--to ${period.to} is before --from ${period.from}`);
  return period;
}

/** A report's data failing to parse is the API's fault, not the user's: exit 1 with what was wrong. */
function parsed<T>(what: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    throw new Error(`unexpected ${what} from the API: ${(err as Error).message}`);
  }
}

export async function balances(client: ApiClient, company: number, type: AccountTypeFilter, start: string | undefined, until: string): Promise<ReportAccount[]> {
  const rows = await accountBalances(client, company, type, start, until);
  return parsed('account balances', () => rows.map(toReportAccount));
}

export async function chart(client: ApiClient, company: number): Promise<ReportAccount[]> {
  const rows = await chartOfAccounts(client, company);
  return parsed('accounts', () => rows.map(toReportAccount));
}

export async function taxRates(client: ApiClient, company: number): Promise<ReportTaxRate[]> {
  const rows = await allTaxRates(client, company);
  return parsed('tax rates', () => rows.map(toReportTaxRate));
}

/** The bookings of a period page by page, each page turned into report entries as it arrives (the API's records are not kept). */
export async function* entryBatches(client: ApiClient, company: number, from: string | undefined, to: string, extra: Record<string, QueryValue> = {}): AsyncGenerator<ReportEntry[]> {
  for await (const page of periodEntryPages(client, company, from, to, extra)) yield parsed('bookings', () => page.map(toReportEntry));
}

export async function entries(client: ApiClient, company: number, from: string | undefined, to: string, extra: Record<string, QueryValue> = {}): Promise<ReportEntry[]> {
  const out: ReportEntry[] = [];
  for await (const batch of entryBatches(client, company, from, to, extra)) for (const e of batch) out.push(e);
  return out;
}
