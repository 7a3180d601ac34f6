// What a booking posts to which account: the account sides and the VAT split of swiss-domain.md.
// Pure (no I/O, no server imports): the service's balances (src/server/domain/ledger.ts re-exports these)
// and the CLI's reports (src/reports/) use the one rule, so a ledger computed on the client adds up
// to the balances the service answers. Amounts are integer Rappen; rates hundredths of a percent
// (8.1 % → 810).
import { mulDivRound } from './money.js';

/** The account categories (spec account types): bank and depreciation accounts are assets too. */
export type AccountType = 'bank' | 'deprecations' | 'assets' | 'liabilities' | 'income' | 'expense';

/** Balance sheet accounts (classes 1 and 2) against profit and loss accounts (income, expense). */
export const isBalanceSheet = (type: AccountType): boolean => type !== 'income' && type !== 'expense';

/** Asset-side accounts and expenses grow on the debit side; liabilities, equity and income on the credit side. */
export const normalSide = (type: AccountType): 'debit' | 'credit' =>
  type === 'liabilities' || type === 'income' ? 'credit' : 'debit';

/** A balance in the account's own sense: debits − credits on the debit side, credits − debits on the credit side. */
export const balanceOf = (type: AccountType, debit: number, credit: number): number =>
  normalSide(type) === 'debit' ? debit - credit : credit - debit;

/** The booking type of service-decisions.md: credit income → income; else debit expense → expense; else swap. */
export function bookingType(debitType: AccountType, creditType: AccountType): 'income' | 'expense' | 'swap' {
  if (creditType === 'income') return 'income';
  if (debitType === 'expense') return 'expense';
  return 'swap';
}

/** A share of an amount: round-half-away-from-zero(amount × factor / divisor). */
export interface ShareRatio {
  factor: number;
  divisor: number;
}

/** The VAT contained in a gross amount at `rate` (hundredths of a percent): rate / (100 % + rate). */
const grossRatio = (rate: number): ShareRatio => ({ factor: rate, divisor: 10000 + rate });

/** Acquisition tax on a net amount at `rate`: rate / 100 %. */
const netRatio = (rate: number): ShareRatio => ({ factor: rate, divisor: 10000 });

const shareBy = (amount: number, r: ShareRatio): number => mulDivRound(amount, r.factor, r.divisor);

/** The VAT contained in a gross amount: gross × rate / (100 % + rate), half up to the Rappen. */
export const vatShareOfGross = (gross: number, rate: number): number => shareBy(gross, grossRatio(rate));

/** Acquisition tax on a net foreign purchase: net × rate / 100 %, half up to the Rappen. */
export const acquisitionTaxOf = (net: number, rate: number): number => shareBy(net, netRatio(rate));

export interface LedgerTaxRate {
  /** hundredths of a percent */
  rate: number;
  calculationMethod: 'net' | 'gross';
  isAcquisitionTax: boolean;
  accountId: number;
  /** the tax account's category; decides the side of the split on a swap booking */
  accountType?: AccountType;
  acquisitionAccountId: number | null;
}

export interface Booking {
  /** gross amount in Rappen (net for acquisition tax) */
  sum: number;
  debitAccountId: number;
  creditAccountId: number;
  debitType: AccountType;
  creditType: AccountType;
  taxRate?: LedgerTaxRate | null;
}

export interface Posting {
  accountId: number;
  debit: number;
  credit: number;
}

const debit = (accountId: number, amount: number): Posting => ({ accountId, debit: amount, credit: 0 });
const credit = (accountId: number, amount: number): Posting => ({ accountId, debit: 0, credit: amount });

/**
 * The side a net rate's VAT share is split off: the credit side for an income booking (output tax
 * leaves the income account), the debit side for an expense booking (input tax leaves the expense
 * account); a swap booking splits on the side its tax account lives on (input tax, an asset: debit;
 * VAT owed, a liability: credit).
 */
export function splitSide(
  b: Pick<Booking, 'debitType' | 'creditType'>,
  taxAccountType: AccountType | undefined,
): 'debit' | 'credit' {
  const kind = bookingType(b.debitType, b.creditType);
  const splitCredit =
    kind === 'income' || (kind === 'swap' && taxAccountType !== undefined && normalSide(taxAccountType) === 'credit');
  return splitCredit ? 'credit' : 'debit';
}

/**
 * What a booking's tax rate takes from its sum, as round-half-away-from-zero(sum × factor / divisor):
 * a net rate's VAT share of the gross sum, or the acquisition tax on the net sum; null for no rate and
 * for a gross (saldo) rate, which splits nothing. (The service adds these up in SQL with this very
 * rounding, booking by booking.)
 */
export function taxShareRatio(tax: LedgerTaxRate | null | undefined): ShareRatio | null {
  if (!tax) return null;
  if (tax.isAcquisitionTax) return netRatio(tax.rate);
  if (tax.calculationMethod === 'gross') return null;
  return grossRatio(tax.rate);
}

/** The VAT share or acquisition tax of one booking (0 without a split): vatShareOfGross / acquisitionTaxOf. */
export function taxShareOf(b: Pick<Booking, 'sum' | 'taxRate'>): number {
  const ratio = taxShareRatio(b.taxRate);
  return ratio ? shareBy(b.sum, ratio) : 0;
}

/**
 * What one booking posts to which account.
 * - No tax rate, or a gross (saldo) rate: the sum on the debit and on the credit account.
 * - Net rate: the VAT share of the gross sum moves from the income account (credit) or the expense
 *   account (debit) to the tax account, on the same side (see `splitSide`).
 * - Acquisition tax: the booking as it is, plus the tax credited to the tax account and debited to the
 *   acquisition account (they net to zero).
 * Zero-amount tax postings are left out. Debits always equal credits.
 */
export function postings(b: Booking): Posting[] {
  return postingsWithShare(b, taxShareOf(b));
}

/**
 * The postings of `postings` with the share (`taxShareOf`) given. Every amount is the sum, the share or
 * their difference, so bookings of one shape (accounts and tax rate) post together exactly what
 * one booking with their summed sums and summed shares posts.
 */
export function postingsWithShare(b: Booking, share: number): Posting[] {
  // no rate, or a gross (saldo) rate: nothing is split off
  if (taxShareRatio(b.taxRate) === null) return [debit(b.debitAccountId, b.sum), credit(b.creditAccountId, b.sum)];
  const tax = b.taxRate!;
  if (tax.isAcquisitionTax) {
    const out = [debit(b.debitAccountId, b.sum), credit(b.creditAccountId, b.sum)];
    if (share !== 0 && tax.acquisitionAccountId !== null)
      out.push(credit(tax.accountId, share), debit(tax.acquisitionAccountId, share));
    return out;
  }
  if (splitSide(b, tax.accountType) === 'credit') {
    const out = [debit(b.debitAccountId, b.sum), credit(b.creditAccountId, b.sum - share)];
    if (share !== 0) out.push(credit(tax.accountId, share));
    return out;
  }
  const out = [debit(b.debitAccountId, b.sum - share)];
  if (share !== 0) out.push(debit(tax.accountId, share));
  out.push(credit(b.creditAccountId, b.sum));
  return out;
}
