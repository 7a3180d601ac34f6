// Payment references of QR-bills (pure, shared by the service and the CLI; swiss-domain.md "QR-bill"):
// the 27-digit QR reference (QRR) a QR-IBAN requires, and the ISO 11649 creditor reference (SCOR,
// "RF…") any other IBAN takes. The service sets one of them when an invoice is created or its bank
// account changes, and the bank import matches incoming payments on them.
//
// Both are derived from the invoice so they are stable and unique per company. They carry the same
// 21-digit key: the company id zero-padded to 9 digits, then the invoice id zero-padded to 12 digits.
//   QRR  = "00000" + key (21) + mod 10 recursive check digit              → 27 digits
//          e.g. company 1, invoice 42: 000000000000010000000000429
//   SCOR = "RF" + 2 ISO 11649 check digits + key (21)                     → 25 characters
//          e.g. company 1, invoice 42: RF42000000001000000000042
// The five leading zeros of the QRR are reserved (some banks want a customer id there).
import { isQrIban } from './iban.js';

const COMPANY_DIGITS = 9;
const INVOICE_DIGITS = 12;

/** The 21-digit key of an invoice: company id (9 digits) and invoice id (12 digits), zero-padded. */
function invoiceKey(companyId: number, invoiceId: number): string {
  const field = (name: string, value: number, digits: number): string => {
    if (!Number.isSafeInteger(value) || value < 1 || String(value).length > digits) {
      throw new RangeError(`${name} must be a whole number from 1 to ${'9'.repeat(digits)}, not ${value}`);
    }
    return String(value).padStart(digits, '0');
  };
  return field('company id', companyId, COMPANY_DIGITS) + field('invoice id', invoiceId, INVOICE_DIGITS);
}

// ---- QRR: 27 digits, mod 10 recursive ---------------------------------------------------------

const MOD10_TABLE = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5] as const;

/** The mod 10 recursive check digit over 26 digits (the 27th digit of a QR reference). */
export function qrrCheckDigit(digits: string): number {
  if (!/^\d{26}$/.test(digits))
    throw new RangeError(`a QR reference check digit is computed over 26 digits, not "${digits}"`);
  let carry = 0;
  for (const d of digits) carry = MOD10_TABLE[(carry + Number(d)) % 10];
  return (10 - carry) % 10;
}

/** 27 digits whose last is the mod 10 recursive check digit of the first 26 (electronic form, no spaces). */
export const isValidQrr = (reference: string): boolean =>
  /^\d{27}$/.test(reference) && qrrCheckDigit(reference.slice(0, 26)) === Number(reference[26]);

/** The QR reference of an invoice: "00000", company id (9 digits), invoice id (12 digits), check digit. */
export function makeQrr(companyId: number, invoiceId: number): string {
  const body = `00000${invoiceKey(companyId, invoiceId)}`;
  return body + String(qrrCheckDigit(body));
}

// ---- SCOR: ISO 11649 creditor reference, mod 97 ----------------------------------------------

/** Letters as numbers (A=10 … Z=35), digits as they are, then the remainder modulo 97, chunk by chunk. */
function mod97(text: string): number {
  let remainder = 0;
  for (const ch of text) {
    const value = parseInt(ch, 36);
    remainder = (remainder * (value < 10 ? 10 : 100) + value) % 97;
  }
  return remainder;
}

/**
 * RF + two check digits (02-98) + 1 to 21 letters or digits, upper case, no spaces; valid when the
 * first four characters moved to the end give a number ≡ 1 (mod 97).
 */
export const isValidScor = (reference: string): boolean => {
  const m = /^RF(\d{2})[A-Z0-9]{1,21}$/.exec(reference);
  if (!m) return false;
  const check = Number(m[1]);
  return check >= 2 && check <= 98 && mod97(reference.slice(4) + reference.slice(0, 4)) === 1;
};

/** The ISO 11649 check digits of a body (1 to 21 letters or digits). */
export function scorCheckDigits(body: string): string {
  if (!/^[A-Z0-9]{1,21}$/.test(body))
    throw new RangeError(`an ISO 11649 reference body has 1 to 21 letters or digits, not "${body}"`);
  return String(98 - mod97(`${body}RF00`)).padStart(2, '0');
}

/** The creditor reference of an invoice: RF, check digits, company id (9 digits), invoice id (12 digits). */
export function makeScor(companyId: number, invoiceId: number): string {
  const body = invoiceKey(companyId, invoiceId);
  return `RF${scorCheckDigits(body)}${body}`;
}

// ---- both ------------------------------------------------------------------------------------

/** White space removed, upper case: the electronic form a reference is stored and compared in. */
export const normaliseReference = (raw: string): string => raw.replace(/\s+/g, '').toUpperCase();

/**
 * The references an invoice gets for its bank account's IBAN: a QR-IBAN a QRR (`qr_reference`), any
 * other IBAN (or none) a SCOR (`reference`); the other one is null.
 */
export function invoiceReferences(
  iban: string | null,
  companyId: number,
  invoiceId: number,
): { qr_reference: string | null; reference: string | null } {
  return iban !== null && isQrIban(iban)
    ? { qr_reference: makeQrr(companyId, invoiceId), reference: null }
    : { qr_reference: null, reference: makeScor(companyId, invoiceId) };
}

/** A rule of the QR-bill's reference that a reference breaks (SIX IG: QR-IBAN ⇔ QRR, check digits, NON none). */
export type ReferenceRuleBreak =
  | 'qr-iban-needs-qrr'
  | 'qrr-needs-qr-iban'
  | 'non-takes-none'
  | 'missing'
  | 'bad-qrr'
  | 'bad-scor';

/**
 * The rules `reference` of `type` breaks with `iban`: the pairing (a QR-IBAN takes QRR, QRR needs one), then the
 * reference itself. `iban` undefined leaves the pairing out (an IBAN already refused for itself).
 */
export function referenceRuleBreaks(
  iban: string | undefined,
  type: 'QRR' | 'SCOR' | 'NON',
  reference: string,
): ReferenceRuleBreak[] {
  const breaks: ReferenceRuleBreak[] = [];
  if (iban !== undefined) {
    const qrIban = isQrIban(iban);
    if (qrIban && type !== 'QRR') breaks.push('qr-iban-needs-qrr');
    if (!qrIban && type === 'QRR') breaks.push('qrr-needs-qr-iban');
  }
  if (type === 'NON') {
    if (reference !== '') breaks.push('non-takes-none');
  } else if (reference === '') breaks.push('missing');
  else if (type === 'QRR' && !isValidQrr(reference)) breaks.push('bad-qrr');
  else if (type === 'SCOR' && !isValidScor(reference)) breaks.push('bad-scor');
  return breaks;
}

/** The field of a 422 (or of a payload's problem) that a reference rule break is reported on. */
export const referenceBreakField = (b: ReferenceRuleBreak): 'reference_type' | 'reference' =>
  b === 'qr-iban-needs-qrr' || b === 'qrr-needs-qr-iban' ? 'reference_type' : 'reference';
