// Bank import (import entries) against the running service, part 1: the ImportEntry as an upload makes
// it, both path families, the upload (bank account by parameter / statement IBAN / primary, every 422,
// ZIPs, duplicates), the list (status, search, paging, counts, order, embedded objects, similarExists),
// receipts, and 401/403/404 across companies. Contract: docs/service/import-entries.md. Updating,
// deleting, processing, matching, learned rules and the end-to-end story: import-entries-process.test.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondTenant, startTestService, type SecondUser, type TestService } from '../helpers/service.js';
import {
  FAMILIES,
  IMPORT_ENTRY_KEYS,
  LANDLORD_IBAN,
  PATHS,
  PAYER_IBAN,
  PLAIN_IBAN,
  TIMESTAMP,
  camt054,
  countsOf,
  expect422,
  expectMessage,
  importHelpers,
  zip,
  type CamtTx,
} from '../helpers/import-entries.js';
import { retryOnStaleSocket } from './retry-on-reset.js';

let svc: TestService;
let user2: SecondUser;
let company2: number;

const h = importHelpers(() => svc);
const { acc, rate, freshCompany, upload, uploadOk, call, list, entries, byRef, read, update, processAll, remove } = h;

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../fixtures/camt', name));
const ids = (body: { data: any[] }) => body.data.map((e) => e.id);

/** An incoming payment with every text part: info, counterparty, remittance. */
const PAYMENT: CamtTx = {
  amount: '1081.50',
  date: '2026-03-31',
  ref: 'B-PAY-1',
  name: 'Muster AG',
  iban: PAYER_IBAN,
  ustrd: 'Rechnung R-2026-007',
  info: 'GUTSCHRIFT',
};
const RENT: CamtTx = {
  amount: '2150.00',
  direction: 'DBIT',
  date: '2026-03-02',
  ref: 'B-RENT-1',
  name: 'Immo Verwaltung AG',
  iban: LANDLORD_IBAN,
  ustrd: 'Miete März',
};
const FEES: CamtTx = {
  amount: '12.35',
  direction: 'DBIT',
  date: '2026-03-31',
  ref: 'B-FEE-1',
  info: 'Kontoführungsgebühren',
};

beforeAll(async () => {
  svc = retryOnStaleSocket(await startTestService());
  ({ user: user2, company: company2 } = secondTenant(svc));
});

afterAll(async () => {
  await svc?.close();
});

// ---------------------------------------------------------------------------------------------------

