import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { globalsOf, notice } from '../globals.js';
import { confirmDestructive } from '../prompt.js';
import { loadConfig } from '../runtime.js';

export default async function profilesRemove(args: string[], _opts: Record<string, unknown>, cmd: Command): Promise<void> {
  const store = loadConfig();
  if (!store.getProfile(args[0])) throw new UsageError(`no profile named "${args[0]}"`, [`profiles: ${store.listProfiles().map((p) => p.name).join(', ') || 'none'}`]);
  await confirmDestructive(globalsOf(cmd), `Remove profile "${args[0]}" and its token?`);
  store.removeProfile(args[0]);
  notice(`Profile "${args[0]}" removed.`);
}
