// `acct report vat [--from] [--to]`: the VAT return (effective method) by box, from the bookings of the
// period (every page), the tax rates and the chart.
import type { Command } from 'commander';
import { VAT_COLUMNS, vatReturn } from '../../reports/vat.js';
import { globalsOf } from '../globals.js';
import { withRuntime } from '../runtime.js';
import { chart, entries, periodFlags, taxRates } from './common.js';
import { planReport, printReport } from './render.js';

export default async function run(_args: string[], opts: Record<string, unknown>, cmd: Command): Promise<void> {
  const g = globalsOf(cmd);
  const plan = planReport(g, VAT_COLUMNS);
  const { from, to } = periodFlags(opts);
  const report = await withRuntime(g, async (rt) => {
    const company = await rt.company();
    const [accounts, rates, booked] = await Promise.all([chart(rt.client, company), taxRates(rt.client, company), entries(rt.client, company, from, to)]);
    return vatReturn({ from, to, accounts, taxRates: rates, entries: booked });
  });
  printReport(plan, report);
}
