import { getConfigValue } from '../../config/index.js';
import { loadConfig } from '../runtime.js';
import { activeProfile } from './active-profile.js';
import type { VerbIO } from '../verb.js';

interface ConfigGetOptions {
  key: string;
}

export default async function configGet({ key }: ConfigGetOptions, io: VerbIO): Promise<void> {
  const store = loadConfig();
  const value = getConfigValue(store, activeProfile(io.globals(), store), key);
  io.out.write(`${value ?? ''}\n`);
}
