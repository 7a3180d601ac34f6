// Bank import (import entries) against the running service, part 2: update (every field, its 422s, 404,
// 400 on processed and deleted entries), reset, update several, soft delete, processing (bookings,
// numbers, tax rates, tags, receipts, ignored entries, refusals kept with their error), matching by QR
// and SCOR reference, learned rules, and the whole story from an invoice to its payment in the books.
// Contract: docs/service/import-entries.md. The upload and the list: import-entries.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setCompany } from '../../src/server/main.js';
import { secondTenant, startTestService, type SecondUser, type TestService } from '../helpers/service.js';
import {
  FAMILIES,
  IMPORT_ENTRY_KEYS,
  LANDLORD_IBAN,
  PATHS,
  PAYER_IBAN,
  QR_IBAN,
  camt054,
  expect422,
  expectMessage,
  importHelpers,
  type CamtTx,
} from '../helpers/import-entries.js';
import { retryOnStaleSocket } from './retry-on-reset.js';

let svc: TestService;
let user2: SecondUser;
let company2: number;

const h = importHelpers(() => svc);
const {
  acc,
  rate,
  freshCompany,
  uploadOk,
  call,
  list,
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
  tag,
  balances,
} = h;

const ids = (body: { data: any[] }) => body.data.map((e) => e.id);
const oneLine = (price: number) => JSON.stringify([{ description: 'Beratung', amount: 1, price, unit: 'h' }]);

const INCOME: CamtTx = {
  amount: '1081.50',
  date: '2026-03-31',
  ref: 'P-INC',
  name: 'Muster AG',
  iban: PAYER_IBAN,
  ustrd: 'Zahlung',
};
const EXPENSE: CamtTx = {
  amount: '2150.00',
  direction: 'DBIT',
  date: '2026-03-02',
  ref: 'P-EXP',
  name: 'Immo Verwaltung AG',
  iban: LANDLORD_IBAN,
  ustrd: 'Miete März',
};

/** A company of its own with one open income entry (1081.50) and one open expense entry (2150.00). */
async function setup(
  name: string,
  settings: Parameters<typeof freshCompany>[1] = {},
): Promise<{ c: number; inc: any; exp: any }> {
  const c = freshCompany(name, settings);
  await uploadOk(c, camt054(null, [INCOME, EXPENSE]));
  const { 'P-INC': inc, 'P-EXP': exp } = await byRef(c);
  return { c, inc, exp };
}

beforeAll(async () => {
  svc = retryOnStaleSocket(await startTestService());
  ({ user: user2, company: company2 } = secondTenant(svc));
});

afterAll(async () => {
  await svc?.close();
});

// ---------------------------------------------------------------------------------------------------

