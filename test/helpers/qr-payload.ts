// A reader of QR-bill payloads, for the tests: what a bank's app checks when it reads the code, written
// apart from the builder (src/domain/qr-bill.ts) on the public primitives, so a payload the builder
// gets wrong is not read back by the same mistake.
import { toRappen } from '../../src/domain/money.js';
import { isQrIban, isSwissIban, normaliseIban } from '../../src/domain/iban.js';
import {
  QR_AMOUNT_MAX,
  QR_AMOUNT_MIN,
  QR_CURRENCIES,
  QR_LIMITS,
  type QrAddress,
  type QrCreditor,
  type QrCurrency,
  type QrPayloadFields,
  type QrReferenceType,
} from '../../src/domain/qr-bill.js';
import { isValidQrr, isValidScor } from '../../src/domain/qr-reference.js';

/** A payload that breaks the SIG's structure. */
export class QrPayloadError extends Error {
  constructor(message: string) {
    super(`malformed QR-bill payload: ${message}`);
    this.name = 'QrPayloadError';
  }
}

const PAYLOAD_LINES = 31;
/** the Latin character set of the SIG (Swiss Payment Standards, character set) */
const PERMITTED = /^[\u0020-\u007E\u00A0-\u017F\u0218-\u021B\u20AC]*$/;
const length = (text: string): number => Array.from(text).length;
const PARTS = ['name', 'street', 'building', 'zip', 'city', 'country'] as const;
const LABEL = {
  name: 'name',
  street: 'street',
  building: 'building number',
  zip: 'zip',
  city: 'city',
  country: 'country',
} as const;

/** Whether a reference fits its type and the IBAN: QR-IBAN ⇔ QRR, a valid check digit, NON empty. */
function referenceFits(iban: string, referenceType: string, reference: string): boolean {
  if (isQrIban(iban) !== (referenceType === 'QRR')) return false;
  if (referenceType === 'QRR') return isValidQrr(reference);
  if (referenceType === 'SCOR') return isValidScor(reference);
  return referenceType === 'NON' && reference === '';
}

/**
 * The fields of a payload (LF or CRLF separated). Rejects what breaks the SIG: header, line count, IBAN
 * (checksum, CH/LI), address type other than S, required parts and limits, a used ultimate creditor,
 * amount and currency, QR-IBAN ⇔ QRR and the reference's check digits, message length, trailer.
 * Optional billing information and alternative schemes after EPD are read over and not returned.
 */
export function parseQrPayload(text: string): QrPayloadFields {
  const lines = text.split(/\r?\n/);
  const fail = (message: string): never => {
    throw new QrPayloadError(message);
  };
  if (lines.length < PAYLOAD_LINES || lines.length > PAYLOAD_LINES + 3) fail(`${lines.length} lines, not 31 to 34`);
  if (lines[0] !== 'SPC' || lines[1] !== '0200' || lines[2] !== '1')
    fail(`header "${lines.slice(0, 3).join(' ')}", not "SPC 0200 1"`);
  if (lines[30] !== 'EPD') fail(`line 31 is "${lines[30]}", not the trailer EPD`);
  if (lines.slice(31).some((line) => line === ''))
    fail('an empty line after EPD (no separator may follow the last element)');

  const iban = lines[3];
  if (iban === '' || iban !== normaliseIban(iban) || !isSwissIban(iban))
    fail(`IBAN "${iban}" is not a valid CH or LI IBAN in electronic form`);

  const address = (start: number, role: string): QrAddress => {
    if (lines[start] !== 'S') fail(`${role} address type "${lines[start]}", not S`);
    const [name, street, building, zip, city, country] = lines.slice(start + 1, start + 7);
    const a: QrAddress = { name, street, building, zip, city, country };
    for (const part of PARTS) {
      const value = a[part];
      const flaw =
        value === ''
          ? part === 'building' || part === 'street'
            ? undefined
            : 'missing'
          : part === 'country'
            ? /^[A-Z]{2}$/.test(value)
              ? undefined
              : 'country'
            : length(value) > QR_LIMITS[part]
              ? 'long'
              : PERMITTED.test(value)
                ? undefined
                : 'chars';
      if (flaw !== undefined) fail(`${role} ${LABEL[part]}: ${flaw} ("${value}")`);
    }
    return a;
  };
  const creditor: QrCreditor = { iban, ...address(4, 'creditor') };
  if (lines.slice(11, 18).some((line) => line !== '')) fail('the ultimate creditor (lines 12 to 18) must be empty');

  const amountText = lines[18];
  let amountRappen: number | null = null;
  if (amountText !== '') {
    if (!/^(0|[1-9]\d{0,8})\.\d{2}$/.test(amountText)) fail(`amount "${amountText}" is not like 1234.50`);
    amountRappen = toRappen(amountText) as number;
    if (!(amountRappen >= QR_AMOUNT_MIN && amountRappen <= QR_AMOUNT_MAX))
      fail(`amount ${amountText} is outside 0.01 to 999999999.99`);
  }
  const currency = lines[19];
  if (!(QR_CURRENCIES as readonly string[]).includes(currency)) fail(`currency "${currency}", not CHF or EUR`);

  const debtor = lines.slice(20, 27).every((line) => line === '') ? null : address(20, 'ultimate debtor');

  const [referenceType, reference, message] = lines.slice(27, 30);
  if (!referenceFits(iban, referenceType, reference)) {
    fail(
      `reference type "${referenceType}" with reference "${reference}" does not fit the IBAN ` +
        '(a QR-IBAN takes QRR, another SCOR or NON) or fails its check digits',
    );
  }
  if (length(message) > QR_LIMITS.message || !PERMITTED.test(message))
    fail('the message is longer than 140 characters or has characters outside the Latin set');

  return {
    creditor,
    debtor,
    amountRappen,
    currency: currency as QrCurrency,
    referenceType: referenceType as QrReferenceType,
    reference,
    message,
  };
}
