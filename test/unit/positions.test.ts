import { describe, expect, test } from 'vitest';
import { documentTotals } from '../../src/domain/document-totals.js';
import { parsePosition, parsePositions, pricedOf, MAX_POSITIONS } from '../../src/server/domain/positions.js';

const ok = <T>(r: { ok: true; value: T } | { ok: false }) => {
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r)}`);
  return r.value;
};

describe('parsePositions', () => {
  test('a JSON string and a plain array read the same, in stored units', () => {
    const items = [{ description: 'Beratung', amount: 2.5, price: '150', unit: 'h' }];
    const fromString = ok(parsePositions(JSON.stringify(items), false));
    expect(fromString).toEqual(ok(parsePositions(items, false)));
    expect(fromString[0]).toMatchObject({
      type: 'position',
      description: 'Beratung',
      amount: 2500,
      price: 15000,
      unit: 'h',
      discount: 0,
      discountType: null,
    });
  });

  test('text and collection items', () => {
    const [text, collection] = ok(
      parsePositions(
        [
          { type: 'text', text: 'Zahlbar innert 30 Tagen' },
          {
            type: 'collection',
            title: 'Website',
            positions: [
              { description: 'Design', amount: 1, price: 800 },
              { type: 'text', text: 'inkl. Entwürfe' },
            ],
          },
        ],
        false,
      ),
    );
    expect(text).toMatchObject({ type: 'text', description: 'Zahlbar innert 30 Tagen' });
    expect(collection.title).toBe('Website');
    expect(collection.children.map((c) => c.type)).toEqual(['position', 'text']);
  });

  test('discounts: absolute in Rappen, percentage in hundredths of a percent', () => {
    const [a, p] = ok(
      parsePositions(
        [
          { description: 'a', amount: 1, price: 100, discount_amount: 12.5, discount_type: 'absolute' },
          { description: 'p', amount: 1, price: 100, discount_amount: '7.5', discount_type: 'percentage' },
        ],
        false,
      ),
    );
    expect([a.discount, a.discountType, p.discount, p.discountType]).toEqual([1250, 'absolute', 750, 'percentage']);
  });

  test('dates only on invoices', () => {
    expect(ok(parsePositions([{ description: 'x', amount: 1, price: 1, date: '2026-03-01' }], true))[0].date).toBe(
      '2026-03-01',
    );
    expect(
      ok(parsePositions([{ description: 'x', amount: 1, price: 1, date: '2026-03-01' }], false))[0].date,
    ).toBeNull();
  });

  test.each([
    ['{not json', 'positions', 'The positions field must be a valid JSON string.'],
    ['{"a":1}', 'positions', 'The positions field must be an array.'],
    [[1], 'positions.0', 'The positions.0 field must be an object.'],
    [[{ type: 'image' }], 'positions.0.type', 'The selected positions.0.type is invalid.'],
    [[{ description: 'x', price: 1 }], 'positions.0.amount', 'The positions.0.amount field is required.'],
    [
      [{ description: 'x', amount: -1, price: 1 }],
      'positions.0.amount',
      'The positions.0.amount field must be a number of at least 0.',
    ],
    [
      [{ description: 'x', amount: 1.0005, price: 1 }],
      'positions.0.amount',
      'The positions.0.amount field must have at most 3 decimals.',
    ],
    [
      [{ description: 'x', amount: 1, price: '1.001' }],
      'positions.0.price',
      'The positions.0.price field must have at most 2 decimals.',
    ],
    [
      [{ description: 'x', amount: 1, price: 'abc' }],
      'positions.0.price',
      'The positions.0.price field must be a number of at least 0.',
    ],
    [
      [{ description: 'x', amount: 1, price: 1, discount_type: 'half' }],
      'positions.0.discount_type',
      'The selected positions.0.discount_type is invalid.',
    ],
    [
      [{ description: 'x', amount: 1, price: 1, discount_amount: 101, discount_type: 'percentage' }],
      'positions.0.discount_amount',
      'The positions.0.discount_amount field must not be greater than 100.',
    ],
    [
      [{ type: 'collection', title: 't', positions: [{ type: 'collection', title: 'u' }] }],
      'positions.0.positions.0.type',
      'The positions.0.positions.0 field cannot hold a collection inside a collection.',
    ],
    [
      [{ type: 'collection', title: 't', positions: [{ description: 'x', amount: 1 }] }],
      'positions.0.positions.0.price',
      'The positions.0.positions.0.price field is required.',
    ],
    [
      [{ description: 'x'.repeat(65536), amount: 1, price: 1 }],
      'positions.0.description',
      'The positions.0.description field must not be greater than 65535 characters.',
    ],
  ])('%j → %s', (raw, field, message) => {
    expect(parsePositions(raw, false)).toEqual({ ok: false, field, message });
  });

  test(`at most ${MAX_POSITIONS} items, children counted`, () => {
    const many = Array.from({ length: MAX_POSITIONS }, () => ({ description: 'x', amount: 1, price: 1 }));
    expect(parsePositions(many, false).ok).toBe(true);
    expect(parsePositions([...many, { type: 'text', text: 'one more' }], false)).toMatchObject({
      ok: false,
      field: 'positions',
    });
  });

  test('the parsed tree prices like the totals module expects', () => {
    const parsed = ok(
      parsePositions(
        [
          { type: 'collection', title: 'A', positions: [{ description: 'x', amount: 2, price: 10 }] },
          { description: 'y', amount: 1, price: 5, discount_amount: 10, discount_type: 'percentage' },
        ],
        false,
      ),
    );
    const totals = documentTotals({
      positions: parsed.map(pricedOf),
      discountRate: null,
      vatRate: null,
      vatIncluded: false,
      addRoundingDifference: false,
    });
    expect(totals.total_value).toBe(2000 + 450);
  });
});

describe('parsePosition', () => {
  test('names the field without the item prefix', () => {
    expect(parsePosition({ description: 'x', amount: 1 }, false)).toEqual({
      ok: false,
      field: 'price',
      message: 'The price field is required.',
    });
    expect(ok(parsePosition({ description: 'x', amount: '3', price: '2.50', unit: 'Stk' }, false))).toMatchObject({
      amount: 3000,
      price: 250,
      unit: 'Stk',
    });
  });
});
