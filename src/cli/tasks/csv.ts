// Tasks as CSV: the project by name, the due date, planned hours.
import { TASK_STATUSES, taskPaths } from '../../api/endpoints/tasks.js';
import type { CsvMap } from '../pipeline/map.js';

export const tasksCsv: CsvMap = {
  group: 'tasks',
  noun: 'task',
  paths: taskPaths,
  fetch: 'all',
  columns: [
    { name: 'id', key: 'id', type: 'int' },
    { name: 'title', key: 'title', type: 'text', required: true },
    { name: 'project', key: 'project_id', type: 'ref', ref: 'project', required: true },
    { name: 'due', key: 'due', type: 'date', required: true },
    { name: 'status', key: 'status', type: 'enum', choices: TASK_STATUSES },
    { name: 'planned_hours', key: 'planned_hours', type: 'decimal', places: 3, trim: true },
    { name: 'description', key: 'description', type: 'text' },
  ],
  keys: [['title', 'project']],
  lookup: (v) => ({ 'filter[project_id]': v.project_id }),
};
