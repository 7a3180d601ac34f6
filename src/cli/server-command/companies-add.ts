import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { dataDirOption } from './data-dir.js';
import { withAdminDb } from './admin-db.js';

export default async function companiesAdd(_args: string[], opts: Record<string, unknown>, _cmd: Command): Promise<void> {
  if (!/^\d+$/.test(String(opts.owner))) throw new UsageError(`invalid --owner "${String(opts.owner)}": expected a user id`);
  await withAdminDb(dataDirOption(opts), (db, admin) => {
    process.stdout.write(`${admin.addCompany(db, String(opts.name), Number(opts.owner))}\n`);
  });
}
