// `acct times bulk-delete <id...>`: DELETE /times/multiple after a confirmation; invoiced and paid
// entries are never deleted (reported as skipped).
import type { Command } from 'commander';
import { bulkDeleteTimes } from '../../api/endpoints/times.js';
import { globalsOf, notice } from '../globals.js';
import { confirmDestructive } from '../prompt.js';
import { withRuntime } from '../runtime.js';
import { entryIds } from './common.js';

export default async function bulkDelete(args: string[], _opts: Record<string, unknown>, cmd: Command): Promise<void> {
  const g = globalsOf(cmd);
  const ids = entryIds(args);
  await confirmDestructive(g, `Delete ${ids.length} time ${ids.length === 1 ? 'entry' : 'entries'} (${ids.join(', ')})?`);
  await withRuntime(g, async (rt) => {
    const result = await bulkDeleteTimes(rt.client, await rt.company(), ids);
    const skipped = result.skipped ?? [];
    const deleted = result.deleted ?? ids.length - skipped.length;
    notice(`Deleted ${deleted} of ${ids.length} time entries.${skipped.length ? ` Kept (invoiced, paid or not yours): ${skipped.join(', ')}` : ''}`);
  });
}
