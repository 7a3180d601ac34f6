// `acct report ledger --account N [--from] [--to]`: the postings of one account. The bookings on the
// account come from filter[account_id]; a tax account's postings from the bookings whose tax rate
// points to it (filter[tax_rate_id], one request per such rate); every page is followed. The ledger's
// closing balance is checked against the service's balance of the account for the period.
import { UsageError } from '../../errors.js';
import { LEDGER_COLUMNS, ledger, openingStart } from '../../reports/ledger.js';
import type { ReportEntry } from '../../reports/types.js';
import { RefResolver } from '../refs.js';
import type { VerbIO } from '../verb.js';
import { balances, chart, entries, periodFlags, taxRates, type PeriodOptions } from './common.js';
import { planReport, printReport } from './render.js';

interface LedgerOptions extends PeriodOptions {
  /** number, exact name or id:N */
  account?: string;
}

export default async function run({ account: ref, ...period }: LedgerOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planReport(g, LEDGER_COLUMNS);
  if (ref === undefined) throw new UsageError('missing required --account (an account number, e.g. 1020)');
  const { from, to } = periodFlags(period);
  const report = await io.withRuntime(async (rt) => {
    const company = await rt.company();
    const accountId = await new RefResolver(rt.client, company).resolve('account', ref, 'account');
    const [accounts, rates] = await Promise.all([chart(rt.client, company), taxRates(rt.client, company)]);
    const account = accounts.find((a) => a.id === accountId);
    if (!account || account.type === null) throw new UsageError(`account ${ref} is not in the chart of accounts`);
    const since = openingStart(account.type, from);
    const viaRates = rates.filter((t) => t.accountId === accountId || t.acquisitionAccountId === accountId);
    const lists = await Promise.all([
      entries(rt.client, company, since, to, { 'filter[account_id]': accountId }),
      ...viaRates.map((t) => entries(rt.client, company, since, to, { 'filter[tax_rate_id]': t.id })),
    ]);
    const all: ReportEntry[] = lists.flat();
    const service = (await balances(rt.client, company, account.type, from, to)).find((a) => a.id === accountId);
    return ledger({
      accountId,
      from,
      to,
      accounts,
      taxRates: rates,
      entries: all,
      serviceBalance: service?.balance ?? null,
    });
  });
  printReport(plan, report);
}
