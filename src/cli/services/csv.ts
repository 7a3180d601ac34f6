// Services as CSV: the hourly rate in CHF, the category by name.
import { servicePaths } from '../../api/endpoints/services.js';
import { bools, ID, money, NAME, ref, type CsvMap } from '../pipeline/map.js';

export const servicesCsv: CsvMap = {
  group: 'services',
  noun: 'service',
  paths: servicePaths,
  fetch: 'all',
  columns: [
    ID,
    NAME,
    money('hourly_rate'),
    ...bools('billable', 'archived'),
    ref('category', 'service_category_id', 'service-category'),
  ],
  keys: [['name']],
};
