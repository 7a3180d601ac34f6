// `acct times update <id>`: changes only what is given. Invoiced entries change beyond their status only
// with --force; paid ones only their status; another user's entry needs the admin or owner role (exit 4).
import { timePaths } from '../../api/endpoints/times.js';
import { planOutput, printRecord } from '../output.js';
import { RefResolver } from '../refs.js';
import { pickProject } from '../shared/projects.js';
import { fetchEntry, TIME_COLUMNS } from '../shared/time-entries.js';
import type { VerbIO } from '../verb.js';
import { requireSomething, timeBodyFromFlags, type TimeEntryFlags } from './body.js';
import { entryId } from './common.js';

interface UpdateOptions extends TimeEntryFlags {
  /** the time entry id (or id:N) */
  id: string;
}

export default async function update(opts: UpdateOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planOutput(g, TIME_COLUMNS);
  const id = entryId(opts.id);
  const body = timeBodyFromFlags(opts);
  requireSomething(body, opts.project !== undefined || opts.task !== undefined);
  await io.withRuntime(async (rt) => {
    const company = await rt.company();
    if (opts.project !== undefined) body.project_id = await pickProject(rt.client, company, g, opts.project);
    if (opts.task !== undefined)
      body.task_id = await new RefResolver(rt.client, company).resolve('task', opts.task, 'task');
    await rt.client.put(timePaths.one(company, id), { json: body });
    printRecord(plan, await fetchEntry(rt.client, company, id));
  });
}
