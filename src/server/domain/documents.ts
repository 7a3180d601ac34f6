// Proposals and invoices without I/O: the two state machines of the spec's transition tables with the
// effects each move asks of the caller, the activity each move records, document numbers
// (O-YYYY-NNN, R-YYYY-NNN), generated titles, the overdue rule, and the dates of recurring invoices.
// The caller passes "today"; nothing here reads a clock.
import { MAX_DATE, calendarDate } from '../../domain/calendar.js';
import { addDays, daysBetween } from './time.js';

export type DocumentType = 'proposal' | 'invoice';

export const PROPOSAL_STATUSES = ['open', 'sent', 'accepted', 'declined', 'confirmation'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

export const INVOICE_STATUSES = ['open', 'sent', 'paid', 'reminder_one', 'reminder_two', 'reminder_three'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const REMINDER_STATUSES = ['reminder_one', 'reminder_two', 'reminder_three'] as const;
/** sent or any reminder: issued and not yet paid */
export const UNPAID_STATUSES: readonly InvoiceStatus[] = ['sent', ...REMINDER_STATUSES];

/** Targets of invoices' mark-as: the statuses plus the two moves back whose result the table leaves open. */
export const INVOICE_TARGETS = [...INVOICE_STATUSES, 'unpaid', 'undo_reminder_one'] as const;
export type InvoiceTarget = (typeof INVOICE_TARGETS)[number];

/**
 * What a move asks of the caller beyond the new status:
 * - receivable / removeReceivable: the receivable booking of the accrual method (open → sent, sent → open)
 * - payment / removePayment: the payment booking (→ paid with createEntry; paid → unpaid)
 * - reminderDue: set reminder_due_date (given, else today + 10 days); clearReminderDue: clear it
 * - timesPaid / timesInvoiced: the linked time entries follow the invoice to paid and back
 */
export type InvoiceEffect =
  | 'receivable'
  | 'removeReceivable'
  | 'payment'
  | 'removePayment'
  | 'reminderDue'
  | 'clearReminderDue'
  | 'timesPaid'
  | 'timesInvoiced';

export interface Move<S> {
  next: S;
  activity: { message: string; color?: 'green' | 'orange' };
}
export interface InvoiceMove extends Move<InvoiceStatus> {
  effects: readonly InvoiceEffect[];
}

const PROPOSAL_MOVES: Readonly<Record<ProposalStatus, Partial<Record<ProposalStatus, string>>>> = {
  open: { sent: 'Marked as sent' },
  sent: { open: 'Marked as open', accepted: 'Marked as accepted', declined: 'Marked as declined' },
  accepted: { open: 'Marked as open', confirmation: 'Converted to order confirmation' },
  declined: { open: 'Marked as open' },
  confirmation: { accepted: 'Marked as accepted' },
};

/** The proposal's next status for a target, or undefined when the table does not allow the move. */
export function proposalMove(from: ProposalStatus, target: string): Move<ProposalStatus> | undefined {
  const message = (PROPOSAL_MOVES[from] as Record<string, string | undefined>)[target];
  return message === undefined ? undefined : { next: target as ProposalStatus, activity: { message } };
}

/** Why the customer cannot answer a proposal through its public link: it is decided already, or expired. */
export type DecisionRefusal = 'accepted' | 'declined' | 'confirmation' | 'expired';

/**
 * The customer may accept or decline through the link while the proposal is open or sent and today
 * is not past valid_until (none: no end); otherwise the reason it may not.
 */
export function decisionRefusal(status: string, validUntil: string | null, today: string): DecisionRefusal | undefined {
  if (status === 'accepted' || status === 'declined' || status === 'confirmation') return status;
  if (validUntil !== null && validUntil < today) return 'expired';
  return undefined;
}

const paid: InvoiceMove = {
  next: 'paid',
  effects: ['payment', 'timesPaid'],
  activity: { message: 'Marked as paid', color: 'green' },
};
const reminder = (level: 1 | 2 | 3): InvoiceMove => ({
  next: REMINDER_STATUSES[level - 1],
  effects: ['reminderDue'],
  activity: { message: `Reminder ${level} sent`, color: 'orange' },
});
const withdrawn = (next: InvoiceStatus, effects: readonly InvoiceEffect[] = []): InvoiceMove => ({
  next,
  effects,
  activity: { message: 'Reminder withdrawn' },
});

const INVOICE_MOVES: Readonly<Record<InvoiceStatus, Partial<Record<InvoiceTarget, InvoiceMove>>>> = {
  open: { sent: { next: 'sent', effects: ['receivable'], activity: { message: 'Marked as sent' } } },
  sent: {
    open: { next: 'open', effects: ['removeReceivable'], activity: { message: 'Marked as open' } },
    paid,
    reminder_one: reminder(1),
  },
  // unpaid and undo_reminder_one lead back to sent (service-decisions.md)
  paid: {
    unpaid: { next: 'sent', effects: ['removePayment', 'timesInvoiced'], activity: { message: 'Marked as unpaid' } },
  },
  reminder_one: { undo_reminder_one: withdrawn('sent', ['clearReminderDue']), reminder_two: reminder(2), paid },
  reminder_two: { reminder_one: withdrawn('reminder_one'), reminder_three: reminder(3), paid },
  reminder_three: { reminder_two: withdrawn('reminder_two'), paid },
};

/** The invoice's move for a target, or undefined when the table does not allow it. */
export function invoiceMove(from: InvoiceStatus, target: string): InvoiceMove | undefined {
  return (INVOICE_MOVES[from] as Record<string, InvoiceMove | undefined>)[target];
}

/** The next reminder level of an invoice (sent → reminder_one → two → three), or undefined at the last. */
export function nextReminder(from: InvoiceStatus): InvoiceStatus | undefined {
  if (from === 'sent') return 'reminder_one';
  const i = (REMINDER_STATUSES as readonly string[]).indexOf(from);
  return i >= 0 && i < REMINDER_STATUSES.length - 1 ? REMINDER_STATUSES[i + 1] : undefined;
}

export const isReminder = (status: string): boolean => (REMINDER_STATUSES as readonly string[]).includes(status);

/** Days a reminder gives when no due date is sent. */
export const REMINDER_DAYS = 10;

// ---- numbers ------------------------------------------------------------------------------------

const DOCUMENT_PREFIX: Readonly<Record<DocumentType, string>> = { proposal: 'O', invoice: 'R' };

/** ('invoice', 2026, 4) → "R-2026-004". */
export const formatDocumentNumber = (type: DocumentType, year: number, running: number): string =>
  `${DOCUMENT_PREFIX[type]}-${String(year).padStart(4, '0')}-${String(running).padStart(3, '0')}`;

/** The running number of a generated number of that type and year ("R-2026-004" → 4), else undefined. */
export function documentRunningNumber(type: DocumentType, year: number, number: string): number | undefined {
  const stem = `${DOCUMENT_PREFIX[type]}-${String(year).padStart(4, '0')}-`;
  if (!number.startsWith(stem)) return undefined;
  const digits = number.slice(stem.length);
  return /^\d{1,9}$/.test(digits) && Number(digits) >= 1 ? Number(digits) : undefined;
}

// ---- titles, due days, overdue --------------------------------------------------------------------

export const LANGS = ['de', 'en', 'fr', 'it'] as const;
export type Lang = (typeof LANGS)[number];

const TITLE_WORDS: Readonly<Record<'invoice' | 'proposal' | 'confirmation', Record<Lang, string>>> = {
  invoice: { de: 'Rechnung', en: 'Invoice', fr: 'Facture', it: 'Fattura' },
  proposal: { de: 'Offerte', en: 'Proposal', fr: 'Offre', it: 'Offerta' },
  confirmation: {
    de: 'Auftragsbestätigung',
    en: 'Order confirmation',
    fr: 'Confirmation de commande',
    it: "Conferma d'ordine",
  },
};

/**
 * The title when set, else "Rechnung R-…" (by language; proposals "Offerte O-…", in confirmation "Auftragsbestätigung
 * O-…").
 */
export function generatedTitle(
  type: DocumentType,
  doc: { title: string | null; number: string; lang: string; status: string },
): string {
  if (doc.title) return doc.title;
  const kind = type === 'invoice' ? 'invoice' : doc.status === 'confirmation' ? 'confirmation' : 'proposal';
  const lang = (LANGS as readonly string[]).includes(doc.lang) ? (doc.lang as Lang) : 'de';
  return `${TITLE_WORDS[kind][lang]} ${doc.number}`;
}

/** Days from the document's date to its due date (payable_until or valid_until). */
export const payableDays = (date: string, due: string): number => daysBetween(date, due);

/** Invoices: unpaid and past payable_until. Proposals: open or sent and past valid_until. */
export function isOverdue(type: DocumentType, status: string, due: string, today: string): boolean {
  const pending =
    type === 'invoice'
      ? (UNPAID_STATUSES as readonly string[]).includes(status)
      : status === 'open' || status === 'sent';
  return pending && due < today;
}

// ---- recurring invoices -----------------------------------------------------------------------------

export const REPEAT_INTERVALS = ['monthly', 'quarterly', 'yearly'] as const;
export type RepeatInterval = (typeof REPEAT_INTERVALS)[number];
const MONTHS: Readonly<Record<RepeatInterval, number>> = { monthly: 1, quarterly: 3, yearly: 12 };

/**
 * date + months, the day clamped to the month's end (2026-01-31 + 1 month → 2026-02-28); undefined past the calendar's
 * end.
 */
export function addMonths(date: string, months: number): string | undefined {
  const [y, m, d] = date.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  for (let day = d; day >= 28; day--) {
    const candidate = calendarDate(year, month, day);
    if (candidate) return candidate;
  }
  return calendarDate(year, month, d);
}

/** The k-th date of a recurring invoice: date + k × interval, always counted from the template's date. */
export const occurrence = (date: string, interval: RepeatInterval, k: number): string | undefined =>
  addMonths(date, k * MONTHS[interval]);

/**
 * The occurrences (k ≥ 1) that are due: on or before today and on or before the stop date, with
 * their dates; `done` are the k already created, which are left out.
 */
export function dueOccurrences(
  template: { date: string; interval: RepeatInterval; stopAt: string | null },
  today: string,
  done: ReadonlySet<number>,
): { k: number; date: string }[] {
  const out: { k: number; date: string }[] = [];
  for (let k = 1; ; k++) {
    const date = occurrence(template.date, template.interval, k);
    if (date === undefined || date > today || (template.stopAt !== null && date > template.stopAt)) return out;
    if (!done.has(k)) out.push({ k, date });
  }
}

/** A copy keeps the template's distance from its date to payable_until, at the latest the calendar's last day. */
export const shiftedDue = (template: { date: string; payable_until: string }, copyDate: string): string =>
  addDays(copyDate, Math.min(daysBetween(template.date, template.payable_until), daysBetween(copyDate, MAX_DATE)));
