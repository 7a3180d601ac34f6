import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  ACCOUNT_TYPES,
  acquisitionTaxOf,
  balanceOf,
  bookingType,
  calculationMethod,
  categoryForCreate,
  isBankNumber,
  periodBalance,
  postings,
  profitAndLoss,
  totalsByAccount,
  typesOfFilter,
  vatShareOfGross,
  type AccountType,
  type Booking,
  type DatedBooking,
  type LedgerTaxRate,
} from '../../src/server/domain/ledger.js';
import { isValidIban, normaliseIban } from '../../src/server/domain/iban.js';

// account ids = numbers of the standard chart, for readability
const BANK = 1020;
const INPUT_TAX = 1170;
const FURNITURE = 1510;
const VAT_OWED = 2200;
const INCOME = 3400;
const PURCHASES = 4400;
const ADMIN = 6500;

const net = (rate: number, accountId: number, accountType: AccountType): LedgerTaxRate => ({
  rate,
  calculationMethod: 'net',
  isAcquisitionTax: false,
  accountId,
  accountType,
  acquisitionAccountId: null,
});
const MWST = net(810, VAT_OWED, 'liabilities');
const VORSTEUER = net(810, INPUT_TAX, 'assets');
const BEZUG: LedgerTaxRate = {
  rate: 810,
  calculationMethod: 'gross',
  isAcquisitionTax: true,
  accountId: VAT_OWED,
  accountType: 'liabilities',
  acquisitionAccountId: INPUT_TAX,
};
const SALDO: LedgerTaxRate = {
  rate: 810,
  calculationMethod: 'gross',
  isAcquisitionTax: false,
  accountId: VAT_OWED,
  accountType: 'liabilities',
  acquisitionAccountId: null,
};

const income = (sum: number, taxRate: LedgerTaxRate | null = null): Booking => ({
  sum,
  debitAccountId: BANK,
  creditAccountId: INCOME,
  debitType: 'bank',
  creditType: 'income',
  taxRate,
});
const expense = (sum: number, taxRate: LedgerTaxRate | null = null, debitAccountId = ADMIN): Booking => ({
  sum,
  debitAccountId,
  creditAccountId: BANK,
  debitType: 'expense',
  creditType: 'bank',
  taxRate,
});

/** postings as { account: [debit, credit] } */
function byAccount(list: { accountId: number; debit: number; credit: number }[]): Record<number, [number, number]> {
  const out: Record<number, [number, number]> = {};
  for (const p of list) {
    const [d, c] = out[p.accountId] ?? [0, 0];
    out[p.accountId] = [d + p.debit, c + p.credit];
  }
  return out;
}

describe('VAT amounts', () => {
  test.each([
    [108100, 810, 8100], // 1081.00 gross at 8.1 % → 81.00
    [10000, 810, 749], // 100.00 → 7.4931… → 7.49
    [10810, 810, 810],
    [1, 810, 0],
    [13, 810, 1], // 0.974 → 1
    [10260, 260, 260],
    [0, 810, 0],
    [-108100, 810, -8100],
  ])('vatShareOfGross(%i, %i) = %i', (gross, rate, share) => {
    expect(vatShareOfGross(gross, rate)).toBe(share);
  });

  test('rounds half up to the Rappen', () => {
    // at a rate of 100 % the share is half the gross amount: exact halves must round up
    expect(vatShareOfGross(1, 10000)).toBe(1); // 0.5 → 1
    expect(vatShareOfGross(3, 10000)).toBe(2); // 1.5 → 2
  });

  test.each([
    [100000, 810, 8100],
    [12345, 810, 1000],
    [1, 810, 0],
    [62, 810, 5],
  ])('acquisitionTaxOf(%i, %i) = %i', (net, rate, tax) => {
    expect(acquisitionTaxOf(net, rate)).toBe(tax);
  });
});

