import { serviceCategoryPaths } from '../../api/endpoints/service-categories.js';
import type { ResourceSpec } from '../resource/spec.js';
import { declarePipeline } from '../pipeline/declare.js';

export const serviceCategoriesSpec: ResourceSpec = {
  group: 'service-categories',
  noun: 'service category',
  paths: serviceCategoryPaths,
  verbs: ['list', 'get', 'create', 'update', 'delete'],
  columns: [
    { key: 'id', kind: 'int' },
    { key: 'name' },
    { key: 'created_at', kind: 'datetime', default: false },
    { key: 'updated_at', kind: 'datetime', default: false },
  ],
  fields: [{ flag: 'name', key: 'name', type: 'string', required: true, description: 'category name (max 255)' }],
  // the list is not paginated and has no filter: names resolve through the reference resolver
  lookup: { param: 'filter[name]', nameKey: 'name' },
  refKind: 'service-category',
  examples: {
    list: ['acct service-categories list', 'acct service-categories list -o json'],
    get: ['acct service-categories get 2', 'acct service-categories get Beratung --json'],
    create: ['acct service-categories create --name Beratung'],
    update: ['acct service-categories update Beratung --name "Beratung & Support"'],
    delete: ['acct service-categories delete Beratung --yes '],
  },
  extend(group) {
    declarePipeline(group, {
      what: 'service categories',
      map: async () => (await import('./csv.js')).serviceCategoriesCsv,
      filters: [],
    });
  },
};
