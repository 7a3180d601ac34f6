// `acct accounts reset`: replaces every account with the standard chart (the service refuses while
// bookings, recurring bookings, invoices or bank imports reference accounts).
import { resetAccounts } from '../../api/endpoints/accounts.js';
import { notice } from '../globals.js';
import { listRenderer, planOutput } from '../output.js';
import { confirmDestructive } from '../prompt.js';
import type { NoOptions, VerbIO } from '../verb.js';
import { COLUMNS_WITHOUT_BALANCE } from './fields.js';

export default async function reset(_options: NoOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planOutput(g, COLUMNS_WITHOUT_BALANCE);
  await confirmDestructive(
    g,
    'Replace every account with the standard chart of accounts (IBANs, renamed and added accounts are lost)?',
  );
  await io.withRuntime(async (rt) => {
    const rows = await resetAccounts(rt.client, await rt.company());
    const renderer = listRenderer(plan);
    renderer.push(rows);
    renderer.end();
    notice(`Reset the chart of accounts: ${rows.length} accounts of the standard chart.`);
  });
}
