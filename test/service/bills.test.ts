// Supplier bills against the running service (issue 25): CRUD, list filters and paging, every 422, the
// QR-bill's IBAN and reference rules, the moves with their bookings under both methods (and what the
// balances, so the VAT return, see of the input tax), locked years, the company scope and the rate limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountId,
  newCompany,
  secondTenant,
  startTestService,
  taxRateId,
  type TestService,
} from '../helpers/service.js';
import { makeQrr } from '../../src/domain/qr-reference.js';
import { checkBooks } from '../../src/server/check.js';
import { retryOnStaleSocket } from './retry-on-reset.js';

const IBAN = 'CH93 0076 2011 6238 5295 7';
const QR_IBAN = 'CH44 3199 9123 0008 8901 2';
const QRR = makeQrr(7, 4711);
const SCOR = 'RF18 5390 0754 7034';
const BAD_QRR = `${QRR.slice(0, -1)}${(Number(QRR.slice(-1)) + 1) % 10}`;

let svc: TestService;
let company2: number;
let token2: string;

const base = (company: number) => `/companies/${company}/bills`;

function bill(company: number, extra: Record<string, unknown> = {}) {
  return {
    supplier_name: 'Muster Druck AG',
    supplier_street: 'Hauptstrasse',
    supplier_building: '1',
    supplier_zip: '8000',
    supplier_city: 'Zürich',
    iban: IBAN,
    reference_type: 'SCOR',
    reference: SCOR,
    message: 'Flyer',
    amount: 108.1,
    bill_date: '2026-01-15',
    due_date: '2026-02-14',
    expense_account_id: accountId(svc, company, 4400),
    tax_rate_id: taxRateId(svc, company, 'Vorsteuer 8.1 %'),
    ...extra,
  };
}

async function create(company: number, extra: Record<string, unknown> = {}) {
  const res = await svc.call('POST', base(company), bill(company, extra));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

/** balances of the period by account number (GET /accounts?start&until) */
async function balances(company: number, start: string, until: string): Promise<Record<number, number>> {
  const res = await svc.call('GET', `/companies/${company}/accounts?start=${start}&until=${until}`);
  expect(res.status).toBe(200);
  return Object.fromEntries(res.body.map((a: any) => [a.number, a.balance]));
}

function expect422(res: Awaited<ReturnType<TestService['call']>>, fields: string[]) {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(Object.keys(res.body.errors)).toEqual(fields);
}

beforeAll(async () => {
  svc = retryOnStaleSocket(await startTestService());
  const t = secondTenant(svc);
  company2 = t.company;
  token2 = t.user.token;
});

afterAll(async () => {
  await svc?.close();
});

describe('create, read, update, delete', () => {
  it('creates a bill numbered K-YYYY-NNN, status open, IBAN and reference in electronic form', async () => {
    const c = newCompany(svc, 'Numbers');
    const a = await create(c);
    expect(a).toMatchObject({
      number: 'K-2026-001',
      status: 'open',
      iban: 'CH9300762011623852957',
      reference_type: 'SCOR',
      reference: 'RF18539007547034',
      amount: 108.1,
      currency: 'CHF',
      amount_chf: 108.1,
      supplier_country: 'CH',
      expense_entry_id: null,
      payment_entry_id: null,
      file: null,
    });
    expect((await create(c)).number).toBe('K-2026-002');
    expect((await create(c, { bill_date: '2027-01-02', due_date: null })).number).toBe('K-2027-001');
    const got = await svc.call('GET', `${base(c)}/${a.id}`);
    expect(got.body.data).toEqual(a);
    const taken = await svc.call('POST', base(c), bill(c, { number: 'K-2026-001' }));
    expect422(taken, ['number']);
  });

  it('defaults the due date to the bill date plus the payment term', async () => {
    const c = newCompany(svc, 'Term', { paymentTerm: '10' });
    expect((await create(c, { due_date: null })).due_date).toBe('2026-01-25');
  });

  it('updates what is sent and keeps the rest', async () => {
    const c = newCompany(svc, 'Update');
    const a = await create(c);
    const res = await svc.call('PUT', `${base(c)}/${a.id}`, { message: 'Plakate', amount: 54.05 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      message: 'Plakate',
      amount: 54.05,
      amount_chf: 54.05,
      supplier_name: 'Muster Druck AG',
      number: 'K-2026-001',
    });
  });

  it('deletes a bill without payment (204), then it is gone (404)', async () => {
    const c = newCompany(svc, 'Delete');
    const a = await create(c);
    expect((await svc.call('DELETE', `${base(c)}/${a.id}`)).status).toBe(204);
    expect((await svc.call('GET', `${base(c)}/${a.id}`)).status).toBe(404);
    expect((await svc.call('DELETE', `${base(c)}/${a.id}`)).status).toBe(404);
  });

  it('takes a receipt (multipart) and shows it', async () => {
    const c = newCompany(svc, 'Receipt');
    const a = await create(c);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([37, 80, 68, 70])], { type: 'application/pdf' }), 'rechnung.pdf');
    const res = await svc.call('POST', `${base(c)}/${a.id}/attach`, form);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'rechnung.pdf', mime: 'application/pdf' });
    expect((await svc.call('GET', `${base(c)}/${a.id}`)).body.data.file).toMatchObject({
      id: res.body.data.id,
      name: 'rechnung.pdf',
    });
    // the list reads the receipts of its page at once: the one with a receipt shows it, the other none
    const b = await create(c);
    const listed = (await svc.call('GET', base(c))).body.data as { id: number; file: { id: number } | null }[];
    expect(listed.find((bill) => bill.id === a.id)?.file).toMatchObject({ id: res.body.data.id, name: 'rechnung.pdf' });
    expect(listed.find((bill) => bill.id === b.id)?.file).toBeNull();
    expect422(await svc.call('POST', `${base(c)}/${a.id}/attach`, new FormData()), ['file']);
    // acct check counts a bill's receipt as referenced, not as a stray file
    expect(checkBooks(svc.server.db, svc.dataDir).map((v) => v.rule)).not.toContainEqual(
      expect.stringContaining('every stored file'),
    );
  });
});

