// Bank import against the running service, part 4 (issue 22): an import a bookkeeper can trust.
// Every reference kept (untyped QRR and SCOR references match their invoices) and every line with a
// text (the bank transaction code in words, a foreign original amount); learned rules keep the
// direction and say which booking taught them; the statement's IBAN picks the bank account or the
// upload asks; the statement's balances are reported, stored and reconciled with the books.
// Contract: docs/service/import-entries.md.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../helpers/service.js';
import { PAYER_IBAN, QR_IBAN, camt053, camt054, importHelpers, zip, type CamtTx } from '../helpers/import-entries.js';
import { retryOnStaleSocket } from './retry-on-reset.js';

let svc: TestService;
const h = importHelpers(() => svc);
const { acc, freshCompany, uploadOk, byRef, customer, bankAccount, invoice, markAs, processAll, read } = h;

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../fixtures/camt', name));
const oneLine = (price: number) => JSON.stringify([{ description: 'Beratung', amount: 1, price, unit: 'h' }]);

beforeAll(async () => {
  svc = retryOnStaleSocket(await startTestService());
});

afterAll(async () => {
  await svc?.close();
});

// ---------------------------------------------------------------------------------------------------

describe('every reference kept', () => {
  it('an untyped QRR (27 digits, valid check digit) is stored and pays its invoice like a typed one', async () => {
    const c = freshCompany('ESR ohne Typ AG');
    const qr = await bankAccount(c, { name: 'PostFinance QR', number: 1025, iban: QR_IBAN });
    const inv = await invoice(c, { customer_id: await customer(c), positions: oneLine(250), bank_account_id: qr });
    await markAs(c, inv.id, 'sent');
    const spaced = inv.qr_reference.replace(/^(.{2})(.{5})(.{5})(.{5})(.{5})(.{5})$/, '$1 $2 $3 $4 $5 $6');
    const counts = await uploadOk(
      c,
      camt054(QR_IBAN, [{ amount: '250.00', ref: 'U-QRR', untypedRef: spaced, name: 'Muster AG' }]),
    );
    expect(counts).toMatchObject({ created: 1, matched: 1 });
    expect((await byRef(c))['U-QRR']).toMatchObject({
      reference: inv.qr_reference,
      invoice_id: inv.id,
      other_account_id: acc(c, 3400),
      is_ready: true,
    });
    expect((await processAll(c)).body).toEqual({ created: 1, ignored: 0, errors: [] });
    expect((await h.readInvoice(c, inv.id)).status).toBe('paid');
  });

  it(
    'an untyped RF reference with a valid ISO 11649 check is an SCOR and matches; a reference that is neither is ' +
      'not kept as one',
    async () => {
      const c = freshCompany('SCOR ohne Typ AG');
      const inv = await invoice(c, { customer_id: await customer(c), positions: oneLine(80) });
      const counts = await uploadOk(
        c,
        camt054(null, [
          { amount: '80.00', ref: 'U-SCOR', untypedRef: inv.reference.toLowerCase(), name: 'Muster AG' },
          { amount: '80.00', ref: 'U-BAD', untypedRef: '210000000003139471430009018', name: 'Muster AG' },
        ]),
      );
      expect(counts).toMatchObject({ created: 2, matched: 1 });
      const entries = await byRef(c);
      expect(entries['U-SCOR']).toMatchObject({ reference: inv.reference, invoice_id: inv.id, is_ready: true });
      expect(entries['U-BAD']).toMatchObject({ reference: null, invoice_id: null, is_ready: false });
    },
  );
});

