import { describe, expect, test } from 'vitest';
import { documentView } from '../../src/cli/documents/view.js';

const invoice = {
  type: 'invoice',
  number: 'R-2026-004',
  generated_title: 'Rechnung R-2026-004',
  title: null,
  status: 'reminder_one',
  overdue: true,
  customer_id: 3,
  customer: { name: 'Muster AG', number: 1003 },
  contact: { name: 'Eva Muster' },
  project: { name: 'Website' },
  date: '2026-03-02',
  payable_until: '2026-04-01',
  payableDays: 30,
  reminder_due_date: '2026-04-20',
  currency: 'CHF',
  positions: [
    { id: 1, type: 'collection', title: 'Website', sum: 2235, parent_id: null },
    {
      id: 2,
      type: 'position',
      description: 'Konzept und Design',
      amount: 12.5,
      unit: 'h',
      price: 150,
      sum: 1875,
      discount_amount: 0,
      discount_type: null,
      parent_id: 1,
    },
    {
      id: 3,
      type: 'position',
      description: 'Umsetzung',
      amount: 3,
      unit: 'h',
      price: 120,
      sum: 360,
      discount_amount: 0,
      discount_type: null,
      parent_id: 1,
    },
    {
      id: 4,
      type: 'position',
      description: 'Hosting 2026',
      amount: 1,
      unit: null,
      price: 480,
      sum: 432,
      discount_amount: 10,
      discount_type: 'percentage',
      parent_id: null,
    },
    { id: 5, type: 'text', description: 'Zahlbar innert 30 Tagen', parent_id: null },
  ],
  total_value: 2667,
  discount_rate: 2,
  discount_amount: 53.34,
  vat_active: true,
  vat_included: false,
  tax_rate: { name: 'MWST 8.1 %', name_on_documents: 'MWST 8.1 %', rate: 8.1 },
  lang: 'de',
  total_value_with_discount: 2613.66,
  vat_amount: 211.71,
  total_value_with_vat: 2825.37,
  rounding_difference: -0.02,
  final_value: 2825.35,
  proposal: { number: 'O-2026-002' },
  time_ids: [7, 8],
  entry_ids: [],
  receivable_entry_id: 11,
  entry_id: null,
  entries: [{ id: 11, number: 'E-2026-005' }],
};

describe('documentView', () => {
  test("an invoice reads like the document: UID, VAT line with rate and base, one total, a reminder's open sum", () => {
    expect(documentView(invoice, {}, { vatNumber: 'CHE-123.456.788' }).join('\n')).toBe(
      [
        'Rechnung R-2026-004  ·  1st reminder  ·  overdue',
        'Customer   Muster AG (1003), Eva Muster',
        'Project    Website',
        'Date       02.03.2026, payable until 01.04.2026 (30 days)',
        'Reminder   due 20.04.2026',
        'VAT no.    CHE-123.456.788 MWST',
        '',
        '#  DESCRIPTION              QUANTITY   PRICE  DISCOUNT       CHF',
        "   Website                                              2'235.00",
        "1    Konzept und Design       12.5 h  150.00            1'875.00",
        '2    Umsetzung                   3 h  120.00              360.00',
        '3  Hosting 2026                    1  480.00      10 %    432.00',
        '   Zahlbar innert 30 Tagen',
        '',
        "Subtotal                   2'667.00",
        'Discount 2 %                 -53.34',
        "VAT 8.1 % on CHF 2'613.66    211.71",
        'Rounding                      -0.02',
        "Total CHF                  2'825.35",
        "Open CHF                   2'825.35",
        '',
        'Linked: proposal O-2026-002; 2 time entries; receivable booking E-2026-005',
      ].join('\n'),
    );
  });

  test('VAT included: total, "incl. VAT 8.1 % on" net; own name replaces "VAT", not rate; rounding: one total', () => {
    const included = documentView({
      ...invoice,
      status: 'sent',
      positions: [],
      discount_amount: 0,
      total_value: 1081,
      vat_included: true,
      vat_amount: 81,
      total_value_with_vat: 1081,
      rounding_difference: 0,
      final_value: 1081,
      tax_rate: { name: 'Normalsatz', name_on_documents: 'Mehrwertsteuer 7.7 %', rate: 8.1 },
    });
    expect(included.slice(included.indexOf('') + 1, included.indexOf('') + 4)).toEqual([
      "Subtotal                                    1'081.00",
      "Total CHF                                   1'081.00",
      "incl. Mehrwertsteuer 8.1 % on CHF 1'000.00     81.00",
    ]);
    const rounded = documentView({
      ...invoice,
      status: 'sent',
      positions: [],
      discount_amount: 0,
      vat_active: false,
      total_value: 416.04,
      rounding_difference: 0.01,
      final_value: 416.05,
    });
    expect(rounded.filter((l) => /^(Subtotal|Rounding|Total)/.test(l))).toEqual([
      'Subtotal   416.04',
      'Rounding     0.01',
      'Total CHF  416.05',
    ]);
  });

  test('a proposal without positions, VAT or links', () => {
    const lines = documentView({
      type: 'proposal',
      number: 'O-2026-001',
      generated_title: 'Website',
      title: 'Website',
      status: 'confirmation',
      overdue: false,
      customer_id: 1,
      customer: { name: 'Alpha', number: null },
      date: '2026-01-01',
      valid_until: '2026-01-15',
      payableDays: 14,
      currency: 'EUR',
      positions: [],
      total_value: 0,
      discount_amount: 0,
      vat_active: false,
      rounding_difference: 0,
      final_value: 0,
      invoices: [{ number: 'R-2026-001' }],
    });
    expect(lines).toEqual([
      'Website  ·  order confirmation',
      'Number     O-2026-001',
      'Customer   Alpha',
      'Date       01.01.2026, valid until 15.01.2026 (14 days)',
      '',
      'Subtotal   0.00',
      'Total EUR  0.00',
      '',
      'Linked: invoices R-2026-001',
    ]);
  });

  test('a preview without the due date the service would fill in shows the date alone', () => {
    const lines = documentView({
      type: 'invoice',
      number: 'R-2026-007',
      generated_title: 'R-2026-007',
      status: 'open',
      customer: { name: 'Alpha', number: 1001 },
      date: '2026-03-01',
      positions: [],
      total_value: '0.00',
      discount_amount: '0.00',
      vat_active: false,
      rounding_difference: '0.00',
      final_value: '0.00',
    });
    expect(lines.slice(0, 3)).toEqual(['R-2026-007  ·  open', 'Customer   Alpha (1001)', 'Date       01.03.2026']);
  });
});
