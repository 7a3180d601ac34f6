// `acct products count`: the bare number on stdout, whatever the output format.
import type { Command } from 'commander';
import { countProducts } from '../../api/endpoints/products.js';
import { globalsOf } from '../globals.js';
import { withRuntime } from '../runtime.js';

export default async function count(_args: string[], opts: Record<string, unknown>, cmd: Command): Promise<void> {
  const g = globalsOf(cmd);
  const archived = opts.archived === undefined ? undefined : opts.archived === true;
  await withRuntime(g, async (rt) => {
    process.stdout.write(`${await countProducts(rt.client, await rt.company(), archived)}\n`);
  });
}
