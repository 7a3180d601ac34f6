// What every report command shares: the period flags (checked before any request) and the API reads
// turned into report inputs.
import type { ApiClient } from '../../api/http.js';
import type { AccountTypeFilter } from '../../api/endpoints/accounts.js';
import { accountBalances, allTaxRates, chartOfAccounts, periodEntryPages } from '../../api/endpoints/reports.js';
import type { QueryValue } from '../../api/http.js';
import { UsageError } from '../../errors.js';
import { toReportAccount, toReportEntry, toReportTaxRate } from '../../reports/input.js';
import { parsePeriod, PeriodError, periodOf, type Interval, type Period } from '../../reports/period.js';
import type { ReportAccount, ReportEntry, ReportTaxRate } from '../../reports/types.js';
import { today } from '../resource/body.js';

/**
 * A period flag (-p/--period, --from, --to, --date) read with the one grammar of src/reports/period.ts; a PeriodError
 * becomes a usage error.
 */
export function periodExpr(flag: string, raw: string, now: string): Period {
  try {
    return parsePeriod(raw, now);
  } catch (err) {
    if (!(err instanceof PeriodError)) throw err;
    // "2025Q5" → the reason alone; a range names its wrong side
    throw new UsageError(`invalid ${flag} "${raw}": ${err.part.trim() === raw.trim() ? err.reason : err.message}`);
  }
}

/**
 * A single-date flag (balance-sheet --date): the last day of its expression (`--date 2025-03` = 2025-03-31); undefined
 * when not given.
 */
export function dateFlag(flag: string, raw: unknown, now = today()): string | undefined {
  return raw === undefined ? undefined : periodExpr(`--${flag}`, String(raw), now).to;
}

/** The period flags of the reports: -p/--period, or --from/--to (same grammar). */
export interface PeriodOptions {
  period?: string;
  from?: string;
  to?: string;
}

/**
 * The report period: -p/--period EXPR, or --from (its expression's first day) and --to (its last day)
 * with the calendar-year defaults of docs/reports.md. Both kinds together, a bad expression or --to
 * before --from are usage errors, before any request.
 */
export function periodFlags(opts: PeriodOptions, now = today()): Period {
  if (opts.period !== undefined) {
    const both = [opts.from !== undefined && '--from', opts.to !== undefined && '--to'].filter(Boolean);
    if (both.length)
      throw new UsageError(`-p/--period and ${both.join('/')} cannot be used together: give the period one way`);
    return periodExpr('-p/--period', opts.period, now);
  }
  const from = opts.from === undefined ? undefined : periodExpr('--from', opts.from, now).from;
  const to = opts.to === undefined ? undefined : periodExpr('--to', opts.to, now).to;
  const period = periodOf(from, to, now);
  if (period.to < period.from) throw new UsageError(`--to ${period.to} is before --from ${period.from}`);
  return period;
}

/** The column flags of the reports that can show a column per period. */
export interface ColumnOptions {
  monthly?: boolean;
  quarterly?: boolean;
  yearly?: boolean;
  depth?: string;
}

/** --monthly, --quarterly or --yearly (at most one); undefined for the single-period report. */
export function intervalFlag(opts: ColumnOptions): Interval | undefined {
  const given = (['monthly', 'quarterly', 'yearly'] as const).filter((k) => opts[k]);
  if (given.length > 1)
    throw new UsageError(
      `${given.map((k) => `--${k}`).join(' and ')} cannot be used together: choose one column per month, ` +
        `quarter or year`,
    );
  return given[0];
}

/** --depth N: a whole number from 1; undefined when not given. */
export function depthFlag(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < 1)
    throw new UsageError(
      `invalid --depth "${raw}": expected a whole number from 1 (1: classes, 2: groups like 10, 34; 4: the accounts)`,
    );
  return Number(raw);
}

/** A report's data failing to parse is the API's fault, not the user's: exit 1 with what was wrong. */
function parsed<T>(what: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    throw new Error(`unexpected ${what} from the API: ${(err as Error).message}`);
  }
}

export async function balances(
  client: ApiClient,
  company: number,
  type: AccountTypeFilter,
  start: string | undefined,
  until: string,
): Promise<ReportAccount[]> {
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

/**
 * The bookings of a period page by page, each page turned into report entries as it arrives (the API's records are not
 * kept).
 */
export async function* entryBatches(
  client: ApiClient,
  company: number,
  from: string | undefined,
  to: string,
  extra: Record<string, QueryValue> = {},
): AsyncGenerator<ReportEntry[]> {
  for await (const page of periodEntryPages(client, company, from, to, extra))
    yield parsed('bookings', () => page.map(toReportEntry));
}

export async function entries(
  client: ApiClient,
  company: number,
  from: string | undefined,
  to: string,
  extra: Record<string, QueryValue> = {},
): Promise<ReportEntry[]> {
  const out: ReportEntry[] = [];
  for await (const batch of entryBatches(client, company, from, to, extra)) for (const e of batch) out.push(e);
  return out;
}

/**
 * The balances for each period (`start` of each request: the period's first day unless given), one request a period,
 * all issued at once: the client paces them under the rate limit.
 */
export function balancesByPeriod(
  client: ApiClient,
  company: number,
  type: AccountTypeFilter,
  periods: Period[],
  start: (p: Period) => string = (p) => p.from,
): Promise<ReportAccount[][]> {
  return Promise.all(periods.map((p) => balances(client, company, type, start(p), p.to)));
}
