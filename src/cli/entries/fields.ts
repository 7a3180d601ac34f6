// The fields of a booking as the CLI shows and takes them: output columns, list filters and body
// flags, read by the spec and by the verbs with their own runners (list, grouped, get, create, update).
import { ENTRY_TYPES } from '../../api/endpoints/entries.js';
import type { Column } from '../../output/types.js';
import type { BodyField, FilterFlag } from '../resource/spec.js';

const ENTRY_SORTS = [
  'date',
  '-date',
  'sum',
  '-sum',
  'number',
  '-number',
  'id',
  '-id',
  'type',
  '-type',
  'description',
  '-description',
  'created_at',
  '-created_at',
] as const;

export const ENTRY_COLUMNS: Column[] = [
  { key: 'id', kind: 'int', default: false },
  { key: 'date', kind: 'date' },
  { key: 'number' },
  { key: 'description' },
  { key: 'debit_account.number', header: 'debit', kind: 'int' },
  { key: 'credit_account.number', header: 'credit', kind: 'int' },
  { key: 'sum', kind: 'money' },
  { key: 'tax_rate.name', header: 'tax rate' },
  { key: 'type', default: false },
  { key: 'debit_account.name', header: 'debit name', default: false },
  { key: 'credit_account.name', header: 'credit name', default: false },
  { key: 'debit_account_id', kind: 'int', default: false },
  { key: 'credit_account_id', kind: 'int', default: false },
  { key: 'tax_rate_id', kind: 'int', default: false },
  { key: 'customer_id', kind: 'int', default: false },
  { key: 'customer.name', header: 'customer', default: false },
  { key: 'project_id', kind: 'int', default: false },
  { key: 'project.name', header: 'project', default: false },
  { key: 'tags', default: false },
  { key: 'file.name', header: 'receipt', default: false },
  { key: 'billable', kind: 'bool', default: false },
  { key: 'locked', kind: 'bool', default: false },
  { key: 'is_imported', kind: 'bool', header: 'imported', default: false },
  { key: 'is_depreciation', kind: 'bool', header: 'depreciation', default: false },
  { key: 'entry_group_id', kind: 'int', header: 'group', default: false },
  { key: 'invoice_id', kind: 'int', default: false },
  { key: 'sum_formatted', default: false },
  { key: 'date_formatted', default: false },
  { key: 'company_id', kind: 'int', default: false },
  { key: 'user_id', kind: 'int', default: false },
  { key: 'created_at', kind: 'datetime', default: false },
  { key: 'updated_at', kind: 'datetime', default: false },
];

/**
 * `get` (and create and update, which print the record as get does) show more than the list: type, customer, project,
 * tags, receipt and the flags.
 */
const DETAIL = new Set([
  'id',
  'type',
  'customer.name',
  'project.name',
  'tags',
  'file.name',
  'billable',
  'locked',
  'entry_group_id',
]);
export const ENTRY_DETAIL_COLUMNS: Column[] = ENTRY_COLUMNS.map((c) =>
  DETAIL.has(c.key) ? { ...c, default: true } : c,
);

/** `acct entries grouped`: one row per entry group (or ungrouped booking). */
export const GROUPED_COLUMNS: Column[] = [
  { key: 'id', kind: 'int', default: false },
  { key: 'entry_group_id', kind: 'int', header: 'group' },
  { key: 'date', kind: 'date' },
  { key: 'number' },
  { key: 'description' },
  { key: 'type' },
  // a group whose bookings use different accounts has no number: the table shows the combined label
  { key: 'debit_account.number', header: 'debit' },
  { key: 'credit_account.number', header: 'credit' },
  { key: 'sum', kind: 'money' },
  { key: 'debit_account.name', header: 'debit name', default: false },
  { key: 'credit_account.name', header: 'credit name', default: false },
  { key: 'grouped_entries', header: 'entries', kind: 'json', default: false },
  { key: 'file_id', kind: 'int', default: false },
  { key: 'customer_id', kind: 'int', default: false },
  { key: 'project_id', kind: 'int', default: false },
  { key: 'locked', kind: 'bool', default: false },
  { key: 'sumFormatted', default: false },
  { key: 'formatted.date', default: false },
  { key: 'search_string', default: false },
];

