// `acct accounts reset`: replaces every account with the standard chart (the service refuses while
// bookings, recurring bookings, invoices or bank imports reference accounts).
import type { Command } from 'commander';
import { resetAccounts } from '../../api/endpoints/accounts.js';
import { globalsOf, notice } from '../globals.js';
import { listRenderer, planOutput } from '../output.js';
import { confirmDestructive } from '../prompt.js';
import { withRuntime } from '../runtime.js';
import { COLUMNS_WITHOUT_BALANCE } from './fields.js';

export default async function reset(_args: string[], _opts: Record<string, unknown>, cmd: Command): Promise<void> {
  const g = globalsOf(cmd);
  const plan = planOutput(g, COLUMNS_WITHOUT_BALANCE);
  await confirmDestructive(g, 'Replace every account with the standard chart of accounts (IBANs, renamed and added accounts are lost)?');
  await withRuntime(g, async (rt) => {
    const rows = await resetAccounts(rt.client, await rt.company());
    const renderer = listRenderer(plan);
    renderer.push(rows);
    renderer.end();
    notice(`Reset the chart of accounts: ${rows.length} accounts of the standard chart.`);
  });
}
