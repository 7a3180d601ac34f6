// Tasks of projects.
import type { ApiClient } from '../http.js';

export const TASK_STATUSES = ['open', 'in-progress', 'done'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const taskPaths = {
  list: (company: number) => `/companies/${company}/tasks`,
  one: (company: number, id: number | string) => `/companies/${company}/tasks/${id}`,
} as const;

/** PUT /tasks/{id} with only the status; the updated task. */
export async function setTaskStatus(
  client: ApiClient,
  company: number,
  id: number,
  status: TaskStatus,
): Promise<Record<string, unknown>> {
  const body = await client.put<{ data: Record<string, unknown> }>(taskPaths.one(company, id), { json: { status } });
  return body.data;
}
