// `acct services bulk-update <service...> [--hourly-rate X] [--archived|--no-archived]`: PUT /services/multiple.
import type { Command } from 'commander';
import { bulkUpdateServices, type BulkServiceUpdate } from '../../api/endpoints/services.js';
import { UsageError } from '../../errors.js';
import { globalsOf, notice } from '../globals.js';
import { RefResolver } from '../refs.js';
import { convertValue } from '../resource/body.js';
import { withRuntime } from '../runtime.js';

export default async function bulkUpdate(args: string[], opts: Record<string, unknown>, cmd: Command): Promise<void> {
  const g = globalsOf(cmd);
  const changes: Omit<BulkServiceUpdate, 'ids'> = {};
  // the rate stays the decimal string typed: no float on the way to the API
  if (opts.hourlyRate !== undefined) changes.hourly_rate = convertValue('hourly-rate', 'decimal', opts.hourlyRate) as string;
  if (opts.archived !== undefined) changes.archived = opts.archived === true;
  if (Object.keys(changes).length === 0) throw new UsageError('nothing to change: give --hourly-rate, --archived or --no-archived');
  await withRuntime(g, async (rt) => {
    const company = await rt.company();
    const resolver = new RefResolver(rt.client, company);
    const ids: number[] = [];
    for (const ref of args) ids.push(await resolver.resolve('service', ref, 'service'));
    notice(await bulkUpdateServices(rt.client, company, { ids: [...new Set(ids)], ...changes }));
  });
}
