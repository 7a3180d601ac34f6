// Proposals and invoices as the CLI shows and takes them: what sets the two kinds apart, the output
// columns, the list filters and the body flags. Read by the declarations (cheap) and by the verbs.
import type { DocumentKind } from '../../api/endpoints/documents.js';
import type { Column } from '../../output/types.js';
import type { BodyField, FilterFlag } from '../resource/spec.js';

export interface KindFacts {
  kind: DocumentKind;
  noun: 'proposal' | 'invoice';
  /** the due date: valid_until or payable_until */
  due: 'valid_until' | 'payable_until';
  /** the words `list --status` takes (comma-separated for several) */
  listStatuses: readonly string[];
  /** the targets of mark-as */
  targets: readonly string[];
  /** a number for the examples */
  sample: string;
}

export const KINDS: Readonly<Record<DocumentKind, KindFacts>> = {
  proposals: {
    kind: 'proposals',
    noun: 'proposal',
    due: 'valid_until',
    sample: 'O-2026-001',
    listStatuses: ['open', 'sent', 'accepted', 'declined', 'confirmation', 'overdue', 'all'],
    targets: ['open', 'sent', 'accepted', 'declined', 'confirmation'],
  },
  invoices: {
    kind: 'invoices',
    noun: 'invoice',
    due: 'payable_until',
    sample: 'R-2026-004',
    listStatuses: [
      'open',
      'sent',
      'paid',
      'reminder_one',
      'reminder_two',
      'reminder_three',
      'unpaid',
      'overdue',
      'reminder',
      'all',
    ],
    targets: ['open', 'sent', 'paid', 'reminder_one', 'reminder_two', 'reminder_three', 'unpaid', 'undo_reminder_one'],
  },
};

/** A flag value with its place on the command line, so positions keep the order given across flags. */
export interface Ordered<T = string> {
  seq: number;
  value: T;
}

const dueHeader = (k: KindFacts) => k.due.replace('_', ' ');

/** The list: one row per document. */
export const listColumns = (k: KindFacts): Column[] => [
  { key: 'id', kind: 'int', default: false },
  { key: 'number' },
  { key: 'date', kind: 'date' },
  { key: k.due, header: dueHeader(k), kind: 'date' },
  { key: 'customer.name', header: 'customer' },
  { key: 'generated_title', header: 'title' },
  { key: 'status' },
  // documents of several currencies: each total says its own (tsv and csv have the currency column)
  { key: 'final_value', header: 'total', kind: 'money', currencyKey: 'currency' },
  { key: 'overdue', kind: 'bool' },
  { key: 'currency', default: false },
  { key: 'title', header: 'own title', default: false },
  { key: 'final_value_formatted', default: false },
  { key: 'customer_id', kind: 'int', default: false },
  { key: 'project_id', kind: 'int', default: false },
  { key: 'created_at', kind: 'datetime', default: false },
  { key: 'updated_at', kind: 'datetime', default: false },
];

