// `acct times bulk-delete <id...>`: DELETE /times/multiple after a confirmation; invoiced and paid
// entries are never deleted (reported as skipped).
import { bulkDeleteTimes, timePaths } from '../../api/endpoints/times.js';
import { notice } from '../globals.js';
import { confirmDestructive, refuseUnconfirmed } from '../prompt.js';
import { deleteQuestion, existingRecords } from '../shared/existing.js';
import type { VerbIO } from '../verb.js';
import { entryIds } from './common.js';

interface BulkDeleteOptions {
  /** time entry ids */
  id: string[];
}

export default async function bulkDelete(opts: BulkDeleteOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const ids = entryIds(opts.id);
  refuseUnconfirmed(g, `Delete ${ids.length} time ${ids.length === 1 ? 'entry' : 'entries'} (${ids.join(', ')})`);
  await io.withRuntime(async (rt) => {
    const company = await rt.company();
    await confirmDestructive(
      g,
      deleteQuestion(
        'time entry',
        await existingRecords(rt.client, 'time entry', (id) => timePaths.one(company, id), ids),
      ),
    );
    const result = await bulkDeleteTimes(rt.client, company, ids);
    const skipped = result.skipped ?? [];
    const deleted = result.deleted ?? ids.length - skipped.length;
    notice(
      `Deleted ${deleted} of ${ids.length} time ${ids.length === 1 ? 'entry' : 'entries'}` +
        `.${skipped.length ? ` Kept (invoiced, paid or not yours): ${skipped.join(', ')}` : ''}`,
    );
  });
}
