// `acct bills mark-as <bill> <status> [--paid-date D] [--bank-account A]`: one move of the bill's status
// table; paid books the payment (the service's rule by the company's method), a move the table
// refuses is the service's 400 (exit 6) with its message.
import { BILL_STATUSES, markBillAs } from '../../api/endpoints/bills.js';
import { UsageError } from '../../errors.js';
import { canPrompt, notice } from '../globals.js';
import { planOutput, printRecord } from '../output.js';
import { RefResolver } from '../refs.js';
import { convertValue } from '../resource/body.js';
import type { VerbIO } from '../verb.js';
import { BILL_COLUMNS, detailColumns } from './fields.js';

interface MarkAsOptions {
  bill: string;
  status: string;
  paidDate?: string;
  bankAccount?: string;
}

export default async function markAs(o: MarkAsOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planOutput(g, detailColumns(BILL_COLUMNS));
  if (!(BILL_STATUSES as readonly string[]).includes(o.status))
    throw new UsageError(`invalid <status> "${o.status}": expected one of ${BILL_STATUSES.join(', ')}`);
  const paidFlags = [
    [o.paidDate, '--paid-date'],
    [o.bankAccount, '--bank-account'],
  ]
    .filter(([v]) => v !== undefined)
    .map(([, f]) => f);
  if (o.status !== 'paid' && paidFlags.length) throw new UsageError(`${paidFlags.join(', ')} only go with paid`);
  const body: Record<string, unknown> = {};
  if (o.paidDate !== undefined) body.paid_date = convertValue('paid-date', 'date', o.paidDate);
  await io.withRuntime(async (rt) => {
    const company = await rt.company();
    const resolver = new RefResolver(rt.client, company, { ask: canPrompt(g) });
    const id = await resolver.resolve('bill', o.bill, '<bill>');
    if (o.bankAccount !== undefined)
      body.bank_account_id = await resolver.resolve('account', o.bankAccount, 'bank-account');
    const bill = await markBillAs(rt.client, company, id, o.status, body);
    printRecord(plan, bill);
    const paymentNote =
      bill.status === 'paid' && bill.payment_entry_id
        ? `; payment booked (booking id ${String(bill.payment_entry_id)})`
        : '';
    notice(`Bill ${String(bill.number)} is now ${String(bill.status)}${paymentNote}.`);
  });
}
