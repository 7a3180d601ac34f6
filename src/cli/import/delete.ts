// `acct import delete <id...>|--all`: marks open import entries deleted (a new upload still skips
// them), after a confirmation on a terminal or --yes. How many were deleted is read from the open count
// before and after (the answer only says success).
import { deleteImportEntries, importEntryPaths, listImportEntries } from '../../api/endpoints/import-entries.js';
import type { ApiClient } from '../../api/http.js';
import { UsageError } from '../../errors.js';
import { notice } from '../globals.js';
import { confirmDestructive, refuseUnconfirmed } from '../prompt.js';
import { deleteQuestion, existingRecords } from '../shared/existing.js';
import type { VerbIO } from '../verb.js';
import { IDS_HINT, importIds } from './fields.js';

interface DeleteOptions {
  /** import entry ids */
  id: string[];
  all?: boolean;
}

const entries = (n: number) => `${n} import ${n === 1 ? 'entry' : 'entries'}`;
const openCount = async (client: ApiClient, company: number) =>
  (await listImportEntries(client, company, { limit: 1 })).open_count;

export default async function remove(opts: DeleteOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  if (opts.all && opts.id.length > 0) throw new UsageError('give either ids or --all, not both');
  if (!opts.all && opts.id.length === 0)
    throw new UsageError('which entries? give their ids (acct import list) or --all');
  const ids = opts.all ? undefined : importIds(opts.id);
  // without a terminal: --yes, or a usage error before any request
  refuseUnconfirmed(g, ids ? `Delete ${entries(ids.length)} (${ids.join(', ')})` : 'Delete every open import entry');
  await io.withRuntime(async (rt) => {
    const company = await rt.company();
    if (ids)
      await confirmDestructive(
        g,
        deleteQuestion(
          'import entry',
          await existingRecords(rt.client, 'import entry', (id) => importEntryPaths.one(company, id), ids, IDS_HINT),
        ),
      );
    const before = await openCount(rt.client, company);
    if (!ids) await confirmDestructive(g, `Delete all ${entries(before)} still open?`);
    await deleteImportEntries(rt.client, company, ids ?? 'all');
    const deleted = before - (await openCount(rt.client, company));
    notice(
      `Deleted ${entries(deleted)}` +
        `${ids && deleted < ids.length ? ` (of ${ids.length} given; the others were not open)` : ''}.`,
    );
  });
}