describe('the ImportEntry an upload makes', () => {
  it("one open entry per transaction, every field in the contract's order, on the primary bank account", async () => {
    const c = freshCompany('Import Felder AG');
    expect(await uploadOk(c, camt054(null, [PAYMENT]))).toEqual({ created: 1, duplicates: 0, matched: 0, ready: 0 });
    const body = await list(c);
    expect(body.data).toHaveLength(1);
    const e = body.data[0];
    expect(Object.keys(e)).toEqual(IMPORT_ENTRY_KEYS);
    const text = 'GUTSCHRIFT / Muster AG / Rechnung R-2026-007';
    expect(e).toEqual({
      id: expect.any(Number),
      company_id: c,
      user_id: 1,
      bank_account_id: acc(c, 1020),
      other_account_id: null,
      tax_rate_id: null,
      entry_id: null,
      invoice_id: null,
      bill_id: null,
      file_id: null,
      date: '2026-03-31',
      type: 'income',
      sum: 1081.5,
      description: text,
      og_description: text,
      reference: null,
      ignore: false,
      is_ready: false,
      similarExists: false,
      date_formatted: '31.03.2026',
      sum_formatted: "1'081.50",
      status: 'open',
      counterparty_name: 'Muster AG',
      counterparty_iban: PAYER_IBAN,
      bank_reference: 'B-PAY-1',
      tags: [],
      error: null,
      rule: null,
      bank_account: { id: acc(c, 1020), name: 'Bankguthaben', number: 1020 },
      other_account: null,
      tax_rate: null,
      invoice: null,
      bill: null,
      file: null,
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: expect.stringMatching(TIMESTAMP),
    });
    expect(typeof e.sum).toBe('number');
    // the single read answers { data } with the same entry, in both path families
    for (const family of FAMILIES) {
      const one = await call('GET', PATHS[family].one(c, e.id));
      expect(one.status).toBe(200);
      expect(Object.keys(one.body)).toEqual(['data']);
      expect(one.body.data).toEqual(e);
    }
  });

  it(
    'an expense, a reversal (its text starts with "Storno"), a structured reference; pending and information ' +
      'entries are left out',
    async () => {
      const c = freshCompany('Import Arten AG');
      const counts = await uploadOk(
        c,
        camt054(null, [
          RENT,
          {
            amount: '49.90',
            direction: 'CRDT',
            reversal: true,
            date: '2026-03-20',
            ref: 'B-REV-1',
            name: 'Swisscom (Schweiz) AG',
            ustrd: 'Rückerstattung',
          },
          { amount: '300.00', date: '2026-03-21', ref: 'B-QRR-1', qrr: '210000000003139471430009017', name: 'Kunde Z' },
          { amount: '77.00', date: '2026-03-22', ref: 'B-PDNG', status: 'PDNG', name: 'Pending' },
          { amount: '88.00', date: '2026-03-22', ref: 'B-INFO', status: 'INFO', name: 'Info' },
        ]),
      );
      expect(counts).toEqual({ created: 3, duplicates: 0, matched: 0, ready: 0 });
      const { 'B-QRR-1': qrr, 'B-REV-1': reversal, 'B-RENT-1': rent } = await byRef(c);
      expect(rent).toMatchObject({
        type: 'expense',
        sum: 2150,
        sum_formatted: "2'150.00",
        date: '2026-03-02',
        date_formatted: '02.03.2026',
        description: 'Immo Verwaltung AG / Miete März',
        counterparty_name: 'Immo Verwaltung AG',
        counterparty_iban: LANDLORD_IBAN,
        bank_reference: 'B-RENT-1',
        reference: null,
      });
      expect(reversal).toMatchObject({
        type: 'income',
        sum: 49.9,
        counterparty_name: 'Swisscom (Schweiz) AG',
        bank_reference: 'B-REV-1',
      });
      expect(reversal.description).toMatch(/^Storno/);
      expect(reversal.og_description).toMatch(/^Storno/);
      expect(reversal.description).toContain('Rückerstattung');
      expect(qrr).toMatchObject({
        type: 'income',
        sum: 300,
        reference: '210000000003139471430009017',
        description: 'Kunde Z',
        invoice_id: null,
        is_ready: false,
      });
    },
  );

  it('a reversal\'s text gets no second "Storno" when the bank\'s own text says so in other words', async () => {
    const c = freshCompany('Storno AG');
    await uploadOk(
      c,
      camt054(null, [
        {
          amount: '120.00',
          direction: 'DBIT',
          reversal: true,
          ref: 'ST-1',
          name: 'Muster AG',
          info: 'RÜCKBUCHUNG GUTSCHRIFT',
        },
        {
          amount: '80.00',
          direction: 'CRDT',
          reversal: true,
          ref: 'ST-2',
          name: 'Lieferant AG',
          ustrd: 'Reversal of payment',
        },
        { amount: '60.00', direction: 'CRDT', reversal: true, ref: 'ST-3', name: 'Kunde AG', ustrd: 'Zahlung' },
      ]),
    );
    const all = await byRef(c);
    expect(all['ST-1'].description).toBe('RÜCKBUCHUNG GUTSCHRIFT / Muster AG');
    expect(all['ST-2'].description).toBe('Lieferant AG / Reversal of payment');
    expect(all['ST-3'].description).toBe('Storno / Kunde AG / Zahlung');
  });

  it('a collective entry of a real camt.054: one entry per transaction, own amount and bank reference', async () => {
    const c = freshCompany('Import Sammel AG');
    expect(await uploadOk(c, fixture('camt054-v04-collective.xml'))).toMatchObject({ created: 2, duplicates: 0 });
    const all = await entries(c);
    // same date: id descending, so the second transaction first
    expect(all.map((e) => [e.date, e.type, e.sum, e.bank_reference, e.counterparty_name, e.description])).toEqual([
      [
        '2017-07-27',
        'income',
        2,
        '170727CH00A2ABCD',
        'Lord Bayron',
        'SAMMELGUTSCHRIFT ES VERARBEITUNG VOM 27.07.2017 PAKET ID: 123456789 / Lord Bayron / TEST MITTEILUNG',
      ],
      [
        '2017-07-27',
        'income',
        111,
        '170727CH00A1ABCD',
        'Ada Lovelace',
        'SAMMELGUTSCHRIFT ES VERARBEITUNG VOM 27.07.2017 PAKET ID: 123456789 / Ada Lovelace / TEST MITTEILUNG',
      ],
    ]);
    const qrr = freshCompany('Import QRR AG');
    expect(
      await uploadOk(qrr, fixture('postfinance-camt054-v04-qrr.xml'), { bankAccountId: acc(qrr, 1020) }),
    ).toMatchObject({ created: 2, matched: 0 });
    expect((await entries(qrr)).map((e) => [e.sum, e.reference, e.bank_reference, e.counterparty_iban])).toEqual([
      [913.93, '662437765447746478179744715', '3000000000000000', 'CH5109000000250092291'],
      [778.29, '539115429773825311971477453', '2000000000000000', 'CH5109000000250092291'],
    ]);
  });
});

// ---------------------------------------------------------------------------------------------------

