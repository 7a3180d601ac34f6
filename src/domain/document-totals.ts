// The totals of a proposal or an invoice (service-decisions.md, "Documents: totals"). Pure and shared:
// the service stores them after every change of a document or its positions, and the CLI shows the
// invoice a `--dry-run` would create with the very same figures. Amounts are integer Rappen,
// quantities thousandths (1.5 → 1500), rates and percentages hundredths of a percent (8.1 % → 810).
import { mulDivRound, roundTo5 } from './money.js';

export type DiscountType = 'absolute' | 'percentage';

export interface LinePosition {
  type: 'position';
  /** quantity in thousandths */
  amount: number;
  /** unit price in Rappen */
  price: number;
  /** Rappen when absolute, hundredths of a percent when a percentage; 0 for none */
  discount: number;
  discountType: DiscountType | null;
}

export interface TextPosition {
  type: 'text';
}

export interface CollectionPosition {
  type: 'collection';
  children: readonly PricedPosition[];
}

export type PricedPosition = LinePosition | TextPosition | CollectionPosition;

export interface DocumentTotalsInput {
  positions: readonly PricedPosition[];
  /** document discount in hundredths of a percent, or null */
  discountRate: number | null;
  /** the tax rate in hundredths of a percent, or null when the document has no tax rate (vat_active false) */
  vatRate: number | null;
  /** prices include VAT (the VAT is contained in the total) rather than coming on top */
  vatIncluded: boolean;
  /** round the final value to 0.05 and show the difference */
  addRoundingDifference: boolean;
}

export interface DocumentTotals {
  total_value: number;
  discount_amount: number;
  total_value_with_discount: number;
  vat_amount: number;
  total_value_with_vat: number;
  rounding_difference: number;
  final_value: number;
}

/** amount × price, half up to the Rappen (amount has three implied decimals). */
export const grossOf = (p: Pick<LinePosition, 'amount' | 'price'>): number => mulDivRound(p.amount, p.price, 1000);

/** What a discount takes off a gross line: the absolute Rappen, or the percentage of the gross, half up. */
export function discountOf(gross: number, discount: number, discountType: DiscountType | null): number {
  if (!discount || discountType === null) return 0;
  return discountType === 'absolute' ? discount : mulDivRound(gross, discount, 10000);
}

/** The sum of one position: amount × price − discount; a collection sums its children; text counts 0. */
export function positionSum(p: PricedPosition): number {
  switch (p.type) {
    case 'text':
      return 0;
    case 'collection':
      return p.children.reduce((total, child) => total + positionSum(child), 0);
    case 'position': {
      const gross = grossOf(p);
      return gross - discountOf(gross, p.discount, p.discountType);
    }
  }
}

/**
 * The document's totals, each step rounded half up to the Rappen:
 * total_value = Σ positions; discount = total × rate; with discount = total − discount;
 * VAT exclusive: vat = twd × rate, with VAT = twd + vat; VAT inclusive: vat = twd × rate / (100 % + rate),
 * with VAT = twd; final = with VAT, to 0.05 when rounding is on (the difference kept apart).
 * So the net (with VAT − vat) plus the VAT line always equals the total with VAT, and the final value
 * is that total plus the rounding difference.
 */
export function documentTotals(input: DocumentTotalsInput): DocumentTotals {
  const total = input.positions.reduce((sum, p) => sum + positionSum(p), 0);
  const discount = input.discountRate ? mulDivRound(total, input.discountRate, 10000) : 0;
  const withDiscount = total - discount;
  let vat = 0;
  let withVat = withDiscount;
  if (input.vatRate !== null) {
    if (input.vatIncluded) vat = mulDivRound(withDiscount, input.vatRate, 10000 + input.vatRate);
    else {
      vat = mulDivRound(withDiscount, input.vatRate, 10000);
      withVat = withDiscount + vat;
    }
  }
  const final = input.addRoundingDifference ? roundTo5(withVat) : withVat;
  return {
    total_value: total,
    discount_amount: discount,
    total_value_with_discount: withDiscount,
    vat_amount: vat,
    total_value_with_vat: withVat,
    rounding_difference: final - withVat,
    final_value: final,
  };
}

/** The net of a document: what the total with VAT holds besides the VAT. */
export const netOf = (t: DocumentTotals): number => t.total_value_with_vat - t.vat_amount;
