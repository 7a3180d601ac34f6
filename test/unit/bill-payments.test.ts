// Which bill a debit pays (src/server/domain/bill-payments.ts), and what the CAMT parser gives the rule
// from a real bank statement whose debits were edited into supplier payments.
import { describe, expect, test } from 'vitest';
import { parseCamt } from '../../src/domain/camt.js';
import { makeQrr } from '../../src/domain/qr-reference.js';
import {
  amountIn,
  billPaidBy,
  inPaymentWindow,
  type BillCandidate,
  type Debit,
} from '../../src/server/domain/bill-payments.js';
import { realStatementPayingSupplier } from '../helpers/import-entries.js';

const IBAN = 'CH9300762011623852957';
const QRR = makeQrr(7, 4711);

const bill = (id: number, extra: Partial<BillCandidate> = {}): BillCandidate => ({
  id,
  iban: IBAN,
  reference: null,
  amount: 10810,
  currency: 'CHF',
  bill_date: '2026-03-01',
  due_date: '2026-03-31',
  ...extra,
});
const debit = (extra: Partial<Debit> = {}): Debit => ({
  reference: null,
  amount: 10810,
  currency: 'CHF',
  original: null,
  creditorIban: IBAN,
  date: '2026-03-25',
  ...extra,
});

describe('billPaidBy', () => {
  test('the reference first (spaces and case aside), whatever the amount, IBAN or date', () => {
    const bills = [bill(1), bill(2, { reference: 'RF18539007547034', iban: 'CH5604835012345678009' })];
    expect(
      billPaidBy(bills, debit({ reference: 'rf18 5390 0754 7034', amount: 1, date: '2027-01-01' }), new Set()),
    ).toEqual({ bill: bills[1], by: 'reference' });
  });

  test('else amount and IBAN in the window, the earliest due first, none already taken', () => {
    const bills = [bill(1), bill(2, { due_date: '2026-04-15' })];
    expect(billPaidBy(bills, debit({ creditorIban: 'ch93 0076 2011 6238 5295 7' }), new Set())).toEqual({
      bill: bills[0],
      by: 'iban',
    });
    expect(billPaidBy(bills, debit(), new Set([1]))?.bill.id).toBe(2);
    expect(billPaidBy(bills, debit(), new Set([1, 2]))).toBeUndefined();
    expect(billPaidBy(bills, debit({ amount: 10811 }), new Set())).toBeUndefined();
    expect(billPaidBy(bills, debit({ creditorIban: null }), new Set())).toBeUndefined();
    // a reference of no bill does not stop the IBAN rule
    expect(billPaidBy(bills, debit({ reference: QRR }), new Set())?.by).toBe('iban');
  });

  test('the window runs from the bill date to the due date + 30 days', () => {
    expect(['2026-02-28', '2026-03-01', '2026-04-30', '2026-05-01'].map((d) => inPaymentWindow(bill(1), d))).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });

  test("the amount in the bill's currency: the booked one, else the instructed one", () => {
    expect(
      amountIn(debit({ currency: 'CHF', amount: 9455, original: { amount: '100.00', currency: 'EUR' } }), 'EUR'),
    ).toBe(10000);
    expect(amountIn(debit({ currency: 'CHF', amount: 9455 }), 'EUR')).toBeUndefined();
    expect(amountIn(debit({ currency: 'EUR', amount: 10000 }), 'EUR')).toBe(10000);
  });
});

describe('the real PostFinance statement with debits paid to a supplier', () => {
  test('gives the creditor account (CdtrAcct/Id/IBAN) in electronic form and the QRR of a debit', () => {
    const [statement] = parseCamt(new TextEncoder().encode(realStatementPayingSupplier(IBAN, QRR)));
    const paid = statement.transactions.filter(
      (t) =>
        t.direction === 'debit' &&
        t.bookingDate === '2016-04-30' &&
        (t.counterpartyIban !== null || t.reference !== null),
    );
    expect(
      paid.map((t) => [t.amountRappen, t.bookingDate, t.counterpartyName, t.counterpartyIban, t.reference]),
    ).toEqual([
      [32875, '2016-04-30', 'Muster Druck AG', IBAN, null],
      [20080, '2016-04-30', null, null, { type: 'QRR', value: QRR }],
    ]);
  });
});
