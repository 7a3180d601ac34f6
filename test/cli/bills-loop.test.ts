// The whole supplier-bill loop through the CLI (issue 25, "Done when"), on the local ledger of a sandbox
// (the embedded service, as a bookkeeper runs acct), once per VAT method: two bills scanned in from
// QR-bills this project did not draw (a QRR bill in a 3-page PDF, a SCOR bill in a photo; bwip-js via
// test/helpers/foreign-qr-bills.ts) and one typed without reference, `bills pay` → a pain.001 valid
// against SIX's schema, the camt.053 a bank sends after executing that file (built from a real
// statement, test/helpers/import-entries.ts) → upload, list, process → three paid bills; then the books
// to the Rappen: trial balance, the VAT return's input tax (box 400 and the eCH-0217 file) in the
// bills' quarter (accrual) or the payments' quarter (cash), one booking per payment, `acct check` and
// `acct import reconcile`.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sandbox, type RunResult, type Sandbox } from '../helpers/cli.js';
import {
  foreignPayload,
  IG_EXAMPLE_BILL,
  photoPng,
  threePagePdf,
  type ForeignPayload,
} from '../helpers/foreign-qr-bills.js';
import { realStatementOfPayments, type ExecutedPayment } from '../helpers/import-entries.js';
import { loadXsdValidator, type XsdCheck } from '../helpers/xsd.js';
import { tsv } from './support.js';

const OWN_IBAN = 'CH9300762011623852957';
/** the IG's sample QR-IBAN and QR reference, the sample SCOR */
const QR_IBAN = 'CH4431999123000889012';
const QRR = '210000000003139471430009017';
const SUPPLIER_IBAN = 'CH3709000000304442225';
const SCOR = 'RF18539007547034';
const LANDLORD_IBAN = 'CH3608387000001080173';

/** Bills of March (Q1), paid on 2 April (Q2): the two methods put the input tax in different quarters. */
const EXECUTION_DATE = '2026-04-02';
const Q1 = ['--from', '2026-01-01', '--to', '2026-03-31'];
const Q2 = ['--from', '2026-04-01', '--to', '2026-06-30'];

const schneider: ForeignPayload = {
  ...IG_EXAMPLE_BILL,
  debtor: { name: 'Demo AG', street: 'Bahnhofstrasse', building: '1', zip: '8001', city: 'Zürich', country: 'CH' },
  reference: QRR,
  message: 'Auftrag vom 02.03.2026',
};
const druckerei: ForeignPayload = {
  iban: SUPPLIER_IBAN,
  creditor: {
    name: 'Druckerei Müller GmbH',
    street: 'Bahnhofstrasse',
    building: '7',
    zip: '8001',
    city: 'Zürich',
    country: 'CH',
  },
  amount: '432.60',
  currency: 'CHF',
  referenceType: 'SCOR',
  reference: SCOR,
  message: 'Flyer Frühling',
};

/** The gross amounts in Rappen; the rent (no VAT) is typed in. */
const GROSS = { qrr: 194_975, scor: 43_260, rent: 250_000 };
const TOTAL = GROSS.qrr + GROSS.scor + GROSS.rent;
const OPENING = 1_000_000;

/** The input tax in a gross amount at 8.1 %, as the ledger splits it: gross × 81 / 1081 rounded half away from zero. */
const inputTax = (gross: number) => Math.floor((gross * 81 * 2 + 1081) / (2 * 1081));
const TAX = { qrr: inputTax(GROSS.qrr), scor: inputTax(GROSS.scor) };

const rappen = (text: string | null | undefined) => {
  if (text === null || text === undefined || text === '') return 0;
  const m = /^(-?)(\d+)\.(\d{2})$/.exec(text);
  if (!m) throw new Error(`not an amount: ${text}`);
  return (m[1] ? -1 : 1) * (Number(m[2]) * 100 + Number(m[3]));
};
const chf = (r: number) => `${Math.trunc(r / 100)}.${String(r % 100).padStart(2, '0')}`;

const METHODS = [
  { method: 'accrual', flag: 'on' },
  { method: 'cash', flag: 'off' },
] as const;

let check: XsdCheck;
let ech0217: XsdCheck;

