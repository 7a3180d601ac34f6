import { ApiClient } from '../../api/http.js';
import { me } from '../../api/endpoints/users.js';
import { validateBaseUrl } from '../../config/index.js';
import { UsageError } from '../../errors.js';
import { canPrompt, notice } from '../globals.js';
import { askSecret, choose } from '../prompt.js';
import { loadConfig } from '../runtime.js';
import type { VerbIO } from '../verb.js';

interface LoginOptions {
  /** has a default */
  baseUrl: string;
  /** read the token from stdin */
  withToken?: boolean;
  /** the profile to save */
  name?: string;
}

export default async function login(opts: LoginOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const baseUrl = validateBaseUrl(opts.baseUrl, '--base-url');
  const name = opts.name ?? g.profile ?? 'default';
  let token: string;
  if (opts.withToken || !io.stdin.isTTY) {
    token = io.stdin.read().toString('utf8').trim();
  } else if (canPrompt(g)) {
    token = (await askSecret(`API token for ${baseUrl}:`)).trim();
  } else {
    throw new UsageError('no token: pipe it to "acct login --with-token"');
  }
  if (!token) throw new UsageError('the token is empty');

  const client = new ApiClient({ baseUrl, token, debug: g.debug ? (l) => io.err.write(`${l}\n`) : undefined });
  try {
    const user = await me(client);
    let company: number | undefined;
    if (g.company !== undefined) company = Number(g.company);
    else if (user.companies.length === 1) company = user.companies[0].id;
    else if (user.companies.length > 1) {
      company = canPrompt(g)
        ? await choose(
            'Default company:',
            user.companies.map((c) => ({ name: `${c.name} (${c.id}, ${c.role})`, value: c.id })),
          )
        : user.companies[0].id;
      if (!canPrompt(g))
        notice(`Default company set to ${company} (${user.companies[0].name}); change it with "acct use <company>".`);
    }
    if (company !== undefined && !user.companies.some((c) => c.id === company)) {
      throw new UsageError(`you are not a member of company ${company}`, [
        `companies: ${user.companies.map((c) => `${c.id} (${c.name})`).join(', ')}`,
      ]);
    }
    const store = loadConfig();
    const previous = store.getProfile(name);
    store.setProfile(name, { ...(previous?.output ? { output: previous.output } : {}), baseUrl, token, company });
    store.useProfile(name);
    notice(
      `Logged in to ${baseUrl} as ${user.name} <${user.email}>; profile "${name}" is now ` +
        `current${company !== undefined ? `, company ${company}` : ''}.`,
    );
  } finally {
    await client.close();
  }
}
