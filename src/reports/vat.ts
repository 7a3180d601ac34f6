// The Swiss VAT return (MWST-Abrechnung, effective method) for a period, box by box ("Ziffern",
// swiss-domain.md), computed from the bookings dated in the period and their tax rates.
//
// Per booking with a tax rate (rates and the VAT share as in src/domain/vat.ts):
// - output tax rates (field number 301 to 343: 30x1 until 2017, 30x2 until 2023, 30x3 from 2024): base = the net amount
// (sum − VAT
//   share), tax = the VAT share posted to the tax account; the base counts in box 200. The sign follows
//   the side of the split: an income booking (split on the credit side) adds, a booking split on the
//   debit side subtracts.
// - a rate without a field number (or 205, opted supplies) whose tax account is a liability: the box
//   follows from the rate and the booking date (8.1/2.6/3.8 % → 303/313/343, from 2024; 7.7/2.5/3.7 %
//   → 302/312/342, 2018 to 2023; 8.0/2.5/3.8 % → 301/311/341, 2011 to 2017: src/domain/vat-rates.ts);
//   a rate it cannot place is named in a note and left out.
// - input tax rates (field number 400 or 405; without one, a tax account on the asset side): the VAT
//   share posted to the tax account goes to 400 or 405.
// - acquisition tax (Bezugsteuer): base = sum (net), tax = sum × rate; box 382/383 by field number
//   (else by date), and the same tax deducted as input tax in 400 or 405, by the acquisition account
//   (the box of the input tax rate on that account; 1171 → 405, else 400). It is not in box 200.
// - deduction rates 220/221/225/230/280: the net amount counts in box 200 and in the box; 235
//   (reductions of consideration) counts only in 235 (the reduced sale is already in 200). The
//   direction follows the income account: credited adds, debited (a reduction, a reversal) subtracts
// — for 235 a debited income account (the usual reduction) adds to the deduction. 289 = 220 + 221 + 225 + 230 + 235 +
// 280; 299 = 200 − 289.
// - gross (saldo) rates belong to the saldo method's return (vat-net-tax-rate.ts): left out, with a note.
// Income bookings without a tax rate are not in the return (a note says how many and how much).
// 410, 415 and 420 have no source in the bookings and stay 0.
import { acquisitionTaxOf, bookingType, splitSide, vatShareOfGross, type Booking } from '../domain/vat.js';
import { acquisitionBoxOn, outputBoxOn } from '../domain/vat-rates.js';
import { ratePercentText } from '../domain/vat-settings.js';
import { groupRappen as fmt } from './money.js';
import { Chart } from './postings.js';
import type { Report, ReportColumn, ReportAccount, ReportEntry, ReportRow, ReportTaxRate } from './types.js';

export const VAT_COLUMNS: ReportColumn[] = [
  { key: 'box', kind: 'int' },
  { key: 'description' },
  { key: 'amount', kind: 'money' },
  { key: 'tax', kind: 'money' },
  // the percentage a tax box is taxed at, which the eCH-0217 file states per box (--fields to show it)
  { key: 'rate', default: false },
];

export interface VatInput {
  from: string;
  to: string;
  accounts: ReportAccount[];
  taxRates: ReportTaxRate[];
  /** the bookings of the period (bookings outside it are ignored) */
  entries: Iterable<ReportEntry>;
}

export const OUTPUT_BOXES = [301, 302, 303, 311, 312, 313, 341, 342, 343, 381, 382, 383] as const;
/** the boxes of 2011 to 2017, shown when the period reaches back there or they hold an amount */
const BOXES_UNTIL_2017: readonly number[] = [301, 311, 341, 381];
/** the boxes of supplies taxed at a rate (not acquisition tax) */
const TAXED_BOXES = [301, 302, 303, 311, 312, 313, 341, 342, 343] as const;
export const DEDUCTION_BOXES = [220, 221, 225, 230, 235, 280] as const;
export const INPUT_BOXES = [400, 405] as const;