describe('the list', () => {
  it('pages, sorts by due date and filters by status, due date, IBAN, supplier and search', async () => {
    const c = newCompany(svc, 'List');
    const late = await create(c, { due_date: '2026-03-31', supplier_name: 'Spät GmbH', message: 'Miete März' });
    const early = await create(c, { due_date: '2026-01-31', supplier_name: 'Früh AG' });
    const mid = await create(c, { due_date: '2026-02-28' });
    await svc.call('POST', `${base(c)}/${mid.id}/mark-as/scheduled`);
    const all = await svc.call('GET', `${base(c)}?per_page=2`);
    expect(all.body.data.map((b: any) => b.id)).toEqual([early.id, mid.id]);
    expect(all.body.meta).toMatchObject({ total: 3, per_page: 2 });
    expect((await svc.call('GET', `${base(c)}?per_page=2&page=2`)).body.data.map((b: any) => b.id)).toEqual([late.id]);
    const ids = async (q: string) => (await svc.call('GET', `${base(c)}?${q}`)).body.data.map((b: any) => b.id);
    expect(await ids('filter[status]=scheduled')).toEqual([mid.id]);
    expect(await ids('filter[due_before]=2026-02-28')).toEqual([early.id, mid.id]);
    expect(await ids('filter[supplier]=spät')).toEqual([late.id]);
    expect(await ids('filter[search]=MIETE')).toEqual([late.id]);
    expect(await ids('filter[search]=K-2026-002')).toEqual([early.id]);
    const qr = await create(c, { iban: QR_IBAN, reference_type: 'QRR', reference: QRR });
    expect(await ids(`filter[iban]=${encodeURIComponent(QR_IBAN)}`)).toEqual([qr.id]);
    expect(await ids(`filter[iban]=${QR_IBAN.replace(/ /g, '').toLowerCase()}`)).toEqual([qr.id]);
    expect(await ids(`filter[iban]=${encodeURIComponent(IBAN)}`)).toEqual([early.id, mid.id, late.id]);
    expect(await ids('filter[iban]=CH3709000000304442225')).toEqual([]);
    expect422(await svc.call('GET', `${base(c)}?filter[status]=late`), ['filter[status]']);
    expect422(await svc.call('GET', `${base(c)}?filter[due_before]=31.02.2026`), ['filter[due_before]']);
    expect422(await svc.call('GET', `${base(c)}?filter[iban]=CH9400762011623852957`), ['filter[iban]']);
  });
});

