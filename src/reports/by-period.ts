// The reports with a column per period (--monthly, --quarterly, --yearly): one JSON/CSV/TSV cell per
// period, keyed by the period's key (2025-01, 2025Q1, 2025), headed by its label on a table.
//
// Input: the answers of `GET /accounts?start&until`, one per period (see docs/reports.md).
// - income statement: each period's movement of the income and expense accounts; `total` is their
//   sum (the income statement of the whole span) and `average` the total over the number of periods;
// - trial balance: `opening` (balance sheet accounts before the span, and the profit or loss carried
//   forward), then each period's movement, debit positive and credit negative; `total` = opening +
//   the movements = the single trial balance of the span (debit − credit), `average` = the movements'
//   average;
// - balance sheet: the balance at each period's end (no total: balances at different dates do not add).
import { mulDivRound } from '../domain/money.js';
import { isBalanceSheet, normalSide } from '../domain/vat.js';
import { rollUp } from './depth.js';
import { groupRappen as fmt } from './money.js';
import { bare, INTERVAL_WORD, type Interval, type PeriodPiece } from './period.js';
import { byNumber, pushSection, sumRows } from './section.js';
import { carriedForwardRow, sideTotals, trialBalanceSummary } from './trial-balance.js';
import type { Report, ReportAccount, ReportColumn, ReportRow } from './types.js';

const pieceColumns = (pieces: PeriodPiece[]): ReportColumn[] =>
  pieces.map((p) => ({ key: p.key, header: p.label, kind: 'money' }));
export const incomeStatementByPeriodColumns = (pieces: PeriodPiece[]): ReportColumn[] => [
  { key: 'section', table: false },
  { key: 'number', kind: 'int' },
  { key: 'name' },
  ...pieceColumns(pieces),
  { key: 'total', kind: 'money' },
  { key: 'average', kind: 'money' },
];

export const trialBalanceByPeriodColumns = (pieces: PeriodPiece[]): ReportColumn[] => [
  { key: 'number', kind: 'int' },
  { key: 'name' },
  { key: 'type', default: false },
  { key: 'opening', kind: 'money' },
  ...pieceColumns(pieces),
  { key: 'total', kind: 'money' },
  { key: 'average', kind: 'money' },
];

export const balanceSheetByPeriodColumns = (pieces: PeriodPiece[]): ReportColumn[] => [
  { key: 'section', table: false },
  { key: 'number', kind: 'int' },
  { key: 'name' },
  { key: 'type', default: false },
  ...pieceColumns(pieces),
];

/** Accounts across the periods' answers, each once (by id, else number and name), in number order. */
function accountsAcross(
  lists: ReportAccount[][],
  keep: (a: ReportAccount) => boolean,
): Array<{ account: ReportAccount; values: number[] }> {
  const byId = new Map<string, { account: ReportAccount; values: number[] }>();
  lists.forEach((list, i) => {
    for (const a of list) {
      if (!keep(a)) continue;
      const id = a.id !== null ? `id:${a.id}` : `${a.number}|${a.name}`;
      let entry = byId.get(id);
      if (!entry) byId.set(id, (entry = { account: a, values: lists.map(() => 0) }));
      entry.values[i] += a.balance ?? 0;
    }
  });
  return [...byId.values()];
}

const accountOrder = (a: { account: ReportAccount }, b: { account: ReportAccount }) => byNumber(a.account, b.account);

export interface IncomeStatementByPeriodInput {
  from: string;
  to: string;
  interval: Interval;
  pieces: PeriodPiece[];
  /** `GET /accounts?type=all&start=piece.from&until=piece.to` for each piece, in order */
  balances: ReportAccount[][];
  depth?: number;
}

