// What the bills' spec and their verbs both read: the columns (`get` shows more of them by default),
// the list's filters and the body fields of create and update.
import { BILL_REFERENCE_TYPES, BILL_STATUSES } from '../../api/endpoints/bills.js';
import type { Column } from '../../output/types.js';
import type { BodyField, FilterFlag } from '../resource/spec.js';

/** Every bill field; `get` shows the ones marked in DETAIL_KEYS too. */
export const BILL_COLUMNS: Column[] = [
  { key: 'id', kind: 'int', default: false },
  { key: 'number', kind: 'code' },
  { key: 'supplier_name', header: 'supplier' },
  { key: 'due_date', header: 'due', kind: 'date' },
  { key: 'amount', kind: 'money', currencyKey: 'currency' },
  { key: 'currency', default: false },
  { key: 'status', kind: 'code' },
  { key: 'reference', kind: 'code' },
  { key: 'reference_type', header: 'reference type', kind: 'code', default: false },
  { key: 'iban', kind: 'code', default: false },
  { key: 'message', default: false },
  { key: 'amount_chf', header: 'amount CHF', kind: 'money', default: false },
  { key: 'bill_date', header: 'bill date', kind: 'date', default: false },
  { key: 'supplier_street', header: 'street', default: false },
  { key: 'supplier_building', header: 'building', default: false },
  { key: 'supplier_zip', header: 'zip', default: false },
  { key: 'supplier_city', header: 'city', default: false },
  { key: 'supplier_country', header: 'country', default: false },
  { key: 'expense_account_id', header: 'expense account id', kind: 'int', default: false },
  { key: 'tax_rate_id', header: 'tax rate id', kind: 'int', default: false },
  { key: 'bank_account_id', header: 'bank account id', kind: 'int', default: false },
  { key: 'expense_entry_id', header: 'expense booking id', kind: 'int', default: false },
  { key: 'payment_entry_id', header: 'payment booking id', kind: 'int', default: false },
  { key: 'paid_at', header: 'paid', kind: 'date', default: false },
  { key: 'payment_message_id', header: 'payment file', kind: 'code', default: false },
  { key: 'file.name', header: 'receipt', default: false },
  { key: 'company_id', kind: 'int', default: false },
  { key: 'created_at', kind: 'datetime', default: false },
  { key: 'updated_at', kind: 'datetime', default: false },
];

export const BILL_FILTERS: FilterFlag[] = [
  {
    flag: 'status',
    param: 'filter[status]',
    type: 'enum',
    choices: BILL_STATUSES,
    description: 'only bills of this status',
  },
  {
    flag: 'due-before',
    param: 'filter[due_before]',
    type: 'date',
    description: 'only bills due on or before this day',
  },
  { flag: 'supplier', param: 'filter[supplier]', type: 'string', description: 'suppliers whose name holds this text' },
  {
    flag: 'search',
    param: 'filter[search]',
    type: 'string',
    description: 'number, supplier, reference or message holding this text',
  },
];

export const BILL_FIELDS: BodyField[] = [
  {
    flag: 'supplier-name',
    key: 'supplier_name',
    type: 'string',
    required: true,
    description: 'the supplier (creditor), at most 70 characters',
  },
  { flag: 'supplier-street', key: 'supplier_street', type: 'string', description: 'its street' },
  { flag: 'supplier-building', key: 'supplier_building', type: 'string', description: 'its building number' },
  { flag: 'supplier-zip', key: 'supplier_zip', type: 'string', required: true, description: 'its postcode' },
  { flag: 'supplier-city', key: 'supplier_city', type: 'string', required: true, description: 'its town' },
  {
    flag: 'supplier-country',
    key: 'supplier_country',
    type: 'string',
    description: 'its country, two letters (default CH)',
  },
  { flag: 'iban', key: 'iban', type: 'string', required: true, description: "the creditor's IBAN or QR-IBAN" },
  {
    flag: 'reference-type',
    key: 'reference_type',
    type: 'enum',
    choices: BILL_REFERENCE_TYPES,
    description: 'QRR (with a QR-IBAN), SCOR or NON (default)',
  },
  {
    flag: 'reference',
    key: 'reference',
    type: 'string',
    description: 'the QR reference (27 digits) or creditor reference (RF…)',
  },
  { flag: 'message', key: 'message', type: 'string', description: 'the unstructured message, at most 140 characters' },
  {
    flag: 'amount',
    key: 'amount',
    type: 'decimal',
    required: true,
    description: 'the amount in its currency, e.g. 1081.00',
  },
  { flag: 'currency', key: 'currency', type: 'enum', choices: ['CHF', 'EUR'], description: 'CHF (default) or EUR' },
  {
    flag: 'amount-chf',
    key: 'amount_chf',
    type: 'decimal',
    description: 'the CHF it is booked with (required for EUR)',
  },
  { flag: 'bill-date', key: 'bill_date', type: 'date', required: true, description: "the bill's date" },
  { flag: 'due-date', key: 'due_date', type: 'date', description: 'due date (default: bill date + the payment term)' },
  {
    flag: 'account',
    key: 'expense_account_id',
    type: 'string',
    ref: 'account',
    required: true,
    description: 'the expense account: number (e.g. 4400) or exact name',
  },
  {
    flag: 'tax-rate',
    key: 'tax_rate_id',
    type: 'string',
    ref: 'tax-rate',
    description: 'the input tax rate: id or exact name (e.g. "Vorsteuer 8.1 %")',
  },
  {
    flag: 'bank-account',
    key: 'bank_account_id',
    type: 'string',
    ref: 'account',
    description: 'the bank account it is paid from: number (default: the primary one)',
  },
  { flag: 'number', key: 'number', type: 'string', description: 'the bill number (default: the next K-YYYY-NNN)' },
];

const DETAIL_KEYS = new Set([
  'reference_type',
  'iban',
  'message',
  'amount_chf',
  'bill_date',
  'supplier_street',
  'supplier_building',
  'supplier_zip',
  'supplier_city',
  'supplier_country',
  'expense_account_id',
  'tax_rate_id',
  'bank_account_id',
  'paid_at',
  'payment_message_id',
  'file.name',
]);

export const detailColumns = (columns: Column[]): Column[] =>
  columns.map((c) => (DETAIL_KEYS.has(c.key) ? { ...c, default: true } : c));
