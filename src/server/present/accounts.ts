// An account as the API shows it.
import type { AccountType } from '../domain/ledger.js';
import type { AccountRow } from '../store/accounts.js';

export interface Account {
  id: number;
  company_id: number;
  account_category_id: number;
  /** the category's type (bank, deprecations, assets, liabilities, income, expense) */
  type: AccountType;
  number: number;
  name: string;
  currency: string;
  iban: string | null;
  is_primary_bank_account: boolean;
  created_at: string;
  updated_at: string;
}

export const toAccount = (r: AccountRow): Account => ({
  id: Number(r.id),
  company_id: Number(r.company_id),
  account_category_id: Number(r.account_category_id),
  type: r.type,
  number: Number(r.number),
  name: r.name,
  currency: r.currency,
  iban: r.iban ?? null,
  is_primary_bank_account: Number(r.is_primary_bank_account) === 1,
  created_at: r.created_at,
  updated_at: r.updated_at,
});
