// Supplier bills: their statuses and moves, their numbers (K-2026-001), the rules of the payment
// reference. Pure: no I/O, no clock.
import { referenceBreakField, referenceRuleBreaks, type ReferenceRuleBreak } from '../../domain/qr-reference.js';

export const BILL_STATUSES = ['open', 'scheduled', 'paid', 'cancelled'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];
export const BILL_CURRENCIES = ['CHF', 'EUR'] as const;
export const REFERENCE_TYPES = ['QRR', 'SCOR', 'NON'] as const;
export type ReferenceType = (typeof REFERENCE_TYPES)[number];

/** What a move does to the bookings besides the status. */
export type BillEffect = 'payment' | 'removePayment' | 'expense' | 'removeExpense';

/**
 * The moves: open → scheduled → paid, each also straight to paid; back from scheduled to open; paid
 * back to open or scheduled (unpaid: the payment booking goes); open and scheduled → cancelled (the
 * accrual expense booking goes) and cancelled → open (it comes back).
 */
const MOVES: Readonly<Record<BillStatus, Partial<Record<BillStatus, BillEffect[]>>>> = {
  open: { scheduled: [], paid: ['payment'], cancelled: ['removeExpense'] },
  scheduled: { open: [], paid: ['payment'], cancelled: ['removeExpense'] },
  paid: { open: ['removePayment'], scheduled: ['removePayment'] },
  cancelled: { open: ['expense'] },
};

/** The effects of moving a bill from `from` to `to`; undefined: the move is not allowed. */
export const billMove = (from: string, to: string): BillEffect[] | undefined =>
  (MOVES as Record<string, Record<string, BillEffect[]> | undefined>)[from]?.[to];

export const BILL_PREFIX = 'K';

export const formatBillNumber = (year: number, running: number): string =>
  `${BILL_PREFIX}-${String(year).padStart(4, '0')}-${String(running).padStart(3, '0')}`;

/** The running number of a generated bill number of the year ("K-2026-004" → 4), else undefined. */
export function billRunningNumber(year: number, number: string): number | undefined {
  const stem = `${BILL_PREFIX}-${String(year).padStart(4, '0')}-`;
  if (!number.startsWith(stem)) return undefined;
  const digits = number.slice(stem.length);
  return /^\d{1,9}$/.test(digits) && Number(digits) >= 1 ? Number(digits) : undefined;
}

const REFERENCE_MESSAGES: Record<ReferenceRuleBreak, string> = {
  'qr-iban-needs-qrr': 'A QR-IBAN takes a QR reference (QRR).',
  'qrr-needs-qr-iban': 'A QR reference (QRR) needs a QR-IBAN.',
  'non-takes-none': 'The reference field must be empty when the reference type is NON.',
  missing: 'The reference field is required when the reference type is QRR or SCOR.',
  'bad-qrr': 'The reference is not a valid QR reference (27 digits with its check digit).',
  'bad-scor': 'The reference is not a valid creditor reference (ISO 11649 RF with its check digits).',
};

/**
 * The problems of a creditor IBAN with its reference, by field, as a QR-bill has them: a QR-IBAN takes
 * a QR reference (QRR) and only it; a QRR needs a QR-IBAN; a SCOR its ISO 11649 check digits; NON no
 * reference. `iban` is normalised and its checksum already verified.
 */
export function referenceProblems(
  iban: string,
  type: ReferenceType,
  reference: string | null,
): { field: string; message: string }[] {
  return referenceRuleBreaks(iban, type, reference ?? '').map((b) => ({
    field: referenceBreakField(b),
    message: REFERENCE_MESSAGES[b],
  }));
}
