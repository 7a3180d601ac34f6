// `acct entries get <booking>`: one booking (by number or id) with its tax rate, customer, project, group and invoice.
import { getEntry } from '../../api/endpoints/entries.js';
import { planOutput, printRecord } from '../output.js';
import type { VerbIO } from '../verb.js';
import { ENTRY_DETAIL_COLUMNS } from './fields.js';
import { RefResolver } from '../refs.js';

interface GetOptions {
  /** the booking number (E-2026-001), id or id:N */
  booking: string;
}

export default async function get(options: GetOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planOutput(g, ENTRY_DETAIL_COLUMNS);
  await io.withRuntime(async (rt) => {
    const company = await rt.company();
    const id = await new RefResolver(rt.client, company).resolve('entry', options.booking, '<booking>');
    printRecord(plan, await getEntry(rt.client, company, id));
  });
}
