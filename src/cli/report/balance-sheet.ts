// `acct report balance-sheet [--date | -p] [--monthly|--quarterly|--yearly] [--depth N]`: assets and
// liabilities with equity at the date (default today), with the computed profit/loss rows; or, with a
// column per period, at each period's end (-p, default this calendar year). Exit 0 whether it balances
// or not (stderr says which).
import { balanceSheetByPeriod, balanceSheetByPeriodColumns } from '../../reports/by-period.js';
import { BALANCE_SHEET_COLUMNS, balanceSheet } from '../../reports/balance-sheet.js';
import { splitPeriod, yearStart } from '../../reports/period.js';
import type { ApiClient } from '../../api/http.js';
import { UsageError } from '../../errors.js';
import type { Report } from '../../reports/types.js';
import { today } from '../resource/body.js';
import type { VerbIO } from '../verb.js';
import {
  balances,
  balancesByPeriod,
  dateFlag,
  depthFlag,
  intervalFlag,
  periodFlags,
  type ColumnOptions,
} from './common.js';
import { planReport, printReport } from './render.js';

interface BalanceSheetOptions extends ColumnOptions {
  /** a day, or a period expression (its last day) */
  date?: string;
  /** with an interval: the periods whose ends are shown; alone: the balance at its last day */
  period?: string;
}

/** The balance sheet at `date` (also the year archive's). */
export async function balanceSheetAt(
  client: ApiClient,
  company: number,
  date: string,
  depth?: number,
): Promise<Report> {
  // the year's start splits the profit/loss into "carried forward" and "this year"
  const [assets, liabilities] = await Promise.all([
    balances(client, company, 'assets', yearStart(date), date),
    balances(client, company, 'liabilities', yearStart(date), date),
  ]);
  return balanceSheet({ date, assets, liabilities, depth });
}

export default async function run(opts: BalanceSheetOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const interval = intervalFlag(opts);
  const depth = depthFlag(opts.depth);
  if (opts.date !== undefined && opts.period !== undefined)
    throw new UsageError(
      '--date and -p/--period cannot be used together: --date is one day, -p the periods whose ends are shown',
    );
  if (interval === undefined) {
    const plan = planReport(g, BALANCE_SHEET_COLUMNS);
    const date =
      opts.period !== undefined ? periodFlags({ period: opts.period }).to : (dateFlag('date', opts.date) ?? today());
    const report = await io.withRuntime(async (rt) => balanceSheetAt(rt.client, await rt.company(), date, depth));
    printReport(plan, report);
    return;
  }
  if (opts.date !== undefined)
    throw new UsageError(
      `--date cannot be used with --${interval}: give the periods with -p/--period (default this year)`,
    );
  const { from, to } = periodFlags({ period: opts.period });
  const pieces = splitPeriod({ from, to }, interval);
  const plan = planReport(g, balanceSheetByPeriodColumns(pieces));
  const report = await io.withRuntime(async (rt) => {
    const company = await rt.company();
    const atEnd = (p: { to: string }) => yearStart(p.to);
    const [assets, liabilities] = await Promise.all([
      balancesByPeriod(rt.client, company, 'assets', pieces, atEnd),
      balancesByPeriod(rt.client, company, 'liabilities', pieces, atEnd),
    ]);
    return balanceSheetByPeriod({ from, to, interval, pieces, assets, liabilities, depth });
  });
  printReport(plan, report);
}