describe('both path families answer the same', () => {
  for (const family of FAMILIES) {
    it(`every operation under the ${family} paths`, async () => {
      const c = freshCompany(`Pfade ${family} AG`);
      const p = PATHS[family];
      const res = await upload(c, camt054(null, [PAYMENT, RENT, FEES]), { family });
      expect([res.status, res.body, countsOf(res)]).toEqual([
        200,
        true,
        { created: 3, duplicates: 0, matched: 0, ready: 0 },
      ]);

      const listed = await call('GET', p.list(c));
      expect(listed.status).toBe(200);
      expect(Object.keys(listed.body).sort()).toEqual([
        'current_count',
        'data',
        'open_count',
        'ready_count',
        'total_count',
      ]);
      expect(listed.body).toMatchObject({ current_count: 3, total_count: 3, open_count: 3, ready_count: 0 });
      expect(listed.body.data.map((e: any) => e.sum)).toEqual([12.35, 1081.5, 2150]);
      const { 'B-FEE-1': fee, 'B-PAY-1': payment, 'B-RENT-1': rent } = await byRef(c);

      expect((await call('GET', p.one(c, payment.id))).body.data.id).toBe(payment.id);
      const put = await call('PUT', p.one(c, payment.id), {
        other_account_id: acc(c, 3400),
        description: 'Zahlung Muster',
      });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      expect(Object.keys(put.body)).toEqual(['data']);
      expect(put.body.data).toMatchObject({
        id: payment.id,
        other_account_id: acc(c, 3400),
        is_ready: true,
        description: 'Zahlung Muster',
      });

      const reset = await call('PUT', p.reset(c, payment.id));
      expect(reset.status, JSON.stringify(reset.body)).toBe(200);
      expect(reset.body.data).toMatchObject({
        other_account_id: null,
        is_ready: false,
        description: payment.og_description,
      });

      const multiple = await call('PUT', p.multiple(c), { ids: [payment.id, rent.id], other_account_id: acc(c, 1010) });
      expect(multiple.status, JSON.stringify(multiple.body)).toBe(200);
      expect(Object.keys(multiple.body)).toEqual(['data']);
      expect(multiple.body.data.map((e: any) => [e.id, e.other_account_id])).toEqual(
        expect.arrayContaining([
          [payment.id, acc(c, 1010)],
          [rent.id, acc(c, 1010)],
        ]),
      );
      expect(multiple.body.data).toHaveLength(2);

      const attached = await h.form('POST', p.file(c, rent.id), {
        file: ['%PDF-1.4 Beleg', 'beleg.pdf', 'application/pdf'],
      });
      expect(attached.status).toBe(200);
      expect(attached.body).toEqual({ success: true, file: { id: expect.any(Number), name: 'beleg.pdf', size: 14 } });
      const url = await call('GET', `${p.file(c, rent.id)}/url`);
      expect(url.status).toBe(200);
      expect(await (await fetch(url.body.url)).text()).toBe('%PDF-1.4 Beleg');
      expect((await call('DELETE', p.file(c, rent.id))).body).toEqual({ success: true });

      const deleted = await call('DELETE', p.remove(c), { ids: [fee.id] });
      expect([deleted.status, deleted.body]).toEqual([200, { success: true }]);

      const processed = await call('POST', p.process(c));
      expect([processed.status, processed.body]).toEqual([200, { created: 2, ignored: 0, errors: [] }]);
      expect((await list(c, '', family)).data).toEqual([]);
      expect(ids(await list(c, '?status=deleted', family))).toEqual([fee.id]);
    });
  }
});

// ---------------------------------------------------------------------------------------------------

