// `acct report vat [--from] [--to]`: the VAT return (effective method) by box, from the bookings of the
// period, the tax rates and the chart. Only the bookings the return reads are fetched — those with a
// tax rate, and those without one on an income account (the note on income left out) — and each page
// goes into the return as it arrives.
import { vatReturnBuilder, VAT_COLUMNS } from '../../reports/vat.js';
import { withRuntime } from '../runtime.js';
import type { VerbIO } from '../verb.js';
import { chart, entryBatches, periodFlags, taxRates, type PeriodOptions } from './common.js';
import { planReport, printReport } from './render.js';

export default async function run(opts: PeriodOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planReport(g, VAT_COLUMNS);
  const { from, to } = periodFlags(opts);
  const report = await withRuntime(g, async (rt) => {
    const company = await rt.company();
    const [accounts, rates] = await Promise.all([chart(rt.client, company), taxRates(rt.client, company)]);
    const vat = vatReturnBuilder({ from, to, accounts, taxRates: rates });
    const incomeAccounts = accounts.filter((a) => a.type === 'income' && a.id !== null && !a.computed).map((a) => a.id);
    const wanted = [
      ...(rates.length ? [{ 'filter[tax_rate_id]': rates.map((t) => t.id).join(',') }] : []),
      ...(incomeAccounts.length ? [{ 'filter[tax_rate_id]': 'none', 'filter[account_id]': incomeAccounts.join(',') }] : []),
    ];
    await Promise.all(wanted.map(async (filter) => {
      for await (const batch of entryBatches(rt.client, company, from, to, filter)) vat.add(batch);
    }));
    return vat.report();
  });
  printReport(plan, report);
}
