// The customer's side of a proposal's public link: a view recorded at most once an hour, and the
// answer (accept or decline with a name and an optional comment) that moves an open or sent proposal
// to accepted or declined and records who answered. No user acts here: the link is the authority.
import { decisionActivity, VIEWED_THROUGH_LINK, type CustomerDecision } from '../../domain/proposal-decision.js';
import { decisionRefusal, type DecisionRefusal } from '../domain/documents.js';
import { notFound } from '../http-error.js';
import { transaction, timestamp, type Db, type Row } from '../store/db.js';
import { findDocumentRow, insertActivity, lastActivityAt, updateDocument } from '../store/documents.js';

/** A view counts once an hour: the same customer reloading the page is one view. */
const VIEW_EVERY_MS = 60 * 60 * 1000;

/** Records "Viewed through the public link" unless one was recorded within the hour before `now`. */
export function recordLinkView(db: Db, proposal: Row, now: Date): boolean {
  return transaction(db, () => {
    const last = lastActivityAt(db, 'proposal', Number(proposal.id), VIEWED_THROUGH_LINK);
    if (last !== undefined && now.getTime() - new Date(last).getTime() < VIEW_EVERY_MS) return false;
    insertActivity(db, 'proposal', Number(proposal.id), VIEWED_THROUGH_LINK, null, timestamp(now));
    return true;
  });
}

export interface CustomerAnswer {
  decision: CustomerDecision;
  name: string;
  comment: string | null;
}

/**
 * Accepts or declines the proposal for the customer: read again inside the transaction, so of two
 * answers sent at once the second is refused. Answers the refusal (decided, expired) or undefined
 * when the status moved and the activity was recorded.
 */
export function answerProposal(
  db: Db,
  proposal: Row,
  answer: CustomerAnswer,
  today: string,
  now: Date,
): DecisionRefusal | undefined {
  return transaction(db, () => {
    const current = findDocumentRow(db, 'proposal', Number(proposal.company_id), Number(proposal.id));
    if (!current) throw notFound();
    const refusal = decisionRefusal(current.status, current.valid_until ?? null, today);
    if (refusal) return refusal;
    updateDocument(db, 'proposal', Number(current.company_id), Number(current.id), { status: answer.decision });
    insertActivity(
      db,
      'proposal',
      Number(current.id),
      decisionActivity(answer.decision, answer.name, answer.comment),
      answer.decision === 'accepted' ? 'green' : 'orange',
      timestamp(now),
    );
    return undefined;
  });
}
