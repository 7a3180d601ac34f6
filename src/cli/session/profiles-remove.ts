import { UsageError } from '../../errors.js';
import { notice } from '../globals.js';
import { confirmDestructive } from '../prompt.js';
import { loadConfig } from '../runtime.js';
import type { VerbIO } from '../verb.js';

interface ProfilesRemoveOptions {
  name: string;
}

export default async function profilesRemove({ name }: ProfilesRemoveOptions, io: VerbIO): Promise<void> {
  const store = loadConfig();
  if (!store.getProfile(name))
    throw new UsageError(`no profile named "${name}"`, [
      `profiles: ${
        store
          .listProfiles()
          .map((p) => p.name)
          .join(', ') || 'none'
      }`,
    ]);
  await confirmDestructive(io.globals(), `Remove profile "${name}" and its token?`);
  store.removeProfile(name);
  notice(`Profile "${name}" removed.`);
}