export const BOX_LABELS: Record<number, string> = {
  200: 'Total consideration (net of VAT)',
  205: 'of which opted supplies (in 200)',
  220: 'Exempt supplies (exports)',
  221: 'Supplies abroad',
  225: 'Transfers under the notification procedure',
  230: 'Exempt supplies without option',
  235: 'Reductions of consideration',
  280: 'Miscellaneous',
  289: 'Total deductions (220 to 280)',
  299: 'Taxable turnover (200 − 289)',
  301: 'Normal rate 8.0 % (until 2017)',
  302: 'Normal rate 7.7 % (until 2023)',
  303: 'Normal rate 8.1 % (from 2024)',
  311: 'Reduced rate 2.5 % (until 2017)',
  312: 'Reduced rate 2.5 % (until 2023)',
  313: 'Reduced rate 2.6 % (from 2024)',
  341: 'Accommodation rate 3.8 % (until 2017)',
  342: 'Accommodation rate 3.7 % (until 2023)',
  343: 'Accommodation rate 3.8 % (from 2024)',
  381: 'Acquisition tax (until 2017)',
  382: 'Acquisition tax (until 2023)',
  383: 'Acquisition tax (from 2024)',
  399: 'Total tax',
  400: 'Input tax on material and services',
  405: 'Input tax on investments and other operating costs',
  410: 'De-taxation (+)',
  415: 'Corrections of input tax (−)',
  420: 'Reductions of input tax (−)',
  479: 'Total input tax (400 + 405 + 410 − 415 − 420)',
  500: 'Amount payable (399 − 479)',
  510: 'Credit (479 − 399)',
};

const isIn = <T extends number>(list: readonly T[], n: number | null): n is T =>
  n !== null && (list as readonly number[]).includes(n);

/** Income bookings without a tax rate: in neither return, counted for the note that says so. */
export interface Unrated {
  count: number;
  sum: number;
}

/**
 * The bookings of the period with their tax rate, for a return's tally; an income booking without a rate is counted
 * in `unrated` instead.
 */
export function* ratedBookings(
  chart: Chart,
  period: { from: string; to: string },
  entries: Iterable<ReportEntry>,
  unrated: Unrated,
): Generator<{ e: ReportEntry; t: ReportTaxRate; booking: Booking }> {
  for (const e of entries) {
    if (e.date < period.from || e.date > period.to) continue;
    const t = chart.taxRate(e.taxRateId);
    const booking = chart.booking(e);
    if (t) yield { e, t, booking };
    else if (bookingType(booking.debitType, booking.creditType) === 'income') {
      unrated.count += 1;
      unrated.sum += e.sum;
    }
  }
}

export const unratedNote = ({ count, sum }: Unrated): string | undefined =>
  count > 0
    ? `${count} income ${count === 1 ? 'booking' : 'bookings'} without a tax rate (${fmt(sum)}) ` +
      `${count === 1 ? 'is' : 'are'} not in the return.`
    : undefined;

/**
 * A deduction's net amount in its boxes. Its direction follows the income account: credited (a sale) adds, debited (a
 * reduction, a reversal) subtracts, else the side of the split (`sign`); 235 (reductions of consideration) counts only
 * in 235, with a debited income account (the usual reduction) adding to it, as the reduced sale is already in 200.
 */
export function addDeduction(
  amount: Map<number, number>,
  box: number,
  booking: Pick<Booking, 'debitType' | 'creditType'>,
  sign: number,
  net: number,
): void {
  const add = (b: number, v: number) => amount.set(b, (amount.get(b) ?? 0) + v);
  const value = (booking.creditType === 'income' ? 1 : booking.debitType === 'income' ? -1 : sign) * net;
  if (box === 235) add(235, -value);
  else {
    add(200, value);
    add(box, value);
  }
}

/** The VAT return's setup: everything but the bookings, which a builder takes in batches. */
export type VatSetup = Omit<VatInput, 'entries'>;

export function vatReturn(input: VatInput): Report {
  const builder = vatReturnBuilder(input);
  builder.add(input.entries);
  return builder.report();
}

/**
 * The VAT return of bookings given in batches as they arrive (the pages of a list), so that none need
 * be held: `add` takes each batch, `report` answers the return of all of them.
 */
