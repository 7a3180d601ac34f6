// The standard chart (domain/chart.ts) written into a company: a new company's accounts and tax rates,
// and the reset of a company's accounts to the standard chart.
import { DEFAULT_TAX_RATES, EARLIER_TAX_RATES, PRIMARY_BANK_ACCOUNT_NUMBER, STANDARD_CHART } from '../domain/chart.js';
import { transaction, type Db } from '../store/db.js';
import {
  accountIds,
  accountIdsByNumber,
  deleteAccountsById,
  insertAccounts,
  releaseAccountNumbers,
} from '../store/accounts.js';
import { insertTaxRate, setTaxRateAccounts, taxRateAccountNumbers } from '../store/tax-rates.js';

export function seedChart(db: Db, companyId: number): void {
  insertAccounts(
    db,
    companyId,
    STANDARD_CHART.map((a) => ({
      ...a,
      currency: 'CHF',
      iban: null,
      isPrimary: a.number === PRIMARY_BANK_ACCOUNT_NUMBER,
    })),
  );
}

/** Today's tax rates, then those of earlier years, on the accounts of the standard chart (seeded first). */
export function seedTaxRates(db: Db, companyId: number): void {
  const idOf = accountIdsByNumber(db, companyId);
  for (const t of [...DEFAULT_TAX_RATES, ...EARLIER_TAX_RATES]) {
    const acquisition = t.acquisitionAccountNumber !== undefined;
    insertTaxRate(db, companyId, {
      account_id: idOf.get(t.accountNumber)!,
      acquisition_account_id: acquisition ? idOf.get(t.acquisitionAccountNumber!)! : null,
      field_number: t.fieldNumber,
      name: t.name,
      name_en: null,
      name_fr: null,
      name_it: null,
      name_on_documents: t.name,
      rate: t.rate,
      saldo_rate: null,
      calculation_method: acquisition ? 'gross' : 'net',
      is_acquisition_tax: acquisition,
      archived: false,
      valid_from: t.validFrom,
      valid_until: t.validUntil,
    });
  }
}

/**
 * Replaces every account of the company with the standard chart. Tax rates keep their account
 * numbers: they are pointed at the new account of the same number. The caller has checked that nothing
 * else references the accounts and that every tax rate's numbers exist in the standard chart.
 */
export function resetChart(db: Db, companyId: number): void {
  transaction(db, () => {
    const old = accountIds(db, companyId);
    const rates = taxRateAccountNumbers(db, companyId);
    // free the numbers for the new chart; the old rows stay until the tax rates have moved
    releaseAccountNumbers(db, companyId);
    seedChart(db, companyId);
    const idOf = accountIdsByNumber(db, companyId);
    for (const r of rates) {
      setTaxRateAccounts(
        db,
        r.id,
        idOf.get(r.account_number)!,
        r.acquisition_number === null ? null : idOf.get(r.acquisition_number)!,
      );
    }
    deleteAccountsById(db, old);
  });
}