describe('postings', () => {
  test('no tax rate: the sum on both sides', () => {
    expect(byAccount(postings(income(50000)))).toEqual({ [BANK]: [50000, 0], [INCOME]: [0, 50000] });
  });

  test('income with MWST 8.1 %: 1081.00 → 3400 1000.00, 2200 81.00, 1020 1081.00', () => {
    expect(byAccount(postings(income(108100, MWST)))).toEqual({
      [BANK]: [108100, 0],
      [INCOME]: [0, 100000],
      [VAT_OWED]: [0, 8100],
    });
  });

  test('expense with Vorsteuer 8.1 %: the share is debited to the input tax account', () => {
    expect(byAccount(postings(expense(10000, VORSTEUER)))).toEqual({
      [ADMIN]: [9251, 0],
      [INPUT_TAX]: [749, 0],
      [BANK]: [0, 10000],
    });
  });

  test('income uses the credit side even with an input tax rate (the income account decides)', () => {
    expect(byAccount(postings(income(10810, VORSTEUER)))).toEqual({
      [BANK]: [10810, 0],
      [INCOME]: [0, 10000],
      [INPUT_TAX]: [0, 810],
    });
  });

  test('a swap with input tax splits on the debit side (investment), with VAT owed on the credit side', () => {
    const investment: Booking = {
      sum: 108100,
      debitAccountId: FURNITURE,
      creditAccountId: BANK,
      debitType: 'deprecations',
      creditType: 'bank',
      taxRate: net(810, 1171, 'assets'),
    };
    expect(byAccount(postings(investment))).toEqual({ [FURNITURE]: [100000, 0], 1171: [8100, 0], [BANK]: [0, 108100] });
    const sale: Booking = {
      sum: 108100,
      debitAccountId: BANK,
      creditAccountId: FURNITURE,
      debitType: 'bank',
      creditType: 'deprecations',
      taxRate: MWST,
    };
    expect(byAccount(postings(sale))).toEqual({ [BANK]: [108100, 0], [FURNITURE]: [0, 100000], [VAT_OWED]: [0, 8100] });
  });

  test('acquisition tax: the booking unchanged plus tax credited to 2200 and debited to 1170', () => {
    expect(byAccount(postings(expense(100000, BEZUG, PURCHASES)))).toEqual({
      [PURCHASES]: [100000, 0],
      [BANK]: [0, 100000],
      [VAT_OWED]: [0, 8100],
      [INPUT_TAX]: [8100, 0],
    });
  });

  test('gross (saldo) method: no split', () => {
    expect(byAccount(postings(income(108100, SALDO)))).toEqual({ [BANK]: [108100, 0], [INCOME]: [0, 108100] });
  });

  test('a zero VAT share adds no posting', () => {
    expect(postings(income(1, MWST))).toHaveLength(2);
  });
});

const arbType = fc.constantFrom(...ACCOUNT_TYPES);
const arbTaxRate: fc.Arbitrary<LedgerTaxRate | null> = fc.option(
  fc.record({
    rate: fc.integer({ min: 0, max: 10000 }),
    calculationMethod: fc.constantFrom('net' as const, 'gross' as const),
    isAcquisitionTax: fc.boolean(),
    accountId: fc.constantFrom(VAT_OWED, INPUT_TAX),
    accountType: fc.constantFrom<AccountType>('liabilities', 'assets'),
    acquisitionAccountId: fc.option(fc.constant(INPUT_TAX)),
  }),
);
const arbBooking: fc.Arbitrary<Booking> = fc.record({
  sum: fc.integer({ min: 0, max: 10_000_000_000 }),
  debitAccountId: fc.constantFrom(BANK, ADMIN, FURNITURE, PURCHASES),
  creditAccountId: fc.constantFrom(BANK, INCOME, VAT_OWED),
  debitType: arbType,
  creditType: arbType,
  taxRate: arbTaxRate,
});

