// The payment part of a QR-bill (pure, shared by the service's invoice PDF and the CLI's `acct invoices
// qr`): the payload text of the Swiss Implementation Guidelines QR-bill 2.3 (swiss-domain.md, "QR-bill"),
// and the rules an invoice must meet before anything is drawn. (test/helpers/qr-payload.ts reads a payload back.)
//
// The payload, one element a line, LF-separated, no separator after the last:
//    1 SPC            QR type              12-18 ultimate creditor: 7 empty lines (reserved)
//    2 0200           version              19    amount, "1234.50" (empty: none)
//    3 1              coding (UTF-8)       20    currency, CHF or EUR
//    4 IBAN           CH or LI, 21 chars   21-27 ultimate debtor: S + the 6 address lines, or 7 empty lines
//    5 S              address type         28    reference type QRR, SCOR or NON
//    6 name     ≤ 70                       29    reference (empty with NON)
//    7 street   ≤ 70                       30    unstructured message ≤ 140
//    8 building number ≤ 16                31    EPD (trailer)
//    9 postal code ≤ 16                    (32-34 optional billing information and alternative schemes:
//   10 town ≤ 35                            read and ignored, never written)
//   11 country, 2 letters
// Amounts are integer Rappen; the text comes from money.ts, never from float arithmetic.
import { groupRappen, rappenToString } from './money.js';
import { isQrIban, isSwissIban, isValidIban, normaliseIban } from './iban.js';
import { isValidQrr, isValidScor, normaliseReference } from './qr-reference.js';

export interface QrAddress {
  name: string;
  street: string;
  /** building number; may be empty (a customer's street usually carries it) */
  building: string;
  zip: string;
  city: string;
  /** ISO 3166 two-letter code, e.g. CH */
  country: string;
}

export interface QrCreditor extends QrAddress {
  iban: string;
}

export const QR_CURRENCIES = ['CHF', 'EUR'] as const;
export type QrCurrency = (typeof QR_CURRENCIES)[number];
export type QrReferenceType = 'QRR' | 'SCOR' | 'NON';

/** What the service (or the CLI) knows of an invoice, in the shape of the bill. */
export interface QrBillInput {
  /** the company's creditor fields and the IBAN of the invoice's bank account ('' when it has none) */
  creditor: QrCreditor;
  /** the customer's address, or null for an invoice with `without_debitor_on_qr` */
  debtor: QrAddress | null;
  /** the final value in Rappen; null leaves the amount open */
  amountRappen: number | null;
  currency: string;
  /** the invoice's `qr_reference` (QRR) and `reference` (SCOR); the IBAN decides which goes on the bill */
  references: { qrReference: string | null; reference: string | null };
  /** the unstructured message, see qrMessage */
  message: string;
}

/** The fields a payload carries, as buildQrPayload writes them. */
export interface QrPayloadFields {
  creditor: QrCreditor;
  debtor: QrAddress | null;
  amountRappen: number | null;
  currency: QrCurrency;
  referenceType: QrReferenceType;
  /** '' with NON */
  reference: string;
  message: string;
}

/** The records a problem names, so that its message says what to fix and how. */
export interface QrContext {
  companyId: number | string;
  /** the invoice's number, e.g. R-2026-001 */
  invoiceNumber: string;
  /** the customer's number, else its name */
  customer: number | string;
  /** the number of the invoice's bank account, null when it has none */
  bankAccount: number | string | null;
}

/**
 * One broken rule: the field (creditor.street, debtor.zip, bank_account.iban, reference, amount, currency, message) and
 * what to do.
 */
export interface QrProblem {
  field: string;
  message: string;
}

export const QR_LIMITS = { name: 70, street: 70, building: 16, zip: 16, city: 35, message: 140 } as const;
/** 0.01 to 999'999'999.99 */
export const QR_AMOUNT_MIN = 1;
export const QR_AMOUNT_MAX = 99_999_999_999;

