// `acct report balance-sheet [--date]`: assets and liabilities with equity at the date (default today),
// with the computed profit/loss rows; exit 0 whether it balances or not (stderr says which).
import { BALANCE_SHEET_COLUMNS, balanceSheet } from '../../reports/balance-sheet.js';
import { yearStart } from '../../reports/period.js';
import { today } from '../resource/body.js';
import { withRuntime } from '../runtime.js';
import type { VerbIO } from '../verb.js';
import { balances, dateFlag } from './common.js';
import { planReport, printReport } from './render.js';

interface BalanceSheetOptions {
  /** YYYY-MM-DD or today */
  date?: string;
}

export default async function run(opts: BalanceSheetOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planReport(g, BALANCE_SHEET_COLUMNS);
  const date = dateFlag('date', opts.date) ?? today();
  const report = await withRuntime(g, async (rt) => {
    const company = await rt.company();
    // the year's start splits the profit/loss into "carried forward" and "this year"
    const [assets, liabilities] = await Promise.all([
      balances(rt.client, company, 'assets', yearStart(date), date),
      balances(rt.client, company, 'liabilities', yearStart(date), date),
    ]);
    return balanceSheet({ date, assets, liabilities });
  });
  printReport(plan, report);
}
