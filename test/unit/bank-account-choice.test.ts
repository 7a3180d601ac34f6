// The bank account of a statement (src/domain/bank-account-choice.ts), as the service decides it and the
// CLI asks before uploading: the IBAN picks; else the account asked for, or the only one without IBAN,
// gets it; else a question. docs/service/import-entries.md "Upload".
import { describe, expect, test } from 'vitest';
import {
  chooseBankAccount,
  groupedIban,
  statementIban,
  type BankAccountOption,
} from '../../src/domain/bank-account-choice.js';

const IBAN = 'CH0309000000250090342';
const OTHER = 'CH9300762011623852957';
const account = (id: number, iban: string | null = null, isPrimary = false): BankAccountOption => ({
  id,
  number: 1000 + id,
  name: `Konto ${id}`,
  iban,
  isPrimary,
});
const kindOf = (accounts: BankAccountOption[], iban: string | null, asked?: number) => {
  const c = chooseBankAccount(accounts, iban, asked);
  return c.kind === 'account' ? [c.account.id, c.assignIban] : c.kind === 'ask' ? ['ask', c.reason] : [c.kind];
};

describe('chooseBankAccount', () => {
  test('the account with the IBAN (spaced, lower case), the primary of several; asked for, it must be that one', () => {
    const accounts = [account(1), account(2, 'ch03 0900 0000 2500 9034 2'), account(3, IBAN, true), account(4, OTHER)];
    expect(kindOf(accounts, 'CH03 0900 0000 2500 9034 2')).toEqual([3, null]);
    expect(kindOf(accounts.slice(0, 2), IBAN)).toEqual([2, null]);
    expect(kindOf(accounts, IBAN, 2)).toEqual([2, null]);
    expect(kindOf(accounts, IBAN, 4)).toEqual(['ask', 'iban-differs']);
    expect(kindOf(accounts, IBAN, 1)).toEqual(['ask', 'iban-elsewhere']);
    expect(kindOf(accounts, IBAN, 9)).toEqual(['unknown']);
  });

  test('no account has it: the one asked for without IBAN, else the only one without, gets it; else a question', () => {
    expect(kindOf([account(1), account(2)], IBAN, 2)).toEqual([2, IBAN]);
    expect(kindOf([account(1, OTHER), account(2)], IBAN)).toEqual([2, IBAN]);
    expect(kindOf([account(1), account(2)], IBAN)).toEqual(['ask', 'no-match']);
    expect(kindOf([account(1, OTHER)], IBAN)).toEqual(['ask', 'no-match']);
    expect(kindOf([], IBAN)).toEqual(['none']);
  });

  test('a statement without IBAN, or with one that fails its check: the account asked for, else the primary', () => {
    const accounts = [account(1, OTHER), account(2, null, true)];
    expect(kindOf(accounts, null)).toEqual([2, null]);
    expect(kindOf(accounts, null, 1)).toEqual([1, null]);
    expect(kindOf(accounts, 'CH160077401231234567')).toEqual([2, null]);
    expect(kindOf([account(1)], null)).toEqual(['none']);
    expect(statementIban('ch16 0077 4012 3123 4567')).toBeNull();
    expect(groupedIban(IBAN)).toBe('CH03 0900 0000 2500 9034 2');
  });
});
