import { Option } from 'commander';
import { contactPaths } from '../../api/endpoints/contacts.js';
import type { ResourceSpec } from '../resource/spec.js';
import { declarePipeline } from '../pipeline/declare.js';

export const contactsSpec: ResourceSpec = {
  group: 'contacts',
  noun: 'contact',
  paths: contactPaths,
  verbs: ['list', 'get', 'update', 'delete'],
  columns: [
    { key: 'id', kind: 'int' },
    { key: 'name' },
    { key: 'email' },
    { key: 'phone' },
    { key: 'is_primary', header: 'primary', kind: 'bool' },
    { key: 'archived', kind: 'bool' },
    { key: 'customer_id', header: 'customer', kind: 'int' },
    { key: 'customer.number', header: 'customer number', kind: 'int', default: false },
    { key: 'customer.name', header: 'customer name', default: false },
    { key: 'customer.email', header: 'customer email', default: false },
    { key: 'greeting', default: false },
    { key: 'company_id', kind: 'int', default: false },
    { key: 'user_id', kind: 'int', default: false },
    { key: 'created_at', kind: 'datetime', default: false },
    { key: 'updated_at', kind: 'datetime', default: false },
  ],
  filters: [
    {
      flag: 'customer',
      param: 'filter[customer_id]',
      type: 'string',
      ref: 'customer',
      description: 'only contacts of this customer (number, exact name or id:N)',
    },
    { flag: 'name', param: 'filter[name]', type: 'string', description: 'names containing this text' },
    {
      flag: 'archived',
      param: 'filter[archived]',
      type: 'bool',
      description: 'only archived contacts (--no-archived: only active ones)',
      negation: 'only active contacts',
    },
    {
      flag: 'include',
      param: 'include',
      type: 'enum',
      choices: ['customer'],
      description: 'embed the customer (then --fields customer.name works)',
    },
  ],
  fields: [
    { flag: 'name', key: 'name', type: 'string', description: 'name' },
    { flag: 'email', key: 'email', type: 'string', description: 'e-mail address' },
    { flag: 'phone', key: 'phone', type: 'string', description: 'phone number' },
    { flag: 'greeting', key: 'greeting', type: 'string', description: 'salutation on documents, e.g. "Liebe Anna"' },
    {
      flag: 'primary',
      key: 'is_primary',
      type: 'bool',
      description: "make this the customer's main contact (the others lose the flag)",
    },
    { flag: 'archived', key: 'archived', type: 'bool', description: 'archive the contact' },
  ],
  lookup: { param: 'filter[name]', nameKey: 'name' },
  refKind: 'contact',
  bulk: {
    archive: { method: 'POST', key: 'archive' },
    delete: true,
    keptBecause: 'on invoices or proposals; archive instead',
  },
  examples: {
    list: [
      'acct contacts list',
      'acct contacts list --customer 1001 --no-archived',
      'acct contacts list --include customer --fields id,name,customer.name,email',
    ],
    get: ['acct contacts get 12', 'acct contacts get "Anna Muster" --json'],
    update: [
      'acct contacts update 12 --email anna@muster.ch --phone "+41 44 123 45 67"',
      'acct contacts update "Anna Muster" --primary',
    ],
    delete: ['acct contacts delete 12 --yes'],
    archive: ['acct contacts archive 12 "Hans Muster"'],
    unarchive: ['acct contacts unarchive 12'],
    'bulk-delete': ['acct contacts bulk-delete 12 13 --yes'],
  },
  setup: {
    get: { options: [new Option('--include <relations>', 'embed the customer: customer')] },
  },
  extend(group) {
    declarePipeline(group, {
      what: 'contacts',
      map: async () => (await import('./csv.js')).contactsCsv,
      filters: contactsSpec.filters!.filter((f) => f.flag !== 'include'),
    });
  },
};
