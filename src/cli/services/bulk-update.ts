// `acct services bulk-update <service...> [--hourly-rate X] [--archived|--no-archived]`: PUT /services/multiple.
import { bulkUpdateServices, servicePaths, type BulkServiceUpdate } from '../../api/endpoints/services.js';
import { UsageError } from '../../errors.js';
import { notice } from '../globals.js';
import { RefResolver } from '../refs.js';
import { convertValue } from '../resource/body.js';
import { existingRecords } from '../shared/existing.js';
import type { VerbIO } from '../verb.js';

interface BulkUpdateOptions {
  /** ids or exact names */
  service: string[];
  hourlyRate?: string;
  /** --archived or --no-archived */
  archived?: boolean;
}

export default async function bulkUpdate(
  { service, hourlyRate, archived }: BulkUpdateOptions,
  io: VerbIO,
): Promise<void> {
  io.globals(); // the global flags are checked first, before this verb's own
  const changes: Omit<BulkServiceUpdate, 'ids'> = {};
  // the rate stays the decimal string typed: no float on the way to the API
  if (hourlyRate !== undefined) changes.hourly_rate = convertValue('hourly-rate', 'decimal', hourlyRate) as string;
  if (archived !== undefined) changes.archived = archived;
  if (Object.keys(changes).length === 0)
    throw new UsageError('nothing to change: give --hourly-rate, --archived or --no-archived');
  await io.withRuntime(async (rt) => {
    const company = await rt.company();
    const resolver = new RefResolver(rt.client, company);
    const ids: number[] = [];
    for (const ref of service) ids.push(await resolver.resolve('service', ref, '<service>'));
    const distinct = [...new Set(ids)];
    await existingRecords(rt.client, 'service', (id) => servicePaths.one(company, id), distinct);
    notice(await bulkUpdateServices(rt.client, company, { ids: distinct, ...changes }));
  });
}
