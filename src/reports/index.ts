// The reports as pure functions: API data in, a report value out (rendered by src/cli/report/).
export type {
  Report,
  ReportAccount,
  ReportCheck,
  ReportColumn,
  ReportEntry,
  ReportRow,
  ReportTaxRate,
  RowKind,
  SummaryItem,
} from './types.js';
export { parsePercent, parseRappen, parseScaled, rappenToDecimal, groupRappen } from './money.js';
export { toReportAccount, toReportEntry, toReportTaxRate } from './input.js';
export {
  parsePeriod,
  PeriodError,
  PERIOD_FORMS,
  periodOf,
  splitPeriod,
  yearEnd,
  yearStart,
  type Interval,
  type Period,
  type PeriodPiece,
} from './period.js';
export { trialBalance, trialBalanceDifference, CARRIED_FORWARD_NAME, TRIAL_BALANCE_COLUMNS } from './trial-balance.js';
export { balanceSheet, BALANCE_SHEET_COLUMNS } from './balance-sheet.js';
export { incomeStatement, INCOME_STATEMENT_COLUMNS } from './income-statement.js';
export { ledger, openingStart, LEDGER_COLUMNS } from './ledger.js';
export { vatReturn, BOX_LABELS, VAT_COLUMNS } from './vat.js';
// the output box of a rate by its percentage and the booking date (undefined: none of the Swiss rates then)
export { outputBoxOn as outputBoxByRate } from '../domain/vat-rates.js';
export { Chart } from './postings.js';
export { rollUp } from './depth.js';
export {
  balanceSheetByPeriod,
  balanceSheetByPeriodColumns,
  incomeStatementByPeriod,
  incomeStatementByPeriodColumns,
  trialBalanceByPeriod,
  trialBalanceByPeriodColumns,
} from './by-period.js';