const ADDRESS_PARTS = ['name', 'street', 'building', 'zip', 'city', 'country'] as const;
type AddressPart = (typeof ADDRESS_PARTS)[number];
type LimitedPart = Exclude<AddressPart, 'country'>;
const PART_LABEL: Record<AddressPart, string> = {
  name: 'name',
  street: 'street',
  building: 'building number',
  zip: 'zip',
  city: 'city',
  country: 'country',
};

// Latin character set of the SIG: Basic Latin, Latin-1 Supplement, Latin Extended-A, Ș ș Ț ț and €.
export const QR_PERMITTED = /^[\u0020-\u007E\u00A0-\u017F\u0218-\u021B\u20AC]*$/;
const PERMITTED = QR_PERMITTED;
const FORBIDDEN_CHAR = /[^\u0020-\u007E\u00A0-\u017F\u0218-\u021B\u20AC]/gu;

/** Length in characters (code points), as the SIG counts them. */
const length = (text: string): number => Array.from(text).length;

/**
 * The unstructured message of an invoice: its number, then its title, white space collapsed,
 * characters the bill cannot carry dropped, cut to 140 characters (the number comes first, so it stays).
 */
export function qrMessage(number: string, title: string | null): string {
  const text = `${number} ${title ?? ''}`
    .replace(/\s+/g, ' ')
    .replace(FORBIDDEN_CHAR, '')
    .replace(/ {2,}/g, ' ')
    .trim();
  return Array.from(text).slice(0, QR_LIMITS.message).join('').trimEnd();
}

// ---- the rules ----------------------------------------------------------------------------------

type AddressFlaw = { part: AddressPart; flaw: 'missing' | 'long' | 'chars' | 'country' };

/** What breaks an S address: required name, zip, city, country (and street when asked), limits, characters. */
function addressFlaws(address: QrAddress, streetRequired: boolean): AddressFlaw[] {
  const flaws: AddressFlaw[] = [];
  for (const part of ADDRESS_PARTS) {
    const value = address[part];
    const required = part !== 'building' && (part !== 'street' || streetRequired);
    if (value === '') {
      if (required) flaws.push({ part, flaw: 'missing' });
    } else if (part === 'country') {
      if (!/^[A-Z]{2}$/.test(value)) flaws.push({ part, flaw: 'country' });
    } else if (length(value) > QR_LIMITS[part as LimitedPart]) {
      flaws.push({ part, flaw: 'long' });
    } else if (!PERMITTED.test(value)) {
      flaws.push({ part, flaw: 'chars' });
    }
  }
  return flaws;
}

/** 'missing' (''), 'invalid' (format or checksum) or 'country' (not CH or LI); undefined when fine. */
function ibanFlaw(iban: string): 'missing' | 'invalid' | 'country' | undefined {
  if (iban === '') return 'missing';
  if (!isValidIban(iban)) return 'invalid';
  return isSwissIban(iban) ? undefined : 'country';
}

/** The bill's reference for an IBAN: a QR-IBAN takes the QRR, another IBAN the SCOR when there is one, else none. */
export function chooseReference(
  iban: string,
  references: QrBillInput['references'],
): { referenceType: QrReferenceType; reference: string } {
  if (isQrIban(iban)) return { referenceType: 'QRR', reference: normaliseReference(references.qrReference ?? '') };
  const scor = normaliseReference(references.reference ?? '');
  return scor === '' ? { referenceType: 'NON', reference: '' } : { referenceType: 'SCOR', reference: scor };
}

const amountFits = (rappen: number): boolean =>
  Number.isSafeInteger(rappen) && rappen >= QR_AMOUNT_MIN && rappen <= QR_AMOUNT_MAX;
const isQrCurrency = (currency: string): currency is QrCurrency =>
  (QR_CURRENCIES as readonly string[]).includes(currency);

// ---- input → fields ---------------------------------------------------------------------------

