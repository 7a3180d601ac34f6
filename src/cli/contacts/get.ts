// `acct contacts get <contact> [--include customer]`.
import type { Command } from 'commander';
import { getWithInclude } from '../resource/run.js';
import { contactsSpec } from './spec.js';

export default async function get(args: string[], opts: Record<string, unknown>, cmd: Command): Promise<void> {
  await getWithInclude(contactsSpec, contactsSpec.columns, args[0], opts.include as string | undefined, cmd);
}
