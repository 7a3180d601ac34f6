// Service categories as CSV: the name.
import { serviceCategoryPaths } from '../../api/endpoints/service-categories.js';
import { ID, NAME, type CsvMap } from '../pipeline/map.js';

export const serviceCategoriesCsv: CsvMap = {
  group: 'service-categories',
  noun: 'service category',
  paths: serviceCategoryPaths,
  unpaginated: true,
  fetch: 'all',
  columns: [ID, NAME],
  keys: [['name']],
};
