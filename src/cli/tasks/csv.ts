// Tasks as CSV: the project by name, the due date, planned hours.
import { TASK_STATUSES, taskPaths } from '../../api/endpoints/tasks.js';
import { column, ID, ref, texts, type CsvMap } from '../pipeline/map.js';

export const tasksCsv: CsvMap = {
  group: 'tasks',
  noun: 'task',
  paths: taskPaths,
  fetch: 'all',
  columns: [
    ID,
    column('title', 'text', { required: true }),
    ref('project', 'project_id', 'project', { required: true }),
    column('due', 'date', { required: true }),
    column('status', 'enum', { choices: TASK_STATUSES }),
    column('planned_hours', 'decimal', { places: 3, trim: true }),
    ...texts('description'),
  ],
  keys: [['title', 'project']],
  lookup: (v) => ({ 'filter[project_id]': v.project_id }),
};
