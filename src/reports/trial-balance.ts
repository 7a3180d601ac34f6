// Trial balance (Probebilanz / Saldenliste): every account with a non-zero balance for the period,
// its balance on the debit or the credit side, and the two totals, which must be equal.
//
// Input: the accounts of `GET /accounts?start=FROM&until=TO` (balances already carry the VAT split):
// balance sheet accounts show their closing balance at TO, income and expense accounts the movement
// within the period. Profit or loss of the bookings before FROM is in no account (it is not closed
// into equity by a booking), so it is added as its own row, `carriedForward`, taken from the
// service's computed liabilities row; with it the debits equal the credits.
import { normalSide } from '../domain/vat.js';
import { rollUp } from './depth.js';
import { groupRappen as fmt } from './money.js';
import { byNumber } from './section.js';
import type { Report, ReportColumn, ReportAccount, ReportRow, SummaryItem } from './types.js';

export const CARRIED_FORWARD_NAME = 'Nicht verbuchter Gewinn/Verlust aus Vorperioden';

/** The row of the profit or loss carried forward (on the liabilities side), with its money cells. */
export const carriedForwardRow = (cells: Record<string, number | null>): ReportRow => ({
  kind: 'computed',
  number: null,
  name: CARRIED_FORWARD_NAME,
  type: 'liabilities',
  ...cells,
});

export const TRIAL_BALANCE_COLUMNS: ReportColumn[] = [
  { key: 'number', kind: 'int' },
  { key: 'name' },
  { key: 'type' },
  { key: 'debit', kind: 'money' },
  { key: 'credit', kind: 'money' },
  { key: 'balance', kind: 'money', default: false },
];

export interface TrialBalanceInput {
  from: string;
  to: string;
  accounts: ReportAccount[];
  /** profit (positive) or loss carried forward from before `from`; null when not asked for */
  carriedForward?: number | null;
  /**
   * --depth: accounts rolled up by number prefix (src/reports/depth.ts); a group sums its accounts' debits and credits
   * apart, so the totals stay the full report's
   */
  depth?: number;
}

/** Debit-side total minus credit-side total of the accounts' balances (before any carried-forward row). */
export function trialBalanceDifference(accounts: ReportAccount[]): number {
  let diff = 0;
  for (const a of accounts) {
    if (a.computed || a.type === null || !a.balance) continue;
    diff += normalSide(a.type) === 'debit' ? a.balance : -a.balance;
  }
  return diff;
}

/** Debit and credit totals of signed amounts (debit +, credit −): each amount on its side. */
export function sideTotals(signed: Iterable<number>): { debitTotal: number; creditTotal: number } {
  let debitTotal = 0;
  let creditTotal = 0;
  for (const v of signed) {
    if (v > 0) debitTotal += v;
    else creditTotal -= v;
  }
  return { debitTotal, creditTotal };
}

/**
 * The summary of a trial balance, single or by period: the totals of each side at the end, their
 * difference, the profit or loss carried forward, whether it balances (by period: in every column).
 */
export function trialBalanceSummary(
  totals: { debitTotal: number; creditTotal: number },
  carried: number,
  balanced: boolean,
): SummaryItem[] {
  return [
    { key: 'debit_total', value: totals.debitTotal, money: true },
    { key: 'credit_total', value: totals.creditTotal, money: true },
    { key: 'difference', value: totals.debitTotal - totals.creditTotal, money: true },
    { key: 'carried_forward', value: carried, money: true },
    { key: 'balanced', value: balanced },
  ];
}

export function trialBalance(input: TrialBalanceInput): Report {
  let rows: ReportRow[] = [];
  const accounts = input.accounts
    .filter((a) => !a.computed && a.type !== null && a.balance !== null && a.balance !== 0)
    .sort(byNumber);
  // each balance signed debit +, credit −: a positive balance sits on the account's own side, a negative one on the
  // other
  const signed = accounts.map((a) => (normalSide(a.type!) === 'debit' ? a.balance! : -a.balance!));
  accounts.forEach((a, i) => {
    const amount = Math.abs(a.balance!);
    const onDebit = signed[i] > 0;
    rows.push({
      kind: 'account',
      number: a.number,
      name: a.name,
      type: a.type,
      debit: onDebit ? amount : null,
      credit: onDebit ? null : amount,
      balance: a.balance,
    });
  });
  if (input.depth !== undefined)
    rows = rollUp(rows, { depth: input.depth, sum: ['debit', 'credit'], sameType: ['balance'] });
  const carried = input.carriedForward ?? 0;
  if (carried !== 0) {
    // a profit carried forward is owed to the owners: the credit side; a loss the debit side
    rows.push(
      carriedForwardRow({
        debit: carried < 0 ? -carried : null,
        credit: carried > 0 ? carried : null,
        balance: carried,
      }),
    );
  }
  const totals = sideTotals([...signed, -carried]);
  const { debitTotal, creditTotal } = totals;
  const gaps = [rows.length];
  rows.push({
    kind: 'total',
    number: null,
    name: 'Total',
    type: null,
    debit: debitTotal,
    credit: creditTotal,
    balance: null,
  });
  const difference = debitTotal - creditTotal;
  if (difference !== 0)
    rows.push({
      kind: 'difference',
      number: null,
      name: 'Difference (debit − credit)',
      type: null,
      debit: difference > 0 ? difference : null,
      credit: difference < 0 ? -difference : null,
      balance: difference,
    });
  return {
    report: 'trial-balance',
    title: `Trial balance ${input.from} to ${input.to}`,
    from: input.from,
    to: input.to,
    columns: TRIAL_BALANCE_COLUMNS,
    rows,
    gaps,
    summary: trialBalanceSummary(totals, carried, difference === 0),
    checks: [
      difference === 0
        ? { ok: true, message: `Debits equal credits: ${fmt(debitTotal)}.` }
        : {
            ok: false,
            message:
              `Debits (${fmt(debitTotal)}) and credits (${fmt(creditTotal)}) differ by ` +
              `${fmt(Math.abs(difference))}.`,
          },
    ],
    notes: [],
  };
}
