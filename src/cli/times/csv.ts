// Time entries as CSV: the project and task by name, hours and minutes, the rate in CHF.
import { timePaths } from '../../api/endpoints/times.js';
import { bools, column, ID, money, ref, texts, type CsvMap } from '../pipeline/map.js';
import { TIME_STATUSES } from './fields.js';

export const timesCsv: CsvMap = {
  group: 'times',
  noun: 'time entry',
  paths: timePaths,
  fetch: 'ids',
  columns: [
    ID,
    column('date', 'date', { required: true }),
    ref('project', 'project_id', 'project', { required: true }),
    ref('task', 'task_id', 'task'),
    ...texts('description', 'start', 'end'),
    column('hours', 'int'),
    column('minutes', 'int'),
    money('hourly_rate'),
    ...bools('billable'),
    column('status', 'enum', { choices: TIME_STATUSES }),
  ],
  lookup: (v) => ({ 'filter[date]': `${v.date},${v.date}`, 'filter[project_id]': v.project_id }),
};
