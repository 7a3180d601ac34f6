// `acct times get <id> [--include …]`: one entry with its project and task embedded.
import { planOutput, printRecord } from '../output.js';
import { fetchEntry, TIME_COLUMNS } from '../shared/time-entries.js';
import type { VerbIO } from '../verb.js';
import { entryId } from './common.js';

interface GetOptions {
  /** the time entry id (or id:N) */
  id: string;
  /** relations to embed instead of project,task */
  include?: string;
}

export default async function get(opts: GetOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planOutput(g, TIME_COLUMNS);
  const id = entryId(opts.id);
  const include = opts.include !== undefined ? opts.include.replace(/\s+/g, '') : 'project,task';
  await io.withRuntime(async (rt) => {
    printRecord(plan, await fetchEntry(rt.client, await rt.company(), id, include));
  });
}
