// `acct entries get <id>`: one booking with its tax rate, customer, project, group and invoice.
import type { Command } from 'commander';
import { getEntry } from '../../api/endpoints/entries.js';
import { globalsOf } from '../globals.js';
import { planOutput, printRecord } from '../output.js';
import { withRuntime } from '../runtime.js';
import { ENTRY_COLUMNS } from './fields.js';
import { parseEntryId } from './write.js';

/** `get` shows more than the list: type, customer, project, tags, receipt and the flags. */
const DETAIL = new Set(['id', 'type', 'customer.name', 'project.name', 'tags', 'file.name', 'billable', 'locked', 'entry_group_id']);
const COLUMNS = ENTRY_COLUMNS.map((c) => (DETAIL.has(c.key) ? { ...c, default: true } : c));

export default async function get(args: string[], _opts: Record<string, unknown>, cmd: Command): Promise<void> {
  const g = globalsOf(cmd);
  const plan = planOutput(g, COLUMNS);
  const id = parseEntryId(args[0]);
  await withRuntime(g, async (rt) => {
    printRecord(plan, await getEntry(rt.client, await rt.company(), id));
  });
}
