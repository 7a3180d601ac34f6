// The ledger's pure rules: which side an account lives on, what a booking posts to which account
// (with the VAT split of swiss-domain.md), and how postings add up to balances. Amounts are integer
// Rappen; rates are hundredths of a percent (8.1 % → 810). No I/O here. The sides and the posting
// rule itself live in the top-level pure module src/domain/vat.ts (the CLI's reports use it too) and
// are re-exported from here, so the service keeps importing them from this module.
import type { AccountType } from './chart.js';
import {
  balanceOf,
  isBalanceSheet,
  postings,
  postingsWithShare,
  type Booking,
  type LedgerTaxRate,
  type Posting,
} from '../../domain/vat.js';

export type { AccountType } from './chart.js';
export {
  acquisitionTaxOf,
  balanceOf,
  bookingType,
  isBalanceSheet,
  normalSide,
  postings,
  splitSide,
  taxShareRatio,
  vatShareOfGross,
  type Booking,
  type LedgerTaxRate,
  type Posting,
} from '../../domain/vat.js';

export const ACCOUNT_TYPES: readonly AccountType[] = [
  'bank',
  'deprecations',
  'assets',
  'liabilities',
  'income',
  'expense',
];

/** The values `GET /accounts?type=` accepts. */
export const ACCOUNT_TYPE_FILTERS = [
  'all',
  'bank',
  'deprecations',
  'income',
  'expense',
  'assets',
  'liabilities',
  'balance_sheet',
] as const;
export type AccountTypeFilter = (typeof ACCOUNT_TYPE_FILTERS)[number];

/** The values `POST /accounts` accepts as `type` (the spec's list plus deprecations, which is a category too). */
export const ACCOUNT_CREATE_TYPES = [
  'bank',
  'deprecations',
  'income',
  'expense',
  'assets',
  'liabilities',
  'balance_sheet',
] as const;
export type AccountCreateType = (typeof ACCOUNT_CREATE_TYPES)[number];

const ASSET_SIDE: readonly AccountType[] = ['bank', 'deprecations', 'assets'];

/**
 * The account categories a type filter selects. `assets` is the whole 1000-1999 class, bank and depreciation accounts
 * included.
 */
export function typesOfFilter(filter: AccountTypeFilter): AccountType[] {
  switch (filter) {
    case 'all':
      return [...ACCOUNT_TYPES];
    case 'assets':
      return [...ASSET_SIDE];
    case 'balance_sheet':
      return [...ASSET_SIDE, 'liabilities'];
    default:
      return [filter];
  }
}

/**
 * Tax rate accounts must be balance sheet accounts (what `?type=balance_sheet` lists): assets (with bank and
 * depreciation accounts) or liabilities.
 */
export const isTaxAccountType = (type: AccountType): boolean => isBalanceSheet(type);

/**
 * The category an account of create type `type` and number `number` gets. `balance_sheet` is not a
 * category: numbers below 2000 become assets, 2000-2999 liabilities; anything else has no category.
 */
export function categoryForCreate(type: AccountCreateType, number: number): AccountType | undefined {
  if (type !== 'balance_sheet') return type;
  if (number >= 1000 && number <= 1999) return 'assets';
  if (number >= 2000 && number <= 2999) return 'liabilities';
  return undefined;
}

export const BANK_NUMBER_MIN = 1000;
export const BANK_NUMBER_MAX = 1059;
export const isBankNumber = (number: number): boolean => number >= BANK_NUMBER_MIN && number <= BANK_NUMBER_MAX;

/** When saldo_rate is set the method is gross; acquisition tax is gross too; otherwise net. */
export const calculationMethod = (saldoRate: number | null | undefined, isAcquisitionTax: boolean): 'net' | 'gross' =>
  saldoRate !== null && saldoRate !== undefined ? 'gross' : isAcquisitionTax ? 'gross' : 'net';

export interface Totals {
  debit: number;
  credit: number;
}
export interface AccountTotals {
  before: Totals;
  during: Totals;
}

