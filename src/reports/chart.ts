// The chart of `acct report chart`: figures per period as series, ready for a bar renderer
// (src/output/bar-chart.ts for the terminal, src/output/svg-chart.ts for a file).
//
// Input: for each period, the accounts of `GET /accounts?type=all&start=FROM&until=TO`. Revenue,
// expenses and profit are the income statement's own totals for that period (incomeStatement's
// summary), so the chart never disagrees with `acct report income-statement`. Chosen accounts show
// the service's balance for the period: the movement within it for income and expense accounts, the
// closing balance at its end for balance sheet accounts. Amounts are integer Rappen.
import { groupRappen } from '../domain/money.js';
import { incomeStatement } from './income-statement.js';
import { bare, INTERVAL_WORD, type Interval, type PeriodPiece } from './period.js';
import type { ReportAccount } from './types.js';

/** One line of bars: what a legend names. */
export interface ChartSeries {
  /** revenue, expenses, profit, or account_3400: the TSV/CSV/JSON column name */
  key: string;
  /** Revenue, Expenses, Profit, or "3400 Dienstleistungserlöse" */
  label: string;
  /** what a profit series stands for (a renderer's fixed colour); chosen accounts have none */
  role?: ProfitRole;
}

export type ProfitRole = 'revenue' | 'expenses' | 'profit';

/** One period's figures, one per series, in Rappen. */
export interface ChartGroup extends PeriodPiece {
  values: number[];
}

export interface ChartData {
  title: string;
  series: ChartSeries[];
  groups: ChartGroup[];
}

/** A period and the accounts with their balances for it. */
export interface PeriodAccounts extends PeriodPiece {
  accounts: ReportAccount[];
}

export const PROFIT_SERIES: ChartSeries[] = [
  { key: 'revenue', label: 'Revenue', role: 'revenue' },
  { key: 'expenses', label: 'Expenses', role: 'expenses' },
  { key: 'profit', label: 'Profit', role: 'profit' },
];

/**
 * What both renderers scale by: each value in Swiss format (by group, then series), the largest positive value and the
 * largest negative one's size (0 when none).
 */
export function chartExtent(chart: ChartData): { amounts: string[][]; maxPositive: number; maxNegative: number } {
  const values = chart.groups.flatMap((g) => g.values);
  return {
    amounts: chart.groups.map((g) => g.values.map(groupRappen)),
    maxPositive: Math.max(0, ...values),
    maxNegative: Math.max(0, ...values.map((v) => -v)),
  };
}

const span = (periods: PeriodAccounts[]) =>
  periods.length ? `${periods[0].from} to ${periods[periods.length - 1].to}` : '';

/** Revenue, expenses and profit per period: the income statement's totals of each period. */
export function profitChart(periods: PeriodAccounts[], interval: Interval): ChartData {
  return {
    title: `Revenue, expenses and profit by ${INTERVAL_WORD[interval]}, ${span(periods)}`,
    series: PROFIT_SERIES,
    groups: periods.map((p) => {
      const summary = incomeStatement({ from: p.from, to: p.to, accounts: p.accounts }).summary;
      const total = (key: string) => summary.find((s) => s.key === key)!.value as number;
      return { ...bare(p), values: [total('income'), total('expense'), total('profit')] };
    }),
  };
}

/**
 * The series key of an account: `account_3400`, not the bare number, since a JSON object puts keys
 * that look like integers before all others (the period would come last).
 */
export const accountSeriesKey = (number: number): string => `account_${number}`;

/** The numbers of `numbers` that are no account of the chart (computed rows have no number). */
export function unknownAccounts(accounts: ReportAccount[], numbers: number[]): number[] {
  const known = new Set(accounts.filter((a) => !a.computed).map((a) => a.number));
  return numbers.filter((n) => !known.has(n));
}

/** Account numbers asked for that the chart of accounts lacks. */
export class UnknownAccountsError extends Error {
  constructor(readonly numbers: number[]) {
    super(`no account ${numbers.join(', ')} in the chart of accounts`);
    this.name = 'UnknownAccountsError';
  }
}

/**
 * The balances of the accounts `numbers` per period, one series per account, in the order given; UnknownAccountsError
 * when the chart lacks one.
 */
export function accountChart(periods: PeriodAccounts[], numbers: number[], interval: Interval): ChartData {
  const first = periods[0]?.accounts ?? [];
  const missing = unknownAccounts(first, numbers);
  if (missing.length) throw new UnknownAccountsError(missing);
  const byNumber = (accounts: ReportAccount[], n: number) => accounts.find((a) => !a.computed && a.number === n);
  return {
    title:
      `${numbers.length === 1 ? 'Account' : 'Accounts'} ${numbers.join(', ')} by ${INTERVAL_WORD[interval]}, ` +
      `${span(periods)}`,
    series: numbers.map((n) => ({ key: accountSeriesKey(n), label: `${n} ${byNumber(first, n)!.name}`.trim() })),
    groups: periods.map((p) => ({ ...bare(p), values: numbers.map((n) => byNumber(p.accounts, n)?.balance ?? 0) })),
  };
}
