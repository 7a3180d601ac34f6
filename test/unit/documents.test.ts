import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  addMonths,
  documentRunningNumber,
  dueOccurrences,
  formatDocumentNumber,
  generatedTitle,
  INVOICE_STATUSES,
  INVOICE_TARGETS,
  invoiceMove,
  isOverdue,
  isReminder,
  nextReminder,
  occurrence,
  payableDays,
  PROPOSAL_STATUSES,
  proposalMove,
  shiftedDue,
} from '../../src/server/domain/documents.js';

describe('proposal state machine', () => {
  // the spec's table, as [from, target] → next is target
  const allowed = new Set([
    'open>sent',
    'sent>open',
    'sent>accepted',
    'sent>declined',
    'accepted>open',
    'accepted>confirmation',
    'declined>open',
    'confirmation>accepted',
  ]);
  for (const from of PROPOSAL_STATUSES) {
    for (const target of [...PROPOSAL_STATUSES, 'overdue', 'paid', '']) {
      const key = `${from}>${target}`;
      test(`${key} is ${allowed.has(key) ? 'allowed' : 'refused'}`, () => {
        const move = proposalMove(from, target);
        if (allowed.has(key)) expect(move?.next).toBe(target);
        else expect(move).toBeUndefined();
      });
    }
  }

  test('activities name the move', () => {
    expect(proposalMove('accepted', 'confirmation')!.activity.message).toBe('Converted to order confirmation');
    expect(proposalMove('sent', 'declined')!.activity.message).toBe('Marked as declined');
    expect(proposalMove('confirmation', 'accepted')!.activity.message).toBe('Marked as accepted');
  });
});

describe('invoice state machine', () => {
  const table: Record<string, string> = {
    'open>sent': 'sent',
    'sent>open': 'open',
    'sent>paid': 'paid',
    'sent>reminder_one': 'reminder_one',
    'paid>unpaid': 'sent',
    'reminder_one>undo_reminder_one': 'sent',
    'reminder_one>reminder_two': 'reminder_two',
    'reminder_one>paid': 'paid',
    'reminder_two>reminder_one': 'reminder_one',
    'reminder_two>reminder_three': 'reminder_three',
    'reminder_two>paid': 'paid',
    'reminder_three>reminder_two': 'reminder_two',
    'reminder_three>paid': 'paid',
  };
  for (const from of INVOICE_STATUSES) {
    for (const target of [...INVOICE_TARGETS, 'overdue', 'all']) {
      const key = `${from}>${target}`;
      test(`${key} → ${table[key] ?? 'refused'}`, () => {
        expect(invoiceMove(from, target)?.next).toBe(table[key]);
      });
    }
  }

  test('effects: receivable on sent, its removal on open, payment on paid and its removal on unpaid', () => {
    expect(invoiceMove('open', 'sent')!.effects).toEqual(['receivable']);
    expect(invoiceMove('sent', 'open')!.effects).toEqual(['removeReceivable']);
    for (const from of ['sent', 'reminder_one', 'reminder_two', 'reminder_three'] as const) {
      expect(invoiceMove(from, 'paid')!.effects).toEqual(['payment', 'timesPaid']);
      expect(invoiceMove(from, 'paid')!.activity).toEqual({ message: 'Marked as paid', color: 'green' });
    }
    expect(invoiceMove('paid', 'unpaid')!.effects).toEqual(['removePayment', 'timesInvoiced']);
    expect(invoiceMove('reminder_one', 'undo_reminder_one')!.effects).toEqual(['clearReminderDue']);
    expect(invoiceMove('reminder_two', 'reminder_three')).toMatchObject({
      effects: ['reminderDue'],
      activity: { message: 'Reminder 3 sent', color: 'orange' },
    });
  });

  test('the next reminder level', () => {
    expect(nextReminder('sent')).toBe('reminder_one');
    expect(nextReminder('reminder_one')).toBe('reminder_two');
    expect(nextReminder('reminder_two')).toBe('reminder_three');
    expect(nextReminder('reminder_three')).toBeUndefined();
    expect(nextReminder('open')).toBeUndefined();
    expect(nextReminder('paid')).toBeUndefined();
    for (const from of INVOICE_STATUSES) {
      const next = nextReminder(from);
      if (next) expect(invoiceMove(from, next)?.next).toBe(next);
    }
    expect(['reminder_one', 'reminder_three'].every(isReminder) && !isReminder('sent')).toBe(true);
  });
});

