// `acct proposals|invoices mark-as <ref> <status>`: one move of the status table. Marking an invoice
// paid books the payment unless --no-booking (createEntry=true, as a bookkeeper expects the ledger to
// follow); the moves the table refuses are the service's 400 (exit 6) with its message.
import { markDocumentAs, type DocumentRecord } from '../../api/endpoints/documents.js';
import type { QueryValue } from '../../api/http.js';
import { UsageError } from '../../errors.js';
import { formatDate, formatMoney } from '../../output/format.js';
import { notice } from '../globals.js';
import type { OutputPlan } from '../output.js';
import { convertValue, today } from '../resource/body.js';
import type { Runtime } from '../runtime.js';
import type { VerbIO } from '../verb.js';
import { statusLabel } from './view.js';
import { documentPlan, printDocument, withDocument, type DocumentArgs } from './common.js';
import type { KindFacts } from './fields.js';

interface MarkAsOptions extends DocumentArgs {
  status: string;
  /** invoices, paid */
  paidDate?: string;
  /** false with --no-booking */
  booking?: boolean;
  bankAccount?: string;
  sum?: string;
  taxRate?: string;
  /** invoices, a reminder */
  reminderDue?: string;
}

const REMINDERS = ['reminder_one', 'reminder_two', 'reminder_three'];

/** The query of the move, flags checked against the target; accounts and tax rates still as typed. */
function moveQuery(o: MarkAsOptions): Record<string, QueryValue> {
  const given = (pairs: [unknown, string][]) => pairs.filter(([v]) => v !== undefined).map(([, flag]) => flag);
  const booking = given([
    [o.bankAccount, '--bank-account'],
    [o.sum, '--sum'],
    [o.taxRate, '--tax-rate'],
  ]);
  const paid = [...given([[o.paidDate, '--paid-date']]), ...(o.booking === false ? ['--no-booking'] : []), ...booking];
  if (o.status !== 'paid' && paid.length) throw new UsageError(`${paid.join(', ')} only go with paid`);
  if (o.booking === false && booking.length)
    throw new UsageError(`${booking.join(', ')} describe the payment booking: leave out --no-booking`);
  if (o.reminderDue !== undefined && !REMINDERS.includes(o.status))
    throw new UsageError('--reminder-due only goes with reminder_one, reminder_two or reminder_three');
  const query: Record<string, QueryValue> = { status: o.status };
  if (o.status === 'paid' && o.booking !== undefined) {
    query.createEntry = o.booking;
    if (o.paidDate !== undefined) query.paidDate = convertValue('paid-date', 'date', o.paidDate) as string;
    if (o.sum !== undefined) query.sum = convertValue('sum', 'decimal', o.sum) as string;
    query.bank_account_id = o.bankAccount;
    query.tax_rate_id = o.taxRate;
  }
  if (o.reminderDue !== undefined)
    query.reminder_due_date = convertValue('reminder-due', 'date', o.reminderDue) as string;
  return query;
}

/** What the move did, for stderr: the new status and the bookings or dates it brought. */
function movedNotice(k: KindFacts, doc: DocumentRecord): string {
  const booking = (id: number | null | undefined, what: string) => {
    const e = doc.entries?.find((x: DocumentRecord) => x.id === id);
    return e
      ? `; ${what} booked as ${e.number} (${e.debit_account?.number} / ${e.credit_account?.number}, ` +
          `${formatMoney(e.sum)})`
      : '';
  };
  let text = `${k.noun === 'invoice' ? 'Invoice' : 'Proposal'} ${doc.number} is now ${statusLabel(doc.status)}`;
  if (doc.status === 'paid') text += doc.entry_id ? booking(doc.entry_id, 'payment') : '; no payment booked';
  if (doc.status === 'sent') text += booking(doc.receivable_entry_id, 'receivable');
  if (REMINDERS.includes(doc.status) && doc.reminder_due_date) text += `, due ${formatDate(doc.reminder_due_date)}`;
  return `${text}.`;
}

/** Moves the document, prints it and says what changed; `query` holds the status and its parameters (ids). */
export async function moveDocument(
  rt: Runtime,
  plan: OutputPlan,
  k: KindFacts,
  company: number,
  id: number,
  query: Record<string, QueryValue>,
): Promise<void> {
  const doc = await markDocumentAs(rt.client, k.kind, company, id, query);
  printDocument(plan, doc);
  notice(movedNotice(k, doc));
}

export default async function markAs(k: KindFacts, options: MarkAsOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = documentPlan(g, k);
  const query = moveQuery(options);
  await withDocument(g, k, options, async ({ rt, company, resolver, id }) => {
    if (query.bank_account_id !== undefined)
      query.bank_account_id = await resolver.resolve('account', String(query.bank_account_id), 'bank-account');
    // the payment booking is dated the paid date: it picks the rate of its time
    if (query.tax_rate_id !== undefined)
      query.tax_rate_id = await resolver.resolveTaxRateOn(
        String(query.tax_rate_id),
        'tax-rate',
        String(query.paidDate ?? today()),
        'output',
      );
    await moveDocument(rt, plan, k, company, id, query);
  });
}
