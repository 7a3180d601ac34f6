// A tax rate as the API shows it: its stored values (rates as percentages) with ids, times and, where
// asked for, its accounts.
import { percentHundredthsToNumber } from '../domain/money.js';
import { taxRateValuesOf, type TaxRateValues, type TaxRateWithAccountsRow } from '../store/tax-rates.js';

export interface AccountRef {
  id: number;
  name: string;
  account_number: number;
}

export interface TaxRate extends TaxRateValues {
  id: number;
  company_id: number;
  created_at: string;
  updated_at: string;
  account?: AccountRef;
  acquisition_account?: AccountRef | null;
}

/** A row read with its accounts; `withAccounts` embeds them (list and single read). */
export function toTaxRate(r: TaxRateWithAccountsRow, withAccounts = false): TaxRate {
  const v = taxRateValuesOf(r);
  const out: TaxRate = {
    id: Number(r.id),
    company_id: Number(r.company_id),
    account_id: v.account_id,
    acquisition_account_id: v.acquisition_account_id,
    field_number: v.field_number,
    name: v.name,
    name_en: v.name_en,
    name_fr: v.name_fr,
    name_it: v.name_it,
    name_on_documents: v.name_on_documents,
    rate: percentHundredthsToNumber(v.rate),
    saldo_rate: v.saldo_rate === null ? null : percentHundredthsToNumber(v.saldo_rate),
    calculation_method: v.calculation_method,
    is_acquisition_tax: v.is_acquisition_tax,
    archived: v.archived,
    valid_from: v.valid_from,
    valid_until: v.valid_until,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
  if (withAccounts) {
    out.account = { id: v.account_id, name: r.account_name, account_number: Number(r.account_number) };
    out.acquisition_account =
      v.acquisition_account_id === null
        ? null
        : {
            id: v.acquisition_account_id,
            name: r.acquisition_account_name!,
            account_number: Number(r.acquisition_account_number),
          };
  }
  return out;
}
