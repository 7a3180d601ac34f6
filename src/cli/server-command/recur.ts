// `acct server recur`: creates the due copies of recurring invoices in a data directory, once.
import type { Command } from 'commander';
import { dataDirOption } from './data-dir.js';
import { withAdminDb } from './admin-db.js';

export default async function recur(_args: string[], opts: { data?: string; date?: string }, _cmd: Command): Promise<void> {
  await withAdminDb(dataDirOption(opts), (db, admin) => {
    const lines = admin.recur(db, opts.date);
    process.stdout.write(lines.map((l) => `${l}\n`).join(''));
    if (lines.length === 0) process.stderr.write('No recurring invoice is due.\n');
  });
}
