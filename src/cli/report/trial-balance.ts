// `acct report trial-balance [--from] [--to]`: one request for the balances; a second only when the
// debits and credits differ, to fetch the profit/loss carried forward from before the period.
import { CARRIED_FORWARD_NAME, TRIAL_BALANCE_COLUMNS, trialBalance, trialBalanceDifference } from '../../reports/trial-balance.js';
import { withRuntime } from '../runtime.js';
import type { VerbIO } from '../verb.js';
import { balances, periodFlags, type PeriodOptions } from './common.js';
import { planReport, printReport } from './render.js';

export default async function run(opts: PeriodOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planReport(g, TRIAL_BALANCE_COLUMNS);
  const { from, to } = periodFlags(opts);
  const report = await withRuntime(g, async (rt) => {
    const company = await rt.company();
    const accounts = await balances(rt.client, company, 'all', from, to);
    let carriedForward: number | null = null;
    if (trialBalanceDifference(accounts) !== 0) {
      const computed = (await balances(rt.client, company, 'liabilities', from, to)).filter((a) => a.computed);
      carriedForward = (computed.find((a) => a.name === CARRIED_FORWARD_NAME) ?? computed[0])?.balance ?? null;
    }
    return trialBalance({ from, to, accounts, carriedForward });
  });
  printReport(plan, report);
}
