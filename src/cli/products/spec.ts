import { productPaths } from '../../api/endpoints/products.js';
import { examplesText } from '../resource/declare.js';
import { lazy } from '../verb.js';
import type { ResourceSpec } from '../resource/spec.js';
import { declarePipeline } from '../pipeline/declare.js';

export const PRODUCT_SORTS = ['name', '-name', 'price', '-price'] as const;

export const productsSpec: ResourceSpec = {
  group: 'products',
  noun: 'product',
  paths: productPaths,
  verbs: ['list', 'get', 'create', 'update', 'delete'],
  columns: [
    { key: 'id', kind: 'int' },
    { key: 'name' },
    { key: 'price', kind: 'money' },
    { key: 'unit' },
    { key: 'archived', kind: 'bool' },
    { key: 'description', default: false },
    { key: 'formatted_price', default: false },
    { key: 'company_id', kind: 'int', default: false },
    { key: 'user_id', kind: 'int', default: false },
    { key: 'created_at', kind: 'datetime', default: false },
    { key: 'updated_at', kind: 'datetime', default: false },
  ],
  filters: [
    { flag: 'name', param: 'filter[name]', type: 'string', description: 'names containing this text' },
    {
      flag: 'archived',
      param: 'filter[archived]',
      type: 'bool',
      description: 'only archived products (--no-archived: only active ones)',
      negation: 'only products that are not archived',
    },
    { flag: 'id', param: 'filter[id]', type: 'ids', description: 'only these ids (comma-separated)' },
    {
      flag: 'sort',
      param: 'sort',
      type: 'enum',
      choices: PRODUCT_SORTS,
      description: 'order (default: by id; - for descending)',
    },
  ],
  fields: [
    { flag: 'name', key: 'name', type: 'string', required: true, description: 'product name (max 255)' },
    { flag: 'description', key: 'description', type: 'string', description: 'description' },
    { flag: 'price', key: 'price', type: 'decimal', description: 'price in CHF, 0 to 999999.99, e.g. 49.90' },
    { flag: 'unit', key: 'unit', type: 'string', description: 'unit, e.g. Stück or Stunde (max 255)' },
    { flag: 'archived', key: 'archived', type: 'bool', description: 'archived (update only; a new product is active)' },
  ],
  lookup: { param: 'filter[name]', nameKey: 'name' },
  refKind: 'product',
  defaultPerPage: 15,
  examples: {
    list: [
      'acct products list',
      'acct products list --name kabel --no-archived',
      'acct products list --sort -price --all -o csv',
    ],
    get: ['acct products get 12', 'acct products get Webhosting --json'],
    create: [
      'acct products create --name Webhosting --price 240 --unit Jahr',
      'acct products create --name "USB-C Kabel" --price 19.90 --unit Stück --description "1 m, schwarz"',
    ],
    update: [
      'acct products update Webhosting --price 264.50',
      'acct products update 12 --archived',
      'echo \'{"price":null}\' | acct products update 12 --data -',
    ],
    delete: ['acct products delete 12 --yes'],
  },
  extend(group) {
    declarePipeline(group, {
      what: 'products',
      map: async () => (await import('./csv.js')).productsCsv,
      filters: productsSpec.filters!,
    });
    group
      .command('count')
      .description('print the number of products (archived included)')
      .option('--archived', 'count only archived products')
      .option('--no-archived', 'count only active products')
      .addHelpText('after', examplesText(['acct products count', 'acct products count --no-archived']))
      .action(lazy(() => import('./count.js')));
  },
};
