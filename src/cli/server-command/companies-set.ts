import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { dataDirOption } from './data-dir.js';
import { withAdminDb } from './admin-db.js';

export default async function companiesSet(args: string[], opts: Record<string, unknown>, _cmd: Command): Promise<void> {
  if (!/^\d+$/.test(args[0])) throw new UsageError(`invalid company id "${args[0]}"`);
  const { data: _data, ...settings } = opts;
  if (Object.keys(settings).length === 0) throw new UsageError('nothing to change: give at least one setting flag');
  await withAdminDb(dataDirOption(opts), (db, admin) => {
    admin.setCompany(db, Number(args[0]), settings as Record<string, string>);
  });
}