beforeAll(async () => {
  check = await loadXsdValidator('pain-001-ch', 'pain.001.001.09.ch.03.xsd');
  ech0217 = await loadXsdValidator('ech-0217', 'eCH-0217-2-0-0.xsd');
});

describe.each(METHODS)('the supplier-bill loop, $method method', ({ method, flag }) => {
  const accrual = method === 'accrual';
  let box: Sandbox;
  let dir: string;
  /** acct on the sandbox's local ledger (the embedded service); the files it reads and writes lie in `dir` */
  const acct = (args: string[]): Promise<RunResult> => box.run(args, { timeoutMs: 30_000 });
  const ok = async (args: string[]): Promise<string> => {
    const r = await acct(args);
    expect(r.code, `acct ${args.join(' ')}\n${r.stderr}`).toBe(0);
    return r.stdout;
  };
  const json = async (args: string[]): Promise<any> => JSON.parse(await ok([...args, '-o', 'json']));
  let messageId: string;
  let bills: Record<'qrr' | 'scor' | 'rent', string>;

  beforeAll(() => {
    box = sandbox();
    dir = join(box.dataDir, '..');
  });

  afterAll(() => box?.cleanup());

  test("the company: its method, its creditor address, 1020 with its IBAN and 10'000 in it", async () => {
    const company = await json([
      'server',
      'companies',
      'set',
      '1',
      '--vat-accrual',
      flag,
      '--creditor-name',
      'Demo AG',
      '--creditor-street',
      'Bahnhofstrasse',
      '--creditor-building',
      '1',
      '--creditor-zip',
      '8001',
      '--creditor-city',
      'Zürich',
    ]);
    expect(company).toMatchObject({ vat_accrual_method_active: accrual, creditor_name: 'Demo AG' });
    expect(await json(['accounts', 'update', '1020', '--iban', 'CH93 0076 2011 6238 5295 7'])).toMatchObject({
      iban: OWN_IBAN,
    });
    await ok([
      'entries',
      'create',
      '--date',
      '2026-01-01',
      '--debit',
      '1020',
      '--credit',
      '2800',
      '--sum',
      chf(OPENING),
      '--description',
      'Eröffnung',
    ]);
  });

  test('two bills scanned from their QR-bills (QRR in a PDF, SCOR in a photo), one typed, no reference', async () => {
    const pdf = join(dir, 'schneider.pdf');
    writeFileSync(pdf, await threePagePdf(foreignPayload(schneider)));
    const png = join(dir, 'druckerei.png');
    writeFileSync(png, await photoPng(foreignPayload(druckerei), { scale: 0.85, degrees: 3 }));
    const taxed = ['--tax-rate', 'Vorsteuer 8.1 %', '--no-input', '--json'];
    const qrr = await json([
      'bills',
      'add',
      pdf,
      '--account',
      '4400',
      '--bill-date',
      '2026-03-05',
      '--due-date',
      '2026-04-04',
      ...taxed,
    ]);
    expect(qrr).toMatchObject({
      supplier_name: 'Robert Schneider AG',
      amount: 1949.75,
      reference_type: 'QRR',
      reference: QRR,
      receipt: 'schneider.pdf',
    });
    const scor = await json([
      'bills',
      'add',
      png,
      '--account',
      '6600',
      '--bill-date',
      '2026-03-12',
      '--due-date',
      '2026-04-11',
      ...taxed,
    ]);
    expect(scor).toMatchObject({
      supplier_name: 'Druckerei Müller GmbH',
      amount: 432.6,
      reference_type: 'SCOR',
      reference: SCOR,
      receipt: 'druckerei.png',
    });
    const rent = await json([
      'bills',
      'create',
      '--supplier-name',
      'Immobilien Meier AG',
      '--supplier-street',
      'Seestrasse',
      '--supplier-building',
      '5',
      '--supplier-zip',
      '8002',
      '--supplier-city',
      'Zürich',
      '--iban',
      'CH36 0838 7000 0010 8017 3',
      '--message',
      'Miete April 2026',
      '--amount',
      "2'500.00",
      '--bill-date',
      '2026-03-25',
      '--due-date',
      '2026-04-01',
      '--account',
      '6000',
    ]);
    expect(rent).toMatchObject({
      reference_type: 'NON',
      reference: null,
      message: 'Miete April 2026',
      tax_rate_id: null,
      status: 'open',
    });
    bills = { qrr: qrr.number, scor: scor.number, rent: rent.number };
    expect(Object.values(bills)).toEqual(['K-2026-001', 'K-2026-002', 'K-2026-003']);
    // accrual books each expense against 2000 on its bill date; cash books nothing yet
    const listed = await json(['bills', 'list', '--status', 'open']);
    expect(listed.map((b: any) => [b.number, b.expense_entry_id === null])).toEqual([
      [bills.rent, !accrual],
      [bills.qrr, !accrual],
      [bills.scor, !accrual],
    ]);
  });

  test("bills pay writes a pain.001 valid against SIX's schema with the 3 payments, schedules the bills", async () => {
    const out = join(dir, 'zahlungen.xml');
    const summary = await json([
      'bills',
      'pay',
      '--execute-on',
      EXECUTION_DATE,
      '--from-account',
      '1020',
      '--out',
      out,
    ]);
    expect(summary).toMatchObject({ file: out, payments: 3, totals: { CHF: TOTAL / 100 } });
    messageId = summary.message_id;
    const xml = readFileSync(out, 'utf8');
    expect(check(xml)).toEqual([]);
    expect(xml).toMatch(
      new RegExp(
        `<GrpHdr>\\s*<MsgId>${messageId}</MsgId>[\\s\\S]*?<NbOfTxs>3</NbOfTxs>\\s*<CtrlSum>${chf(TOTAL)}</CtrlSum>`,
      ),
    );
    expect(xml).toMatch(
      new RegExp(`<ReqdExctnDt>\\s*<Dt>${EXECUTION_DATE}</Dt>[\\s\\S]*<DbtrAcct>\\s*<Id>\\s*<IBAN>${OWN_IBAN}</IBAN>`),
    );
    const txs = payments(xml);
    expect(txs.map((t) => [t.creditor, t.iban, t.amount, t.reference])).toEqual(
      expect.arrayContaining([
        ['Robert Schneider AG', QR_IBAN, '1949.75', `QRR:${QRR}`],
        ['Druckerei Müller GmbH', SUPPLIER_IBAN, '432.60', `SCOR:${SCOR}`],
        ['Immobilien Meier AG', LANDLORD_IBAN, '2500.00', 'Ustrd:Miete April 2026'],
      ]),
    );
    expect(txs).toHaveLength(3);
    expect(new Set(txs.map((t) => t.endToEndId)).size).toBe(3);
    const scheduled = await json(['bills', 'list', '--status', 'scheduled']);
    expect(scheduled.map((b: any) => [b.number, b.payment_message_id]).sort()).toEqual(
      Object.values(bills).map((n) => [n, messageId]),
    );
  });

  test("the bank's camt.053 of the file: each debit is linked to its bill, processing pays all three", async () => {
    const xml = readFileSync(join(dir, 'zahlungen.xml'), 'utf8');
    // as the bank reports the payments: the file's ids, creditor and remittance information given back;
    // the unreferenced one is matched by its creditor account and amount (its message matches nothing)
    const executed: ExecutedPayment[] = payments(xml).map((t, i) => {
      const [type, reference] = [
        t.reference.slice(0, t.reference.indexOf(':')),
        t.reference.slice(t.reference.indexOf(':') + 1),
      ];
      return {
        amount: t.amount,
        date: EXECUTION_DATE,
        ref: `20260402000${i + 1}`,
        msgId: messageId,
        endToEndId: t.endToEndId,
        creditor: t.creditor,
        creditorIban: t.iban,
        ...(type === 'QRR' ? { qrr: reference } : type === 'SCOR' ? { scor: reference } : { ustrd: reference }),
      };
    });
    expect(executed.filter((p) => p.qrr === undefined && p.scor === undefined)).toEqual([
      expect.objectContaining({ creditorIban: LANDLORD_IBAN, ustrd: 'Miete April 2026' }),
    ]);
    const statement = join(dir, 'kontoauszug.xml');
    writeFileSync(statement, realStatementOfPayments({ iban: OWN_IBAN, owner: 'Demo AG' }, chf(OPENING), executed));
    const up = await acct(['import', 'upload-camt', statement]);
    expect(up.code, up.stderr).toBe(0);
    // created, duplicates, matched (to a bill or invoice), ready (by a learned rule)
    expect(tsv(up.stdout)[1]).toEqual([statement, '3', '0', '3', '0']);
    expect(up.stderr).toContain("closing balance CHF 5'117.65");

    const listed = tsv(await ok(['import', 'list', '--fields', 'amount,counter_account,is_ready,bill_label']));
    const counter = (account: string) =>
      accrual ? '2000 Verbindlichkeiten aus Lieferungen und Leistungen (Kreditoren)' : account;
    expect(listed.slice(1).sort()).toEqual(
      [
        ['-1949.75', counter('4400 Aufwand für bezogene Dienstleistungen'), 'true', `pays bill ${bills.qrr}`],
        ['-2500', counter('6000 Raumaufwand'), 'true', `pays bill ${bills.rent}`],
        ['-432.6', counter('6600 Werbeaufwand'), 'true', `pays bill ${bills.scor}`],
      ].sort(),
    );

    await ok(['import', 'process']);
    const paid = await json(['bills', 'list', '--status', 'paid']);
    expect(paid.map((b: any) => [b.number, b.paid_at, b.payment_message_id]).sort()).toEqual(
      Object.values(bills).map((n) => [n, EXECUTION_DATE, messageId]),
    );
    expect(await json(['bills', 'list', '--status', 'scheduled'])).toEqual([]);
    expect(tsv(await ok(['import', 'list']))).toHaveLength(1);
  });

  test('the books: a payment booking per bill (plus an expense one under accrual), trial balance exact', async () => {
    const entries: any[] = await json(['entries', 'list', '--per-page', '100']);
    const paid: any[] = await json(['bills', 'list', '--status', 'paid']);
    for (const bill of paid) {
      const payment = entries.filter((e) => e.id === bill.payment_entry_id);
      expect(payment, bill.number).toHaveLength(1);
      expect(payment[0]).toMatchObject({
        date: EXECUTION_DATE,
        sum: bill.amount,
        is_imported: true,
        credit_account: { number: 1020 },
      });
      if (accrual) {
        expect(payment[0]).toMatchObject({ debit_account: { number: 2000 }, tax_rate_id: null });
        const expense = entries.filter((e) => e.id === bill.expense_entry_id);
        expect(expense, bill.number).toHaveLength(1);
        expect(expense[0]).toMatchObject({
          date: bill.bill_date,
          sum: bill.amount,
          credit_account: { number: 2000 },
          tax_rate_id: bill.tax_rate_id,
        });
      } else {
        expect(bill.expense_entry_id).toBeNull();
        expect(payment[0]).toMatchObject({ debit_account_id: bill.expense_account_id, tax_rate_id: bill.tax_rate_id });
      }
    }
    // the opening booking, the payments, and under accrual the expenses: nothing else
    expect(entries).toHaveLength(accrual ? 7 : 4);
    const onKreditoren = entries.filter((e) => e.debit_account.number === 2000 || e.credit_account.number === 2000);
    expect(onKreditoren).toHaveLength(accrual ? 6 : 0);

    const tb = await json(['report', 'trial-balance', '--from', '2026-01-01', '--to', '2026-12-31']);
    expect(tb.summary).toMatchObject({ balanced: true, difference: '0.00' });
    const net = (number: number) => {
      const row = tb.rows.find((r: any) => r.kind === 'account' && r.number === number);
      return row ? rappen(row.debit) - rappen(row.credit) : 0;
    };
    expect({
      1020: net(1020),
      1170: net(1170),
      2000: net(2000),
      2800: net(2800),
      4400: net(4400),
      6000: net(6000),
      6600: net(6600),
    }).toEqual({
      1020: OPENING - TOTAL,
      1170: TAX.qrr + TAX.scor,
      2000: 0,
      2800: -OPENING,
      4400: GROSS.qrr - TAX.qrr,
      6000: GROSS.rent,
      6600: GROSS.scor - TAX.scor,
    });
    expect(tb.rows.filter((r: any) => r.kind === 'account').map((r: any) => r.number)).toEqual([
      1020, 1170, 2800, 4400, 6000, 6600,
    ]);
  });

  test(`VAT return: input tax in box 400 of ${accrual ? "the bills'" : "the payments'"} quarter only`, async () => {
    const box400 = async (period: string[]) => {
      const vat = await json(['report', 'vat', ...period]);
      return {
        400: rappen(vat.rows.find((r: any) => r.box === 400).tax),
        input: rappen(vat.summary.input_tax),
        output: rappen(vat.summary.output_tax),
      };
    };
    const tax = TAX.qrr + TAX.scor;
    // by hand: 1949.75 × 8.1/108.1 = 146.0960 → 146.10; 432.60 × 8.1/108.1 = 32.4148 → 32.41
    expect(TAX).toEqual({ qrr: 14_610, scor: 3_241 });
    expect(await box400(Q1)).toEqual(accrual ? { 400: tax, input: tax, output: 0 } : { 400: 0, input: 0, output: 0 });
    expect(await box400(Q2)).toEqual(accrual ? { 400: 0, input: 0, output: 0 } : { 400: tax, input: tax, output: 0 });

    // the eCH-0217 file of the quarter with the input tax, for the ESTV portal
    await ok([
      'server',
      'companies',
      'set',
      '1',
      '--vat-number',
      'CHE-123.456.788',
      '--vat-method',
      'effective',
      '--vat-period',
      'quarterly',
    ]);
    const file = join(dir, 'mwst.xml');
    await ok(['report', 'vat', ...(accrual ? Q1 : Q2), '-o', 'xml', '--out', file]);
    const xml = readFileSync(file, 'utf8');
    expect(ech0217(xml)).toEqual([]);
    // agreed (1) or received (2) consideration: the method the return is filed under
    expect(xml).toContain(`<eCH-0217:formOfReporting>${accrual ? 1 : 2}</eCH-0217:formOfReporting>`);
    expect(xml).toContain(`<eCH-0217:inputTaxMaterialAndServices>${chf(tax)}</eCH-0217:inputTaxMaterialAndServices>`);
    expect(xml).toContain(`<eCH-0217:payableTax>-${chf(tax)}</eCH-0217:payableTax>`);
  });

  test('acct check finds every rule kept; the bank account agrees with the statement', async () => {
    const checked = await acct(['check']);
    expect(checked.code, checked.stdout + checked.stderr).toBe(0);
    const reconciled = await acct(['import', 'reconcile']);
    expect(reconciled.code, reconciled.stdout + reconciled.stderr).toBe(0);
    expect(reconciled.stdout + reconciled.stderr).toContain('✓ agrees');
  });
});

