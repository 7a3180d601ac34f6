// Proposals and invoices against the running service: create/read/update/delete with positions and
// totals, every filter and the meta, numbers, the two state machines move by move, the bookings of
// sent and paid seen through the entries API and the balances, time entries and expense bookings that
// follow the invoice, batch, positions, activities, attachments, split, recurring copies, and what the
// master data shows of documents. Each describe works in a company of its own.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runRecurring } from '../../src/server/actions/recurring.js';
import { isValidQrr, isValidScor, makeQrr, makeScor } from '../../src/domain/qr-reference.js';
import {
  accountId,
  expect422Fields,
  newCompany,
  secondUser,
  taxRateId,
  useTestService,
  type ServiceAnswer,
} from '../helpers/service.js';
import { EXAMPLE_POSITIONS } from '../fixtures/documents.js';
import { clock } from '../../src/server/clock.js';
import { one } from '../../src/server/store/db.js';

const svc = useTestService();
type Body = Record<string, unknown>;

const db = () => svc.server.db;
const freshCompany = (name: string, settings: Parameters<typeof newCompany>[2] = {}) => newCompany(svc, name, settings);
const acc = (company: number, number: number) => accountId(svc, company, number);
const rate = (company: number, name: string) => taxRateId(svc, company, name);
const year = new Date().getFullYear();

function expectMessage(res: ServiceAnswer, status: number, pattern?: RegExp): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(Object.keys(res.body)).toEqual(['message']);
  if (pattern) expect(res.body.message).toMatch(pattern);
}

