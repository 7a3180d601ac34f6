// Balance sheet (Bilanz) at a date: the assets against the liabilities and equity, each with its
// total, and whether they balance.
//
// Input: `GET /accounts?type=assets&start=&until=DATE` and `…?type=liabilities&start=&until=DATE`
// (start: 1 January of the date's year). Balance sheet accounts show their closing balance at DATE;
// the liabilities list ends with the service's two computed rows, the profit or loss carried forward
// from before the year and the profit or loss of the year so far, which belong to the equity side.
// Accounts with a zero balance are left out.
import { groupRappen as fmt } from './money.js';
import { byNumber, pushSection } from './section.js';
import type { Report, ReportColumn, ReportAccount, ReportRow } from './types.js';

export const BALANCE_SHEET_COLUMNS: ReportColumn[] = [
  { key: 'section', table: false },
  { key: 'number', kind: 'int' },
  { key: 'name' },
  { key: 'type', default: false },
  { key: 'balance', kind: 'money' },
];

export interface BalanceSheetInput {
  date: string;
  /** bank, deprecation and asset accounts with their balance at `date` */
  assets: ReportAccount[];
  /** liabilities and equity accounts with their balance, and the computed profit/loss rows */
  liabilities: ReportAccount[];
  /** --depth: accounts rolled up by number prefix (src/reports/depth.ts) */
  depth?: number;
}

export function balanceSheet(input: BalanceSheetInput): Report {
  const rows: ReportRow[] = [];
  const gaps: number[] = [];
  const section = (name: 'assets' | 'liabilities', accounts: ReportAccount[], label: string): number => {
    // computed rows keep the service's order, after the accounts
    const listed = [
      ...accounts.filter((a) => !a.computed).sort(byNumber),
      ...accounts.filter((a) => a.computed),
    ].filter((a) => a.balance);
    const list: ReportRow[] = listed.map((a) => ({
      kind: a.computed ? 'computed' : 'account',
      section: name,
      number: a.number,
      name: a.name,
      type: a.computed ? null : a.type,
      balance: a.balance,
    }));
    return pushSection(
      rows,
      list,
      ['balance'],
      { kind: 'subtotal', section: name, number: null, name: label, type: null },
      input.depth,
    ).balance;
  };
  const assets = section('assets', input.assets, 'Total assets');
  gaps.push(rows.length);
  const liabilities = section('liabilities', input.liabilities, 'Total liabilities and equity');
  const difference = assets - liabilities;
  if (difference !== 0) {
    gaps.push(rows.length);
    rows.push({
      kind: 'difference',
      section: null,
      number: null,
      name: 'Difference (assets − liabilities and equity)',
      type: null,
      balance: difference,
    });
  }
  return {
    report: 'balance-sheet',
    title: `Balance sheet at ${input.date}`,
    from: null,
    to: input.date,
    columns: BALANCE_SHEET_COLUMNS,
    rows,
    gaps,
    summary: [
      { key: 'assets', value: assets, money: true },
      { key: 'liabilities_and_equity', value: liabilities, money: true },
      { key: 'difference', value: difference, money: true },
      { key: 'balanced', value: difference === 0 },
    ],
    checks: [
      difference === 0
        ? { ok: true, message: `The balance sheet balances: assets = liabilities and equity = ${fmt(assets)}.` }
        : {
            ok: false,
            message:
              `The balance sheet does not balance: assets ${fmt(assets)}, liabilities and equity ` +
              `${fmt(liabilities)}, difference ${fmt(difference)}.`,
          },
    ],
    notes: [],
  };
}
