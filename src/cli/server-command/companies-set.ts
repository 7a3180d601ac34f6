// `acct server companies set ID`: changes a company's plan, flags and creditor address in a data
// directory, then prints the company as it is now (a record, like every write); closing a year names
// the archive command to run next.
import { resolve } from 'node:path';
import { dataDir } from '../../config/index.js';
import { UsageError } from '../../errors.js';
import type { Column } from '../../output/types.js';
import { notice } from '../globals.js';
import { planOutput, printRecord } from '../output.js';
import type { CompanySettings } from '../../server/main.js';
import { parseDay } from '../shared/calendar.js';
import { parseAmount } from '../shared/numbers.js';
import type { VerbIO } from '../verb.js';
import { dataDirOption } from './data-dir.js';
import { withAdminDb } from './admin-db.js';
import { currentIO } from '../io.js';

/** A flag per setting (the service's own parsing checks their values). */
interface CompaniesSetOptions extends CompanySettings {
  /** the company id */
  id: string;
  data?: string;
}

const COMPANY_COLUMNS: Column[] = [
  { key: 'id', kind: 'int' },
  { key: 'name' },
  { key: 'plan' },
  { key: 'subscription_expired', header: 'expired', kind: 'bool' },
  { key: 'services_active', header: 'services', kind: 'bool' },
  { key: 'vat_accrual_method_active', header: 'vat accrual', kind: 'bool' },
  { key: 'payment_term', header: 'payment term', kind: 'int' },
  { key: 'revenue_cap', header: 'revenue cap', kind: 'money' },
  { key: 'closed_until', header: 'closed until', kind: 'date' },
  { key: 'creditor_name', header: 'creditor' },
  { key: 'creditor_street', header: 'street' },
  { key: 'creditor_building', header: 'building' },
  { key: 'creditor_zip', header: 'zip' },
  { key: 'creditor_city', header: 'city' },
  { key: 'creditor_country', header: 'country' },
  { key: 'vat_number', header: 'UID' },
  { key: 'vat_method', header: 'vat method' },
  { key: 'vat_basis', header: 'vat basis' },
  { key: 'vat_period', header: 'vat period' },
  { key: 'vat_net_tax_rates', header: 'net tax rates', default: false },
  { key: 'reminder_text_one', default: false },
  { key: 'reminder_text_two', default: false },
  { key: 'reminder_text_three', default: false },
  { key: 'timezone', default: false },
  { key: 'created_at', kind: 'datetime', default: false },
  { key: 'updated_at', kind: 'datetime', default: false },
];

export default async function companiesSet({ id, data, ...settings }: CompaniesSetOptions, io: VerbIO): Promise<void> {
  const plan = planOutput(io.globals(), COMPANY_COLUMNS);
  if (!/^\d+$/.test(id)) throw new UsageError(`invalid company id "${id}"`);
  if (Object.keys(settings).length === 0) throw new UsageError('nothing to change: give at least one setting flag');
  // dates and amounts read as in every command (31.12.2025, 100'000)
  if (settings.closedUntil !== undefined && settings.closedUntil !== 'none')
    settings.closedUntil = parseDay(settings.closedUntil, 'closed-until');
  if (settings.revenueCap !== undefined && settings.revenueCap !== 'none')
    settings.revenueCap = parseAmount(settings.revenueCap, 'revenue-cap');
  await withAdminDb(dataDirOption(data), (db, admin) => {
    admin.setCompany(db, Number(id), settings);
    printRecord(plan, admin.companyListing(db, Number(id)) as unknown as Record<string, unknown>);
  });
  if (settings.closedUntil !== undefined) archiveHint(id, settings.closedUntil, data);
}

/**
 * Closing a year (closed until 31 December) is the moment to archive it: the command to run next, on
 * stderr. acct archive reads through the API, so a directory other than the local ledger's is served first.
 */
function archiveHint(id: string, closedUntil: string, data: string | undefined): void {
  const m = /^(\d{4})-12-31$/.exec(closedUntil);
  if (!m) return;
  const year = m[1];
  const command = `acct archive ${year} --company ${id} --out buchhaltung-${year}.zip`;
  const local = data === undefined || resolve(data) === resolve(dataDir(currentIO().env));
  notice(`The year ${year} is closed. Next, keep it for ten years in a readable archive:\n  ${command}`);
  if (!local)
    notice(
      `  (acct archive reads through the API: serve the directory with "acct server start --data ${data}" and point ` +
        `acct at it, ACCT_BASE_URL and ACCT_TOKEN)`,
    );
}