const trimAddress = (a: QrAddress): QrAddress => ({
  name: a.name.trim(),
  street: a.street.trim(),
  building: a.building.trim(),
  zip: a.zip.trim(),
  city: a.city.trim(),
  country: a.country.trim().toUpperCase(),
});

/**
 * The fields the bill carries for an input: texts trimmed, IBAN and references in electronic form, the reference chosen
 * by the IBAN.
 */
export function qrFields(input: QrBillInput): QrPayloadFields {
  const iban = normaliseIban(input.creditor.iban);
  return {
    creditor: { iban, ...trimAddress(input.creditor) },
    debtor: input.debtor === null ? null : trimAddress(input.debtor),
    amountRappen: input.amountRappen,
    currency: input.currency.trim().toUpperCase() as QrCurrency,
    ...chooseReference(iban, input.references),
    message: input.message.trim(),
  };
}

// ---- validation with messages -------------------------------------------------------------------

const PLACEHOLDER_CONTEXT: QrContext = {
  companyId: '<company>',
  invoiceNumber: '<invoice>',
  customer: '<customer>',
  bankAccount: '<account>',
};

/** A command-line argument, quoted when it needs to be. */
const arg = (value: number | string): string =>
  /^[\w.-]+$/.test(String(value)) ? String(value) : `"${String(value).replace(/"/g, '\\"')}"`;

/**
 * Every rule of the bill, checked before anything is drawn. Each problem names the field and says which
 * record to fix and how, e.g. "creditor street missing: acct server companies set 1 --creditor-street …"
 * or "customer 1003 has no zip: acct customers update 1003 --zip …". Empty means the bill can be made.
 */
export function validateQrInput(input: QrBillInput, context: QrContext = PLACEHOLDER_CONTEXT): QrProblem[] {
  return problemsOf(input, qrFields(input), context);
}

