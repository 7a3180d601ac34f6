// The positions of a document as a create or update body sends them (service-decisions.md,
// "Documents: requests and answers"): a JSON-encoded string holding an array, or the array itself.
// Items: { type: "position", description, amount, price, unit, discount_amount?, discount_type?, date? }
// (type may be left out), { type: "text", text }, { type: "collection", title, positions: [...] }.
// Pure: parsing gives the tree in stored units (amount thousandths, price Rappen, a percentage
// discount hundredths of a percent) or the first problem, named by its place ("positions.2.amount").
import { MAX_MONEY, MAX_MONEY_TEXT, toScaled } from '../../domain/money.js';
import { grossOf, type DiscountType, type PricedPosition } from '../../domain/document-totals.js';
import { isCalendarDate } from '../../domain/calendar.js';

export type PositionKind = 'position' | 'text' | 'collection';

export interface PositionInput {
  type: PositionKind;
  description: string | null;
  title: string | null;
  /** thousandths */
  amount: number;
  /** Rappen */
  price: number;
  /** Rappen (absolute) or hundredths of a percent (percentage) */
  discount: number;
  discountType: DiscountType | null;
  unit: string | null;
  date: string | null;
  children: PositionInput[];
}

export const MAX_POSITIONS = 500;
const MAX_AMOUNT = 999_999_999; // 999'999.999
const MAX_PRICE = 99_999_999_999; // 999'999'999.99

export type Parsed<T> = { ok: true; value: T } | { ok: false; field: string; message: string };
const fail = (field: string, message: string): { ok: false; field: string; message: string } => ({
  ok: false,
  field,
  message,
});

function text(item: Record<string, unknown>, key: string, field: string, max: number): Parsed<string | null> {
  const v = item[key];
  if (v === undefined || v === null) return { ok: true, value: null };
  if (typeof v !== 'string' && typeof v !== 'number')
    return fail(`${field}.${key}`, `The ${field}.${key} field must be a string.`);
  const s = String(v).trim();
  if (s.length > max)
    return fail(`${field}.${key}`, `The ${field}.${key} field must not be greater than ${max} characters.`);
  return { ok: true, value: s === '' ? null : s };
}

/** A decimal ≥ 0 with at most `places` decimals, scaled to an integer. */
function decimal(
  item: Record<string, unknown>,
  key: string,
  field: string,
  places: number,
  max: number,
  fallback: number | undefined,
): Parsed<number> {
  const v = item[key];
  const name = `${field}.${key}`;
  if (v === undefined || v === null || v === '') {
    return fallback === undefined ? fail(name, `The ${name} field is required.`) : { ok: true, value: fallback };
  }
  const raw = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : undefined;
  if (raw === undefined || !/^\+?(\d+\.?\d*|\.\d+)$/.test(raw) || (typeof v === 'number' && !Number.isFinite(v))) {
    return fail(name, `The ${name} field must be a number of at least 0.`);
  }
  const frac = raw.split('.')[1] ?? '';
  if (frac.replace(/0+$/, '').length > places)
    return fail(name, `The ${name} field must have at most ${places} decimals.`);
  const scaled = toScaled(raw, places);
  if (scaled === undefined || scaled > max) return fail(name, `The ${name} field is too large.`);
  return { ok: true, value: scaled };
}

