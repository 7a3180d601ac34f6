// `acct report income-statement [--from] [--to]`: income and expense accounts of the period (one request).
import { INCOME_STATEMENT_COLUMNS, incomeStatement } from '../../reports/income-statement.js';
import { withRuntime } from '../runtime.js';
import type { VerbIO } from '../verb.js';
import { balances, periodFlags, type PeriodOptions } from './common.js';
import { planReport, printReport } from './render.js';

export default async function run(opts: PeriodOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planReport(g, INCOME_STATEMENT_COLUMNS);
  const { from, to } = periodFlags(opts);
  const report = await withRuntime(g, async (rt) => {
    const accounts = await balances(rt.client, await rt.company(), 'all', from, to);
    return incomeStatement({ from, to, accounts });
  });
  printReport(plan, report);
}
