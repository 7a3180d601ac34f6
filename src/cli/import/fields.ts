// The fields of an imported bank transaction as `acct import` shows and takes them: output columns,
// the list's filters, the update flags, ids as typed, and the two values the CLI derives for display
// (the signed amount and the counter account's label). Read by the spec and by the verbs.
import type { ImportEntryRecord, ImportStatus } from '../../api/endpoints/import-entries.js';
import { rappenToNumber, toRappen } from '../../domain/money.js';
import type { Column } from '../../output/types.js';
import type { BodyField, FilterFlag } from '../resource/spec.js';
import { typedId, typedIds } from '../shared/ids.js';

/** `--status` as a bookkeeper says it → the API's value. */
export const STATUS_WORDS: Readonly<Record<string, ImportStatus>> = {
  open: 'notDeleted',
  ready: 'ready',
  'not-ready': 'notReady',
  deleted: 'deleted',
};

export const IMPORT_COLUMNS: Column[] = [
  { key: 'id', kind: 'int' },
  { key: 'date', kind: 'date' },
  { key: 'amount', kind: 'money' },
  { key: 'counterparty_name', header: 'counterparty' },
  { key: 'description', header: 'text' },
  { key: 'counter_account', header: 'account' },
  { key: 'tax_rate.name', header: 'VAT' },
  { key: 'is_ready', kind: 'bool', header: 'ready' },
  { key: 'invoice.number', header: 'invoice' },
  { key: 'bill_label', header: 'bill' },
  { key: 'rule_label', header: 'rule' },
  // the rest in the API's order (docs/service/import-entries.md)
  { key: 'company_id', kind: 'int', default: false },
  { key: 'user_id', kind: 'int', default: false },
  { key: 'bank_account_id', kind: 'int', default: false },
  { key: 'other_account_id', kind: 'int', default: false },
  { key: 'tax_rate_id', kind: 'int', default: false },
  { key: 'entry_id', kind: 'int', header: 'booking', default: false },
  { key: 'invoice_id', kind: 'int', default: false },
  { key: 'bill_id', kind: 'int', default: false },
  { key: 'file_id', kind: 'int', default: false },
  { key: 'type', default: false },
  { key: 'sum', kind: 'money', default: false },
  { key: 'og_description', header: 'bank text', default: false },
  { key: 'reference', default: false },
  { key: 'ignore', kind: 'bool', default: false },
  { key: 'similarExists', kind: 'bool', header: 'similar', default: false },
  { key: 'date_formatted', default: false },
  { key: 'sum_formatted', default: false },
  { key: 'status', default: false },
  { key: 'counterparty_iban', header: 'counterparty IBAN', default: false },
  { key: 'bank_reference', header: 'bank reference', default: false },
  { key: 'tags', kind: 'json', default: false },
  { key: 'error', default: false },
  { key: 'rule', kind: 'json', default: false },
  { key: 'bank_account.number', header: 'bank account', kind: 'int', default: false },
  { key: 'other_account.number', header: 'account number', kind: 'int', default: false },
  { key: 'other_account.name', header: 'account name', default: false },
  { key: 'file.name', header: 'receipt', default: false },
  { key: 'created_at', kind: 'datetime', default: false },
  { key: 'updated_at', kind: 'datetime', default: false },
];

/** `get` shows more than the list: the bank's own text and references, the status, the receipt, the last refusal. */
const DETAIL = new Set([
  'type',
  'status',
  'ignore',
  'similarExists',
  'og_description',
  'reference',
  'counterparty_iban',
  'bank_account.number',
  'tags',
  'file.name',
  'error',
  'entry_id',
]);
export const DETAIL_COLUMNS: Column[] = IMPORT_COLUMNS.map((c) => (DETAIL.has(c.key) ? { ...c, default: true } : c));