describe('numbers, titles, due days', () => {
  test('numbers have at least three digits and parse back', () => {
    expect(formatDocumentNumber('invoice', 2026, 4)).toBe('R-2026-004');
    expect(formatDocumentNumber('proposal', 2026, 1234)).toBe('O-2026-1234');
    expect(documentRunningNumber('invoice', 2026, 'R-2026-004')).toBe(4);
    expect(documentRunningNumber('invoice', 2026, 'R-2026-7')).toBe(7);
    expect(documentRunningNumber('invoice', 2025, 'R-2026-004')).toBeUndefined();
    expect(documentRunningNumber('proposal', 2026, 'R-2026-004')).toBeUndefined();
    expect(documentRunningNumber('invoice', 2026, 'R-2026-000')).toBeUndefined();
    expect(documentRunningNumber('invoice', 2026, 'R-2026-12a')).toBeUndefined();
  });

  test.each([
    ['invoice', 'de', 'open', 'Rechnung R-2026-001'],
    ['invoice', 'en', 'paid', 'Invoice R-2026-001'],
    ['invoice', 'fr', 'sent', 'Facture R-2026-001'],
    ['invoice', 'it', 'sent', 'Fattura R-2026-001'],
    ['proposal', 'de', 'open', 'Offerte R-2026-001'],
    ['proposal', 'en', 'sent', 'Proposal R-2026-001'],
    ['proposal', 'fr', 'accepted', 'Offre R-2026-001'],
    ['proposal', 'it', 'declined', 'Offerta R-2026-001'],
    ['proposal', 'de', 'confirmation', 'Auftragsbestätigung R-2026-001'],
    ['proposal', 'en', 'confirmation', 'Order confirmation R-2026-001'],
    ['proposal', 'fr', 'confirmation', 'Confirmation de commande R-2026-001'],
    ['proposal', 'it', 'confirmation', "Conferma d'ordine R-2026-001"],
  ] as const)('%s in %s, %s → %s', (type, lang, status, title) => {
    expect(generatedTitle(type, { title: null, number: 'R-2026-001', lang, status })).toBe(title);
  });

  test('a title set wins', () => {
    expect(generatedTitle('invoice', { title: 'Website', number: 'R-2026-001', lang: 'de', status: 'open' })).toBe(
      'Website',
    );
  });

  test('payable days and overdue', () => {
    expect(payableDays('2026-01-31', '2026-03-02')).toBe(30);
    expect(isOverdue('invoice', 'sent', '2026-11-22', '2026-11-23')).toBe(true);
    expect(isOverdue('invoice', 'reminder_two', '2026-11-22', '2026-11-23')).toBe(true);
    expect(isOverdue('invoice', 'sent', '2026-11-23', '2026-11-23')).toBe(false);
    expect(isOverdue('invoice', 'open', '2026-01-01', '2026-11-23')).toBe(false);
    expect(isOverdue('invoice', 'paid', '2026-01-01', '2026-11-23')).toBe(false);
    expect(isOverdue('proposal', 'open', '2026-01-01', '2026-11-23')).toBe(true);
    expect(isOverdue('proposal', 'sent', '2026-01-01', '2026-11-23')).toBe(true);
    expect(isOverdue('proposal', 'accepted', '2026-01-01', '2026-11-23')).toBe(false);
  });
});

describe('recurring dates', () => {
  test.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2026-01-31', 2, '2026-03-31'],
    ['2026-08-31', 1, '2026-09-30'],
    ['2026-11-15', 2, '2027-01-15'],
    ['2026-12-31', 12, '2027-12-31'],
    ['2024-02-29', 12, '2025-02-28'],
    ['2026-05-10', -5, '2025-12-10'],
  ])('%s + %i months → %s', (date, months, expected) => {
    expect(addMonths(date, months)).toBe(expected);
  });

  test('occurrences count from the template, so a 31st comes back after a short month', () => {
    expect([1, 2, 3].map((k) => occurrence('2026-01-31', 'monthly', k))).toEqual([
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
    ]);
    expect(occurrence('2026-01-31', 'quarterly', 1)).toBe('2026-04-30');
    expect(occurrence('2026-02-28', 'yearly', 2)).toBe('2028-02-28');
  });

  test('due occurrences: up to today and the stop date, each once', () => {
    const template = { date: '2026-01-15', interval: 'monthly' as const, stopAt: null };
    expect(dueOccurrences(template, '2026-01-31', new Set())).toEqual([]);
    expect(dueOccurrences(template, '2026-04-15', new Set())).toEqual([
      { k: 1, date: '2026-02-15' },
      { k: 2, date: '2026-03-15' },
      { k: 3, date: '2026-04-15' },
    ]);
    expect(dueOccurrences(template, '2026-04-15', new Set([1, 2]))).toEqual([{ k: 3, date: '2026-04-15' }]);
    expect(dueOccurrences({ ...template, stopAt: '2026-03-14' }, '2026-12-31', new Set())).toEqual([
      { k: 1, date: '2026-02-15' },
    ]);
  });

  test('a copy keeps the distance to its due date', () => {
    expect(shiftedDue({ date: '2026-01-15', payable_until: '2026-02-14' }, '2026-03-15')).toBe('2026-04-14');
  });

  test('every occurrence lies after the template and before the next one', () => {
    const dateArb = fc
      .record({
        y: fc.integer({ min: 2000, max: 2099 }),
        m: fc.integer({ min: 1, max: 12 }),
        d: fc.integer({ min: 1, max: 28 }),
      })
      .map(({ y, m, d }) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
    fc.assert(
      fc.property(
        dateArb,
        fc.constantFrom('monthly' as const, 'quarterly' as const, 'yearly' as const),
        fc.integer({ min: 1, max: 40 }),
        (date, interval, k) => {
          expect(occurrence(date, interval, k)! > occurrence(date, interval, k - 1)!).toBe(true);
          expect(occurrence(date, interval, k)!.slice(8)).toBe(date.slice(8));
        },
      ),
    );
  });

  test('the calendar ends on 9999-12-31: no occurrence past it, and a copy is due by then at the latest', () => {
    expect(occurrence('9999-11-30', 'monthly', 1)).toBe('9999-12-30');
    expect(occurrence('9999-11-30', 'monthly', 2)).toBeUndefined();
    expect(dueOccurrences({ date: '9999-10-31', interval: 'monthly', stopAt: null }, '9999-12-31', new Set())).toEqual([
      { k: 1, date: '9999-11-30' },
      { k: 2, date: '9999-12-31' },
    ]);
    expect(shiftedDue({ date: '9999-10-31', payable_until: '9999-11-30' }, '9999-12-31')).toBe('9999-12-31');
    expect(shiftedDue({ date: '2026-01-15', payable_until: '9999-12-31' }, '2026-02-15')).toBe('9999-12-31');
  });
});
