// `acct report income-statement [--from] [--to]`: income and expense accounts of the period (one request).
import type { Command } from 'commander';
import { INCOME_STATEMENT_COLUMNS, incomeStatement } from '../../reports/income-statement.js';
import { globalsOf } from '../globals.js';
import { withRuntime } from '../runtime.js';
import { balances, periodFlags } from './common.js';
import { planReport, printReport } from './render.js';

export default async function run(_args: string[], opts: Record<string, unknown>, cmd: Command): Promise<void> {
  const g = globalsOf(cmd);
  const plan = planReport(g, INCOME_STATEMENT_COLUMNS);
  const { from, to } = periodFlags(opts);
  const report = await withRuntime(g, async (rt) => {
    const accounts = await balances(rt.client, await rt.company(), 'all', from, to);
    return incomeStatement({ from, to, accounts });
  });
  printReport(plan, report);
}
