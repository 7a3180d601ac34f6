// ISO 20022 bank-to-customer messages (pure, no I/O; swiss-domain.md "CAMT", service-decisions.md
// "Bank import (CAMT)"): camt.052 reports, camt.053 statements and camt.054 notifications, versions
// .02/.04/.08, read by local element names so the namespace (and any prefix) does not matter. A ZIP
// archive of such files is read file by file, within ZIP_LIMITS (counted as it is unpacked: unzip.ts).
// No parser sees a DOCTYPE or elements nested deeper than MAX_DEPTH: checkMarkup refuses them first.
//
// One transaction per `TxDtls`, or the entry itself when it has none. Only booked entries count
// (`Sts` BOOK, `Sts/Cd` BOOK in .08, or no status); pending (PDNG) and information (INFO) entries are
// skipped and their transactions counted. The direction is the entry's `CdtDbtInd`, also for a reversal (`RvslInd`
// true), which is
// only marked. Amounts are integer minor units (Rappen for CHF) parsed from their decimal text:
// an entry with one transaction (or none) takes the entry's `Amt` (what was booked on the account);
// the transactions of a collective entry take their `TxDtls/Amt`, else `AmtDtls/TxAmt/Amt`.
//
// Anything that is not such a file throws a CamtError whose message says what was found instead;
// the service answers it as 422 `errors.file`.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { isCalendarDate } from './calendar.js';
import { normaliseIban } from './iban.js';
import { MAX_MONEY, MAX_MONEY_TEXT, toRappen } from './money.js';
import { isValidQrr, isValidScor, normaliseReference } from './qr-reference.js';
import { UnzipError, unzipWithin, type UnzipLimits, type UnzippedFile } from './unzip.js';

export type CamtKind = '052' | '053' | '054';
export type CamtDirection = 'credit' | 'debit';
export type CamtReferenceType = 'QRR' | 'SCOR' | 'ISR';

export interface CamtReference {
  type: CamtReferenceType;
  value: string;
}

export interface CamtTransaction {
  direction: CamtDirection;
  /** Unsigned, integer minor units of `currency` (Rappen for CHF). */
  amountRappen: number;
  currency: string;
  /** YYYY-MM-DD. */
  bookingDate: string;
  valueDate?: string;
  /**
   * The transaction's `Refs/AcctSvcrRef`, else the entry's `AcctSvcrRef` (with "/position" in a collective entry), else
   * null.
   */
  bankReference: string | null;
  reference: CamtReference | null;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  /** The unstructured remittance (`RmtInf/Ustrd`, joined) and the entry's `AddtlNtryInf`, joined by " / ". */
  text: string;
  /** `RmtInf/Ustrd` joined by spaces ('' when none). */
  remittance: string;
  /** The entry's `AddtlNtryInf` ('' when none). */
  entryInfo: string;
  endToEndId: string | null;
  /**
   * `BkTxCd`: "Domain/Family/SubFamily" (PMNT/RCDT/ESCT), else the proprietary `Prtry/Cd`; of the transaction, else of
   * the entry.
   */
  bankTransactionCode: string | null;
  /** The amount in another currency than the booked one (`AmtDtls/InstdAmt`, else `TxAmt`), as the file writes it. */
  originalAmount: { amount: string; currency: string } | null;
  reversal: boolean;
  /** 0-based position of the entry (`Ntry`) in its statement, skipped entries included. */
  entryIndex: number;
  /** 0-based position of the transaction (`TxDtls`) in its entry; 0 for an entry without details. */
  txIndex: number;
}

export interface CamtBalance {
  /** `Tp/CdOrPrtry/Cd` (OPBD, CLBD, …) or `Prtry`. */
  type: string;
  /** Signed: negative for a DBIT balance. */
  amountRappen: number;
  currency: string;
  date: string | null;
}

