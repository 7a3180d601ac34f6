import { Option, type Command } from 'commander';
import type { Column } from '../../output/types.js';
import { addListFlags, examplesText, lazy } from '../resource/declare.js';
import type { FilterFlag, ResourceSpec } from '../resource/spec.js';

export const ENTRY_SORTS = ['date', '-date', 'sum', '-sum', 'number', '-number', 'id', '-id', 'type', '-type', 'description', '-description', 'created_at', '-created_at'] as const;

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

export const entriesSpec: ResourceSpec = {
  group: 'entries',
  noun: 'booking',
  path: 'entries',
  verbs: ['list', 'get', 'create', 'update', 'delete'],
  columns: ENTRY_COLUMNS,
  filters: [
    { flag: 'from', param: 'from', type: 'date', description: 'bookings dated on or after this date (YYYY-MM-DD or today)' },
    { flag: 'to', param: 'to', type: 'date', description: 'bookings dated on or before this date (YYYY-MM-DD or today)' },
    { flag: 'type', param: 'filter[type]', type: 'enum', choices: ['income', 'expense', 'swap'], description: 'income, expense or swap' },
    { flag: 'account', param: 'filter[account_id]', type: 'string', ref: 'account', description: 'bookings on this account, debit or credit (number, e.g. 1020)' },
    { flag: 'customer', param: 'filter[customer_id]', type: 'string', ref: 'customer', description: 'customer number or exact name; none: without a customer' },
    { flag: 'project', param: 'filter[project_id]', type: 'string', ref: 'project', description: 'project id or exact name; none: without a project' },
    { flag: 'tax-rate', param: 'filter[tax_rate_id]', type: 'string', ref: 'tax-rate', description: 'tax rate id or exact name; none: without a tax rate' },
    { flag: 'tag', param: 'filter[tag_id]', type: 'string', ref: 'tag', description: 'tag id or name' },
    { flag: 'receipt', param: 'filter[receipt]', type: 'enum', choices: ['with', 'without'], description: 'with or without a receipt' },
    { flag: 'billable', param: 'filter[billable]', type: 'bool', description: 'only billable bookings (--no-billable: only the others)' },
    { flag: 'locked', param: 'filter[locked]', type: 'bool', description: 'only bookings in a closed period (--no-locked: only open ones)' },
    { flag: 'invoiced', param: 'filter[invoiced]', type: 'bool', description: 'only bookings linked to an invoice (--no-invoiced: the others)' },
    { flag: 'id', param: 'filter[id]', type: 'ids', description: 'only these ids (comma-separated)' },
    { flag: 'sort', param: 'sort', type: 'enum', choices: ENTRY_SORTS, description: 'order (default: newest first); a leading - sorts descending (write --sort=-sum)' },
  ],
  fields: [
    { flag: 'date', key: 'date', type: 'date', required: true, description: 'booking date (YYYY-MM-DD or today)' },
    { flag: 'debit', key: 'debit_account_id', type: 'string', ref: 'account', required: true, description: 'debit account (number, e.g. 1020)' },
    { flag: 'credit', key: 'credit_account_id', type: 'string', ref: 'account', required: true, description: 'credit account (number, e.g. 3400)' },
    { flag: 'sum', key: 'sum', type: 'decimal', description: 'gross amount in CHF, e.g. 1081.00 (acquisition tax: the net purchase)' },
    { flag: 'description', key: 'description', type: 'string', description: 'booking text (max 255)' },
    { flag: 'number', key: 'number', type: 'string', description: 'booking number (default: the next E-/A-/U-YYYY-NNN)' },
    { flag: 'tax-rate', key: 'tax_rate_id', type: 'string', ref: 'tax-rate', description: 'VAT rate: id or exact name; none removes it' },
    { flag: 'customer', key: 'customer_id', type: 'string', ref: 'customer', description: 'customer number or exact name; none removes it' },
    { flag: 'project', key: 'project_id', type: 'string', ref: 'project', description: 'project id or exact name; none removes it' },
    { flag: 'billable', key: 'billable', type: 'bool', description: 'billable to the customer (expenses with a customer only)' },
    { flag: 'group', key: 'entry_group_id', type: 'string', description: 'entry group id; none removes it' },
    { flag: 'tags', key: 'tag_ids', type: 'string', description: 'tags by name or id, comma-separated (update: replaces every tag; "" removes all)' },
    { flag: 'receipt', key: 'file', type: 'string', description: 'attach this file as the receipt (max 6 MB; update: replaces the old one)' },
  ],
  examples: {
    list: [
      'acct entries list --from 2025-01-01 --to 2025-03-31',
      'acct entries list --account 1020 --type income --all',
      'acct entries list --tax-rate "MWST 8.1 %" --receipt without --sort=-sum',
      'acct entries list --customer 1001 --billable --no-invoiced -o csv > offen.csv',
    ],
    get: ['acct entries get 42', 'acct entries get 42 --json'],
    create: [
      'acct entries create --date today --debit 1020 --credit 3400 --sum 1081.00 --tax-rate "MWST 8.1 %" --description "Beratung März"',
      'acct entries create --date 2025-03-31 --debit 6000 --credit 1020 --sum 2500 --description Miete --tags rent --receipt mietvertrag.pdf',
      'acct entries create --date 2025-04-02 --debit 6570 --credit 1020 --sum 86.45 --tax-rate "Vorsteuer 8.1 %" --new-tag software:blue',
    ],
    update: ['acct entries update 42 --sum 1200.00', 'acct entries update 42 --tax-rate none --tags travel,rent', 'acct entries update 42 --receipt quittung.jpg'],
    delete: ['acct entries delete 42 --yes'],
  },
  extend(group: Command) {
    const byName = (name: string) => group.commands.find((c) => c.name() === name)!;
    byName('list').action(lazy(() => import('./list.js')));
    byName('get').action(lazy(() => import('./get.js')));
    for (const verb of ['create', 'update']) {
      byName(verb)
        .addOption(new Option('--new-tag <name:color>', 'create a tag and attach it (repeatable), e.g. --new-tag software:blue').argParser(collect))
        .action(lazy(() => import('./write.js')));
    }
    addNegations(byName('list'));
    const grouped = addListFlags(group.command('grouped')
      .description('bookings by entry group (one row per group or ungrouped booking); takes the list filters'));
    for (const f of entriesSpec.filters ?? []) grouped.addOption(filterOption(f));
    addNegations(grouped)
      .addHelpText('after', examplesText(['acct entries grouped --from 2025-01-01 --to 2025-12-31', 'acct entries grouped --account 1020 --all --json']))
      .action(lazy(() => import('./list.js')));
    group.command('number')
      .argument('<type>', 'income, expense or swap')
      .description('print the next free booking number of a type and year (or whether --number is free)')
      .option('--year <year>', 'year (default: the current one)')
      .option('--number <n>', 'this running number when it is free, else the next free one')
      .addHelpText('after', examplesText(['acct entries number income', 'acct entries number expense --year 2024', 'acct entries number income --number 7']))
      .action(lazy(() => import('./number.js')));
  },
};

/** The list filters' `--no-…` forms (the generic declaration offers them only for body fields). */
function addNegations(cmd: Command): Command {
  return cmd
    .addOption(new Option('--no-billable', 'only bookings that are not billable'))
    .addOption(new Option('--no-locked', 'only bookings in an open period'))
    .addOption(new Option('--no-invoiced', 'only bookings not linked to an invoice'));
}

function filterOption(f: FilterFlag): Option {
  const arg = f.type === 'bool' ? '' : ` <${f.type === 'enum' ? f.flag : f.type === 'ids' ? 'ids' : 'value'}>`;
  const option = new Option(`--${f.flag}${arg}`, f.description);
  if (f.choices && f.type === 'enum') option.choices(f.choices as string[]);
  return option;
}

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}