describe('422 keyed by field', () => {
  it('names every missing required field', async () => {
    expect422(await svc.call('POST', base(1), {}), [
      'supplier_name',
      'supplier_zip',
      'supplier_city',
      'iban',
      'amount',
      'bill_date',
      'expense_account_id',
    ]);
  });

  it('refuses an IBAN with a wrong checksum', async () => {
    expect422(await svc.call('POST', base(1), bill(1, { iban: 'CH93 0076 2011 6238 5295 8' })), ['iban']);
  });

  it('holds QR-IBAN and QRR together, as on our own invoices', async () => {
    expect(
      (await svc.call('POST', base(1), bill(1, { iban: QR_IBAN, reference_type: 'QRR', reference: QRR }))).status,
    ).toBe(201);
    expect422(await svc.call('POST', base(1), bill(1, { iban: QR_IBAN })), ['reference_type']);
    expect422(await svc.call('POST', base(1), bill(1, { iban: QR_IBAN, reference_type: 'NON', reference: null })), [
      'reference_type',
    ]);
    expect422(await svc.call('POST', base(1), bill(1, { reference_type: 'QRR', reference: QRR })), ['reference_type']);
  });

  it('verifies the check digits of QRR and SCOR, and NON takes no reference', async () => {
    expect422(await svc.call('POST', base(1), bill(1, { iban: QR_IBAN, reference_type: 'QRR', reference: BAD_QRR })), [
      'reference',
    ]);
    expect422(await svc.call('POST', base(1), bill(1, { reference: 'RF19539007547034' })), ['reference']);
    expect422(await svc.call('POST', base(1), bill(1, { reference: null })), ['reference']);
    expect422(await svc.call('POST', base(1), bill(1, { reference_type: 'NON' })), ['reference']);
    expect((await svc.call('POST', base(1), bill(1, { reference_type: 'NON', reference: null }))).status).toBe(201);
    expect422(await svc.call('POST', base(1), bill(1, { reference_type: 'IPI' })), ['reference_type']);
  });

  it('bounds the amount by MAX_MONEY and takes CHF or EUR (EUR with the CHF booked)', async () => {
    expect422(await svc.call('POST', base(1), bill(1, { amount: 1_000_000_000 })), ['amount']);
    expect((await svc.call('POST', base(1), bill(1, { amount: 999_999_999.99 }))).status).toBe(201);
    expect422(await svc.call('POST', base(1), bill(1, { amount: 0 })), ['amount']);
    expect422(await svc.call('POST', base(1), bill(1, { currency: 'USD' })), ['currency']);
    expect422(await svc.call('POST', base(1), bill(1, { currency: 'EUR' })), ['amount_chf']);
    const eur = await svc.call('POST', base(1), bill(1, { currency: 'EUR', amount: 100, amount_chf: 94.2 }));
    expect(eur.body.data).toMatchObject({ currency: 'EUR', amount: 100, amount_chf: 94.2 });
  });

  it('checks dates, the address and the company records', async () => {
    expect422(await svc.call('POST', base(1), bill(1, { due_date: '2026-01-14' })), ['due_date']);
    expect422(await svc.call('POST', base(1), bill(1, { bill_date: '2026-02-30' })), ['bill_date']);
    expect422(
      await svc.call('POST', base(1), bill(1, { supplier_country: 'Schweiz', supplier_name: 'x'.repeat(71) })),
      ['supplier_name', 'supplier_country'],
    );
    expect422(await svc.call('POST', base(1), bill(1, { expense_account_id: accountId(svc, 1, 3400) })), [
      'expense_account_id',
    ]);
    expect422(await svc.call('POST', base(1), bill(1, { expense_account_id: accountId(svc, company2, 4400) })), [
      'expense_account_id',
    ]);
    expect422(await svc.call('POST', base(1), bill(1, { tax_rate_id: taxRateId(svc, company2, 'Vorsteuer 8.1 %') })), [
      'tax_rate_id',
    ]);
    expect422(await svc.call('POST', base(1), bill(1, { bank_account_id: accountId(svc, 1, 4400) })), [
      'bank_account_id',
    ]);
  });

  it('refuses an unknown status and a bank account that is none on mark-as', async () => {
    const a = await create(1);
    expect422(await svc.call('POST', `${base(1)}/${a.id}/mark-as/overdue`), ['status']);
    expect422(
      await svc.call('POST', `${base(1)}/${a.id}/mark-as/paid`, {
        bank_account_id: accountId(svc, 1, 4400),
        paid_date: 'gestern',
      }),
      ['paid_date', 'bank_account_id'],
    );
  });
});

