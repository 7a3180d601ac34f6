// acct use <company>: the default company of the current profile (or of the local ledger).
import { me } from '../../api/endpoints/users.js';
import { UsageError } from '../../errors.js';
import { notice } from '../globals.js';
import { loadConfig, setLocalCompany } from '../runtime.js';
import type { VerbIO } from '../verb.js';

interface UseOptions {
  /** id or exact name */
  company: string;
}

export default async function use({ company: ref }: UseOptions, io: VerbIO): Promise<void> {
  await io.withRuntime(async (rt) => {
    const { companies } = await me(rt.client);
    const matches = /^\d+$/.test(ref)
      ? companies.filter((c) => c.id === Number(ref))
      : companies.filter((c) => c.name.toLowerCase() === ref.toLowerCase());
    if (matches.length !== 1) {
      throw new UsageError(
        matches.length ? `"${ref}" matches several companies; use an id` : `no company "${ref}" among yours`,
        [`companies: ${companies.map((c) => `${c.id} (${c.name})`).join(', ')}`],
      );
    }
    const company = matches[0];
    if (rt.ctx.mode === 'local') {
      setLocalCompany(rt.ctx.dataDir, company.id);
    } else {
      const store = loadConfig();
      const profile = rt.ctx.profileName;
      if (!profile)
        throw new UsageError(
          'no profile to save the company in (the connection comes from ACCT_* variables); set ACCT_COMPANY instead',
        );
      store.updateProfile(profile, { company: company.id });
    }
    notice(`Default company: ${company.id} (${company.name}).`);
  });
}