interface PainPayment {
  endToEndId: string;
  amount: string;
  creditor: string;
  iban: string;
  reference: string;
}

/** The payments of a pain.001 file: ids, amount, creditor, and the reference as `QRR:…`, `SCOR:…` or `Ustrd:…`. */
function payments(xml: string): PainPayment[] {
  return [...xml.matchAll(/<CdtTrfTxInf>([\s\S]*?)<\/CdtTrfTxInf>/g)].map(([, tx]) => {
    const one = (re: RegExp) => re.exec(tx)?.[1] ?? '';
    const structured = new RegExp(
      /<CdtrRefInf>\s*<Tp>\s*<CdOrPrtry>\s*<(?:Prtry|Cd)>(\w+)<\/(?:Prtry|Cd)>\s*<\/CdOrPrtry>\s*<\/Tp>\s*/.source +
        /<Ref>([^<]+)<\/Ref>/.source,
    ).exec(tx);
    return {
      endToEndId: one(/<EndToEndId>([^<]+)<\/EndToEndId>/),
      amount: one(/<InstdAmt Ccy="CHF">([^<]+)<\/InstdAmt>/),
      creditor: one(/<Cdtr>\s*<Nm>([^<]+)<\/Nm>/),
      iban: one(/<CdtrAcct>\s*<Id>\s*<IBAN>([^<]+)<\/IBAN>/),
      reference: structured ? `${structured[1]}:${structured[2]}` : `Ustrd:${one(/<Ustrd>([^<]+)<\/Ustrd>/)}`,
    };
  });
}
