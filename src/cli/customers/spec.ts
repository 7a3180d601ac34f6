import { Option } from 'commander';
import { customerPaths } from '../../api/endpoints/customers.js';
import { UsageError } from '../../errors.js';
import type { Column } from '../../output/types.js';
import { examplesText } from '../resource/declare.js';
import { lazy } from '../verb.js';
import type { ResourceSpec } from '../resource/spec.js';
import { declarePipeline } from '../pipeline/declare.js';

/** Every customer field; `get` shows more of them by default than `list` (see DETAIL_KEYS). */
const CUSTOMER_COLUMNS: Column[] = [
  { key: 'id', kind: 'int' },
  { key: 'number', kind: 'int' },
  { key: 'name' },
  { key: 'city' },
  { key: 'email' },
  // per currency: the spec's open_invoice_sum adds CHF and EUR into one figure
  { key: 'open_invoice_sums', header: 'open invoices', kind: 'sums' },
  { key: 'open_times_sum.readable', header: 'open time' },
  { key: 'open_expenses_sum.sum', header: 'open expenses', kind: 'money' },
  { key: 'archived', kind: 'bool' },
  { key: 'care_of', header: 'care of', default: false },
  { key: 'po_box', header: 'po box', default: false },
  { key: 'department', default: false },
  { key: 'street', default: false },
  { key: 'zip', default: false },
  { key: 'country', default: false },
  { key: 'website', default: false },
  { key: 'phone', default: false },
  { key: 'default_hourly_rate', header: 'hourly rate', kind: 'money', default: false },
  { key: 'invoice_address', header: 'invoice address', default: false },
  { key: 'tax_rate_id', header: 'tax rate id', kind: 'int', default: false },
  { key: 'tax_rate.name', header: 'tax rate', default: false },
  { key: 'contacts', default: false },
  { key: 'active_projects', header: 'active projects', default: false },
  { key: 'proposals', default: false },
  { key: 'invoices', default: false },
  { key: 'open_expenses_sum.formatted', header: 'open expenses (formatted)', default: false },
  { key: 'open_times_sum.totalMinutes', header: 'open minutes', kind: 'int', default: false },
  { key: 'open_invoice_sum', header: 'open invoices (all currencies)', kind: 'money', default: false },
  { key: 'company_id', kind: 'int', default: false },
  { key: 'user_id', kind: 'int', default: false },
  { key: 'created_at', kind: 'datetime', default: false },
  { key: 'updated_at', kind: 'datetime', default: false },
];

/** Shown by `acct customers get` without --fields: the address, the rate, the tax rate and the people. */
const DETAIL_KEYS = new Set([
  'care_of',
  'po_box',
  'department',
  'street',
  'zip',
  'country',
  'website',
  'phone',
  'default_hourly_rate',
  'invoice_address',
  'tax_rate.name',
  'contacts',
  'active_projects',
]);
const CUSTOMER_DETAIL_COLUMNS: Column[] = CUSTOMER_COLUMNS.map((c) =>
  DETAIL_KEYS.has(c.key) ? { ...c, default: true } : c,
);

