// `acct proposals|invoices activities <ref>`: what happened to a document, newest first, one row each
// (the API's object keyed by "YYYY-MM-DD HH:MM:SS" becomes rows with that key as `time`; the " #2",
// " #3" that keep activities of one second apart as keys are left out: the rows keep their order).
import { documentActivities } from '../../api/endpoints/documents.js';
import { listRenderer, planOutput } from '../output.js';
import type { VerbIO } from '../verb.js';
import { withDocument, type DocumentArgs } from './common.js';
import { ACTIVITY_COLUMNS, type KindFacts } from './fields.js';

export default async function activities(k: KindFacts, options: DocumentArgs, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planOutput(g, ACTIVITY_COLUMNS);
  await withDocument(g, k, options, async ({ rt, company, id }) => {
    const renderer = listRenderer(plan);
    renderer.push(
      Object.entries(await documentActivities(rt.client, k.kind, company, id)).map(([key, activity]) => ({
        time: activityTime(key),
        ...activity,
      })),
    );
    renderer.end();
  });
}

/** "2026-03-02 14:14:18 #3" → "2026-03-02 14:14:18". */
export const activityTime = (key: string): string => key.replace(/\s+#\d+$/, '');