export interface CamtStatement {
  kind: CamtKind;
  /** The message version from the namespace ("04" of camt.053.001.04); null when there is none. */
  version: string | null;
  /** `Stmt/Id` (or `Ntfctn/Id`, `Rpt/Id`). */
  id: string | null;
  iban: string | null;
  /** `Acct/Ccy`, else the first balance's or entry's currency. */
  currency: string | null;
  balances: CamtBalance[];
  transactions: CamtTransaction[];
  /** Entries not booked (PDNG, INFO, …) that were left out. */
  skippedEntries: number;
  /**
   * The transactions of those entries (each `TxDtls`; an entry without details counts once):
   * information only (INFO), and not booked yet (PDNG, or FUTR and any other status).
   */
  notBooked: { pending: number; info: number };
  /** The file name inside a ZIP archive; null for a plain XML file. */
  fileName: string | null;
}

/** The file is not a CAMT file (or a ZIP of them); the message says what it is instead. */
export class CamtError extends Error {
  override name = 'CamtError';
}

// ---- XML ------------------------------------------------------------------------------------------

type Node = Record<string, unknown>;

const ROOTS: Record<string, { kind: CamtKind; child: string }> = {
  BkToCstmrAcctRpt: { kind: '052', child: 'Rpt' },
  BkToCstmrStmt: { kind: '053', child: 'Stmt' },
  BkToCstmrDbtCdtNtfctn: { kind: '054', child: 'Ntfctn' },
};

// Elements that may repeat: always arrays, so a single one needs no special case.
const REPEATED = new Set([
  'Stmt',
  'Ntfctn',
  'Rpt',
  'Bal',
  'Ntry',
  'NtryDtls',
  'TxDtls',
  'Ustrd',
  'Strd',
  'CdtrRefInf',
  'AddtlNtryInf',
]);

/**
 * How deep elements may nest. CAMT's deepest path is under 20 levels (Document … TxDtls, RmtInf, Strd,
 * CdtrRefInf, Tp, CdOrPrtry, Cd); deeper is no bank's file, and the parser would throw on it.
 */
