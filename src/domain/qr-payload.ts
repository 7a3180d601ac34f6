// Reading the payload of a Swiss QR-bill that someone else drew (pure, shared; `acct bills add`): the
// text of the Swiss QR code by the SIX Implementation Guidelines QR-bill 2.3, checked element by
// element. Every broken rule is reported with its field, so a bill that cannot be paid as scanned says
// all of what is wrong at once. The builder of our own payloads is qr-bill.ts; the check digits are
// iban.ts and qr-reference.ts.
//
// Lines (LF or CR LF): 1 SPC, 2 0200, 3 coding 1, 4 IBAN, 5-11 creditor (S, name, street, building,
// zip, town, country), 12-18 ultimate creditor (reserved: empty), 19 amount, 20 currency, 21-27
// ultimate debtor (S + 6 lines, or 7 empty), 28 reference type, 29 reference, 30 unstructured message,
// 31 trailer EPD, then optionally 32 bill information and 33-34 alternative schemes.
// IG 2.3 (in force since 22 November 2025) accepts only structured addresses (S); the combined
// address (K) is refused. The IG wants no separator after the last element; a scanner's text often ends
// with one, so one trailing line break is read over.
import { toRappen } from './money.js';
import { isValidIban, isSwissIban, normaliseIban } from './iban.js';
import {
  QR_AMOUNT_MAX,
  QR_AMOUNT_MIN,
  QR_CURRENCIES,
  QR_LIMITS,
  QR_PERMITTED,
  type QrAddress,
  type QrCurrency,
  type QrPayloadFields,
  type QrProblem,
  type QrReferenceType,
} from './qr-bill.js';
import { referenceBreakField, referenceRuleBreaks, type ReferenceRuleBreak } from './qr-reference.js';

/** A payload's fields, with what follows the trailer. */
export interface ScannedQrBill extends QrPayloadFields {
  /** line 32 (structured bill information, e.g. Swico "//S1/…"), '' when none */
  billInformation: string;
  /** lines 33 and 34 */
  alternativeSchemes: string[];
}

export type QrPayloadResult = { ok: true; bill: ScannedQrBill } | { ok: false; problems: QrProblem[] };

const MANDATORY_LINES = 31;
const MAX_LINES = 34;
const ALTERNATIVE_SCHEME_MAX = 100;
const REFERENCE_TYPES: readonly string[] = ['QRR', 'SCOR', 'NON'];
const ADDRESS_PARTS = ['name', 'street', 'building', 'zip', 'city', 'country'] as const;
/** the SIG names the building number and the town so */
const PART_LABEL = {
  name: 'name',
  street: 'street',
  building: 'building number',
  zip: 'postal code',
  city: 'town',
  country: 'country',
} as const;
const REQUIRED_PARTS: readonly string[] = ['name', 'zip', 'city', 'country'];

const length = (text: string): number => Array.from(text).length;

/** The lines of a payload: LF or CR LF, one trailing line break read over. */
const payloadLines = (text: string): string[] => text.replace(/\r?\n$/, '').split(/\r?\n/);

/** Reads a payload; every element that breaks a rule of IG 2.3 is one problem, keyed by field. */
export function readQrPayload(text: string): QrPayloadResult {
  const lines = payloadLines(text);
  const problems: QrProblem[] = [];
  const fail = (field: string, message: string) => problems.push({ field, message });

  headerProblems(lines, fail);
  if (lines.length < MANDATORY_LINES || lines.length > MAX_LINES) {
    fail(
      'lines',
      `${lines.length} lines; a QR-bill payload has 31 (up to 34 with bill information and alternative schemes)`,
    );
    // the elements cannot be told apart without their positions
    return { ok: false, problems };
  }
  const iban = ibanOf(lines[3], fail);
  const creditor = addressOf(lines.slice(4, 11), 'creditor', fail);
  if (lines.slice(11, 18).some((line) => line !== ''))
    fail('ultimate_creditor', 'the ultimate creditor (lines 12 to 18) is reserved and must be empty');
  const amountRappen = amountOf(lines[18], fail);
  const currency = lines[19];
  if (!(QR_CURRENCIES as readonly string[]).includes(currency))
    fail('currency', `currency "${currency}"; a QR-bill takes CHF or EUR`);
  const debtorLines = lines.slice(20, 27);
  const debtor = debtorLines.every((line) => line === '') ? null : addressOf(debtorLines, 'debtor', fail);
  const [referenceType, reference, message, trailer] = lines.slice(27, 31);
  referenceProblems(iban, referenceType, reference, fail);
  const [billInformation = '', ...schemes] = lines.slice(31);
  const alternativeSchemes = schemes.filter((scheme) => scheme !== '');
  textProblems(message, billInformation, alternativeSchemes, fail);
  if (trailer !== 'EPD') fail('trailer', `line 31 is "${trailer}", not the trailer EPD`);

  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    bill: {
      creditor: { iban, ...creditor },
      debtor,
      amountRappen,
      currency: currency as QrCurrency,
      referenceType: referenceType as QrReferenceType,
      reference,
      message,
      billInformation,
      alternativeSchemes,
    },
  };
}

type Fail = (field: string, message: string) => void;

