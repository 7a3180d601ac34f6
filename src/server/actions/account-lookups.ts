// The account lookups the document moves, the create defaults and the bank import share: an account's id
// by its number (once per request, or remembered across an upload), the primary bank account, and the
// chart's receivables and default income accounts.
import { badRequest } from '../http-error.js';
import { findAccountRowByNumber, primaryBankAccountRow } from '../store/accounts.js';
import type { Db } from '../store/db.js';

/** The company a lookup reads in. */
type CompanyRef = { db: Db; companyId: number };

/** The id of the company's account of `number`; none: undefined. */
export const accountByNumber = (db: Db, companyId: number, number: number): number | undefined => {
  const row = findAccountRowByNumber(db, companyId, number);
  return row ? Number(row.id) : undefined;
};

/** The chart's receivables account and the default income account. */
export const RECEIVABLES_ACCOUNT = 1100;
export const DEFAULT_INCOME_ACCOUNT = 3400;

/** The primary bank account of the company, else its lowest-numbered bank account. */
export function primaryBankAccountId(db: Db, companyId: number): number | undefined {
  const row = primaryBankAccountRow(db, companyId);
  return row ? Number(row.id) : undefined;
}

/**
 * The bank account a payment (of an invoice or a bill) is booked on: the one asked for, else the document's own, else
 * the company's primary; none at all: 400.
 */
export function paymentBankAccountId(s: CompanyRef, asked: number | undefined, own: number | null | undefined): number {
  const bank = asked ?? own ?? primaryBankAccountId(s.db, s.companyId);
  if (bank === undefined) throw badRequest('Es ist kein Bankkonto für die Zahlung vorhanden.');
  return Number(bank);
}

/** The id of the company's account of a number (1100, 3400); none: undefined. */
export type AccountByNumber = (number: number) => number | undefined;

/** An AccountByNumber that asks the database each time. */
export const lookupAccount =
  (s: CompanyRef): AccountByNumber =>
  (number) =>
    accountByNumber(s.db, s.companyId, number);

/** An AccountByNumber that asks the database once per number (the bank import: once per upload). */
export function rememberedAccounts(s: CompanyRef): AccountByNumber {
  const known = new Map<number, number | undefined>();
  return (number) => {
    if (!known.has(number)) known.set(number, accountByNumber(s.db, s.companyId, number));
    return known.get(number);
  };
}
