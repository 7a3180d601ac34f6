// Bookings' pure rules: type derivation, depreciation, closed periods, the revenue cap, billable, the
// query filters and the items of the grouped listing.
import { describe, expect, test } from 'vitest';
import {
  canBeBillable,
  dottedDate,
  entryType,
  exceedsRevenueCap,
  groupItem,
  isDepreciation,
  isLocked,
  parseDateRange,
  parseNullableIds,
  type GroupMember,
} from '../../src/server/domain/entries.js';
import { ACCOUNT_TYPES, type AccountType } from '../../src/server/domain/ledger.js';
import { rappenToNumber } from '../../src/server/domain/money.js';
import { isValidDate } from '../../src/server/validation.js';

describe('entryType', () => {
  test.each([
    ['bank', 'income', 'income'], // 1020 / 3400: revenue received
    ['assets', 'income', 'income'], // 1100 / 3400: receivable (accrual method)
    ['expense', 'income', 'income'], // credit income wins
    ['expense', 'bank', 'expense'], // 6500 / 1020
    ['expense', 'liabilities', 'expense'], // 6500 / 2000: bill to pay later
    ['expense', 'deprecations', 'expense'], // 6800 / 1510: depreciation
    ['bank', 'bank', 'swap'], // 1020 / 1010: transfer
    ['liabilities', 'bank', 'swap'], // 2000 / 1020: paying a bill
    ['deprecations', 'bank', 'swap'], // 1510 / 1020: buying furniture
    ['income', 'bank', 'swap'], // 3800 / 1020: a refund on the debit side is no expense
    ['bank', 'expense', 'swap'], // 1020 / 6500: a refund of an expense
  ] as [AccountType, AccountType, string][])('debit %s, credit %s → %s', (debit, credit, expected) => {
    expect(entryType(debit, credit)).toBe(expected);
  });

  test('every pair has exactly one type, and credit income always means income', () => {
    for (const d of ACCOUNT_TYPES) {
      for (const c of ACCOUNT_TYPES) {
        const t = entryType(d, c);
        expect(['income', 'expense', 'swap']).toContain(t);
        if (c === 'income') expect(t).toBe('income');
        else if (d === 'expense') expect(t).toBe('expense');
        else expect(t).toBe('swap');
      }
    }
  });
});

describe('isDepreciation', () => {
  test('an expense debited against a depreciation account', () => {
    expect(isDepreciation('expense', 'deprecations')).toBe(true);
    expect(isDepreciation('expense', 'bank')).toBe(false);
    expect(isDepreciation('deprecations', 'bank')).toBe(false);
    expect(isDepreciation('deprecations', 'expense')).toBe(false);
  });
});

describe('closed periods', () => {
  test('on or before closed_until is locked', () => {
    expect(isLocked('2023-12-31', '2023-12-31')).toBe(true);
    expect(isLocked('2023-06-01', '2023-12-31')).toBe(true);
    expect(isLocked('2024-01-01', '2023-12-31')).toBe(false);
    expect(isLocked('2000-01-01', null)).toBe(false);
    expect(isLocked('2000-01-01', undefined)).toBe(false);
  });
});

describe('billable', () => {
  test('only expenses with a customer', () => {
    expect(canBeBillable('expense', 4)).toBe(true);
    expect(canBeBillable('expense', null)).toBe(false);
    expect(canBeBillable('income', 4)).toBe(false);
    expect(canBeBillable('swap', 4)).toBe(false);
  });
});

describe('exceedsRevenueCap', () => {
  test('no cap never refuses', () => {
    expect(exceedsRevenueCap(null, 10 ** 12, 10 ** 12)).toBe(false);
  });
  test('reaching the cap is fine, passing it is not', () => {
    expect(exceedsRevenueCap(100000, 60000, 40000)).toBe(false);
    expect(exceedsRevenueCap(100000, 60000, 40001)).toBe(true);
    expect(exceedsRevenueCap(0, 0, 1)).toBe(true);
    expect(exceedsRevenueCap(0, 0, 0)).toBe(false);
  });
  test('a change that does not raise the income is never refused', () => {
    // the year already exceeds a lowered cap; the booking shrinks or stays
    expect(exceedsRevenueCap(50000, 80000, 20000, 30000)).toBe(false);
    expect(exceedsRevenueCap(50000, 80000, 30000, 30000)).toBe(false);
    expect(exceedsRevenueCap(50000, 80000, 30001, 30000)).toBe(true);
  });
});

