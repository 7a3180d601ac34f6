// `acct entries get <id>`: one booking with its tax rate, customer, project, group and invoice.
import { getEntry } from '../../api/endpoints/entries.js';
import { planOutput, printRecord } from '../output.js';
import { withRuntime } from '../runtime.js';
import type { VerbIO } from '../verb.js';
import { ENTRY_COLUMNS } from './fields.js';
import { parseEntryId } from './write.js';

/** `get` shows more than the list: type, customer, project, tags, receipt and the flags. */
const DETAIL = new Set(['id', 'type', 'customer.name', 'project.name', 'tags', 'file.name', 'billable', 'locked', 'entry_group_id']);
const COLUMNS = ENTRY_COLUMNS.map((c) => (DETAIL.has(c.key) ? { ...c, default: true } : c));

interface GetOptions {
  /** the booking id (or id:N) */
  id: string;
}

export default async function get(options: GetOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planOutput(g, COLUMNS);
  const id = parseEntryId(options.id);
  await withRuntime(g, async (rt) => {
    printRecord(plan, await getEntry(rt.client, await rt.company(), id));
  });
}