describe('postings: properties', () => {
  test('debits equal credits for every booking', () => {
    fc.assert(
      fc.property(arbBooking, (b) => {
        const list = postings(b);
        expect(list.reduce((s, p) => s + p.debit, 0)).toBe(list.reduce((s, p) => s + p.credit, 0));
        expect(list.every((p) => Number.isInteger(p.debit) && Number.isInteger(p.credit))).toBe(true);
      }),
    );
  });

  test('a net split leaves the sum intact: income/expense part + VAT share = sum, share ≤ sum', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000 }),
        fc.integer({ min: 0, max: 10000 }),
        fc.boolean(),
        (sum, rate, isIncome) => {
          const tax = net(rate, isIncome ? VAT_OWED : INPUT_TAX, isIncome ? 'liabilities' : 'assets');
          const accounts = byAccount(postings(isIncome ? income(sum, tax) : expense(sum, tax)));
          const share = vatShareOfGross(sum, rate);
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(sum);
          if (isIncome) {
            expect(accounts[INCOME][1] + (accounts[VAT_OWED]?.[1] ?? 0)).toBe(sum);
            expect(accounts[BANK]).toEqual([sum, 0]);
          } else {
            expect(accounts[ADMIN][0] + (accounts[INPUT_TAX]?.[0] ?? 0)).toBe(sum);
            expect(accounts[BANK]).toEqual([0, sum]);
          }
        },
      ),
    );
  });

  test('the share is the exact value rounded half up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: 1, max: 10000 }), (sum, rate) => {
        const share = vatShareOfGross(sum, rate);
        // |share − sum·rate/(10000+rate)| ≤ 0.5, and exactly .5 rounds up: 2·sum·rate compared with (2·share ∓
        // 1)(10000+rate)
        const twice = 2n * BigInt(sum) * BigInt(rate);
        const d = BigInt(10000 + rate);
        expect(twice >= (2n * BigInt(share) - 1n) * d).toBe(true);
        expect(twice < (2n * BigInt(share) + 1n) * d).toBe(true);
      }),
    );
  });

  test('acquisition tax nets to zero between its two accounts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), fc.integer({ min: 0, max: 10000 }), (sum, rate) => {
        const accounts = byAccount(postings(expense(sum, { ...BEZUG, rate }, PURCHASES)));
        const tax = acquisitionTaxOf(sum, rate);
        expect(accounts[PURCHASES]).toEqual([sum, 0]);
        if (tax > 0) {
          expect(accounts[VAT_OWED]).toEqual([0, tax]);
          expect(accounts[INPUT_TAX]).toEqual([tax, 0]);
        }
      }),
    );
  });
});

