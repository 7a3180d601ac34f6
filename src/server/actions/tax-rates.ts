// Tax rates as business operations: the values bookings depend on stay as they are once a booking uses
// the rate, and a rate in use is not deleted (archive it instead). The route checks the body and the
// accounts it names; the SQL is in store/tax-rates.ts.
import type { Scope } from '../context.js';
import { conflict, notFound, validationError } from '../http-error.js';
import { transaction } from '../store/db.js';
import { deleteTaxRate, taxRateUsage, taxRateValues, updateTaxRate, type TaxRateValues } from '../store/tax-rates.js';

/** Values the bookings of a rate depend on: locked once bookings use it. */
const LOCKED = ['rate', 'saldo_rate', 'account_id', 'is_acquisition_tax', 'acquisition_account_id'] as const;

const LOCKED_MESSAGE: Record<(typeof LOCKED)[number], string> = {
  rate: 'Der Steuersatz kann nicht geändert werden, da er bereits in Buchungen verwendet wird.',
  saldo_rate: 'Der Saldosteuersatz kann nicht geändert werden, da der Steuersatz bereits in Buchungen verwendet wird.',
  account_id: 'Das Steuerkonto kann nicht geändert werden, da der Steuersatz bereits in Buchungen verwendet wird.',
  is_acquisition_tax:
    'Die Bezugsteuer kann nicht ein- oder ausgeschaltet werden, da der Steuersatz bereits in Buchungen verwendet wird.',
  acquisition_account_id:
    'Das Bezugsteuerkonto kann nicht geändert werden, da der Steuersatz bereits in Buchungen verwendet wird.',
};

const IN_USE = {
  entries:
    'Der Steuersatz wird in Buchungen verwendet und kann nicht gelöscht werden. Bitte archivieren Sie ihn stattdessen.',
  invoices:
    'Der Steuersatz wird in Rechnungen verwendet und kann nicht gelöscht werden. Bitte archivieren Sie ihn ' +
    'stattdessen.',
  proposals:
    'Der Steuersatz wird in Offerten verwendet und kann nicht gelöscht werden. Bitte archivieren Sie ihn stattdessen.',
} as const;

/**
 * Writes `next` over the rate as it is now (read in the write transaction): a change of a locked value
 * of a rate bookings use is a 422 naming each; nothing changed, nothing saved (updated_at stays, as Eloquent).
 */
export function changeTaxRate(s: Scope, id: number, next: TaxRateValues): void {
  transaction(s.db, () => {
    const current = taxRateValues(s.db, s.companyId, id);
    if (!current) throw notFound('Tax rate not found.');
    const changed = LOCKED.filter((key) => next[key] !== current[key]);
    if (changed.length && taxRateUsage(s.db, s.companyId, id).entries > 0) {
      throw validationError(Object.fromEntries(changed.map((key) => [key, [LOCKED_MESSAGE[key]]])));
    }
    const same = (Object.keys(next) as (keyof TaxRateValues)[]).every((key) => next[key] === current[key]);
    if (!same) updateTaxRate(s.db, s.companyId, id, next);
  });
}

/** Deletes the rate; one used by bookings, invoices or proposals: 409 (archive it instead). */
export function deleteUnusedTaxRate(s: Scope, id: number): void {
  transaction(s.db, () => {
    const usage = taxRateUsage(s.db, s.companyId, id);
    for (const use of ['entries', 'invoices', 'proposals'] as const) if (usage[use]) throw conflict(IN_USE[use]);
    deleteTaxRate(s.db, s.companyId, id);
  });
}
