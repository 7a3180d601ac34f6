import { UsageError } from '../../errors.js';
import type { VerbIO } from '../verb.js';
import { dataDirOption } from './data-dir.js';
import { withAdminDb } from './admin-db.js';

interface CompaniesAddOptions {
  data?: string;
  name: string;
  /** the owner's user id */
  owner: string;
}

export default async function companiesAdd(opts: CompaniesAddOptions, io: VerbIO): Promise<void> {
  if (!/^\d+$/.test(opts.owner)) throw new UsageError(`invalid --owner "${opts.owner}": expected a user id`);
  await withAdminDb(dataDirOption(opts.data), (db, admin) => {
    io.out.write(`${admin.addCompany(db, opts.name, Number(opts.owner))}\n`);
  });
}
