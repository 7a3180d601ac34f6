// `acct proposals number` / `acct invoices number`: the next free number, bare on stdout.
import { nextDocumentNumber } from '../../api/endpoints/documents.js';
import { withRuntime } from '../runtime.js';
import type { NoOptions, VerbIO } from '../verb.js';
import type { KindFacts } from './fields.js';

export default async function nextNumber(k: KindFacts, _options: NoOptions, io: VerbIO): Promise<void> {
  await withRuntime(io.globals(), async (rt) => {
    io.out.write(`${await nextDocumentNumber(rt.client, k.kind, await rt.company())}\n`);
  });
}
