// `acct customers statistics <customer>`: income, expenses and profit from the customer's bookings;
// total, billable, non-billable and open hours from the time of the customer's projects.
import type { Command } from 'commander';
import { customerStatistics } from '../../api/endpoints/customers.js';
import type { Column } from '../../output/types.js';
import { globalsOf } from '../globals.js';
import { planOutput, printRecord } from '../output.js';
import { RefResolver } from '../refs.js';
import { withRuntime } from '../runtime.js';

const COLUMNS: Column[] = [
  { key: 'income', kind: 'money' },
  { key: 'expenses', kind: 'money' },
  { key: 'profit', kind: 'money' },
  { key: 'hoursTotal', header: 'hours total' },
  { key: 'hoursBillable', header: 'hours billable' },
  { key: 'hoursNonBillable', header: 'hours non-billable' },
  { key: 'hoursOpen', header: 'hours open' },
  { key: 'billability', header: 'billability %', kind: 'int' },
];

export default async function statistics(args: string[], _opts: Record<string, unknown>, cmd: Command): Promise<void> {
  const g = globalsOf(cmd);
  const plan = planOutput(g, COLUMNS);
  await withRuntime(g, async (rt) => {
    const company = await rt.company();
    const id = await new RefResolver(rt.client, company).resolve('customer', args[0], 'customer');
    printRecord(plan, { ...(await customerStatistics(rt.client, company, id)) });
  });
}