describe('POST …/camt-upload', () => {
  it(
    'the statement IBAN picks the account that has it (spaces and case ignored), with or without the parameter; a ' +
      'statement without IBAN: the parameter, else the primary',
    async () => {
      const c = freshCompany('Konto Wahl AG');
      const zkb = await h.bankAccount(c, { name: 'ZKB', number: 1025, iban: PLAIN_IBAN });
      const spaced = PLAIN_IBAN.toLowerCase().replace(/(.{4})/g, '$1 ');
      await uploadOk(c, camt054(spaced, [{ ...FEES, ref: 'by-iban' }]));
      await uploadOk(c, camt054(PLAIN_IBAN, [{ ...FEES, ref: 'by-iban-and-param' }]), { bankAccountId: zkb });
      await uploadOk(c, camt054(null, [{ ...FEES, ref: 'no-iban' }]));
      await uploadOk(c, camt054(null, [{ ...FEES, ref: 'by-param' }]), { bankAccountId: acc(c, 1010) });
      const accountOf = async () =>
        Object.fromEntries((await entries(c)).map((e) => [e.bank_reference, e.bank_account_id]));
      expect(await accountOf()).toEqual({
        'by-iban': zkb,
        'by-iban-and-param': zkb,
        'no-iban': acc(c, 1020),
        'by-param': acc(c, 1010),
      });
      // another primary bank account takes the statements without IBAN
      const primary = await call('PUT', `/companies/${c}/accounts/${acc(c, 1000)}`, { is_primary_bank_account: true });
      expect(primary.status, JSON.stringify(primary.body)).toBe(200);
      await uploadOk(c, camt054(null, [{ ...FEES, ref: 'new-primary' }]));
      expect((await accountOf())['new-primary']).toBe(acc(c, 1000));
    },
  );

  it('without a matching IBAN and a primary bank account: 422 errors.bank_account_id, nothing imported', async () => {
    const c = freshCompany('Ohne Hauptkonto AG');
    expect(
      (await call('PUT', `/companies/${c}/accounts/${acc(c, 1020)}`, { is_primary_bank_account: false })).status,
    ).toBe(200);
    expect422(await upload(c, camt054(null, [FEES])), ['bank_account_id']);
    expect422(await upload(c, camt054(PLAIN_IBAN, [FEES])), ['bank_account_id']);
    expect((await list(c)).total_count).toBe(0);
    // the parameter still works
    expect(await uploadOk(c, camt054(null, [FEES]), { bankAccountId: acc(c, 1020) })).toMatchObject({ created: 1 });
  });

  it(
    "422 errors.bank_account_id for a non-bank account, another company's, an unknown id, or a currency other than " +
      "the statement's",
    async () => {
      const c = freshCompany('Falsches Konto AG');
      const eur = await h.bankAccount(c, {
        name: 'EUR Konto',
        number: 1030,
        currency: 'EUR',
        iban: 'DE89370400440532013000',
      });
      for (const bad of [acc(c, 3400), acc(c, 1100), acc(company2, 1020), 99999999, 'abc', eur]) {
        expect422(await upload(c, camt054(null, [FEES]), { bankAccountId: bad }), ['bank_account_id']);
      }
      // the statement's IBAN picks the EUR account, but the statement is in CHF
      expect422(await upload(c, camt054('DE89370400440532013000', [FEES])), ['bank_account_id']);
      expect((await list(c)).total_count).toBe(0);
      // a EUR statement fits it
      expect(await uploadOk(c, camt054('DE89370400440532013000', [FEES], { currency: 'EUR' }))).toMatchObject({
        created: 1,
      });
      expect((await entries(c)).map((e) => [e.bank_account_id, e.sum])).toEqual([[eur, 12.35]]);
    },
  );

  it('422 errors.file: no file, text field, empty, non-XML, XML not CAMT, broken ZIP, ZIP without CAMT', async () => {
    const c = freshCompany('Falsche Datei AG');
    expect422(await upload(c, null), ['file']);
    expect422(await h.form('POST', PATHS.detail.upload(c), { file: camt054(null, [FEES]) }), ['file']);
    expect422(await upload(c, '', { name: 'leer.xml' }), ['file']);
    const cases: [string | Uint8Array, string, RegExp][] = [
      ['%PDF-1.4\n%âãÏÓ\n1 0 obj', 'auszug.pdf', /XML/],
      ['Datum;Betrag;Text\n31.03.2026;1081.50;Zahlung\n', 'auszug.csv', /XML/],
      [
        '<?xml version="1.0"?><Document ' +
          'xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"><CstmrCdtTrfInitn/></Document>',
        'pain.xml',
        /CAMT/,
      ],
      ['<html><body>Login</body></html>', 'bank.xml', /CAMT/],
      ['<?xml version="1.0"?><Document><BkToCstmrStmt><Stmt>', 'kaputt.xml', /XML/],
      [new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9]), 'kaputt.zip', /ZIP/],
      [zip({ 'readme.txt': 'nur Text' }), 'ohne.zip', /ZIP/],
    ];
    for (const [content, name, pattern] of cases) {
      const res = await upload(c, content, { name });
      expect422(res, ['file']);
      expect(res.body.errors.file[0], name).toMatch(pattern);
    }
    expect((await list(c, '?status=deleted')).total_count + (await list(c)).total_count).toBe(0);
  });

  it('422 errors.file for a file over 50 MB, even a valid CAMT file', async () => {
    const c = freshCompany('Zu gross AG');
    const xml = camt054(null, [FEES]).replace(
      '<BkToCstmrDbtCdtNtfctn>',
      `<BkToCstmrDbtCdtNtfctn><!--${' '.repeat(51 * 1024 * 1024)}-->`,
    );
    const res = await upload(c, xml, { name: 'riesig.xml' });
    expect422(res, ['file']);
    expect(res.body.errors.file[0]).toMatch(/51200 kilobytes|50 MB/);
    expect((await list(c)).total_count).toBe(0);
  });

  it('a ZIP of several files imports them all; folders, hidden files and other files in it are left out', async () => {
    const c = freshCompany('Zip AG');
    const archive = zip({
      'april/auszug-1.xml': camt054(null, [PAYMENT, RENT]),
      'collective.xml': new Uint8Array(fixture('camt054-v04-collective.xml')),
      '__MACOSX/._collective.xml': 'junk',
      '.DS_Store': 'junk',
      'liesmich.txt': 'nur Text',
    });
    expect(await uploadOk(c, archive, { name: 'auszuege.zip' })).toEqual({
      created: 4,
      duplicates: 0,
      matched: 0,
      ready: 0,
    });
    expect((await entries(c)).map((e) => e.sum).sort((a, b) => a - b)).toEqual([2, 111, 1081.5, 2150]);
    // the same archive again adds nothing
    expect(await uploadOk(c, archive, { name: 'auszuege.zip' })).toEqual({
      created: 0,
      duplicates: 4,
      matched: 0,
      ready: 0,
    });
  });

  it('all is checked before any write: a ZIP with one bad file or unfit statement imports nothing', async () => {
    const c = freshCompany('Alles oder nichts AG');
    await h.bankAccount(c, { name: 'EUR Konto', number: 1030, currency: 'EUR', iban: 'DE89370400440532013000' });
    const good = camt054(null, [PAYMENT]);
    const broken = camt054(null, [FEES]).replace('<CdtDbtInd>DBIT</CdtDbtInd>', '<CdtDbtInd>XXXX</CdtDbtInd>');
    expect422(await upload(c, zip({ 'a.xml': good, 'b.xml': broken })), ['file']);
    expect422(await upload(c, zip({ 'a.xml': good, 'b.xml': camt054('DE89370400440532013000', [RENT]) })), [
      'bank_account_id',
    ]);
    expect((await list(c)).total_count).toBe(0);
  });

  it(
    'the same file again adds nothing (duplicates = its count), also after processing and after deleting; another ' +
      'bank account is another queue',
    async () => {
      const c = freshCompany('Doppelt AG');
      const file = camt054(null, [PAYMENT, RENT, FEES]);
      expect(await uploadOk(c, file)).toEqual({ created: 3, duplicates: 0, matched: 0, ready: 0 });
      const before = await entries(c);
      expect(await uploadOk(c, file)).toEqual({ created: 0, duplicates: 3, matched: 0, ready: 0 });
      expect(await entries(c)).toEqual(before);
      const { 'B-FEE-1': fee, 'B-PAY-1': payment, 'B-RENT-1': rent } = await byRef(c);
      await update(c, rent.id, { other_account_id: acc(c, 6000) });
      expect((await processAll(c)).body).toEqual({ created: 1, ignored: 0, errors: [] });
      expect((await remove(c, [fee.id])).status).toBe(200);
      expect(await uploadOk(c, file)).toEqual({ created: 0, duplicates: 3, matched: 0, ready: 0 });
      expect(ids(await list(c))).toEqual([payment.id]);
      expect(ids(await list(c, '?status=deleted'))).toEqual([fee.id]);
      // one new transaction beside the old ones
      expect(
        await uploadOk(c, camt054(null, [PAYMENT, RENT, FEES, { ...FEES, ref: 'B-FEE-2', date: '2026-04-30' }])),
      ).toMatchObject({ created: 1, duplicates: 3 });
      // duplicates are per bank account: the same file for the Postkonto is new there
      expect(await uploadOk(c, file, { bankAccountId: acc(c, 1010) })).toMatchObject({ created: 3, duplicates: 0 });
    },
  );

  it(
    'without a bank reference the same date, sum, type, reference and counterparty is a duplicate; one upload ' +
      'never merges its own',
    async () => {
      const c = freshCompany('Ohne Referenz AG');
      const twin: CamtTx = { amount: '20.00', direction: 'DBIT', date: '2026-03-05', name: 'Kiosk', ustrd: 'Kaffee' };
      expect(await uploadOk(c, camt054(null, [twin, twin]))).toMatchObject({ created: 2, duplicates: 0 });
      expect(await uploadOk(c, camt054(null, [twin, twin]))).toMatchObject({ created: 0, duplicates: 2 });
      const variants: CamtTx[] = [
        { ...twin, name: 'Bäckerei' },
        { ...twin, amount: '20.05' },
        { ...twin, date: '2026-03-06' },
        { ...twin, direction: 'CRDT' },
        { ...twin, scor: 'RF18539007547034' },
      ];
      for (const v of variants)
        expect(await uploadOk(c, camt054(null, [v])), JSON.stringify(v)).toMatchObject({ created: 1, duplicates: 0 });
      expect((await list(c)).total_count).toBe(7);
    },
  );

  it('a real camt.053: 32 transactions (1810.56 in, 1272.95 out); the camt.054 repeating 5 adds nothing', async () => {
    const c = freshCompany('Postfinance AG');
    expect(
      await uploadOk(c, fixture('postfinance-camt053-v04-statement.xml'), {
        name: 'camt053.xml',
        bankAccountId: acc(c, 1020),
      }),
    ).toEqual({ created: 32, duplicates: 0, matched: 0, ready: 0 });
    const all = await entries(c);
    expect(all).toHaveLength(32);
    const total = (type: string) => all.filter((e) => e.type === type).reduce((s, e) => s + Math.round(e.sum * 100), 0);
    expect([all.filter((e) => e.type === 'income').length, total('income'), total('expense')]).toEqual([
      24, 181056, 127295,
    ]);
    expect(all.every((e) => e.bank_account_id === acc(c, 1020) && e.status === 'open')).toBe(true);
    expect(all.map((e) => e.date)).toEqual([...all.map((e) => e.date)].sort().reverse());
    expect(await uploadOk(c, fixture('camt054-v04-example.xml'))).toEqual({
      created: 0,
      duplicates: 5,
      matched: 0,
      ready: 0,
    });
    expect((await list(c)).total_count).toBe(32);
  });
});