/** One document as tsv, csv or `--fields` show it (a table without --fields shows the document itself). */
export const detailColumns = (k: KindFacts): Column[] => [
  { key: 'id', kind: 'int' },
  { key: 'number' },
  { key: 'generated_title', header: 'title' },
  { key: 'status' },
  { key: 'date', kind: 'date' },
  { key: k.due, header: dueHeader(k), kind: 'date' },
  { key: 'customer_id', kind: 'int' },
  { key: 'customer.name', header: 'customer' },
  { key: 'contact.name', header: 'contact' },
  { key: 'project.name', header: 'project' },
  { key: 'tax_rate.name', header: 'tax rate' },
  { key: 'currency' },
  { key: 'total_value', header: 'subtotal', kind: 'money' },
  { key: 'discount_rate', header: 'discount %', kind: 'number' },
  { key: 'discount_amount', header: 'discount', kind: 'money' },
  { key: 'total_value_with_discount', header: 'net', kind: 'money' },
  { key: 'vat_amount', header: 'vat', kind: 'money' },
  { key: 'total_value_with_vat', header: 'with vat', kind: 'money' },
  { key: 'rounding_difference', header: 'rounding', kind: 'money' },
  // documents of several currencies: each total says its own (tsv and csv have the currency column)
  { key: 'final_value', header: 'total', kind: 'money', currencyKey: 'currency' },
  { key: 'overdue', kind: 'bool' },
  ...(k.noun === 'invoice'
    ? ([
        { key: 'proposal_id', kind: 'int' },
        { key: 'reminder_due_date', header: 'reminder due', kind: 'date' },
        { key: 'paid_at', header: 'paid', kind: 'date' },
        { key: 'entry_id', header: 'payment booking', kind: 'int' },
        { key: 'receivable_entry_id', header: 'receivable booking', kind: 'int' },
        { key: 'bank_account.number', header: 'bank account' },
        { key: 'income_account_id', kind: 'int', default: false },
        { key: 'repeat', kind: 'bool', default: false },
        { key: 'repeat_interval', default: false },
        { key: 'repeat_stop_at', kind: 'date', default: false },
        { key: 'time_ids', kind: 'json', default: false },
        { key: 'entry_ids', kind: 'json', default: false },
        { key: 'reference', default: false },
        { key: 'qr_reference', default: false },
      ] satisfies Column[])
    : ([
        // the answer that decided it (get reads it from the activities): the customer's name through the link
        { key: 'answered_by', header: 'answered by' },
        { key: 'answered_at', header: 'answered' },
        { key: 'answer_comment', header: 'comment' },
        { key: 'invoices', kind: 'json', default: false },
        { key: 'with_signature', kind: 'bool', default: false },
      ] satisfies Column[])),
  { key: 'title', header: 'own title', default: false },
  { key: 'lang', default: false },
  { key: 'vat_included', kind: 'bool', default: false },
  { key: 'add_rounding_difference', header: 'rounding on', kind: 'bool', default: false },
  { key: 'remarks_top', default: false },
  { key: 'remarks', default: false },
  { key: 'positions', kind: 'json', default: false },
  { key: 'attachments', kind: 'json', default: false },
  { key: 'contact_id', kind: 'int', default: false },
  { key: 'project_id', kind: 'int', default: false },
  { key: 'tax_rate_id', kind: 'int', default: false },
  { key: 'payableDays', header: 'days', kind: 'int', default: false },
  { key: 'is_shared', kind: 'bool', default: false },
  { key: 'created_at', kind: 'datetime', default: false },
  { key: 'updated_at', kind: 'datetime', default: false },
];

export const positionColumns = (k: KindFacts): Column[] => [
  { key: 'id', kind: 'int' },
  { key: 'type' },
  { key: 'description' },
  { key: 'amount', header: 'quantity', kind: 'number' },
  { key: 'unit' },
  { key: 'price', kind: 'money' },
  { key: 'discount_amount', header: 'discount', kind: 'number' },
  { key: 'sum', kind: 'money' },
  { key: 'parent_id', header: 'in', kind: 'int' },
  ...(k.noun === 'invoice' ? [{ key: 'date', kind: 'date' } satisfies Column] : []),
  { key: 'title', default: false },
  { key: 'discount_type', header: 'discount type', default: false },
  { key: 'order', kind: 'int', default: false },
];

export const ACTIVITY_COLUMNS: Column[] = [
  { key: 'time' },
  { key: 'message' },
  { key: 'color', default: false },
  { key: 'date', default: false },
];

export const FILE_COLUMNS: Column[] = [
  { key: 'id', kind: 'int' },
  { key: 'name' },
  { key: 'size', kind: 'int' },
  { key: 'mime' },
  { key: 'url', default: false },
];

export const documentFilters = (k: KindFacts): FilterFlag[] => [
  {
    flag: 'status',
    param: 'filter[status]',
    type: 'string',
    description: `${k.listStatuses.join(', ')} (comma-separated for several)`,
  },
  {
    flag: 'customer',
    param: 'filter[customer_id]',
    type: 'string',
    ref: 'customer',
    description: 'customer number or exact name',
  },
  {
    flag: 'project',
    param: 'filter[project_id]',
    type: 'string',
    ref: 'project',
    description: 'project id or exact name',
  },
  {
    flag: 'from',
    param: 'from',
    type: 'date',
    description: 'dated on or after this day (YYYY-MM-DD, dd.mm.yyyy, today, +3d …)',
  },
  {
    flag: 'to',
    param: 'to',
    type: 'date',
    description: 'dated on or before this day (YYYY-MM-DD, dd.mm.yyyy, today, +3d …)',
  },
  { flag: 'number', param: 'filter[number]', type: 'string', description: 'numbers containing this text, e.g. 2026-0' },
  { flag: 'id', param: 'filter[id]', type: 'ids', description: 'only these ids (comma-separated)' },
  ...(k.noun === 'invoice'
    ? ([
        {
          flag: 'proposal',
          param: 'filter[proposal_id]',
          type: 'string',
          ref: 'proposal',
          description: 'invoices of this proposal (number or id)',
        },
        {
          flag: 'repeat',
          param: 'filter[repeat]',
          type: 'bool',
          description: 'only recurring invoices (--no-repeat: the others)',
          negation: 'only invoices that do not recur',
        },
      ] satisfies FilterFlag[])
    : ([
        {
          flag: 'shared',
          param: 'filter[is_shared]',
          type: 'bool',
          description: 'only proposals whose public link is on (--no-shared: the others)',
          negation: 'only proposals without a public link',
        },
      ] satisfies FilterFlag[])),
];

