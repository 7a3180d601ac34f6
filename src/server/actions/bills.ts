// Supplier bills that write: create, update, delete, the state moves with their bookings, the receipt.
// Each runs in one write transaction that reads the bill inside it (currentBill), so of two processes
// paying one bill at once the second sees the first one's payment and is refused. Bookings go through
// the booking action (closed period: 400, rolling the whole change back). The company's method decides:
// accrual books the expense against 2000 Kreditoren when the bill is entered and 2000 against the bank
// when it is paid; cash books the expense against the bank when it is paid. The tax rate rides on the
// expense booking, which is where the ledger and the VAT return split the input tax off.
import { billMove, billRunningNumber, formatBillNumber } from '../domain/bills.js';
import { badRequest, fieldError, notFound } from '../http-error.js';
import { findAccountRowByNumber } from '../store/accounts.js';
import {
  billNumbersLike,
  billNumberTaken,
  deleteBillRow,
  findBillRow,
  insertBill,
  updateBill,
  type BillRow,
  type BillValues,
} from '../store/bills.js';
import { transaction, type Db, type Row } from '../store/db.js';
import { deleteFile, insertFile, type StoredFile } from '../store/files.js';
import { unlinkBillFromImportEntries } from '../store/import-entries.js';
import type { UploadedFile } from '../upload.js';
import { createBooking, deleteBooking, type BookingChanges, type BookingScope } from './bookings.js';
import { paymentBankAccountId } from './account-lookups.js';
import { accrual } from './document-states.js';

/** The company a bill is written in, with its settings (the method), and the company's today. */
export interface BillScope extends BookingScope {
  company: Row;
  today: string;
}

export const CREDITORS_ACCOUNT = 2000;

/** The bill as it is now, read inside the write transaction; gone meanwhile: 404. */
export function currentBill(s: Pick<BillScope, 'db' | 'companyId'>, id: number): BillRow {
  if (!s.db.isTransaction) throw new Error('currentBill reads inside a write transaction');
  const row = findBillRow(s.db, s.companyId, id);
  if (!row) throw notFound('Bill not found.');
  return row;
}

/** The next generated number of the year: the highest running number + 1 ("K-2026-005"). */
export function nextBillNumber(db: Db, companyId: number, year: number): string {
  let max = 0;
  for (const number of billNumbersLike(db, companyId, formatBillNumber(year, 0).slice(0, -3))) {
    const running = billRunningNumber(year, number);
    if (running !== undefined && running > max) max = running;
  }
  return formatBillNumber(year, max + 1);
}

function creditorsAccount(s: BillScope): number {
  const row = findAccountRowByNumber(s.db, s.companyId, CREDITORS_ACCOUNT);
  if (!row) throw badRequest(`Das Kreditorenkonto ${CREDITORS_ACCOUNT} fehlt im Kontenplan.`);
  return Number(row.id);
}

/** The text of a bill's bookings: "Kreditor K-2026-004 Muster Druck AG". */
export const billBookingText = (bill: { number?: unknown; supplier_name?: unknown }) =>
  `Kreditor ${bill.number} ${bill.supplier_name}`;

function expenseAccount(bill: BillRow): number {
  if (bill.expense_account_id === null)
    throw fieldError('expense_account_id', 'The expense account id field is required.');
  return Number(bill.expense_account_id);
}

/** Accrual: the expense against 2000 on the bill date, the input tax split off by its rate. */
function bookExpense(s: BillScope, bill: BillRow): number {
  return createBooking(s, {
    date: bill.bill_date,
    debit_account_id: expenseAccount(bill),
    credit_account_id: creditorsAccount(s),
    sum: Number(bill.amount_chf),
    tax_rate_id: bill.tax_rate_id === null ? null : Number(bill.tax_rate_id),
    description: billBookingText(bill),
  });
}

/**
 * The payment: 2000 against the bank (accrual, once the expense is booked), else the expense against the bank with its
 * tax rate.
 */
function bookPayment(
  s: BillScope,
  bill: BillRow,
  date: string,
  bankAccountId: number | undefined,
  extra: BookingChanges = {},
): number {
  const bank = paymentBankAccountId(s, bankAccountId, bill.bank_account_id);
  const viaCreditors = bill.expense_entry_id !== null;
  return createBooking(s, {
    description: billBookingText(bill),
    ...extra,
    date,
    credit_account_id: bank,
    sum: Number(bill.amount_chf),
    debit_account_id: viaCreditors ? creditorsAccount(s) : expenseAccount(bill),
    tax_rate_id: viaCreditors || bill.tax_rate_id === null ? null : Number(bill.tax_rate_id),
  });
}

function checkNumber(s: BillScope, number: string, exceptId?: number): void {
  if (billNumberTaken(s.db, s.companyId, number, exceptId))
    throw fieldError('number', 'The number has already been taken.');
}

/**
 * Creates the bill (status open, its number generated unless given) with its accrual expense booking; answers its id.
 */
export function createBill(s: BillScope, values: BillValues): number {
  return transaction(s.db, () => {
    const number = values.number ?? nextBillNumber(s.db, s.companyId, Number(values.bill_date!.slice(0, 4)));
    checkNumber(s, number);
    const id = insertBill(s.db, s.companyId, s.userId, { ...values, number, status: 'open' });
    if (accrual(s))
      updateBill(s.db, s.companyId, id, { expense_entry_id: bookExpense(s, findBillRow(s.db, s.companyId, id)!) });
    return id;
  });
}

const BOOKED_FIELDS = [
  'amount_chf',
  'bill_date',
  'expense_account_id',
  'tax_rate_id',
  'supplier_name',
  'number',
] as const;