describe('balances', () => {
  test('debit-side accounts: debits − credits; credit-side: credits − debits', () => {
    for (const t of ['bank', 'deprecations', 'assets', 'expense'] as const) expect(balanceOf(t, 500, 200)).toBe(300);
    for (const t of ['liabilities', 'income'] as const) expect(balanceOf(t, 500, 200)).toBe(-300);
  });

  const types = new Map<number, AccountType>([
    [BANK, 'bank'],
    [INCOME, 'income'],
    [ADMIN, 'expense'],
    [VAT_OWED, 'liabilities'],
    [INPUT_TAX, 'assets'],
  ]);
  const dated = (date: string, b: Booking): DatedBooking => ({ ...b, date });
  const bookings = [
    dated('2023-12-31', income(50000)),
    dated('2024-01-01', income(108100, MWST)),
    dated('2024-06-30', expense(10000, VORSTEUER)),
  ];

  test('totals split before / during the period; balance sheet accounts cumulate, P&L shows the period', () => {
    const totals = totalsByAccount(bookings, '2024-01-01');
    expect(totals.get(BANK)).toEqual({ before: { debit: 50000, credit: 0 }, during: { debit: 108100, credit: 10000 } });
    expect(periodBalance('bank', totals.get(BANK))).toBe(148100);
    expect(periodBalance('income', totals.get(INCOME))).toBe(100000);
    expect(periodBalance('liabilities', totals.get(VAT_OWED))).toBe(8100);
    expect(periodBalance('assets', totals.get(999))).toBe(0);
    const accounts = [...types].map(([id, type]) => ({ id, type }));
    expect(profitAndLoss(accounts, totals)).toEqual({ carriedForward: 50000, period: 100000 - 9251 });
    expect(profitAndLoss(accounts, totalsByAccount(bookings))).toEqual({ carriedForward: 0, period: 150000 - 9251 });
  });

  test('property: assets = liabilities + carried forward + period result', () => {
    const arb = fc.array(
      fc.record({
        date: fc.constantFrom('2023-06-01', '2024-01-01', '2024-07-01'),
        isIncome: fc.boolean(),
        sum: fc.integer({ min: 0, max: 100_000_000 }),
        tax: fc.constantFrom<LedgerTaxRate | null>(null, MWST, VORSTEUER, BEZUG, SALDO),
      }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(arb, (rows) => {
        const list = rows.map((r) => dated(r.date, r.isIncome ? income(r.sum, r.tax) : expense(r.sum, r.tax)));
        const totals = totalsByAccount(list, '2024-01-01');
        const accounts = [...types].map(([id, type]) => ({ id, type }));
        const { carriedForward, period } = profitAndLoss(accounts, totals);
        const assets = periodBalance('bank', totals.get(BANK)) + periodBalance('assets', totals.get(INPUT_TAX));
        expect(assets).toBe(periodBalance('liabilities', totals.get(VAT_OWED)) + carriedForward + period);
      }),
    );
  });
});

describe('account rules', () => {
  test('type filters select categories; assets covers bank and depreciation accounts', () => {
    expect(typesOfFilter('all')).toEqual(['bank', 'deprecations', 'assets', 'liabilities', 'income', 'expense']);
    expect(typesOfFilter('assets')).toEqual(['bank', 'deprecations', 'assets']);
    expect(typesOfFilter('balance_sheet')).toEqual(['bank', 'deprecations', 'assets', 'liabilities']);
    expect(typesOfFilter('income')).toEqual(['income']);
  });

  test('booking type: credit income → income; debit expense → expense; else swap', () => {
    expect(bookingType('bank', 'income')).toBe('income');
    expect(bookingType('expense', 'income')).toBe('income');
    expect(bookingType('expense', 'bank')).toBe('expense');
    expect(bookingType('assets', 'bank')).toBe('swap');
  });

  test('calculation method', () => {
    expect(calculationMethod(null, false)).toBe('net');
    expect(calculationMethod(620, false)).toBe('gross');
    expect(calculationMethod(0, false)).toBe('gross');
    expect(calculationMethod(null, true)).toBe('gross');
  });

  test('category for create: balance_sheet by number', () => {
    expect(categoryForCreate('bank', 1030)).toBe('bank');
    expect(categoryForCreate('balance_sheet', 1999)).toBe('assets');
    expect(categoryForCreate('balance_sheet', 2000)).toBe('liabilities');
    expect(categoryForCreate('balance_sheet', 3000)).toBeUndefined();
  });

  test('bank numbers 1000-1059', () => {
    expect([999, 1000, 1059, 1060].map(isBankNumber)).toEqual([false, true, true, false]);
  });
});

describe('IBAN', () => {
  test('normalises spaces, hyphens and case', () => {
    expect(normaliseIban(' ch93 0076-2011\t6238 5295 7 ')).toBe('CH9300762011623852957');
  });

  test.each([
    ['CH9300762011623852957', true],
    ['ch93 0076 2011 6238 5295 7', true],
    ['CH4431999123000889012', true], // a QR-IBAN is a valid IBAN
    ['DE89370400440532013000', true],
    ['CH9300762011623852958', false], // check digits
    ['CH930076201162385295', false], // 20 characters
    ['', false],
  ])('%s → %s', (iban, valid) => {
    expect(isValidIban(iban)).toBe(valid);
  });
});
