// The bank statement closes the supplier-bill loop (issue 25; docs/service/bills.md "Paid by the bank
// statement", docs/service/import-entries.md "Matching"): a debit of a CAMT upload is linked to the open
// or scheduled bill it pays, by its QRR or SCOR reference, else by amount and creditor IBAN within the
// bill's window; processing marks the bill paid with its one payment booking (accrual: 2000/bank; cash:
// expense/bank with the input tax), and a bill paid by hand meanwhile leaves the entry open with the reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeQrr } from '../../src/domain/qr-reference.js';
import { checkBooks } from '../../src/server/check.js';
import { startTestService, type TestService } from '../helpers/service.js';
import {
  IMPORT_ENTRY_KEYS,
  QR_IBAN,
  camt054,
  importHelpers,
  realStatementPayingSupplier,
  type CamtTx,
} from '../helpers/import-entries.js';
import { retryOnStaleSocket } from './retry-on-reset.js';

let svc: TestService;
const h = importHelpers(() => svc);
const { acc, rate, freshCompany, uploadOk, call, byRef, read, processAll, booking, balances, db } = h;

/** A supplier's ordinary IBAN (valid check digits), as a SCOR or unreferenced bill has it. */
const SUPPLIER_IBAN = 'CH9300762011623852957';
const QRR = makeQrr(7, 4711);
const SCOR = 'RF18539007547034';

const bills = (c: number) => `/companies/${c}/bills`;

