// The bank import and the supplier bills (issue 25, "the statement closes the loop"; docs/service/bills.md
// "Paid by the bank statement"): an upload links a debit to the bill it pays (domain/bill-payments.ts)
// and fills the entry as the payment will be booked; processing pays the bill through the bills' own
// mark-as paid, inside the process's write transaction, so the bill's payment booking is the only one.
import type { CamtTransaction } from '../../domain/camt.js';
import { billPaidBy } from '../domain/bill-payments.js';
import { badRequest } from '../http-error.js';
import type { CompanyScope } from '../context.js';
import { findBillRow } from '../store/bills.js';
import {
  payableBillRows,
  type ImportEntryRow,
  type NewImportEntry,
  type PayableBillRow,
} from '../store/import-entries.js';
import { rememberedAccounts } from './account-lookups.js';
import type { BookingChanges } from './bookings.js';
import { billBookingText, CREDITORS_ACCOUNT, markBill } from './bills.js';

const DESCRIPTION_MAX = 255;

/**
 * Links an outgoing payment to the open or scheduled bill it pays (each bill to one entry of the upload
 * at most), with the counter account and tax rate its payment will be booked with: 2000 Kreditoren when
 * the bill's expense is booked (accrual), else the bill's expense account with its tax rate (cash).
 */
export function billMatcher(s: CompanyScope): (entry: NewImportEntry, tx: CamtTransaction) => boolean {
  const bills = payableBillRows(s.db, s.companyId);
  const taken = new Set<number>();
  // read once for the upload, and only when there is a bill to pay
  const byNumber = rememberedAccounts(s);
  const creditorsId = () => byNumber(CREDITORS_ACCOUNT) ?? null;
  return (entry, tx) => {
    if (entry.type !== 'expense' || tx.reversal || bills.length === 0) return false;
    const debit = {
      reference: entry.reference,
      amount: entry.sum,
      currency: tx.currency,
      original: tx.originalAmount,
      creditorIban: tx.counterpartyIban,
      date: entry.date,
    };
    const match = billPaidBy(bills, debit, taken);
    if (!match) return false;
    taken.add(match.bill.id);
    fillFromBill(entry, match.bill, creditorsId);
    return true;
  };
}

/** The entry as processing will book the bill's payment; without 2000 in the chart it stays linked but not ready. */
function fillFromBill(entry: NewImportEntry, bill: PayableBillRow, creditorsId: () => number | null): void {
  const viaCreditors = bill.expense_entry_id !== null;
  entry.bill_id = bill.id;
  entry.other_account_id = viaCreditors ? creditorsId() : bill.expense_account_id;
  entry.tax_rate_id = viaCreditors ? null : bill.tax_rate_id;
  entry.description = billBookingText(bill).slice(0, DESCRIPTION_MAX);
}

/**
 * Pays the entry's bill as mark-as paid does (paid on the entry's booking date from its bank account),
 * the booking carrying the import's extras; answers the payment booking's id. Called inside the
 * process's write transaction: a bill paid by hand (or deleted, or cancelled) meanwhile is a 400 and
 * the entry stays open with it.
 */
export function payBill(s: CompanyScope, row: ImportEntryRow, extra: BookingChanges): number {
  const billId = row.bill_id!;
  const bill = findBillRow(s.db, s.companyId, billId);
  if (!bill) throw badRequest('Der verknüpfte Kreditor existiert nicht mehr.');
  if (bill.status === 'paid') throw badRequest(`Der Kreditor ${bill.number} ist bereits bezahlt.`);
  return Number(
    markBill(s, billId, 'paid', { paidDate: row.date, bankAccountId: row.bank_account_id, extra }).payment_entry_id,
  );
}