export const IMPORT_FILTERS: FilterFlag[] = [
  {
    flag: 'status',
    param: 'status',
    type: 'enum',
    choices: Object.keys(STATUS_WORDS),
    description: 'open (default: not processed, not deleted), ready, not-ready or deleted',
  },
  {
    flag: 'search',
    param: 'search',
    type: 'string',
    description:
      'text in the description, bank text, reference or counterparty; an amount (1081.50); a date (2026-03-31 or ' +
      '31.03.2026)',
  },
];

export const IMPORT_FIELDS: BodyField[] = [
  {
    flag: 'account',
    key: 'other_account_id',
    type: 'string',
    ref: 'account',
    description: 'counter account (number, e.g. 6500): the entry becomes ready',
  },
  {
    flag: 'tax-rate',
    key: 'tax_rate_id',
    type: 'string',
    ref: 'tax-rate',
    description:
      "VAT rate: id, name or percentage (a name or percentage takes the rate of the transaction's date); " +
      'none removes it',
  },
  { flag: 'description', key: 'description', type: 'string', description: 'booking text (max 255)' },
  {
    flag: 'invoice',
    key: 'invoice_id',
    type: 'string',
    ref: 'invoice',
    description: 'incoming payments: the invoice it pays (number, e.g. R-2026-001); none unlinks it',
  },
  {
    flag: 'bank-account',
    key: 'bank_account_id',
    type: 'string',
    ref: 'account',
    description: 'the bank account it was booked on (number, e.g. 1020)',
  },
];

/** Update fields whose value `none` removes the reference (null). */
export const NULLABLE_FIELDS: ReadonlySet<string> = new Set(['tax_rate_id', 'invoice_id']);

const ID_COLUMN = ' (the id column of acct import list)';

/** An import entry id as typed: 42 or id:42. */
export const importId = (raw: string): number => typedId(raw, 'import entry', ID_COLUMN);

/** Where the ids of import entries are shown, for messages about an id of nothing. */
export const IDS_HINT = ' (acct import list shows the ids)';

/** Distinct ids in the order given. */
export const importIds = (raw: string[]): number[] => typedIds(raw, 'import entry', ID_COLUMN);

const rec = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;

/** The entry's sum signed by its direction (an expense is negative), in Rappen. */
export function signedRappen(entry: ImportEntryRecord): number {
  const rappen = toRappen(entry.sum as number | string) ?? 0;
  return entry.type === 'expense' ? -rappen : rappen;
}

/** "6500 Verwaltungsaufwand", or undefined without one. */
export function accountLabel(account: unknown): string | undefined {
  const a = rec(account);
  return a ? `${String(a.number ?? '')} ${String(a.name ?? '')}`.trim() : undefined;
}

/**
 * The learned rule that filled the entry, as a bookkeeper checks it: the booking it was learned from
 * and what matched, "A-2016-001 (name Bernasconi Maria)"; null when no rule filled it.
 */
export function ruleLabel(entry: ImportEntryRecord): string | null {
  const rule = rec(entry.rule);
  if (!rule) return null;
  const from = rule.entry_number ? String(rule.entry_number) : `import entry ${String(rule.import_entry_id)}`;
  return `${from} (${rule.match === 'iban' ? 'IBAN' : 'name'} ${String(rule.counterparty ?? '')})`;
}

/** "pays bill K-2026-004" for an entry (or a dry run's booking) linked to the supplier bill it pays; null otherwise. */
export function billLabel(entry: ImportEntryRecord): string | null {
  const bill = rec(entry.bill);
  return bill ? `pays bill ${String(bill.number ?? bill.id)}` : null;
}

/**
 * The record as the API gave it, plus `amount` (signed), `counter_account` (number and name, or "(ignored)"),
 * `bill_label` and `rule_label`.
 */
export function forDisplay(entry: ImportEntryRecord): ImportEntryRecord {
  const counter = entry.ignore === true ? '(ignored)' : (accountLabel(entry.other_account) ?? null);
  const amount = rappenToNumber(signedRappen(entry));
  return { ...entry, amount, counter_account: counter, bill_label: billLabel(entry), rule_label: ruleLabel(entry) };
}
