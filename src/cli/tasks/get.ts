// `acct tasks get <task>`: one task with its project.
import type { Command } from 'commander';
import { getWithInclude } from '../resource/run.js';
import { TASK_COLUMNS, tasksSpec } from './spec.js';

export default async function get(args: string[], _opts: Record<string, unknown>, cmd: Command): Promise<void> {
  await getWithInclude(tasksSpec, TASK_COLUMNS, args[0], 'project', cmd);
}
