import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  discountOf,
  documentTotals,
  grossOf,
  netOf,
  positionSum,
  type DocumentTotalsInput,
  type LinePosition,
  type PricedPosition,
} from '../../src/domain/document-totals.js';

const line = (
  amount: number,
  price: number,
  discount = 0,
  discountType: LinePosition['discountType'] = null,
): LinePosition => ({ type: 'position', amount, price, discount, discountType });
const doc = (positions: PricedPosition[], opts: Partial<DocumentTotalsInput> = {}): DocumentTotalsInput => ({
  positions,
  discountRate: null,
  vatRate: null,
  vatIncluded: false,
  addRoundingDifference: false,
  ...opts,
});

describe('position sums', () => {
  test.each([
    // amount (thousandths), price (Rappen), expected gross
    [1000, 15000, 15000],
    [2500, 15000, 37500],
    [1, 1, 0],
    [500, 1, 1],
    [499, 1, 0],
    [333, 100, 33],
    [1234, 999, 1233],
    [0, 5000, 0],
  ])('%i × %i → %i Rappen, half up', (amount, price, gross) => {
    expect(grossOf({ amount, price })).toBe(gross);
    expect(positionSum(line(amount, price))).toBe(gross);
  });

  test('an absolute discount takes its Rappen off the line', () => {
    expect(positionSum(line(2000, 10000, 2550, 'absolute'))).toBe(17450);
  });

  test('a percentage discount takes its share of the gross, half up', () => {
    // 3 × 33.35 = 100.05; 12.5 % of it = 12.50625 → 12.51
    expect(discountOf(10005, 1250, 'percentage')).toBe(1251);
    expect(positionSum(line(3000, 3335, 1250, 'percentage'))).toBe(10005 - 1251);
    expect(positionSum(line(1000, 10000, 10000, 'percentage'))).toBe(0);
  });

  test('a discount without a type, or of zero, takes nothing', () => {
    expect(positionSum(line(1000, 10000, 500, null))).toBe(10000);
    expect(positionSum(line(1000, 10000, 0, 'absolute'))).toBe(10000);
  });

  test('text counts nothing; a collection sums its children, nested too', () => {
    expect(positionSum({ type: 'text' })).toBe(0);
    const inner: PricedPosition = { type: 'collection', children: [line(1000, 100), { type: 'text' }] };
    expect(
      positionSum({ type: 'collection', children: [line(2000, 250), inner, line(1000, 1000, 1000, 'percentage')] }),
    ).toBe(500 + 100 + 900);
    expect(positionSum({ type: 'collection', children: [] })).toBe(0);
  });
});

describe('document totals', () => {
  test('no discount, no VAT, no rounding: every total is the sum', () => {
    expect(documentTotals(doc([line(1000, 12345)]))).toEqual({
      total_value: 12345,
      discount_amount: 0,
      total_value_with_discount: 12345,
      vat_amount: 0,
      total_value_with_vat: 12345,
      rounding_difference: 0,
      final_value: 12345,
    });
  });

  test('the hand-checked example of docs/service/documents.md', () => {
    // collection "Website": 12.5 h × 150.00 = 1875.00 and 3 h × 120.00 = 360.00 → 2235.00;
    // hosting 1 × 480.00 − 10 % = 432.00; a text line 0; total 2667.00
    // discount 2 % = 53.34; with discount 2613.66; VAT 8.1 % = 211.70646 → 211.71;
    // with VAT 2825.37; rounded to 0.05: 2825.35, difference −0.02
    const positions: PricedPosition[] = [
      { type: 'collection', children: [line(12500, 15000), line(3000, 12000)] },
      line(1000, 48000, 1000, 'percentage'),
      { type: 'text' },
    ];
    expect(documentTotals(doc(positions, { discountRate: 250, vatRate: 810, addRoundingDifference: true }))).toEqual({
      total_value: 266700,
      discount_amount: 6668,
      total_value_with_discount: 260032,
      vat_amount: 21063,
      total_value_with_vat: 281095,
      rounding_difference: 0,
      final_value: 281095,
    });
  });

  test('VAT exclusive comes on top; inclusive is contained', () => {
    const exclusive = documentTotals(doc([line(1000, 10000)], { vatRate: 810 }));
    expect([exclusive.vat_amount, exclusive.total_value_with_vat, exclusive.final_value]).toEqual([810, 10810, 10810]);
    const inclusive = documentTotals(doc([line(1000, 10810)], { vatRate: 810, vatIncluded: true }));
    expect([inclusive.vat_amount, inclusive.total_value_with_vat, netOf(inclusive)]).toEqual([810, 10810, 10000]);
  });

  test('a tax rate of 0 % gives a VAT line of 0', () => {
    expect(documentTotals(doc([line(1000, 10000)], { vatRate: 0 })).vat_amount).toBe(0);
  });

  test('rounding to 0.05 shows the difference, up and down', () => {
    expect(documentTotals(doc([line(1000, 10012)], { addRoundingDifference: true }))).toMatchObject({
      final_value: 10010,
      rounding_difference: -2,
    });
    expect(documentTotals(doc([line(1000, 10013)], { addRoundingDifference: true }))).toMatchObject({
      final_value: 10015,
      rounding_difference: 2,
    });
    expect(documentTotals(doc([line(1000, 10025)], { addRoundingDifference: true }))).toMatchObject({
      final_value: 10025,
      rounding_difference: 0,
    });
    expect(documentTotals(doc([line(1000, 10012)]))).toMatchObject({ final_value: 10012, rounding_difference: 0 });
  });

  test('a full document discount leaves nothing', () => {
    expect(
      documentTotals(doc([line(3000, 999)], { discountRate: 10000, vatRate: 810, addRoundingDifference: true }))
        .final_value,
    ).toBe(0);
  });

  test('an empty document is all zeros', () => {
    expect(
      Object.values(documentTotals(doc([], { vatRate: 810, discountRate: 500, addRoundingDifference: true }))),
    ).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });
});

