// `acct tasks start|done <task>`: PUT the status, print the task with its project.
import type { Command } from 'commander';
import { setTaskStatus, taskPaths, type TaskStatus } from '../../api/endpoints/tasks.js';
import { globalsOf } from '../globals.js';
import { planOutput, printRecord } from '../output.js';
import { RefResolver } from '../refs.js';
import { withRuntime } from '../runtime.js';
import { TASK_COLUMNS } from './fields.js';

export async function setStatus(ref: string, status: TaskStatus, cmd: Command): Promise<void> {
  const g = globalsOf(cmd);
  const plan = planOutput(g, TASK_COLUMNS);
  await withRuntime(g, async (rt) => {
    const company = await rt.company();
    const id = await new RefResolver(rt.client, company).resolve('task', ref, 'task');
    await setTaskStatus(rt.client, company, id, status);
    const body = await rt.client.get<{ data: Record<string, unknown> }>(taskPaths.one(company, id), { query: { include: 'project' } });
    printRecord(plan, body.data);
  });
}
