// `acct customers statistics <customer>`: income, expenses and profit from the customer's bookings (in
// the books' currency); total, billable, non-billable and open hours from the time of the customer's
// projects; and the unpaid invoices per currency (from the customer's record), never added into one.
import { customerPaths, customerStatistics } from '../../api/endpoints/customers.js';
import { getRecord } from '../shared/existing.js';
import type { Column } from '../../output/types.js';
import { planOutput, printRecord } from '../output.js';
import { RefResolver } from '../refs.js';
import type { VerbIO } from '../verb.js';

const COLUMNS: Column[] = [
  { key: 'income', kind: 'money' },
  { key: 'expenses', kind: 'money' },
  { key: 'profit', kind: 'money' },
  { key: 'hoursTotal', header: 'hours total' },
  { key: 'hoursBillable', header: 'hours billable' },
  { key: 'hoursNonBillable', header: 'hours non-billable' },
  { key: 'hoursOpen', header: 'hours open' },
  { key: 'billability', header: 'billability %', kind: 'int' },
  { key: 'open_invoice_sums', header: 'open invoices', kind: 'sums' },
];

interface StatisticsOptions {
  /** number, exact name or id:N */
  customer: string;
}

export default async function statistics({ customer }: StatisticsOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planOutput(g, COLUMNS);
  await io.withRuntime(async (rt) => {
    const company = await rt.company();
    const id = await new RefResolver(rt.client, company).resolve('customer', customer, '<customer>');
    const statistics = await customerStatistics(rt.client, company, id);
    const record = await getRecord<Record<string, unknown>>(rt.client, customerPaths.one(company, id));
    // a service without the sums per currency: its one figure, as it gives it
    printRecord(plan, {
      ...statistics,
      open_invoice_sums: record.open_invoice_sums ?? record.open_invoice_sum ?? null,
    });
  });
}