export function vatReturnBuilder(input: VatSetup): { add(entries: Iterable<ReportEntry>): void; report(): Report } {
  const chart = new Chart(input.accounts, input.taxRates);
  const amount = new Map<number, number>();
  const base = new Map<number, number>();
  const tax = new Map<number, number>();
  const add = (m: Map<number, number>, box: number, v: number) => m.set(box, (m.get(box) ?? 0) + v);
  const notes: string[] = [];

  // the input box of each input tax account, from the input tax rates' field numbers
  const inputBoxOfAccount = new Map<number, number>();
  for (const t of input.taxRates)
    if (isIn(INPUT_BOXES, t.fieldNumber) && !t.isAcquisitionTax) inputBoxOfAccount.set(t.accountId, t.fieldNumber);
  const inputBox = (accountId: number): number =>
    inputBoxOfAccount.get(accountId) ?? (chart.byId.get(accountId)?.number === 1171 ? 405 : 400);

  const noRate: Unrated = { count: 0, sum: 0 };
  const saldo = new Map<string, number>();
  const unplaced = new Map<string, number>();
  const taxOnDeductions = new Map<string, number>();
  const acquisitionRates = new Map<number, Set<number>>();

  const addEntries = (entries: Iterable<ReportEntry>): void => {
    for (const { e, t, booking } of ratedBookings(chart, input, entries, noRate)) {
      if (t.isAcquisitionTax) {
        const owed = acquisitionTaxOf(e.sum, t.rate);
        const box = isIn(OUTPUT_BOXES, t.fieldNumber) ? t.fieldNumber : acquisitionBoxOn(e.date);
        add(base, box, e.sum);
        add(tax, box, owed);
        acquisitionRates.set(box, (acquisitionRates.get(box) ?? new Set()).add(t.rate));
        if (t.acquisitionAccountId !== null) add(amount, inputBox(t.acquisitionAccountId), owed);
        continue;
      }
      if (t.calculationMethod === 'gross') {
        saldo.set(t.name, (saldo.get(t.name) ?? 0) + e.sum);
        continue;
      }
      const share = vatShareOfGross(e.sum, t.rate);
      const side = splitSide(booking, booking.taxRate?.accountType);
      const sign = side === 'credit' ? 1 : -1;
      const net = sign * (e.sum - share);
      const f = t.fieldNumber;
      const taxAccountType = chart.byId.get(t.accountId)?.type;
      const known = isIn(OUTPUT_BOXES, f) || isIn(DEDUCTION_BOXES, f) || f === 205;
      if (isIn(INPUT_BOXES, f) || (!known && taxAccountType !== 'liabilities')) {
        // input tax: what the split debits to the tax account
        add(amount, isIn(INPUT_BOXES, f) ? f : inputBox(t.accountId), -sign * share);
        continue;
      }
      if (isIn(DEDUCTION_BOXES, f)) {
        addDeduction(amount, f, booking, sign, e.sum - share);
        if (share !== 0) taxOnDeductions.set(t.name, (taxOnDeductions.get(t.name) ?? 0) + sign * share);
        continue;
      }
      const box = isIn(OUTPUT_BOXES, f) ? f : outputBoxOn(t.rate, e.date);
      if (box === undefined) {
        unplaced.set(t.name, (unplaced.get(t.name) ?? 0) + e.sum);
        continue;
      }
      if (f === 205) add(amount, 205, net);
      add(amount, 200, net);
      add(base, box, net);
      add(tax, box, sign * share);
    }
  };

  return {
    add: addEntries,
    report: () =>
      vatReport(input, { amount, base, tax, notes, noRate, saldo, unplaced, taxOnDeductions, acquisitionRates }),
  };
}

/** What the bookings added up to, box by box, and what the notes must say. */
interface VatTally {
  amount: Map<number, number>;
  base: Map<number, number>;
  tax: Map<number, number>;
  notes: string[];
  noRate: Unrated;
  saldo: Map<string, number>;
  unplaced: Map<string, number>;
  taxOnDeductions: Map<string, number>;
  acquisitionRates: Map<number, Set<number>>;
}

/** The rate of each output box (hundredths), which the form prints beside it. */
const BOX_RATES: Record<number, number> = { 302: 770, 303: 810, 312: 250, 313: 260, 342: 370, 343: 380 };

