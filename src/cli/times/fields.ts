// The list filters of time entries, read by the spec and by the list's own runner.
import type { FilterFlag } from '../resource/spec.js';

export const TIME_STATUSES = ['open', 'invoiced', 'paid'] as const;
const TIME_SORTS = ['date', '-date', 'start', '-start'] as const;

export const TIME_FILTERS: FilterFlag[] = [
  {
    flag: 'project',
    param: 'filter[project_id]',
    type: 'string',
    ref: 'project',
    description: 'only this project (id or exact name)',
  },
  {
    flag: 'customer',
    param: 'filter[customer_id]',
    type: 'string',
    ref: 'customer',
    description: 'only projects of this customer (number or exact name)',
  },
  {
    flag: 'status',
    param: 'filter[status]',
    type: 'enum',
    choices: TIME_STATUSES,
    description: 'open, invoiced or paid',
  },
  {
    flag: 'billable',
    param: 'filter[billable]',
    type: 'bool',
    description: 'only billable entries (--no-billable: only non-billable ones)',
    negation: 'only non-billable entries',
  },
  {
    flag: 'sort',
    param: 'sort',
    type: 'enum',
    choices: TIME_SORTS,
    description: 'order: date, -date, start or -start',
  },
];
