// Service categories as CSV: the name.
import { serviceCategoryPaths } from '../../api/endpoints/service-categories.js';
import type { CsvMap } from '../pipeline/map.js';

export const serviceCategoriesCsv: CsvMap = {
  group: 'service-categories',
  noun: 'service category',
  paths: serviceCategoryPaths,
  unpaginated: true,
  fetch: 'all',
  columns: [
    { name: 'id', key: 'id', type: 'int' },
    { name: 'name', key: 'name', type: 'text', required: true },
  ],
  keys: [['name']],
};
