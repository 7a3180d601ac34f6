// `acct proposals get <proposal>` / `acct invoices get <invoice>`: by number or id. Shown as text, the
// document also carries the company's UID for VAT (from its settings, where the service shows them);
// a proposal names its public link while it is on, and the customer's answer through it (from the
// activities: who, when, the comment).
import { companySettings } from '../../../api/endpoints/companies.js';
import { documentActivities, getDocument, type DocumentRecord } from '../../../api/endpoints/documents.js';
import { standingDecision } from '../../../domain/proposal-decision.js';
import type { Runtime } from '../../runtime.js';
import type { VerbIO } from '../../verb.js';
import type { CompanyFacts, ProposalLink } from '../document-view.js';
import { documentPlan, printDocument, viewsDocument, withDocument, type DocumentArgs } from './common.js';
import type { KindFacts } from './fields.js';
import { shareRoot, shareUrl } from './share-link.js';

export default async function get(k: KindFacts, options: DocumentArgs, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = documentPlan(g, k);
  await withDocument(g, k, options, async ({ rt, company, id }) => {
    const doc = await getDocument(rt.client, k.kind, company, id);
    const view = viewsDocument(plan);
    const link = k.noun === 'proposal' && view ? await proposalLink(rt, company, doc) : undefined;
    const facts: CompanyFacts | undefined = view ? { vatNumber: (await companySettings(rt.client, company))?.vat_number ?? null } : undefined;
    printDocument(plan, doc, link, facts);
  });
}

async function proposalLink(rt: Runtime, company: number, doc: DocumentRecord): Promise<ProposalLink> {
  const link: ProposalLink = {};
  if (doc.is_shared && doc.share_token) link.url = shareUrl(shareRoot(rt), doc.share_token);
  if (['accepted', 'declined', 'confirmation'].includes(doc.status)) {
    const activities = Object.values(await documentActivities(rt.client, 'proposals', company, doc.id)) as { date: string; message: string }[];
    const standing = standingDecision(doc.status, activities);
    if (standing?.name) link.answer = { decision: standing.decision, name: standing.name, date: standing.activity.date, comment: standing.comment };
  }
  return link;
}
