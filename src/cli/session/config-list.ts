import type { Command } from 'commander';
import { CONFIG_KEYS, getConfigValue } from '../../config/index.js';
import { globalsOf } from '../globals.js';
import { listRenderer, planOutput } from '../output.js';
import { loadConfig } from '../runtime.js';
import { activeProfile } from './active-profile.js';

export default async function configList(_args: string[], _opts: Record<string, unknown>, cmd: Command): Promise<void> {
  const g = globalsOf(cmd);
  const plan = planOutput(g, [{ key: 'key' }, { key: 'value' }]);
  const store = loadConfig();
  const profile = activeProfile(g, store);
  const renderer = listRenderer(plan);
  renderer.push(CONFIG_KEYS.map((key) => ({ key, value: getConfigValue(store, profile, key) ?? null })));
  renderer.end();
}