describe('PUT …/entries/import/{id}', () => {
  it(
    'other_account_id sets the counter account and makes the entry ready; null takes it back; answers { data: ' +
      'ImportEntry }',
    async () => {
      const { c, inc } = await setup('Gegenkonto AG');
      for (const family of FAMILIES) {
        const res = await put(c, inc.id, { other_account_id: acc(c, 3400) }, family);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(Object.keys(res.body)).toEqual(['data']);
        expect(Object.keys(res.body.data)).toEqual(IMPORT_ENTRY_KEYS);
        expect(res.body.data).toMatchObject({
          id: inc.id,
          other_account_id: acc(c, 3400),
          is_ready: true,
          status: 'open',
          error: null,
          other_account: { id: acc(c, 3400), name: 'Dienstleistungserlöse', number: 3400 },
          description: inc.description,
        });
        expect(await read(c, inc.id)).toEqual(res.body.data);
        expect(await update(c, inc.id, { other_account_id: null })).toMatchObject({
          other_account_id: null,
          other_account: null,
          is_ready: false,
        });
      }
      // another bank account is a counter account too (a transfer)
      expect(await update(c, inc.id, { other_account_id: acc(c, 1010) })).toMatchObject({
        other_account_id: acc(c, 1010),
        is_ready: true,
      });
    },
  );

  it("other_account_id: the entry's own bank account, another company's account or an unknown id is 422", async () => {
    const { c, inc } = await setup('Gegenkonto falsch AG');
    for (const bad of [acc(c, 1020), acc(company2, 3400), 99999999, 'abc']) {
      expect422(await put(c, inc.id, { other_account_id: bad }), ['other_account_id']);
    }
    expect(await read(c, inc.id)).toMatchObject({ other_account_id: null, is_ready: false });
  });

  it('bank_account_id moves the entry to another bank account of the company; any other account is 422', async () => {
    const { c, exp } = await setup('Bankwechsel AG');
    expect(await update(c, exp.id, { bank_account_id: acc(c, 1010) })).toMatchObject({
      bank_account_id: acc(c, 1010),
      bank_account: { id: acc(c, 1010), name: 'Postkonto', number: 1010 },
    });
    for (const bad of [acc(c, 6000), acc(company2, 1020), 99999999])
      expect422(await put(c, exp.id, { bank_account_id: bad }), ['bank_account_id']);
    expect((await read(c, exp.id)).bank_account_id).toBe(acc(c, 1010));
  });

  it(
    'expense_account_id (expense entries, expense accounts) and income_account_id (income entries, income ' +
      'accounts) set the counter account',
    async () => {
      const { c, inc, exp } = await setup('Aufwand Ertrag AG');
      expect(await update(c, exp.id, { expense_account_id: acc(c, 6000) })).toMatchObject({
        other_account_id: acc(c, 6000),
        is_ready: true,
      });
      expect(await update(c, inc.id, { income_account_id: acc(c, 3200) })).toMatchObject({
        other_account_id: acc(c, 3200),
        is_ready: true,
      });
      // an income account of the chart outside 3xxx is of category income
      expect(await update(c, inc.id, { income_account_id: acc(c, 6950) })).toMatchObject({
        other_account_id: acc(c, 6950),
      });
      // wrong category
      expect422(await put(c, exp.id, { expense_account_id: acc(c, 3400) }), ['expense_account_id']);
      expect422(await put(c, exp.id, { expense_account_id: acc(c, 1020) }), ['expense_account_id']);
      expect422(await put(c, inc.id, { income_account_id: acc(c, 6500) }), ['income_account_id']);
      expect422(await put(c, inc.id, { income_account_id: acc(company2, 3400) }), ['income_account_id']);
      // wrong entry type
      expect422(await put(c, inc.id, { expense_account_id: acc(c, 6500) }), ['expense_account_id']);
      expect422(await put(c, exp.id, { income_account_id: acc(c, 3400) }), ['income_account_id']);
      expect((await read(c, exp.id)).other_account_id).toBe(acc(c, 6000));
      expect((await read(c, inc.id)).other_account_id).toBe(acc(c, 6950));
    },
  );

  it('tax_rate_id, vat_income (income entries) and vat_expense (expense entries) set the tax rate', async () => {
    const { c, inc, exp } = await setup('Steuersatz AG');
    const mwst = rate(c, 'MWST 8.1 %');
    expect(await update(c, inc.id, { tax_rate_id: mwst })).toMatchObject({
      tax_rate_id: mwst,
      tax_rate: { id: mwst, name: 'MWST 8.1 %', rate: 8.1 },
    });
    expect(await update(c, inc.id, { vat_income: rate(c, 'MWST 2.6 %') })).toMatchObject({
      tax_rate_id: rate(c, 'MWST 2.6 %'),
      tax_rate: { rate: 2.6 },
    });
    expect(await update(c, exp.id, { vat_expense: rate(c, 'Vorsteuer 8.1 %') })).toMatchObject({
      tax_rate_id: rate(c, 'Vorsteuer 8.1 %'),
    });
    expect422(await put(c, exp.id, { vat_income: mwst }), ['vat_income']);
    expect422(await put(c, inc.id, { vat_expense: rate(c, 'Vorsteuer 8.1 %') }), ['vat_expense']);
    expect422(await put(c, inc.id, { tax_rate_id: 99999999 }), ['tax_rate_id']);
    expect422(await put(c, inc.id, { tax_rate_id: rate(company2, 'MWST 8.1 %') }), ['tax_rate_id']);
    expect422(await put(c, inc.id, { vat_income: 99999999 }), ['vat_income']);
    expect(await update(c, inc.id, { tax_rate_id: null })).toMatchObject({ tax_rate_id: null, tax_rate: null });
    // a tax rate alone does not make an entry ready
    expect((await read(c, exp.id)).is_ready).toBe(false);
  });

  it('description: at most 255 characters, nullable; the original text stays', async () => {
    const { c, inc } = await setup('Text AG');
    expect(await update(c, inc.id, { description: 'Zahlung Muster AG, März' })).toMatchObject({
      description: 'Zahlung Muster AG, März',
      og_description: inc.og_description,
    });
    expect((await update(c, inc.id, { description: 'x'.repeat(255) })).description).toHaveLength(255);
    expect422(await put(c, inc.id, { description: 'x'.repeat(256) }), ['description']);
    expect422(await put(c, inc.id, { description: 42 }), ['description']);
    expect(await update(c, inc.id, { description: null })).toMatchObject({
      description: null,
      og_description: inc.og_description,
    });
  });

  it(
    "tags: { id } of the company's tags or { new: true, name, color }, kept as given (the new tag is made at " +
      'processing)',
    async () => {
      const { c, inc } = await setup('Tags AG');
      const t = await tag(c, 'Stammkunde');
      const tags = [{ id: t }, { new: true, name: 'Bank Import', color: 'green' }];
      expect(await update(c, inc.id, { tags })).toMatchObject({ tags });
      expect((await read(c, inc.id)).tags).toEqual(tags);
      const tagNames = (await call('GET', `/companies/${c}/tags`)).body.data.map((x: any) => x.name);
      expect(tagNames).toEqual(['stammkunde']);
      const foreignTag = await (async () => {
        const res = await call('POST', `/companies/${company2}/tags`, { name: 'fremd', color: 'red' }, user2.token);
        return res.body.data.id;
      })();
      for (const bad of [
        [{ id: 99999999 }],
        [{ id: foreignTag }],
        [{ new: true, color: 'green' }],
        [{ new: true, name: 'x', color: 'chartreuse' }],
        'nope',
      ]) {
        const res = await put(c, inc.id, { tags: bad });
        expect(res.status, JSON.stringify(bad)).toBe(422);
        expect(
          Object.keys(res.body.errors).every((k) => k === 'tags' || k.startsWith('tags.')),
          JSON.stringify(res.body.errors),
        ).toBe(true);
      }
      expect((await read(c, inc.id)).tags).toEqual(tags);
      expect(await update(c, inc.id, { tags: [] })).toMatchObject({ tags: [] });
    },
  );

  it(
    'invoice_id links an unpaid invoice of the company and sets the counter account as matching does; ' +
      'null unlinks',
    async () => {
      const { c, inc, exp } = await setup('Rechnung verknüpfen AG');
      const cust = await customer(c);
      const inv = await invoice(c, {
        customer_id: cust,
        date: '2026-03-02',
        title: 'Beratung März',
        positions: oneLine(1000),
        tax_rate_id: rate(c, 'MWST 8.1 %'),
      });
      await markAs(c, inv.id, 'sent');
      const linked = await update(c, inc.id, { invoice_id: inv.id });
      expect(linked).toMatchObject({
        invoice_id: inv.id,
        other_account_id: acc(c, 3400),
        is_ready: true,
        invoice: {
          id: inv.id,
          number: inv.number,
          title: 'Beratung März',
          status: 'sent',
          final_value: 1081,
          customer_id: cust,
        },
      });
      const unlinked = await update(c, inc.id, { invoice_id: null });
      expect(unlinked).toMatchObject({ invoice_id: null, invoice: null });
      // a counter account given in the same request wins
      expect(await update(c, inc.id, { invoice_id: inv.id, other_account_id: acc(c, 3200) })).toMatchObject({
        invoice_id: inv.id,
        other_account_id: acc(c, 3200),
      });
      // expense entries, paid, unknown or foreign invoices: 422
      expect422(await put(c, exp.id, { invoice_id: inv.id }), ['invoice_id']);
      const paid = await invoice(c, { customer_id: cust, positions: oneLine(100) });
      await markAs(c, paid.id, 'sent');
      await markAs(c, paid.id, 'paid');
      expect422(await put(c, inc.id, { invoice_id: paid.id }), ['invoice_id']);
      expect422(await put(c, inc.id, { invoice_id: 99999999 }), ['invoice_id']);
      const foreignCustomer = (
        await call('POST', `/companies/${company2}/customers`, { name: 'Fremdkunde' }, user2.token)
      ).body.data.id;
      const foreign = await call(
        'POST',
        `/companies/${company2}/invoices`,
        { customer_id: foreignCustomer, positions: oneLine(100) },
        user2.token,
      );
      expect(foreign.status).toBe(201);
      expect422(await put(c, inc.id, { invoice_id: foreign.body.id }), ['invoice_id']);
      expect((await read(c, inc.id)).invoice_id).toBe(inv.id);
    },
  );

  it('the embedded invoice carries exactly { id, number, title, date, status, customer_id, final_value }', async () => {
    const { c, inc } = await setup('Rechnung Felder AG');
    const inv = await invoice(c, { customer_id: await customer(c), title: 'Felder', positions: oneLine(100) });
    const linked = await update(c, inc.id, { invoice_id: inv.id });
    expect(Object.keys(linked.invoice).sort()).toEqual([
      'customer_id',
      'date',
      'final_value',
      'id',
      'number',
      'status',
      'title',
    ]);
    expect(Object.keys((await list(c)).data.find((e: any) => e.id === inc.id).invoice).sort()).toEqual([
      'customer_id',
      'date',
      'final_value',
      'id',
      'number',
      'status',
      'title',
    ]);
  });

  it('invoice_id under the accrual method with the receivable booked sets 1100', async () => {
    const { c, inc } = await setup('Soll verknüpfen AG', { vatAccrual: 'on' });
    const inv = await invoice(c, {
      customer_id: await customer(c),
      date: '2026-03-02',
      positions: oneLine(1000),
      tax_rate_id: rate(c, 'MWST 8.1 %'),
    });
    expect((await markAs(c, inv.id, 'sent')).receivable_entry_id).not.toBeNull();
    expect(await update(c, inc.id, { invoice_id: inv.id })).toMatchObject({
      invoice_id: inv.id,
      other_account_id: acc(c, 1100),
      is_ready: true,
    });
  });

  it('ignore true makes the entry ready without a counter account; not a boolean is 422', async () => {
    const { c, exp } = await setup('Ignorieren AG');
    expect(await update(c, exp.id, { ignore: true })).toMatchObject({
      ignore: true,
      is_ready: true,
      other_account_id: null,
    });
    expect((await list(c)).ready_count).toBe(1);
    expect(await update(c, exp.id, { ignore: false })).toMatchObject({ ignore: false, is_ready: false });
    expect422(await put(c, exp.id, { ignore: 'vielleicht' }), ['ignore']);
  });

  it('every failure comes in one 422 and nothing changes', async () => {
    const { c, exp } = await setup('Viele Fehler AG');
    const res = await put(c, exp.id, {
      other_account_id: 99999999,
      tax_rate_id: 99999999,
      description: 'x'.repeat(256),
      income_account_id: acc(c, 3400),
      vat_income: rate(c, 'MWST 8.1 %'),
      invoice_id: 99999999,
      ignore: 'x',
      bank_account_id: acc(c, 3400),
    });
    expect422(res, [
      'other_account_id',
      'bank_account_id',
      'income_account_id',
      'tax_rate_id',
      'vat_income',
      'description',
      'invoice_id',
      'ignore',
    ]);
    expect(await read(c, exp.id)).toEqual(exp);
  });

  it("404 for an unknown entry or another company's; 400 { message } for a processed or a deleted one", async () => {
    const { c, inc, exp } = await setup('Gesperrt AG');
    expectMessage(await put(c, 99999999, { ignore: true }), 404);
    const foreign = await setup('Fremd Update AG');
    expectMessage(await put(c, foreign.inc.id, { ignore: true }), 404);
    await update(c, inc.id, { other_account_id: acc(c, 3400) });
    expect((await processAll(c)).body).toMatchObject({ created: 1 });
    expect((await remove(c, [exp.id])).status).toBe(200);
    for (const family of FAMILIES) {
      for (const id of [inc.id, exp.id]) {
        expectMessage(await put(c, id, { description: 'später' }, family), 400);
        expectMessage(await call('PUT', PATHS[family].reset(c, id)), 400);
      }
    }
    expect(await read(c, inc.id)).toMatchObject({ status: 'processed', description: inc.description });
    expect(await read(c, exp.id)).toMatchObject({ status: 'deleted', description: exp.description });
  });
});

