// Projects as CSV: the customer by number, rate and budget in CHF, dates.
import { PROJECT_TYPES, projectPaths } from '../../api/endpoints/projects.js';
import { bools, column, ID, money, NAME, ref, texts, type CsvMap } from '../pipeline/map.js';

export const projectsCsv: CsvMap = {
  group: 'projects',
  noun: 'project',
  paths: projectPaths,
  fetch: 'all',
  columns: [
    ID,
    NAME,
    ref('customer', 'customer_id', 'customer', { required: true }),
    column('project_type', 'enum', { choices: PROJECT_TYPES }),
    money('hourly_rate'),
    money('budget'),
    column('start_date', 'date'),
    column('end_date', 'date'),
    ...texts('kanban_status', 'notes'),
    ...bools('archived'),
  ],
  keys: [['name', 'customer']],
  lookup: (v) => ({ 'filter[customer_id]': v.customer_id }),
};
