// mark-as: the state moves of proposals and invoices (src/server/domain/documents.ts) with their side
// effects, in one transaction so a refused booking leaves the document as it was. Invoices book through
// the booking action, like the entries API: the receivable on `sent` under the accrual method, the
// payment on `paid` with createEntry; `open` and `unpaid` remove them again. Linked time entries follow.
import {
  invoiceMove,
  proposalMove,
  REMINDER_DAYS,
  type DocumentType,
  type InvoiceStatus,
  type ProposalStatus,
} from '../domain/documents.js';
import { addDays } from '../domain/time.js';
import { badRequest, HttpError } from '../http-error.js';
import { transaction, type Row } from '../store/db.js';
import {
  insertActivity,
  linkBookingToInvoice,
  setLinkedTimesStatus,
  updateDocument,
  type DocumentValues,
} from '../store/documents.js';
import {
  DEFAULT_INCOME_ACCOUNT,
  RECEIVABLES_ACCOUNT,
  lookupAccount,
  paymentBankAccountId,
  type AccountByNumber,
} from './account-lookups.js';
import { createBooking, deleteBooking, type BookingChanges, type BookingScope } from './bookings.js';
import { currentDocument, type DocumentScope } from './documents.js';

/** What an invoice's bookings need of the booking action (createBooking / deleteBooking). */
export interface InvoiceBooker {
  /** creates a booking inside the caller's transaction and answers its id; refuses like the entries API (400, 402) */
  create(values: InvoiceBooking): number;
  /** deletes a booking inside the caller's transaction; refuses a closed period (400) */
  remove(entryId: number): void;
}

export interface InvoiceBooking {
  date: string;
  debit_account_id: number;
  credit_account_id: number;
  /** Rappen */
  sum: number;
  tax_rate_id: number | null;
  description: string;
  customer_id: number | null;
  project_id: number | null;
  invoice_id: number;
}

/** The parameters of an invoice's mark-as (query): for paid and reminders. */
export interface MarkAsParams {
  createEntry?: boolean;
  paidDate?: string;
  bankAccountId?: number;
  /** Rappen */
  sum?: number;
  taxRateId?: number;
  reminderDueDate?: string;
}

const STATUS_WORDS: Readonly<Record<string, string>> = {
  open: 'offen',
  sent: 'versendet',
  paid: 'bezahlt',
  accepted: 'angenommen',
  declined: 'abgelehnt',
  confirmation: 'Auftragsbestätigung',
  reminder_one: '1. Mahnung',
  reminder_two: '2. Mahnung',
  reminder_three: '3. Mahnung',
  unpaid: 'unbezahlt',
  undo_reminder_one: 'Mahnung zurückgenommen',
};
const word = (status: string) => STATUS_WORDS[status] ?? status;

/** The 400 of a move the transition table does not allow. */
const moveRefused = (type: DocumentType, from: string, target: string) =>
  badRequest(
    `${type === 'invoice' ? 'Die Rechnung' : 'Die Offerte'} kann nicht von «${word(from)}» auf «${word(target)}» ` +
      `gesetzt werden.`,
  );

function receivablesAccount(s: DocumentScope, byNumber = lookupAccount(s)): number {
  const id = byNumber(RECEIVABLES_ACCOUNT);
  if (id === undefined) throw badRequest(`Das Debitorenkonto ${RECEIVABLES_ACCOUNT} fehlt im Kontenplan.`);
  return id;
}

const incomeAccount = (s: DocumentScope, invoice: Row, byNumber = lookupAccount(s)): number => {
  const id = invoice.income_account_id ?? byNumber(DEFAULT_INCOME_ACCOUNT);
  if (id === undefined || id === null)
    throw badRequest(`Das Ertragskonto ${DEFAULT_INCOME_ACCOUNT} fehlt im Kontenplan.`);
  return Number(id);
};

/** The company books receivables when invoices are sent (accrual method), else revenue when paid (cash method). */
export const accrual = (s: Pick<DocumentScope, 'company'>) => Number(s.company.vat_accrual_method_active) === 1;
const bookingText = (invoice: Row) =>
  `Rechnung ${invoice.number}${invoice.customer_name ? ` ${invoice.customer_name}` : ''}`;

/**
 * How a payment of the invoice is booked against the bank: it credits 1100 once the receivable is booked
 * (accrual method), else the income account; the VAT rate only then (cash method: the VAT is declared
 * when the money comes in; accrual: it was on the receivable). The bank import books matched payments so.
 */
export function paymentBooking(
  s: DocumentScope,
  invoice: Row,
  taxRateId?: number,
  receivableBooked = accrual(s) && invoice.receivable_entry_id !== null,
  byNumber: AccountByNumber = lookupAccount(s),
): { credit_account_id: number; tax_rate_id: number | null; description: string } {
  return {
    credit_account_id: receivableBooked ? receivablesAccount(s, byNumber) : incomeAccount(s, invoice, byNumber),
    tax_rate_id: receivableBooked
      ? null
      : (taxRateId ?? (invoice.tax_rate_id === null ? null : Number(invoice.tax_rate_id))),
    description: bookingText(invoice),
  };
}

