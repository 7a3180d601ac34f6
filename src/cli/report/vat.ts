// `acct report vat [--from] [--to]`: the VAT return (effective method) by box, from the bookings of the
// period (every page), the tax rates and the chart.
import { VAT_COLUMNS, vatReturn } from '../../reports/vat.js';
import { withRuntime } from '../runtime.js';
import type { VerbIO } from '../verb.js';
import { chart, entries, periodFlags, taxRates, type PeriodOptions } from './common.js';
import { planReport, printReport } from './render.js';

export default async function run(opts: PeriodOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planReport(g, VAT_COLUMNS);
  const { from, to } = periodFlags(opts);
  const report = await withRuntime(g, async (rt) => {
    const company = await rt.company();
    const [accounts, rates, booked] = await Promise.all([chart(rt.client, company), taxRates(rt.client, company), entries(rt.client, company, from, to)]);
    return vatReturn({ from, to, accounts, taxRates: rates, entries: booked });
  });
  printReport(plan, report);
}