// ---------------------------------------------------------------------------------------------------

describe('GET …/entries/import', () => {
  let c: number;
  let A: any;
  let B: any;
  let C: any;
  let D: any;
  let E: any;
  let F: any;

  // A income 1081.50 (03-31), B expense 2150 (03-02, ready), C expense 12.35 (03-31, ignored), D income 10815 (02-15,
  // described anew), E income 1081.55 (01-10), F expense 80 (03-31, deleted)
  beforeAll(async () => {
    c = freshCompany('Liste AG');
    await uploadOk(
      c,
      camt054(null, [
        { ...PAYMENT, ref: 'L-A', qrr: '210000000003139471430009017' },
        { ...RENT, ref: 'L-B' },
        { ...FEES, ref: 'L-C' },
        { amount: '10815.00', date: '2026-02-15', ref: 'L-D', name: 'Beispiel GmbH', ustrd: 'Anzahlung' },
        { amount: '1081.55', date: '2026-01-10', ref: 'L-E', name: 'Kunde Zett', ustrd: 'Teilzahlung' },
        {
          amount: '80.00',
          direction: 'DBIT',
          date: '2026-03-31',
          ref: 'L-F',
          name: 'Swisscom (Schweiz) AG',
          ustrd: 'Mobile',
        },
      ]),
    );
    ({ 'L-A': A, 'L-B': B, 'L-C': C, 'L-D': D, 'L-E': E, 'L-F': F } = await byRef(c));
    B = await update(c, B.id, { other_account_id: acc(c, 6000), tax_rate_id: rate(c, 'Vorsteuer 8.1 %') });
    C = await update(c, C.id, { ignore: true });
    D = await update(c, D.id, { description: 'Projekt Beta' });
    expect((await remove(c, [F.id])).status).toBe(200);
  });

  it('by default the open entries, date descending then id descending, with the four counts', async () => {
    const body = await list(c);
    expect(ids(body)).toEqual([C.id, A.id, B.id, D.id, E.id]);
    expect(body).toMatchObject({ current_count: 5, total_count: 5, open_count: 5, ready_count: 2 });
    expect(ids(await list(c, '?status=notDeleted'))).toEqual(ids(body));
  });

  it('status ready, notReady and deleted narrow the list; the open and ready counts stay', async () => {
    const cases: [string, any[]][] = [
      ['ready', [C, B]],
      ['notReady', [A, D, E]],
      ['deleted', [F]],
    ];
    for (const [status, expected] of cases) {
      const body = await list(c, `?status=${status}`);
      expect([status, ids(body)]).toEqual([status, expected.map((e) => e.id)]);
      expect(body).toMatchObject({
        current_count: expected.length,
        total_count: expected.length,
        open_count: 5,
        ready_count: 2,
      });
    }
    expect((await list(c, '?status=deleted')).data[0]).toMatchObject({ status: 'deleted', id: F.id });
  });

  it('any other status is 422 errors.status', async () => {
    for (const bad of ['processed', 'open', 'READY', 'x'])
      expect422(await call('GET', `${PATHS.detail.list(c)}?status=${bad}`), ['status']);
  });

  it('search: text in the description, original text, reference and counterparty, case-insensitive', async () => {
    const cases: [string, any[]][] = [
      ['muster', [A]],
      ['MIETE', [B]],
      ['gutschrift', [A]],
      ['kontoführung', [C]],
      ['beta', [D]],
      ['anzahlung', [D]],
      ['3139471430', [A]],
      ['kunde zett', [E]],
      ['zahlung', [D, E]],
      ['nichts dergleichen', []],
    ];
    for (const [search, expected] of cases) {
      const body = await list(c, `?search=${encodeURIComponent(search)}`);
      expect([search, ids(body)]).toEqual([search, expected.map((e) => e.id)]);
      expect(body).toMatchObject({
        current_count: expected.length,
        total_count: expected.length,
        open_count: 5,
        ready_count: 2,
      });
    }
    expect(ids(await list(c, '?status=deleted&search=swisscom'))).toEqual([F.id]);
    expect(ids(await list(c, '?search=swisscom'))).toEqual([]);
  });

  it("search: an amount matches exactly (1081.5, 1081.50 and 1'081.50 are 1081.50; not 1081.55 or 10815)", async () => {
    const cases: [string, any[]][] = [
      ['1081.5', [A]],
      ['1081.50', [A]],
      ["1'081.50", [A]],
      ['1081.55', [E]],
      ['12.35', [C]],
      ['2150', [B]],
      ['2150.00', [B]],
    ];
    for (const [search, expected] of cases) {
      expect([search, ids(await list(c, `?search=${encodeURIComponent(search)}`))]).toEqual([
        search,
        expected.map((e) => e.id),
      ]);
    }
  });

  it('search: a date as 2026-03-31 or 31.03.2026; with a status', async () => {
    for (const search of ['2026-03-31', '31.03.2026']) {
      const body = await list(c, `?search=${search}`);
      expect([search, ids(body)]).toEqual([search, [C.id, A.id]]);
      expect(body).toMatchObject({ current_count: 2, total_count: 2, open_count: 5, ready_count: 2 });
    }
    expect(ids(await list(c, '?search=02.03.2026'))).toEqual([B.id]);
    expect(ids(await list(c, '?status=ready&search=2026-03-31'))).toEqual([C.id]);
    expect(ids(await list(c, '?status=notReady&search=31.03.2026'))).toEqual([A.id]);
  });

  it('limit and offset page the list; limit=all lists everything; invalid values are 422', async () => {
    const page = async (q: string) => list(c, q);
    expect(await page('?limit=2')).toMatchObject({
      current_count: 2,
      total_count: 5,
      data: [{ id: C.id }, { id: A.id }],
    });
    expect(ids(await page('?limit=2&offset=2'))).toEqual([B.id, D.id]);
    expect(await page('?limit=2&offset=4')).toMatchObject({ current_count: 1, total_count: 5, data: [{ id: E.id }] });
    expect(await page('?offset=10')).toMatchObject({ current_count: 0, total_count: 5, data: [] });
    expect(ids(await page('?limit=all'))).toEqual([C.id, A.id, B.id, D.id, E.id]);
    expect(ids(await page('?limit=1&offset=1&search=zahlung'))).toEqual([E.id]);
    for (const bad of ['0', '-1', 'abc', '1.5', 'ALLE'])
      expect422(await call('GET', `${PATHS.detail.list(c)}?limit=${bad}`), ['limit']);
    for (const bad of ['-1', 'x', '1.5'])
      expect422(await call('GET', `${PATHS.detail.list(c)}?offset=${bad}`), ['offset']);
  });

  it('the default limit is 50', async () => {
    const many = freshCompany('Viele AG');
    const txs: CamtTx[] = Array.from({ length: 55 }, (_, i) => ({ ...FEES, ref: `MANY-${i}`, amount: `${i + 1}.00` }));
    expect(await uploadOk(many, camt054(null, txs))).toMatchObject({ created: 55 });
    expect(await list(many)).toMatchObject({ current_count: 50, total_count: 55, open_count: 55, ready_count: 0 });
    expect((await list(many, '?offset=50')).current_count).toBe(5);
    expect((await list(many, '?limit=all')).current_count).toBe(55);
  });

  it('embeds bank_account, other_account and tax_rate; ignore and is_ready as set', async () => {
    const b = (await list(c)).data.find((e: any) => e.id === B.id);
    expect(b).toMatchObject({
      bank_account: { id: acc(c, 1020), name: 'Bankguthaben', number: 1020 },
      other_account: { id: acc(c, 6000), name: 'Raumaufwand', number: 6000 },
      tax_rate: { id: rate(c, 'Vorsteuer 8.1 %'), name: 'Vorsteuer 8.1 %', rate: 8.1 },
      is_ready: true,
      ignore: false,
      invoice: null,
      file: null,
    });
    expect(Object.keys(b.bank_account).sort()).toEqual(['id', 'name', 'number']);
    expect(Object.keys(b.other_account).sort()).toEqual(['id', 'name', 'number']);
    expect(Object.keys(b.tax_rate).sort()).toEqual(['id', 'name', 'rate']);
    expect(await read(c, C.id)).toMatchObject({ ignore: true, is_ready: true, other_account: null });
  });
});