describe('filters', () => {
  test('date ranges', () => {
    expect(parseDateRange('2024-01-01,2024-12-31', isValidDate)).toEqual({ start: '2024-01-01', end: '2024-12-31' });
    expect(parseDateRange('2024-01-01', isValidDate)).toEqual({ start: '2024-01-01', end: undefined });
    expect(parseDateRange(',2024-03-31', isValidDate)).toEqual({ start: undefined, end: '2024-03-31' });
    expect(parseDateRange(' 2024-01-01 , 2024-02-01 ', isValidDate)).toEqual({
      start: '2024-01-01',
      end: '2024-02-01',
    });
    for (const bad of ['', ',', '2024-02-30', '01.01.2024', '2024-01-01,2024-02-01,2024-03-01', 'today'])
      expect(parseDateRange(bad, isValidDate)).toBeUndefined();
  });

  test('ids with null', () => {
    expect(parseNullableIds('3')).toEqual({ ids: [3], withNull: false });
    expect(parseNullableIds('3,4')).toEqual({ ids: [3, 4], withNull: false });
    expect(parseNullableIds('null')).toEqual({ ids: [], withNull: true });
    expect(parseNullableIds('NULL,7')).toEqual({ ids: [7], withNull: true });
    expect(parseNullableIds('none', ['none', 'null'])).toEqual({ ids: [], withNull: true });
    expect(parseNullableIds('none')).toBeUndefined();
    expect(parseNullableIds('x')).toBeUndefined();
    expect(parseNullableIds('-1')).toBeUndefined();
    expect(parseNullableIds('')).toBeUndefined();
  });

  test('dd.mm.yyyy', () => {
    expect(dottedDate('2024-03-05')).toBe('05.03.2024');
  });
});

describe('groupItem', () => {
  const bank = { id: 3, name: 'Bankguthaben', number: 1020 };
  const post = { id: 2, name: 'Postkonto', number: 1010 };
  const admin = { id: 58, name: 'Verwaltungsaufwand', number: 6500 };
  const it = { id: 59, name: 'Informatikaufwand', number: 6570 };
  const sales = { id: 40, name: 'Dienstleistungserlöse', number: 3400 };
  const member = (over: Partial<GroupMember>): GroupMember => ({
    id: 1,
    entry_group_id: 9,
    description: 'Büro',
    type: 'expense',
    sum: 10000,
    date: '2024-03-01',
    number: 'A-2024-001',
    file_id: null,
    customer_id: null,
    project_id: null,
    locked: false,
    debit_account: admin,
    credit_account: bank,
    ...over,
  });

  test('a booking without a group is an item of its own', () => {
    const item = groupItem([member({ id: 7, entry_group_id: null, sum: 123450 })], rappenToNumber);
    expect(item).toEqual({
      id: 7,
      entry_group_id: null,
      description: 'Büro',
      type: 'expense',
      sum: 1234.5,
      date: '2024-03-01',
      debit_account: admin,
      credit_account: bank,
      number: 'A-2024-001',
      file_id: null,
      customer_id: null,
      project_id: null,
      formatted: { date: '01.03.2024' },
      sumFormatted: "1'234.50",
      grouped_entries: [{ id: 7, description: 'Büro', sum: 1234.5, date: '2024-03-01' }],
      locked: false,
      search_string: "büro a-2024-001 6500 verwaltungsaufwand 1020 bankguthaben 1'234.50 01.03.2024 2024-03-01",
    });
  });

  test('a group: total, latest date, combined labels, common references', () => {
    const item = groupItem(
      [
        member({
          id: 2,
          date: '2024-03-02',
          debit_account: it,
          description: 'Software',
          number: 'A-2024-002',
          file_id: 5,
          customer_id: 4,
        }),
        member({ id: 1, customer_id: 4, locked: true }),
      ],
      rappenToNumber,
    );
    expect(item.id).toBe(9);
    expect(item.entry_group_id).toBe(9);
    expect(item.type).toBe('expense');
    expect(item.sum).toBe(200);
    expect(item.sumFormatted).toBe('200.00');
    expect(item.date).toBe('2024-03-02');
    expect(item.formatted).toEqual({ date: '02.03.2024' });
    expect(item.description).toBe('Büro, Software');
    expect(item.number).toBe('A-2024-001, A-2024-002');
    expect(item.debit_account).toEqual({
      id: null,
      number: null,
      name: '6500 Verwaltungsaufwand, 6570 Informatikaufwand',
    });
    expect(item.credit_account).toEqual(bank);
    expect(item.file_id).toBe(5);
    expect(item.customer_id).toBe(4);
    expect(item.project_id).toBeNull();
    expect(item.locked).toBe(true);
    expect(item.grouped_entries.map((g) => g.id)).toEqual([1, 2]);
  });

  test('mixed types: sum false, type mixed', () => {
    const item = groupItem(
      [
        member({ id: 1 }),
        member({ id: 2, type: 'income', debit_account: bank, credit_account: sales, customer_id: 3 }),
        member({ id: 3, type: 'swap', debit_account: post, credit_account: bank }),
      ],
      rappenToNumber,
    );
    expect(item.sum).toBe(false);
    expect(item.type).toBe('mixed');
    expect(item.sumFormatted).toBeNull();
    expect(item.customer_id).toBeNull();
    expect(item.grouped_entries.map((g) => g.sum)).toEqual([100, 100, 100]);
  });

  test('an empty item is a programming error', () => {
    expect(() => groupItem([], rappenToNumber)).toThrow();
  });
});
