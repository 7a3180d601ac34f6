// The report value: what a pure report function returns and the renderer shows. hledger-style: data →
// report value → rendering (src/cli/report/render.ts turns it into table, TSV, CSV, JSON or ndjson).
// Money in a report is integer Rappen; dates are YYYY-MM-DD.
import type { AccountType } from '../domain/vat.js';

export type { AccountType } from '../domain/vat.js';

/** How a row takes part in the report; TSV/CSV/JSON carry it as `kind` so scripts can filter. */
export type RowKind =
  | 'account'
  | 'group'
  | 'computed'
  | 'opening'
  | 'posting'
  | 'closing'
  | 'subtotal'
  | 'total'
  | 'difference'
  | 'box';

export interface ReportColumn {
  key: string;
  header?: string;
  kind?: 'text' | 'int' | 'money' | 'date';
  /** shown without --fields (default true) */
  default?: boolean;
  /** false: shown by default everywhere but on the table (where blank lines and subtotals already show it) */
  table?: boolean;
}

export type Cell = string | number | boolean | null;

export interface ReportRow {
  kind: RowKind;
  /** cells by column key; money cells are Rappen */
  [key: string]: Cell | undefined;
}

export interface SummaryItem {
  key: string;
  value: number | string | boolean | null;
  /** the value is Rappen */
  money?: boolean;
}

export interface ReportCheck {
  ok: boolean;
  message: string;
}

export interface Report {
  /** trial-balance, balance-sheet, income-statement, ledger, vat */
  report: string;
  title: string;
  from: string | null;
  to: string;
  columns: ReportColumn[];
  rows: ReportRow[];
  /** indexes of rows the table separates from the one before by a blank line */
  gaps: number[];
  summary: SummaryItem[];
  /** statements the report makes about itself (balanced, debits = credits …) */
  checks: ReportCheck[];
  /** things a bookkeeper should know that are not an imbalance (bookings left out …) */
  notes: string[];
  /** a report with a column per period: the periods, in column order (a column's key is the period's key) */
  periods?: Array<{ key: string; label: string; from: string; to: string }>;
}

/** An account as the reports read it (`balance` in Rappen when the API computed one). */
export interface ReportAccount {
  id: number | null;
  number: number | null;
  name: string;
  type: AccountType | null;
  balance: number | null;
  /** the computed profit/loss rows of `?type=liabilities` */
  computed?: boolean;
}

export interface ReportTaxRate {
  id: number;
  name: string;
  /** hundredths of a percent */
  rate: number;
  saldoRate: number | null;
  calculationMethod: 'net' | 'gross';
  isAcquisitionTax: boolean;
  accountId: number;
  acquisitionAccountId: number | null;
  fieldNumber: number | null;
}

export interface ReportEntry {
  id: number;
  number: string | null;
  date: string;
  description: string | null;
  /** Rappen: gross, or net for acquisition tax */
  sum: number;
  debitAccountId: number;
  creditAccountId: number;
  taxRateId: number | null;
}
