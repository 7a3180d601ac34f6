// Bank import against the running service, part 3: an upload never drops a payment unseen. A shared
// bank reference alone is no duplicate (banks reuse and placeholder them): the amount, direction and
// booking date must match too; every duplicate skipped is listed with the entry it duplicates (the
// `report=true` answer); pending and information entries are counted. Contract:
// docs/service/import-entries.md "Upload".
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../helpers/service.js';
import { PAYER_IBAN, camt054, countsOf, importHelpers, type CamtTx } from '../helpers/import-entries.js';
import { retryOnStaleSocket } from './retry-on-reset.js';

let svc: TestService;
const { acc, freshCompany, upload, uploadOk, byRef, entries } = importHelpers(() => svc);

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../fixtures/camt', name));

beforeAll(async () => {
  svc = retryOnStaleSocket(await startTestService());
});

afterAll(async () => {
  await svc?.close();
});

/** An upload asking for the report: 200 and the report body (the counts in the headers too). */
async function report(company: number, content: string | Uint8Array, bankAccountId?: number): Promise<any> {
  const res = await upload(company, content, { report: true, bankAccountId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return {
    ...res.body,
    headers: countsOf(res),
    pending: res.headers.get('X-Import-Skipped-Pending'),
    info: res.headers.get('X-Import-Skipped-Info'),
  };
}

describe('a shared bank reference alone is no duplicate', () => {
  it('transactions with one bank reference but differing in amount, booking date or direction all import', async () => {
    const c = freshCompany('Gleiche Referenz AG');
    const first: CamtTx = { amount: '100.00', date: '2026-03-10', ref: 'SAME-REF', name: 'Muster AG' };
    expect(await uploadOk(c, camt054(null, [first]))).toMatchObject({ created: 1, duplicates: 0 });
    const later = await uploadOk(
      c,
      camt054(null, [
        { ...first, amount: '200.00' },
        { ...first, date: '2026-03-11' },
        { ...first, direction: 'DBIT' },
      ]),
    );
    expect(later).toMatchObject({ created: 3, duplicates: 0 });
    expect((await entries(c)).map((e) => [e.date, e.type, e.sum, e.bank_reference]).sort()).toEqual([
      ['2026-03-10', 'expense', 100, 'SAME-REF'],
      ['2026-03-10', 'income', 100, 'SAME-REF'],
      ['2026-03-10', 'income', 200, 'SAME-REF'],
      ['2026-03-11', 'income', 100, 'SAME-REF'],
    ]);
  });

  it(
    'the real PostFinance QRR notification after a file whose credit has the same placeholder reference ' +
      '2000000000000000: both of its payments are imported',
    async () => {
      const c = freshCompany('PostFinance Platzhalter AG');
      // CHF 522.10 of 10.03.2022 with the reference the notification's CHF 778.29 of 18.06.2020 carries too
      await uploadOk(
        c,
        camt054(null, [{ amount: '522.10', date: '2022-03-10', ref: '2000000000000000', name: 'Kunde 2022' }]),
      );
      const body = await report(c, fixture('postfinance-camt054-v04-qrr.xml'), acc(c, 1020));
      expect(body).toMatchObject({ created: 2, duplicates: [] });
      expect((await entries(c)).map((e) => [e.date, e.sum, e.bank_reference])).toEqual([
        ['2022-03-10', 522.1, '2000000000000000'],
        ['2020-06-18', 913.93, '3000000000000000'],
        ['2020-06-18', 778.29, '2000000000000000'],
      ]);
    },
  );
});

describe('the upload reports what it skipped', () => {
  const TXS: CamtTx[] = [
    {
      amount: '1081.50',
      date: '2026-03-31',
      ref: 'B-PAY-1',
      name: 'Muster AG',
      iban: PAYER_IBAN,
      qrr: '210000000003139471430009017',
    },
    { amount: '2150.00', direction: 'DBIT', date: '2026-03-02', ref: 'B-RENT-1', name: 'Immo Verwaltung AG' },
    // no bank reference: the same date, sum, type, structured reference and counterparty
    { amount: '12.35', direction: 'DBIT', date: '2026-03-31', name: 'Bank', info: 'Gebühren' },
  ];

  it("without report=true the answer stays the spec's body true, with the counts in the headers", async () => {
    const c = freshCompany('Spec Antwort AG');
    await uploadOk(c, camt054(null, TXS));
    const res = await upload(c, camt054(null, TXS));
    expect([res.status, res.body, countsOf(res)]).toEqual([
      200,
      true,
      { created: 0, duplicates: 3, matched: 0, ready: 0 },
    ]);
  });

  it('a true re-upload is all duplicates; report=true lists each with the id of the entry it duplicates', async () => {
    const c = freshCompany('Wiederholung AG');
    expect(await report(c, camt054(null, TXS))).toMatchObject({
      created: 3,
      duplicates: [],
      matched: 0,
      ready: 0,
      skipped_pending: 0,
      skipped_info: 0,
    });
    const first = await byRef(c);
    const fee = (await entries(c)).find((e) => e.bank_reference === null);
    const again = await report(c, camt054(null, TXS));
    expect(again.headers).toEqual({ created: 0, duplicates: 3, matched: 0, ready: 0 });
    const { headers, pending, info, ...body } = again;
    expect(Object.keys(body)).toEqual([
      'created',
      'duplicates',
      'matched',
      'ready',
      'skipped_pending',
      'skipped_info',
      'assigned_ibans',
      'statements',
    ]);
    expect(body.duplicates).toEqual([
      {
        date: '2026-03-31',
        type: 'income',
        sum: 1081.5,
        counterparty_name: 'Muster AG',
        reference: '210000000003139471430009017',
        bank_reference: 'B-PAY-1',
        duplicate_of: first['B-PAY-1'].id,
      },
      {
        date: '2026-03-02',
        type: 'expense',
        sum: 2150,
        counterparty_name: 'Immo Verwaltung AG',
        reference: null,
        bank_reference: 'B-RENT-1',
        duplicate_of: first['B-RENT-1'].id,
      },
      {
        date: '2026-03-31',
        type: 'expense',
        sum: 12.35,
        counterparty_name: 'Bank',
        reference: null,
        bank_reference: null,
        duplicate_of: fee.id,
      },
    ]);
    expect(await entries(c)).toHaveLength(3);
  });

  it('pending (PDNG) and information (INFO) entries are not imported but counted, in headers and report', async () => {
    const c = freshCompany('Vorgemerkt AG');
    const body = await report(
      c,
      camt054(null, [
        { amount: '10.00', ref: 'P-BOOK' },
        { amount: '77.00', ref: 'P-PDNG-1', status: 'PDNG' },
        { amount: '78.00', ref: 'P-PDNG-2', status: 'PDNG' },
        { amount: '88.00', ref: 'P-INFO', status: 'INFO' },
      ]),
    );
    expect(body).toMatchObject({ created: 1, skipped_pending: 2, skipped_info: 1, pending: '2', info: '1' });
    expect(Object.keys(await byRef(c))).toEqual(['P-BOOK']);
  });
});