describe('similarExists', () => {
  it('is true when another booking has the same bank account (debit income, credit expense), date, sum', async () => {
    const c = freshCompany('Ähnlich AG');
    await uploadOk(
      c,
      camt054(null, [
        { amount: '500.00', date: '2026-03-10', ref: 'S-I1', name: 'Kunde' },
        { amount: '500.00', date: '2026-03-11', ref: 'S-I2', name: 'Kunde' },
        { amount: '75.00', direction: 'DBIT', date: '2026-03-10', ref: 'S-X1', name: 'Lieferant' },
        { amount: '500.00', direction: 'DBIT', date: '2026-03-10', ref: 'S-X2', name: 'Lieferant' },
      ]),
    );
    const similar = async () => Object.fromEntries((await entries(c)).map((e) => [e.bank_reference, e.similarExists]));
    expect(await similar()).toEqual({ 'S-I1': false, 'S-I2': false, 'S-X1': false, 'S-X2': false });
    const bank = acc(c, 1020);
    await h.createBooking(c, { date: '2026-03-10', debit_account_id: bank, credit_account_id: acc(c, 3400), sum: 500 });
    await h.createBooking(c, { date: '2026-03-10', debit_account_id: acc(c, 6500), credit_account_id: bank, sum: 75 });
    await h.createBooking(c, {
      date: '2026-03-11',
      debit_account_id: acc(c, 1010),
      credit_account_id: acc(c, 3400),
      sum: 500,
    });
    expect(await similar()).toEqual({ 'S-I1': true, 'S-I2': false, 'S-X1': true, 'S-X2': false });
    // the entry's own booking does not count
    const i2 = (await entries(c)).find((e) => e.bank_reference === 'S-I2');
    await update(c, i2.id, { other_account_id: acc(c, 3400) });
    expect((await processAll(c)).body).toMatchObject({ created: 1 });
    expect(await read(c, i2.id)).toMatchObject({ status: 'processed', similarExists: false });
  });
});

