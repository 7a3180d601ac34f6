// API records → the typed inputs of the report functions. Tolerant of the shapes the API uses
// (numbers or decimal strings, `tax_rate_id` or an embedded `tax_rate`), strict about amounts.
import type { AccountType, ReportAccount, ReportEntry, ReportTaxRate } from './types.js';
import { parsePercent, parseRappen } from './money.js';

type Rec = Record<string, unknown>;

const ACCOUNT_TYPES = new Set(['bank', 'deprecations', 'assets', 'liabilities', 'income', 'expense']);

const intOrNull = (v: unknown): number | null => {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^-?\d+$/.test(v.trim())) return Number(v);
  return null;
};

const idOf = (v: unknown): number | null => (v && typeof v === 'object' ? intOrNull((v as Rec).id) : null);

/** An account of `GET /accounts` (with `balance` when a period was asked for; computed rows too). */
export function toReportAccount(r: Rec): ReportAccount {
  const type = typeof r.type === 'string' && ACCOUNT_TYPES.has(r.type) ? (r.type as AccountType) : null;
  return {
    id: intOrNull(r.id),
    number: intOrNull(r.number),
    name: String(r.name ?? ''),
    type,
    balance: r.balance === undefined || r.balance === null ? null : parseRappen(r.balance),
    computed: r.computed === true,
  };
}

/** A tax rate of `GET /tax-rates`. */
export function toReportTaxRate(r: Rec): ReportTaxRate {
  const saldo = r.saldo_rate === null || r.saldo_rate === undefined ? null : parsePercent(r.saldo_rate);
  const acquisition = r.is_acquisition_tax === true || r.is_acquisition_tax === 1;
  const method =
    r.calculation_method === 'gross' || r.calculation_method === 'net'
      ? r.calculation_method
      : saldo !== null || acquisition
        ? 'gross'
        : 'net';
  return {
    id: Number(r.id),
    name: String(r.name ?? ''),
    rate: r.rate === null || r.rate === undefined ? 0 : parsePercent(r.rate),
    saldoRate: saldo,
    calculationMethod: method,
    isAcquisitionTax: acquisition,
    accountId: intOrNull(r.account_id) ?? idOf(r.account) ?? 0,
    acquisitionAccountId: intOrNull(r.acquisition_account_id) ?? idOf(r.acquisition_account),
    fieldNumber: intOrNull(r.field_number),
  };
}

/** A booking of `GET /entries`. */
export function toReportEntry(r: Rec): ReportEntry {
  return {
    id: Number(r.id),
    number: r.number === null || r.number === undefined ? null : String(r.number),
    date: String(r.date ?? '').slice(0, 10),
    description: r.description === null || r.description === undefined ? null : String(r.description),
    sum: parseRappen(r.sum),
    debitAccountId: intOrNull(r.debit_account_id) ?? idOf(r.debit_account) ?? 0,
    creditAccountId: intOrNull(r.credit_account_id) ?? idOf(r.credit_account) ?? 0,
    taxRateId: intOrNull(r.tax_rate_id) ?? idOf(r.tax_rate),
  };
}
