import { servicePaths } from '../../api/endpoints/services.js';
import { examplesText } from '../resource/declare.js';
import { lazy } from '../verb.js';
import type { ResourceSpec } from '../resource/spec.js';
import { declarePipeline } from '../pipeline/declare.js';

export const SERVICE_SORTS = ['name', '-name', 'hourly_rate', '-hourly_rate', 'created_at', '-created_at'] as const;

export const servicesSpec: ResourceSpec = {
  group: 'services',
  noun: 'service',
  paths: servicePaths,
  verbs: ['list', 'get', 'create', 'update', 'delete'],
  columns: [
    { key: 'id', kind: 'int' },
    { key: 'name' },
    { key: 'hourly_rate', kind: 'money' },
    { key: 'billable', kind: 'bool' },
    { key: 'archived', kind: 'bool' },
    { key: 'service_category.name', header: 'category' },
    { key: 'service_category_id', kind: 'int', default: false },
    { key: 'service_category', kind: 'json', default: false },
    { key: 'created_at', kind: 'datetime', default: false },
    { key: 'updated_at', kind: 'datetime', default: false },
  ],
  filters: [
    {
      flag: 'archived',
      param: 'filter[archived]',
      type: 'bool',
      description: 'only archived services (--no-archived: only active ones)',
      negation: 'only services that are not archived',
    },
    {
      flag: 'category',
      param: 'filter[service_category_id]',
      type: 'int',
      ref: 'service-category',
      description: 'only services of this category (id or exact name)',
    },
    {
      flag: 'sort',
      param: 'sort',
      type: 'enum',
      choices: SERVICE_SORTS,
      description: 'order (default name; - for descending)',
    },
  ],
  fields: [
    { flag: 'name', key: 'name', type: 'string', required: true, description: 'service name (max 255)' },
    {
      flag: 'hourly-rate',
      key: 'hourly_rate',
      type: 'decimal',
      description: 'default hourly rate in CHF, e.g. 120.50',
    },
    { flag: 'billable', key: 'billable', type: 'bool', description: 'time on it is billable (default on create: yes)' },
    { flag: 'archived', key: 'archived', type: 'bool', description: 'archived' },
    {
      flag: 'category',
      key: 'service_category_id',
      type: 'int',
      ref: 'service-category',
      description: 'service category id or exact name',
    },
  ],
  lookup: { param: 'filter[name]', nameKey: 'name' },
  refKind: 'service',
  defaultPerPage: 50,
  bulk: { archive: { method: 'PUT', key: 'archived' }, delete: true },
  examples: {
    list: [
      'acct services list',
      'acct services list --no-archived --category Beratung',
      'acct services list --sort -hourly_rate -o csv',
    ],
    get: ['acct services get 4', 'acct services get Programmierung --json'],
    create: [
      'acct services create --name Programmierung --hourly-rate 140 --category Entwicklung',
      'acct services create --name Reisezeit --no-billable',
    ],
    update: [
      'acct services update Programmierung --hourly-rate 150.50',
      'acct services update 4 --category Beratung --no-billable',
      'echo \'{"hourly_rate":null,"service_category_id":null}\' | acct services update 4 --data -',
    ],
    delete: ['acct services delete Reisezeit --yes'],
    archive: ['acct services archive Reisezeit 7'],
    unarchive: ['acct services unarchive Reisezeit'],
    'bulk-delete': ['acct services bulk-delete 7 8 9 --yes'],
  },
  extend(group) {
    declarePipeline(group, {
      what: 'services',
      map: async () => (await import('./csv.js')).servicesCsv,
      filters: servicesSpec.filters!,
    });
    group
      .command('bulk-update')
      .argument('<service...>', 'service ids or exact names')
      .description('set the hourly rate and/or the archived flag of several services at once')
      .option('--hourly-rate <value>', 'hourly rate in CHF for all of them, e.g. 120.50')
      .option('--archived', 'archive them')
      .option('--no-archived', 'unarchive them')
      .addHelpText(
        'after',
        examplesText([
          'acct services bulk-update 3 4 5 --hourly-rate 135',
          'acct services bulk-update Programmierung Design --hourly-rate 150.50 --no-archived',
        ]),
      )
      .action(lazy(() => import('./bulk-update.js')));
  },
};
