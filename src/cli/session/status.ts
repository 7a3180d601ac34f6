// acct auth status: mode, base URL, where the token comes from, the user and companies. Never the token.
import { me } from '../../api/endpoints/users.js';
import { planOutput, printRecord } from '../output.js';
import { withRuntime } from '../runtime.js';
import type { NoOptions, VerbIO } from '../verb.js';

export default async function status(_options: NoOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planOutput(g, [
    { key: 'mode' }, { key: 'profile' }, { key: 'base_url' }, { key: 'base_url_source' }, { key: 'token_source' },
    { key: 'user' }, { key: 'email' }, { key: 'company', kind: 'int' }, { key: 'company_source' }, { key: 'companies' },
  ]);
  await withRuntime(g, async (rt) => {
    const user = await me(rt.client);
    const company = await rt.company().catch(() => undefined);
    printRecord(plan, {
      mode: rt.ctx.mode,
      profile: rt.ctx.profileName ?? null,
      base_url: rt.baseUrl,
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