describe('every line has a text', () => {
  it(
    'without counterparty, entry information or remittance: the bank transaction code in words, else the code; ' +
      'else the counterparty or the entry information',
    async () => {
      const c = freshCompany('Text AG');
      await uploadOk(
        c,
        camt054(null, [
          { amount: '100.00', ref: 'T-IN', code: 'PMNT/RCDT/ESCT' },
          { amount: '50.00', direction: 'DBIT', ref: 'T-OUT', code: 'PMNT/ICDT/DMCT' },
          { amount: '4.50', direction: 'DBIT', ref: 'T-FEE', code: 'ACMT/MDOP/CHRG' },
          { amount: '1.00', ref: 'T-RAW', code: 'XTND/NTAV/NTAV' },
          { amount: '2.00', ref: 'T-NAME', code: 'PMNT/RCDT/ESCT', name: 'Muster AG' },
          { amount: '3.00', ref: 'T-INFO', code: 'PMNT/RCDT/ESCT', info: 'GUTSCHRIFT AUFTRAGGEBER' },
        ]),
      );
      const e = await byRef(c);
      const texts = Object.fromEntries(Object.entries(e).map(([ref, x]) => [ref, [x.description, x.og_description]]));
      expect(texts).toEqual({
        'T-IN': ['Zahlungseingang', 'Zahlungseingang'],
        'T-OUT': ['Zahlungsausgang', 'Zahlungsausgang'],
        'T-FEE': ['Bankspesen', 'Bankspesen'],
        'T-RAW': ['XTND/NTAV/NTAV', 'XTND/NTAV/NTAV'],
        'T-NAME': ['Muster AG', 'Muster AG'],
        'T-INFO': ['GUTSCHRIFT AUFTRAGGEBER', 'GUTSCHRIFT AUFTRAGGEBER'],
      });
    },
  );

  it(
    'an amount instructed in another currency (AmtDtls/InstdAmt) is in the text; the sum stays the booked CHF ' +
      'amount',
    async () => {
      const c = freshCompany('Fremdwährung AG');
      await uploadOk(
        c,
        camt054(null, [
          {
            amount: '19.85',
            direction: 'DBIT',
            ref: 'F-EUR',
            name: 'Amazon EU S.a.r.l.',
            ustrd: 'Bestellung 302-1',
            instructed: { amount: '20.97', currency: 'EUR' },
          },
          {
            amount: '7.00',
            direction: 'DBIT',
            ref: 'F-CODE',
            code: 'PMNT/CCRD/POSD',
            instructed: { amount: '7.80', currency: 'USD' },
          },
        ]),
      );
      const e = await byRef(c);
      expect(e['F-EUR']).toMatchObject({
        sum: 19.85,
        type: 'expense',
        og_description: 'Amazon EU S.a.r.l. / Bestellung 302-1 / EUR 20.97',
      });
      expect(e['F-CODE']).toMatchObject({ sum: 7, og_description: 'Kartenzahlung / USD 7.80' });
    },
  );
});