/** Changes an open or scheduled bill; its expense booking follows (booked anew when what it books changed). */
export function changeBill(s: BillScope, id: number, values: BillValues): void {
  transaction(s.db, () => {
    const bill = currentBill(s, id);
    if (bill.status !== 'open' && bill.status !== 'scheduled')
      throw badRequest('Nur offene oder geplante Kreditoren können bearbeitet werden.');
    if (values.number !== undefined && values.number !== bill.number) checkNumber(s, values.number, id);
    updateBill(s.db, s.companyId, id, values);
    const next = findBillRow(s.db, s.companyId, id)!;
    if (bill.expense_entry_id !== null && BOOKED_FIELDS.some((k) => String(next[k]) !== String(bill[k]))) {
      deleteBooking(s, Number(bill.expense_entry_id));
      updateBill(s.db, s.companyId, id, { expense_entry_id: bookExpense(s, next) });
    }
  });
}

/**
 * Deletes a bill that has no payment (400 otherwise), with its expense booking and its receipt; an open import entry
 * paying it is unlinked.
 */
export function deleteBill(s: BillScope, id: number): void {
  transaction(s.db, () => {
    const bill = currentBill(s, id);
    if (bill.payment_entry_id !== null)
      throw badRequest(
        'Ein Kreditor mit einer Zahlung kann nicht gelöscht werden; zuerst die Zahlung zurücknehmen (mark-as open).',
      );
    if (bill.expense_entry_id !== null) deleteBooking(s, Number(bill.expense_entry_id));
    unlinkBillFromImportEntries(s.db, s.companyId, id);
    deleteBillRow(s.db, s.companyId, id);
    if (bill.file_id !== null) deleteFile(s.db, s.dataDir, s.companyId, Number(bill.file_id));
  });
}

export interface BillPayment {
  /** the payment's date; default today */
  paidDate?: string;
  /** the bank account paid from; default the bill's, else the company's primary bank account */
  bankAccountId?: number;
  /** to scheduled: the pain.001 message id of the payment file (kept when paid, cleared when reopened or cancelled) */
  paymentMessageId?: string;
  /** what the payment booking carries besides its accounts (the bank import: its text, tags, receipt, is_imported) */
  extra?: BookingChanges;
}

const WORDS: Readonly<Record<string, string>> = {
  open: 'offen',
  scheduled: 'geplant',
  paid: 'bezahlt',
  cancelled: 'storniert',
};

/**
 * The payment file's message id a move leaves on the bill: set on scheduling, gone when the bill is open or cancelled
 * again.
 */
function messageIdOfMove(target: string, messageId: string | undefined): BillValues {
  if (target === 'scheduled' && messageId !== undefined) return { payment_message_id: messageId };
  return target === 'open' || target === 'cancelled' ? { payment_message_id: null } : {};
}

/**
 * Moves the bill to `target` with the bookings the move makes or undoes; a move the table does not allow is a 400.
 * Answers what it changed on the bill (a payment: its payment_entry_id).
 */
export function markBill(s: BillScope, id: number, target: string, payment: BillPayment = {}): BillValues {
  return transaction(s.db, () => {
    const bill = currentBill(s, id);
    const effects = billMove(bill.status, target);
    if (!effects)
      throw badRequest(
        `Der Kreditor kann nicht von «${WORDS[bill.status] ?? bill.status}» auf «${WORDS[target] ?? target}» ` +
          `gesetzt werden.`,
      );
    const values: BillValues = { status: target, ...messageIdOfMove(target, payment.paymentMessageId) };
    for (const effect of effects) {
      switch (effect) {
        case 'payment': {
          const paidAt = payment.paidDate ?? s.today;
          values.payment_entry_id = bookPayment(s, bill, paidAt, payment.bankAccountId, payment.extra);
          values.paid_at = paidAt;
          break;
        }
        case 'removePayment':
          if (bill.payment_entry_id !== null) deleteBooking(s, Number(bill.payment_entry_id));
          values.payment_entry_id = null;
          values.paid_at = null;
          break;
        case 'removeExpense':
          if (bill.expense_entry_id !== null) deleteBooking(s, Number(bill.expense_entry_id));
          values.expense_entry_id = null;
          break;
        case 'expense':
          if (accrual(s)) values.expense_entry_id = bookExpense(s, bill);
          break;
      }
    }
    updateBill(s.db, s.companyId, id, values);
    return values;
  });
}

/** Stores `file` as the bill's receipt, replacing (and deleting) the one it had. */
export function attachReceipt(s: BillScope, id: number, file: UploadedFile): StoredFile {
  return transaction(s.db, () => {
    const bill = currentBill(s, id);
    const stored = insertFile(s.db, s.dataDir, s.companyId, file.name, file.mime, file.bytes);
    updateBill(s.db, s.companyId, id, { file_id: stored.id });
    if (bill.file_id !== null) deleteFile(s.db, s.dataDir, s.companyId, Number(bill.file_id));
    return stored;
  });
}

/**
 * Schedules the bills of one payment file, all or none: each is read inside the one transaction, and a
 * bill that is gone (404) or not open (400, naming it) leaves every bill as it was.
 */
export function scheduleBills(s: BillScope, ids: readonly number[], messageId: string): void {
  transaction(s.db, () => {
    const bills = ids.map((id) => currentBill(s, id));
    const notOpen = bills.filter((b) => b.status !== 'open');
    if (notOpen.length) {
      throw badRequest(
        `Nur offene Kreditoren können geplant werden: ` +
          `${notOpen.map((b) => `${b.number} ist ${WORDS[b.status] ?? b.status}`).join(', ')}.`,
      );
    }
    for (const id of ids) updateBill(s.db, s.companyId, id, { status: 'scheduled', payment_message_id: messageId });
  });
}
