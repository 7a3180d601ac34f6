// Income statement (Erfolgsrechnung) for a period: the income accounts and the expense accounts with
// their movement within the period, a subtotal each, and the profit or loss.
//
// Input: the accounts of `GET /accounts?start=FROM&until=TO` (income and expense accounts show the
// movement within the period, net of VAT: the service's balances carry the VAT split). Accounts with
// no movement are left out.
import { groupRappen as fmt } from './money.js';
import { byNumber, pushSection } from './section.js';
import type { Report, ReportColumn, ReportAccount, ReportRow } from './types.js';

export const INCOME_STATEMENT_COLUMNS: ReportColumn[] = [
  { key: 'section', table: false },
  { key: 'number', kind: 'int' },
  { key: 'name' },
  { key: 'balance', kind: 'money' },
];

export interface IncomeStatementInput {
  from: string;
  to: string;
  accounts: ReportAccount[];
  /** --depth: accounts rolled up by number prefix (src/reports/depth.ts) */
  depth?: number;
}

export function incomeStatement(input: IncomeStatementInput): Report {
  const rows: ReportRow[] = [];
  const gaps: number[] = [];
  const section = (type: 'income' | 'expense', label: string): number => {
    const accounts = input.accounts.filter((a) => !a.computed && a.type === type && a.balance).sort(byNumber);
    const list: ReportRow[] = accounts.map((a) => ({
      kind: 'account',
      section: type,
      number: a.number,
      name: a.name,
      balance: a.balance,
    }));
    return pushSection(
      rows,
      list,
      ['balance'],
      { kind: 'subtotal', section: type, number: null, name: label },
      input.depth,
    ).balance;
  };
  const income = section('income', 'Total income');
  gaps.push(rows.length);
  const expense = section('expense', 'Total expense');
  const profit = income - expense;
  gaps.push(rows.length);
  rows.push({ kind: 'total', section: null, number: null, name: profit >= 0 ? 'Profit' : 'Loss', balance: profit });
  return {
    report: 'income-statement',
    title: `Income statement ${input.from} to ${input.to}`,
    from: input.from,
    to: input.to,
    columns: INCOME_STATEMENT_COLUMNS,
    rows,
    gaps,
    summary: [
      { key: 'income', value: income, money: true },
      { key: 'expense', value: expense, money: true },
      { key: 'profit', value: profit, money: true },
    ],
    checks: [],
    notes: [`${profit >= 0 ? 'Profit' : 'Loss'} for the period: ${fmt(Math.abs(profit))}.`],
  };
}
