// `acct import get <id>`: one imported bank transaction, with the bank's own text and references, the
// status, the receipt and the bookkeeping's last refusal.
import { getImportEntry } from '../../api/endpoints/import-entries.js';
import { planOutput, printRecord } from '../output.js';
import type { VerbIO } from '../verb.js';
import { DETAIL_COLUMNS, forDisplay, importId } from './fields.js';

interface GetOptions {
  /** the import entry id (or id:N) */
  id: string;
}

export default async function get(options: GetOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planOutput(g, DETAIL_COLUMNS);
  const id = importId(options.id);
  await io.withRuntime(async (rt) => {
    printRecord(plan, forDisplay(await getImportEntry(rt.client, await rt.company(), id)));
  });
}
