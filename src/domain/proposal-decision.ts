// The customer's answer to a proposal through its public link, as the activities record it: the
// service writes these messages, the CLI reads who decided back from them (the activities API has only
// { date, message, color }). A decision's first line is "Accepted by the customer (NAME)" or "Declined
// by the customer (NAME)"; the comment, when there is one, follows on the next lines. The name is one
// line (cleanName), so the first line always ends with the name's closing parenthesis.

export type CustomerDecision = 'accepted' | 'declined';

export const VIEWED_THROUGH_LINK = 'Viewed through the public link';

/** At most this many characters of the customer's name and comment. */
export const NAME_MAX = 255;
export const COMMENT_MAX = 5000;

const LEAD: Readonly<Record<CustomerDecision, string>> = {
  accepted: 'Accepted by the customer',
  declined: 'Declined by the customer',
};

/** The name as one line: control characters and runs of white space become one space, trimmed. */
export const cleanName = (raw: string): string => raw.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();

/** The comment with its line breaks kept (as \n), other control characters dropped, trimmed. */
export const cleanComment = (raw: string): string =>
  raw
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    .trim();

/** The activity's message: "Accepted by the customer (Anna Muster)", the comment on the next line. */
export function decisionActivity(decision: CustomerDecision, name: string, comment: string | null): string {
  return `${LEAD[decision]} (${cleanName(name)})${comment ? `\n${cleanComment(comment)}` : ''}`;
}

export interface ReadDecision {
  decision: CustomerDecision;
  name: string;
  comment: string | null;
}

/** A decision's message read back; undefined for every other activity. */
export function readDecisionActivity(message: string): ReadDecision | undefined {
  const newline = message.indexOf('\n');
  const first = newline < 0 ? message : message.slice(0, newline);
  const match = /^(Accepted|Declined) by the customer \((.*)\)$/.exec(first);
  if (!match) return undefined;
  const comment = newline < 0 ? '' : message.slice(newline + 1).trim();
  return {
    decision: match[1] === 'Accepted' ? 'accepted' : 'declined',
    name: match[2],
    comment: comment === '' ? null : comment,
  };
}

/** The activities of the bookkeeper's moves that decide a proposal (src/server/domain/documents.ts). */
const MARKED: Readonly<Record<CustomerDecision, string>> = {
  accepted: 'Marked as accepted',
  declined: 'Marked as declined',
};
const REOPENED = 'Marked as open';

export interface StandingDecision<T> {
  decision: CustomerDecision;
  /** the activity that decided: the customer's answer or the bookkeeper's mark-as */
  activity: T;
  /** who decided through the link; null when the bookkeeper marked it */
  name: string | null;
  comment: string | null;
}

/**
 * The decision a proposal in status accepted, declined or confirmation stands on, from its activities
 * newest first: the latest customer answer or mark-as since it was last marked open. Undefined for an
 * open or sent proposal, and for one whose activities do not say (an order confirmation made directly).
 */
export function standingDecision<T extends { message: string }>(
  status: string,
  newestFirst: readonly T[],
): StandingDecision<T> | undefined {
  if (status !== 'accepted' && status !== 'declined' && status !== 'confirmation') return undefined;
  const outcome: CustomerDecision = status === 'declined' ? 'declined' : 'accepted';
  for (const activity of newestFirst) {
    if (activity.message === REOPENED) return undefined;
    const read = readDecisionActivity(activity.message);
    if (read)
      return read.decision === outcome
        ? { decision: outcome, activity, name: read.name, comment: read.comment }
        : undefined;
    if (activity.message === MARKED[outcome]) return { decision: outcome, activity, name: null, comment: null };
  }
  return undefined;
}