export function incomeStatementByPeriod(input: IncomeStatementByPeriodInput): Report {
  const keys = input.pieces.map((p) => p.key);
  const n = keys.length;
  const sums = [...keys, 'total'];
  const rows: ReportRow[] = [];
  const gaps: number[] = [];
  const section = (type: 'income' | 'expense', label: string): Record<string, number> => {
    const accounts = accountsAcross(input.balances, (a) => !a.computed && a.type === type)
      .filter((e) => e.values.some((v) => v !== 0))
      .sort(accountOrder);
    const list: ReportRow[] = accounts.map(({ account, values }) => {
      const row: ReportRow = { kind: 'account', section: type, number: account.number, name: account.name };
      values.forEach((v, i) => {
        row[keys[i]] = v;
      });
      row.total = values.reduce((s, v) => s + v, 0);
      return row;
    });
    return pushSection(rows, list, sums, { kind: 'subtotal', section: type, number: null, name: label }, input.depth);
  };
  const income = section('income', 'Total income');
  gaps.push(rows.length);
  const expense = section('expense', 'Total expense');
  gaps.push(rows.length);
  const profit: ReportRow = { kind: 'total', section: null, number: null, name: 'Profit (loss: negative)' };
  for (const k of sums) profit[k] = income[k] - expense[k];
  rows.push(profit);
  for (const row of rows) row.average = mulDivRound(row.total as number, 1, n);
  const total = profit.total as number;
  return {
    report: 'income-statement',
    title: `Income statement ${input.from} to ${input.to}, by ${INTERVAL_WORD[input.interval]}`,
    from: input.from,
    to: input.to,
    columns: incomeStatementByPeriodColumns(input.pieces),
    rows,
    gaps,
    summary: [
      { key: 'income', value: income.total, money: true },
      { key: 'expense', value: expense.total, money: true },
      { key: 'profit', value: total, money: true },
      { key: 'periods', value: n },
    ],
    checks: [],
    notes: [`${total >= 0 ? 'Profit' : 'Loss'} for the period: ${fmt(Math.abs(total))}.`],
    periods: input.pieces.map(bare),
  };
}

export interface TrialBalanceByPeriodInput {
  from: string;
  to: string;
  interval: Interval;
  pieces: PeriodPiece[];
  /**
   * `GET /accounts?type=all&until=FROM−1`: the balance sheet accounts before the span (empty when nothing can precede
   * it)
   */
  opening: ReportAccount[];
  /** `GET /accounts?type=all&start=piece.from&until=piece.to` for each piece, in order */
  balances: ReportAccount[][];
  /** profit (positive) or loss carried forward from before `from`; null when not asked for */
  carriedForward?: number | null;
  depth?: number;
}

export function trialBalanceByPeriod(input: TrialBalanceByPeriodInput): Report {
  const keys = input.pieces.map((p) => p.key);
  const n = keys.length;
  const money = ['opening', ...keys, 'total'];
  // the opening answer is one more "period" in front, so accounts seen only there are kept
  const found = accountsAcross([input.opening, ...input.balances], (a) => !a.computed && a.type !== null).sort(
    accountOrder,
  );
  let rows: ReportRow[] = [];
  for (const { account, values } of found) {
    const type = account.type!;
    const sign = normalSide(type) === 'debit' ? 1 : -1;
    const row: ReportRow = { kind: 'account', number: account.number, name: account.name, type };
    const closing = isBalanceSheet(type);
    // balance sheet accounts answer their balance at each period's end: the movement is the difference
    let before = closing ? values[0] : 0;
    row.opening = sign * before;
    let moved = 0;
    keys.forEach((k, i) => {
      const movement = closing ? values[i + 1] - before : values[i + 1];
      if (closing) before = values[i + 1];
      row[k] = sign * movement;
      moved += sign * movement;
    });
    row.total = (row.opening as number) + moved;
    if (money.some((k) => row[k] !== 0)) rows.push(row);
  }
  const carried = input.carriedForward ?? 0;
  const computed: ReportRow[] = [];
  if (carried !== 0) {
    // a profit carried forward is owed to the owners: the credit side (negative here)
    const row = carriedForwardRow({ opening: -carried, total: -carried });
    for (const k of keys) row[k] = 0;
    computed.push(row);
  }
  const accountRows = [...rows, ...computed];
  const totals = sumRows(accountRows, money);
  // the summary of the single trial balance: each account's closing on its side
  const sides = sideTotals(accountRows.map((r) => r.total as number));
  if (input.depth !== undefined) rows = rollUp(rows, { depth: input.depth, sum: money });
  rows.push(...computed);
  const gaps = [rows.length];
  rows.push({ kind: 'total', number: null, name: 'Total (debit − credit)', type: null, ...totals });
  for (const row of rows) row.average = mulDivRound((row.total as number) - (row.opening as number), 1, n);
  const unbalanced = ['opening', ...keys].filter((k) => totals[k] !== 0);
  const difference = sides.debitTotal - sides.creditTotal;
  return {
    report: 'trial-balance',
    title:
      `Trial balance ${input.from} to ${input.to}, movements by ${INTERVAL_WORD[input.interval]} (debit ` +
      `+, credit −)`,
    from: input.from,
    to: input.to,
    columns: trialBalanceByPeriodColumns(input.pieces),
    rows,
    gaps,
    summary: [...trialBalanceSummary(sides, carried, unbalanced.length === 0), { key: 'periods', value: n }],
    checks: [
      unbalanced.length === 0
        ? { ok: true, message: `Debits equal credits in every column: ${fmt(sides.debitTotal)} at ${input.to}.` }
        : {
            ok: false,
            message: `Debits and credits differ in ${unbalanced.join(', ')} (total: ${fmt(Math.abs(difference))}).`,
          },
    ],
    notes: [],
    periods: input.pieces.map(bare),
  };
}