// ---------------------------------------------------------------------------------------------------

describe('receipts', () => {
  const attach = (c: number, id: number | string, content: BlobPart, name = 'beleg.pdf', type = 'application/pdf') =>
    h.form('POST', PATHS.detail.file(c, id), { file: [content, name, type] });

  it('attach: { success, file: { id, name, size } }; the entry shows the file; another replaces it', async () => {
    const c = freshCompany('Beleg AG');
    await uploadOk(c, camt054(null, [RENT]));
    const [rent] = await entries(c);
    const res = await attach(c, rent.id, '%PDF-1.4 Mietvertrag', 'miete-märz.pdf');
    expect([res.status, res.body]).toEqual([
      200,
      { success: true, file: { id: expect.any(Number), name: 'miete-märz.pdf', size: 20 } },
    ]);
    const e = await read(c, rent.id);
    expect(e.file_id).toBe(res.body.file.id);
    expect(e.file).toEqual({
      id: res.body.file.id,
      name: 'miete-märz.pdf',
      size: 20,
      mime: 'application/pdf',
      url: expect.any(String),
    });
    expect(await (await fetch(e.file.url)).text()).toBe('%PDF-1.4 Mietvertrag');
    expect((await list(c)).data[0].file).toEqual({ ...e.file, url: expect.any(String) });
    const again = await attach(c, rent.id, new Uint8Array([137, 80, 78, 71]), 'scan.png', 'image/png');
    expect(again.status).toBe(200);
    const replaced = await read(c, rent.id);
    expect(replaced.file).toMatchObject({ id: again.body.file.id, name: 'scan.png', size: 4, mime: 'image/png' });
    expect(replaced.file_id).not.toBe(e.file_id);
  });

  it('a receipt over 6 MB or no file is 422 errors.file; exactly 6 MB is taken', async () => {
    const c = freshCompany('Grosser Beleg AG');
    await uploadOk(c, camt054(null, [RENT]));
    const [rent] = await entries(c);
    expect422(await attach(c, rent.id, new Uint8Array(6 * 1024 * 1024 + 1), 'big.pdf'), ['file']);
    expect422(await h.form('POST', PATHS.detail.file(c, rent.id), {}), ['file']);
    expect422(await h.form('POST', PATHS.detail.file(c, rent.id), { file: 'kein Dokument' }), ['file']);
    expect((await read(c, rent.id)).file).toBeNull();
    const exact = await attach(c, rent.id, new Uint8Array(6 * 1024 * 1024), 'exact.pdf');
    expect(exact.status).toBe(200);
    expect(exact.body.file.size).toBe(6 * 1024 * 1024);
  });

  it('the signed URL answers { url, expires_at } valid 15 minutes and serves the bytes without a token', async () => {
    const c = freshCompany('Link AG');
    await uploadOk(c, camt054(null, [RENT]));
    const [rent] = await entries(c);
    await attach(c, rent.id, 'Quittung 42', 'quittung.txt', 'text/plain');
    const res = await call('GET', `${PATHS.detail.file(c, rent.id)}/url`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['expires_at', 'url']);
    const expires =
      typeof res.body.expires_at === 'number' ? res.body.expires_at * 1000 : Date.parse(res.body.expires_at);
    expect(expires - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(15 * 60_000 + 1000);
    expect(new URL(res.body.url).pathname).toMatch(/^\/api\/v2\/files\/\d+$/);
    const bytes = await fetch(res.body.url);
    expect(bytes.status).toBe(200);
    expect(await bytes.text()).toBe('Quittung 42');
  });

  it('remove answers { success: true }; without a receipt remove and url are 404', async () => {
    const c = freshCompany('Ohne Beleg AG');
    await uploadOk(c, camt054(null, [RENT]));
    const [rent] = await entries(c);
    expectMessage(await call('DELETE', PATHS.detail.file(c, rent.id)), 404);
    expectMessage(await call('GET', `${PATHS.detail.file(c, rent.id)}/url`), 404);
    await attach(c, rent.id, 'x', 'x.txt', 'text/plain');
    const removed = await call('DELETE', PATHS.detail.file(c, rent.id));
    expect([removed.status, removed.body]).toEqual([200, { success: true }]);
    expect(await read(c, rent.id)).toMatchObject({ file_id: null, file: null });
    expectMessage(await call('DELETE', PATHS.detail.file(c, rent.id)), 404);
    expectMessage(await call('GET', `${PATHS.detail.file(c, rent.id)}/url`), 404);
  });

  it('an unknown entry or one of another company: 404 on every receipt path', async () => {
    await uploadOk(company2, camt054(null, [RENT]), { token: user2.token });
    const [foreign] = await entries(company2, user2.token);
    for (const family of FAMILIES) {
      for (const id of [99999999, foreign.id]) {
        expectMessage(await h.form('POST', PATHS[family].file(1, id), { file: ['x', 'x.txt', 'text/plain'] }), 404);
        expectMessage(await call('DELETE', PATHS[family].file(1, id)), 404);
        expectMessage(await call('GET', `${PATHS[family].file(1, id)}/url`), 404);
      }
    }
    expect((await read(company2, foreign.id, user2.token)).file).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------------

describe('authentication and tenancy', () => {
  it('401 without a token or with an unknown one', async () => {
    for (const family of FAMILIES) {
      for (const token of [null, 'nonsense']) {
        const res = await call('GET', PATHS[family].list(1), undefined, token);
        expect([res.status, res.body]).toEqual([401, { message: 'Unauthenticated.' }]);
      }
      expect((await upload(1, camt054(null, [FEES]), { family, token: null })).status).toBe(401);
      expect((await call('POST', PATHS[family].process(1), undefined, null)).status).toBe(401);
      expect((await call('DELETE', PATHS[family].remove(1), { ids: 'all' }, null)).status).toBe(401);
    }
  });

  it('403 for a company the user is no member of, on every path', async () => {
    for (const family of FAMILIES) {
      const p = PATHS[family];
      expectMessage(await call('GET', p.list(company2)), 403);
      expectMessage(await upload(company2, camt054(null, [FEES]), { family }), 403);
      expectMessage(await call('GET', p.one(company2, 1)), 403);
      expectMessage(await call('PUT', p.one(company2, 1), { ignore: true }), 403);
      expectMessage(await call('PUT', p.reset(company2, 1)), 403);
      expectMessage(await call('PUT', p.multiple(company2), { ids: [1], ignore: true }), 403);
      expectMessage(await call('DELETE', p.remove(company2), { ids: 'all' }), 403);
      expectMessage(await call('POST', p.process(company2)), 403);
    }
    expectMessage(await call('GET', PATHS.detail.list(999999)), 403);
  });

  it("another company's entry is 404 on read, update, reset, an unknown id in multiple; delete leaves it", async () => {
    const other = freshCompany('Fremd AG', {}, user2.id);
    await uploadOk(other, camt054(null, [PAYMENT]), { token: user2.token });
    const [foreign] = await entries(other, user2.token);
    const mine = freshCompany('Eigen AG');
    await uploadOk(mine, camt054(null, [RENT]));
    const [own] = await entries(mine);
    for (const family of FAMILIES) {
      const p = PATHS[family];
      for (const id of [foreign.id, 99999999]) {
        expectMessage(await call('GET', p.one(mine, id)), 404);
        expectMessage(await call('PUT', p.one(mine, id), { ignore: true }), 404);
        expectMessage(await call('PUT', p.reset(mine, id)), 404);
      }
      expect422(await call('PUT', p.multiple(mine), { ids: [own.id, foreign.id], ignore: true }), ['ids.1']);
      expectMessage(await call('DELETE', p.remove(mine), { ids: [foreign.id] }), 400);
    }
    expect(await read(other, foreign.id, user2.token)).toMatchObject({ status: 'open', ignore: false });
    expect(await read(mine, own.id)).toMatchObject({ status: 'open', ignore: false });
  });
});
