// `acct report income-statement [-p | --from --to] [--monthly|--quarterly|--yearly] [--depth N]`: income
// and expense accounts of the period (one request), or a column per period (one request a period, all
// issued at once).
import { incomeStatementByPeriod, incomeStatementByPeriodColumns } from '../../reports/by-period.js';
import { INCOME_STATEMENT_COLUMNS, incomeStatement } from '../../reports/income-statement.js';
import { splitPeriod } from '../../reports/period.js';
import type { Report } from '../../reports/types.js';
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

/** The income statement of one period (also the year archive's). */
export async function incomeStatementOf(
  client: ApiClient,
  company: number,
  from: string,
  to: string,
  depth?: number,
): Promise<Report> {
  const accounts = await balances(client, company, 'all', from, to);
  return incomeStatement({ from, to, accounts, depth });
}

export default async function run(opts: PeriodOptions & ColumnOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const { from, to } = periodFlags(opts);
  const interval = intervalFlag(opts);
  const depth = depthFlag(opts.depth);
  if (interval === undefined) {
    const plan = planReport(g, INCOME_STATEMENT_COLUMNS);
    const report = await io.withRuntime(async (rt) =>
      incomeStatementOf(rt.client, await rt.company(), from, to, depth),
    );
    printReport(plan, report);
    return;
  }
  const pieces = splitPeriod({ from, to }, interval);
  const plan = planReport(g, incomeStatementByPeriodColumns(pieces));
  const report = await io.withRuntime(async (rt) => {
    const byPeriod = await balancesByPeriod(rt.client, await rt.company(), 'all', pieces);
    return incomeStatementByPeriod({ from, to, interval, pieces, balances: byPeriod, depth });
  });
  printReport(plan, report);
}