// ---- properties ---------------------------------------------------------------------------------

const lineArb: fc.Arbitrary<LinePosition> = fc.record({
  type: fc.constant('position' as const),
  amount: fc.integer({ min: 0, max: 10_000_000 }),
  price: fc.integer({ min: 0, max: 10_000_000 }),
  discountType: fc.constantFrom(null, 'absolute' as const, 'percentage' as const),
  discount: fc.integer({ min: 0, max: 10_000 }),
});
const { position: positionArb } = fc.letrec<{ position: PricedPosition }>((tie) => ({
  position: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    lineArb,
    fc.constant({ type: 'text' as const }),
    fc.record({ type: fc.constant('collection' as const), children: fc.array(tie('position'), { maxLength: 4 }) }),
  ),
}));
const inputArb: fc.Arbitrary<DocumentTotalsInput> = fc.record({
  positions: fc.array(positionArb, { maxLength: 8 }),
  discountRate: fc.option(fc.integer({ min: 0, max: 10_000 })),
  vatRate: fc.option(fc.constantFrom(0, 260, 380, 810, 770, 250, 1999)),
  vatIncluded: fc.boolean(),
  addRoundingDifference: fc.boolean(),
});

const leaves = (ps: readonly PricedPosition[]): PricedPosition[] =>
  ps.flatMap((p) => (p.type === 'collection' ? leaves(p.children) : [p]));

describe('document totals, for any positions', () => {
  test('the net plus the VAT line equals the total with VAT, to the Rappen', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const t = documentTotals(input);
        expect(netOf(t) + t.vat_amount).toBe(t.total_value_with_vat);
        expect(Number.isInteger(t.vat_amount) && Number.isInteger(t.final_value)).toBe(true);
      }),
    );
  });

  test('the final value is the total with VAT plus the rounding difference, a multiple of 5 when rounding', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const t = documentTotals(input);
        expect(t.final_value).toBe(t.total_value_with_vat + t.rounding_difference);
        if (input.addRoundingDifference) {
          expect(Math.abs(t.final_value % 5)).toBe(0);
          expect(Math.abs(t.rounding_difference)).toBeLessThanOrEqual(2);
        } else {
          expect(t.rounding_difference).toBe(0);
        }
      }),
    );
  });

  test('the discount is the total minus the discounted total, and never more than the total', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const t = documentTotals(input);
        expect(t.total_value - t.discount_amount).toBe(t.total_value_with_discount);
        if (t.total_value >= 0) expect(t.discount_amount).toBeLessThanOrEqual(t.total_value);
      }),
    );
  });

  test('collections change nothing: the total is the sum of the leaves', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        expect(documentTotals(input).total_value).toBe(
          documentTotals({ ...input, positions: leaves(input.positions) }).total_value,
        );
      }),
    );
  });

  test('the VAT is the rate applied to the net within one Rappen', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const t = documentTotals(input);
        if (input.vatRate === null) {
          expect(t.vat_amount).toBe(0);
          return;
        }
        // |vat − net × rate| ≤ 1 Rappen, compared in exact integers (× 10000)
        expect(Math.abs(t.vat_amount * 10000 - netOf(t) * input.vatRate)).toBeLessThanOrEqual(10000 + input.vatRate);
      }),
    );
  });
});