export interface BalanceSheetByPeriodInput {
  from: string;
  to: string;
  interval: Interval;
  pieces: PeriodPiece[];
  /** for each piece: `GET /accounts?type=assets&start=<1 January of piece.to's year>&until=piece.to` */
  assets: ReportAccount[][];
  /** the same for `type=liabilities` (with the computed profit/loss rows) */
  liabilities: ReportAccount[][];
  depth?: number;
}

export function balanceSheetByPeriod(input: BalanceSheetByPeriodInput): Report {
  const keys = input.pieces.map((p) => p.key);
  const rows: ReportRow[] = [];
  const gaps: number[] = [];
  const section = (name: 'assets' | 'liabilities', lists: ReportAccount[][], label: string): Record<string, number> => {
    const toRow =
      (kind: 'account' | 'computed') =>
      ({ account, values }: { account: ReportAccount; values: number[] }): ReportRow => {
        const row: ReportRow = {
          kind,
          section: name,
          number: account.number,
          name: account.name,
          type: kind === 'computed' ? null : account.type,
        };
        values.forEach((v, i) => {
          row[keys[i]] = v;
        });
        return row;
      };
    const nonZero = (e: { values: number[] }) => e.values.some((v) => v !== 0);
    const accounts = accountsAcross(lists, (a) => !a.computed)
      .filter(nonZero)
      .sort(accountOrder)
      .map(toRow('account'));
    // computed rows keep the service's order, after the accounts
    const computed = accountsAcross(
      lists.map((l) => l.map((a) => ({ ...a, id: null }))),
      (a) => a.computed === true,
    )
      .filter(nonZero)
      .map(toRow('computed'));
    return pushSection(
      rows,
      [...accounts, ...computed],
      keys,
      { kind: 'subtotal', section: name, number: null, name: label, type: null },
      input.depth,
    );
  };
  const assets = section('assets', input.assets, 'Total assets');
  gaps.push(rows.length);
  const liabilities = section('liabilities', input.liabilities, 'Total liabilities and equity');
  const difference: Record<string, number> = {};
  for (const k of keys) difference[k] = assets[k] - liabilities[k];
  const unbalanced = keys.filter((k) => difference[k] !== 0);
  if (unbalanced.length) {
    gaps.push(rows.length);
    rows.push({
      kind: 'difference',
      section: null,
      number: null,
      name: 'Difference (assets − liabilities and equity)',
      type: null,
      ...difference,
    });
  }
  const last = keys.at(-1);
  const at = (totals: Record<string, number>) => (last === undefined ? 0 : totals[last]);
  return {
    report: 'balance-sheet',
    title: `Balance sheet at the end of each ${INTERVAL_WORD[input.interval]}, ${input.from} to ${input.to}`,
    from: input.from,
    to: input.to,
    columns: balanceSheetByPeriodColumns(input.pieces),
    rows,
    gaps,
    summary: [
      { key: 'assets', value: at(assets), money: true },
      { key: 'liabilities_and_equity', value: at(liabilities), money: true },
      { key: 'difference', value: at(difference), money: true },
      { key: 'balanced', value: unbalanced.length === 0 },
      { key: 'periods', value: keys.length },
    ],
    checks: [
      unbalanced.length === 0
        ? { ok: true, message: `The balance sheet balances at the end of every ${INTERVAL_WORD[input.interval]}.` }
        : { ok: false, message: `The balance sheet does not balance at the end of ${unbalanced.join(', ')}.` },
    ],
    notes: [],
    periods: input.pieces.map(bare),
  };
}
