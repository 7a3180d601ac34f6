// `acct entries get <booking>`: one booking (by number or id) with its tax rate, customer, project, group and invoice.
import { getEntry } from '../../api/endpoints/entries.js';
import { planOutput, printRecord } from '../output.js';
import { withRuntime } from '../runtime.js';
import type { VerbIO } from '../verb.js';
import { ENTRY_COLUMNS } from './fields.js';
import { RefResolver } from '../refs.js';

/** `get` shows more than the list: type, customer, project, tags, receipt and the flags. */
const DETAIL = new Set(['id', 'type', 'customer.name', 'project.name', 'tags', 'file.name', 'billable', 'locked', 'entry_group_id']);
const COLUMNS = ENTRY_COLUMNS.map((c) => (DETAIL.has(c.key) ? { ...c, default: true } : c));

interface GetOptions {
  /** the booking number (E-2026-001), id or id:N */
  booking: string;
}

export default async function get(options: GetOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planOutput(g, COLUMNS);
  await withRuntime(g, async (rt) => {
    const company = await rt.company();
    const id = await new RefResolver(rt.client, company).resolve('entry', options.booking, '<booking>');
    printRecord(plan, await getEntry(rt.client, company, id));
  });
}
