// `acct products count`: the bare number on stdout, whatever the output format.
import { countProducts } from '../../api/endpoints/products.js';
import { withRuntime } from '../runtime.js';
import type { VerbIO } from '../verb.js';

interface CountOptions {
  /** --archived: only archived products; --no-archived: only active ones; neither: all */
  archived?: boolean;
}

export default async function count({ archived }: CountOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  await withRuntime(g, async (rt) => {
    io.out.write(`${await countProducts(rt.client, await rt.company(), archived)}\n`);
  });
}