function item(raw: unknown, field: string, depth: number, allowDate: boolean): Parsed<PositionInput> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    return fail(field, `The ${field} field must be an object.`);
  const o = raw as Record<string, unknown>;
  const type = o.type === undefined || o.type === null || o.type === '' ? 'position' : o.type;
  if (type !== 'position' && type !== 'text' && type !== 'collection')
    return fail(`${field}.type`, `The selected ${field}.type is invalid.`);
  const base: PositionInput = {
    type,
    description: null,
    title: null,
    amount: 0,
    price: 0,
    discount: 0,
    discountType: null,
    unit: null,
    date: null,
    children: [],
  };
  if (type === 'text') {
    const t = text(o, o.text !== undefined ? 'text' : 'description', field, 65535);
    if (!t.ok) return t;
    return { ok: true, value: { ...base, description: t.value } };
  }
  if (type === 'collection') {
    if (depth > 0) return fail(`${field}.type`, `The ${field} field cannot hold a collection inside a collection.`);
    const title = text(o, 'title', field, 255);
    if (!title.ok) return title;
    const children = list(o.positions ?? [], `${field}.positions`, depth + 1, allowDate);
    if (!children.ok) return children;
    return { ok: true, value: { ...base, title: title.value, children: children.value } };
  }
  const description = text(o, 'description', field, 65535);
  if (!description.ok) return description;
  const unit = text(o, 'unit', field, 50);
  if (!unit.ok) return unit;
  const amount = decimal(o, 'amount', field, 3, MAX_AMOUNT, undefined);
  if (!amount.ok) return amount;
  const price = decimal(o, 'price', field, 2, MAX_PRICE, undefined);
  if (!price.ok) return price;
  // each factor may be large, not their product: a position's sum is an amount like any other
  if (grossOf({ amount: amount.value, price: price.value }) > MAX_MONEY) {
    return fail(
      `${field}.price`,
      `The ${field}.price field times the amount must not be greater than ${MAX_MONEY_TEXT}.`,
    );
  }
  const discountType =
    o.discount_type === undefined || o.discount_type === null || o.discount_type === '' ? null : o.discount_type;
  if (discountType !== null && discountType !== 'absolute' && discountType !== 'percentage') {
    return fail(`${field}.discount_type`, `The selected ${field}.discount_type is invalid.`);
  }
  const discount = decimal(o, 'discount_amount', field, 2, discountType === 'percentage' ? 10_000 : MAX_PRICE, 0);
  if (!discount.ok) {
    return discountType === 'percentage' && discount.message.endsWith('too large.')
      ? fail(discount.field, `The ${discount.field} field must not be greater than 100.`)
      : discount;
  }
  let date: string | null = null;
  if (allowDate && o.date !== undefined && o.date !== null && o.date !== '') {
    if (typeof o.date !== 'string' || !isCalendarDate(o.date.trim()))
      return fail(`${field}.date`, `The ${field}.date field must be a valid date.`);
    date = o.date.trim();
  }
  return {
    ok: true,
    value: {
      ...base,
      description: description.value,
      unit: unit.value,
      amount: amount.value,
      price: price.value,
      discount: discount.value,
      discountType: discountType as DiscountType | null,
      date,
    },
  };
}

function list(raw: unknown, field: string, depth: number, allowDate: boolean): Parsed<PositionInput[]> {
  if (!Array.isArray(raw)) return fail(field, `The ${field} field must be an array.`);
  const out: PositionInput[] = [];
  for (const [i, entry] of raw.entries()) {
    const parsed = item(entry, `${field}.${i}`, depth, allowDate);
    if (!parsed.ok) return parsed;
    out.push(parsed.value);
  }
  return { ok: true, value: out };
}

const count = (ps: readonly PositionInput[]): number => ps.reduce((n, p) => n + 1 + count(p.children), 0);

/** The `positions` of a body: a JSON string or an array; invoices' positions may carry a date. */
export function parsePositions(raw: unknown, allowDate: boolean): Parsed<PositionInput[]> {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return fail('positions', 'The positions field must be a valid JSON string.');
    }
  }
  const parsed = list(value, 'positions', 0, allowDate);
  if (parsed.ok && count(parsed.value) > MAX_POSITIONS)
    return fail('positions', `The positions field must not have more than ${MAX_POSITIONS} items.`);
  return parsed;
}

/** One position as the position endpoints take it (a body of one item; a collection without children). */
export function parsePosition(raw: Record<string, unknown>, allowDate: boolean): Parsed<PositionInput> {
  const parsed = item(raw, 'position', 0, allowDate);
  if (!parsed.ok)
    return {
      ...parsed,
      field: parsed.field.replace(/^position\.?/, '') || 'position',
      message: parsed.message.replace(/position\./g, ''),
    };
  return parsed;
}

/** The tree the totals are computed from. */
export function pricedOf(
  p: Pick<PositionInput, 'type' | 'amount' | 'price' | 'discount' | 'discountType' | 'children'>,
): PricedPosition {
  if (p.type === 'text') return { type: 'text' };
  if (p.type === 'collection') return { type: 'collection', children: p.children.map(pricedOf) };
  return { type: 'position', amount: p.amount, price: p.price, discount: p.discount, discountType: p.discountType };
}
