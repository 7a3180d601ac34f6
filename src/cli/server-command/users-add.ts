import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { dataDirOption } from './data-dir.js';
import { withAdminDb } from './admin-db.js';

export default async function usersAdd(_args: string[], opts: Record<string, unknown>, cmd: Command): Promise<void> {
  // The program's global --company consumes the flag wherever it stands, so the value is read from there too.
  const company = opts.company ?? cmd.optsWithGlobals().company;
  if (company === undefined) throw new UsageError("required option '--company <id>' not specified");
  if (!/^\d+$/.test(String(company))) throw new UsageError(`invalid --company "${String(company)}": expected a company id`);
  await withAdminDb(dataDirOption(opts), (db, admin) => {
    const user = admin.addUser(db, {
      name: String(opts.name), email: String(opts.email), company: Number(company), role: String(opts.role), token: opts.token as string | undefined,
    });
    process.stdout.write(`${user.id}\t${user.token}\n`);
  });
}
