// `acct entries export -o ledger`: the bookings as an hledger/ledger journal. Each booking is one
// transaction whose postings are those of the reports (src/domain/vat.ts through src/reports/postings.ts):
// the VAT split off into a posting of its own on the tax account, acquisition tax as its two postings.
// Accounts are written "1020 Bankguthaben"; debits are positive, credits negative, in CHF without a
// commodity, so `hledger -f - bal` adds up to the balances of `acct report trial-balance`.
import { allTaxRates, chartOfAccounts } from '../../api/endpoints/reports.js';
import { rappenToString } from '../../domain/money.js';
import { UsageError } from '../../errors.js';
import { toReportAccount, toReportEntry, toReportTaxRate } from '../../reports/input.js';
import { Chart } from '../../reports/postings.js';
import type { FilterFlag } from '../resource/spec.js';
import type { VerbIO } from '../verb.js';
import { streamExport, type ExportFormat, type ExportOptions } from './export.js';
import type { CsvMap } from './map.js';

/** Text hledger reads as it is: one line, no comment start, no account hierarchy. */
const clean = (s: string, colon = false) => {
  const one = s.replace(/\s+/g, ' ').replace(/;/g, ',').trim();
  return colon ? one.replace(/:/g, '.') : one;
};

export async function runLedgerExport(
  map: CsvMap,
  filters: FilterFlag[],
  options: ExportOptions,
  io: VerbIO,
): Promise<void> {
  if (options.excel) throw new UsageError('--excel goes with CSV, not with -o ledger');
  await streamExport(map, filters, options, io.globals(), ' (ledger journal)', async ({ rt, company, query }) => {
    // oldest first, as a journal reads (unless --sort says otherwise)
    query.sort ??= 'date';
    const [accounts, rates] = await Promise.all([chartOfAccounts(rt.client, company), allTaxRates(rt.client, company)]);
    return journalFormat(
      accounts,
      rates,
      `; bookings of company ${company}, written by acct entries export -o ledger\n`,
    );
  });
}

/**
 * The journal of bookings given page by page, under the comment `head`, with the chart's account names (also the year
 * archive's journal).
 */
export function journalFormat(
  accounts: Record<string, unknown>[],
  rates: Record<string, unknown>[],
  head: string,
): ExportFormat {
  const chart = new Chart(accounts.map(toReportAccount), rates.map(toReportTaxRate));
  const name = (id: number) => {
    const a = chart.account(id);
    return clean(`${a.number ?? `id:${id}`} ${a.name}`, true);
  };
  return {
    head,
    page(records) {
      let chunk = '';
      for (const record of records) {
        const e = toReportEntry(record);
        const code = e.number ? ` (${clean(e.number).replace(/[()]/g, '')})` : '';
        chunk += `${`\n${e.date}${code} ${clean(e.description ?? '')}`.trimEnd()}\n`;
        for (const p of chart.postings(e)) {
          const amount = p.debit !== 0 ? rappenToString(p.debit) : rappenToString(-p.credit);
          chunk += `    ${name(p.accountId)}  ${amount}\n`;
        }
      }
      return chunk;
    },
  };
}
