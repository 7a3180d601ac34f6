// The report functions' inputs (src/reports/types.ts) as the unit tests write them: a tax rate with
// the defaults of an ordinary net rate, and bookings numbered in the order a test file makes them.
import type { ReportEntry, ReportTaxRate } from '../../src/reports/types.js';

/** A tax rate booked to `account` and reported in box `field`: net, no saldo rate, unless `extra` says otherwise. */
export const reportTaxRate = (
  id: number,
  name: string,
  pct: number,
  account: number,
  field: number | null,
  extra: Partial<ReportTaxRate> = {},
): ReportTaxRate => ({
  id,
  name,
  rate: pct,
  saldoRate: null,
  calculationMethod: 'net',
  isAcquisitionTax: false,
  accountId: account,
  acquisitionAccountId: null,
  fieldNumber: field,
  ...extra,
});

/** A maker of bookings (ids 1, 2, … in the order it makes them), sums in Rappen. */
export function bookingMaker() {
  let nextId = 1;
  return (
    date: string,
    debit: number,
    credit: number,
    sum: number,
    taxRateId: number | null = null,
    description: string | null = null,
  ): ReportEntry => ({
    id: nextId++,
    number: null,
    date,
    description,
    sum,
    debitAccountId: debit,
    creditAccountId: credit,
    taxRateId,
  });
}
