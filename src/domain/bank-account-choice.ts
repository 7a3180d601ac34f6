// Which bank account a bank statement goes to (pure; docs/service/import-entries.md "Upload"). The
// service decides with it; the CLI asks the same before it uploads anything, so a question stops a
// run of several files before the first is written. A statement is never booked on an account whose
// IBAN differs from its own, not even when that account is asked for.
import { isValidIban, normaliseIban } from './iban.js';

export interface BankAccountOption {
  id: number;
  number: number;
  name: string;
  iban: string | null;
  isPrimary: boolean;
}

export type BankAccountChoice<A extends BankAccountOption> =
  /** the account; `assignIban`: it has no IBAN yet and gets the statement's */
  | { kind: 'account'; account: A; assignIban: string | null }
  /** the account asked for is none of the bank accounts */
  | { kind: 'unknown' }
  /** there is no bank account (or, for a statement without IBAN, no primary one) */
  | { kind: 'none' }
  /**
   * A question for the bookkeeper: `no-match` (no account has the IBAN, and not exactly one is
   * without IBAN), `iban-differs` (the account asked for has another IBAN), `iban-elsewhere` (the
   * account asked for has none, but another has the statement's).
   */
  | { kind: 'ask'; reason: 'no-match' | 'iban-differs' | 'iban-elsewhere'; iban: string; asked?: A; holder?: A };

/**
 * The statement's IBAN in electronic form; one that fails its check (a test file's) counts as none: it can name no
 * account.
 */
export function statementIban(raw: string | null): string | null {
  if (raw === null) return null;
  const iban = normaliseIban(raw);
  return isValidIban(iban) ? iban : null;
}

const ibanOf = (a: BankAccountOption): string | null => (a.iban ? normaliseIban(a.iban) : null);

/**
 * The account for a statement: the one with its IBAN (the primary one, else the first of several);
 * else the one asked for, or else the only one without IBAN, which then gets the statement's IBAN;
 * else a question. A statement without IBAN goes to the account asked for, else the primary one.
 */
export function chooseBankAccount<A extends BankAccountOption>(
  accounts: readonly A[],
  rawIban: string | null,
  askedFor?: number,
): BankAccountChoice<A> {
  const iban = statementIban(rawIban);
  const asked = askedFor === undefined ? undefined : accounts.find((a) => a.id === askedFor);
  if (askedFor !== undefined && !asked) return { kind: 'unknown' };
  const holders = iban === null ? [] : accounts.filter((a) => ibanOf(a) === iban);
  if (asked) {
    if (iban === null || ibanOf(asked) === iban) return { kind: 'account', account: asked, assignIban: null };
    if (ibanOf(asked) !== null) return { kind: 'ask', reason: 'iban-differs', iban, asked };
    if (holders.length > 0) return { kind: 'ask', reason: 'iban-elsewhere', iban, asked, holder: holders[0] };
    return { kind: 'account', account: asked, assignIban: iban };
  }
  if (iban === null) {
    const primary = accounts.find((a) => a.isPrimary);
    return primary ? { kind: 'account', account: primary, assignIban: null } : { kind: 'none' };
  }
  if (holders.length > 0)
    return { kind: 'account', account: holders.find((a) => a.isPrimary) ?? holders[0], assignIban: null };
  if (accounts.length === 0) return { kind: 'none' };
  const withoutIban = accounts.filter((a) => ibanOf(a) === null);
  if (withoutIban.length === 1) return { kind: 'account', account: withoutIban[0], assignIban: iban };
  return { kind: 'ask', reason: 'no-match', iban };
}

/** "CH03 0900 0000 2500 9034 2": an IBAN in groups of four, as people read it. */
export const groupedIban = (iban: string): string => normaliseIban(iban).replace(/(.{4})(?=.)/g, '$1 ');
