import type { Command } from 'commander';
import { setStatus } from './status.js';

/** `acct tasks done <task>`: status done. */
export default async function done(args: string[], _opts: Record<string, unknown>, cmd: Command): Promise<void> {
  await setStatus(args[0], 'done', cmd);
}
