// `acct proposals get <proposal>` / `acct invoices get <invoice>`: by number or id.
import { getDocument } from '../../../api/endpoints/documents.js';
import type { VerbIO } from '../../verb.js';
import { documentPlan, printDocument, withDocument, type DocumentArgs } from './common.js';
import type { KindFacts } from './fields.js';

export default async function get(k: KindFacts, options: DocumentArgs, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = documentPlan(g, k);
  await withDocument(g, k, options, async ({ rt, company, id }) => printDocument(plan, await getDocument(rt.client, k.kind, company, id)));
}
