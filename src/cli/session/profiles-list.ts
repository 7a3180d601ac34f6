import { notice } from '../globals.js';
import { listRenderer, planOutput } from '../output.js';
import { loadConfig } from '../runtime.js';
import type { NoOptions, VerbIO } from '../verb.js';

export default async function profilesList(_options: NoOptions, io: VerbIO): Promise<void> {
  const plan = planOutput(io.globals(), [
    { key: 'name' },
    { key: 'current', kind: 'bool' },
    { key: 'base_url' },
    { key: 'company', kind: 'int' },
    { key: 'output' },
    { key: 'token', header: 'token' },
  ]);
  const profiles = loadConfig().listProfiles();
  const renderer = listRenderer(plan);
  renderer.push(
    profiles.map(({ name, profile, current }) => ({
      name,
      current,
      base_url: profile.baseUrl,
      company: profile.company ?? null,
      output: profile.output ?? null,
      token: profile.token ? 'set' : 'none',
    })),
  );
  renderer.end();
  if (profiles.length === 0 && io.err.isTTY)
    notice('No profiles: acct uses the local ledger. Run "acct login" to add one.');
}
