// `acct proposals get <proposal>` / `acct invoices get <invoice>`: by number or id. Shown as text, the
// document also carries the company's UID for VAT (from its settings, where the service shows them);
// a proposal names its public link while it is on, and the customer's answer through it (from the
// activities: who, when, the comment); as a record (json, tsv, csv) a proposal carries that answer as
// answered_by, answered_at and answer_comment (null while it is not decided, or the bookkeeper decided).
import { companySettings } from '../../api/endpoints/companies.js';
import { documentActivities, getDocument, type DocumentRecord } from '../../api/endpoints/documents.js';
import { standingDecision } from '../../domain/proposal-decision.js';
import type { Runtime } from '../runtime.js';
import type { VerbIO } from '../verb.js';
import type { CompanyFacts, ProposalLink } from './view.js';
import { activityTime } from './activities.js';
import { documentPlan, printDocument, viewsDocument, withDocument, type DocumentArgs } from './common.js';
import type { KindFacts } from './fields.js';
import { shareRoot, shareUrl } from './share-link.js';

export default async function get(k: KindFacts, options: DocumentArgs, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = documentPlan(g, k);
  await withDocument(g, k, options, async ({ rt, company, id }) => {
    const doc = await getDocument(rt.client, k.kind, company, id);
    const view = viewsDocument(plan);
    const answer = k.noun === 'proposal' ? await proposalAnswer(rt, company, doc) : undefined;
    if (!view) {
      if (k.noun !== 'proposal') return printDocument(plan, doc);
      return printDocument(plan, {
        ...doc,
        answered_by: answer?.name ?? null,
        answered_at: answer?.at ?? null,
        answer_comment: answer?.comment ?? null,
      });
    }
    const link = k.noun === 'proposal' ? proposalLink(rt, doc, answer) : undefined;
    const facts: CompanyFacts = { vatNumber: (await companySettings(rt.client, company))?.vat_number ?? null };
    printDocument(plan, doc, link, facts);
  });
}

/**
 * Who decided an accepted, declined or confirmed proposal (name null: the bookkeeper marked it), when and with what
 * comment.
 */
interface Answer {
  decision: 'accepted' | 'declined';
  name: string | null;
  at: string;
  date: string;
  comment: string | null;
}

async function proposalAnswer(rt: Runtime, company: number, doc: DocumentRecord): Promise<Answer | undefined> {
  if (!['accepted', 'declined', 'confirmation'].includes(doc.status)) return undefined;
  const activities = Object.entries(await documentActivities(rt.client, 'proposals', company, doc.id)).map(
    ([key, a]) => ({ ...(a as { date: string; message: string }), at: activityTime(key) }),
  );
  const standing = standingDecision(doc.status, activities);
  return (
    standing && {
      decision: standing.decision,
      name: standing.name,
      at: standing.activity.at,
      date: standing.activity.date,
      comment: standing.comment,
    }
  );
}

function proposalLink(rt: Runtime, doc: DocumentRecord, answer: Answer | undefined): ProposalLink {
  const link: ProposalLink = {};
  if (doc.is_shared && doc.share_token) link.url = shareUrl(shareRoot(rt), doc.share_token);
  if (answer?.name)
    link.answer = { decision: answer.decision, name: answer.name, date: answer.date, comment: answer.comment };
  return link;
}
