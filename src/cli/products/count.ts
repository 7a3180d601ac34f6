// `acct products count`: the bare number on stdout, whatever the output format.
import { countProducts } from '../../api/endpoints/products.js';
import type { VerbIO } from '../verb.js';

interface CountOptions {
  /** --archived: only archived products; --no-archived: only active ones; neither: all */
  archived?: boolean;
}

export default async function count({ archived }: CountOptions, io: VerbIO): Promise<void> {
  await io.withRuntime(async (rt) => {
    io.out.write(`${await countProducts(rt.client, await rt.company(), archived)}\n`);
  });
}
