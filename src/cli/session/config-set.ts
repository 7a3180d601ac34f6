import type { Command } from 'commander';
import { setConfigValue } from '../../config/index.js';
import { globalsOf, notice } from '../globals.js';
import { loadConfig } from '../runtime.js';
import { activeProfile } from './active-profile.js';

export default async function configSet(args: string[], _opts: Record<string, unknown>, cmd: Command): Promise<void> {
  const store = loadConfig();
  const profile = activeProfile(globalsOf(cmd), store);
  setConfigValue(store, profile, args[0], args[1]);
  notice(`Set ${args[0]} of profile "${profile}".`);
}
