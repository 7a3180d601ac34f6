// The customer's answer as the activities record it (written by the service, read back by the CLI),
// the decision a decided proposal stands on, and when the link takes no answer.
import { describe, expect, test } from 'vitest';
import {
  cleanComment,
  cleanName,
  decisionActivity,
  readDecisionActivity,
  standingDecision,
} from '../../src/domain/proposal-decision.js';
import { decisionRefusal } from '../../src/server/domain/documents.js';

describe('the decision activity', () => {
  test('written and read back: name, comment on the next lines', () => {
    const message = decisionActivity('declined', 'Anna Muster', 'Zu teuer.\nVielleicht nächstes Jahr.');
    expect(message).toBe('Declined by the customer (Anna Muster)\nZu teuer.\nVielleicht nächstes Jahr.');
    expect(readDecisionActivity(message)).toEqual({
      decision: 'declined',
      name: 'Anna Muster',
      comment: 'Zu teuer.\nVielleicht nächstes Jahr.',
    });
    expect(decisionActivity('accepted', 'Bob', null)).toBe('Accepted by the customer (Bob)');
    expect(readDecisionActivity('Accepted by the customer (Bob)')).toEqual({
      decision: 'accepted',
      name: 'Bob',
      comment: null,
    });
  });

  test('a name with parentheses and line breaks stays one line and reads back whole', () => {
    const message = decisionActivity('accepted', 'Muster (AG)\n  Einkauf): x', 'ok');
    expect(message).toBe('Accepted by the customer (Muster (AG) Einkauf): x)\nok');
    expect(readDecisionActivity(message)).toEqual({
      decision: 'accepted',
      name: 'Muster (AG) Einkauf): x',
      comment: 'ok',
    });
  });

  test('other activities are no decision', () => {
    for (const m of [
      'Marked as accepted',
      'Viewed through the public link',
      'Accepted by the customer',
      'Created',
      'accepted by the customer (x)',
    ]) {
      expect(readDecisionActivity(m)).toBeUndefined();
    }
  });

  test("cleaning: the name one line, the comment's line breaks kept and control characters dropped", () => {
    expect(cleanName(' \tAnna\r\n  Muster\u0000 ')).toBe('Anna Muster');
    expect(cleanComment('  Zeile 1\r\nZeile 2\rZeile 3\u0007  ')).toBe('Zeile 1\nZeile 2\nZeile 3');
  });
});

describe('the decision a proposal stands on (activities newest first)', () => {
  const acts = (...messages: string[]) => messages.map((message, i) => ({ message, i }));

  test("the customer's answer, with name and comment", () => {
    const a = acts(
      'Viewed through the public link',
      'Accepted by the customer (Anna)\nGerne',
      'Viewed through the public link',
      'Created',
    );
    expect(standingDecision('accepted', a)).toEqual({
      decision: 'accepted',
      activity: a[1],
      name: 'Anna',
      comment: 'Gerne',
    });
  });

  test("the bookkeeper's mark-as: no name", () => {
    const a = acts('Marked as declined', 'Marked as sent', 'Created');
    expect(standingDecision('declined', a)).toEqual({
      decision: 'declined',
      activity: a[0],
      name: null,
      comment: null,
    });
  });

  test('an order confirmation stands on the acceptance before it', () => {
    const a = acts('Converted to order confirmation', 'Accepted by the customer (Anna)', 'Created');
    expect(standingDecision('confirmation', a)).toMatchObject({ decision: 'accepted', name: 'Anna' });
  });

  test('nothing before a reopening counts; open and sent proposals stand on no decision', () => {
    expect(
      standingDecision(
        'accepted',
        acts('Marked as accepted', 'Marked as sent', 'Marked as open', 'Declined by the customer (Bob)'),
      ),
    ).toMatchObject({ name: null });
    expect(standingDecision('declined', acts('Marked as open', 'Declined by the customer (Bob)'))).toBeUndefined();
    expect(standingDecision('declined', acts('Accepted by the customer (Bob)'))).toBeUndefined();
    expect(standingDecision('open', acts('Marked as open', 'Accepted by the customer (Bob)'))).toBeUndefined();
    expect(standingDecision('sent', acts('Accepted by the customer (Bob)'))).toBeUndefined();
  });
});

describe('when the link takes an answer', () => {
  test('open or sent and not past valid_until (none: no end); otherwise why not', () => {
    expect(decisionRefusal('open', '2026-05-31', '2026-05-31')).toBeUndefined();
    expect(decisionRefusal('sent', '2026-05-31', '2026-05-01')).toBeUndefined();
    expect(decisionRefusal('sent', null, '2099-01-01')).toBeUndefined();
    expect(decisionRefusal('open', '2026-05-31', '2026-06-01')).toBe('expired');
    expect(decisionRefusal('accepted', '2099-01-01', '2026-06-01')).toBe('accepted');
    expect(decisionRefusal('declined', '2099-01-01', '2026-06-01')).toBe('declined');
    expect(decisionRefusal('confirmation', '2020-01-01', '2026-06-01')).toBe('confirmation');
  });
});
