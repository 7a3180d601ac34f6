// A time entry as the time commands and the timer show it: its columns, and the entry read with its
// project and task embedded.
import type { ApiClient } from '../../api/http.js';
import { timePaths, type TimeEntry } from '../../api/endpoints/times.js';
import type { Column } from '../../output/types.js';

export const TIME_COLUMNS: Column[] = [
  { key: 'id', kind: 'int' },
  { key: 'date', kind: 'date' },
  { key: 'start' },
  { key: 'end' },
  { key: 'readable_time', header: 'time' },
  { key: 'project.name', header: 'project' },
  { key: 'description' },
  { key: 'billable', kind: 'bool' },
  { key: 'hourly_rate', header: 'rate', kind: 'money' },
  { key: 'total_value', header: 'value', kind: 'money' },
  { key: 'status' },
  { key: 'hours', kind: 'int', default: false },
  { key: 'minutes', kind: 'int', default: false },
  { key: 'project_id', kind: 'int', default: false },
  { key: 'task_id', kind: 'int', default: false },
  { key: 'task.title', header: 'task', default: false },
  { key: 'user_id', kind: 'int', default: false },
  { key: 'user.name', header: 'user', default: false },
  { key: 'invoice_id', kind: 'int', default: false },
  { key: 'project.customer.name', header: 'customer', default: false },
  { key: 'sortable_time', header: 'minutes total', kind: 'int', default: false },
  { key: 'formatted_date', header: 'formatted date', default: false },
  { key: 'formatted_total_value', header: 'formatted value', default: false },
  { key: 'company_id', kind: 'int', default: false },
  { key: 'created_at', kind: 'datetime', default: false },
  { key: 'updated_at', kind: 'datetime', default: false },
];

/** One entry with its project (and task) embedded, as `get` shows it. */
export async function fetchEntry(
  client: ApiClient,
  company: number,
  id: number,
  include = 'project,task',
): Promise<TimeEntry> {
  const body = await client.get<{ data: TimeEntry }>(timePaths.one(company, id), { query: { include } });
  return body.data;
}
