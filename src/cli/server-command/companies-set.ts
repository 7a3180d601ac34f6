import { resolve } from 'node:path';
import { dataDir } from '../../config/index.js';
import { UsageError } from '../../errors.js';
import { notice } from '../globals.js';
import type { CompanySettings } from '../../server/main.js';
import { parseDay } from '../shared/calendar.js';
import { parseAmount } from '../shared/numbers.js';
import type { VerbIO } from '../verb.js';
import { dataDirOption } from './data-dir.js';
import { withAdminDb } from './admin-db.js';

/** A flag per setting (the service's own parsing checks their values). */
interface CompaniesSetOptions extends CompanySettings {
  /** the company id */
  id: string;
  data?: string;
}

export default async function companiesSet({ id, data, ...settings }: CompaniesSetOptions, _io: VerbIO): Promise<void> {
  if (!/^\d+$/.test(id)) throw new UsageError(`invalid company id "${id}"`);
  if (Object.keys(settings).length === 0) throw new UsageError('nothing to change: give at least one setting flag');
  // dates and amounts read as in every command (31.12.2025, 100'000)
  if (settings.closedUntil !== undefined && settings.closedUntil !== 'none') settings.closedUntil = parseDay(settings.closedUntil, 'closed-until');
  if (settings.revenueCap !== undefined && settings.revenueCap !== 'none') settings.revenueCap = parseAmount(settings.revenueCap, 'revenue-cap');
  await withAdminDb(dataDirOption(data), (db, admin) => {
    admin.setCompany(db, Number(id), settings);
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
  const local = data === undefined || resolve(data) === resolve(dataDir(process.env));
  notice(`The year ${year} is closed. Next, keep it for ten years in a readable archive:\n  ${command}`);
  if (!local) notice(`  (acct archive reads through the API: serve the directory with "acct server start --data ${data}" and point acct at it, ACCT_BASE_URL and ACCT_TOKEN)`);
}
