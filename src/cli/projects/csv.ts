// Projects as CSV: the customer by number, rate and budget in CHF, dates.
import { PROJECT_TYPES, projectPaths } from '../../api/endpoints/projects.js';
import type { CsvMap } from '../pipeline/map.js';

export const projectsCsv: CsvMap = {
  group: 'projects',
  noun: 'project',
  paths: projectPaths,
  fetch: 'all',
  columns: [
    { name: 'id', key: 'id', type: 'int' },
    { name: 'name', key: 'name', type: 'text', required: true },
    { name: 'customer', key: 'customer_id', type: 'ref', ref: 'customer', required: true },
    { name: 'project_type', key: 'project_type', type: 'enum', choices: PROJECT_TYPES },
    { name: 'hourly_rate', key: 'hourly_rate', type: 'decimal', places: 2 },
    { name: 'budget', key: 'budget', type: 'decimal', places: 2 },
    { name: 'start_date', key: 'start_date', type: 'date' },
    { name: 'end_date', key: 'end_date', type: 'date' },
    { name: 'kanban_status', key: 'kanban_status', type: 'text' },
    { name: 'notes', key: 'notes', type: 'text' },
    { name: 'archived', key: 'archived', type: 'bool' },
  ],
  keys: [['name', 'customer']],
  lookup: (v) => ({ 'filter[customer_id]': v.customer_id }),
};
