import { UsageError } from '../../errors.js';
import type { ConfigStore } from '../../config/index.js';
import type { GlobalOptions } from '../globals.js';
import { currentIO } from '../io.js';

/** The profile `config` commands act on: --profile, ACCT_PROFILE, else the current one. */
export function activeProfile(g: GlobalOptions, store: ConfigStore): string {
  const name = g.profile ?? currentIO().env.ACCT_PROFILE ?? store.currentProfileName();
  if (!name)
    throw new UsageError(
      'no profile: settings belong to a profile; run "acct login" first (local mode takes --company or ACCT_COMPANY)',
    );
  return name;
}
