// `acct accounts update`: the generic update, except that an account's type cannot change.
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { runResourceVerb } from '../resource/run.js';
import { accountsSpec } from './spec.js';

export default async function update(args: string[], opts: Record<string, unknown>, cmd: Command): Promise<void> {
  if (opts.type !== undefined) throw new UsageError('the type of an account cannot be changed; create a new account and move the bookings');
  await runResourceVerb(accountsSpec, 'update', args, cmd);
}
