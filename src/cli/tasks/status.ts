// `acct tasks start|done <task>`: PUT the status, print the task with its project.
import { setTaskStatus, taskPaths, type TaskStatus } from '../../api/endpoints/tasks.js';
import { planOutput, printRecord } from '../output.js';
import { RefResolver } from '../refs.js';
import type { VerbIO } from '../verb.js';
import { TASK_COLUMNS } from './fields.js';

interface StatusOptions {
  /** id or exact title */
  task: string;
}

/** `acct tasks start <task>`: status in-progress. */
export async function start({ task }: StatusOptions, io: VerbIO): Promise<void> {
  await setStatus(task, 'in-progress', io);
}

/** `acct tasks done <task>`: status done. */
export async function done({ task }: StatusOptions, io: VerbIO): Promise<void> {
  await setStatus(task, 'done', io);
}

async function setStatus(ref: string, status: TaskStatus, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planOutput(g, TASK_COLUMNS);
  await io.withRuntime(async (rt) => {
    const company = await rt.company();
    const id = await new RefResolver(rt.client, company).resolve('task', ref, '<task>');
    await setTaskStatus(rt.client, company, id, status);
    const body = await rt.client.get<{ data: Record<string, unknown> }>(taskPaths.one(company, id), {
      query: { include: 'project' },
    });
    printRecord(plan, body.data);
  });
}
