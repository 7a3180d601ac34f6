import type { Command } from 'commander';
import { getConfigValue } from '../../config/index.js';
import { globalsOf } from '../globals.js';
import { loadConfig } from '../runtime.js';
import { activeProfile } from './active-profile.js';

export default async function configGet(args: string[], _opts: Record<string, unknown>, cmd: Command): Promise<void> {
  const store = loadConfig();
  const value = getConfigValue(store, activeProfile(globalsOf(cmd), store), args[0]);
  process.stdout.write(`${value ?? ''}\n`);
}