describe('moves and bookings', () => {
  it(
    'cash method: nothing booked on entry; paid books expense against the bank with the input tax, in the payment ' +
      'period',
    async () => {
      const c = newCompany(svc, 'Cash');
      const a = await create(c);
      expect((await balances(c, '2026-01-01', '2026-03-31'))[1170]).toBe(0);
      const paid = await svc.call('POST', `${base(c)}/${a.id}/mark-as/paid`, { paid_date: '2026-04-02' });
      expect(paid.status).toBe(200);
      expect(paid.body.data).toMatchObject({ status: 'paid', paid_at: '2026-04-02', expense_entry_id: null });
      expect(paid.body.data.payment_entry_id).toEqual(expect.any(Number));
      expect(await balances(c, '2026-01-01', '2026-03-31')).toMatchObject({ 1170: 0, 4400: 0, 1020: 0 });
      expect(await balances(c, '2026-04-01', '2026-06-30')).toMatchObject({
        1170: 8.1,
        4400: 100,
        1020: -108.1,
        2000: 0,
      });
      // unpaying undoes the payment booking
      const open = await svc.call('POST', `${base(c)}/${a.id}/mark-as/open`);
      expect(open.body.data).toMatchObject({ status: 'open', payment_entry_id: null, paid_at: null });
      expect(await balances(c, '2026-01-01', '2026-12-31')).toMatchObject({ 1170: 0, 4400: 0, 1020: 0 });
      expect((await svc.call('GET', `/companies/${c}/entries/${paid.body.data.payment_entry_id}`)).status).toBe(404);
    },
  );

  it('accrual method: the expense against 2000 on the bill date, then 2000 against the bank when paid', async () => {
    const c = newCompany(svc, 'Accrual', { vatAccrual: 'on' });
    const a = await create(c);
    expect(a.expense_entry_id).toEqual(expect.any(Number));
    expect(await balances(c, '2026-01-01', '2026-03-31')).toMatchObject({ 1170: 8.1, 4400: 100, 2000: 108.1 });
    const paid = await svc.call('POST', `${base(c)}/${a.id}/mark-as/paid`, { paid_date: '2026-04-02' });
    expect(paid.status).toBe(200);
    // balance-sheet accounts show their balance at `until`: the input tax stays in the first quarter, 2000 is settled
    expect(await balances(c, '2026-04-01', '2026-06-30')).toMatchObject({ 1170: 8.1, 4400: 0, 2000: 0, 1020: -108.1 });
    expect(await balances(c, '2026-01-01', '2026-12-31')).toMatchObject({
      1170: 8.1,
      4400: 100,
      2000: 0,
      1020: -108.1,
    });
    // an update of a paid bill is refused; the expense booking follows an update while open
    expect((await svc.call('PUT', `${base(c)}/${a.id}`, { amount: 1 })).status).toBe(400);
    await svc.call('POST', `${base(c)}/${a.id}/mark-as/open`);
    const changed = await svc.call('PUT', `${base(c)}/${a.id}`, { amount: 216.2 });
    expect(changed.status).toBe(200);
    expect(await balances(c, '2026-01-01', '2026-12-31')).toMatchObject({
      1170: 16.2,
      4400: 200,
      2000: 216.2,
      1020: 0,
    });
    // cancelling removes the expense booking, reopening books it again
    await svc.call('POST', `${base(c)}/${a.id}/mark-as/cancelled`);
    expect(await balances(c, '2026-01-01', '2026-12-31')).toMatchObject({ 1170: 0, 2000: 0 });
    const reopened = await svc.call('POST', `${base(c)}/${a.id}/mark-as/open`);
    expect(reopened.body.data.expense_entry_id).toEqual(expect.any(Number));
    // deleting removes it too
    expect((await svc.call('DELETE', `${base(c)}/${a.id}`)).status).toBe(204);
    expect(await balances(c, '2026-01-01', '2026-12-31')).toMatchObject({ 1170: 0, 2000: 0, 4400: 0 });
  });

  it('refuses moves the table does not allow (400) and deleting a bill with a payment (400)', async () => {
    const c = newCompany(svc, 'Moves');
    const a = await create(c);
    expect((await svc.call('POST', `${base(c)}/${a.id}/mark-as/open`)).status).toBe(400);
    expect((await svc.call('POST', `${base(c)}/${a.id}/mark-as/scheduled`)).body.data.status).toBe('scheduled');
    expect(
      (await svc.call('POST', `${base(c)}/${a.id}/mark-as/paid`, { paid_date: '2026-02-01' })).body.data.status,
    ).toBe('paid');
    expect((await svc.call('POST', `${base(c)}/${a.id}/mark-as/paid`)).status).toBe(400);
    expect((await svc.call('POST', `${base(c)}/${a.id}/mark-as/cancelled`)).status).toBe(400);
    const del = await svc.call('DELETE', `${base(c)}/${a.id}`);
    expect(del.status).toBe(400);
    expect((await svc.call('GET', `${base(c)}/${a.id}`)).body.data.status).toBe('paid');
  });

  it('answers 400 when no bank account is there to pay from', async () => {
    const c = newCompany(svc, 'No bank');
    const a = await create(c);
    for (const n of [1000, 1010, 1020])
      svc.server.db.prepare('DELETE FROM accounts WHERE company_id = ? AND number = ?').run(c, n);
    expect((await svc.call('POST', `${base(c)}/${a.id}/mark-as/paid`)).status).toBe(400);
    expect((await svc.call('GET', `${base(c)}/${a.id}`)).body.data.status).toBe('open');
  });
});

