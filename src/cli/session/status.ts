// acct auth status: mode, the local ledger's directory or the base URL, where the token comes from, the
// user and companies. Never the token.
import { me } from '../../api/endpoints/users.js';
import { planOutput, printRecord } from '../output.js';
import type { NoOptions, VerbIO } from '../verb.js';

export default async function status(_options: NoOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planOutput(g, [
    { key: 'mode' },
    { key: 'ledger' },
    { key: 'profile' },
    { key: 'base_url' },
    { key: 'base_url_source' },
    { key: 'token_source' },
    { key: 'user' },
    { key: 'email' },
    { key: 'company', kind: 'int' },
    { key: 'company_source' },
    { key: 'companies' },
  ]);
  await io.withRuntime(async (rt) => {
    const user = await me(rt.client);
    const company = await rt.company().catch(() => undefined);
    printRecord(plan, {
      mode: rt.ctx.mode,
      // local mode: where the ledger is kept; its service lives only for the command (no URL to keep)
      ledger: rt.ctx.mode === 'local' ? rt.ctx.dataDir : null,
      profile: rt.ctx.profileName ?? null,
      base_url: rt.ctx.mode === 'local' ? null : rt.baseUrl,
      base_url_source: rt.ctx.mode === 'local' ? 'local' : rt.ctx.baseUrlSource,
      token_source: rt.ctx.tokenSource,
      user: user.name,
      email: user.email,
      company: company ?? null,
      company_source: rt.companySource(),
      companies: user.companies.map((c) => `${c.id} ${c.name} (${c.role})`).join('; '),
    });
  });
}
