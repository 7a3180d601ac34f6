// `acct times update <id>`: changes only what is given. Invoiced entries change beyond their status only
// with --force; paid ones only their status; another user's entry needs the admin or owner role (exit 4).
import type { Command } from 'commander';
import { timePaths } from '../../api/endpoints/times.js';
import { globalsOf } from '../globals.js';
import { planOutput, printRecord } from '../output.js';
import { RefResolver } from '../refs.js';
import { withRuntime } from '../runtime.js';
import { pickProject } from '../shared/projects.js';
import { fetchEntry, TIME_COLUMNS } from '../shared/time-entries.js';
import { requireSomething, timeBodyFromFlags } from './body.js';
import { entryId } from './common.js';

export default async function update(args: string[], opts: Record<string, unknown>, cmd: Command): Promise<void> {
  const g = globalsOf(cmd);
  const plan = planOutput(g, TIME_COLUMNS);
  const id = entryId(args[0]);
  const body = timeBodyFromFlags(opts);
  requireSomething(body, opts.project !== undefined || opts.task !== undefined);
  await withRuntime(g, async (rt) => {
    const company = await rt.company();
    if (opts.project !== undefined) body.project_id = await pickProject(rt.client, company, g, String(opts.project));
    if (opts.task !== undefined) body.task_id = await new RefResolver(rt.client, company).resolve('task', String(opts.task), 'task');
    await rt.client.put(timePaths.one(company, id), { json: body });
    printRecord(plan, await fetchEntry(rt.client, company, id));
  });
}
