// Services as CSV: the hourly rate in CHF, the category by name.
import { servicePaths } from '../../api/endpoints/services.js';
import type { CsvMap } from '../pipeline/map.js';

export const servicesCsv: CsvMap = {
  group: 'services',
  noun: 'service',
  paths: servicePaths,
  fetch: 'all',
  columns: [
    { name: 'id', key: 'id', type: 'int' },
    { name: 'name', key: 'name', type: 'text', required: true },
    { name: 'hourly_rate', key: 'hourly_rate', type: 'decimal', places: 2 },
    { name: 'billable', key: 'billable', type: 'bool' },
    { name: 'archived', key: 'archived', type: 'bool' },
    { name: 'category', key: 'service_category_id', type: 'ref', ref: 'service-category' },
  ],
  keys: [['name']],
};
