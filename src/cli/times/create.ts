// `acct times create`: a time entry from a duration (or start and end), dated today unless --date says
// otherwise. A missing project or duration is asked on a terminal, else a usage error.
import { timePaths, type TimeEntry } from '../../api/endpoints/times.js';
import { UsageError } from '../../errors.js';
import { DURATION_FORMS, parseDuration } from '../shared/duration.js';
import { canPrompt } from '../globals.js';
import { planOutput, printRecord } from '../output.js';
import { RefResolver } from '../refs.js';
import { today } from '../resource/body.js';
import { pickProject } from '../shared/projects.js';
import { fetchEntry, TIME_COLUMNS } from '../shared/time-entries.js';
import type { VerbIO } from '../verb.js';
import { timeBodyFromFlags, type TimeEntryFlags } from './body.js';

type CreateOptions = Omit<TimeEntryFlags, 'status' | 'force'>;

export default async function create(opts: CreateOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planOutput(g, TIME_COLUMNS);
  const body = timeBodyFromFlags(opts);
  if (body.date === undefined) body.date = today();
  if (body.hours === undefined && body.minutes === undefined) {
    if (!canPrompt(g)) throw new UsageError(`missing --duration (${DURATION_FORMS}) or --start with --end`);
    const { input } = await import('@inquirer/prompts');
    const answer = await input({
      message: `Duration (${DURATION_FORMS}):`,
      required: true,
      validate: (v) => {
        try {
          parseDuration(v);
          return true;
        } catch (err) {
          return (err as Error).message;
        }
      },
    });
    Object.assign(body, parseDuration(answer));
  }
  await io.withRuntime(async (rt) => {
    const company = await rt.company();
    const resolver = new RefResolver(rt.client, company);
    if (opts.project !== undefined || body.project_id === undefined) {
      body.project_id = await pickProject(rt.client, company, g, opts.project);
    }
    if (opts.task !== undefined) body.task_id = await resolver.resolve('task', opts.task, 'task');
    const created = await rt.client.post<{ data: TimeEntry }>(timePaths.list(company), { json: body });
    printRecord(plan, await fetchEntry(rt.client, company, created.data.id));
  });
}