async function customer(company: number, name = 'Muster AG', extra: Body = {}): Promise<number> {
  const res = await svc.call('POST', `/companies/${company}/customers`, { name, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body.data.id;
}
async function contactOf(company: number, customerId: number): Promise<number> {
  const res = await svc.call('GET', `/companies/${company}/contacts?filter[customer_id]=${customerId}`);
  expect(res.body.data).toHaveLength(1);
  return res.body.data[0].id;
}
/** A company of its own with one customer, for the tests of one describe. */
async function companyWithCustomer(name: string): Promise<{ company: number; cust: number }> {
  const company = freshCompany(name);
  return { company, cust: await customer(company) };
}
const oneLine = (price: number | string = 100, amount: number | string = 1) =>
  JSON.stringify([{ description: 'Beratung', amount, price, unit: 'h' }]);

async function createDoc(company: number, type: 'proposals' | 'invoices', body: Body): Promise<any> {
  const res = await svc.call('POST', `/companies/${company}/${type}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (await svc.call('GET', `/companies/${company}/${type}/${res.body.id}`)).body.data;
}
const markAs = (company: number, type: 'proposals' | 'invoices', id: number, status: string, query = '') =>
  svc.call('GET', `/companies/${company}/${type}/${id}/mark-as?status=${status}${query}`);

describe('create and read', () => {
  let company: number;
  let cust: number;
  beforeAll(async () => ({ company, cust } = await companyWithCustomer('Dokumente AG')));

  it('a proposal: 201 with the bare summary, defaults and a generated number', async () => {
    const res = await svc.call('POST', `/companies/${company}/proposals`, { customer_id: cust, date: '2026-03-01' });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['id', 'number', 'status', 'final_value', 'created_at']);
    expect(res.body).toMatchObject({ number: 'O-2026-001', status: 'open', final_value: 0 });
    const p = (await svc.call('GET', `/companies/${company}/proposals/${res.body.id}`)).body.data;
    expect(p).toMatchObject({
      valid_until: '2026-03-15',
      lang: 'de',
      currency: 'CHF',
      type: 'proposal',
      payableDays: 14,
      vat_active: false,
      vat_included: false,
      add_rounding_difference: false,
      generated_title: 'Offerte O-2026-001',
      valid_until_formatted: '15.03.2026',
      is_shared: false,
      share_token: null,
      formatted: { date: '01.03.2026' },
      positions: [],
    });
    for (const key of ['customer', 'contact', 'project', 'tax_rate', 'invoices', 'attachments'])
      expect(p).toHaveProperty(key);
    expect(p.customer).toMatchObject({ id: cust, name: 'Muster AG', contacts: [] });
  });

  it('an invoice: the hand-checked totals of docs/service/documents.md, defaults of the company', async () => {
    const inv = await createDoc(company, 'invoices', {
      customer_id: cust,
      date: '2026-03-02',
      positions: JSON.stringify(EXAMPLE_POSITIONS),
      discount_rate: 2,
      tax_rate_id: rate(company, 'MWST 8.1 %'),
      add_rounding_difference: true,
    });
    expect(inv).toMatchObject({
      number: 'R-2026-001',
      payable_until: '2026-04-01',
      payableDays: 30,
      type: 'invoice',
      status: 'open',
      isReminder: false,
      total_value: 2667,
      discount_rate: 2,
      discount_amount: 53.34,
      total_value_with_discount: 2613.66,
      vat_active: true,
      vat_amount: 211.71,
      total_value_with_vat: 2825.37,
      final_value: 2825.35,
      rounding_difference: -0.02,
      final_value_formatted: "CHF 2'825.35",
      bank_account_id: acc(company, 1020),
      income_account_id: acc(company, 3400),
    });
    expect(inv.positions.map((p: any) => [p.type, p.title ?? p.description, p.sum, p.parent_id === null])).toEqual([
      ['collection', 'Website', 2235, true],
      ['position', 'Konzept und Design', 1875, false],
      ['position', 'Umsetzung', 360, false],
      ['position', 'Hosting 2026', 432, true],
      ['text', 'Zahlbar innert 30 Tagen', 0, true],
    ]);
    expect(inv.positions[3]).toMatchObject({
      amount: 1,
      price: 480,
      discount_amount: 10,
      discount_type: 'percentage',
      formatted: { sum: 'CHF 432.00' },
    });
    for (const key of [
      'customer',
      'contact',
      'project',
      'proposal',
      'bank_account',
      'tax_rate',
      'attachments',
      'entries',
    ])
      expect(inv).toHaveProperty(key);
    expect(inv.bank_account.number).toBe(1020);
  });

  it('VAT included is contained in the total', async () => {
    const inv = await createDoc(company, 'invoices', {
      customer_id: cust,
      positions: oneLine(108.1),
      tax_rate_id: rate(company, 'MWST 8.1 %'),
      vat_included: true,
    });
    expect(inv).toMatchObject({
      total_value_with_discount: 108.1,
      vat_amount: 8.1,
      total_value_with_vat: 108.1,
      final_value: 108.1,
    });
  });

  it("the tax rate defaults to the customer's; a plain array of positions works too", async () => {
    const withRate = await customer(company, 'Steuer GmbH', { tax_rate_id: rate(company, 'MWST 8.1 %') });
    const inv = await createDoc(company, 'invoices', {
      customer_id: withRate,
      positions: [{ description: 'x', amount: 2, price: 50 }],
    });
    expect(inv.tax_rate_id).toBe(rate(company, 'MWST 8.1 %'));
    expect(inv.final_value).toBe(108.1);
    expect((await createDoc(company, 'proposals', { customer_id: withRate })).tax_rate_id).toBe(
      rate(company, 'MWST 8.1 %'),
    );
    expect(
      (await createDoc(company, 'proposals', { customer_id: withRate, tax_rate_id: null })).tax_rate_id,
    ).toBeNull();
  });

  it('payment references: QRR with a QR-IBAN account, else ISO 11649; a change of account changes it', async () => {
    const qrAccount = await svc.call('POST', `/companies/${company}/accounts`, {
      name: 'PostFinance QR',
      number: 1025,
      type: 'bank',
      iban: 'CH44 3199 9123 0008 8901 2',
    });
    expect(qrAccount.status, JSON.stringify(qrAccount.body)).toBeLessThan(300);
    const qrId = qrAccount.body.data?.id ?? qrAccount.body.id;
    const plain = await createDoc(company, 'invoices', { customer_id: cust, positions: oneLine() });
    expect(plain.qr_reference).toBeNull();
    expect(plain.reference).toBe(makeScor(company, plain.id));
    expect(isValidScor(plain.reference)).toBe(true);
    const qr = await createDoc(company, 'invoices', { customer_id: cust, positions: oneLine(), bank_account_id: qrId });
    expect(qr.reference).toBeNull();
    expect(qr.qr_reference).toBe(makeQrr(company, qr.id));
    expect(isValidQrr(qr.qr_reference)).toBe(true);
    const moved = (await svc.call('PUT', `/companies/${company}/invoices/${plain.id}`, { bank_account_id: qrId })).body
      .data;
    expect([moved.qr_reference, moved.reference]).toEqual([makeQrr(company, plain.id), null]);
    const back = (
      await svc.call('PUT', `/companies/${company}/invoices/${plain.id}`, { bank_account_id: acc(company, 1020) })
    ).body.data;
    expect([back.qr_reference, back.reference]).toEqual([null, makeScor(company, plain.id)]);
  });

  it('is_shared makes a 32-character URL-safe share token, kept while shared; false clears it', async () => {
    const p = await createDoc(company, 'proposals', { customer_id: cust });
    const shared = (await svc.call('PUT', `/companies/${company}/proposals/${p.id}`, { is_shared: true })).body.data;
    expect(shared.is_shared).toBe(true);
    expect(shared.share_token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(
      (await svc.call('PUT', `/companies/${company}/proposals/${p.id}`, { is_shared: true, title: 'x' })).body.data
        .share_token,
    ).toBe(shared.share_token);
    const other = (
      await svc.call(
        'PUT',
        `/companies/${company}/proposals/${(await createDoc(company, 'proposals', { customer_id: cust })).id}`,
        { is_shared: true },
      )
    ).body.data;
    expect(other.share_token).not.toBe(shared.share_token);
    expect(
      (await svc.call('PUT', `/companies/${company}/proposals/${p.id}`, { is_shared: false })).body.data,
    ).toMatchObject({ is_shared: false, share_token: null });
  });

  it('number endpoints answer the bare next number', async () => {
    const res = await svc.call('GET', `/companies/${company}/invoices/number`);
    expect(res.status).toBe(200);
    expect(res.body).toMatch(new RegExp(`^R-${year}-\\d{3}$`));
    expect((await svc.call('GET', `/companies/${company}/proposals/number`)).body).toMatch(
      new RegExp(`^O-${year}-\\d{3}$`),
    );
  });

  it('answers 422 for every rule, in one answer', async () => {
    const other = freshCompany('Fremd AG');
    const foreignCustomer = await customer(other, 'Fremd');
    expect422Fields(await svc.call('POST', `/companies/${company}/proposals`, {}), ['customer_id']);
    expect422Fields(await svc.call('POST', `/companies/${company}/invoices`, { customer_id: cust }), ['positions']);
    expect422Fields(
      await svc.call('POST', `/companies/${company}/invoices`, { customer_id: foreignCustomer, positions: '{broken' }),
      ['customer_id', 'positions'],
    );
    const bad = await svc.call('POST', `/companies/${company}/invoices`, {
      customer_id: cust,
      positions: JSON.stringify([{ description: 'x', amount: -1, price: 1 }]),
    });
    expect422Fields(bad, ['positions']);
    expect(bad.body.message).toBe('The positions.0.amount field must be a number of at least 0.');
    expect422Fields(
      await svc.call('POST', `/companies/${company}/proposals`, {
        customer_id: cust,
        lang: 'es',
        currency: 'JPY',
        discount_rate: 101,
        date: '2026-02-30',
        tax_rate_id: 999999,
      }),
      ['tax_rate_id', 'lang', 'date', 'discount_rate', 'currency'],
    );
    expect422Fields(
      await svc.call('POST', `/companies/${company}/invoices`, {
        customer_id: cust,
        positions: '[]',
        bank_account_id: acc(company, 3400),
        income_account_id: acc(company, 1020),
        proposal_id: 999999,
      }),
      ['proposal_id', 'bank_account_id', 'income_account_id'],
    );
  });

  it("a number must be free for the company and type; a contact must be the customer's", async () => {
    await createDoc(company, 'proposals', { customer_id: cust, number: 'O-EIGEN-1' });
    expect422Fields(
      await svc.call('POST', `/companies/${company}/proposals`, { customer_id: cust, number: 'O-EIGEN-1' }),
      ['number'],
    );
    expect(
      (
        await svc.call('POST', `/companies/${company}/invoices`, {
          customer_id: cust,
          number: 'O-EIGEN-1',
          positions: '[]',
        })
      ).status,
    ).toBe(201);
    const otherCustomer = await customer(company, 'Andere AG', { contact_name: 'Eva' });
    const contactId = await contactOf(company, otherCustomer);
    expect422Fields(
      await svc.call('POST', `/companies/${company}/proposals`, { customer_id: cust, contact_id: contactId }),
      ['contact_id'],
    );
    expect(
      (await svc.call('POST', `/companies/${company}/proposals`, { customer_id: otherCustomer, contact_id: contactId }))
        .status,
    ).toBe(201);
  });

  it("another company's documents are 404, like missing ones", async () => {
    const other = freshCompany('Andere Firma AG');
    const p = await createDoc(other, 'proposals', { customer_id: await customer(other) });
    // a member of company 1 only
    const user2 = secondUser(svc, { email: 'zweite@example.com', token: 'documents-second-user' });
    expect((await svc.call('GET', `/companies/${company}/proposals/${p.id}`)).status).toBe(404);
    expect(
      (await svc.call('GET', `/companies/${other}/proposals/${p.id}`, undefined, { token: user2.token })).status,
    ).toBe(403);
    expect((await svc.call('PUT', `/companies/${company}/proposals/${p.id}`, { title: 'x' })).status).toBe(404);
    expect((await svc.call('DELETE', `/companies/${company}/proposals/${p.id}`)).status).toBe(404);
    expect((await svc.call('GET', `/companies/${company}/invoices/abc`)).status).toBe(404);
  });
});

describe('lists', () => {
  let company: number;
  let a: number;
  let b: number;
  let ids: Record<string, number>;
  beforeAll(async () => {
    company = freshCompany('Listen AG');
    a = await customer(company, 'Alpha');
    b = await customer(company, 'Beta');
    const make = async (customerId: number, date: string, price: number, payable: string) =>
      (
        await createDoc(company, 'invoices', {
          customer_id: customerId,
          date,
          payable_until: payable,
          positions: oneLine(price),
        })
      ).id as number;
    ids = {
      open: await make(a, '2025-01-10', 100, '2025-02-10'),
      sent: await make(a, '2025-02-10', 200, '2099-01-01'),
      overdue: await make(b, '2025-03-10', 300, '2025-04-10'),
      paid: await make(b, '2025-04-10', 400, '2025-05-10'),
      reminder: await make(b, '2025-05-10', 500, '2025-06-10'),
    };
    for (const key of ['sent', 'overdue', 'paid', 'reminder'])
      expect((await markAs(company, 'invoices', ids[key], 'sent')).status).toBe(200);
    expect((await markAs(company, 'invoices', ids.paid, 'paid')).status).toBe(200);
    expect((await markAs(company, 'invoices', ids.reminder, 'reminder_one')).status).toBe(200);
  });
  const list = async (query = '') => {
    const res = await svc.call('GET', `/companies/${company}/invoices${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const idsOf = (body: any) => body.data.map((d: any) => d.id);

  it('newest first, with the summary shape and a meta over every match', async () => {
    const body = await list('?per_page=2');
    expect(idsOf(body)).toEqual([ids.reminder, ids.paid]);
    expect(body.meta).toEqual({
      count: 2,
      total: 5,
      sum: 1500,
      sums: { CHF: 1500 },
      sum_formatted: "CHF 1'500.00",
      current_page: 1,
      last_page: 3,
      per_page: 2,
    });
    expect(body.data[0]).toMatchObject({
      number: expect.stringMatching(/^R-2025-/),
      status: 'reminder_one',
      final_value: 500,
      customer: { id: b, name: 'Beta' },
    });
    expect(Object.keys(body.data[0])).toEqual(
      expect.arrayContaining(['id', 'number', 'title', 'date', 'status', 'final_value', 'customer']),
    );
    expect((await list('?page=9')).data).toEqual([]);
  });

  it(
    "sums per currency beside the spec's sum, which adds the final values whatever their currency; sum_formatted " +
      'says them apart',
    async () => {
      const devisen = freshCompany('Devisen AG');
      const cust = await customer(devisen, 'Kunde');
      for (const [currency, price] of [
        ['EUR', 1266.66],
        ['CHF', 416.05],
        ['USD', 10],
        ['EUR', 0.34],
      ] as const) {
        await createDoc(devisen, 'invoices', {
          customer_id: cust,
          currency,
          date: '2025-07-01',
          positions: oneLine(price),
        });
      }
      const body = (await svc.call('GET', `/companies/${devisen}/invoices`)).body;
      expect(body.meta).toMatchObject({
        total: 4,
        sum: 1693.05,
        sums: { CHF: 416.05, EUR: 1267, USD: 10 },
        sum_formatted: "CHF 416.05, EUR 1'267.00, USD 10.00",
      });
      expect(Object.keys(body.meta.sums)).toEqual(['CHF', 'EUR', 'USD']);
      const none = await list('?filter[customer_id]=999999');
      expect(none.meta).toMatchObject({ total: 0, sum: 0, sums: {}, sum_formatted: 'CHF 0.00' });
    },
  );

  it.each([
    ['open', ['open']],
    ['sent', ['overdue', 'sent']],
    ['paid', ['paid']],
    ['unpaid', ['reminder', 'overdue', 'sent']],
    ['overdue', ['reminder', 'overdue']],
    ['reminder', ['reminder']],
    ['all', ['reminder', 'paid', 'overdue', 'sent', 'open']],
  ])('filter[status]=%s', async (status, expected) => {
    expect(idsOf(await list(`?filter[status]=${status}`))).toEqual(expected.map((k) => ids[k]));
  });

  it('status as an array or a comma list means any of them; an unknown word is 400', async () => {
    expect(idsOf(await list('?filter[status][]=open&filter[status][]=paid'))).toEqual([ids.paid, ids.open]);
    expect(idsOf(await list('?filter[status]=open,paid'))).toEqual([ids.paid, ids.open]);
    expectMessage(await svc.call('GET', `/companies/${company}/invoices?filter[status]=late`), 400, /filter\[status\]/);
  });

  it('customer, date range (inclusive), number part and id filters; meta sums the matches', async () => {
    const byCustomer = await list(`?filter[customer_id]=${a}`);
    expect(idsOf(byCustomer)).toEqual([ids.sent, ids.open]);
    expect(byCustomer.meta).toMatchObject({ total: 2, sum: 300 });
    expect(idsOf(await list('?filter[date]=2025-02-10,2025-04-10'))).toEqual([ids.paid, ids.overdue, ids.sent]);
    const number = (await svc.call('GET', `/companies/${company}/invoices/${ids.overdue}`)).body.data.number as string;
    expect(idsOf(await list(`?filter[number]=${number.slice(-3)}`))).toEqual([ids.overdue]);
    expect(idsOf(await list(`?filter[id]=${ids.open},${ids.paid}`))).toEqual([ids.paid, ids.open]);
    expectMessage(await svc.call('GET', `/companies/${company}/invoices?filter[date]=yesterday`), 400);
  });

  it('proposals: overdue means open or sent past valid_until', async () => {
    const old = await createDoc(company, 'proposals', {
      customer_id: a,
      date: '2025-01-01',
      valid_until: '2025-01-15',
    });
    const current = await createDoc(company, 'proposals', {
      customer_id: a,
      date: '2025-01-02',
      valid_until: '2099-01-01',
    });
    const res = await svc.call('GET', `/companies/${company}/proposals?filter[status]=overdue`);
    expect(res.body.data.map((d: any) => d.id)).toEqual([old.id]);
    expect(res.body.data[0].overdue).toBe(true);
    expect((await svc.call('GET', `/companies/${company}/proposals?filter[status]=open`)).body.meta.total).toBe(2);
    expect(current.overdue).toBe(false);
  });
});

describe('proposal states', () => {
  let company: number;
  let cust: number;
  beforeAll(async () => ({ company, cust } = await companyWithCustomer('Offerten AG')));
  const allowed: [string, string][] = [
    ['open', 'sent'],
    ['sent', 'open'],
    ['sent', 'accepted'],
    ['sent', 'declined'],
    ['accepted', 'open'],
    ['accepted', 'confirmation'],
    ['declined', 'open'],
    ['confirmation', 'accepted'],
  ];
  const path: Record<string, string[]> = {
    open: [],
    sent: ['sent'],
    accepted: ['sent', 'accepted'],
    declined: ['sent', 'declined'],
    confirmation: ['sent', 'accepted', 'confirmation'],
  };

  for (const from of ['open', 'sent', 'accepted', 'declined', 'confirmation']) {
    for (const to of ['open', 'sent', 'accepted', 'declined', 'confirmation']) {
      const ok = allowed.some(([f, t]) => f === from && t === to);
      it(`${from} → ${to}: ${ok ? '200' : '400, nothing changes'}`, async () => {
        const p = await createDoc(company, 'proposals', { customer_id: cust });
        for (const step of path[from]) expect((await markAs(company, 'proposals', p.id, step)).status).toBe(200);
        const res = await markAs(company, 'proposals', p.id, to);
        if (ok) {
          expect(res.status).toBe(200);
          expect(res.body.data.status).toBe(to);
        } else {
          expectMessage(res, 400);
          expect((await svc.call('GET', `/companies/${company}/proposals/${p.id}`)).body.data.status).toBe(from);
        }
      });
    }
  }

  it('a confirmation is titled as one; an unknown status is 422', async () => {
    const p = await createDoc(company, 'proposals', { customer_id: cust, lang: 'en' });
    for (const step of path.confirmation) await markAs(company, 'proposals', p.id, step);
    expect((await svc.call('GET', `/companies/${company}/proposals/${p.id}`)).body.data.generated_title).toBe(
      `Order confirmation ${p.number}`,
    );
    expect422Fields(await markAs(company, 'proposals', p.id, 'paid'), ['status']);
    expect422Fields(await svc.call('GET', `/companies/${company}/proposals/${p.id}/mark-as`), ['status']);
  });

  it('proposals can be edited in every status; activities record each step, newest first', async () => {
    const p = await createDoc(company, 'proposals', { customer_id: cust });
    for (const step of path.confirmation) await markAs(company, 'proposals', p.id, step);
    const put = await svc.call('PUT', `/companies/${company}/proposals/${p.id}`, {
      title: 'Neu',
      positions: oneLine(50, 2),
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ title: 'Neu', total_value: 100, status: 'confirmation' });
    const activities = (await svc.call('GET', `/companies/${company}/proposals/${p.id}/activities`)).body;
    const keys = Object.keys(activities);
    expect(keys.every((k) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}( #\d+)?$/.test(k))).toBe(true);
    expect(Object.values(activities).map((a: any) => a.message)).toEqual([
      'Updated',
      'Converted to order confirmation',
      'Marked as accepted',
      'Marked as sent',
      'Created',
    ]);
    expect(Object.values(activities)[0]).toMatchObject({ date: expect.stringMatching(/^\d{2}\.\d{2}\.\d{4}$/) });
  });
});

describe('invoice states and their bookings', () => {
  let cash: number;
  let accrual: number;
  const setup = async (company: number) => ({ cust: await customer(company), mwst: rate(company, 'MWST 8.1 %') });
  beforeAll(() => {
    cash = freshCompany('Bar AG');
    accrual = freshCompany('Soll AG', { vatAccrual: 'on' });
  });
  const reach: Record<string, string[]> = {
    open: [],
    sent: ['sent'],
    paid: ['sent', 'paid'],
    reminder_one: ['sent', 'reminder_one'],
    reminder_two: ['sent', 'reminder_one', 'reminder_two'],
    reminder_three: ['sent', 'reminder_one', 'reminder_two', 'reminder_three'],
  };
  const table: Record<string, string> = {
    'open>sent': 'sent',
    'sent>open': 'open',
    'sent>paid': 'paid',
    'sent>reminder_one': 'reminder_one',
    'paid>unpaid': 'sent',
    'reminder_one>undo_reminder_one': 'sent',
    'reminder_one>reminder_two': 'reminder_two',
    'reminder_one>paid': 'paid',
    'reminder_two>reminder_one': 'reminder_one',
    'reminder_two>reminder_three': 'reminder_three',
    'reminder_two>paid': 'paid',
    'reminder_three>reminder_two': 'reminder_two',
    'reminder_three>paid': 'paid',
  };
  const targets = [
    'open',
    'sent',
    'paid',
    'unpaid',
    'reminder_one',
    'undo_reminder_one',
    'reminder_two',
    'reminder_three',
  ];

  for (const from of Object.keys(reach)) {
    it(`from ${from}: every target moves as the table says or is 400`, async () => {
      const { cust } = await setup(cash);
      for (const to of targets) {
        const inv = await createDoc(cash, 'invoices', { customer_id: cust, positions: oneLine() });
        for (const step of reach[from]) expect((await markAs(cash, 'invoices', inv.id, step)).status).toBe(200);
        const res = await markAs(cash, 'invoices', inv.id, to);
        const next = table[`${from}>${to}`];
        if (next) {
          expect(res.status, `${from} → ${to}`).toBe(200);
          expect(res.body.data.status).toBe(next);
        } else {
          expect(res.status, `${from} → ${to}`).toBe(400);
          expect((await svc.call('GET', `/companies/${cash}/invoices/${inv.id}`)).body.data.status).toBe(from);
        }
      }
    });
  }

  it('cash method: paid with createEntry books bank / income with the tax rate; unpaid deletes it', async () => {
    const { cust, mwst } = await setup(cash);
    const inv = await createDoc(cash, 'invoices', {
      customer_id: cust,
      positions: oneLine(1000),
      tax_rate_id: mwst,
      date: '2026-02-01',
    });
    await markAs(cash, 'invoices', inv.id, 'sent');
    expect((await svc.call('GET', `/companies/${cash}/invoices/${inv.id}`)).body.data.receivable_entry_id).toBeNull();
    const paid = await markAs(cash, 'invoices', inv.id, 'paid', '&createEntry=true&paidDate=2026-02-20');
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'paid', paid_at: '2026-02-20' });
    const entryId = paid.body.data.entry_id;
    const entry = (await svc.call('GET', `/companies/${cash}/entries/${entryId}`)).body.data;
    expect(entry).toMatchObject({
      date: '2026-02-20',
      sum: 1081,
      type: 'income',
      tax_rate_id: mwst,
      invoice_id: inv.id,
      customer_id: cust,
    });
    expect([entry.debit_account.number, entry.credit_account.number]).toEqual([1020, 3400]);
    expect(paid.body.data.entries.map((e: any) => e.id)).toEqual([entryId]);
    const balances = (await svc.call('GET', `/companies/${cash}/accounts?type=all&start=2026-01-01&until=2026-12-31`))
      .body;
    const balance = (n: number) => balances.find((r: any) => r.number === n).balance;
    expect([balance(1020), balance(3400), balance(2200)]).toEqual([1081, 1000, 81]);
    const refused = await svc.call('DELETE', `/companies/${cash}/entries/${entryId}`);
    expectMessage(refused, 400, new RegExp(`Rechnung ${inv.number}.*mark-as ${inv.number} unpaid`));
    const unpaid = await markAs(cash, 'invoices', inv.id, 'unpaid');
    expect(unpaid.body.data).toMatchObject({ status: 'sent', entry_id: null, paid_at: null });
    expect((await svc.call('GET', `/companies/${cash}/entries/${entryId}`)).status).toBe(404);
  });

  it('paid: the sum, bank account and tax rate parameters; without createEntry no booking', async () => {
    const { cust } = await setup(cash);
    const bank = await svc.call('POST', `/companies/${cash}/accounts`, { name: 'Post', number: 1010, type: 'bank' });
    const bankId = bank.body.data?.id ?? acc(cash, 1010);
    const inv = await createDoc(cash, 'invoices', { customer_id: cust, positions: oneLine(500) });
    await markAs(cash, 'invoices', inv.id, 'sent');
    const paid = await markAs(
      cash,
      'invoices',
      inv.id,
      'paid',
      `&createEntry=1&sum=480.50&bank_account_id=${bankId}&tax_rate_id=${rate(cash, 'MWST 8.1 %')}`,
    );
    const entry = (await svc.call('GET', `/companies/${cash}/entries/${paid.body.data.entry_id}`)).body.data;
    expect(entry).toMatchObject({ sum: 480.5, debit_account_id: bankId, tax_rate_id: rate(cash, 'MWST 8.1 %') });
    const plain = await createDoc(cash, 'invoices', { customer_id: cust, positions: oneLine(10) });
    await markAs(cash, 'invoices', plain.id, 'sent');
    expect((await markAs(cash, 'invoices', plain.id, 'paid')).body.data.entry_id).toBeNull();
    expect422Fields(await markAs(cash, 'invoices', plain.id, 'unpaid', '&paidDate=gestern'), ['paidDate']);
    expect422Fields(
      await markAs(
        cash,
        'invoices',
        plain.id,
        'unpaid',
        '&createEntry=vielleicht&sum=-1&tax_rate_id=999999&reminder_due_date=2026-02-30',
      ),
      ['createEntry', 'sum', 'tax_rate_id', 'reminder_due_date'],
    );
    expect422Fields(await markAs(cash, 'invoices', plain.id, 'unpaid', `&bank_account_id=${acc(cash, 3400)}`), [
      'bank_account_id',
    ]);
  });

  it(
    'accrual method: sent books the receivable 1100 / income with VAT, paid books bank / 1100 without; open and ' +
      'unpaid remove them',
    async () => {
      const { cust, mwst } = await setup(accrual);
      const inv = await createDoc(accrual, 'invoices', {
        customer_id: cust,
        positions: oneLine(200),
        tax_rate_id: mwst,
        date: '2026-03-01',
      });
      const sent = (await markAs(accrual, 'invoices', inv.id, 'sent')).body.data;
      const receivable = (await svc.call('GET', `/companies/${accrual}/entries/${sent.receivable_entry_id}`)).body.data;
      expect(receivable).toMatchObject({ date: '2026-03-01', sum: 216.2, tax_rate_id: mwst, type: 'income' });
      expect([receivable.debit_account.number, receivable.credit_account.number]).toEqual([1100, 3400]);
      const back = (await markAs(accrual, 'invoices', inv.id, 'open')).body.data;
      expect(back.receivable_entry_id).toBeNull();
      expect((await svc.call('GET', `/companies/${accrual}/entries/${sent.receivable_entry_id}`)).status).toBe(404);
      const again = (await markAs(accrual, 'invoices', inv.id, 'sent')).body.data;
      const paid = (await markAs(accrual, 'invoices', inv.id, 'paid', '&createEntry=true&paidDate=2026-03-20')).body
        .data;
      const payment = (await svc.call('GET', `/companies/${accrual}/entries/${paid.entry_id}`)).body.data;
      expect(payment).toMatchObject({ sum: 216.2, tax_rate_id: null, type: 'swap' });
      expect([payment.debit_account.number, payment.credit_account.number]).toEqual([1020, 1100]);
      const balances = (
        await svc.call('GET', `/companies/${accrual}/accounts?type=all&start=2026-01-01&until=2026-12-31`)
      ).body;
      const balance = (n: number) => balances.find((r: any) => r.number === n).balance;
      expect([balance(1100), balance(1020), balance(3400), balance(2200)]).toEqual([0, 216.2, 200, 16.2]);
      expect(again.receivable_entry_id).not.toBeNull();
    },
  );

  it('a closed period refuses the booking and the whole move', async () => {
    const company = freshCompany('Gesperrt AG', { closedUntil: '2026-01-31' });
    const { cust } = await setup(company);
    const inv = await createDoc(company, 'invoices', { customer_id: cust, positions: oneLine(), date: '2026-01-15' });
    await markAs(company, 'invoices', inv.id, 'sent');
    expectMessage(
      await markAs(company, 'invoices', inv.id, 'paid', '&createEntry=true&paidDate=2026-01-20'),
      400,
      /abgeschlossen/,
    );
    const after = (await svc.call('GET', `/companies/${company}/invoices/${inv.id}`)).body.data;
    expect([after.status, after.entry_id, after.paid_at]).toEqual(['sent', null, null]);
    expect((await markAs(company, 'invoices', inv.id, 'paid', '&createEntry=true&paidDate=2026-02-01')).status).toBe(
      200,
    );
  });

  it('reminders: the due date defaults to today + 10 days, or as given; undo clears it', async () => {
    const { cust } = await setup(cash);
    const inv = await createDoc(cash, 'invoices', { customer_id: cust, positions: oneLine() });
    await markAs(cash, 'invoices', inv.id, 'sent');
    // 23:30 UTC is already the next day in Zurich: today is the company's day
    clock.now = () => new Date('2026-03-01T23:30:00Z');
    let r1: Record<string, unknown>;
    try {
      r1 = (await markAs(cash, 'invoices', inv.id, 'reminder_one')).body.data;
    } finally {
      clock.now = () => new Date();
    }
    expect(r1).toMatchObject({ status: 'reminder_one', isReminder: true, reminder_due_date: '2026-03-12' });
    expect(
      (await markAs(cash, 'invoices', inv.id, 'reminder_two', '&reminder_due_date=2030-01-31')).body.data
        .reminder_due_date,
    ).toBe('2030-01-31');
    await markAs(cash, 'invoices', inv.id, 'reminder_one');
    expect((await markAs(cash, 'invoices', inv.id, 'undo_reminder_one')).body.data).toMatchObject({
      status: 'sent',
      reminder_due_date: null,
    });
    const messages = Object.values(
      (await svc.call('GET', `/companies/${cash}/invoices/${inv.id}/activities`)).body,
    ).map((a: any) => [a.message, a.color]);
    expect(messages).toEqual([
      ['Reminder withdrawn', undefined],
      ['Reminder withdrawn', undefined],
      ['Reminder 2 sent', 'orange'],
      ['Reminder 1 sent', 'orange'],
      ['Marked as sent', undefined],
      ['Created', undefined],
    ]);
  });
});

describe('time entries and expense bookings on invoices', () => {
  let company: number;
  let cust: number;
  let project: number;
  const time = async (date: string, hours: number, rate = 150) => {
    const res = await svc.call('POST', `/companies/${company}/times`, {
      project_id: project,
      date,
      hours,
      minutes: 0,
      hourly_rate: rate,
      description: 'Arbeit',
      billable: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    return res.body.data.id as number;
  };
  const statusOf = async (id: number) => (await svc.call('GET', `/companies/${company}/times/${id}`)).body.data;
  beforeAll(async () => {
    company = freshCompany('Zeit AG');
    cust = await customer(company);
    project = (await svc.call('POST', `/companies/${company}/projects`, { name: 'Website', customer_id: cust })).body
      .data.id;
  });

  it('time_ids become invoiced, paid with the invoice, invoiced on unpaid, open when the invoice goes', async () => {
    const t1 = await time('2026-03-02', 2);
    const t2 = await time('2026-03-03', 1);
    const inv = await createDoc(company, 'invoices', {
      customer_id: cust,
      positions: oneLine(450, 3),
      time_ids: [t1, t2],
    });
    expect(inv.time_ids).toEqual([t1, t2]);
    expect(await statusOf(t1)).toMatchObject({ status: 'invoiced', invoice_id: inv.id });
    await markAs(company, 'invoices', inv.id, 'sent');
    await markAs(company, 'invoices', inv.id, 'paid');
    expect((await statusOf(t2)).status).toBe('paid');
    await markAs(company, 'invoices', inv.id, 'unpaid');
    expect((await statusOf(t2)).status).toBe('invoiced');
    await markAs(company, 'invoices', inv.id, 'open');
    expect((await svc.call('DELETE', `/companies/${company}/invoices/${inv.id}`)).status).toBe(204);
    expect(await statusOf(t1)).toMatchObject({ status: 'open', invoice_id: null });
  });

  it('a PUT with time_ids replaces the set; an entry on another invoice or not open is 422', async () => {
    const t1 = await time('2026-04-01', 1);
    const t2 = await time('2026-04-02', 1);
    const first = await createDoc(company, 'invoices', { customer_id: cust, positions: '[]', time_ids: [t1] });
    const put = await svc.call('PUT', `/companies/${company}/invoices/${first.id}`, { time_ids: [t2] });
    expect(put.body.data.time_ids).toEqual([t2]);
    expect((await statusOf(t1)).status).toBe('open');
    const taken = await svc.call('POST', `/companies/${company}/invoices`, {
      customer_id: cust,
      positions: '[]',
      time_ids: [t2],
    });
    expect422Fields(taken, ['time_ids']);
    expect(taken.body.message).toBe(`The time entry ${t2} is already on another invoice.`);
    expect422Fields(
      await svc.call('POST', `/companies/${company}/invoices`, {
        customer_id: cust,
        positions: '[]',
        time_ids: [99999999],
      }),
      ['time_ids'],
    );
  });

  it('entry_ids link expense bookings, which filter[invoiced] on entries then sees', async () => {
    const expense = await svc.call('POST', `/companies/${company}/entries`, {
      date: '2026-03-05',
      debit_account_id: acc(company, 6500),
      credit_account_id: acc(company, 1020),
      sum: 80,
      customer_id: cust,
      billable: true,
    });
    const incomeBooking = await svc.call('POST', `/companies/${company}/entries`, {
      date: '2026-03-05',
      debit_account_id: acc(company, 1020),
      credit_account_id: acc(company, 3400),
      sum: 10,
    });
    const inv = await createDoc(company, 'invoices', {
      customer_id: cust,
      positions: oneLine(80),
      entry_ids: [expense.body.data.id],
    });
    expect(inv.entry_ids).toEqual([expense.body.data.id]);
    const invoiced = await svc.call('GET', `/companies/${company}/entries?filter[invoiced]=true`);
    expect(invoiced.body.data.map((e: any) => e.id)).toContain(expense.body.data.id);
    expect422Fields(
      await svc.call('POST', `/companies/${company}/invoices`, {
        customer_id: cust,
        positions: '[]',
        entry_ids: [incomeBooking.body.data.id],
      }),
      ['entry_ids'],
    );
  });
});

describe('update, delete, batch', () => {
  let company: number;
  let cust: number;
  beforeAll(async () => ({ company, cust } = await companyWithCustomer('Batch AG')));

  it('invoices are edited only while open; a paid one cannot be deleted, nor a proposal with invoices', async () => {
    const inv = await createDoc(company, 'invoices', { customer_id: cust, positions: oneLine() });
    await markAs(company, 'invoices', inv.id, 'sent');
    expectMessage(await svc.call('PUT', `/companies/${company}/invoices/${inv.id}`, { title: 'x' }), 400);
    expectMessage(
      await svc.call('POST', `/companies/${company}/invoices/${inv.id}/positions`, {
        description: 'x',
        amount: 1,
        price: 1,
      }),
      400,
    );
    await markAs(company, 'invoices', inv.id, 'paid');
    expectMessage(await svc.call('DELETE', `/companies/${company}/invoices/${inv.id}`), 400, /Bezahlte/);
    const p = await createDoc(company, 'proposals', { customer_id: cust });
    await createDoc(company, 'invoices', { customer_id: cust, positions: '[]', proposal_id: p.id });
    expectMessage(await svc.call('DELETE', `/companies/${company}/proposals/${p.id}`), 400);
    const withInvoices = (await svc.call('GET', `/companies/${company}/proposals/${p.id}`)).body.data;
    expect(withInvoices.invoices).toHaveLength(1);
    const activities = Object.values(
      (await svc.call('GET', `/companies/${company}/proposals/${p.id}/activities`)).body,
    ).map((a: any) => a.message);
    expect(activities[0]).toMatch(/^Invoice R-\d{4}-\d{3} created from this proposal$/);
  });

  it('PUT replaces the positions and recomputes; updated_at moves', async () => {
    const inv = await createDoc(company, 'invoices', { customer_id: cust, positions: oneLine(100, 2) });
    const put = await svc.call('PUT', `/companies/${company}/invoices/${inv.id}`, {
      positions: oneLine(30, 1),
      discount_rate: 10,
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ total_value: 30, discount_amount: 3, final_value: 27 });
    expect(put.body.data.positions).toHaveLength(1);
    expect(put.body.data.updated_at >= inv.updated_at).toBe(true);
  });

  it('batch: update skips invoices not open, delete skips paid ones, mark-as skips invalid moves', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await createDoc(company, 'invoices', { customer_id: cust, positions: oneLine() })).id);
    await markAs(company, 'invoices', ids[2], 'sent');
    const patch = await svc.call('PATCH', `/companies/${company}/invoices/batch`, {
      ids: [...ids, 99999999],
      updateData: { title: 'Sammel' },
    });
    expect(patch.body).toMatchObject({ updated: 2, skipped: [ids[2], 99999999] });
    expect((await svc.call('GET', `/companies/${company}/invoices/${ids[0]}`)).body.data.title).toBe('Sammel');
    const mark = await svc.call('POST', `/companies/${company}/invoices/batch/mark-as`, {
      ids,
      updateData: { status: 'sent' },
    });
    expect(mark.body).toMatchObject({ updated: 2, skipped: [ids[2]] });
    await markAs(company, 'invoices', ids[0], 'paid');
    const del = await svc.call('DELETE', `/companies/${company}/invoices/batch`, { ids });
    expect(del.body).toMatchObject({ deleted: 2, skipped: [ids[0]] });
    expect422Fields(
      await svc.call('POST', `/companies/${company}/invoices/batch/mark-as`, { ids, updateData: { status: 'lost' } }),
      ['updateData.status'],
    );
    expect422Fields(await svc.call('DELETE', `/companies/${company}/invoices/batch`, {}), ['ids']);
  });

  it('proposals batch too', async () => {
    const p = await createDoc(company, 'proposals', { customer_id: cust });
    expect(
      (await svc.call('PATCH', `/companies/${company}/proposals/batch`, { ids: [p.id], updateData: { title: 'B' } }))
        .body,
    ).toMatchObject({ updated: 1, skipped: [] });
    expect(
      (
        await svc.call('POST', `/companies/${company}/proposals/batch/mark-as`, {
          ids: [p.id],
          updateData: { status: 'accepted' },
        })
      ).body,
    ).toMatchObject({ updated: 0, skipped: [p.id] });
    expect((await svc.call('DELETE', `/companies/${company}/proposals/batch`, { ids: [p.id] })).body).toMatchObject({
      deleted: 1,
      skipped: [],
    });
  });
});

describe('positions, attachments', () => {
  let company: number;
  let cust: number;
  beforeAll(async () => ({ company, cust } = await companyWithCustomer('Positionen AG')));

  it('list, create (also into a collection), update, delete; totals follow each', async () => {
    const inv = await createDoc(company, 'invoices', {
      customer_id: cust,
      positions: JSON.stringify([{ type: 'collection', title: 'Paket', positions: [] }]),
    });
    const base = `/companies/${company}/invoices/${inv.id}/positions`;
    const collection = inv.positions[0].id;
    const created = await svc.call('POST', base, {
      description: 'Teil',
      amount: 2,
      price: 10,
      unit: 'Stk',
      parent_id: collection,
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      description: 'Teil',
      amount: 2,
      price: 10,
      sum: 20,
      parent_id: collection,
      unit: 'Stk',
    });
    const updated = await svc.call('PUT', `${base}/${created.body.data.id}`, { amount: 3 });
    expect(updated.body.data).toMatchObject({ amount: 3, price: 10, sum: 30 });
    const list = (await svc.call('GET', base)).body.data;
    expect(list.map((p: any) => [p.type, p.sum])).toEqual([
      ['collection', 30],
      ['position', 30],
    ]);
    expect((await svc.call('GET', `/companies/${company}/invoices/${inv.id}`)).body.data.total_value).toBe(30);
    expect((await svc.call('DELETE', `${base}/${created.body.data.id}`)).status).toBe(204);
    expect((await svc.call('GET', `/companies/${company}/invoices/${inv.id}`)).body.data.total_value).toBe(0);
    expect((await svc.call('DELETE', `${base}/999999`)).status).toBe(404);
    expect422Fields(await svc.call('POST', base, { description: 'x', amount: 1 }), ['price']);
    expect422Fields(await svc.call('POST', base, { description: 'x', amount: 1, price: 1, parent_id: 999999 }), [
      'parent_id',
    ]);
  });

  it('attach (multipart, 6 MB) and detach; the file is served like receipts', async () => {
    const p = await createDoc(company, 'proposals', { customer_id: cust });
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4 plan'], { type: 'application/pdf' }), 'plan.pdf');
    const res = await svc.call('POST', `/companies/${company}/proposals/${p.id}/attach`, form);
    expect(res.status).toBe(201);
    const file = res.body.data;
    expect(file).toMatchObject({ name: 'plan.pdf', size: 13, mime: 'application/pdf' });
    expect(await (await fetch(file.url)).text()).toBe('%PDF-1.4 plan');
    expect(
      (await svc.call('GET', `/companies/${company}/proposals/${p.id}`)).body.data.attachments.map((a: any) => a.id),
    ).toEqual([file.id]);
    const big = new FormData();
    big.append('file', new Blob([new Uint8Array(6 * 1024 * 1024 + 1)]), 'big.bin');
    const tooBig = await svc.call('POST', `/companies/${company}/proposals/${p.id}/attach`, big);
    expect(tooBig.status).toBe(422);
    expect422Fields(await svc.call('POST', `/companies/${company}/proposals/${p.id}/attach`, {}), ['file']);
    const other = freshCompany('Fremde Anhänge AG');
    const foreign = await createDoc(other, 'proposals', { customer_id: await customer(other) });
    for (const [method, path] of [
      ['GET', 'positions'],
      ['POST', 'positions'],
      ['GET', 'activities'],
      ['POST', 'attach'],
      ['GET', 'mark-as?status=sent'],
    ] as const) {
      expect(
        (
          await svc.call(
            method,
            `/companies/${company}/proposals/${foreign.id}/${path}`,
            method === 'POST' ? {} : undefined,
          )
        ).status,
        `${method} ${path}`,
      ).toBe(404);
    }
    const bytesOf = (id: number) =>
      join(svc.dataDir, String(one(svc.server.db, 'SELECT path FROM files WHERE id = ?', id)!.path));
    const detached = bytesOf(file.id);
    expect(existsSync(detached)).toBe(true);
    expect((await svc.call('POST', `/companies/${company}/proposals/${p.id}/detach/${file.id}`)).status).toBe(204);
    expect((await svc.call('POST', `/companies/${company}/proposals/${p.id}/detach/${file.id}`)).status).toBe(404);
    expect((await fetch(file.url)).status).toBe(404);
    expect(existsSync(detached)).toBe(false);
    // deleting the document takes its attachments' bytes with it
    const again = new FormData();
    again.append('file', new Blob(['%PDF-1.4 again'], { type: 'application/pdf' }), 'again.pdf');
    const kept = (
      await (
        await fetch(`${svc.url}/companies/${company}/proposals/${p.id}/attach`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${svc.token}` },
          body: again,
        })
      ).json()
    ).data;
    const keptBytes = bytesOf(kept.id);
    expect(existsSync(keptBytes)).toBe(true);
    expect((await svc.call('DELETE', `/companies/${company}/proposals/${p.id}`)).status).toBe(204);
    expect(existsSync(keptBytes)).toBe(false);
  });
});

describe('split-invoices', () => {
  let company: number;
  let cust: number;
  beforeAll(async () => ({ company, cust } = await companyWithCustomer('Teilung AG')));

  it("makes one invoice per part with the proposal's customer, tax rate and link", async () => {
    const p = await createDoc(company, 'proposals', {
      customer_id: cust,
      positions: oneLine(1000),
      tax_rate_id: rate(company, 'MWST 8.1 %'),
      lang: 'fr',
    });
    const res = await svc.call('POST', `/companies/${company}/proposals/${p.id}/split-invoices`, {
      splits: [
        { title: 'Anzahlung', sum: 400 },
        { title: 'Rest', sum: 600 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.map((i: any) => [i.title, i.final_value])).toEqual([
      ['Anzahlung', 432.4],
      ['Rest', 648.6],
    ]);
    const first = (await svc.call('GET', `/companies/${company}/invoices/${res.body[0].id}`)).body.data;
    expect(first).toMatchObject({
      proposal_id: p.id,
      customer_id: cust,
      tax_rate_id: rate(company, 'MWST 8.1 %'),
      lang: 'fr',
      positions: [{ description: 'Anzahlung', amount: 1, price: 400 }],
    });
    expect(
      (await svc.call('GET', `/companies/${company}/proposals/${p.id}`)).body.data.invoices.map((i: any) => i.id),
    ).toEqual(res.body.map((i: any) => i.id));
  });

  it('parts that do not total the proposal are 422 errors.splits', async () => {
    const p = await createDoc(company, 'proposals', { customer_id: cust, positions: oneLine(1000) });
    const res = await svc.call('POST', `/companies/${company}/proposals/${p.id}/split-invoices`, {
      splits: [
        { title: 'A', sum: 400 },
        { title: 'B', sum: 500 },
      ],
    });
    expect422Fields(res, ['splits']);
    expect(res.body.message).toMatch(/100 percent/);
    expect((await svc.call('GET', `/companies/${company}/invoices`)).body.meta.total).toBe(2);
  });
});

describe('recurring invoices', () => {
  it('402 on the standard plan; 422 without an interval', async () => {
    const company = freshCompany('Standard AG');
    const cust = await customer(company);
    expectMessage(
      await svc.call('POST', `/companies/${company}/invoices`, {
        customer_id: cust,
        positions: '[]',
        repeat: true,
        repeat_interval: 'monthly',
      }),
      402,
    );
    const business = freshCompany('Wieder AG', { plan: 'business' });
    expect422Fields(
      await svc.call('POST', `/companies/${business}/invoices`, {
        customer_id: await customer(business),
        positions: '[]',
        repeat: true,
      }),
      ['repeat_interval'],
    );
  });

  it('copies each due occurrence once, dated that day, month ends clamped, until the stop date', async () => {
    const company = freshCompany('Abo AG', { plan: 'business' });
    const cust = await customer(company);
    const template = await createDoc(company, 'invoices', {
      customer_id: cust,
      positions: oneLine(99),
      date: '2026-01-31',
      payable_until: '2026-02-10',
      repeat: true,
      repeat_interval: 'monthly',
      repeat_stop_at: '2026-04-30',
    });
    const made = runRecurring(db(), { companyId: company, date: '2026-03-31' });
    expect(made.map((m) => m.date)).toEqual(['2026-02-28', '2026-03-31']);
    expect(runRecurring(db(), { companyId: company, date: '2026-03-31' })).toEqual([]);
    expect(runRecurring(db(), { companyId: company, date: '2026-12-31' }).map((m) => m.date)).toEqual(['2026-04-30']);
    const copy = (await svc.call('GET', `/companies/${company}/invoices/${made[0].id}`)).body.data;
    expect(copy).toMatchObject({
      date: '2026-02-28',
      payable_until: '2026-03-10',
      status: 'open',
      repeat: false,
      final_value: 99,
    });
    expect(copy.number).not.toBe(template.number);
    const activities = Object.values(
      (await svc.call('GET', `/companies/${company}/invoices/${template.id}/activities`)).body,
    ).map((a: any) => a.message);
    expect(activities.filter((m) => /^Recurring invoice R-2026-\d{3} created$/.test(m))).toHaveLength(3);
  });
});

describe('what the master data shows of documents', () => {
  let company: number;
  let cust: number;
  let project: number;
  beforeAll(async () => {
    company = freshCompany('Stamm AG');
    cust = await customer(company);
    project = (await svc.call('POST', `/companies/${company}/projects`, { name: 'Shop', customer_id: cust })).body.data
      .id;
  });

  it('customers list their documents and the unpaid sum; projects count and sum them', async () => {
    const p = await createDoc(company, 'proposals', {
      customer_id: cust,
      project_id: project,
      positions: oneLine(500),
    });
    const inv = await createDoc(company, 'invoices', {
      customer_id: cust,
      project_id: project,
      positions: oneLine(300),
    });
    await createDoc(company, 'invoices', { customer_id: cust, project_id: project, positions: oneLine(200) });
    await markAs(company, 'invoices', inv.id, 'sent');
    const c = (await svc.call('GET', `/companies/${company}/customers/${cust}?include=proposals,invoices`)).body.data;
    expect(c.proposals.map((x: any) => x.id)).toEqual([p.id]);
    expect(c.invoices).toHaveLength(2);
    expect(c.open_invoice_sum).toBe('300.00');
    const pr = (await svc.call('GET', `/companies/${company}/projects/${project}`)).body.data;
    expect(pr).toMatchObject({ invoices_count: 2, proposals_count: 1 });
    expect(pr.budget_usage.total_sum_invoiced).toBe('500.00');
    const withDocs = (await svc.call('GET', `/companies/${company}/projects/${project}?include=invoices,proposals`))
      .body.data;
    expect(withDocs.invoices.map((i: any) => i.id)[0]).toBe(inv.id);
    expect(withDocs.proposals[0]).toMatchObject({ id: p.id, type: 'proposal', final_value: 500 });
    // the payment booking carries the customer: the statistics see the income
    await markAs(company, 'invoices', inv.id, 'paid', '&createEntry=true');
    const stats = (await svc.call('GET', `/companies/${company}/customers/${cust}/statistics`)).body;
    expect(stats.income).toBe('300.00');
    expect((await svc.call('GET', `/companies/${company}/customers/${cust}`)).body.data.open_invoice_sum).toBe('0.00');
  });

  it('tax rates and contacts used by documents refuse deletion (409); a customer with invoices too', async () => {
    const tr = await svc.call('POST', `/companies/${company}/tax-rates`, {
      name: 'Spezial 3 %',
      rate: 3,
      account_id: acc(company, 2200),
    });
    expect(tr.status, JSON.stringify(tr.body)).toBe(200);
    const trId = tr.body.id;
    await createDoc(company, 'invoices', { customer_id: cust, positions: oneLine(), tax_rate_id: trId });
    expect((await svc.call('DELETE', `/companies/${company}/tax-rates/${trId}`)).status).toBe(409);
    expect((await svc.call('DELETE', `/companies/${company}/customers/${cust}`)).status).toBe(400);
    const withContact = await customer(company, 'Kontakt AG', { contact_name: 'Urs' });
    const contactId = await contactOf(company, withContact);
    await createDoc(company, 'proposals', { customer_id: withContact, contact_id: contactId });
    const refused = await svc.call('DELETE', `/companies/${company}/contacts/${contactId}`);
    expectMessage(refused, 409, /Offerten/);
    expect((await svc.call('GET', `/companies/${company}/contacts/${contactId}`)).status).toBe(200);
  });
});