/** validateQrInput on the fields already worked out (`fields` = qrFields(input)). */
function problemsOf(input: QrBillInput, fields: QrPayloadFields, context: QrContext): QrProblem[] {
  const problems: QrProblem[] = [];
  const invoice = context.invoiceNumber;
  const changeBankAccount = `acct invoices update ${arg(invoice)} --bank-account …`;

  const addressProblems = (key: 'creditor' | 'debtor', address: QrAddress): void => {
    const creditor = key === 'creditor';
    const who = creditor ? 'creditor' : `customer ${context.customer}`;
    for (const { part, flaw } of addressFlaws(address, creditor)) {
      const label = PART_LABEL[part];
      const value = part === 'country' ? 'CH' : '…';
      // a customer has no building number of its own: it is part of the street
      const fix = creditor
        ? `acct server companies set ${arg(context.companyId)} --creditor-${part} ${value}`
        : `acct customers update ${arg(context.customer)} --${part === 'building' ? 'street' : part} ${value}`;
      const what =
        flaw === 'missing'
          ? creditor
            ? `creditor ${label} missing`
            : `${who} has no ${label}`
          : flaw === 'long'
            ? `${who} ${label} is longer than ${QR_LIMITS[part as LimitedPart]} characters`
            : flaw === 'chars'
              ? `${who} ${label} has characters a QR-bill cannot carry ` +
                `(${[...new Set(address[part].match(FORBIDDEN_CHAR))].join('')})`
              : `${who} country "${address.country}" is not a two-letter code`;
      problems.push({ field: `${key}.${part}`, message: `${what}: ${fix}` });
    }
  };

  addressProblems('creditor', fields.creditor);

  const iban = fields.creditor.iban;
  const account = `bank account ${context.bankAccount}`;
  const changeIban = `acct accounts update ${arg(context.bankAccount ?? '…')} --iban …`;
  const flaw = ibanFlaw(iban);
  if (flaw !== undefined) {
    const message =
      context.bankAccount === null
        ? `invoice ${invoice} has no bank account: ${changeBankAccount}`
        : {
            missing: `${account} has no IBAN: ${changeIban}`,
            invalid: `${account} IBAN ${iban} is not a valid IBAN (format or check digits): ${changeIban}`,
            country:
              `${account} IBAN ${iban} is not from Switzerland or Liechtenstein, which a QR-bill needs: ` +
              `${changeBankAccount} or ${changeIban}`,
          }[flaw];
    problems.push({ field: 'bank_account.iban', message });
  } else {
    const again =
      `set its bank account again (acct invoices update ${arg(invoice)} --bank-account ` +
      `${arg(context.bankAccount ?? '…')})`;
    if (fields.referenceType === 'QRR') {
      // the QR-IBAN's reference: the QR reference in electronic form (chooseReference)
      const qrr = fields.reference;
      if (qrr === '')
        problems.push({
          field: 'reference',
          message: `invoice ${invoice} has no QR reference, which the QR-IBAN of ${account} requires: ${again}`,
        });
      else if (!isValidQrr(qrr))
        problems.push({
          field: 'reference',
          message: `invoice ${invoice} QR reference ${qrr} fails its check digit: ${again}`,
        });
    } else if ((input.references.qrReference ?? '').trim() !== '') {
      problems.push({
        field: 'reference',
        message:
          `invoice ${invoice} carries a QR reference, ` + `which only a QR-IBAN takes (${account} has none): ${again}`,
      });
    } else if (fields.referenceType === 'SCOR' && !isValidScor(fields.reference)) {
      problems.push({
        field: 'reference',
        message:
          `invoice ${invoice} reference ${fields.reference} is not a valid ISO 11649 creditor reference ` +
          `(RF…): ${again}`,
      });
    }
  }

  const amount = fields.amountRappen;
  if (amount !== null && !amountFits(amount)) {
    const shown = Number.isSafeInteger(amount) ? groupRappen(amount) : String(amount);
    problems.push({
      field: 'amount',
      message: `invoice ${invoice} amount ${shown} is outside what a QR-bill takes (0.01 to 999'999'999.99)`,
    });
  }
  if (!isQrCurrency(fields.currency)) {
    problems.push({
      field: 'currency',
      message:
        `invoice ${invoice} is in ${fields.currency}; a QR-bill takes CHF or EUR: acct invoices update ` +
        `${arg(invoice)} --currency CHF`,
    });
  }
  if (fields.debtor !== null) addressProblems('debtor', fields.debtor);
  if (length(fields.message) > QR_LIMITS.message || !PERMITTED.test(fields.message)) {
    problems.push({
      field: 'message',
      message:
        `invoice ${invoice} message is longer than ${QR_LIMITS.message} characters or has characters a ` +
        `QR-bill cannot carry (make it with qrMessage): acct invoices update ${arg(invoice)} --title …`,
    });
  }
  return problems;
}

/** The problems of an input that buildQrPayload refuses. */
export class QrBillError extends Error {
  constructor(readonly problems: QrProblem[]) {
    super(problems.map((p) => p.message).join('\n'));
    this.name = 'QrBillError';
  }
}

// ---- payload ------------------------------------------------------------------------------------

const EMPTY_ADDRESS = ['', '', '', '', '', '', ''];
const addressLines = (a: QrAddress | null): string[] =>
  a === null ? EMPTY_ADDRESS : ['S', ...ADDRESS_PARTS.map((part) => a[part])];

/** The SIG 2.3 payload text of a bill; throws a QrBillError listing every problem when validateQrInput finds any. */
export function buildQrPayload(input: QrBillInput, context: QrContext = PLACEHOLDER_CONTEXT): string {
  const f = qrFields(input);
  const problems = problemsOf(input, f, context);
  if (problems.length > 0) throw new QrBillError(problems);
  return [
    'SPC',
    '0200',
    '1',
    f.creditor.iban,
    ...addressLines(f.creditor),
    ...EMPTY_ADDRESS,
    f.amountRappen === null ? '' : rappenToString(f.amountRappen),
    f.currency,
    ...addressLines(f.debtor),
    f.referenceType,
    f.reference,
    f.message,
    'EPD',
  ].join('\n');
}
