// `acct customers number`: the next free customer number, bare on stdout whatever the output format.
import { nextCustomerNumber } from '../../api/endpoints/customers.js';
import { withRuntime } from '../runtime.js';
import type { NoOptions, VerbIO } from '../verb.js';

export default async function number(_options: NoOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  await withRuntime(g, async (rt) => {
    io.out.write(`${await nextCustomerNumber(rt.client, await rt.company())}\n`);
  });
}
