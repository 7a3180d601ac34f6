import type { Command } from 'commander';
import { setStatus } from './status.js';

/** `acct tasks start <task>`: status in-progress. */
export default async function start(args: string[], _opts: Record<string, unknown>, cmd: Command): Promise<void> {
  await setStatus(args[0], 'in-progress', cmd);
}
