import { UsageError } from '../../errors.js';
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
}