const MAX_DEPTH = 100;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (name) => REPEATED.has(name),
  // isArray needs the name only: no path string built for every element
  jPath: false,
  // checkMarkup refuses deeper files first; this stays the parser's own stop
  maxNestedTags: MAX_DEPTH,
});

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The text of an element (also of one with attributes); undefined when absent or empty. */
function text(value: unknown): string | undefined {
  if (Array.isArray(value)) return text(value[0]);
  if (isNode(value)) return text(value['#text']);
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** Follows a path of element names; the first item of an array on the way. */
function at(node: unknown, ...path: string[]): unknown {
  let current = node;
  for (const name of path) {
    if (Array.isArray(current)) current = current[0];
    if (!isNode(current)) return undefined;
    current = current[name];
  }
  return current;
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);

const textAt = (node: unknown, ...path: string[]): string | undefined => text(at(node, ...path));

/** A date element (`Dt` or `DtTm`) → YYYY-MM-DD; one that is no day of the calendar is an error. */
function dateOf(node: unknown, label: string): string | undefined {
  const value = textAt(node, 'Dt') ?? textAt(node, 'DtTm');
  if (value === undefined) return undefined;
  const date = value.slice(0, 10);
  if (!isCalendarDate(date)) throw new CamtError(`${label}: "${value}" is not a date`);
  return date;
}

/** Printable start of a file for messages: at most 16 characters of its first line. */
function preview(content: string): string {
  const line = content.trimStart().split(/\r?\n/, 1)[0] ?? '';
  const cut = line.slice(0, 16).replace(/[^\x20-\x7e\u00a0-\uffff]/g, '?');
  return line.length > 16 ? `${cut}…` : cut;
}

const decoder = new TextDecoder('utf-8');

function looksLikeXml(content: string): boolean {
  return content.trimStart().startsWith('<');
}

/** What to read: `balancesOnly` leaves the entries unread (and the file unvalidated: it was read whole before). */
interface ReadOptions {
  balancesOnly?: boolean;
}

/** The end of the start tag that begins at `from` (a `>` outside quoted attribute values), else -1. */
const TAG_END = /(?:[^"'>]|"[^"]*"|'[^']*')*>/y;
function tagEnd(content: string, from: number): number {
  TAG_END.lastIndex = from;
  return TAG_END.test(content) ? TAG_END.lastIndex - 1 : -1;
}

/** What the `<!` at `at` declares, for a message. */
const declarationAt = (content: string, at: number): string =>
  /^<!doctype/i.test(content.slice(at, at + 9))
    ? 'a DOCTYPE (a document type declaration)'
    : `a markup declaration (${preview(content.slice(at, at + 12))})`;

/**
 * Refuses, before any parser sees it, a document with a DOCTYPE (no CAMT file has one; its entities
 * could reach for files or expand without end, so none is ever processed) and one whose elements nest
 * deeper than MAX_DEPTH. One pass over the tags; comments, CDATA and processing instructions are
 * stepped over. Broken markup is left to the validator.
 */
function checkMarkup(content: string, where: string): void {
  let depth = 0;
  for (let at = content.indexOf('<'); at >= 0; at = content.indexOf('<', at + 1)) {
    const next = content[at + 1];
    if (next === '!') {
      const skipTo = content.startsWith('<!--', at) ? '-->' : content.startsWith('<![CDATA[', at) ? ']]>' : undefined;
      if (skipTo === undefined)
        throw new CamtError(`${where}not accepted: the XML has ${declarationAt(content, at)}, which no CAMT file has`);
      at = content.indexOf(skipTo, at + 4);
    } else if (next === '?') {
      at = content.indexOf('?>', at + 2);
    } else if (next === '/') {
      depth -= 1;
      continue;
    } else {
      at = tagEnd(content, at + 1);
      if (at >= 0 && content[at - 1] !== '/' && ++depth > MAX_DEPTH) {
        throw new CamtError(`${where}not accepted: the XML's elements are nested more than ${MAX_DEPTH} levels deep`);
      }
    }
    if (at < 0) return;
  }
}

/** The parser's tree of `xml`; what it still refuses is a CamtError, not a crash. */
function parseTree(xml: string, where: string): Node {
  try {
    return parser.parse(xml) as Node;
  } catch (error) {
    throw new CamtError(`${where}not readable XML: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function parseXml(content: string, where: string, options: ReadOptions): CamtStatement[] {
  checkMarkup(content, where);
  const valid = options.balancesOnly ? true : XMLValidator.validate(content);
  if (valid !== true) {
    throw new CamtError(
      `${where}not well-formed XML: ${valid.err.msg} (line ${valid.err.line}, column ${valid.err.col})`,
    );
  }
  const { skeleton, entries } = cutEntries(content);
  const doc = parseTree(skeleton, where);
  const rootName = Object.keys(doc).find((key) => !key.startsWith('?') && !key.startsWith('#'));
  const root = rootName === undefined ? undefined : doc[rootName];
  const namespace = /xmlns(?::[\w.-]+)?\s*=\s*["']([^"']*)["']/.exec(content.slice(0, 4000))?.[1];
  const messageType =
    namespace === undefined ? undefined : /(?:^|:)([a-z]{4}\.\d{3}\.\d{3}\.\d{2})$/.exec(namespace)?.[1];
  const childName = isNode(root) ? Object.keys(root).find((key) => !key.startsWith('@') && key !== '#text') : undefined;
  const spec = childName === undefined ? undefined : ROOTS[childName];
  if (rootName !== 'Document' || spec === undefined) {
    const what =
      rootName === undefined
        ? 'no root element'
        : `<${rootName}>${childName === undefined ? '' : ` with <${childName}>`}` +
          `${messageType ? ` (${messageType})` : ''}`;
    throw new CamtError(
      `${where}not a CAMT file: the XML's root is ${what}; expected <Document> with <BkToCstmrStmt>, ` +
        `<BkToCstmrDbtCdtNtfctn> or <BkToCstmrAcctRpt>`,
    );
  }
  const version = messageType?.startsWith(`camt.${spec.kind}.`) ? messageType.slice(-2) : null;
  const container = (root as Node)[childName!];
  return list(at(container, spec.child)).map((statement) =>
    readStatement(statement, spec.kind, version, where, entries, options),
  );
}

/**
 * The document with each entry (`Ntry`, any prefix) replaced by a placeholder holding its position, and
 * the entries' own text: a statement of thousands of entries is then parsed entry by entry, each tree
 * garbage as soon as it is read, instead of as one tree of the whole file (time and memory grow with it).
 * Comments and CDATA are not looked into, so a file with either keeps the whole-document parse.
 */
function cutEntries(content: string): { skeleton: string; entries: string[] | null } {
  if (content.includes('<!--') || content.includes('<![CDATA[')) return { skeleton: content, entries: null };
  const open = /<((?:[\w.-]+:)?)Ntry(?=[\s>/])/g;
  const parts: string[] = [];
  const entries: string[] = [];
  let from = 0;
  for (let m = open.exec(content); m !== null; m = open.exec(content)) {
    const close = `</${m[1]}Ntry>`;
    const end = content.indexOf(close, m.index);
    const tagEnd = content.indexOf('>', m.index);
    // <Ntry/>: not an entry to cut
    if (end < 0 || content[tagEnd - 1] === '/') return { skeleton: content, entries: null };
    const stop = end + close.length;
    parts.push(content.slice(from, m.index), `<${m[1]}Ntry>${entries.length}</${m[1]}Ntry>`);
    entries.push(content.slice(m.index, stop));
    from = stop;
    open.lastIndex = stop;
  }
  if (entries.length === 0) return { skeleton: content, entries: null };
  parts.push(content.slice(from));
  return { skeleton: parts.join(''), entries };
}

// ---- Mapping ----------------------------------------------------------------------------------------

function amountOf(node: unknown, what: string): { rappen: number; currency: string | undefined } {
  const raw = text(node);
  const rappen = raw !== undefined && /^\d+(\.\d+)?$/.test(raw) ? toRappen(raw) : undefined;
  if (rappen === undefined) throw new CamtError(`${what} has no valid amount${raw === undefined ? '' : ` ("${raw}")`}`);
  if (rappen > MAX_MONEY)
    throw new CamtError(`${what} has an amount ("${raw}") larger than the service takes (${MAX_MONEY_TEXT})`);
  const currency = isNode(node) ? text(node['@Ccy']) : undefined;
  return { rappen, currency };
}

function statusOf(entry: unknown): string | undefined {
  const sts = at(entry, 'Sts');
  return isNode(sts) && sts['#text'] === undefined ? (text(sts.Cd) ?? text(sts.Prtry)) : text(sts);
}

const REFERENCE_TYPES: Record<string, CamtReferenceType> = { QRR: 'QRR', SCOR: 'SCOR', 'ISR REFERENCE': 'ISR' };

function referenceOf(tx: unknown): CamtReference | null {
  for (const strd of list(at(tx, 'RmtInf', 'Strd'))) {
    for (const info of list(at(strd, 'CdtrRefInf'))) {
      const typeText = textAt(info, 'Tp', 'CdOrPrtry', 'Prtry') ?? textAt(info, 'Tp', 'CdOrPrtry', 'Cd');
      const raw = textAt(info, 'Ref');
      const value = raw === undefined ? undefined : normaliseReference(raw);
      if (!value) continue;
      // an untyped reference (old ESR files, some banks' QR payments) is known by its own check digits
      const type = typeText === undefined ? untypedReference(value) : REFERENCE_TYPES[typeText.trim().toUpperCase()];
      if (type !== undefined) return { type, value };
    }
  }
  return null;
}

/**
 * A reference without `Tp`: QRR when it has 27 digits with a valid check digit, SCOR when it is a valid RF reference.
 */
function untypedReference(value: string): CamtReferenceType | undefined {
  if (isValidQrr(value)) return 'QRR';
  if (isValidScor(value)) return 'SCOR';
  return undefined;
}

/** `BkTxCd` as "Domain/Family/SubFamily", else the proprietary code; undefined when absent. */
function bankTransactionCodeOf(node: unknown): string | undefined {
  const domain = textAt(node, 'BkTxCd', 'Domn', 'Cd');
  const family = textAt(node, 'BkTxCd', 'Domn', 'Fmly', 'Cd');
  if (domain !== undefined && family !== undefined) {
    const sub = textAt(node, 'BkTxCd', 'Domn', 'Fmly', 'SubFmlyCd');
    return [domain, family, sub].filter((c) => c !== undefined).join('/');
  }
  return textAt(node, 'BkTxCd', 'Prtry', 'Cd');
}

/** The instructed (else transaction) amount of `AmtDtls` when its currency is not the booked one. */
function originalAmountOf(
  node: unknown,
  bookedCurrency: string,
  what: string,
): { amount: string; currency: string } | undefined {
  for (const kind of ['InstdAmt', 'TxAmt']) {
    const amt = at(node, 'AmtDtls', kind, 'Amt');
    if (amt === undefined) continue;
    const { currency } = amountOf(amt, `${what} ${kind}`);
    if (currency && currency !== bookedCurrency) return { amount: text(amt)!, currency };
  }
  return undefined;
}

/** An IBAN in the electronic form (normaliseIban); none: null. */
function ibanAt(node: unknown, ...path: string[]): string | null {
  const raw = textAt(node, ...path);
  return raw === undefined ? null : normaliseIban(raw);
}

function partyName(party: unknown): string | null {
  return textAt(party, 'Nm') ?? textAt(party, 'Pty', 'Nm') ?? null;
}

function readStatement(
  statement: unknown,
  kind: CamtKind,
  version: string | null,
  where: string,
  cut: string[] | null,
  options: ReadOptions,
): CamtStatement {
  const balances: CamtBalance[] = list(at(statement, 'Bal')).map((bal, i) => {
    const { rappen, currency } = amountOf(at(bal, 'Amt'), `${where}balance ${i + 1}`);
    return {
      type: textAt(bal, 'Tp', 'CdOrPrtry', 'Cd') ?? textAt(bal, 'Tp', 'CdOrPrtry', 'Prtry') ?? '',
      amountRappen: textAt(bal, 'CdtDbtInd') === 'DBIT' && rappen !== 0 ? -rappen : rappen,
      currency: currency ?? '',
      date: dateOf(at(bal, 'Dt'), `${where}balance ${i + 1}`) ?? null,
    };
  });
  // an entry cut out by cutEntries is its position among the cut texts, parsed when it is read
  const entries = list(at(statement, 'Ntry'));
  const entryAt = (i: number): unknown =>
    cut === null ? entries[i] : at(parseTree(cut[Number(text(entries[i]))], where), 'Ntry');
  const currency =
    textAt(statement, 'Acct', 'Ccy') ??
    (balances[0]?.currency || undefined) ??
    (entries.length > 0 ? text(at(entryAt(0), 'Amt', '@Ccy')) : undefined) ??
    null;
  const transactions: CamtTransaction[] = [];
  let skippedEntries = 0;
  const notBooked = { pending: 0, info: 0 };

  entries.forEach((_, entryIndex) => {
    if (options.balancesOnly) return;
    const entry = entryAt(entryIndex);
    const label = `${where}entry ${entryIndex + 1}`;
    const status = statusOf(entry);
    if (status !== undefined && status !== 'BOOK') {
      skippedEntries += 1;
      // counted so the upload can say what it left out (the bank may book a pending one later)
      notBooked[status === 'INFO' ? 'info' : 'pending'] += Math.max(
        1,
        list(at(entry, 'NtryDtls')).flatMap((d) => list(at(d, 'TxDtls'))).length,
      );
      return;
    }
    const indicator = textAt(entry, 'CdtDbtInd');
    if (indicator !== 'CRDT' && indicator !== 'DBIT') {
      throw new CamtError(
        `${label}: CdtDbtInd is ${indicator === undefined ? 'missing' : `"${indicator}"`}, expected CRDT or DBIT`,
      );
    }
    const direction: CamtDirection = indicator === 'CRDT' ? 'credit' : 'debit';
    const reversal = textAt(entry, 'RvslInd') === 'true' || textAt(entry, 'RvslInd') === '1';
    const entryAmount = amountOf(at(entry, 'Amt'), label);
    const entryCurrency = entryAmount.currency ?? currency ?? '';
    const valueDate = dateOf(at(entry, 'ValDt'), `${label} ValDt`);
    const bookingDate = dateOf(at(entry, 'BookgDt'), `${label} BookgDt`) ?? valueDate;
    if (bookingDate === undefined) throw new CamtError(`${label}: no booking date (BookgDt)`);
    const entryRef = textAt(entry, 'AcctSvcrRef');
    const entryInfo = list(at(entry, 'AddtlNtryInf'))
      .map(text)
      .filter((s) => s !== undefined)
      .join(' ');
    // The parties of a reversal are those of the original booking, whose direction was the other one.
    const counterSide = (direction === 'credit') !== reversal ? 'Dbtr' : 'Cdtr';

    const details = list(at(entry, 'NtryDtls')).flatMap((d) => list(at(d, 'TxDtls')));
    // A collective entry is split only when every transaction has its amount; else it stays one.
    const amounts =
      details.length > 1
        ? details.map((tx, i) => {
            const amt = at(tx, 'Amt') ?? at(tx, 'AmtDtls', 'TxAmt', 'Amt');
            return amt === undefined ? undefined : amountOf(amt, `${label} transaction ${i + 1}`).rappen;
          })
        : [];
    const split = details.length > 1 && amounts.every((a) => a !== undefined);
    const items: unknown[] = split ? details : details.length === 1 ? details : [undefined];

    items.forEach((tx, txIndex) => {
      const remittance = list(at(tx, 'RmtInf', 'Ustrd'))
        .map(text)
        .filter((s) => s !== undefined)
        .join(' ');
      const parties = at(tx, 'RltdPties');
      const txRef = textAt(tx, 'Refs', 'AcctSvcrRef');
      const endToEndId = textAt(tx, 'Refs', 'EndToEndId');
      const txLabel = `${label} transaction ${txIndex + 1}`;
      // the entry's own details belong to its transaction only when it has no more than one
      const original =
        originalAmountOf(tx, entryCurrency, txLabel) ??
        (items.length === 1 ? originalAmountOf(entry, entryCurrency, label) : undefined);
      transactions.push({
        direction,
        amountRappen: split ? amounts[txIndex]! : entryAmount.rappen,
        currency: entryCurrency,
        bookingDate,
        ...(valueDate === undefined ? {} : { valueDate }),
        bankReference: txRef ?? (entryRef === undefined ? null : split ? `${entryRef}/${txIndex + 1}` : entryRef),
        reference: tx === undefined ? null : referenceOf(tx),
        counterpartyName: partyName(at(parties, counterSide)),
        counterpartyIban: ibanAt(parties, `${counterSide}Acct`, 'Id', 'IBAN'),
        text: [remittance, entryInfo].filter((s) => s !== '').join(' / '),
        remittance,
        entryInfo,
        endToEndId: endToEndId === undefined || endToEndId === 'NOTPROVIDED' ? null : endToEndId,
        bankTransactionCode: bankTransactionCodeOf(tx) ?? bankTransactionCodeOf(entry) ?? null,
        originalAmount: original ?? null,
        reversal,
        entryIndex,
        txIndex,
      });
    });
  });

  return {
    kind,
    version,
    id: textAt(statement, 'Id') ?? null,
    iban: ibanAt(statement, 'Acct', 'Id', 'IBAN'),
    currency,
    balances,
    transactions,
    skippedEntries,
    notBooked,
    fileName: null,
  };
}

// the balances beside the movements: a module of their own, so the service can use them without loading the parser

// ---- Files ------------------------------------------------------------------------------------------

const isZip = (bytes: Uint8Array): boolean =>
  bytes.length >= 4 &&
  bytes[0] === 0x50 &&
  bytes[1] === 0x4b &&
  (bytes[2] === 0x03 || bytes[2] === 0x05) &&
  (bytes[3] === 0x04 || bytes[3] === 0x06);

function decode(bytes: Uint8Array): string {
  const content = decoder.decode(bytes);
  return content.charCodeAt(0) === 0xfeff ? content.slice(1) : content;
}

function parseXmlFile(bytes: Uint8Array, where: string, options: ReadOptions): CamtStatement[] {
  const content = decode(bytes);
  if (content.trim() === '') throw new CamtError(`${where}not XML: the file is empty`);
  if (!looksLikeXml(content)) throw new CamtError(`${where}not XML: the file starts with ${preview(content)}`);
  return parseXml(content, where, options);
}

/**
 * What a ZIP of statements may unpack to: each file as much as one uploaded on its own (the service's
 * 50 MB), all of them twice that, and 1000 files (a year of daily notifications for two accounts is
 * 730). Beyond it the archive is refused without being unpacked further.
 */
export const ZIP_LIMITS: UnzipLimits = { files: 1000, fileBytes: 50 * 1024 * 1024, totalBytes: 100 * 1024 * 1024 };

function unzip(bytes: Uint8Array): UnzippedFile[] {
  try {
    return unzipWithin(bytes, ZIP_LIMITS);
  } catch (error) {
    if (error instanceof UnzipError && error.tooLarge)
      throw new CamtError(`a ZIP archive too large to read: ${error.message}`);
    throw new CamtError(`a broken ZIP archive (${error instanceof Error ? error.message : String(error)})`);
  }
}

function parseZip(bytes: Uint8Array, options: ReadOptions): CamtStatement[] {
  const files = unzip(bytes);
  const statements: CamtStatement[] = [];
  const others: string[] = [];
  for (const { name, bytes: content } of files) {
    const base = name.split('/').pop() ?? name;
    if (name.endsWith('/') || name.startsWith('__MACOSX/') || base.startsWith('.')) continue;
    const text = decode(content);
    if (isZip(content) || !looksLikeXml(text)) {
      others.push(name);
      continue;
    }
    try {
      for (const statement of parseXml(text, `${name}: `, options)) statements.push({ ...statement, fileName: name });
    } catch (error) {
      // Other XML (a pain.001, …) beside the CAMT files is left out; a broken CAMT file is an error.
      if (error instanceof CamtError && error.message.startsWith(`${name}: not a CAMT file`)) others.push(name);
      else throw error;
    }
  }
  if (statements.length === 0 && others.length === 0 && files.length > 0) {
    // Only folders or hidden files.
    others.push(...files.map((file) => file.name));
  }
  if (statements.length === 0) {
    throw new CamtError(`a ZIP without CAMT files (found: ${others.length === 0 ? 'nothing' : others.join(', ')})`);
  }
  return statements;
}

/**
 * Reads a camt.052/.053/.054 file (or a ZIP archive of them) into its statements, each with its
 * booked transactions. Throws a CamtError saying what the file is when it is not one.
 */
export function parseCamt(bytes: Uint8Array): CamtStatement[] {
  return read(bytes, {});
}

/**
 * The statements of a file read whole before (by the service) with their balances and without their
 * transactions: each entry is cut out unread, so this takes a fraction of parseCamt's time and memory.
 */
export function readCamtBalances(bytes: Uint8Array): CamtStatement[] {
  return read(bytes, { balancesOnly: true });
}

function read(bytes: Uint8Array, options: ReadOptions): CamtStatement[] {
  if (bytes.length === 0) throw new CamtError('not XML: the file is empty');
  if (isZip(bytes)) return parseZip(bytes, options);
  return parseXmlFile(bytes, '', options);
}