function headerProblems(lines: string[], fail: Fail): void {
  if (lines[0] !== 'SPC') fail('qr_type', `the payload starts with "${lines[0] ?? ''}", not SPC (not a Swiss QR code)`);
  if (lines.length > 1 && lines[1] !== '0200') fail('version', `version "${lines[1]}"; a QR-bill of IG 2.x has 0200`);
  if (lines.length > 2 && lines[2] !== '1') fail('coding', `coding type "${lines[2]}"; only 1 (UTF-8) is defined`);
}

function ibanOf(raw: string, fail: Fail): string {
  const iban = normaliseIban(raw);
  if (raw === '') fail('iban', 'the IBAN is missing');
  else if (raw !== iban) fail('iban', `IBAN "${raw}" is not in electronic form (no spaces, capitals)`);
  else if (!isValidIban(iban)) fail('iban', `IBAN ${iban} has wrong check digits or length`);
  else if (!isSwissIban(iban)) fail('iban', `IBAN ${iban} is not from CH or LI; a QR-bill takes only those`);
  return iban;
}

/** The structured address of 7 lines (type, then its 6 parts); K (combined) is not permitted since IG 2.3. */
function addressOf(lines: string[], role: 'creditor' | 'debtor', fail: Fail): QrAddress {
  const [type, name, street, building, zip, city, country] = lines;
  const address: QrAddress = { name, street, building, zip, city, country };
  if (type === 'K')
    fail(
      `${role}.address_type`,
      `${role} address type K (combined) is not permitted since IG 2.3: only S (structured)`,
    );
  else if (type !== 'S')
    fail(`${role}.address_type`, `${role} address type "${type}"; only S (structured) is permitted`);
  for (const part of ADDRESS_PARTS) {
    const value = address[part];
    const field = `${role}.${part}`;
    const label = `${role} ${PART_LABEL[part]}`;
    if (value === '') {
      if (REQUIRED_PARTS.includes(part)) fail(field, `${label} is missing`);
    } else if (part === 'country') {
      if (!/^[A-Z]{2}$/.test(value)) fail(field, `${label} "${value}" is not a two-letter ISO 3166 code`);
    } else if (length(value) > QR_LIMITS[part]) {
      fail(field, `${label} is longer than ${QR_LIMITS[part]} characters`);
    } else if (!QR_PERMITTED.test(value)) {
      fail(field, `${label} has characters outside the QR-bill's character set`);
    }
  }
  return address;
}

/** Empty (the payer fills it in) or 0.01 to 999999999.99 with two decimals and a point. */
function amountOf(text: string, fail: Fail): number | null {
  if (text === '') return null;
  if (!/^\d{1,9}\.\d{2}$/.test(text) || (text.length > 4 && text.startsWith('0'))) {
    fail('amount', `amount "${text}" is not like 1234.50 (two decimals, a point, no leading zeros)`);
    return null;
  }
  const rappen = toRappen(text)!;
  if (rappen < QR_AMOUNT_MIN || rappen > QR_AMOUNT_MAX)
    fail('amount', `amount ${text} is outside 0.01 to 999999999.99`);
  return rappen;
}

/** QR-IBAN ⇔ QRR; QRR 27 digits with the mod 10 recursive check digit; SCOR ISO 11649; NON no reference. */
function referenceProblems(iban: string, type: string, reference: string, fail: Fail): void {
  if (!REFERENCE_TYPES.includes(type)) {
    fail('reference_type', `reference type "${type}"; QRR, SCOR or NON`);
    return;
  }
  const messages: Record<ReferenceRuleBreak, string> = {
    'qr-iban-needs-qrr': `the IBAN ${iban} is a QR-IBAN, which takes a QR reference (QRR), not ${type}`,
    'qrr-needs-qr-iban': `a QR reference (QRR) needs a QR-IBAN; ${iban} is none`,
    'non-takes-none': 'reference type NON takes no reference',
    missing: `reference type ${type} needs a reference`,
    'bad-qrr': `QR reference "${reference}" is not 27 digits with a valid check digit (mod 10 recursive)`,
    'bad-scor':
      `creditor reference "${reference}" is not a valid ISO 11649 reference (RF, check digits, up to 21 ` +
      `letters or digits)`,
  };
  const pairedIban = isValidIban(iban) ? iban : undefined;
  for (const b of referenceRuleBreaks(pairedIban, type as QrReferenceType, reference))
    fail(referenceBreakField(b), messages[b]);
}

/** The message ≤ 140, with the bill information together ≤ 140; alternative schemes ≤ 100 each, at most 2. */
function textProblems(message: string, billInformation: string, alternativeSchemes: string[], fail: Fail): void {
  if (length(message) > QR_LIMITS.message)
    fail('message', `the unstructured message is longer than ${QR_LIMITS.message} characters`);
  else if (!QR_PERMITTED.test(message))
    fail('message', "the unstructured message has characters outside the QR-bill's character set");
  if (length(message) + length(billInformation) > QR_LIMITS.message && length(message) <= QR_LIMITS.message) {
    fail(
      'bill_information',
      `the message and the bill information together are longer than ${QR_LIMITS.message} characters`,
    );
  }
  alternativeSchemes.forEach((scheme, i) => {
    if (length(scheme) > ALTERNATIVE_SCHEME_MAX)
      fail(
        `alternative_schemes.${i}`,
        `alternative scheme ${i + 1} is longer than ${ALTERNATIVE_SCHEME_MAX} characters`,
      );
  });
}
