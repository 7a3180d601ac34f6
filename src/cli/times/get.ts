// `acct times get <id> [--include …]`: one entry with its project and task embedded.
import type { Command } from 'commander';
import { globalsOf } from '../globals.js';
import { planOutput, printRecord } from '../output.js';
import { withRuntime } from '../runtime.js';
import { fetchEntry, TIME_COLUMNS } from '../shared/time-entries.js';
import { entryId } from './common.js';

export default async function get(args: string[], opts: Record<string, unknown>, cmd: Command): Promise<void> {
  const g = globalsOf(cmd);
  const plan = planOutput(g, TIME_COLUMNS);
  const id = entryId(args[0]);
  const include = typeof opts.include === 'string' ? opts.include.replace(/\s+/g, '') : 'project,task';
  await withRuntime(g, async (rt) => {
    printRecord(plan, await fetchEntry(rt.client, await rt.company(), id, include));
  });
}