describe('learned rules keep the direction', () => {
  it("a payee's refund is no bank charge: rules learned, applied per direction; an entry names its rule", async () => {
    const c = freshCompany('Richtung AG');
    // the viafintech notification: among others Bernasconi Maria takes back a direct debit (DBIT 6.00)
    expect(await uploadOk(c, fixture('camt054-v04-example.xml'), { bankAccountId: acc(c, 1020) })).toMatchObject({
      created: 5,
      ready: 0,
    });
    const charge = (await h.entries(c)).find(
      (e) => e.counterparty_name === 'Bernasconi Maria' && e.type === 'expense',
    )!;
    await h.update(c, charge.id, { expense_account_id: acc(c, 6940), description: 'Rückbelastung' });
    expect((await processAll(c)).body).toMatchObject({ created: 1, errors: [] });
    const booking = (await read(c, charge.id)).entry_id;

    // PostFinance's QRR notification: two payments from Bernasconi Maria come in; no income was learned from her
    const incoming = await uploadOk(c, fixture('postfinance-camt054-v04-qrr.xml'), { bankAccountId: acc(c, 1010) });
    expect(incoming).toMatchObject({ created: 2, ready: 0 });
    const refunds = (await h.entries(c)).filter(
      (e) => e.counterparty_name === 'Bernasconi Maria' && e.type === 'income' && e.bank_account.number === 1010,
    );
    expect(refunds.map((e) => [e.sum, e.other_account_id, e.is_ready, e.rule])).toEqual([
      [913.93, null, false, null],
      [778.29, null, false, null],
    ]);

    // an outgoing payment to her is filled by the expense rule, which says where it comes from
    await uploadOk(c, camt054(null, [{ amount: '7.50', direction: 'DBIT', ref: 'R-OUT', name: 'BERNASCONI MARIA' }]));
    const out = (await byRef(c))['R-OUT'];
    expect(out).toMatchObject({ other_account_id: acc(c, 6940), description: 'Rückbelastung', is_ready: true });
    const number = (await h.booking(c, booking)).number;
    expect(out.rule).toEqual({
      import_entry_id: charge.id,
      entry_id: booking,
      entry_number: number,
      match: 'name',
      counterparty: 'Bernasconi Maria',
    });

    // an income learned from an income: by her IBAN; the expense rule stays
    await h.update(c, refunds[0].id, { income_account_id: acc(c, 3600), description: 'Rückerstattung' });
    // R-OUT too: now the latest expense of her name
    expect((await processAll(c)).body).toMatchObject({ created: 2, errors: [] });
    await uploadOk(
      c,
      camt054(null, [
        { amount: '50.00', ref: 'R-IN', name: 'Bernasconi Maria', iban: refunds[0].counterparty_iban },
        {
          amount: '8.00',
          direction: 'DBIT',
          ref: 'R-OUT-2',
          name: 'Bernasconi Maria',
          iban: refunds[0].counterparty_iban,
        },
      ]),
    );
    const next = await byRef(c);
    expect(next['R-IN']).toMatchObject({
      other_account_id: acc(c, 3600),
      is_ready: true,
      rule: { import_entry_id: refunds[0].id, match: 'iban', counterparty: refunds[0].counterparty_iban },
    });
    expect(next['R-OUT-2']).toMatchObject({
      other_account_id: acc(c, 6940),
      rule: { import_entry_id: out.id, match: 'name', counterparty: 'BERNASCONI MARIA' },
    });
  });

  it('the rule is no longer shown once the bookkeeper chooses the counter account, or resets the entry', async () => {
    const c = freshCompany('Regel geändert AG');
    await uploadOk(c, camt054(null, [{ amount: '10.00', direction: 'DBIT', ref: 'G-1', name: 'Kiosk' }]));
    await h.update(c, (await byRef(c))['G-1'].id, { expense_account_id: acc(c, 6500) });
    await processAll(c);
    await uploadOk(
      c,
      camt054(null, [
        { amount: '11.00', direction: 'DBIT', ref: 'G-2', name: 'Kiosk' },
        { amount: '12.00', direction: 'DBIT', ref: 'G-3', name: 'Kiosk' },
      ]),
    );
    const { 'G-2': two, 'G-3': three } = await byRef(c);
    expect([two.rule?.match, three.rule?.match]).toEqual(['name', 'name']);
    // another text or VAT rate keeps the rule's account; another account is the bookkeeper's
    expect((await h.update(c, two.id, { description: 'Zeitungen' })).rule).not.toBeNull();
    expect((await h.update(c, two.id, { expense_account_id: acc(c, 6570) })).rule).toBeNull();
    const reset = await h.call('PUT', `/companies/${c}/entries/import/${three.id}/reset`);
    expect(reset.body.data).toMatchObject({ rule: null, other_account_id: null, is_ready: false });
  });
});

