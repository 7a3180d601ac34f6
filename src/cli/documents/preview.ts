// `create --dry-run`: the document that would be created, with the totals the service would compute
// (the same pure rule, src/domain/document-totals.ts), from the body and what the API says about the
// customer, the tax rate and the project. Nothing is written; dates the service would fill in from
// the company's settings are left out.
import type { DocumentRecord } from '../../api/endpoints/documents.js';
import { documentTotals, positionSum, type PricedPosition } from '../../domain/document-totals.js';
import { rappenToNumber, scaledToString, toScaled } from '../../domain/money.js';
import { UsageError } from '../../errors.js';
import type { KindFacts } from './fields.js';

type Rec = Record<string, any>;

/** What the preview reads from the API besides the body. */
export interface PreviewFacts {
  /** the next free number (the one the document would get without --number) */
  number: string;
  customer: Rec;
  taxRate: Rec | null;
  project: Rec | null;
}

function scaled(value: unknown, places: number, what: string, fallback?: number): number {
  if ((value === undefined || value === null || value === '') && fallback !== undefined) return fallback;
  const n = typeof value === 'number' || typeof value === 'string' ? toScaled(value, places) : undefined;
  if (n === undefined || n < 0) throw new UsageError(`${what}: "${String(value)}" is not a number of at least 0`);
  return n;
}

/** An item of the positions body → what the totals are computed from, and its rows as the document shows them. */
function readItem(
  item: Rec,
  where: string,
  parentId: number | null,
  nextId: () => number,
): { priced: PricedPosition; rows: Rec[] } {
  const type = item.type ?? 'position';
  const id = nextId();
  if (type === 'text')
    return {
      priced: { type: 'text' },
      rows: [{ id, type, description: item.text ?? item.description ?? '', parent_id: parentId }],
    };
  if (type === 'collection') {
    const children = ((item.positions ?? []) as Rec[]).map((child, i) =>
      readItem(child, `${where}.positions.${i}`, id, nextId),
    );
    const priced: PricedPosition = { type: 'collection', children: children.map((c) => c.priced) };
    return {
      priced,
      rows: [
        { id, type, title: item.title ?? '', sum: rappenToNumber(positionSum(priced)), parent_id: parentId },
        ...children.flatMap((c) => c.rows),
      ],
    };
  }
  const discountType =
    item.discount_type === 'percentage' || item.discount_type === 'absolute' ? item.discount_type : null;
  const priced: PricedPosition = {
    type: 'position',
    amount: scaled(item.amount, 3, `${where}.amount`),
    price: scaled(item.price, 2, `${where}.price`),
    discount: scaled(item.discount_amount, 2, `${where}.discount_amount`, 0),
    discountType,
  };
  const row = {
    id,
    type: 'position',
    description: item.description ?? '',
    amount: Number(scaledToString(priced.amount, 3)),
    unit: item.unit ?? null,
    price: rappenToNumber(priced.price),
    discount_amount: Number(scaledToString(priced.discount, 2)),
    discount_type: discountType,
    sum: rappenToNumber(positionSum(priced)),
    parent_id: parentId,
    date: item.date ?? null,
  };
  return { priced, rows: [row] };
}

/** The would-be document in the shape `get` shows, amounts as the API's decimal numbers. */
export function previewDocument(k: KindFacts, body: Rec, items: Rec[], facts: PreviewFacts): DocumentRecord {
  let id = 0;
  const read = items.map((item, i) => readItem(item, `positions.${i}`, null, () => ++id));
  const taxRate = facts.taxRate;
  const totals = documentTotals({
    positions: read.map((r) => r.priced),
    discountRate:
      body.discount_rate === undefined || body.discount_rate === null
        ? null
        : scaled(body.discount_rate, 2, '--discount'),
    vatRate: taxRate ? scaled(taxRate.rate, 2, 'tax rate') : null,
    vatIncluded: body.vat_included === true,
    addRoundingDifference: body.add_rounding_difference === true,
  });
  const number = body.number ?? facts.number;
  const money = Object.fromEntries(Object.entries(totals).map(([key, rappen]) => [key, rappenToNumber(rappen)]));
  return {
    ...body,
    type: k.noun,
    number,
    generated_title: body.title ?? number,
    dry_run: true,
    status: 'open',
    currency: body.currency ?? 'CHF',
    customer: facts.customer,
    project: facts.project,
    tax_rate: taxRate,
    tax_rate_id: taxRate?.id ?? null,
    vat_active: taxRate !== null,
    discount_rate: body.discount_rate ?? null,
    positions: read.flatMap((r) => r.rows),
    ...money,
  };
}