describe('locked years', () => {
  it('refuses a booking in the closed period with 400 and changes nothing', async () => {
    const accrual = newCompany(svc, 'Locked accrual', { vatAccrual: 'on', closedUntil: '2025-12-31' });
    expect(
      (await svc.call('POST', base(accrual), bill(accrual, { bill_date: '2025-12-20', due_date: '2026-01-20' })))
        .status,
    ).toBe(400);
    expect((await svc.call('GET', base(accrual))).body.data).toEqual([]);
    const cash = newCompany(svc, 'Locked cash', { closedUntil: '2025-12-31' });
    const a = await create(cash, { bill_date: '2025-12-20', due_date: '2026-01-20' });
    expect((await svc.call('POST', `${base(cash)}/${a.id}/mark-as/paid`, { paid_date: '2025-12-30' })).status).toBe(
      400,
    );
    expect((await svc.call('GET', `${base(cash)}/${a.id}`)).body.data).toMatchObject({
      status: 'open',
      payment_entry_id: null,
    });
    expect((await svc.call('POST', `${base(cash)}/${a.id}/mark-as/paid`, { paid_date: '2026-01-05' })).status).toBe(
      200,
    );
  });
});

describe('the payment file: payment_message_id and the batch schedule', () => {
  it('keeps the message id given with mark-as/scheduled, and clears it when the bill is open again', async () => {
    const c = newCompany(svc, 'Zahlungsdatei');
    const a = await create(c);
    expect(a.payment_message_id).toBeNull();
    const scheduled = await svc.call('POST', `${base(c)}/${a.id}/mark-as/scheduled`, {
      payment_message_id: 'ACCT-20261126-ABC',
    });
    expect(scheduled.body.data).toMatchObject({ status: 'scheduled', payment_message_id: 'ACCT-20261126-ABC' });
    expect((await svc.call('GET', `${base(c)}/${a.id}`)).body.data.payment_message_id).toBe('ACCT-20261126-ABC');
    const paid = await svc.call('POST', `${base(c)}/${a.id}/mark-as/paid`, { paid_date: '2026-02-01' });
    expect(paid.body.data.payment_message_id).toBe('ACCT-20261126-ABC');
    const reopened = await svc.call('POST', `${base(c)}/${a.id}/mark-as/open`);
    expect(reopened.body.data).toMatchObject({ status: 'open', payment_message_id: null });
  });

  it('refuses a message id over 35 characters, or with another status (422)', async () => {
    const c = newCompany(svc, 'Zahlungsdatei 422');
    const a = await create(c);
    expect422(await svc.call('POST', `${base(c)}/${a.id}/mark-as/scheduled`, { payment_message_id: 'X'.repeat(36) }), [
      'payment_message_id',
    ]);
    expect422(await svc.call('POST', `${base(c)}/${a.id}/mark-as/paid`, { payment_message_id: 'M1' }), [
      'payment_message_id',
    ]);
    expect((await svc.call('GET', `${base(c)}/${a.id}`)).body.data).toMatchObject({
      status: 'open',
      payment_message_id: null,
      payment_entry_id: null,
    });
  });

  it("schedules several bills in one request with the file's message id", async () => {
    const c = newCompany(svc, 'Stapel');
    const [a, b] = [await create(c), await create(c)];
    const res = await svc.call('POST', `${base(c)}/schedule`, { ids: [a.id, b.id], payment_message_id: 'MSG-1' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.map((x: any) => [x.id, x.status, x.payment_message_id])).toEqual([
      [a.id, 'scheduled', 'MSG-1'],
      [b.id, 'scheduled', 'MSG-1'],
    ]);
  });

  it('changes nothing when one bill is not open (400) or gone (404)', async () => {
    const c = newCompany(svc, 'Stapel 400');
    const [a, b] = [await create(c), await create(c)];
    await svc.call('POST', `${base(c)}/${b.id}/mark-as/cancelled`);
    const refused = await svc.call('POST', `${base(c)}/schedule`, { ids: [a.id, b.id], payment_message_id: 'MSG-2' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(b.number);
    expect(
      (await svc.call('POST', `${base(c)}/schedule`, { ids: [a.id, 999999], payment_message_id: 'MSG-2' })).status,
    ).toBe(404);
    const other = (await svc.call('POST', base(company2), bill(company2), { token: token2 })).body.data;
    expect(
      (await svc.call('POST', `${base(c)}/schedule`, { ids: [a.id, other.id], payment_message_id: 'MSG-2' })).status,
    ).toBe(404);
    expect((await svc.call('GET', `${base(c)}/${a.id}`)).body.data).toMatchObject({
      status: 'open',
      payment_message_id: null,
    });
  });

  it('refuses a body without ids or message id (422)', async () => {
    const c = newCompany(svc, 'Stapel 422');
    expect422(await svc.call('POST', `${base(c)}/schedule`, {}), ['ids', 'payment_message_id']);
    expect422(await svc.call('POST', `${base(c)}/schedule`, { ids: ['x'], payment_message_id: 'Y'.repeat(36) }), [
      'ids.0',
      'payment_message_id',
    ]);
  });
});

describe('the company scope', () => {
  it("answers 404 for another company's bill on every route", async () => {
    const other = (await svc.call('POST', base(company2), bill(company2), { token: token2 })).body.data;
    for (const [method, path] of [
      ['GET', `${base(1)}/${other.id}`],
      ['PUT', `${base(1)}/${other.id}`],
      ['DELETE', `${base(1)}/${other.id}`],
      ['POST', `${base(1)}/${other.id}/mark-as/paid`],
      ['POST', `${base(1)}/${other.id}/attach`],
    ])
      expect((await svc.call(method, path, method === 'GET' ? undefined : {})).status, `${method} ${path}`).toBe(404);
    expect((await svc.call('GET', base(1))).body.data.map((b: any) => b.id)).not.toContain(other.id);
    // a company the user is not in: the app's company scope refuses it
    expect((await svc.call('GET', base(company2))).status).toBe(403);
  });
});

describe('the rate limit', () => {
  it('answers 429 past the limit', async () => {
    const limited = await startTestService({ rateLimit: 2 });
    try {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push((await limited.call('GET', base(1))).status);
      expect(answers).toContain(429);
    } finally {
      await limited.close();
    }
  });
});
