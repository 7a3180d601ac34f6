// The VAT return of a company on the net tax rate method (Saldosteuersatz) or the flat tax rate method
// (Pauschalsteuersatz), box by box (swiss-domain.md): turnover is reported gross (VAT included), taxed
// at the one or two rates the ESTV approved, and no input tax is deducted.
//
// - Bookings with a gross (saldo) tax rate are the input: the rate is matched to an approved rate by its
//   saldo rate (else its rate); the gross sum counts in 200 and in the approved rate's box — 322/332
//   until 2023, 323/333 from 2024 (first and second approved rate), by the booking date. Credited to
//   income adds, debited (a reduction, a reversal) subtracts. A saldo rate that is not approved is named
//   in a note and left out.
// - The tax of a box is its turnover × the rate, rounded half up to the Rappen once per box, as the form
//   computes it (not booking by booking).
// - Deduction rates (220 … 280) count as in the effective method; acquisition tax (382/383) is owed,
//   with no input tax against it.
// - Effective-method rates (output tax 302 … 343, input tax 400/405) do not belong in this return: a
//   note names them and what they carried, and they are left out.
import { mulDivRound } from '../domain/money.js';
import { acquisitionTaxOf, splitSide, vatShareOfGross } from '../domain/vat.js';
import { ratePercentText, type ApprovedRate } from '../domain/vat-settings.js';
import { acquisitionBoxOn } from '../domain/vat-rates.js';
import { groupRappen as fmt } from './money.js';
import { Chart } from './postings.js';
import type { Report, ReportEntry, ReportRow } from './types.js';
import {
  BOX_LABELS,
  DEDUCTION_BOXES,
  VAT_COLUMNS,
  addDeduction,
  ratedBookings,
  unratedNote,
  type Unrated,
  type VatSetup,
} from './vat.js';

/** The net tax rate boxes by the approved rate's place (first, second) and the form in force on a date. */
export const netRateBox = (index: number, date: string): number =>
  (date < '2024-01-01' ? [322, 332] : [323, 333])[index];

export const NET_RATE_BOXES = [322, 332, 323, 333] as const;

/** Which approved rate a box is for: 322/323 the first, 332/333 the second. */
export const approvedRateIndex = (box: number): number => (box === 322 || box === 323 ? 0 : 1);

/** 322/332 are the form's boxes until 2023, 323/333 from 2024. */
const untilOf2023 = (box: number): boolean => box === 322 || box === 332;
const ACQUISITION_BOXES = [381, 382, 383] as const;

export type NetMethod = 'net_tax_rate' | 'flat_tax_rate';

