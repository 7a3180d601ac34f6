// The payment file of `acct bills pay`: an ISO 20022 pain.001.001.09 customer credit transfer as the
// Swiss Payment Standards want it (pain.001.001.09.ch.03). Pure: the caller gives the message id, the
// creation time and the payments; amounts are integer Rappen (cents) and every sum is added as an
// integer and printed as a decimal, never through a float.
import { normaliseIban } from './iban.js';
import { rappenToString } from './money.js';
import { normaliseReference } from './qr-reference.js';

const PAIN001_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';

/** A structured address (the SPS want street, building, postcode, town and country apart). */
export interface Party {
  name: string;
  street?: string | null;
  building?: string | null;
  zip?: string | null;
  city?: string | null;
  /** ISO 3166 alpha-2 */
  country?: string | null;
}

export interface Payment {
  /** the bill's number or id, for the dry run and the summary (not written into the file) */
  bill: string;
  /** the company's account the payment leaves from */
  debtorIban: string;
  /** YYYY-MM-DD */
  executionDate: string;
  creditor: Party;
  /** IBAN or QR-IBAN */
  creditorIban: string;
  /** integer Rappen (cents), > 0 */
  amount: number;
  currency: string;
  referenceType: 'QRR' | 'SCOR' | 'NON';
  reference?: string | null;
  message?: string | null;
}

export interface Pain001 {
  /** GrpHdr/MsgId: unique per file, at most 35 of [A-Za-z0-9+?/-:().,' ] */
  messageId: string;
  /** GrpHdr/CreDtTm, YYYY-MM-DDTHH:MM:SS */
  createdAt: string;
  debtor: Party;
  payments: Payment[];
}

/** The payments of one PmtInf: one debtor account, one execution date. */
interface PaymentGroup {
  debtorIban: string;
  executionDate: string;
  payments: Payment[];
}

/**
 * What the SPSText pattern allows: Basic Latin, Latin-1 Supplement, Latin Extended-A, €, ȘșȚț — no control or format
 * characters.
 */
function allowed(cp: number): boolean {
  if (cp >= 0x20 && cp <= 0x7e) return true;
  if (cp >= 0xa0 && cp <= 0x17f) return cp !== 0xad;
  return cp === 0x20ac || (cp >= 0x218 && cp <= 0x21b);
}

/**
 * Text as the SPS character set takes it: white space (newlines, tabs) becomes one space, a letter
 * outside the set loses its accents where that brings it in (ǎ → a), anything else becomes a full stop
 * (the SPS' own advice for characters a bank cannot carry). Cut to `max` characters, trimmed.
 */
export function spsText(text: string, max: number): string {
  let out = '';
  for (const ch of text.replace(/\s+/g, ' ').trim()) {
    const cp = ch.codePointAt(0)!;
    if (allowed(cp)) {
      out += ch;
      continue;
    }
    const bare = ch.normalize('NFD').replace(/\p{M}/gu, '');
    out += [...bare].every((c) => allowed(c.codePointAt(0)!)) && bare !== '' ? bare : '.';
  }
  return [...out].slice(0, max).join('').trim();
}