describe('the right bank account, or a clear question', () => {
  const STATEMENT_IBAN = 'CH0309000000250090342'; // the PostFinance samples' account
  const PAYMENT: CamtTx = { amount: '100.00', ref: 'A-1', name: 'Muster AG' };

  /** An upload that must be refused with the question: 422 errors.bank_account_id; answers the message. */
  async function question(c: number, content: string | Uint8Array, bankAccountId?: number): Promise<string> {
    const res = await h.upload(c, content, { bankAccountId, report: true });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['bank_account_id']);
    return res.body.errors.bank_account_id[0];
  }

  const ibanOf = async (c: number, id: number) =>
    (await h.call('GET', `/companies/${c}/accounts/${id}`)).body.data.iban;

  it("no account has the IBAN, several have none: 422 naming the statement's IBAN and all bank accounts", async () => {
    const c = freshCompany('Frage AG');
    await bankAccount(c, { name: 'ZKB', number: 1025, iban: PAYER_IBAN });
    const message = await question(c, camt054(STATEMENT_IBAN, [PAYMENT]));
    expect(message).toBe(
      'Kein Bankkonto hat die IBAN CH03 0900 0000 2500 9034 2 des Auszugs. Bankkonto wählen (bank_account_id): ' +
        '1000 Kasse, 1010 Postkonto, 1020 Bankguthaben, 1025 ZKB (CH56 0483 5012 3456 7800 9).',
    );
    // the real statement too
    expect(await question(c, fixture('postfinance-camt053-v04-statement.xml'))).toContain('CH03 0900 0000 2500 9034 2');
    expect((await h.list(c)).total_count).toBe(0);
    expect(await ibanOf(c, acc(c, 1020))).toBeNull();
  });

  it(
    "with the parameter, an account without IBAN is used and gets the statement's (said in the report); the next " +
      'statement finds it by the IBAN',
    async () => {
      const c = freshCompany('IBAN Zuweisung AG');
      const res = await h.upload(c, fixture('postfinance-camt053-v04-statement.xml'), {
        bankAccountId: acc(c, 1020),
        report: true,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({
        created: 32,
        assigned_ibans: [{ bank_account_id: acc(c, 1020), number: 1020, name: 'Bankguthaben', iban: STATEMENT_IBAN }],
      });
      expect(await ibanOf(c, acc(c, 1020))).toBe(STATEMENT_IBAN);
      const next = await h.upload(c, fixture('camt054-v04-example.xml'), { report: true });
      expect(next.body).toMatchObject({ created: 0, duplicates: expect.any(Array), assigned_ibans: [] });
      expect(next.body.duplicates).toHaveLength(5);
    },
  );

  it('without the parameter, the only bank account without IBAN is used the same way', async () => {
    const c = freshCompany('Einziges Konto AG');
    for (const [number, iban] of [
      [1000, PAYER_IBAN],
      [1010, 'CH3608387000001080173'],
    ] as const) {
      expect((await h.call('PUT', `/companies/${c}/accounts/${acc(c, number)}`, { iban })).status).toBe(200);
    }
    const res = await h.upload(c, camt054(STATEMENT_IBAN, [PAYMENT]), { report: true });
    expect(res.body).toMatchObject({ created: 1, assigned_ibans: [{ number: 1020, iban: STATEMENT_IBAN }] });
    expect((await h.entries(c))[0].bank_account_id).toBe(acc(c, 1020));
    // now every account has an IBAN: another statement's is a question
    expect(await question(c, camt054('CH9300762011623852957', [PAYMENT]))).toMatch(
      /^Kein Bankkonto hat die IBAN CH93 0076 2011 6238 5295 7 des Auszugs\./,
    );
  });

  it('an account with another IBAN is never used, even if asked; nor one without if another has the IBAN', async () => {
    const c = freshCompany('Andere IBAN AG');
    const zkb = await bankAccount(c, { name: 'ZKB', number: 1025, iban: PAYER_IBAN });
    expect(await question(c, camt054(STATEMENT_IBAN, [PAYMENT]), zkb)).toBe(
      'Das Bankkonto 1025 ZKB (CH56 0483 5012 3456 7800 9) hat eine andere IBAN als der Auszug ' +
        '(CH03 0900 0000 2500 9034 2). Bankkonto wählen (bank_account_id): 1000 Kasse, 1010 Postkonto, 1020 ' +
        'Bankguthaben, 1025 ZKB (CH56 0483 5012 3456 7800 9).',
    );
    expect(await question(c, camt054(PAYER_IBAN, [PAYMENT]), acc(c, 1020))).toMatch(
      new RegExp(
        '^Der Auszug \\(CH56 0483 5012 3456 7800 9\\) gehört zum Bankkonto 1025 ZKB ' +
          '\\(CH56 0483 5012 3456 7800 9\\), nicht zu 1020 Bankguthaben\\.',
      ),
    );
    expect((await h.list(c)).total_count).toBe(0);
    expect(await ibanOf(c, acc(c, 1020))).toBeNull();
  });

  it('a ZIP: the IBAN the first statement gives counts for the next; a statement that asks stops all', async () => {
    const c = freshCompany('Zip Konten AG');
    const march = camt054(STATEMENT_IBAN, [{ ...PAYMENT, ref: 'Z-3' }], { id: 'M' });
    const april = camt054(STATEMENT_IBAN, [{ ...PAYMENT, ref: 'Z-4', date: '2026-04-30' }], { id: 'A' });
    const other = camt054('CH9300762011623852957', [{ ...PAYMENT, ref: 'Z-X' }]);
    expect(await question(c, zip({ 'maerz.xml': march, 'fremd.xml': other }), acc(c, 1020))).toMatch(
      /^fremd\.xml: Das Bankkonto 1020 Bankguthaben \(CH03 0900 0000 2500 9034 2\) hat eine andere IBAN/,
    );
    expect((await h.list(c)).total_count).toBe(0);
    expect(await ibanOf(c, acc(c, 1020))).toBeNull();
    const res = await h.upload(c, zip({ 'maerz.xml': march, 'april.xml': april }), {
      bankAccountId: acc(c, 1020),
      report: true,
    });
    expect(res.body).toMatchObject({ created: 2, assigned_ibans: [{ number: 1020, iban: STATEMENT_IBAN }] });
  });

  it('a statement in another currency than its account: 422; an IBAN failing its check is none (primary)', async () => {
    const c = freshCompany('Währung Konto AG');
    await bankAccount(c, { name: 'EUR Konto', number: 1030, currency: 'EUR', iban: 'DE89370400440532013000' });
    expect(await question(c, camt054('DE89370400440532013000', [PAYMENT]))).toBe(
      'Das Bankkonto 1030 führt EUR, die Datei (DE89370400440532013000) ist in CHF.',
    );
    // CH160077401231234567: 20 characters
    expect(await uploadOk(c, fixture('camt054-v04-collective.xml'))).toMatchObject({ created: 2 });
    expect((await h.entries(c)).map((e) => e.bank_account.number)).toEqual([1020, 1020]);
  });
});

describe("reconcile with the bank's balance", () => {
  const IBAN = 'CH9300762011623852957';
  const MARCH: CamtTx[] = [
    { amount: '1000.00', ref: 'M-1', date: '2026-03-10', name: 'Muster AG' },
    { amount: '250.00', direction: 'DBIT', ref: 'M-2', date: '2026-03-20', name: 'Immo AG' },
  ];
  const march = camt053(
    IBAN,
    [
      { type: 'OPBD', amount: '500.00', date: '2026-02-28' },
      { type: 'CLBD', amount: '1250.00', date: '2026-03-31' },
    ],
    MARCH,
    { id: 'ST-03' },
  );
  const april = camt053(
    IBAN,
    [
      { type: 'PRCD', amount: '1250.00', date: '2026-03-31' },
      { type: 'CLBD', amount: '1150.00', date: '2026-04-30' },
    ],
    [{ amount: '100.00', direction: 'DBIT', ref: 'A-1', date: '2026-04-15', name: 'Swisscom' }],
    { id: 'ST-04' },
  );
  const reconcileOf = (c: number, query = '', family: 'entries/import' | 'import-entries' = 'entries/import') =>
    h.call('GET', `/companies/${c}/${family}/reconcile${query}`);

  /** The company's 1020 with an opening balance of 500.00 booked on 2026-02-28. */
  async function company(name: string): Promise<number> {
    const c = freshCompany(name);
    await h.createBooking(c, {
      date: '2026-02-28',
      debit_account_id: acc(c, 1020),
      credit_account_id: acc(c, 2800),
      sum: 500,
      description: 'Saldovortrag',
    });
    return c;
  }

  it(
    "the upload's report carries each statement's balances, whether opening + movements = closing, and the books " +
      'at its date',
    async () => {
      const c = await company('Saldo Bericht AG');
      const res = await h.upload(c, march, { bankAccountId: acc(c, 1020), report: true });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.statements).toEqual([
        {
          file_name: null,
          statement_id: 'ST-03',
          iban: IBAN,
          bank_account_id: acc(c, 1020),
          currency: 'CHF',
          opening_balance: 500,
          opening_date: '2026-02-28',
          closing_balance: 1250,
          closing_date: '2026-03-31',
          movements: 750,
          adds_up: true,
          booked_until: '2026-03-31',
          book_balance: 500,
        },
      ]);
      const wrong = camt053(
        IBAN,
        [
          { type: 'OPBD', amount: '-20.00', date: '2026-04-30' },
          { type: 'CLBD', amount: '100.00', date: '2026-05-31' },
        ],
        [{ amount: '100.00', ref: 'W-1', date: '2026-05-02' }],
        { id: 'ST-05' },
      );
      const off = await h.upload(c, wrong, { report: true });
      expect(off.body.statements).toMatchObject([
        { opening_balance: -20, closing_balance: 100, movements: 100, adds_up: false },
      ]);
      // a camt.054 has no balances
      expect(
        (await h.upload(c, camt054(IBAN, [{ amount: '1.00', ref: 'N-1' }]), { report: true })).body.statements,
      ).toEqual([]);
    },
  );

  it(
    "the real PostFinance statement: 322'152.16 + 537.61 = 322'689.77; an entry booked after the closing date " +
      "moves the books' date with it",
    async () => {
      const c = freshCompany('Saldo PostFinance AG');
      const res = await h.upload(c, fixture('postfinance-camt053-v04-statement.xml'), {
        bankAccountId: acc(c, 1020),
        report: true,
      });
      expect(res.body.statements).toMatchObject([
        {
          iban: 'CH0309000000250090342',
          opening_balance: 322152.16,
          closing_balance: 322689.77,
          movements: 537.61,
          adds_up: true,
          closing_date: '2016-04-30',
          booked_until: '2016-05-27',
          book_balance: 0,
        },
      ]);
    },
  );

  it(
    "reconcile: the bank's closing balance beside the book balance, with the open entries that explain the " +
      'difference; agrees once they are processed',
    async () => {
      const c = await company('Abgleich AG');
      expect((await reconcileOf(c)).status).toBe(404);
      await uploadOk(c, march, { bankAccountId: acc(c, 1020) });
      const before = await reconcileOf(c);
      expect(before.status, JSON.stringify(before.body)).toBe(200);
      expect(Object.keys(before.body)).toEqual([
        'bank_account',
        'statement',
        'date',
        'bank_balance',
        'book_balance',
        'difference',
        'agrees',
        'open_entries',
        'open_sum',
        'unexplained',
      ]);
      expect(before.body).toMatchObject({
        bank_account: { id: acc(c, 1020), number: 1020, name: 'Bankguthaben', iban: IBAN, currency: 'CHF' },
        statement: {
          statement_id: 'ST-03',
          closing_balance: 1250,
          closing_date: '2026-03-31',
          booked_until: '2026-03-31',
          opening_balance: 500,
          movements: 750,
          adds_up: true,
        },
        date: '2026-03-31',
        bank_balance: 1250,
        book_balance: 500,
        difference: 750,
        agrees: false,
        open_sum: 750,
        unexplained: 0,
      });
      expect(before.body.open_entries.map((e: any) => [e.bank_reference, e.sum, e.type])).toEqual([
        ['M-1', 1000, 'income'],
        ['M-2', 250, 'expense'],
      ]);
      expect((await reconcileOf(c, '', 'import-entries')).body).toEqual(before.body);

      const { 'M-1': income, 'M-2': rent } = await byRef(c);
      await h.update(c, income.id, { income_account_id: acc(c, 3400) });
      await h.update(c, rent.id, { expense_account_id: acc(c, 6000) });
      expect((await processAll(c)).body).toMatchObject({ created: 2, errors: [] });
      expect((await reconcileOf(c)).body).toMatchObject({
        bank_balance: 1250,
        book_balance: 1250,
        difference: 0,
        agrees: true,
        open_entries: [],
        open_sum: 0,
        unexplained: 0,
      });
    },
  );

  it(
    'the latest statement by closing date, or the latest closing on or before date=; the same statement again is ' +
      'stored once',
    async () => {
      const c = await company('Zwei Auszüge AG');
      await uploadOk(c, april, { bankAccountId: acc(c, 1020) });
      await uploadOk(c, march);
      await uploadOk(c, march);
      expect((await reconcileOf(c)).body).toMatchObject({
        statement: { statement_id: 'ST-04', closing_date: '2026-04-30' },
        date: '2026-04-30',
        bank_balance: 1150,
      });
      const inMarch = (await reconcileOf(c, '?date=2026-04-15')).body;
      expect(inMarch).toMatchObject({
        statement: { statement_id: 'ST-03' },
        date: '2026-03-31',
        bank_balance: 1250,
        book_balance: 500,
        open_sum: 750,
      });
      // the ignored entry is not counted: ignoring says it is in the books another way, or not the company's
      await h.update(c, (await byRef(c))['M-2'].id, { ignore: true });
      expect((await reconcileOf(c, '?date=2026-03-31')).body).toMatchObject({ open_sum: 1000, unexplained: -250 });
      expect((await reconcileOf(c, '?date=2026-03-30')).status).toBe(404);
      expect(h.db().prepare('SELECT count(*) AS n FROM bank_statements WHERE company_id = ?').get(c)).toEqual({ n: 2 });
    },
  );

  it('several bank accounts with statements need bank_account_id (422 naming them); bad id or date: 422', async () => {
    const c = await company('Mehrere Konten AG');
    await uploadOk(c, march, { bankAccountId: acc(c, 1020) });
    await uploadOk(c, camt053(null, [{ type: 'CLBD', amount: '0.00', date: '2026-03-31' }], [], { id: 'KASSE' }), {
      bankAccountId: acc(c, 1000),
    });
    const ask = await reconcileOf(c);
    expect(ask.status).toBe(422);
    expect(ask.body.errors.bank_account_id[0]).toBe(
      'Kontoauszüge gibt es für mehrere Bankkonten; Bankkonto wählen (bank_account_id): 1000 Kasse, 1020 Bankguthaben.',
    );
    expect((await reconcileOf(c, `?bank_account_id=${acc(c, 1000)}`)).body).toMatchObject({
      bank_account: { number: 1000 },
      agrees: true,
    });
    expect((await reconcileOf(c, `?bank_account_id=${acc(c, 1010)}`)).status).toBe(404);
    for (const query of [
      `?bank_account_id=${acc(c, 3400)}`,
      '?bank_account_id=abc',
      '?date=2026-02-30',
      '?date=31.03.2026',
    ]) {
      const res = await reconcileOf(c, query);
      expect(res.status, query).toBe(422);
    }
  });
});
