// Accounts as business operations: create and change (bank number range, numbers unique), delete (not
// while anything uses the account, nor the last of its category) and the reset to the standard chart
// (not while anything refers to the accounts). The route checks the body's shape; the SQL is in store/accounts.ts.
import { BANK_NUMBER_MAX, BANK_NUMBER_MIN, isBankNumber } from '../domain/ledger.js';
import type { Scope } from '../context.js';
import { badRequest } from '../http-error.js';
import {
  accountNumberTaken,
  accountUsage,
  accountsInCategory,
  chartUsage,
  deleteAccount,
  insertAccount,
  taxRatesOffChart,
  updateAccount,
  type AccountChanges,
  type AccountInput,
} from '../store/accounts.js';
import { resetChart } from './chart.js';

/** What the rules read of an account (the API's Account has it). */
interface Account {
  id: number;
  account_category_id: number;
  type: string;
  number: number;
  name: string;
  currency: string;
  iban: string | null;
  is_primary_bank_account: boolean;
}

const NUMBER_TAKEN = (n: number) => `Die Kontonummer ${n} ist bereits vergeben.`;
const BANK_RANGE = `Bankkonten müssen eine Kontonummer zwischen ${BANK_NUMBER_MIN} und ${BANK_NUMBER_MAX} haben.`;

/** Creates the account; a bank account outside the bank range or a number taken: 400. */
export function createAccount(s: Scope, input: AccountInput): number {
  if (input.type === 'bank' && !isBankNumber(input.number)) throw badRequest(BANK_RANGE);
  if (accountNumberTaken(s.db, s.companyId, input.number)) throw badRequest(NUMBER_TAKEN(input.number));
  return insertAccount(s.db, s.companyId, input);
}

/**
 * Changes the account (400 as create for its number); false when nothing differs, and nothing is saved (updated_at
 * stays, as Eloquent).
 */
export function changeAccount(s: Scope, account: Account, changes: AccountChanges): boolean {
  if (changes.number !== undefined) {
    if (account.type === 'bank' && !isBankNumber(changes.number)) throw badRequest(BANK_RANGE);
    if (accountNumberTaken(s.db, s.companyId, changes.number, account.id))
      throw badRequest(NUMBER_TAKEN(changes.number));
  }
  const current: AccountChanges = {
    name: account.name,
    number: account.number,
    currency: account.currency,
    iban: account.iban,
    isPrimary: account.is_primary_bank_account,
  };
  const changed = (Object.keys(changes) as (keyof AccountChanges)[]).some(
    (key) => changes[key] !== undefined && changes[key] !== current[key],
  );
  if (changed) updateAccount(s.db, s.companyId, account.id, changes);
  return changed;
}

/**
 * Deletes the account; one with bookings, recurring bookings, tax rates, invoices or import entries on it, or the last
 * of its category: 400.
 */
export function deleteAccountOf(s: Scope, account: Account): void {
  const { db, companyId } = s;
  const usage = accountUsage(db, companyId, account.id);
  if (usage.entries)
    throw badRequest(`Das Konto ${account.number} kann nicht gelöscht werden, da Buchungen darauf vorhanden sind.`);
  if (usage.recurring)
    throw badRequest(
      `Das Konto ${account.number} kann nicht gelöscht werden, da wiederkehrende Buchungen es verwenden.`,
    );
  if (usage.taxRates)
    throw badRequest(`Das Konto ${account.number} kann nicht gelöscht werden, da Steuersätze es verwenden.`);
  if (usage.invoices)
    throw badRequest(`Das Konto ${account.number} kann nicht gelöscht werden, da Rechnungen es verwenden.`);
  if (usage.importEntries)
    throw badRequest(
      `Das Konto ${account.number} kann nicht gelöscht werden, da importierte Bankbewegungen es verwenden.`,
    );
  if (accountsInCategory(db, companyId, account.account_category_id) <= 1) {
    throw badRequest(`Das Konto ${account.number} ist das letzte seiner Kategorie und kann nicht gelöscht werden.`);
  }
  deleteAccount(db, companyId, account.id);
}

/**
 * Resets the accounts to the standard chart; anything referring to them, or a tax rate on an account the standard chart
 * lacks: 400.
 */
export function resetChartOf(s: Scope): void {
  const { db, companyId } = s;
  const usage = chartUsage(db, companyId);
  if (usage.entries) throw badRequest('Der Kontenplan kann nicht zurückgesetzt werden, da Buchungen vorhanden sind.');
  if (usage.recurring)
    throw badRequest('Der Kontenplan kann nicht zurückgesetzt werden, da wiederkehrende Buchungen vorhanden sind.');
  if (usage.invoices)
    throw badRequest('Der Kontenplan kann nicht zurückgesetzt werden, da Rechnungen auf Konten verweisen.');
  if (usage.importEntries)
    throw badRequest(
      'Der Kontenplan kann nicht zurückgesetzt werden, da importierte Bankbewegungen auf Konten verweisen.',
    );
  const offChart = taxRatesOffChart(db, companyId);
  if (offChart.length) {
    const list = offChart.map((t) => `${t.name} (${t.number})`).join(', ');
    throw badRequest(
      `Der Kontenplan kann nicht zurückgesetzt werden: Steuersätze verwenden Konten, die der Standard-Kontenplan ` +
        `nicht enthält: ${list}.`,
    );
  }
  resetChart(db, companyId);
}
