// `acct times bulk-update <id...>`: PUT /times/multiple; only open entries change (the others are
// reported as skipped), another user's entries only for an admin or owner.
import type { Command } from 'commander';
import { bulkUpdateTimes, type BulkTimeUpdate } from '../../api/endpoints/times.js';
import { UsageError } from '../../errors.js';
import { globalsOf, notice } from '../globals.js';
import { RefResolver } from '../refs.js';
import { convertValue } from '../resource/body.js';
import { withRuntime } from '../runtime.js';
import { parseDay } from '../shared/calendar.js';
import { entryIds } from './common.js';

export default async function bulkUpdate(args: string[], opts: Record<string, unknown>, cmd: Command): Promise<void> {
  const g = globalsOf(cmd);
  const ids = entryIds(args);
  const changes: Omit<BulkTimeUpdate, 'ids'> = {};
  if (opts.date !== undefined) changes.date = parseDay(String(opts.date), 'date');
  if (opts.description !== undefined) changes.description = String(opts.description);
  if (opts.rate !== undefined) changes.hourly_rate = convertValue('rate', 'decimal', opts.rate) as string;
  if (opts.billable !== undefined) changes.billable = opts.billable === true;
  if (Object.keys(changes).length === 0 && opts.project === undefined) {
    throw new UsageError('nothing to change: give --project, --date, --description, --rate, --billable or --no-billable');
  }
  await withRuntime(g, async (rt) => {
    const company = await rt.company();
    if (opts.project !== undefined) changes.project_id = await new RefResolver(rt.client, company).resolve('project', String(opts.project), 'project');
    const result = await bulkUpdateTimes(rt.client, company, { ids, ...changes });
    const skipped = result.skipped ?? [];
    const updated = result.updated ?? ids.length - skipped.length;
    notice(`Updated ${updated} of ${ids.length} time entries.${skipped.length ? ` Skipped (not open, or not yours): ${skipped.join(', ')}` : ''}`);
  });
}
