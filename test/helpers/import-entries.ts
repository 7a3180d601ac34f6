// What the bank import tests share: small camt.054 files built from a few fields (one entry with one
// transaction each), ZIP archives of files, the two path families of docs/service/import-entries.md,
// and requests (multipart upload with the X-Import-* counts, list, update, process, delete) against a
// running test service. Every test makes a company of its own, so the imports never meet.
import { readFileSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { expect } from 'vitest';
import { OWNER_TOKEN, accountId, newCompany, taxRateId, type TestService } from './service.js';

export type Res = Awaited<ReturnType<TestService['call']>>;
export type Body = Record<string, unknown>;

export const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** The ImportEntry's fields in the contract's order. */
export const IMPORT_ENTRY_KEYS = [
  'id',
  'company_id',
  'user_id',
  'bank_account_id',
  'other_account_id',
  'tax_rate_id',
  'entry_id',
  'invoice_id',
  'bill_id',
  'file_id',
  'date',
  'type',
  'sum',
  'description',
  'og_description',
  'reference',
  'ignore',
  'is_ready',
  'similarExists',
  'date_formatted',
  'sum_formatted',
  'status',
  'counterparty_name',
  'counterparty_iban',
  'bank_reference',
  'tags',
  'error',
  'rule',
  'bank_account',
  'other_account',
  'tax_rate',
  'invoice',
  'bill',
  'file',
  'created_at',
  'updated_at',
];

/** A QR-IBAN (institution id 31999) as used by the documents tests; its invoices carry a QRR. */
export const QR_IBAN = 'CH4431999123000889012';
/** An ordinary IBAN (valid check digits) for a bank account matched by the statement's IBAN. */
export const PLAIN_IBAN = 'CH9300762011623852957';
/** Counterparty IBANs (the parser does not check them; these are valid anyway). */
export const PAYER_IBAN = 'CH5604835012345678009';
export const LANDLORD_IBAN = 'CH3608387000001080173';

// ---- CAMT files ---------------------------------------------------------------------------------------

export interface CamtTx {
  /** decimal text as in the file, e.g. "1081.50" */
  amount: string;
  /** CRDT (income, default) or DBIT (expense) */
  direction?: 'CRDT' | 'DBIT';
  /** booking date, default 2026-03-31 */
  date?: string;
  /** the entry's AcctSvcrRef (the bank reference); null or absent: none */
  ref?: string | null;
  qrr?: string;
  scor?: string;
  /** a structured reference without its type (`CdtrRefInf/Ref` without `Tp`), as old ESR files send it */
  untypedRef?: string;
  /** the counterparty (Dbtr of a credit, Cdtr of a debit) */
  name?: string;
  iban?: string;
  /** unstructured remittance (RmtInf/Ustrd) */
  ustrd?: string;
  /** additional entry information (AddtlNtryInf) */
  info?: string;
  status?: 'BOOK' | 'PDNG' | 'INFO';
  reversal?: boolean;
  /** the amount instructed in another currency (`AmtDtls/InstdAmt`), e.g. { amount: '20.97', currency: 'EUR' } */
  instructed?: { amount: string; currency: string };
  /** the bank transaction code, "PMNT/RCDT/ESCT" (Domn/Fmly/SubFmly) */
  code?: string;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// a statement's account: by its IBAN, else by a bank's own number
const statementAccount = (iban: string | null) =>
  iban === null ? '<Id><Othr><Id>12345</Id></Othr></Id>' : `<Id><IBAN>${iban}</IBAN></Id>`;

function entryXml(tx: CamtTx, currency: string): string {
  const dir = tx.direction ?? 'CRDT';
  const date = tx.date ?? '2026-03-31';
  const side = (dir === 'CRDT') !== (tx.reversal ?? false) ? 'Dbtr' : 'Cdtr';
  const name = tx.name ? `<${side}><Nm>${esc(tx.name)}</Nm></${side}>` : '';
  const account = tx.iban ? `<${side}Acct><Id><IBAN>${tx.iban}</IBAN></Id></${side}Acct>` : '';
  const parties = tx.name || tx.iban ? `<RltdPties>${name}${account}</RltdPties>` : '';
  const strd = tx.qrr
    ? `<Strd><CdtrRefInf><Tp><CdOrPrtry><Prtry>QRR</Prtry></CdOrPrtry></Tp><Ref>${tx.qrr}</Ref></CdtrRefInf></Strd>`
    : tx.scor
      ? `<Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>${tx.scor}</Ref></CdtrRefInf></Strd>`
      : tx.untypedRef
        ? `<Strd><CdtrRefInf><Ref>${tx.untypedRef}</Ref></CdtrRefInf></Strd>`
        : '';
  const rmt = tx.ustrd || strd ? `<RmtInf>${tx.ustrd ? `<Ustrd>${esc(tx.ustrd)}</Ustrd>` : ''}${strd}</RmtInf>` : '';
  const [domain, family, sub] = (tx.code ?? '').split('/');
  const code = tx.code
    ? `<BkTxCd><Domn><Cd>${domain}</Cd><Fmly><Cd>${family}</Cd><SubFmlyCd>${sub}</SubFmlyCd></Fmly></Domn></BkTxCd>`
    : '';
  const instructed = tx.instructed
    ? `<AmtDtls><InstdAmt><Amt Ccy="${tx.instructed.currency}">${tx.instructed.amount}</Amt></InstdAmt></AmtDtls>`
    : '';
  return `
      <Ntry>
        <Amt Ccy="${currency}">${tx.amount}</Amt>
        <CdtDbtInd>${dir}</CdtDbtInd>
        <RvslInd>${tx.reversal ? 'true' : 'false'}</RvslInd>
        <Sts>${tx.status ?? 'BOOK'}</Sts>
        <BookgDt><Dt>${date}</Dt></BookgDt>
        <ValDt><Dt>${date}</Dt></ValDt>
        ${tx.ref ? `<AcctSvcrRef>${tx.ref}</AcctSvcrRef>` : ''}
        ${code}
        <NtryDtls>
          <TxDtls>
            <Amt Ccy="${currency}">${tx.amount}</Amt>
            <CdtDbtInd>${dir}</CdtDbtInd>
            ${instructed}
            ${parties}
            ${rmt}
          </TxDtls>
        </NtryDtls>
        ${tx.info ? `<AddtlNtryInf>${esc(tx.info)}</AddtlNtryInf>` : ''}
      </Ntry>`;
}

/** A camt.054.001.04 notification for the account `iban` (null: none in the file) with one entry per transaction. */
export function camt054(iban: string | null, txs: CamtTx[], opts: { currency?: string; id?: string } = {}): string {
  const currency = opts.currency ?? 'CHF';
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.04">
  <BkToCstmrDbtCdtNtfctn>
    <GrpHdr><MsgId>${opts.id ?? 'MSG-TEST'}</MsgId><CreDtTm>2026-03-31T23:00:00</CreDtTm></GrpHdr>
    <Ntfctn>
      <Id>${opts.id ?? 'NTFCTN-TEST'}</Id>
      <CreDtTm>2026-03-31T23:00:00</CreDtTm>
      <Acct>${statementAccount(iban)}<Ccy>${currency}</Ccy></Acct>
      ${txs.map((tx) => entryXml(tx, currency)).join('')}
    </Ntfctn>
  </BkToCstmrDbtCdtNtfctn>
</Document>
`;
}

/** A balance of a camt.053 statement: `amount` signed decimal text ("-12.50" is a DBIT balance). */
export interface CamtBalance {
  type: 'OPBD' | 'PRCD' | 'CLBD';
  amount: string;
  date: string;
}

/**
 * A camt.053.001.04 statement for the account `iban` with its balances (opening, closing) and one entry per
 * transaction.
 */
export function camt053(
  iban: string | null,
  balances: CamtBalance[],
  txs: CamtTx[],
  opts: { currency?: string; id?: string } = {},
): string {
  const currency = opts.currency ?? 'CHF';
  const bal = (b: CamtBalance) => `
      <Bal><Tp><CdOrPrtry><Cd>${b.type}</Cd></CdOrPrtry></Tp><Amt Ccy="${currency}">${b.amount.replace('-', '')}</Amt>
        <CdtDbtInd>${b.amount.startsWith('-') ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>${b.date}</Dt></Dt></Bal>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.04">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>${opts.id ?? 'MSG-STMT'}</MsgId><CreDtTm>2026-03-31T23:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>${opts.id ?? 'STMT-TEST'}</Id>
      <CreDtTm>2026-03-31T23:00:00</CreDtTm>
      <Acct>${statementAccount(iban)}<Ccy>${currency}</Ccy></Acct>
      ${balances.map(bal).join('')}
      ${txs.map((tx) => entryXml(tx, currency)).join('')}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}

/**
 * The real PostFinance statement (test/fixtures/camt, camt.053.001.04) with two of its debits of
 * 2016-04-30 edited into payments to a supplier: 328.75 with the creditor's account (CdtrAcct/Id/IBAN,
 * written in groups of four), 200.80 with the QR reference `qrr`.
 */
export function realStatementPayingSupplier(creditorIban: string, qrr: string): string {
  const xml = readFileSync(new URL('../fixtures/camt/postfinance-camt053-v04-statement.xml', import.meta.url), 'utf8');
  const after = (amount: string, extra: string) => (text: string) => {
    const marker = `<Amt Ccy="CHF">${amount}</Amt>\n\t\t\t\t\t\t<CdtDbtInd>DBIT</CdtDbtInd>`;
    if (text.split(marker).length !== 2) throw new Error(`the statement has no single debit of ${amount}`);
    return text.replace(marker, `${marker}${extra}`);
  };
  const grouped = creditorIban.replace(/(.{4})/g, '$1 ').trim();
  const withIban = after(
    '328.75',
    `<RltdPties><Cdtr><Nm>Muster Druck AG</Nm></Cdtr><CdtrAcct><Id><IBAN>${grouped}</IBAN></Id></CdtrAcct></RltdPties>`,
  );
  const withQrr = after(
    '200.80',
    `<RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Prtry>QRR</Prtry></CdOrPrtry></Tp>` +
      `<Ref>${qrr}</Ref></CdtrRefInf></Strd></RmtInf>`,
  );
  return withQrr(withIban(xml));
}

/** A ZIP archive of the given files (name → XML text or bytes). */
export function zip(files: Record<string, string | Uint8Array>): Uint8Array {
  return zipSync(
    Object.fromEntries(
      Object.entries(files).map(([name, content]) => [name, typeof content === 'string' ? strToU8(content) : content]),
    ),
  );
}

// ---- Paths ----------------------------------------------------------------------------------------------

export type Family = 'detail' | 'overview';
export const FAMILIES: Family[] = ['detail', 'overview'];

export interface Paths {
  list(c: number): string;
  one(c: number, id: number | string): string;
  reset(c: number, id: number | string): string;
  multiple(c: number): string;
  remove(c: number): string;
  process(c: number): string;
  upload(c: number): string;
  file(c: number, id: number | string): string;
}

export const PATHS: Record<Family, Paths> = {
  detail: {
    list: (c) => `/companies/${c}/entries/import`,
    one: (c, id) => `/companies/${c}/entries/import/${id}`,
    reset: (c, id) => `/companies/${c}/entries/import/${id}/reset`,
    multiple: (c) => `/companies/${c}/entries/import/multiple`,
    remove: (c) => `/companies/${c}/entries/import`,
    process: (c) => `/companies/${c}/entries/import`,
    upload: (c) => `/companies/${c}/entries/import/camt-upload`,
    file: (c, id) => `/companies/${c}/entries/import/${id}/file`,
  },
  overview: {
    list: (c) => `/companies/${c}/import-entries`,
    one: (c, id) => `/companies/${c}/import-entries/${id}`,
    reset: (c, id) => `/companies/${c}/import-entries/${id}/reset`,
    multiple: (c) => `/companies/${c}/import-entries/batch`,
    remove: (c) => `/companies/${c}/import-entries`,
    process: (c) => `/companies/${c}/import-entries/process`,
    upload: (c) => `/companies/${c}/import-entries/upload-camt`,
    file: (c, id) => `/companies/${c}/import-entries/${id}/file`,
  },
};

// ---- Requests -------------------------------------------------------------------------------------------

export interface UploadCounts {
  created: number;
  duplicates: number;
  matched: number;
  ready: number;
}

export function countsOf(res: Res): UploadCounts {
  const n = (name: string) => {
    const value = res.headers.get(name);
    return value === null ? Number.NaN : Number(value);
  };
  return {
    created: n('X-Import-Created'),
    duplicates: n('X-Import-Duplicates'),
    matched: n('X-Import-Matched'),
    ready: n('X-Import-Ready'),
  };
}

export function expect422(res: Res, keys: string[]): void {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(Object.keys(res.body.errors).sort()).toEqual([...keys].sort());
  expect(res.body.message).toBe(res.body.errors[Object.keys(res.body.errors)[0]][0]);
}

export function expectMessage(res: Res, status: number, pattern?: RegExp): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(Object.keys(res.body)).toEqual(['message']);
  expect(typeof res.body.message).toBe('string');
  if (pattern) expect(res.body.message).toMatch(pattern);
}

/** Field values of a multipart form: text, or a file as [content, file name, mime type?]. */
export type FormValue = string | [BlobPart, string, string?];

/** The requests of the bank import against `get()` (the test file's service, started in beforeAll). */
export function importHelpers(get: () => TestService) {
  const db = () => get().server.db;
  const acc = (company: number, number: number) => accountId(get(), company, number);
  const rate = (company: number, name: string) => taxRateId(get(), company, name);
  const freshCompany = (name: string, settings: Parameters<typeof newCompany>[2] = {}, owner = 1) =>
    newCompany(get(), name, settings, owner);

  async function form(
    method: string,
    path: string,
    fields: Record<string, FormValue>,
    token: string | null = OWNER_TOKEN,
  ): Promise<Res> {
    const f = new FormData();
    for (const [key, value] of Object.entries(fields)) {
      if (typeof value === 'string') f.append(key, value);
      else f.append(key, new Blob([value[0]], value[2] ? { type: value[2] } : {}), value[1]);
    }
    return get().call(method, path, f, { token });
  }

  /** report: ask for the upload's report as the body (`report=true`) instead of the spec's `true` */
  interface UploadOpts {
    bankAccountId?: number | string;
    name?: string;
    family?: Family;
    token?: string | null;
    report?: boolean;
  }

  /** POST the file (XML text or bytes; null: no file field) to camt-upload. */
  function upload(company: number, content: string | Uint8Array | null, opts: UploadOpts = {}): Promise<Res> {
    const fields: Record<string, FormValue> = {};
    if (content !== null) {
      const name = opts.name ?? (typeof content === 'string' ? 'camt.xml' : 'camt.zip');
      fields.file = [content as BlobPart, name, name.endsWith('.zip') ? 'application/zip' : 'application/xml'];
    }
    if (opts.bankAccountId !== undefined) fields.bank_account_id = String(opts.bankAccountId);
    if (opts.report) fields.report = 'true';
    return form(
      'POST',
      PATHS[opts.family ?? 'detail'].upload(company),
      fields,
      opts.token === undefined ? OWNER_TOKEN : opts.token,
    );
  }

  /** An upload that must succeed: 200 `true`; answers the X-Import-* counts. */
  async function uploadOk(company: number, content: string | Uint8Array, opts: UploadOpts = {}): Promise<UploadCounts> {
    const res = await upload(company, content, opts);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toBe(true);
    return countsOf(res);
  }

  const call = (method: string, path: string, body?: unknown, token?: string | null) =>
    get().call(method, path, body, token === undefined ? {} : { token });

  /** GET the list (200 asserted); answers the whole body. */
  async function list(company: number, query = '', family: Family = 'detail', token?: string): Promise<any> {
    const res = await call('GET', PATHS[family].list(company) + query, undefined, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  }

  /** The open entries (default list, limit all), date descending then id descending. */
  async function entries(company: number, token?: string): Promise<any[]> {
    return (await list(company, '?limit=all', 'detail', token)).data;
  }

  /** The entries of a list (default: the open ones, all of them) by their bank reference. */
  async function byRef(company: number, query = '?limit=all', token?: string): Promise<Record<string, any>> {
    const body = await list(company, query, 'detail', token);
    return Object.fromEntries(body.data.map((e: any) => [e.bank_reference, e]));
  }

  async function read(company: number, id: number, token?: string): Promise<any> {
    const res = await call('GET', PATHS.detail.one(company, id), undefined, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  }

  const put = (company: number, id: number | string, body: Body, family: Family = 'detail') =>
    call('PUT', PATHS[family].one(company, id), body);

  async function update(company: number, id: number, body: Body): Promise<any> {
    const res = await put(company, id, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  }

  const processAll = (company: number, family: Family = 'detail') => call('POST', PATHS[family].process(company));
  const remove = (company: number, ids: unknown, family: Family = 'detail') =>
    call('DELETE', PATHS[family].remove(company), { ids });

  async function customer(company: number, name = 'Muster AG'): Promise<number> {
    const res = await call('POST', `/companies/${company}/customers`, { name });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    return res.body.data.id;
  }

  async function bankAccount(company: number, body: Body): Promise<number> {
    const res = await call('POST', `/companies/${company}/accounts`, { type: 'bank', ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id;
  }

  async function invoice(company: number, body: Body): Promise<any> {
    const res = await call('POST', `/companies/${company}/invoices`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return (await call('GET', `/companies/${company}/invoices/${res.body.id}`)).body.data;
  }

  async function readInvoice(company: number, id: number): Promise<any> {
    const res = await call('GET', `/companies/${company}/invoices/${id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  }

  async function markAs(company: number, id: number, status: string, query = ''): Promise<any> {
    const res = await call('GET', `/companies/${company}/invoices/${id}/mark-as?status=${status}${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  }

  async function booking(company: number, id: number): Promise<any> {
    const res = await call('GET', `/companies/${company}/entries/${id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  }

  async function createBooking(company: number, body: Body): Promise<any> {
    const res = await call('POST', `/companies/${company}/entries`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  }

  async function tag(company: number, name: string, color = 'blue'): Promise<number> {
    const res = await call('POST', `/companies/${company}/tags`, { name, color });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id;
  }

  /** Balances of every account for the year, as the trial balance reads them: number → balance. */
  async function balances(
    company: number,
    start = '2026-01-01',
    until = '2026-12-31',
  ): Promise<(number: number) => number> {
    const res = await call('GET', `/companies/${company}/accounts?type=all&start=${start}&until=${until}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (number: number) => res.body.find((r: any) => r.number === number).balance;
  }

  return {
    db,
    acc,
    rate,
    freshCompany,
    form,
    upload,
    uploadOk,
    call,
    list,
    entries,
    byRef,
    read,
    put,
    update,
    processAll,
    remove,
    customer,
    bankAccount,
    invoice,
    readInvoice,
    markAs,
    booking,
    createBooking,
    tag,
    balances,
  };
}

/** A debit as the bank books a payment of a pain.001 file: its ids and the creditor, the reference if any. */
export interface ExecutedPayment {
  /** decimal text, e.g. "1949.75" */
  amount: string;
  /** the booking date (the file's execution date) */
  date: string;
  /** the bank's reference of the entry (AcctSvcrRef) */
  ref: string;
  /** the payment file's MsgId, PmtInfId and EndToEndId as the bank gives them back */
  msgId?: string;
  endToEndId?: string;
  creditor: string;
  creditorIban: string;
  qrr?: string;
  scor?: string;
  ustrd?: string;
}

const toRappenText = (rappen: number) =>
  `${rappen < 0 ? '-' : ''}${Math.trunc(Math.abs(rappen) / 100)}.${String(Math.abs(rappen) % 100).padStart(2, '0')}`;
const rappenOf = (text: string) => {
  const m = /^(\d+)\.(\d{2})$/.exec(text);
  if (!m) throw new Error(`not an amount with two decimals: ${text}`);
  return Number(m[1]) * 100 + Number(m[2]);
};

/**
 * The real PostFinance statement (test/fixtures/camt, camt.053.001.04) made the statement of
 * `account` for one day: its header, account and balances kept with the IBAN, owner, dates and amounts
 * replaced (opening `opening`, closing opening minus the payments), and its entries replaced by
 * `payments`, each written as the statement's own debit of 200.80 is (status, value date, bank
 * reference, domain code, details), with the payment's ids, creditor and remittance information added
 * where camt.053 puts them (TxDtls: Refs, RltdPties/Cdtr and CdtrAcct, RmtInf Strd or Ustrd).
 */
export function realStatementOfPayments(
  account: { iban: string; owner: string },
  opening: string,
  payments: ExecutedPayment[],
): string {
  const xml = readFileSync(new URL('../fixtures/camt/postfinance-camt053-v04-statement.xml', import.meta.url), 'utf8');
  const template = /\t\t\t<Ntry>\n\t\t\t\t<Amt Ccy="CHF">200\.80<\/Amt>[\s\S]*?<\/Ntry>\n/.exec(xml)?.[0];
  if (!template) throw new Error('the statement has no debit of 200.80');
  const day = payments[0].date;
  if (payments.some((p) => p.date !== day))
    throw new Error('a statement of one day: the payments have different dates');
  const entry = (p: ExecutedPayment) => {
    const msgId = p.msgId ? `<MsgId>${p.msgId}</MsgId>` : '';
    const endToEndId = p.endToEndId ? `<EndToEndId>${esc(p.endToEndId)}</EndToEndId>` : '';
    const refs = `<Refs>${msgId}<AcctSvcrRef>${p.ref}</AcctSvcrRef>${endToEndId}</Refs>`;
    const parties =
      `<RltdPties><Cdtr><Nm>${esc(p.creditor)}</Nm></Cdtr>` +
      `<CdtrAcct><Id><IBAN>${p.creditorIban}</IBAN></Id></CdtrAcct></RltdPties>`;
    const strd = p.qrr
      ? `<Strd><CdtrRefInf><Tp><CdOrPrtry><Prtry>QRR</Prtry></CdOrPrtry></Tp><Ref>${p.qrr}</Ref></CdtrRefInf></Strd>`
      : p.scor
        ? `<Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>${p.scor}</Ref></CdtrRefInf></Strd>`
        : '';
    const rmt = p.ustrd || strd ? `<RmtInf>${p.ustrd ? `<Ustrd>${esc(p.ustrd)}</Ustrd>` : ''}${strd}</RmtInf>` : '';
    return (
      template
        .replaceAll('<Amt Ccy="CHF">200.80</Amt>', `<Amt Ccy="CHF">${p.amount}</Amt>`)
        .replaceAll('2016-04-30', p.date)
        .replace(/<Refs>[\s\S]*?<\/Refs>/, refs)
        .replaceAll('20160430001001080060699015801107', p.ref)
        // an outgoing domestic credit transfer, as the bank codes the payment of a pain.001
        .replace('<Cd>RCDT</Cd>', '<Cd>ICDT</Cd>')
        .replace('<SubFmlyCd>CHRG</SubFmlyCd>', '<SubFmlyCd>DMCT</SubFmlyCd>')
        .replace(/(<\/CdtDbtInd>\n\t*)(<\/TxDtls>)/, `$1${parties}${rmt}$2`)
        .replace(
          /<AddtlNtryInf>.*<\/AddtlNtryInf>/,
          `<AddtlNtryInf>${esc(`E-BANKING AUFTRAG ${p.creditor}`)}</AddtlNtryInf>`,
        )
    );
  };
  const closing = rappenOf(opening) - payments.reduce((sum, p) => sum + rappenOf(p.amount), 0);
  const balance = (code: string, rappen: number, date: string) => (text: string) =>
    text.replace(
      new RegExp(
        `(<Cd>${code}</Cd>[\\s\\S]*?<Amt Ccy="CHF">)[\\d.]+` +
          `(</Amt>\\s*<CdtDbtInd>)\\w+(</CdtDbtInd>\\s*<Dt>\\s*<Dt>)[\\d-]+`,
      ),
      `$1${toRappenText(Math.abs(rappen))}$2${rappen < 0 ? 'DBIT' : 'CRDT'}$3${date}`,
    );
  const previousDay = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const entries = /\t\t\t<Ntry>[\s\S]*<\/Ntry>\n/;
  if (!entries.test(xml)) throw new Error('the statement has no entries');
  let out = xml.replace(entries, payments.map(entry).join(''));
  out = balance('OPBD', rappenOf(opening), previousDay)(balance('CLBD', closing, day)(out));
  return out
    .replace('<IBAN>CH0309000000250090342</IBAN>', `<IBAN>${account.iban}</IBAN>`)
    .replace('<Nm>Robert Schneider SA Grands magasins Biel/Bienne</Nm>', `<Nm>${esc(account.owner)}</Nm>`)
    .replace(/2016-04-30T/g, `${day}T`);
}
