// `acct tasks list [--status S] [--project P]`: the generic list with the project embedded (for the PROJECT column).
import type { Command } from 'commander';
import { taskPaths } from '../../api/endpoints/tasks.js';
import { globalsOf, notice } from '../globals.js';
import { planOutput } from '../output.js';
import { queryFromFilters } from '../resource/body.js';
import { resolveRefs, streamList, type ListFlags } from '../resource/run.js';
import type { FilterFlag } from '../resource/spec.js';
import { RefResolver } from '../refs.js';
import { withRuntime } from '../runtime.js';
import { TASK_COLUMNS, tasksSpec } from './spec.js';

export default async function list(_args: string[], opts: Record<string, unknown>, cmd: Command): Promise<void> {
  const g = globalsOf(cmd);
  const plan = planOutput(g, TASK_COLUMNS);
  const query = { ...queryFromFilters(tasksSpec.filters ?? [], opts), include: 'project' };
  await withRuntime(g, async (rt) => {
    const company = await rt.company();
    await resolveRefs(new RefResolver(rt.client, company), tasksSpec.filters ?? [], query, (f) => (f as FilterFlag).param);
    const count = await streamList(rt.client, taskPaths.list(company), plan, query, opts as ListFlags);
    if (count === 0 && process.stderr.isTTY) notice('No tasks found.');
  });
}
