// `acct proposals|invoices activities <ref>`: what happened to a document, newest first, one row each
// (the API's object keyed by "YYYY-MM-DD HH:MM:SS" becomes rows with that key as `time`).
import { documentActivities } from '../../../api/endpoints/documents.js';
import { listRenderer, planOutput } from '../../output.js';
import type { VerbIO } from '../../verb.js';
import { withDocument, type DocumentArgs } from './common.js';
import { ACTIVITY_COLUMNS, type KindFacts } from './fields.js';

export default async function activities(k: KindFacts, options: DocumentArgs, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planOutput(g, ACTIVITY_COLUMNS);
  await withDocument(g, k, options, async ({ rt, company, id }) => {
    const renderer = listRenderer(plan);
    renderer.push(Object.entries(await documentActivities(rt.client, k.kind, company, id)).map(([time, activity]) => ({ time, ...activity })));
    renderer.end();
  });
}
