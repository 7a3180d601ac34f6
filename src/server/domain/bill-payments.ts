// Which supplier bill a debit of a bank statement pays (docs/service/bills.md "Paid by the bank
// statement"): first the structured reference (QRR or SCOR, compared without spaces, upper case), else
// the same amount in the bill's currency to the bill's creditor IBAN, booked within the bill's window
// (bill date to due date + PAYMENT_WINDOW_DAYS). Pure: no I/O, no clock.
import { addDays } from '../../domain/calendar.js';
import { normaliseIban } from '../../domain/iban.js';
import { toRappen } from '../../domain/money.js';
import { normaliseReference } from '../../domain/qr-reference.js';

/** Days after the due date a payment still counts as the bill's (a late payment, a slow bank). */
export const PAYMENT_WINDOW_DAYS = 30;

/** A bill as the rule reads it (amount in Rappen of its currency; IBAN and reference normalised or not). */
export interface BillCandidate {
  id: number;
  iban: string;
  reference: string | null;
  amount: number;
  currency: string;
  bill_date: string;
  due_date: string;
}

/** A debit as the rule reads it. */
export interface Debit {
  /** the structured reference, if any */
  reference: string | null;
  /** Rappen of `currency`, the booked amount */
  amount: number;
  currency: string;
  /** the amount instructed in another currency (CAMT `AmtDtls/InstdAmt`), as the file writes it */
  original: { amount: string; currency: string } | null;
  /** the creditor's IBAN (CAMT `CdtrAcct/Id/IBAN`) */
  creditorIban: string | null;
  /** the booking date */
  date: string;
}

export type BillMatch<B> = { bill: B; by: 'reference' | 'iban' };

/** The debit's amount in `currency`: the booked one, else the instructed one when it is in that currency. */
export function amountIn(debit: Debit, currency: string): number | undefined {
  if (debit.currency === currency) return debit.amount;
  if (debit.original?.currency === currency) return toRappen(debit.original.amount);
  return undefined;
}

/** Whether `date` lies in the bill's payment window: from its bill date to its due date + PAYMENT_WINDOW_DAYS. */
export const inPaymentWindow = (bill: Pick<BillCandidate, 'bill_date' | 'due_date'>, date: string): boolean =>
  date >= bill.bill_date && date <= addDays(bill.due_date, PAYMENT_WINDOW_DAYS);

/**
 * The bill the debit pays among `bills` (earliest due first), none of `taken` (linked by this upload
 * already): the one with its reference, else the first with its amount, IBAN and window.
 */
export function billPaidBy<B extends BillCandidate>(
  bills: readonly B[],
  debit: Debit,
  taken: ReadonlySet<number>,
): BillMatch<B> | undefined {
  const free = bills.filter((b) => !taken.has(b.id));
  if (debit.reference) {
    const reference = normaliseReference(debit.reference);
    const bill = free.find((b) => b.reference !== null && normaliseReference(b.reference) === reference);
    if (bill) return { bill, by: 'reference' };
  }
  if (!debit.creditorIban) return undefined;
  const iban = normaliseIban(debit.creditorIban);
  const bill = free.find(
    (b) => normaliseIban(b.iban) === iban && amountIn(debit, b.currency) === b.amount && inPaymentWindow(b, debit.date),
  );
  return bill ? { bill, by: 'iban' } : undefined;
}