export const ENTRY_FILTERS: FilterFlag[] = [
  {
    flag: 'from',
    param: 'from',
    type: 'date',
    description: 'bookings dated on or after this date (YYYY-MM-DD, dd.mm.yyyy, today, +3d …)',
  },
  {
    flag: 'to',
    param: 'to',
    type: 'date',
    description: 'bookings dated on or before this date (YYYY-MM-DD, dd.mm.yyyy, today, +3d …)',
  },
  { flag: 'type', param: 'filter[type]', type: 'enum', choices: ENTRY_TYPES, description: 'income, expense or swap' },
  {
    flag: 'account',
    param: 'filter[account_id]',
    type: 'string',
    ref: 'account',
    description: 'bookings on this account, debit or credit (number, e.g. 1020)',
  },
  {
    flag: 'customer',
    param: 'filter[customer_id]',
    type: 'string',
    ref: 'customer',
    description: 'customer number or exact name; none: without a customer',
  },
  {
    flag: 'project',
    param: 'filter[project_id]',
    type: 'string',
    ref: 'project',
    description: 'project id or exact name; none: without a project',
  },
  {
    flag: 'tax-rate',
    param: 'filter[tax_rate_id]',
    type: 'string',
    ref: 'tax-rate',
    description: 'tax rate id or exact name; none: without a tax rate',
  },
  { flag: 'tag', param: 'filter[tag_id]', type: 'string', ref: 'tag', description: 'tag id or name' },
  {
    flag: 'receipt',
    param: 'filter[receipt]',
    type: 'enum',
    choices: ['with', 'without'],
    description: 'with or without a receipt',
  },
  {
    flag: 'billable',
    param: 'filter[billable]',
    type: 'bool',
    description: 'only billable bookings (--no-billable: only the others)',
    negation: 'only bookings that are not billable',
  },
  {
    flag: 'locked',
    param: 'filter[locked]',
    type: 'bool',
    description: 'only bookings in a closed period (--no-locked: only open ones)',
    negation: 'only bookings in an open period',
  },
  {
    flag: 'invoiced',
    param: 'filter[invoiced]',
    type: 'bool',
    description: 'only bookings linked to an invoice (--no-invoiced: the others)',
    negation: 'only bookings not linked to an invoice',
  },
  { flag: 'id', param: 'filter[id]', type: 'ids', description: 'only these ids (comma-separated)' },
  {
    flag: 'sort',
    param: 'sort',
    type: 'enum',
    choices: ENTRY_SORTS,
    description: 'order (default: newest first); a leading - sorts descending (write --sort=-sum)',
  },
];

export const ENTRY_FIELDS: BodyField[] = [
  {
    flag: 'date',
    key: 'date',
    type: 'date',
    required: true,
    description: 'booking date (YYYY-MM-DD, dd.mm.yyyy, today, +3d …)',
  },
  {
    flag: 'debit',
    key: 'debit_account_id',
    type: 'string',
    ref: 'account',
    required: true,
    description: 'debit account (number, e.g. 1020)',
  },
  {
    flag: 'credit',
    key: 'credit_account_id',
    type: 'string',
    ref: 'account',
    required: true,
    description: 'credit account (number, e.g. 3400)',
  },
  {
    flag: 'sum',
    key: 'sum',
    type: 'decimal',
    required: true,
    description: 'gross amount in CHF, e.g. 1081.00 (acquisition tax: the net purchase)',
  },
  { flag: 'description', key: 'description', type: 'string', description: 'booking text (max 255)' },
  { flag: 'number', key: 'number', type: 'string', description: 'booking number (default: the next E-/A-/U-YYYY-NNN)' },
  {
    flag: 'tax-rate',
    key: 'tax_rate_id',
    type: 'string',
    ref: 'tax-rate',
    description:
      "VAT rate: id, name or percentage (7.7); a name or percentage takes the rate of the booking's date; " +
      'none removes it',
  },
  {
    flag: 'customer',
    key: 'customer_id',
    type: 'string',
    ref: 'customer',
    description: 'customer number or exact name; none removes it',
  },
  {
    flag: 'project',
    key: 'project_id',
    type: 'string',
    ref: 'project',
    description: 'project id or exact name; none removes it',
  },
  {
    flag: 'billable',
    key: 'billable',
    type: 'bool',
    description: 'billable to the customer (expenses with a customer only)',
  },
  { flag: 'group', key: 'entry_group_id', type: 'string', description: 'entry group id; none removes it' },
  {
    flag: 'tags',
    key: 'tag_ids',
    type: 'string',
    description: 'tags by name or id, comma-separated (update: replaces every tag; "" removes all)',
  },
  {
    flag: 'receipt',
    key: 'file',
    type: 'string',
    description: 'attach this file as the receipt (max 6 MB; update: replaces the old one)',
  },
];