/** A bill of 108.10 (100 + 8.1 % input tax) on 4400, dated 2026-03-01, due 2026-03-31; `extra` overrides. */
async function bill(c: number, extra: Record<string, unknown> = {}): Promise<any> {
  const res = await call('POST', bills(c), {
    supplier_name: 'Muster Druck AG',
    supplier_zip: '8000',
    supplier_city: 'Zürich',
    iban: SUPPLIER_IBAN,
    reference_type: 'NON',
    amount: 108.1,
    bill_date: '2026-03-01',
    due_date: '2026-03-31',
    expense_account_id: acc(c, 4400),
    tax_rate_id: rate(c, 'Vorsteuer 8.1 %'),
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

async function readBill(c: number, id: number): Promise<any> {
  const res = await call('GET', `${bills(c)}/${id}`);
  expect(res.status).toBe(200);
  return res.body.data;
}

const qrBill = (c: number) => bill(c, { iban: QR_IBAN, reference_type: 'QRR', reference: QRR });
const scorBill = (c: number) => bill(c, { reference_type: 'SCOR', reference: SCOR, amount: 54.05 });

/** A debit to the supplier; `extra` overrides. */
const debit = (ref: string, extra: Partial<CamtTx> = {}): CamtTx => ({
  amount: '108.10',
  direction: 'DBIT',
  date: '2026-03-25',
  ref,
  name: 'Muster Druck AG',
  iban: SUPPLIER_IBAN,
  ...extra,
});

const bookingsOf = (c: number): number =>
  Number((db().prepare('SELECT count(*) AS n FROM entries WHERE company_id = ?').get(c) as { n: number }).n);

beforeAll(async () => {
  svc = retryOnStaleSocket(await startTestService());
});

afterAll(async () => {
  await svc?.close();
});

describe('the upload links a debit to the bill it pays', () => {
  it('by QRR and by SCOR (spaces and case of the file do not matter), each ready with 2000 under accrual', async () => {
    const c = freshCompany('Bills Ref AG', { vatAccrual: 'on' });
    const qr = await qrBill(c);
    const scor = await scorBill(c);
    const grouped = (ref: string) => ref.replace(/(.{4})/g, '$1 ').toLowerCase();
    const counts = await uploadOk(
      c,
      camt054(null, [
        // the QR payment goes to the QR-IBAN, its amount differs (a reference match needs neither)
        debit('D-QRR', { qrr: grouped(QRR), iban: QR_IBAN, amount: '100.00' }),
        debit('D-SCOR', { scor: grouped(SCOR), amount: '54.05' }),
      ]),
    );
    expect(counts).toEqual({ created: 2, duplicates: 0, matched: 2, ready: 0 });
    const { 'D-QRR': a, 'D-SCOR': b } = await byRef(c);
    expect(Object.keys(a)).toEqual(IMPORT_ENTRY_KEYS);
    expect(a).toMatchObject({
      bill_id: qr.id,
      bill: { id: qr.id, number: 'K-2026-001', supplier_name: 'Muster Druck AG', status: 'open' },
      invoice_id: null,
      is_ready: true,
      other_account: { number: 2000 },
      tax_rate_id: null,
      description: 'Kreditor K-2026-001 Muster Druck AG',
    });
    expect(b).toMatchObject({
      bill_id: scor.id,
      bill: { number: 'K-2026-002' },
      is_ready: true,
      other_account: { number: 2000 },
    });
  });

  it(
    'by amount and creditor IBAN in the window bill date … due date + 30 days; not outside it, not another amount ' +
      'or IBAN',
    async () => {
      const c = freshCompany('Bills Iban AG');
      const b = await bill(c);
      await uploadOk(
        c,
        camt054(null, [
          debit('D-EARLY', { date: '2026-02-28' }),
          debit('D-LATE', { date: '2026-05-01' }),
          debit('D-AMOUNT', { amount: '108.15' }),
          debit('D-IBAN', { iban: 'CH5604835012345678009' }),
          debit('D-CREDIT', { direction: 'CRDT' }),
        ]),
      );
      const none = await byRef(c);
      expect(Object.values(none).map((e) => e.bill_id)).toEqual([null, null, null, null, null]);
      // the last day of the window (due 2026-03-31 + 30 days) still counts; cash method: the expense account with the
      // input tax
      expect(await uploadOk(c, camt054(null, [debit('D-LAST', { date: '2026-04-30' })]))).toMatchObject({ matched: 1 });
      expect((await byRef(c))['D-LAST']).toMatchObject({
        bill_id: b.id,
        is_ready: true,
        other_account: { number: 4400 },
        tax_rate: { name: 'Vorsteuer 8.1 %' },
      });
    },
  );

  it('links a bill to one debit of an upload, not again while that entry is open; never a paid bill', async () => {
    const c = freshCompany('Bills Once AG');
    const b = await bill(c);
    const paid = await bill(c, { amount: 20 });
    expect((await call('POST', `${bills(c)}/${paid.id}/mark-as/paid`, { paid_date: '2026-03-05' })).status).toBe(200);
    await uploadOk(c, camt054(null, [debit('D-1'), debit('D-2'), debit('D-PAID', { amount: '20.00' })]));
    const first = await byRef(c);
    expect([first['D-1'].bill_id, first['D-2'].bill_id, first['D-PAID'].bill_id]).toEqual([b.id, null, null]);
    await uploadOk(c, camt054(null, [debit('D-3')]));
    expect((await byRef(c))['D-3'].bill_id).toBeNull();
  });

  it('an EUR bill: the amount instructed in EUR (AmtDtls/InstdAmt) of a debit in CHF', async () => {
    const c = freshCompany('Bills EUR AG');
    const b = await bill(c, { amount: 100, currency: 'EUR', amount_chf: 94.3, tax_rate_id: null });
    await uploadOk(
      c,
      camt054(null, [debit('D-EUR', { amount: '94.55', instructed: { amount: '100.00', currency: 'EUR' } })]),
    );
    expect((await byRef(c))['D-EUR']).toMatchObject({ bill_id: b.id, is_ready: true });
  });

  it("a debit of the real PostFinance camt.053, given the bill's creditor account and a QRR, is linked", async () => {
    const c = freshCompany('Bills Real AG');
    const byIban = await bill(c, { amount: 328.75, bill_date: '2016-04-01', due_date: '2016-04-30' });
    const byRefBill = await bill(c, {
      iban: QR_IBAN,
      reference_type: 'QRR',
      reference: QRR,
      amount: 200.8,
      bill_date: '2016-04-01',
      due_date: '2016-04-30',
    });
    const xml = realStatementPayingSupplier(SUPPLIER_IBAN, QRR);
    const bank = await h.bankAccount(c, { number: 1021, name: 'PostFinance', iban: 'CH0309000000250090342' });
    await uploadOk(c, xml, { bankAccountId: bank });
    const linked = Object.values(await byRef(c)).filter((e) => e.bill_id !== null);
    expect(linked.map((e) => [e.bill.number, e.sum, e.date])).toEqual(
      expect.arrayContaining([
        [byIban.number, 328.75, '2016-04-30'],
        [byRefBill.number, 200.8, '2016-04-30'],
      ]),
    );
    expect(linked).toHaveLength(2);
  });
});

describe('processing pays the linked bill', () => {
  it(
    "accrual: the bill is paid on the booking date from the import's bank account with one booking 2000/bank, no " +
      'second expense',
    async () => {
      const c = freshCompany('Bills Pay Accrual AG', { vatAccrual: 'on' });
      const b = await qrBill(c);
      await uploadOk(c, camt054(null, [debit('D-QRR', { qrr: QRR, iban: QR_IBAN })]));
      const before = bookingsOf(c);
      const res = await processAll(c);
      expect(res.body).toEqual({ created: 1, ignored: 0, errors: [] });
      expect((await byRef(c))['D-QRR']).toBeUndefined();
      const paid = await readBill(c, b.id);
      expect(paid).toMatchObject({ status: 'paid', paid_at: '2026-03-25' });
      expect(bookingsOf(c)).toBe(before + 1);
      const payment = await booking(c, paid.payment_entry_id);
      expect(payment).toMatchObject({
        date: '2026-03-25',
        sum: 108.1,
        debit_account_id: acc(c, 2000),
        credit_account_id: acc(c, 1020),
        tax_rate_id: null,
        description: 'Kreditor K-2026-001 Muster Druck AG',
        is_imported: true,
      });
      const imported = db().prepare('SELECT status, entry_id FROM import_entries WHERE company_id = ?').all(c);
      expect(imported).toEqual([{ status: 'processed', entry_id: paid.payment_entry_id }]);
      const at = await balances(c);
      expect([at(4400), at(1170), at(2000), at(1020)]).toEqual([100, 8.1, 0, -108.1]);
      expect(checkBooks(db(), svc.dataDir)).toEqual([]);
    },
  );

  it('cash: one booking, the expense against the bank with the input tax, on the booking date', async () => {
    const c = freshCompany('Bills Pay Cash AG');
    const b = await scorBill(c);
    await uploadOk(c, camt054(null, [debit('D-SCOR', { scor: SCOR, amount: '54.05', date: '2026-04-02' })]));
    expect(bookingsOf(c)).toBe(0);
    expect((await processAll(c)).body).toEqual({ created: 1, ignored: 0, errors: [] });
    const paid = await readBill(c, b.id);
    expect(paid).toMatchObject({ status: 'paid', paid_at: '2026-04-02', expense_entry_id: null });
    expect(bookingsOf(c)).toBe(1);
    expect(await booking(c, paid.payment_entry_id)).toMatchObject({
      date: '2026-04-02',
      sum: 54.05,
      debit_account_id: acc(c, 4400),
      credit_account_id: acc(c, 1020),
      tax_rate_id: rate(c, 'Vorsteuer 8.1 %'),
    });
    const at = await balances(c, '2026-04-01', '2026-06-30');
    expect([at(4400), at(1170), at(1020)]).toEqual([50, 4.05, -54.05]);
    expect(checkBooks(db(), svc.dataDir)).toEqual([]);
  });

  it('a bill paid by hand after the upload: the entry stays open with the reason, no second payment', async () => {
    const c = freshCompany('Bills Race AG', { vatAccrual: 'on' });
    const b = await bill(c);
    await uploadOk(c, camt054(null, [debit('D-1')]));
    const entry = (await byRef(c))['D-1'];
    expect(entry.bill_id).toBe(b.id);
    expect((await call('POST', `${bills(c)}/${b.id}/mark-as/paid`, { paid_date: '2026-03-20' })).status).toBe(200);
    const before = bookingsOf(c);
    const res = await processAll(c);
    expect(res.body).toEqual({
      created: 0,
      ignored: 0,
      errors: [{ id: entry.id, message: 'Der Kreditor K-2026-001 ist bereits bezahlt.' }],
    });
    expect(await read(c, entry.id)).toMatchObject({
      status: 'open',
      error: 'Der Kreditor K-2026-001 ist bereits bezahlt.',
      entry_id: null,
    });
    expect(bookingsOf(c)).toBe(before);
    expect((await readBill(c, b.id)).paid_at).toBe('2026-03-20');
  });

  it('the dry run shows the payment booking with its bill and books nothing', async () => {
    const c = freshCompany('Bills Dry AG', { vatAccrual: 'on' });
    const b = await qrBill(c);
    await uploadOk(c, camt054(null, [debit('D-QRR', { qrr: QRR, iban: QR_IBAN })]));
    const entry = (await byRef(c))['D-QRR'];
    const before = bookingsOf(c);
    const res = await call('GET', `/companies/${c}/import-entries/process/dry-run`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.bookings).toHaveLength(1);
    expect(res.body.bookings[0]).toMatchObject({
      import_entry_id: entry.id,
      date: '2026-03-25',
      sum: 108.1,
      debit_account_id: acc(c, 2000),
      credit_account_id: acc(c, 1020),
      bill: { id: b.id, number: 'K-2026-001' },
    });
    expect(bookingsOf(c)).toBe(before);
    expect((await readBill(c, b.id)).status).toBe('open');
  });

  it('reset unlinks the bill (the entry is no longer ready); a deleted bill leaves the entry unlinked', async () => {
    const c = freshCompany('Bills Reset AG');
    const b = await bill(c);
    const other = await bill(c, { amount: 20 });
    await uploadOk(c, camt054(null, [debit('D-1'), debit('D-2', { amount: '20.00' })]));
    const { 'D-1': e1, 'D-2': e2 } = await byRef(c);
    expect([e1.bill_id, e2.bill_id]).toEqual([b.id, other.id]);
    const reset = await call('PUT', `/companies/${c}/import-entries/${e1.id}/reset`);
    expect(reset.body.data).toMatchObject({ bill_id: null, bill: null, is_ready: false, other_account_id: null });
    expect((await call('DELETE', `${bills(c)}/${other.id}`)).status).toBe(204);
    expect(await read(c, e2.id)).toMatchObject({
      bill_id: null,
      bill: null,
      is_ready: false,
      other_account_id: null,
      description: e2.og_description,
    });
  });
});
