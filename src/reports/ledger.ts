// Account ledger (Kontoblatt): every posting to one account in a period, in date order, with a
// running balance from the opening balance to the closing balance.
//
// Postings are computed from the bookings with the VAT rule of src/domain/vat.ts, so the ledger of an
// income account shows net amounts, and the ledger of a tax account (2200, 1170, 1171 …) shows the
// VAT shares of the bookings whose tax rate points to it. Opening balance: a balance sheet account
// carries everything booked before `from`; an income or expense account starts the year at zero, so
// its opening balance is the movement from 1 January of `from`'s year up to the day before `from`.
// The balance is in the account's own sense (assets and expenses debit − credit, liabilities and
// income credit − debit).
import { balanceOf, isBalanceSheet } from '../domain/vat.js';
import { groupRappen as fmt } from './money.js';
import { yearStart } from './period.js';
import { Chart } from './postings.js';
import type { Report, ReportColumn, ReportAccount, ReportEntry, ReportRow, ReportTaxRate } from './types.js';

export const LEDGER_COLUMNS: ReportColumn[] = [
  { key: 'date', kind: 'date' },
  { key: 'number' },
  { key: 'description' },
  { key: 'contra' },
  { key: 'debit', kind: 'money' },
  { key: 'credit', kind: 'money' },
  { key: 'balance', kind: 'money' },
  { key: 'tax_rate', header: 'tax rate', default: false },
  { key: 'entry_id', kind: 'int', default: false },
];

export interface LedgerInput {
  accountId: number;
  from: string;
  to: string;
  accounts: ReportAccount[];
  taxRates: ReportTaxRate[];
  /** every booking that may post to the account up to `to` (more do no harm) */
  entries: ReportEntry[];
  /**
   * the account's balance from `GET /accounts?start=FROM&until=TO`, to check the ledger against: the
   * closing balance of a balance sheet account, the movement within the period of an income or
   * expense account
   */
  serviceBalance?: number | null;
}

/** The first date the opening balance counts from (undefined: from the first booking). */
export function openingStart(type: ReportAccount['type'], from: string): string | undefined {
  return type !== null && isBalanceSheet(type) ? undefined : yearStart(from);
}

export function ledger(input: LedgerInput): Report {
  const chart = new Chart(input.accounts, input.taxRates);
  const account = chart.account(input.accountId);
  const type = chart.typeOf(input.accountId);
  const since = openingStart(type, input.from);
  const seen = new Set<number>();
  const entries = input.entries
    .filter((e) => {
      if (seen.has(e.id)) return false;
      seen.add(e.id);
      return true;
    })
    .filter((e) => e.date <= input.to && (since === undefined || e.date >= since))
    .sort((a, b) =>
      a.date < b.date ? -1 : a.date > b.date ? 1 : (a.number ?? '').localeCompare(b.number ?? '') || a.id - b.id,
    );

  let opening = 0;
  let debitTotal = 0;
  let creditTotal = 0;
  const postingRows: ReportRow[] = [];
  for (const e of entries) {
    let debit = 0;
    let credit = 0;
    for (const p of chart.postings(e)) {
      if (p.accountId !== input.accountId) continue;
      debit += p.debit;
      credit += p.credit;
    }
    if (debit === 0 && credit === 0) continue;
    const movement = balanceOf(type, debit, credit);
    if (e.date < input.from) {
      opening += movement;
      continue;
    }
    debitTotal += debit;
    creditTotal += credit;
    postingRows.push({
      kind: 'posting',
      date: e.date,
      number: e.number,
      description: e.description,
      contra: contraOf(chart, e, input.accountId),
      debit: debit || null,
      credit: credit || null,
      balance: movement,
      tax_rate: e.taxRateId === null ? null : chart.taxRate(e.taxRateId)!.name,
      entry_id: e.id,
    });
  }
  // running balance: the opening balance plus every movement so far
  let balance = opening;
  for (const row of postingRows) {
    balance += row.balance as number;
    row.balance = balance;
  }
  const closing = opening + balanceOf(type, debitTotal, creditTotal);
  const rows: ReportRow[] = [
    {
      kind: 'opening',
      date: input.from,
      number: null,
      description: 'Opening balance',
      contra: null,
      debit: null,
      credit: null,
      balance: opening,
      tax_rate: null,
      entry_id: null,
    },
    ...postingRows,
  ];
  const gaps = [1, rows.length];
  rows.push(
    {
      kind: 'total',
      date: null,
      number: null,
      description: 'Total postings',
      contra: null,
      debit: debitTotal,
      credit: creditTotal,
      balance: null,
      tax_rate: null,
      entry_id: null,
    },
    {
      kind: 'closing',
      date: input.to,
      number: null,
      description: 'Closing balance',
      contra: null,
      debit: null,
      credit: null,
      balance: closing,
      tax_rate: null,
      entry_id: null,
    },
  );
  const checks = [];
  if (input.serviceBalance !== undefined && input.serviceBalance !== null) {
    // the service shows a balance sheet account's closing balance, an income or expense account's movement in the
    // period
    const expected = isBalanceSheet(type) ? input.serviceBalance : opening + input.serviceBalance;
    checks.push(
      expected === closing
        ? { ok: true, message: `The closing balance ${fmt(closing)} agrees with the account's balance in the service.` }
        : {
            ok: false,
            message:
              `The closing balance ${fmt(closing)} differs from the account's balance in the service ` +
              `(${fmt(expected)}) by ${fmt(closing - expected)}.`,
          },
    );
  }
  const label = `${account.number ?? ''} ${account.name}`.trim();
  return {
    report: 'ledger',
    title: `Ledger of ${label} ${input.from} to ${input.to}`,
    from: input.from,
    to: input.to,
    columns: LEDGER_COLUMNS,
    rows,
    gaps,
    summary: [
      { key: 'account', value: account.number },
      { key: 'name', value: account.name },
      { key: 'opening', value: opening, money: true },
      { key: 'debit_total', value: debitTotal, money: true },
      { key: 'credit_total', value: creditTotal, money: true },
      { key: 'closing', value: closing, money: true },
      { key: 'postings', value: postingRows.length },
    ],
    checks,
    notes: [],
  };
}

/**
 * The other side of the booking: the credit account for a debit posting, the debit account for a credit one, both for a
 * tax posting.
 */
function contraOf(chart: Chart, e: ReportEntry, accountId: number): string {
  if (e.debitAccountId === accountId && e.creditAccountId !== accountId) return chart.numberOf(e.creditAccountId);
  if (e.creditAccountId === accountId && e.debitAccountId !== accountId) return chart.numberOf(e.debitAccountId);
  return `${chart.numberOf(e.debitAccountId)}/${chart.numberOf(e.creditAccountId)}`;
}