describe('PUT …/{id}/reset', () => {
  it('removes counter account, tax rate, invoice, tags and ignore and restores the original description', async () => {
    const { c, inc } = await setup('Zurücksetzen AG');
    const inv = await invoice(c, { customer_id: await customer(c), positions: oneLine(1000) });
    const t = await tag(c, 'x');
    await update(c, inc.id, {
      invoice_id: inv.id,
      other_account_id: acc(c, 3200),
      tax_rate_id: rate(c, 'MWST 8.1 %'),
      tags: [{ id: t }],
      ignore: true,
      description: 'anders',
    });
    const res = await call('PUT', PATHS.detail.reset(c, inc.id));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Object.keys(res.body)).toEqual(['data']);
    expect(res.body.data).toMatchObject({
      other_account_id: null,
      tax_rate_id: null,
      invoice_id: null,
      tags: [],
      ignore: false,
      is_ready: false,
      description: inc.og_description,
      og_description: inc.og_description,
      other_account: null,
      tax_rate: null,
      invoice: null,
      status: 'open',
    });
    expect(res.body.data.description).toBe(inc.description);
    expectMessage(await call('PUT', PATHS.detail.reset(c, 99999999)), 404);
  });
});

// ---------------------------------------------------------------------------------------------------

describe('PUT …/entries/import/multiple', () => {
  it('changes every entry and answers { data: [ImportEntry] }', async () => {
    const c = freshCompany('Mehrere AG');
    await uploadOk(
      c,
      camt054(null, [EXPENSE, { ...EXPENSE, ref: 'P-EXP-2', amount: '99.95', date: '2026-03-03' }, INCOME]),
    );
    const { 'P-EXP': a, 'P-EXP-2': b, 'P-INC': untouched } = await byRef(c);
    const res = await call('PUT', PATHS.detail.multiple(c), {
      ids: [a.id, b.id],
      expense_account_id: acc(c, 6000),
      vat_expense: rate(c, 'Vorsteuer 8.1 %'),
      description: 'Miete',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Object.keys(res.body)).toEqual(['data']);
    expect(res.body.data.map((e: any) => e.id).sort()).toEqual([a.id, b.id].sort());
    for (const e of res.body.data) {
      expect(Object.keys(e)).toEqual(IMPORT_ENTRY_KEYS);
      expect(e).toMatchObject({
        other_account_id: acc(c, 6000),
        tax_rate_id: rate(c, 'Vorsteuer 8.1 %'),
        description: 'Miete',
        is_ready: true,
      });
    }
    expect(await read(c, untouched.id)).toEqual(untouched);
    expect((await list(c)).ready_count).toBe(2);
  });

  it('all or nothing: one entry that refuses the change leaves every entry as it was', async () => {
    const { c, inc, exp } = await setup('Alles oder nichts Update AG');
    const res = await call('PUT', PATHS.detail.multiple(c), {
      ids: [exp.id, inc.id],
      expense_account_id: acc(c, 6000),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(
      Object.keys(res.body.errors).some((k) => k.startsWith('expense_account_id') || k.startsWith('ids')),
      JSON.stringify(res.body.errors),
    ).toBe(true);
    expect(await read(c, exp.id)).toEqual(exp);
    expect(await read(c, inc.id)).toEqual(inc);
  });

  it(
    "ids is required; an unknown id or another company's is 422 errors.ids.N; field errors as for one entry; a " +
      'deleted one 400',
    async () => {
      const { c, inc, exp } = await setup('Ids AG');
      const foreign = await setup('Fremd Ids AG');
      expect422(await call('PUT', PATHS.detail.multiple(c), { ignore: true }), ['ids']);
      // not an array: 422 on ids (the service, like the other /multiple endpoints, reads a single value as a
      // list of one)
      const notArray = await call('PUT', PATHS.detail.multiple(c), { ids: 'x', ignore: true });
      expect(notArray.status).toBe(422);
      expect(Object.keys(notArray.body.errors)).toEqual([expect.stringMatching(/^ids(\.0)?$/)]);
      expect422(await call('PUT', PATHS.detail.multiple(c), { ids: [inc.id, 99999999], ignore: true }), ['ids.1']);
      expect422(await call('PUT', PATHS.detail.multiple(c), { ids: [foreign.exp.id, exp.id], ignore: true }), [
        'ids.0',
      ]);
      expect422(await call('PUT', PATHS.detail.multiple(c), { ids: [inc.id, exp.id], description: 'x'.repeat(256) }), [
        'description',
      ]);
      // a known entry that is no longer open is not unknown: 400, as for one entry, and nothing changes
      expect((await remove(c, [exp.id])).status).toBe(200);
      expectMessage(await call('PUT', PATHS.detail.multiple(c), { ids: [inc.id, exp.id], ignore: true }), 400);
      expect(await read(c, inc.id)).toEqual(inc);
    },
  );
});

// ---------------------------------------------------------------------------------------------------

describe('DELETE …/entries/import', () => {
  it('ids: marks the entries deleted (listed under status=deleted) and answers { success: true }', async () => {
    const { c, inc, exp } = await setup('Löschen AG');
    const res = await remove(c, [exp.id]);
    expect([res.status, res.body]).toEqual([200, { success: true }]);
    expect(ids(await list(c))).toEqual([inc.id]);
    const deleted = await list(c, '?status=deleted');
    expect(deleted).toMatchObject({ current_count: 1, total_count: 1, open_count: 1 });
    expect(deleted.data[0]).toMatchObject({ id: exp.id, status: 'deleted', entry_id: null });
    expect((await read(c, exp.id)).status).toBe('deleted');
    // an unknown id beside an open one is passed over
    expect((await remove(c, [inc.id, 99999999])).status).toBe(200);
    expect((await list(c)).total_count).toBe(0);
  });

  it('"all" deletes every open entry and leaves processed ones alone', async () => {
    const c = freshCompany('Alle löschen AG');
    await uploadOk(c, camt054(null, [INCOME, EXPENSE, { ...EXPENSE, ref: 'P-EXP-2', amount: '1.00' }]));
    const { 'P-INC': inc, 'P-EXP': exp, 'P-EXP-2': exp2 } = await byRef(c);
    await update(c, inc.id, { other_account_id: acc(c, 3400) });
    await processAll(c);
    expect((await remove(c, 'all', 'overview')).body).toEqual({ success: true });
    expect(ids(await list(c, '?status=deleted')).sort()).toEqual([exp.id, exp2.id].sort());
    expect(await read(c, inc.id)).toMatchObject({ status: 'processed' });
    expect((await list(c)).open_count).toBe(0);
  });

  it('"all" and a list of ids delete more entries than one statement takes (500 a statement)', async () => {
    const c = freshCompany('Viele löschen AG');
    const txs = Array.from({ length: 1203 }, (_, i) => ({ ...EXPENSE, ref: `P-MANY-${i}`, amount: `${i + 1}.00` }));
    await uploadOk(c, camt054(null, txs));
    expect((await list(c)).total_count).toBe(1203);
    // by ids: the first 1001 (three statements), one of them twice
    const refs = await byRef(c);
    const chosen = txs.slice(0, 1001).map((t) => refs[t.ref].id);
    expect((await remove(c, [...chosen, chosen[0]])).body).toEqual({ success: true });
    expect((await list(c)).total_count).toBe(202);
    expect((await list(c, '?status=deleted')).total_count).toBe(1001);
    expect((await remove(c, 'all')).body).toEqual({ success: true });
    expect((await list(c)).total_count).toBe(0);
    expect((await list(c, '?status=deleted')).total_count).toBe(1203);
  });

  it('400 { message } when no open entry is among the ids', async () => {
    const { c, inc, exp } = await setup('Nichts zu löschen AG');
    const foreign = await setup('Fremd löschen AG');
    expectMessage(await remove(c, [99999999]), 400);
    expectMessage(await remove(c, [foreign.inc.id]), 400);
    // an empty list is not a choice at all: ids is missing (422), as Laravel's required rule says of []
    expect422(await remove(c, []), ['ids']);
    expect422(await call('DELETE', PATHS.detail.remove(c), {}), ['ids']);
    await update(c, inc.id, { other_account_id: acc(c, 3400) });
    await processAll(c);
    await remove(c, [exp.id]);
    expectMessage(await remove(c, [inc.id]), 400);
    expectMessage(await remove(c, [exp.id]), 400);
    expectMessage(await remove(c, 'all'), 400);
    expect((await read(foreign.c, foreign.inc.id)).status).toBe('open');
  });
});

// ---------------------------------------------------------------------------------------------------

describe('POST …/entries/import (process)', () => {
  it('400 { message } when no entry is ready', async () => {
    expectMessage(await processAll(freshCompany('Leer AG')), 400);
    const { c } = await setup('Nicht bereit AG');
    for (const family of FAMILIES) expectMessage(await processAll(c, family), 400);
    expect((await list(c)).open_count).toBe(2);
  });

  it(
    'books income bank / counter and expense counter / bank with date, sum, description, tax rate, tags, the next ' +
      'number, is_imported',
    async () => {
      const c = freshCompany('Verbuchen AG');
      await uploadOk(
        c,
        camt054(null, [INCOME, EXPENSE, { amount: '12.35', direction: 'DBIT', ref: 'P-FEE', info: 'Gebühren' }]),
      );
      const { 'P-INC': inc, 'P-EXP': exp, 'P-FEE': fee } = await byRef(c);
      const t = await tag(c, 'Stammkunde');
      await update(c, inc.id, {
        income_account_id: acc(c, 3400),
        vat_income: rate(c, 'MWST 8.1 %'),
        description: 'Zahlung Muster AG',
        tags: [{ id: t }, { new: true, name: 'Bank Import', color: 'green' }],
      });
      await update(c, exp.id, { expense_account_id: acc(c, 6000), vat_expense: rate(c, 'Vorsteuer 8.1 %') });
      const res = await processAll(c);
      expect([res.status, res.body]).toEqual([200, { created: 2, ignored: 0, errors: [] }]);

      const i = await read(c, inc.id);
      expect(i).toMatchObject({ status: 'processed', entry_id: expect.any(Number), error: null });
      const incomeBooking = await booking(c, i.entry_id);
      expect(incomeBooking).toMatchObject({
        debit_account_id: acc(c, 1020),
        credit_account_id: acc(c, 3400),
        date: '2026-03-31',
        sum: 1081.5,
        type: 'income',
        number: 'E-2026-001',
        description: 'Zahlung Muster AG',
        tax_rate_id: rate(c, 'MWST 8.1 %'),
        is_imported: true,
        invoice_id: null,
      });
      const newTag = (await call('GET', `/companies/${c}/tags`)).body.data.find((x: any) => x.name === 'bank import');
      expect(newTag).toMatchObject({ color: 'green' });
      expect(incomeBooking.tags).toEqual([
        { id: t, name: 'stammkunde', color: 'blue' },
        { id: newTag.id, name: 'bank import', color: 'green' },
      ]);

      const x = await read(c, exp.id);
      expect(x).toMatchObject({ status: 'processed', entry_id: expect.any(Number) });
      expect(await booking(c, x.entry_id)).toMatchObject({
        debit_account_id: acc(c, 6000),
        credit_account_id: acc(c, 1020),
        date: '2026-03-02',
        sum: 2150,
        type: 'expense',
        number: 'A-2026-001',
        description: exp.description,
        tax_rate_id: rate(c, 'Vorsteuer 8.1 %'),
        is_imported: true,
        tags: [],
      });

      // the queue keeps the entry that was not ready; the bookings are in the books
      expect(await list(c)).toMatchObject({
        data: [{ id: fee.id }],
        current_count: 1,
        total_count: 1,
        open_count: 1,
        ready_count: 0,
      });
      const booked = (await call('GET', `/companies/${c}/entries?per_page=100`)).body.data;
      expect(booked.map((e: any) => [e.number, e.sum, e.is_imported]).sort()).toEqual([
        ['A-2026-001', 2150, true],
        ['E-2026-001', 1081.5, true],
      ]);
      const balance = await balances(c);
      expect([balance(1020), balance(3400), balance(2200), balance(6000), balance(1170)]).toEqual([
        -1068.5, 1000.46, 81.04, 1988.9, 161.1,
      ]);
    },
  );

  it('the numbers run on from the bookings already there', async () => {
    const { c, inc, exp } = await setup('Nummern AG');
    await h.createBooking(c, {
      date: '2026-01-05',
      debit_account_id: acc(c, 1020),
      credit_account_id: acc(c, 3400),
      sum: 10,
    });
    await h.createBooking(c, {
      date: '2026-01-05',
      debit_account_id: acc(c, 1020),
      credit_account_id: acc(c, 3400),
      sum: 20,
    });
    await h.createBooking(c, {
      date: '2026-01-05',
      debit_account_id: acc(c, 6500),
      credit_account_id: acc(c, 1020),
      sum: 5,
    });
    await update(c, inc.id, { other_account_id: acc(c, 3400) });
    await update(c, exp.id, { other_account_id: acc(c, 6500) });
    expect((await processAll(c)).body).toEqual({ created: 2, ignored: 0, errors: [] });
    expect((await booking(c, (await read(c, inc.id)).entry_id)).number).toBe('E-2026-003');
    expect((await booking(c, (await read(c, exp.id)).entry_id)).number).toBe('A-2026-002');
  });

  it('ignored entries become deleted and are counted as ignored; only ignored ones are processed too', async () => {
    const { c, inc, exp } = await setup('Ignoriert AG');
    await update(c, exp.id, { ignore: true });
    await update(c, inc.id, { other_account_id: acc(c, 3400) });
    expect((await processAll(c)).body).toEqual({ created: 1, ignored: 1, errors: [] });
    expect(await read(c, exp.id)).toMatchObject({ status: 'deleted', entry_id: null });
    expect(ids(await list(c, '?status=deleted'))).toEqual([exp.id]);
    const only = await setup('Nur ignoriert AG');
    await update(only.c, only.exp.id, { ignore: true });
    expect((await processAll(only.c)).body).toEqual({ created: 0, ignored: 1, errors: [] });
    expect((await read(only.c, only.exp.id)).status).toBe('deleted');
    expect((await call('GET', `/companies/${only.c}/entries`)).body.data).toEqual([]);
  });

  it("the entry's receipt moves to the booking", async () => {
    const { c, exp } = await setup('Beleg verschieben AG');
    const attached = await h.form('POST', PATHS.detail.file(c, exp.id), {
      file: ['%PDF-1.4 Mietrechnung', 'miete.pdf', 'application/pdf'],
    });
    expect(attached.status).toBe(200);
    await update(c, exp.id, { other_account_id: acc(c, 6000) });
    expect((await processAll(c)).body).toMatchObject({ created: 1 });
    const b = await booking(c, (await read(c, exp.id)).entry_id);
    expect(b.file).toMatchObject({ name: 'miete.pdf', size: 21, mime: 'application/pdf' });
    expect(await (await fetch(b.file.url)).text()).toBe('%PDF-1.4 Mietrechnung');
  });

  it(
    'a closed period: the entry stays open with the refusal in error and in errors; a change clears error; the ' +
      'rest is booked',
    async () => {
      const { c, inc, exp } = await setup('Abgeschlossen AG', { closedUntil: '2026-03-15' });
      await update(c, inc.id, { other_account_id: acc(c, 3400) });
      await update(c, exp.id, { other_account_id: acc(c, 6000) });
      const res = await processAll(c);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        created: 1,
        ignored: 0,
        errors: [{ id: exp.id, message: expect.stringMatching(/abgeschlossen/) }],
      });
      const refused = await read(c, exp.id);
      expect(refused).toMatchObject({
        status: 'open',
        entry_id: null,
        is_ready: true,
        error: res.body.errors[0].message,
      });
      expect((await list(c)).data).toEqual([refused]);
      expect((await read(c, inc.id)).status).toBe('processed');
      // processing again repeats the refusal; a change clears the error
      expect((await processAll(c)).body).toEqual({
        created: 0,
        ignored: 0,
        errors: [{ id: exp.id, message: refused.error }],
      });
      expect(await update(c, exp.id, { description: 'Miete März (Vorjahr)' })).toMatchObject({ error: null });
      // the period opens again (acct server companies set --closed-until none)
      setCompany(h.db(), c, { closedUntil: 'none' });
      expect((await processAll(c)).body).toEqual({ created: 1, ignored: 0, errors: [] });
      expect(await read(c, exp.id)).toMatchObject({ status: 'processed', error: null });
    },
  );

  it('the revenue cap: the income booking over it stays open with error; the expense is booked', async () => {
    const { c, inc, exp } = await setup('Umsatzgrenze AG', { revenueCap: '1000' });
    await update(c, inc.id, { other_account_id: acc(c, 3400) });
    await update(c, exp.id, { other_account_id: acc(c, 6000) });
    const res = await processAll(c);
    expect(res.body).toEqual({
      created: 1,
      ignored: 0,
      errors: [{ id: inc.id, message: expect.stringMatching(/Umsatzgrenze/) }],
    });
    expect(await read(c, inc.id)).toMatchObject({ status: 'open', entry_id: null, error: res.body.errors[0].message });
    expect(await read(c, exp.id)).toMatchObject({ status: 'processed' });
  });

  it('an invoice paid in the meantime: the entry stays open with error', async () => {
    const c = freshCompany('Schon bezahlt AG');
    const inv = await invoice(c, { customer_id: await customer(c), date: '2026-03-02', positions: oneLine(500) });
    await markAs(c, inv.id, 'sent');
    await uploadOk(c, camt054(null, [{ amount: '500.00', ref: 'PAID-1', scor: inv.reference, name: 'Muster AG' }]));
    const [e] = (await list(c)).data;
    expect(e).toMatchObject({ invoice_id: inv.id, is_ready: true });
    await markAs(c, inv.id, 'paid');
    const res = await processAll(c);
    expect(res.body).toMatchObject({ created: 0, ignored: 0, errors: [{ id: e.id, message: expect.any(String) }] });
    expect(res.body.errors[0].message.length).toBeGreaterThan(0);
    expect(await read(c, e.id)).toMatchObject({ status: 'open', entry_id: null, error: res.body.errors[0].message });
    expect((await readInvoice(c, inv.id)).entry_id).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------------

describe('matching invoices at upload', () => {
  it(
    'a SCOR reference (any case, spaces) links the unpaid invoice: income account, its tax rate (cash method), ' +
      '"Rechnung <number> <customer>"',
    async () => {
      const c = freshCompany('SCOR AG');
      const cust = await customer(c, 'Beispiel GmbH');
      const inv = await invoice(c, {
        customer_id: cust,
        date: '2026-03-02',
        title: 'Hosting',
        positions: oneLine(500),
        tax_rate_id: rate(c, 'MWST 8.1 %'),
      });
      expect(inv).toMatchObject({ status: 'open', final_value: 540.5, qr_reference: null });
      const scor = inv.reference.toLowerCase().replace(/(.{4})/g, '$1 ');
      const counts = await uploadOk(
        c,
        camt054(null, [{ amount: '540.50', ref: 'SCOR-1', scor, name: 'Beispiel GmbH', iban: PAYER_IBAN }]),
      );
      expect(counts).toEqual({ created: 1, duplicates: 0, matched: 1, ready: 0 });
      const [e] = (await list(c)).data;
      expect(e).toMatchObject({
        invoice_id: inv.id,
        other_account_id: acc(c, 3400),
        tax_rate_id: rate(c, 'MWST 8.1 %'),
        is_ready: true,
        description: `Rechnung ${inv.number} Beispiel GmbH`,
        og_description: 'Beispiel GmbH',
        invoice: {
          id: inv.id,
          number: inv.number,
          title: 'Hosting',
          status: 'open',
          final_value: 540.5,
          customer_id: cust,
        },
      });
      expect(e.reference.replace(/\s/g, '').toUpperCase()).toBe(inv.reference);
      // processing pays the invoice (still open: any status but paid matches) with a booking bank / income and its tax
      // rate
      expect((await processAll(c)).body).toEqual({ created: 1, ignored: 0, errors: [] });
      const entryId = (await read(c, e.id)).entry_id;
      expect(await readInvoice(c, inv.id)).toMatchObject({ status: 'paid', entry_id: entryId, paid_at: '2026-03-31' });
      expect(await booking(c, entryId)).toMatchObject({
        debit_account_id: acc(c, 1020),
        credit_account_id: acc(c, 3400),
        sum: 540.5,
        type: 'income',
        tax_rate_id: rate(c, 'MWST 8.1 %'),
        invoice_id: inv.id,
        is_imported: true,
        number: 'E-2026-001',
      });
      const balance = await balances(c);
      expect([balance(1020), balance(3400), balance(2200)]).toEqual([540.5, 500, 40.5]);
    },
  );

  it(
    'the accrual method with the receivable booked: 1100 without a tax rate; processing books bank / 1100 and pays ' +
      'the invoice',
    async () => {
      const c = freshCompany('Soll Abgleich AG', { vatAccrual: 'on' });
      const qr = await bankAccount(c, { name: 'PostFinance QR', number: 1025, iban: QR_IBAN });
      const inv = await invoice(c, {
        customer_id: await customer(c),
        date: '2026-03-02',
        positions: oneLine(200),
        tax_rate_id: rate(c, 'MWST 8.1 %'),
        bank_account_id: qr,
      });
      expect(inv.qr_reference).toMatch(/^\d{27}$/);
      await markAs(c, inv.id, 'sent');
      expect(
        await uploadOk(
          c,
          camt054(QR_IBAN, [{ amount: '216.20', ref: 'ACC-1', qrr: inv.qr_reference, name: 'Muster AG' }]),
        ),
      ).toMatchObject({ created: 1, matched: 1 });
      const [e] = (await list(c)).data;
      expect(e).toMatchObject({
        bank_account_id: qr,
        invoice_id: inv.id,
        other_account_id: acc(c, 1100),
        tax_rate_id: null,
        is_ready: true,
      });
      expect((await processAll(c)).body).toEqual({ created: 1, ignored: 0, errors: [] });
      const entryId = (await read(c, e.id)).entry_id;
      expect(await booking(c, entryId)).toMatchObject({
        debit_account_id: qr,
        credit_account_id: acc(c, 1100),
        sum: 216.2,
        type: 'swap',
        number: 'U-2026-001',
        is_imported: true,
        tax_rate_id: null,
      });
      expect(await readInvoice(c, inv.id)).toMatchObject({ status: 'paid', entry_id: entryId, paid_at: '2026-03-31' });
      const balance = await balances(c);
      expect([balance(1100), balance(1025), balance(3400), balance(2200)]).toEqual([0, 216.2, 200, 16.2]);
    },
  );

  it("no match for a paid invoice, an outgoing payment, another company's invoice, an unknown reference", async () => {
    const c = freshCompany('Kein Abgleich AG');
    const qr = await bankAccount(c, { name: 'PostFinance QR', number: 1025, iban: QR_IBAN });
    const cust = await customer(c);
    const paid = await invoice(c, { customer_id: cust, positions: oneLine(100), bank_account_id: qr });
    await markAs(c, paid.id, 'sent');
    await markAs(c, paid.id, 'paid');
    const open = await invoice(c, { customer_id: cust, positions: oneLine(100), bank_account_id: qr });
    const other = freshCompany('Andere Rechnung AG');
    const otherQr = await bankAccount(other, { name: 'QR', number: 1025, iban: QR_IBAN });
    const foreign = await invoice(other, {
      customer_id: await customer(other),
      positions: oneLine(100),
      bank_account_id: otherQr,
    });
    const counts = await uploadOk(
      c,
      camt054(QR_IBAN, [
        { amount: '100.00', ref: 'NM-PAID', qrr: paid.qr_reference },
        { amount: '100.00', ref: 'NM-DBIT', direction: 'DBIT', qrr: open.qr_reference },
        { amount: '100.00', ref: 'NM-FOREIGN', qrr: foreign.qr_reference },
        { amount: '100.00', ref: 'NM-UNKNOWN', qrr: '210000000003139471430009017' },
      ]),
    );
    expect(counts).toEqual({ created: 4, duplicates: 0, matched: 0, ready: 0 });
    for (const e of (await list(c)).data)
      expect([e.bank_reference, e.invoice_id, e.is_ready]).toEqual([e.bank_reference, null, false]);
  });
});

describe('GET …/entries/import/dry-run (process without writing)', () => {
  const DRY = {
    detail: (c: number) => `/companies/${c}/entries/import/dry-run`,
    overview: (c: number) => `/companies/${c}/import-entries/process/dry-run`,
  };
  const shape = (b: any) => [
    b.import_entry_id,
    b.type,
    b.debit_account.number,
    b.credit_account.number,
    b.sum,
    b.tax_rate?.name ?? null,
    b.invoice?.number ?? null,
  ];

  it(
    'a payment of an open invoice under the accrual method: the receivable and the payment, as process then books ' +
      'them; nothing is written',
    async () => {
      const c = freshCompany('Trockenlauf AG', { vatAccrual: 'on' });
      const qr = await bankAccount(c, { name: 'PostFinance QR', number: 1025, iban: QR_IBAN });
      const inv = await invoice(c, {
        customer_id: await customer(c),
        date: '2026-03-02',
        positions: oneLine(200),
        tax_rate_id: rate(c, 'MWST 8.1 %'),
        bank_account_id: qr,
      });
      await uploadOk(
        c,
        camt054(QR_IBAN, [{ amount: '216.20', ref: 'DRY-1', qrr: inv.qr_reference, name: 'Muster AG' }]),
      );
      const [e] = (await list(c)).data;
      for (const family of FAMILIES) {
        const res = await call('GET', DRY[family](c));
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ created: 1, ignored: 0, errors: [] });
        expect(res.body.bookings.map(shape)).toEqual([
          [e.id, 'income', 1100, 3400, 216.2, 'MWST 8.1 %', inv.number],
          [e.id, 'swap', 1025, 1100, 216.2, null, inv.number],
        ]);
        expect(res.body.bookings[1]).toMatchObject({ is_imported: true, rule: null, number: 'U-2026-001' });
      }
      // nothing was written: the invoice open, no booking, the entry still ready
      expect(await readInvoice(c, inv.id)).toMatchObject({ status: 'open', entry_id: null });
      expect((await call('GET', `/companies/${c}/entries`)).body.total_count).toBe(0);
      expect(await read(c, e.id)).toMatchObject({ status: 'open', is_ready: true, entry_id: null });
      const dry = (await call('GET', DRY.detail(c))).body.bookings;
      expect((await processAll(c)).body).toEqual({ created: 1, ignored: 0, errors: [] });
      const booked = (await call('GET', `/companies/${c}/entries?per_page=100&include=taxRate,invoice`)).body.data;
      expect(booked.map((b: any) => shape({ ...b, import_entry_id: e.id })).sort()).toEqual(dry.map(shape).sort());
    },
  );

  it('a refusal comes in errors as process would give it, and is not kept; nothing ready: 400 as process', async () => {
    const { c, inc, exp } = await setup('Trocken Abgeschlossen AG', { closedUntil: '2026-03-15' });
    await update(c, inc.id, { other_account_id: acc(c, 3400) });
    await update(c, exp.id, { other_account_id: acc(c, 6000) });
    const res = await call('GET', DRY.detail(c));
    expect(res.body).toMatchObject({ created: 1, ignored: 0, errors: [{ id: exp.id, message: expect.any(String) }] });
    expect(res.body.bookings.map(shape)).toEqual([[inc.id, 'income', 1020, 3400, 1081.5, null, null]]);
    expect(await read(c, exp.id)).toMatchObject({ status: 'open', error: null });
    expectMessage(await call('GET', DRY.detail(freshCompany('Trocken Leer AG'))), 400);
  });
});

// ---------------------------------------------------------------------------------------------------

describe('learned rules', () => {
  async function processWith(c: number, ref: string, body: Record<string, unknown>): Promise<void> {
    const e = (await byRef(c))[ref];
    await update(c, e.id, body);
    expect((await processAll(c)).body).toMatchObject({ errors: [] });
  }

  it(
    'the same counterparty IBAN takes the counter account, tax rate and description of the latest ' + 'processed entry',
    async () => {
      const c = freshCompany('Regel IBAN AG');
      await uploadOk(c, camt054(null, [EXPENSE]));
      await processWith(c, 'P-EXP', {
        expense_account_id: acc(c, 6000),
        vat_expense: rate(c, 'Vorsteuer 8.1 %'),
        description: 'Miete Büro',
      });
      const april: CamtTx = {
        ...EXPENSE,
        ref: 'P-EXP-APR',
        date: '2026-04-01',
        name: 'IMMO-VERWALTUNG (neuer Name)',
        ustrd: 'Miete April',
      };
      expect(await uploadOk(c, camt054(null, [april]))).toEqual({ created: 1, duplicates: 0, matched: 0, ready: 1 });
      const e = (await byRef(c))['P-EXP-APR'];
      expect(e).toMatchObject({
        other_account_id: acc(c, 6000),
        tax_rate_id: rate(c, 'Vorsteuer 8.1 %'),
        description: 'Miete Büro',
        is_ready: true,
        og_description: 'IMMO-VERWALTUNG (neuer Name) / Miete April',
      });
      // reset brings back the bank's text
      expect((await call('PUT', PATHS.detail.reset(c, e.id))).body.data).toMatchObject({
        description: e.og_description,
        other_account_id: null,
      });
      // the latest processed entry wins
      await processWith(c, 'P-EXP-APR', { expense_account_id: acc(c, 6100), description: 'Reparatur' });
      await uploadOk(c, camt054(null, [{ ...april, ref: 'P-EXP-MAI', date: '2026-05-01' }]));
      expect((await byRef(c))['P-EXP-MAI']).toMatchObject({
        other_account_id: acc(c, 6100),
        tax_rate_id: null,
        description: 'Reparatur',
        is_ready: true,
      });
    },
  );

  it('else the same counterparty name, case-insensitive; the IBAN comes first', async () => {
    const c = freshCompany('Regel Name AG');
    await uploadOk(
      c,
      camt054(null, [
        {
          amount: '59.90',
          direction: 'DBIT',
          ref: 'N-1',
          date: '2026-03-05',
          name: 'Swisscom (Schweiz) AG',
          ustrd: 'Rechnung Februar',
        },
        {
          amount: '10.00',
          direction: 'DBIT',
          ref: 'N-2',
          date: '2026-03-05',
          name: 'Anderer Name',
          iban: 'CH9300762011623852957',
        },
      ]),
    );
    await processWith(c, 'N-1', { expense_account_id: acc(c, 6570), description: 'Internet' });
    await processWith(c, 'N-2', { expense_account_id: acc(c, 6300), description: 'Gebühr' });
    const counts = await uploadOk(
      c,
      camt054(null, [
        { amount: '64.90', direction: 'DBIT', ref: 'N-3', date: '2026-04-05', name: 'SWISSCOM (SCHWEIZ) AG' },
        // name of the first, IBAN of the second: the IBAN rule wins
        {
          amount: '11.00',
          direction: 'DBIT',
          ref: 'N-4',
          date: '2026-04-05',
          name: 'Swisscom (Schweiz) AG',
          iban: 'CH9300762011623852957',
        },
        { amount: '12.00', direction: 'DBIT', ref: 'N-5', date: '2026-04-05', name: 'Swisscom' },
      ]),
    );
    expect(counts).toEqual({ created: 3, duplicates: 0, matched: 0, ready: 2 });
    const all = await byRef(c);
    expect(all['N-3']).toMatchObject({ other_account_id: acc(c, 6570), description: 'Internet', is_ready: true });
    expect(all['N-4']).toMatchObject({ other_account_id: acc(c, 6300), description: 'Gebühr', is_ready: true });
    expect(all['N-5']).toMatchObject({ other_account_id: null, is_ready: false });
  });

  it('open, ignored and invoice-linked entries teach nothing; nor does another company', async () => {
    const c = freshCompany('Keine Regel AG');
    const inv = await invoice(c, { customer_id: await customer(c), positions: oneLine(100) });
    await markAs(c, inv.id, 'sent');
    await uploadOk(
      c,
      camt054(null, [
        { amount: '1.00', direction: 'DBIT', ref: 'K-OPEN', name: 'Offen GmbH' },
        { amount: '2.00', direction: 'DBIT', ref: 'K-IGN', name: 'Ignoriert GmbH' },
        { amount: '100.00', ref: 'K-INV', name: 'Kunde mit Rechnung', iban: PAYER_IBAN },
      ]),
    );
    const first = await byRef(c);
    await update(c, first['K-OPEN'].id, { other_account_id: acc(c, 6500) }); // ready, never processed
    await update(c, first['K-IGN'].id, { ignore: true, other_account_id: acc(c, 6500) });
    await update(c, first['K-INV'].id, { invoice_id: inv.id });
    // process only the ignored and the invoice-linked entry: the open one goes back to not ready first
    await update(c, first['K-OPEN'].id, { other_account_id: null });
    expect((await processAll(c)).body).toEqual({ created: 1, ignored: 1, errors: [] });
    await update(c, first['K-OPEN'].id, { other_account_id: acc(c, 6500) });
    const other = freshCompany('Regel anderswo AG');
    await uploadOk(other, camt054(null, [{ amount: '3.00', direction: 'DBIT', ref: 'K-ELSE', name: 'Anderswo GmbH' }]));
    await processWith(other, 'K-ELSE', { other_account_id: acc(other, 6500) });
    const counts = await uploadOk(
      c,
      camt054(null, [
        { amount: '1.50', direction: 'DBIT', ref: 'K-OPEN-2', name: 'Offen GmbH' },
        { amount: '2.50', direction: 'DBIT', ref: 'K-IGN-2', name: 'Ignoriert GmbH' },
        { amount: '50.00', ref: 'K-INV-2', name: 'Kunde mit Rechnung', iban: PAYER_IBAN },
        { amount: '3.50', direction: 'DBIT', ref: 'K-ELSE-2', name: 'Anderswo GmbH' },
      ]),
    );
    expect(counts).toEqual({ created: 4, duplicates: 0, matched: 0, ready: 0 });
    const after = await byRef(c);
    for (const ref of ['K-OPEN-2', 'K-IGN-2', 'K-INV-2', 'K-ELSE-2'])
      expect([ref, after[ref].other_account_id, after[ref].is_ready]).toEqual([ref, null, false]);
  });

  it('an invoice match wins over a learned rule', async () => {
    const c = freshCompany('Rechnung vor Regel AG');
    await uploadOk(c, camt054(null, [{ amount: '100.00', ref: 'W-1', name: 'Muster AG', iban: PAYER_IBAN }]));
    await processWith(c, 'W-1', { income_account_id: acc(c, 3200), description: 'Warenverkauf' });
    const inv = await invoice(c, { customer_id: await customer(c), positions: oneLine(300) });
    const counts = await uploadOk(
      c,
      camt054(null, [{ amount: '300.00', ref: 'W-2', name: 'Muster AG', iban: PAYER_IBAN, scor: inv.reference }]),
    );
    expect(counts).toEqual({ created: 1, duplicates: 0, matched: 1, ready: 0 });
    expect((await byRef(c))['W-2']).toMatchObject({
      invoice_id: inv.id,
      other_account_id: acc(c, 3400),
      description: `Rechnung ${inv.number} Muster AG`,
    });
  });
});

// ---------------------------------------------------------------------------------------------------

describe('the whole story', () => {
  it(
    'an invoice with a QR reference, its payment in a CAMT file, matched, processed: paid in the books; the same ' +
      'file again adds nothing',
    async () => {
      const c = freshCompany('Geschichte AG');
      const qr = await bankAccount(c, { name: 'PostFinance QR', number: 1025, iban: QR_IBAN });
      const cust = await customer(c, 'Muster AG');
      const project = (await call('POST', `/companies/${c}/projects`, { name: 'Website', customer_id: cust })).body.data
        .id;
      const time = async (date: string, hours: number) => {
        const res = await call('POST', `/companies/${c}/times`, {
          project_id: project,
          date,
          hours,
          minutes: 0,
          hourly_rate: 125,
          description: 'Umsetzung',
          billable: true,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        return res.body.data.id as number;
      };
      const times = [await time('2026-03-09', 4), await time('2026-03-10', 4)];
      const inv = await invoice(c, {
        customer_id: cust,
        date: '2026-03-12',
        title: 'Website März',
        positions: oneLine(1000),
        tax_rate_id: rate(c, 'MWST 8.1 %'),
        bank_account_id: qr,
        time_ids: times,
      });
      expect(inv).toMatchObject({ number: 'R-2026-001', final_value: 1081, reference: null });
      expect(inv.qr_reference).toMatch(/^\d{27}$/);
      await markAs(c, inv.id, 'sent');

      const file = camt054(
        QR_IBAN,
        [
          {
            amount: '1081.00',
            date: '2026-03-31',
            ref: '260331CH0000QR01',
            qrr: inv.qr_reference,
            name: 'Muster AG',
            iban: PAYER_IBAN,
          },
        ],
        { id: 'CAMT054-20260331' },
      );
      expect(await uploadOk(c, file)).toEqual({ created: 1, duplicates: 0, matched: 1, ready: 0 });
      const listed = await list(c);
      expect(listed).toMatchObject({ current_count: 1, total_count: 1, open_count: 1, ready_count: 1 });
      const e = listed.data[0];
      expect(e).toMatchObject({
        bank_account_id: qr,
        type: 'income',
        sum: 1081,
        date: '2026-03-31',
        reference: inv.qr_reference,
        invoice_id: inv.id,
        other_account_id: acc(c, 3400),
        tax_rate_id: rate(c, 'MWST 8.1 %'),
        is_ready: true,
        description: 'Rechnung R-2026-001 Muster AG',
        invoice: {
          id: inv.id,
          number: 'R-2026-001',
          title: 'Website März',
          status: 'sent',
          final_value: 1081,
          customer_id: cust,
        },
        bank_account: { id: qr, name: 'PostFinance QR', number: 1025 },
        similarExists: false,
      });

      expect((await processAll(c)).body).toEqual({ created: 1, ignored: 0, errors: [] });
      const done = await read(c, e.id);
      expect(done).toMatchObject({ status: 'processed', error: null, entry_id: expect.any(Number) });
      const paid = await readInvoice(c, inv.id);
      expect(paid).toMatchObject({ status: 'paid', entry_id: done.entry_id, paid_at: '2026-03-31' });
      for (const id of times)
        expect((await call('GET', `/companies/${c}/times/${id}`)).body.data).toMatchObject({
          status: 'paid',
          invoice_id: inv.id,
        });
      const activities = Object.values((await call('GET', `/companies/${c}/invoices/${inv.id}/activities`)).body).map(
        (a: any) => a.message,
      );
      expect(activities).toContain('Marked as paid');

      const booked = (await call('GET', `/companies/${c}/entries`)).body;
      expect(booked.total_count).toBe(1);
      expect(booked.data[0]).toMatchObject({
        id: done.entry_id,
        number: 'E-2026-001',
        type: 'income',
        date: '2026-03-31',
        sum: 1081,
        debit_account_id: qr,
        credit_account_id: acc(c, 3400),
        tax_rate_id: rate(c, 'MWST 8.1 %'),
        invoice_id: inv.id,
        is_imported: true,
        description: 'Rechnung R-2026-001 Muster AG',
      });
      const balance = await balances(c, '2026-01-01', '2026-12-31');
      expect([balance(1025), balance(3400), balance(2200), balance(1100)]).toEqual([1081, 1000, 81, 0]);
      const single = (await call('GET', `/companies/${c}/accounts/${qr}`)).body.data;
      expect(single).toMatchObject({ balance: 1081, balance_formatted: "CHF 1'081.00" });

      expect(await uploadOk(c, file)).toEqual({ created: 0, duplicates: 1, matched: 0, ready: 0 });
      expect(await list(c)).toMatchObject({
        data: [],
        current_count: 0,
        total_count: 0,
        open_count: 0,
        ready_count: 0,
      });
      expect((await call('GET', `/companies/${c}/entries`)).body.total_count).toBe(1);
    },
  );
});