export function netTaxRateReturnBuilder(input: VatSetup & { method: NetMethod; rates: ApprovedRate[] }): {
  add(entries: Iterable<ReportEntry>): void;
  report(): Report;
} {
  const chart = new Chart(input.accounts, input.taxRates);
  const amount = new Map<number, number>();
  const base = new Map<number, number>();
  const acquisitionTax = new Map<number, number>();
  /** the rates of the acquisition tax bookings per box: the file needs the rate */
  const acquisitionRates = new Map<number, Set<number>>();
  const add = (m: Map<number, number>, box: number, v: number) => m.set(box, (m.get(box) ?? 0) + v);
  const notApproved = new Map<string, number>();
  const effectiveRates = new Map<string, number>();
  const noRate: Unrated = { count: 0, sum: 0 };

  const addEntries = (entries: Iterable<ReportEntry>): void => {
    for (const { e, t, booking } of ratedBookings(chart, input, entries, noRate)) {
      if (t.isAcquisitionTax) {
        const box = (ACQUISITION_BOXES as readonly number[]).includes(t.fieldNumber ?? 0)
          ? t.fieldNumber!
          : acquisitionBoxOn(e.date);
        add(base, box, e.sum);
        add(acquisitionTax, box, acquisitionTaxOf(e.sum, t.rate));
        acquisitionRates.set(box, (acquisitionRates.get(box) ?? new Set()).add(t.rate));
        continue;
      }
      // the direction follows the income account: credited (a sale) adds, debited (a reduction, a reversal) subtracts
      const split = splitSide(booking, booking.taxRate?.accountType) === 'credit' ? 1 : -1;
      const dir = booking.creditType === 'income' ? 1 : booking.debitType === 'income' ? -1 : split;
      const f = t.fieldNumber;
      if ((DEDUCTION_BOXES as readonly number[]).includes(f ?? 0)) {
        const net = e.sum - (t.calculationMethod === 'gross' ? 0 : vatShareOfGross(e.sum, t.rate));
        addDeduction(amount, f!, booking, split, net);
        continue;
      }
      if (t.calculationMethod !== 'gross') {
        effectiveRates.set(t.name, (effectiveRates.get(t.name) ?? 0) + e.sum);
        continue;
      }
      const index = input.rates.findIndex((r) => r.rate === (t.saldoRate ?? t.rate));
      if (index < 0) {
        notApproved.set(t.name, (notApproved.get(t.name) ?? 0) + e.sum);
        continue;
      }
      add(amount, 200, dir * e.sum);
      add(base, netRateBox(index, e.date), dir * e.sum);
    }
  };

  const report = (): Report => {
    const get = (m: Map<number, number>, box: number) => m.get(box) ?? 0;
    const rateOf = (box: number): number => input.rates[approvedRateIndex(box)]?.rate ?? 0;
    const tax = new Map<number, number>(NET_RATE_BOXES.map((b) => [b, mulDivRound(get(base, b), rateOf(b), 10000)]));
    for (const b of ACQUISITION_BOXES) tax.set(b, get(acquisitionTax, b));
    const box289 = DEDUCTION_BOXES.reduce((s, b) => s + get(amount, b), 0);
    const box200 = get(amount, 200);
    const box299 = box200 - box289;
    const box399 = [...tax.values()].reduce((s, v) => s + v, 0);
    const payable = box399;

    const rows: ReportRow[] = [];
    const gaps: number[] = [];
    const row = (
      box: number,
      amountValue: number | null,
      taxValue: number | null,
      rate: string | null = null,
      description = BOX_LABELS[box],
    ) => rows.push({ kind: 'box', box, description, amount: amountValue, tax: taxValue, rate });
    row(200, box200, null);
    gaps.push(rows.length);
    for (const b of DEDUCTION_BOXES) row(b, get(amount, b), null);
    row(289, box289, null);
    gaps.push(rows.length);
    row(299, box299, null);
    gaps.push(rows.length);
    // the boxes of the form in force for the period's dates: 322/332 until 2023, 323/333 from 2024
    const rateBoxes = NET_RATE_BOXES.filter((b) =>
      untilOf2023(b) ? input.from < '2024-01-01' : input.to >= '2024-01-01',
    );
    for (const b of rateBoxes) {
      const approved = input.rates[approvedRateIndex(b)];
      if (!approved) continue;
      const which = approvedRateIndex(b) === 0 ? 'First' : 'Second';
      const until = untilOf2023(b) ? 'until 2023' : 'from 2024';
      row(
        b,
        get(base, b),
        tax.get(b)!,
        ratePercentText(approved.rate),
        `${which} approved rate ${ratePercentText(approved.rate)} % (${until})`,
      );
    }
    for (const b of ACQUISITION_BOXES) {
      // the acquisition box of the period's rates (381 until 2017, 382 until 2023, 383 from 2024): shown when the
      // period reaches it or it holds an amount
      const inPeriod =
        b === 381
          ? input.from < '2018-01-01'
          : b === 382
            ? input.from < '2024-01-01' && input.to >= '2018-01-01'
            : input.to >= '2024-01-01';
      if (!inPeriod && get(base, b) === 0) continue;
      const rates = [...(acquisitionRates.get(b) ?? [])];
      row(b, get(base, b), tax.get(b)!, rates.length === 1 ? ratePercentText(rates[0]) : null);
    }
    row(399, null, box399);
    gaps.push(rows.length);
    if (payable >= 0) row(500, null, payable);
    else row(510, null, -payable);

    const notes: string[] = [];
    const unrated = unratedNote(noRate);
    if (unrated) notes.push(unrated);
    for (const [name, sum] of notApproved)
      notes.push(
        `Bookings with the saldo rate "${name}" (${fmt(sum)}) are not at an approved rate of the company (acct ` +
          `server companies set --vat-net-tax-rates) and are left out.`,
      );
    for (const [name, sum] of effectiveRates)
      notes.push(
        `Bookings with the effective-method rate "${name}" (${fmt(sum)}) do not belong in a ` +
          `${input.method === 'net_tax_rate' ? 'net' : 'flat'} tax rate return and are left out: book sales with ` +
          `the approved saldo rate.`,
      );
    notes.push(payable >= 0 ? `Amount payable (500): ${fmt(payable)}.` : `Credit (510): ${fmt(-payable)}.`);

    const taxedBases = NET_RATE_BOXES.reduce((s, b) => s + get(base, b), 0);
    const checks = [
      taxedBases === box299
        ? { ok: true, message: `Taxable turnover (299) equals the turnover at the approved rates: ${fmt(box299)}.` }
        : {
            ok: false,
            message:
              `Taxable turnover (299, ${fmt(box299)}) differs from the turnover at the approved rates ` +
              `(${fmt(taxedBases)}) by ${fmt(box299 - taxedBases)}.`,
          },
    ];

    return {
      report: 'vat',
      title:
        `VAT return ${input.from} to ${input.to} ` +
        `(${input.method === 'net_tax_rate' ? 'net tax rate' : 'flat tax rate'} method)`,
      from: input.from,
      to: input.to,
      columns: VAT_COLUMNS,
      rows,
      gaps,
      summary: [
        { key: 'method', value: input.method },
        { key: 'turnover', value: box200, money: true },
        { key: 'taxable_turnover', value: box299, money: true },
        { key: 'output_tax', value: box399, money: true },
        { key: 'input_tax', value: 0, money: true },
        { key: 'payable', value: Math.max(payable, 0), money: true },
        { key: 'credit', value: payable < 0 ? -payable : 0, money: true },
      ],
      checks,
      notes,
    };
  };

  return { add: addEntries, report };
}
