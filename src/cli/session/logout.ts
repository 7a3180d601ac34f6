// acct logout: forget the profile (and so its token); with no profile left acct is in local mode.
import { UsageError } from '../../errors.js';
import { notice } from '../globals.js';
import { loadConfig } from '../runtime.js';
import type { NoOptions, VerbIO } from '../verb.js';

export default async function logout(_options: NoOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const store = loadConfig();
  const name = g.profile ?? io.env.ACCT_PROFILE ?? store.currentProfileName();
  if (!name) throw new UsageError('not logged in: there is no current profile');
  if (!store.removeProfile(name)) throw new UsageError(`no profile named "${name}"`);
  notice(`Logged out: profile "${name}" and its token are removed.`);
}