export interface DatedBooking extends Booking {
  date: string;
}

function addPostings(totals: Map<number, AccountTotals>, bucket: keyof AccountTotals, list: Posting[]): void {
  for (const p of list) {
    let t = totals.get(p.accountId);
    if (!t) {
      t = { before: { debit: 0, credit: 0 }, during: { debit: 0, credit: 0 } };
      totals.set(p.accountId, t);
    }
    t[bucket].debit += p.debit;
    t[bucket].credit += p.credit;
  }
}

/**
 * Adds every booking's postings per account, split into bookings dated before `start` and those from
 * `start` on (all of them count as `during` without a start). The caller filters by `until`.
 */
export function totalsByAccount(bookings: Iterable<DatedBooking>, start?: string): Map<number, AccountTotals> {
  const totals = new Map<number, AccountTotals>();
  for (const b of bookings)
    addPostings(totals, start !== undefined && b.date < start ? 'before' : 'during', postings(b));
  return totals;
}

/** Bookings of one shape added up: their sums and their shares (each booking's own, `taxShareOf`). */
export interface ShapeTotals {
  sum: number;
  share: number;
}

/**
 * Bookings added up by shape (debit and credit account with their types, tax rate) before `start` and
 * from it on. `taxRateId` is looked up in `rates`; a rate that is not there splits nothing.
 */
export interface BookingShape {
  debitAccountId: number;
  creditAccountId: number;
  debitType: AccountType;
  creditType: AccountType;
  taxRateId: number | null;
  before: ShapeTotals;
  during: ShapeTotals;
}

/**
 * What totalsByAccount answers for the bookings, from their totals per shape: a booking's postings are
 * made of its sum and its share alone (postingsWithShare), so a shape's summed sums and summed shares
 * post exactly what its bookings post one by one, to the Rappen.
 */
export function totalsByShape(
  shapes: Iterable<BookingShape>,
  rates: ReadonlyMap<number, LedgerTaxRate>,
): Map<number, AccountTotals> {
  const totals = new Map<number, AccountTotals>();
  for (const s of shapes) {
    const taxRate = s.taxRateId === null ? null : (rates.get(s.taxRateId) ?? null);
    for (const bucket of ['before', 'during'] as const) {
      const { sum, share } = s[bucket];
      if (sum === 0 && share === 0) continue;
      const booking: Booking = {
        sum,
        debitAccountId: s.debitAccountId,
        creditAccountId: s.creditAccountId,
        debitType: s.debitType,
        creditType: s.creditType,
        taxRate,
      };
      addPostings(totals, bucket, postingsWithShare(booking, share));
    }
  }
  return totals;
}

/**
 * The balance an account shows for a period: a balance sheet account its closing balance at the end
 * of the period (everything booked up to `until`), an income or expense account the movement within
 * the period.
 */
export function periodBalance(type: AccountType, t: AccountTotals | undefined): number {
  if (!t) return 0;
  if (isBalanceSheet(type)) return balanceOf(type, t.before.debit + t.during.debit, t.before.credit + t.during.credit);
  return balanceOf(type, t.during.debit, t.during.credit);
}

/**
 * Profit (positive) or loss (negative) from income and expense accounts: carried forward from before
 * the period, and of the period itself.
 */
export function profitAndLoss(
  accounts: Iterable<{ id: number; type: AccountType }>,
  totals: Map<number, AccountTotals>,
): { carriedForward: number; period: number } {
  let carriedForward = 0;
  let period = 0;
  for (const a of accounts) {
    if (isBalanceSheet(a.type)) continue;
    const t = totals.get(a.id);
    if (!t) continue;
    const sign = a.type === 'income' ? 1 : -1;
    carriedForward += sign * balanceOf(a.type, t.before.debit, t.before.credit);
    period += sign * balanceOf(a.type, t.during.debit, t.during.credit);
  }
  return { carriedForward, period };
}