/**
 * Moves a document to `target`. The document is read inside the write transaction (BEGIN IMMEDIATE):
 * of two processes moving it at once the second sees the first one's move and is refused as it would be
 * a second later. Refused moves are a 400 and change nothing; a booking the bookkeeping refuses (closed
 * period, revenue cap) rolls the whole move back. A document that is gone: 404.
 */
export function markAs(
  s: DocumentScope,
  type: DocumentType,
  id: number,
  target: string,
  params: MarkAsParams,
  booker: InvoiceBooker,
): void {
  transaction(s.db, () => {
    const doc = currentDocument(s, type, id);
    if (type === 'proposal') {
      const move = proposalMove(doc.status as ProposalStatus, target);
      if (!move) throw moveRefused(type, doc.status, target);
      updateDocument(s.db, type, s.companyId, doc.id, { status: move.next });
      insertActivity(s.db, type, doc.id, move.activity.message, move.activity.color ?? null);
      return;
    }
    const move = invoiceMove(doc.status as InvoiceStatus, target);
    if (!move) throw moveRefused(type, doc.status, target);
    const values: DocumentValues = { status: move.next };
    for (const effect of move.effects) {
      switch (effect) {
        case 'receivable':
          if (accrual(s) && Number(doc.final_value) !== 0) {
            values.receivable_entry_id = booker.create({
              date: doc.date,
              debit_account_id: receivablesAccount(s),
              credit_account_id: incomeAccount(s, doc),
              sum: Number(doc.final_value),
              tax_rate_id: doc.tax_rate_id,
              description: bookingText(doc),
              customer_id: doc.customer_id,
              project_id: doc.project_id,
              invoice_id: doc.id,
            });
          }
          break;
        case 'removeReceivable':
          if (doc.receivable_entry_id !== null) booker.remove(Number(doc.receivable_entry_id));
          values.receivable_entry_id = null;
          break;
        case 'payment': {
          const paidDate = params.paidDate ?? s.today;
          values.paid_at = paidDate;
          if (!params.createEntry) break;
          values.entry_id = booker.create({
            date: paidDate,
            debit_account_id: paymentBankAccountId(s, params.bankAccountId, doc.bank_account_id),
            sum: params.sum ?? Number(doc.final_value),
            ...paymentBooking(s, doc, params.taxRateId),
            customer_id: doc.customer_id,
            project_id: doc.project_id,
            invoice_id: doc.id,
          });
          break;
        }
        case 'removePayment':
          if (doc.entry_id !== null) booker.remove(Number(doc.entry_id));
          values.entry_id = null;
          values.paid_at = null;
          break;
        case 'reminderDue':
          values.reminder_due_date = params.reminderDueDate ?? addDays(s.today, REMINDER_DAYS);
          break;
        case 'clearReminderDue':
          values.reminder_due_date = null;
          break;
        case 'timesPaid':
          setLinkedTimesStatus(s.db, doc.id, 'paid');
          break;
        case 'timesInvoiced':
          setLinkedTimesStatus(s.db, doc.id, 'invoiced');
          break;
      }
    }
    updateDocument(s.db, type, s.companyId, doc.id, values);
    insertActivity(s.db, type, doc.id, move.activity.message, move.activity.color ?? null);
  });
}

export interface BatchResult {
  updated: number;
  skipped: number[];
}

/**
 * Moves each document to `status` (batch mark-as: no payment booking), each in its own transaction; a
 * document that is gone or may not move is skipped.
 */
export function markAsBatch(
  s: DocumentScope,
  type: DocumentType,
  ids: readonly number[],
  status: string,
  booker: InvoiceBooker,
): BatchResult {
  const result: BatchResult = { updated: 0, skipped: [] };
  for (const id of ids) {
    try {
      markAs(s, type, id, status, { createEntry: false }, booker);
      result.updated++;
    } catch (err) {
      if (!(err instanceof HttpError) || err.status >= 500) throw err;
      result.skipped.push(id);
    }
  }
  return result;
}

/**
 * Invoices book through the booking action, as the entries API does; the booking then names the invoice.
 * `extra` adds to every booking it makes (the bank import: its text, tags, receipt, is_imported).
 */
export function invoiceBooker(scope: BookingScope, extra: BookingChanges = {}): InvoiceBooker {
  return {
    create(values) {
      const { invoice_id: invoiceId, ...changes } = values;
      const id = createBooking(scope, { ...changes, ...extra });
      linkBookingToInvoice(scope.db, id, invoiceId);
      return id;
    },
    remove(entryId) {
      deleteBooking(scope, entryId);
    },
  };
}

/** An invoice on its way out (deleted): its receivable booking goes first. */
export function removeInvoiceBookings(booker: InvoiceBooker) {
  return (invoice: Row): void => {
    if (invoice.receivable_entry_id !== null) booker.remove(Number(invoice.receivable_entry_id));
  };
}
