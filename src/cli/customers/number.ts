// `acct customers number`: the next free customer number, bare on stdout whatever the output format.
import { nextCustomerNumber } from '../../api/endpoints/customers.js';
import type { NoOptions, VerbIO } from '../verb.js';

export default async function number(_options: NoOptions, io: VerbIO): Promise<void> {
  await io.withRuntime(async (rt) => {
    io.out.write(`${await nextCustomerNumber(rt.client, await rt.company())}\n`);
  });
}
