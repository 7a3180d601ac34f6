import { CONFIG_KEYS, getConfigValue } from '../../config/index.js';
import { listRenderer, planOutput } from '../output.js';
import { loadConfig } from '../runtime.js';
import { activeProfile } from './active-profile.js';
import type { NoOptions, VerbIO } from '../verb.js';

export default async function configList(_options: NoOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planOutput(g, [{ key: 'key' }, { key: 'value' }]);
  const store = loadConfig();
  const profile = activeProfile(g, store);
  const renderer = listRenderer(plan);
  renderer.push(CONFIG_KEYS.map((key) => ({ key, value: getConfigValue(store, profile, key) ?? null })));
  renderer.end();
}