export const customersSpec: ResourceSpec = {
  group: 'customers',
  noun: 'customer',
  paths: customerPaths,
  verbs: ['list', 'get', 'create', 'update', 'delete'],
  columns: CUSTOMER_COLUMNS,
  filters: [
    { flag: 'name', param: 'filter[name]', type: 'string', description: 'names containing this text' },
    { flag: 'id', param: 'filter[id]', type: 'ids', description: 'only these internal ids (comma-separated)' },
    {
      flag: 'archived',
      param: 'filter[archived]',
      type: 'bool',
      description: 'only archived customers (--no-archived: only active ones)',
      negation: 'only active customers',
    },
    {
      flag: 'expenses',
      param: 'filter[expenses]',
      type: 'bool',
      description: 'only customers with open billable expenses (--no-expenses: without)',
      negation: 'only customers without open billable expenses',
    },
    {
      flag: 'times',
      param: 'filter[times]',
      type: 'int',
      description: 'open time in minutes: 0 none, 1 any, N more than N',
    },
    {
      flag: 'include',
      param: 'include',
      type: 'string',
      description: 'embed contacts and/or taxRate (comma-separated)',
    },
  ],
  fields: [
    { flag: 'name', key: 'name', type: 'string', required: true, description: 'customer name' },
    { flag: 'number', key: 'number', type: 'int', description: 'customer number (default: the next free one)' },
    { flag: 'care-of', key: 'care_of', type: 'string', description: 'c/o line' },
    { flag: 'po-box', key: 'po_box', type: 'string', description: 'post office box' },
    { flag: 'department', key: 'department', type: 'string', description: 'department' },
    { flag: 'street', key: 'street', type: 'string', description: 'street and number' },
    { flag: 'zip', key: 'zip', type: 'string', description: 'postcode' },
    { flag: 'city', key: 'city', type: 'string', description: 'town' },
    { flag: 'country', key: 'country', type: 'string', description: 'country, e.g. CH' },
    { flag: 'website', key: 'website', type: 'string', description: 'website (http:// or https://)' },
    { flag: 'phone', key: 'phone', type: 'string', description: 'phone number' },
    { flag: 'email', key: 'email', type: 'string', description: 'e-mail address' },
    {
      flag: 'default-hourly-rate',
      key: 'default_hourly_rate',
      type: 'decimal',
      description: 'default hourly rate in CHF, e.g. 120.50',
    },
    {
      flag: 'invoice-address',
      key: 'invoice_address',
      type: 'string',
      description: 'separate billing address (lines separated by newlines)',
    },
    {
      flag: 'tax-rate',
      key: 'tax_rate_id',
      type: 'string',
      ref: 'tax-rate',
      description: 'default tax rate: id or exact name',
    },
    {
      flag: 'contact-name',
      key: 'contact_name',
      type: 'string',
      description: 'create only: name of the primary contact person',
    },
    { flag: 'archived', key: 'archived', type: 'bool', description: 'archive the customer' },
  ],
  lookup: { param: 'filter[name]', nameKey: 'name' },
  refKind: 'customer',
  bulk: { archive: { method: 'PUT', key: 'archived' }, delete: true },
  examples: {
    list: [
      'acct customers list',
      'acct customers list --name muster --no-archived',
      'acct customers list --times 1 --fields number,name,open_times_sum.readable',
      'acct customers list --expenses --all -o csv > offen.csv',
    ],
    get: [
      'acct customers get 1001',
      'acct customers get "Muster AG" --json',
      'acct customers get id:7 --include invoices,proposals --json',
    ],
    create: [
      'acct customers create --name "Muster AG" --street "Bahnhofstrasse 1" --zip 8001 --city Zürich --contact-name ' +
        '"Anna Muster"',
      'acct customers create --name "Beispiel GmbH" --number 2001 --default-hourly-rate 120.50 --tax-rate "MWST 8.1 %"',
    ],
    update: [
      'acct customers update 1001 --email info@muster.ch --default-hourly-rate 135',
      'acct customers update "Muster AG" --city Bern',
    ],
    delete: ['acct customers delete 1001 --yes'],
    archive: ['acct customers archive 1001 "Beispiel GmbH"'],
    unarchive: ['acct customers unarchive 1001'],
    'bulk-delete': ['acct customers bulk-delete 1001 1002 id:17 --yes'],
  },
  setup: {
    // the single read embeds the tax rate, the contacts and the active projects, shown with the address fields
    get: {
      options: [
        new Option(
          '--include <relations>',
          'relations to embed: taxRate, contacts, proposals, invoices, activeProjects (default: ' +
            'taxRate,contacts,activeProjects)',
        ),
      ],
      include: 'taxRate,contacts,activeProjects',
      columns: CUSTOMER_DETAIL_COLUMNS,
    },
    update: {
      // the API makes a contact only when it creates the customer; an update would ignore the name silently
      preAction: (cmd) => {
        if (cmd.opts().contactName !== undefined)
          throw new UsageError('--contact-name works only with create; change contacts with "acct contacts update"');
      },
    },
  },
  extend(group) {
    group
      .command('statistics')
      .alias('stats')
      .argument('<customer>', 'customer number, exact name or id:N')
      .description('income, expenses, profit and tracked hours of a customer')
      .addHelpText(
        'after',
        examplesText(['acct customers statistics 1001', 'acct customers statistics "Muster AG" --json']),
      )
      .action(lazy(() => import('./statistics.js')));
    group
      .command('number')
      .description('print the next free customer number')
      .addHelpText(
        'after',
        examplesText([
          'acct customers number',
          'acct customers create --name "Neu AG" --number "$(acct customers number)"',
        ]),
      )
      .action(lazy(() => import('./number.js')));
    declarePipeline(group, {
      what: 'customers',
      map: async () => (await import('./csv.js')).customersCsv,
      filters: customersSpec.filters!.filter((f) => f.flag !== 'include'),
      viaApi: {
        action: lazy(() => import('./import.js')),
        help: `the columns of the API's customer import: name (required), number, care_of, po_box,
department, street, zip, city, country, website, phone, email, default_hourly_rate, invoice_address,
archived, tax_rate_id, contact_name; ",", ";" or tab; UTF-8 or Windows-1252. A row whose number belongs
to an existing customer updates it (empty cells leave fields unchanged). Rows with errors are skipped
and listed on stderr; exit 0 unless --strict.`,
      },
      examples: { import: ['acct customers import kunden.csv --via-api --strict'] },
    });
  },
};
