// The columns of a task, read by the spec and by start and done (which print the task).
import type { Column } from '../../output/types.js';

export const TASK_COLUMNS: Column[] = [
  { key: 'id', kind: 'int' },
  { key: 'title' },
  { key: 'project.name', header: 'project' },
  { key: 'status' },
  { key: 'due', kind: 'date' },
  { key: 'formatted.relative_due', header: 'due in' },
  { key: 'planned_hours', header: 'planned h', kind: 'number' },
  { key: 'total_time_tracked', header: 'tracked' },
  { key: 'description', default: false },
  { key: 'project_id', kind: 'int', default: false },
  { key: 'formatted.due', header: 'due (formatted)', default: false },
  { key: 'formatted.is_done', header: 'done', kind: 'bool', default: false },
  { key: 'user_id', kind: 'int', default: false },
  { key: 'company_id', kind: 'int', default: false },
  { key: 'created_at', kind: 'datetime', default: false },
  { key: 'updated_at', kind: 'datetime', default: false },
];
