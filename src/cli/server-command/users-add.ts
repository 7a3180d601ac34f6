import { UsageError } from '../../errors.js';
import { formatDateTime } from '../../output/format.js';
import type { VerbIO } from '../verb.js';
import { dataDirOption } from './data-dir.js';
import { withAdminDb } from './admin-db.js';
import { parseTokenExpiry } from './token-expiry.js';

interface UsersAddOptions {
  data?: string;
  name: string;
  email: string;
  /** the company id; the declaration takes it from the global --company too */
  company?: string;
  /** owner, admin or user */
  role: string;
  token?: string;
  /** a day or a duration (token-expiry.ts); none: the token works until revoked */
  tokenExpires?: string;
}

export default async function usersAdd(opts: UsersAddOptions, io: VerbIO): Promise<void> {
  const { company } = opts;
  if (company === undefined) throw new UsageError("required option '--company <id>' not specified");
  if (!/^\d+$/.test(company)) throw new UsageError(`invalid --company "${company}": expected a company id`);
  const tokenExpires = opts.tokenExpires === undefined ? undefined : parseTokenExpiry(opts.tokenExpires);
  await withAdminDb(dataDirOption(opts.data), (db, admin) => {
    const user = admin.addUser(db, {
      name: opts.name,
      email: opts.email,
      company: Number(company),
      role: opts.role,
      token: opts.token,
      tokenExpires,
    });
    io.out.write(`${user.id}\t${user.token}\n`);
    if (tokenExpires) io.err.write(`The token expires on ${formatDateTime(tokenExpires.toISOString())}.\n`);
  });
}
