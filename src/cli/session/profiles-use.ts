import { notice } from '../globals.js';
import { loadConfig } from '../runtime.js';
import type { VerbIO } from '../verb.js';

interface ProfilesUseOptions {
  name: string;
}

export default async function profilesUse({ name }: ProfilesUseOptions, _io: VerbIO): Promise<void> {
  loadConfig().useProfile(name);
  notice(`Profile "${name}" is now current.`);
}
