import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { dataDirOption } from './data-dir.js';
import { withAdminDb } from './admin-db.js';

export default async function usersAdd(_args: string[], opts: Record<string, unknown>, _cmd: Command): Promise<void> {
  if (!/^\d+$/.test(String(opts.company))) throw new UsageError(`invalid --company "${String(opts.company)}": expected a company id`);
  await withAdminDb(dataDirOption(opts), (db, admin) => {
    const user = admin.addUser(db, {
      name: String(opts.name), email: String(opts.email), company: Number(opts.company), role: String(opts.role), token: opts.token as string | undefined,
    });
    process.stdout.write(`${user.id}\t${user.token}\n`);
  });
}
