// Reconciling a bank account in the books with the bank's own balance (docs/service/import-entries.md
// "Reconcile"; issue 22): an upload keeps each statement's opening and closing balances and says
// whether its movements add up; reconciling puts the book balance of the bank account beside the
// latest statement's closing balance, with the open import entries that explain a difference.
// Reading only, apart from the statement an upload stores inside its own transaction.
import type { CamtStatement } from '../../domain/camt.js';
import { statementBalances } from '../../domain/statement-balances.js';
import { dottedDate } from '../domain/entries.js';
import { periodBalance, taxShareRatio, totalsByShape } from '../domain/ledger.js';
import { fieldError, notFound } from '../http-error.js';
import type { CompanyScope } from '../context.js';
import type { Db, Row } from '../store/db.js';
import { bookingShapesUntil, findAccountRow, ledgerTaxRates } from '../store/accounts.js';
import {
  bankAccountsWithStatements,
  insertBankStatement,
  latestBankStatement,
  openImportEntryRowsUntil,
  type NewBankStatement,
  type QueueEntryRow,
} from '../store/import-entries.js';

/** A statement's balances in an upload's report (Rappen), and the books at its date when it was uploaded. */
export interface UploadedStatement {
  file_name: string | null;
  statement_id: string | null;
  iban: string | null;
  bank_account_id: number;
  currency: string;
  opening_balance: number | null;
  opening_date: string | null;
  closing_balance: number;
  closing_date: string;
  /** the booked transactions of the statement, signed (credits positive) */
  movements: number;
  /** opening + movements = closing; null without an opening balance */
  adds_up: boolean | null;
  /** the date the books are read at: the closing date, or the latest booking date when the bank dated one later */
  booked_until: string;
  /** the bank account in the books up to booked_until, as it stood at the upload (its entries not processed yet) */
  book_balance: number;
}

/**
 * Keeps the balances of a statement that has a closing balance (camt.053; a camt.054 has none) and
 * answers them for the upload's report; null without one. Call inside the upload's transaction.
 */
export function recordStatement(s: CompanyScope, statement: CamtStatement, account: Row): UploadedStatement | null {
  const b = statementBalances(statement);
  if (!b.closing || b.closing.date === null) return null;
  const closingDate = b.closing.date;
  // a bank may date an entry after its closing balance (PostFinance's sample of 30.04.2016 holds some of
  // 27.05.2016); the balance includes it, so the books are read up to it
  const bookedUntil = b.lastBookingDate !== null && b.lastBookingDate > closingDate ? b.lastBookingDate : closingDate;
  const stored: NewBankStatement = {
    bank_account_id: Number(account.id),
    statement_ref: statement.id ?? '',
    iban: statement.iban,
    currency: b.closing.currency || String(account.currency),
    opening_balance: b.opening?.amountRappen ?? null,
    opening_date: b.opening?.date ?? null,
    closing_balance: b.closing.amountRappen,
    closing_date: closingDate,
    booked_until: bookedUntil,
    movements: b.movements,
  };
  insertBankStatement(s.db, s.companyId, stored);
  const {
    bank_account_id,
    statement_ref,
    iban,
    currency,
    opening_balance,
    opening_date,
    closing_balance,
    closing_date,
    booked_until,
    movements,
  } = stored;
  return {
    file_name: statement.fileName,
    statement_id: statement_ref || null,
    iban,
    bank_account_id,
    currency,
    opening_balance,
    opening_date,
    closing_balance,
    closing_date,
    movements,
    adds_up: b.addsUp,
    booked_until,
    book_balance: bookBalance(s.db, s.companyId, account, booked_until),
  };
}

/** The account's balance in the books from every booking dated up to `until`, as GET /accounts?until= computes it. */
export function bookBalance(db: Db, companyId: number, account: Row, until: string): number {
  const rates = ledgerTaxRates(db, companyId);
  const ratios = [...rates].flatMap(([taxRateId, rate]) => {
    const ratio = taxShareRatio(rate);
    return ratio ? [{ taxRateId, ...ratio }] : [];
  });
  const totals = totalsByShape(bookingShapesUntil(db, companyId, ratios, undefined, until), rates);
  return periodBalance(account.type, totals.get(Number(account.id)));
}

/** What reconciling answers (Rappen; the route shapes it). */
export interface Reconciliation {
  account: Row;
  statement: Row;
  /** the date the books are read at (the statement's booked_until) */
  date: string;
  bankBalance: number;
  bookBalance: number;
  /** open, not ignored import entries dated up to `date`: in the bank's balance, not yet in the books */
  openEntries: QueueEntryRow[];
  /** their sum, signed (income positive) */
  openSum: number;
}

/**
 * The bank account (asked for, else the only one with statements) in the books beside its latest
 * statement's closing balance (the latest closing on or before `date` when given).
 */
export function reconcile(
  s: CompanyScope,
  bankAccountId: number | undefined,
  date: string | undefined,
): Reconciliation {
  const account = reconciledAccount(s, bankAccountId);
  const statement = latestBankStatement(s.db, s.companyId, Number(account.id), date);
  if (!statement) {
    const until = date === undefined ? '' : ` bis ${dottedDate(date)}`;
    throw notFound(
      `Für das Bankkonto ${account.number} ${account.name} gibt es keinen hochgeladenen Kontoauszug mit ` +
        `Schlusssaldo${until}.`,
    );
  }
  const at = String(statement.booked_until);
  const openEntries = openImportEntryRowsUntil(s.db, s.companyId, Number(account.id), at);
  const openSum = openEntries.reduce((sum, e) => sum + (e.type === 'income' ? e.sum : -e.sum), 0);
  return {
    account,
    statement,
    date: at,
    bankBalance: Number(statement.closing_balance),
    bookBalance: bookBalance(s.db, s.companyId, account, at),
    openEntries,
    openSum,
  };
}

/** The bank account asked for; without one, the only bank account with statements (several: 422 naming them). */
function reconciledAccount(s: CompanyScope, bankAccountId: number | undefined): Row {
  if (bankAccountId !== undefined) {
    const account = findAccountRow(s.db, s.companyId, bankAccountId);
    if (account?.type !== 'bank') throw fieldError('bank_account_id', 'The selected bank account id is invalid.');
    return account;
  }
  const ids = bankAccountsWithStatements(s.db, s.companyId);
  if (ids.length === 0) throw notFound('Es wurde noch kein Kontoauszug mit Schlusssaldo hochgeladen (camt.053).');
  const accounts = ids
    .map((id) => findAccountRow(s.db, s.companyId, id)!)
    .sort((a, b) => Number(a.number) - Number(b.number));
  if (accounts.length > 1) {
    throw fieldError(
      'bank_account_id',
      `Kontoauszüge gibt es für mehrere Bankkonten; Bankkonto wählen (bank_account_id): ` +
        `${accounts.map((a) => `${a.number} ${a.name}`).join(', ')}.`,
    );
  }
  return accounts[0];
}
