import { setConfigValue } from '../../config/index.js';
import { notice } from '../globals.js';
import { loadConfig } from '../runtime.js';
import { activeProfile } from './active-profile.js';
import type { VerbIO } from '../verb.js';

interface ConfigSetOptions {
  key: string;
  value: string;
}

export default async function configSet({ key, value }: ConfigSetOptions, io: VerbIO): Promise<void> {
  const store = loadConfig();
  const profile = activeProfile(io.globals(), store);
  setConfigValue(store, profile, key, value);
  notice(`Set ${key} of profile "${profile}".`);
}
