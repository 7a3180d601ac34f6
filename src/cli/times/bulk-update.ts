// `acct times bulk-update <id...>`: PUT /times/multiple; only open entries change (the others are
// reported as skipped), another user's entries only for an admin or owner.
import { bulkUpdateTimes, timePaths, type BulkTimeUpdate } from '../../api/endpoints/times.js';
import { UsageError } from '../../errors.js';
import { notice } from '../globals.js';
import { RefResolver } from '../refs.js';
import { convertValue } from '../resource/body.js';
import { existingRecords } from '../shared/existing.js';
import type { VerbIO } from '../verb.js';
import { parseDay } from '../shared/calendar.js';
import { entryIds } from './common.js';

interface BulkUpdateOptions {
  /** time entry ids */
  id: string[];
  /** id or exact name */
  project?: string;
  date?: string;
  description?: string;
  rate?: string;
  billable?: boolean;
}

export default async function bulkUpdate(opts: BulkUpdateOptions, io: VerbIO): Promise<void> {
  io.globals(); // the global flags are checked first, before this verb's own
  const ids = entryIds(opts.id);
  const changes: Omit<BulkTimeUpdate, 'ids'> = {};
  if (opts.date !== undefined) changes.date = parseDay(opts.date, 'date');
  if (opts.description !== undefined) changes.description = opts.description;
  if (opts.rate !== undefined) changes.hourly_rate = convertValue('rate', 'decimal', opts.rate) as string;
  if (opts.billable !== undefined) changes.billable = opts.billable;
  if (Object.keys(changes).length === 0 && opts.project === undefined) {
    throw new UsageError(
      'nothing to change: give --project, --date, --description, --rate, --billable or --no-billable',
    );
  }
  await io.withRuntime(async (rt) => {
    const company = await rt.company();
    await existingRecords(rt.client, 'time entry', (id) => timePaths.one(company, id), ids);
    if (opts.project !== undefined)
      changes.project_id = await new RefResolver(rt.client, company).resolve('project', opts.project, 'project');
    const result = await bulkUpdateTimes(rt.client, company, { ids, ...changes });
    const skipped = result.skipped ?? [];
    const updated = result.updated ?? ids.length - skipped.length;
    notice(
      `Updated ${updated} of ${ids.length} time ${ids.length === 1 ? 'entry' : 'entries'}` +
        `.${skipped.length ? ` Skipped (not open, or not yours): ${skipped.join(', ')}` : ''}`,
    );
  });
}