function vatReport(
  input: VatSetup,
  { amount, base, tax, notes, noRate, saldo, unplaced, taxOnDeductions, acquisitionRates }: VatTally,
): Report {
  const get = (m: Map<number, number>, box: number) => m.get(box) ?? 0;
  const box289 = DEDUCTION_BOXES.reduce((s, b) => s + get(amount, b), 0);
  const box200 = get(amount, 200);
  const box299 = box200 - box289;
  const box399 = OUTPUT_BOXES.reduce((s, b) => s + get(tax, b), 0);
  const box479 = get(amount, 400) + get(amount, 405) + get(amount, 410) - get(amount, 415) - get(amount, 420);
  const payable = box399 - box479;

  const rows: ReportRow[] = [];
  const gaps: number[] = [];
  // acquisition tax is owed at the rate of the service bought; one rate per box is what the file can state
  const rateOf = (box: number): string | null => {
    const rates = BOX_RATES[box] !== undefined ? [BOX_RATES[box]] : [...(acquisitionRates.get(box) ?? [])];
    return rates.length === 1 ? ratePercentText(rates[0]) : null;
  };
  const row = (box: number, amountValue: number | null, taxValue: number | null) =>
    rows.push({
      kind: 'box',
      box,
      description: BOX_LABELS[box],
      amount: amountValue,
      tax: taxValue,
      rate: (OUTPUT_BOXES as readonly number[]).includes(box) ? rateOf(box) : null,
    });
  row(200, box200, null);
  row(205, get(amount, 205), null);
  gaps.push(rows.length);
  for (const b of DEDUCTION_BOXES) row(b, get(amount, b), null);
  row(289, box289, null);
  gaps.push(rows.length);
  row(299, box299, null);
  gaps.push(rows.length);
  const early = input.from < '2018-01-01';
  for (const b of OUTPUT_BOXES)
    if (early || !BOXES_UNTIL_2017.includes(b) || get(base, b) !== 0 || get(tax, b) !== 0)
      row(b, get(base, b), get(tax, b));
  row(399, null, box399);
  gaps.push(rows.length);
  for (const b of [400, 405, 410, 415, 420]) row(b, null, get(amount, b));
  row(479, null, box479);
  gaps.push(rows.length);
  if (payable >= 0) row(500, null, payable);
  else row(510, null, -payable);

  const unrated = unratedNote(noRate);
  if (unrated) notes.push(unrated);
  for (const [name, sum] of saldo)
    notes.push(
      `Bookings with the saldo rate "${name}" (${fmt(sum)}) belong to a saldo-method return and are left out.`,
    );
  for (const [name, sum] of unplaced)
    notes.push(
      `Bookings with the tax rate "${name}" (${fmt(sum)}) have no box (no field number and not a Swiss rate) and ` +
        `are left out.`,
    );
  for (const [name, v] of taxOnDeductions)
    notes.push(`The tax rate "${name}" is a deduction box but carries VAT (${fmt(v)}), which is not in the return.`);

  // the taxable turnover should be what the tax boxes tax
  const taxedBases = TAXED_BOXES.reduce((s, b) => s + get(base, b), 0);
  const span = early ? '301 to 343' : '302 to 343';
  const checks = [
    taxedBases === box299
      ? { ok: true, message: `Taxable turnover (299) equals the taxed bases of ${span}: ${fmt(box299)}.` }
      : {
          ok: false,
          message:
            `Taxable turnover (299, ${fmt(box299)}) differs from the taxed bases of ${span} ` +
            `(${fmt(taxedBases)}) by ${fmt(box299 - taxedBases)}.`,
        },
  ];
  notes.push(payable >= 0 ? `Amount payable (500): ${fmt(payable)}.` : `Credit (510): ${fmt(-payable)}.`);

  return {
    report: 'vat',
    title: `VAT return ${input.from} to ${input.to} (effective method)`,
    from: input.from,
    to: input.to,
    columns: VAT_COLUMNS,
    rows,
    gaps,
    summary: [
      { key: 'turnover', value: box200, money: true },
      { key: 'taxable_turnover', value: box299, money: true },
      { key: 'output_tax', value: box399, money: true },
      { key: 'input_tax', value: box479, money: true },
      { key: 'payable', value: Math.max(payable, 0), money: true },
      { key: 'credit', value: payable < 0 ? -payable : 0, money: true },
    ],
    checks,
    notes,
  };
}
