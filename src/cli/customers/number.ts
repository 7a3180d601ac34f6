// `acct customers number`: the next free customer number, bare on stdout whatever the output format.
import type { Command } from 'commander';
import { nextCustomerNumber } from '../../api/endpoints/customers.js';
import { globalsOf } from '../globals.js';
import { withRuntime } from '../runtime.js';

export default async function number(_args: string[], _opts: Record<string, unknown>, cmd: Command): Promise<void> {
  const g = globalsOf(cmd);
  await withRuntime(g, async (rt) => {
    process.stdout.write(`${await nextCustomerNumber(rt.client, await rt.company())}\n`);
  });
}