const escapeXml = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** The identifiers' set (Max35Text_pain001_ch): letters, digits, + ? / - : ( ) . , ' and space. */
export const isPainId = (id: string): boolean =>
  id.length >= 1 && id.length <= 35 && /^[A-Za-z0-9+?/\-:().,' ]+$/.test(id);

/** The payments by debtor account and execution date, in the order they first appear (earliest date first). */
export function groupPayments(payments: readonly Payment[]): PaymentGroup[] {
  const groups = new Map<string, PaymentGroup>();
  const sorted = [...payments].sort((a, b) =>
    a.executionDate < b.executionDate ? -1 : a.executionDate > b.executionDate ? 1 : 0,
  );
  for (const p of sorted) {
    const iban = normaliseIban(p.debtorIban);
    const key = `${iban} ${p.executionDate}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { debtorIban: iban, executionDate: p.executionDate, payments: [] }));
    group.payments.push(p);
  }
  return [...groups.values()];
}

/** The sum of the payments' amounts in Rappen, as the decimal CtrlSum (currencies added up, as the standard has it). */
export const controlSum = (payments: readonly Payment[]): string =>
  rappenToString(payments.reduce((sum, p) => sum + BigInt(p.amount), 0n));

/** Totals per currency in Rappen, CHF first. */
export function totalsByCurrency(payments: readonly Payment[]): Map<string, bigint> {
  const totals = new Map<string, bigint>();
  for (const p of [...payments].sort((a, b) =>
    a.currency === b.currency
      ? 0
      : a.currency === 'CHF'
        ? -1
        : b.currency === 'CHF'
          ? 1
          : a.currency < b.currency
            ? -1
            : 1,
  )) {
    totals.set(p.currency, (totals.get(p.currency) ?? 0n) + BigInt(p.amount));
  }
  return totals;
}

/** A simple element, its text made SPS-safe and escaped; nothing when the value is empty. */
function el(name: string, value: string | null | undefined, max = 140): string {
  const text = value == null ? '' : spsText(value, max);
  return text === '' ? '' : `<${name}>${escapeXml(text)}</${name}>`;
}

function postalAddress(p: Party): string {
  const parts = [
    el('StrtNm', p.street, 70),
    el('BldgNb', p.building, 16),
    el('PstCd', p.zip, 16),
    el('TwnNm', p.city, 35),
  ].join('');
  const country = p.country && /^[A-Z]{2}$/.test(p.country) ? `<Ctry>${p.country}</Ctry>` : '';
  return parts || country ? `<PstlAdr>${parts}${country}</PstlAdr>` : '';
}

/** Nm of a party: at most 70 characters, as the SPS allow for names. */
const party = (p: Party): string => `${el('Nm', p.name, 70)}${postalAddress(p)}`;

/**
 * The debtor's bank: its IID (clearing number) for a Swiss or Liechtenstein IBAN, where the SPS take it in place of a
 * BIC.
 */
function debtorAgent(iban: string): string {
  if (!/^(CH|LI)\d{2}\d{5}/.test(iban)) return '<DbtrAgt><FinInstnId/></DbtrAgt>';
  return (
    `<DbtrAgt><FinInstnId><ClrSysMmbId><ClrSysId><Cd>CHBCC</Cd></ClrSysId><MmbId>${iban.slice(4, 9)}</MmbId>` +
    `</ClrSysMmbId></FinInstnId></DbtrAgt>`
  );
}

/**
 * RmtInf: a QR reference as the proprietary QRR, a creditor reference as SCOR (the message beside it), else the message
 * unstructured.
 */
function remittance(p: Payment): string {
  const reference = p.reference ? normaliseReference(p.reference) : '';
  if (p.referenceType !== 'NON' && reference) {
    const type = p.referenceType === 'QRR' ? '<Prtry>QRR</Prtry>' : '<Cd>SCOR</Cd>';
    return (
      `<RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry>${type}</CdOrPrtry></Tp><Ref>${escapeXml(reference)}</Ref>` +
      `</CdtrRefInf>${el('AddtlRmtInf', p.message, 140)}</Strd></RmtInf>`
    );
  }
  const message = el('Ustrd', p.message, 140);
  return message ? `<RmtInf>${message}</RmtInf>` : '';
}

function transaction(p: Payment, seq: number, messageId: string): string {
  return [
    '<CdtTrfTxInf>',
    `<PmtId><InstrId>INSTR-${seq}</InstrId><EndToEndId>${escapeXml(endToEndId(messageId, seq))}</EndToEndId></PmtId>`,
    `<Amt><InstdAmt Ccy="${p.currency}">${rappenToString(p.amount)}</InstdAmt></Amt>`,
    `<Cdtr>${party(p.creditor)}</Cdtr>`,
    `<CdtrAcct><Id><IBAN>${normaliseIban(p.creditorIban)}</IBAN></Id></CdtrAcct>`,
    remittance(p),
    '</CdtTrfTxInf>',
  ].join('');
}

/**
 * The message id with a suffix, cut to 35 characters before the suffix: unique in the file, and as unique as the
 * message id beyond it.
 */
const withSuffix = (messageId: string, suffix: string): string => `${messageId.slice(0, 35 - suffix.length)}${suffix}`;

/** EndToEndId of the file's seq-th payment (1, 2 …): the message id and the number. */
export const endToEndId = (messageId: string, seq: number): string => withSuffix(messageId, `-${seq}`);

/** The whole document, one PmtInf per debtor account and execution date, indented two spaces a level. */
export function pain001Xml(file: Pain001): string {
  if (!isPainId(file.messageId)) throw new Error(`invalid pain.001 message id "${file.messageId}"`);
  if (file.payments.length === 0) throw new Error('a pain.001 file needs at least one payment');
  for (const p of file.payments) {
    if (!Number.isSafeInteger(p.amount) || p.amount <= 0)
      throw new Error(`payment ${p.bill}: the amount must be a positive number of Rappen`);
  }
  let seq = 0;
  const blocks = groupPayments(file.payments).map((g, i) =>
    [
      '<PmtInf>',
      `<PmtInfId>${escapeXml(withSuffix(file.messageId, `-P${i + 1}`))}</PmtInfId>`,
      '<PmtMtd>TRF</PmtMtd>',
      `<NbOfTxs>${g.payments.length}</NbOfTxs>`,
      `<CtrlSum>${controlSum(g.payments)}</CtrlSum>`,
      `<ReqdExctnDt><Dt>${g.executionDate}</Dt></ReqdExctnDt>`,
      `<Dbtr>${party(file.debtor)}</Dbtr>`,
      `<DbtrAcct><Id><IBAN>${g.debtorIban}</IBAN></Id></DbtrAcct>`,
      debtorAgent(g.debtorIban),
      ...g.payments.map((p) => transaction(p, ++seq, file.messageId)),
      '</PmtInf>',
    ].join(''),
  );
  const body = [
    `<Document xmlns="${PAIN001_NAMESPACE}">`,
    '<CstmrCdtTrfInitn>',
    '<GrpHdr>',
    `<MsgId>${escapeXml(file.messageId)}</MsgId>`,
    `<CreDtTm>${file.createdAt}</CreDtTm>`,
    `<NbOfTxs>${file.payments.length}</NbOfTxs>`,
    `<CtrlSum>${controlSum(file.payments)}</CtrlSum>`,
    `<InitgPty>${el('Nm', file.debtor.name, 70)}</InitgPty>`,
    '</GrpHdr>',
    ...blocks,
    '</CstmrCdtTrfInitn>',
    '</Document>',
  ].join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n${indent(body)}\n`;
}

/**
 * Puts each element on its own line, two spaces a level (the document is built without white space between elements).
 */
function indent(xml: string): string {
  const tokens = xml.match(/<[^>]+>[^<]*/g) ?? [];
  const lines: string[] = [];
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.startsWith('</')) {
      depth--;
      lines.push(`${'  '.repeat(depth)}${token}`);
    } else if (token.endsWith('/>')) {
      lines.push(`${'  '.repeat(depth)}${token}`);
    } else if (tokens[i + 1]?.startsWith('</')) {
      // <Nm>text</Nm> on one line
      lines.push(`${'  '.repeat(depth)}${token}${tokens[++i]}`);
    } else {
      lines.push(`${'  '.repeat(depth)}${token}`);
      depth++;
    }
  }
  return lines.join('\n');
}