const sharedFields = (k: KindFacts): BodyField[] => [
  {
    flag: 'customer',
    key: 'customer_id',
    type: 'string',
    ref: 'customer',
    required: true,
    description: 'customer number or exact name',
  },
  {
    flag: 'contact',
    key: 'contact_id',
    type: 'string',
    ref: 'contact',
    description: 'contact person of the customer: id or exact name; none removes it',
  },
  {
    flag: 'project',
    key: 'project_id',
    type: 'string',
    ref: 'project',
    description: 'project id or exact name; none removes it',
  },
  {
    flag: 'tax-rate',
    key: 'tax_rate_id',
    type: 'string',
    ref: 'tax-rate',
    description:
      `VAT rate: id, name or percentage (a name or percentage takes the rate of the document's date); ` +
      `none: without VAT${k.noun === 'invoice' ? " (default: the customer's)" : ''}`,
  },
  {
    flag: 'title',
    key: 'title',
    type: 'string',
    description: `title (default: "${k.noun === 'invoice' ? 'Rechnung' : 'Offerte'} <number>" in the language)`,
  },
  {
    flag: 'lang',
    key: 'lang',
    type: 'enum',
    choices: ['de', 'en', 'fr', 'it'],
    description: 'language of the document (default de)',
  },
  {
    flag: 'date',
    key: 'date',
    type: 'date',
    description: 'document date (YYYY-MM-DD, dd.mm.yyyy, today, +3d …; default today)',
  },
  k.noun === 'invoice'
    ? {
        flag: 'payable-until',
        key: 'payable_until',
        type: 'date',
        description: "due date (default: the date plus the company's payment term)",
      }
    : {
        flag: 'valid-until',
        key: 'valid_until',
        type: 'date',
        description: 'valid until (default: the date plus 14 days)',
      },
  {
    flag: 'discount',
    key: 'discount_rate',
    type: 'decimal',
    description: 'discount on the whole document in percent, e.g. 2',
  },
  {
    flag: 'currency',
    key: 'currency',
    type: 'enum',
    choices: ['CHF', 'EUR', 'USD', 'GBP'],
    description: 'currency (default CHF)',
  },
  {
    flag: 'vat-included',
    key: 'vat_included',
    type: 'bool',
    description: 'prices include VAT (default: VAT comes on top)',
  },
  { flag: 'rounding', key: 'add_rounding_difference', type: 'bool', description: 'round the total to 0.05' },
  { flag: 'remarks', key: 'remarks', type: 'string', description: 'text below the positions' },
  { flag: 'remarks-top', key: 'remarks_top', type: 'string', description: 'text above the positions' },
  {
    flag: 'number',
    key: 'number',
    type: 'string',
    description: `number (default: the next free ${k.sample.slice(0, 7)}NNN)`,
  },
];

const invoiceFields: BodyField[] = [
  {
    flag: 'bank-account',
    key: 'bank_account_id',
    type: 'string',
    ref: 'account',
    description: 'bank account for the QR-bill, by number (default: the primary one)',
  },
  {
    flag: 'income-account',
    key: 'income_account_id',
    type: 'string',
    ref: 'account',
    description: 'revenue account, by number (default 3400)',
  },
  {
    flag: 'proposal',
    key: 'proposal_id',
    type: 'string',
    ref: 'proposal',
    description: 'the proposal this invoice comes from (number or id); none removes it',
  },
  {
    flag: 'repeat',
    key: 'repeat_interval',
    type: 'enum',
    choices: ['monthly', 'quarterly', 'yearly', 'none'],
    description: 'recur monthly, quarterly or yearly (business plan); none stops it',
  },
  { flag: 'repeat-until', key: 'repeat_stop_at', type: 'date', description: 'last day a recurring copy is made' },
];

export const documentBodyFields = (k: KindFacts): BodyField[] => [
  ...sharedFields(k),
  ...(k.noun === 'invoice' ? invoiceFields : []),
];

/** References whose value `none` means "remove it" (null). */
export const NULLABLE_REFS: ReadonlySet<string> = new Set(['contact_id', 'project_id', 'tax_rate_id', 'proposal_id']);
