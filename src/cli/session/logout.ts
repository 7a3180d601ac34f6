// acct logout: forget the profile (and so its token); with no profile left acct is in local mode.
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { globalsOf, notice } from '../globals.js';
import { loadConfig } from '../runtime.js';

export default async function logout(_args: string[], _opts: Record<string, unknown>, cmd: Command): Promise<void> {
  const g = globalsOf(cmd);
  const store = loadConfig();
  const name = g.profile ?? process.env.ACCT_PROFILE ?? store.currentProfileName();
  if (!name) throw new UsageError('not logged in: there is no current profile');
  if (!store.removeProfile(name)) throw new UsageError(`no profile named "${name}"`);
  notice(`Logged out: profile "${name}" and its token are removed.`);
}
