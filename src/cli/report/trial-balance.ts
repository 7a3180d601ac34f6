// `acct report trial-balance [-p | --from --to] [--monthly|--quarterly|--yearly] [--depth N]`: one
// request for the balances; a second only when the debits and credits differ, to fetch the profit/loss
// carried forward from before the period. With a column per period: one request a period, one for the
// balances before the span and one for the carried-forward row, all issued at once.
import { addDays, MIN_DATE } from '../../domain/calendar.js';
import { trialBalanceByPeriod, trialBalanceByPeriodColumns } from '../../reports/by-period.js';
import { splitPeriod, yearStart } from '../../reports/period.js';
import {
  CARRIED_FORWARD_NAME,
  TRIAL_BALANCE_COLUMNS,
  trialBalance,
  trialBalanceDifference,
} from '../../reports/trial-balance.js';
import type { Report, ReportAccount } from '../../reports/types.js';
import type { ApiClient } from '../../api/http.js';
import type { VerbIO } from '../verb.js';
import {
  balances,
  balancesByPeriod,
  depthFlag,
  intervalFlag,
  periodFlags,
  type ColumnOptions,
  type PeriodOptions,
} from './common.js';
import { planReport, printReport } from './render.js';

/** The service's computed "profit/loss carried forward from before FROM" row, or null. */
async function carriedForward(client: ApiClient, company: number, from: string, to: string): Promise<number | null> {
  const computed = (await balances(client, company, 'liabilities', from, to)).filter((a) => a.computed);
  return (computed.find((a) => a.name === CARRIED_FORWARD_NAME) ?? computed[0])?.balance ?? null;
}

/** The trial balance of one period (also the year archive's). */
export async function trialBalanceOf(
  client: ApiClient,
  company: number,
  from: string,
  to: string,
  depth?: number,
): Promise<Report> {
  const accounts = await balances(client, company, 'all', from, to);
  const carried = trialBalanceDifference(accounts) !== 0 ? await carriedForward(client, company, from, to) : null;
  return trialBalance({ from, to, accounts, carriedForward: carried, depth });
}

export default async function run(opts: PeriodOptions & ColumnOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const { from, to } = periodFlags(opts);
  const interval = intervalFlag(opts);
  const depth = depthFlag(opts.depth);
  if (interval === undefined) {
    const plan = planReport(g, TRIAL_BALANCE_COLUMNS);
    const report = await io.withRuntime(async (rt) => trialBalanceOf(rt.client, await rt.company(), from, to, depth));
    printReport(plan, report);
    return;
  }
  const pieces = splitPeriod({ from, to }, interval);
  const plan = planReport(g, trialBalanceByPeriodColumns(pieces));
  const report = await io.withRuntime(async (rt) => {
    const company = await rt.company();
    const dayBefore = from > MIN_DATE ? addDays(from, -1) : undefined;
    const [opening, byPeriod, carried] = await Promise.all([
      dayBefore === undefined
        ? Promise.resolve<ReportAccount[]>([])
        : balances(rt.client, company, 'all', yearStart(dayBefore), dayBefore),
      balancesByPeriod(rt.client, company, 'all', pieces),
      carriedForward(rt.client, company, from, to),
    ]);
    return trialBalanceByPeriod({
      from,
      to,
      interval,
      pieces,
      opening,
      balances: byPeriod,
      carriedForward: carried,
      depth,
    });
  });
  printReport(plan, report);
}
