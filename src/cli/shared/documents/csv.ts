// Proposals and invoices as CSV: one row per document, the positions as one JSON column (the API's own
// items: positions, text lines, collections), status and total shown but changed elsewhere (mark-as, the
// positions). Positions read from a record and from a cell meet in one canonical form, so an untouched
// cell is never a change.
import { documentPaths } from '../../../api/endpoints/documents.js';
import type { CsvColumn, CsvMap } from '../../pipeline/map.js';
import { canonDecimal } from '../../pipeline/map.js';
import { resolveRefs } from '../../resource/run.js';
import type { FilterFlag } from '../../resource/spec.js';
import { documentQuery } from './list.js';
import { documentFilters, type KindFacts } from './fields.js';

type Rec = Record<string, any>;
type Item = Record<string, unknown>;

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim());

/** A position item in canonical form (decimals as text, defaults left out), or a problem. */
function canonPosition(p: Rec, where: string): Item | string {
  const amount = canonDecimal(p.amount, 3, true);
  const price = canonDecimal(p.price, 2);
  if (amount === undefined || amount.startsWith('-')) return `${where}: amount "${text(p.amount)}" is not a number ≥ 0 with at most 3 decimals`;
  if (price === undefined || price.startsWith('-')) return `${where}: price "${text(p.price)}" is not an amount ≥ 0 with at most 2 decimals`;
  const item: Item = { type: 'position', description: text(p.description), amount, price };
  if (text(p.unit) !== '') item.unit = text(p.unit);
  const type = p.discount_type ?? null;
  if (type !== null && type !== '') {
    if (type !== 'percentage' && type !== 'absolute') return `${where}: discount_type "${text(type)}" is not percentage or absolute`;
    const discount = canonDecimal(p.discount_amount ?? 0, 2);
    if (discount === undefined) return `${where}: discount_amount "${text(p.discount_amount)}" is not a number with at most 2 decimals`;
    if (discount !== '0.00') Object.assign(item, { discount_amount: discount, discount_type: type });
  }
  if (text(p.date) !== '') item.date = text(p.date);
  return item;
}

function canonItem(p: unknown, where: string, nested: boolean): Item | string {
  if (!p || typeof p !== 'object' || Array.isArray(p)) return `${where} is not an object`;
  const o = p as Rec;
  const type = o.type === undefined || o.type === null || o.type === '' ? 'position' : o.type;
  if (type === 'text') return { type: 'text', text: text(o.text ?? o.description) };
  if (type === 'collection') {
    if (nested) return `${where}: a collection cannot hold a collection`;
    const children = canonItems(o.positions ?? [], `${where}.positions`, true);
    return typeof children === 'string' ? children : { type: 'collection', title: text(o.title), positions: children };
  }
  if (type !== 'position') return `${where}: type "${text(type)}" is not position, text or collection`;
  return canonPosition(o, where);
}

function canonItems(value: unknown, where: string, nested: boolean): Item[] | string {
  if (!Array.isArray(value)) return `${where} is not a JSON array of items`;
  const out: Item[] = [];
  for (const [i, p] of value.entries()) {
    const item = canonItem(p, `${where}.${i}`, nested);
    if (typeof item === 'string') return item;
    out.push(item);
  }
  return out;
}

/** The positions of a read document (flat, children after their collection) as canonical items. */
export function positionsOf(flat: Rec[] | undefined): Item[] {
  const all = flat ?? [];
  const item = (p: Rec): Item => {
    if (p.type === 'text') return { type: 'text', text: text(p.description) };
    if (p.type === 'collection') return { type: 'collection', title: text(p.title), positions: all.filter((c) => c.parent_id === p.id).map(item) };
    return canonPosition(p, 'position') as Item;
  };
  return all.filter((p) => p.parent_id === null || p.parent_id === undefined).map(item);
}

export function documentsCsv(k: KindFacts): CsvMap {
  const invoice = k.noun === 'invoice';
  const columns: CsvColumn[] = [
    { name: 'id', key: 'id', type: 'int' },
    { name: 'number', key: 'number', type: 'text' },
    { name: 'customer', key: 'customer_id', type: 'ref', ref: 'customer', required: true },
    { name: 'contact', key: 'contact_id', type: 'ref', ref: 'contact' },
    { name: 'project', key: 'project_id', type: 'ref', ref: 'project' },
    { name: 'tax_rate', key: 'tax_rate_id', type: 'ref', ref: 'tax-rate' },
    { name: 'title', key: 'title', type: 'text' },
    { name: 'lang', key: 'lang', type: 'enum', choices: ['de', 'en', 'fr', 'it'] },
    { name: 'date', key: 'date', type: 'date' },
    { name: k.due, key: k.due, type: 'date' },
    { name: 'discount_rate', key: 'discount_rate', type: 'decimal', places: 2, trim: true },
    { name: 'currency', key: 'currency', type: 'enum', choices: ['CHF', 'EUR', 'USD', 'GBP'] },
    { name: 'vat_included', key: 'vat_included', type: 'bool' },
    { name: 'add_rounding_difference', key: 'add_rounding_difference', type: 'bool' },
    { name: 'remarks_top', key: 'remarks_top', type: 'text' },
    { name: 'remarks', key: 'remarks', type: 'text' },
    ...(invoice ? [
      { name: 'bank_account', key: 'bank_account_id', type: 'ref', ref: 'account' },
      { name: 'income_account', key: 'income_account_id', type: 'ref', ref: 'account' },
      { name: 'proposal', key: 'proposal_id', type: 'ref', ref: 'proposal' },
      { name: 'repeat_interval', key: 'repeat_interval', type: 'enum', choices: ['monthly', 'quarterly', 'yearly'] },
      { name: 'repeat_stop_at', key: 'repeat_stop_at', type: 'date' },
    ] satisfies CsvColumn[] : [
      { name: 'with_signature', key: 'with_signature', type: 'bool' },
      { name: 'signature_remark', key: 'signature_remark', type: 'text' },
    ] satisfies CsvColumn[]),
    {
      name: 'positions', key: 'positions', type: 'json', required: invoice,
      get: (r) => positionsOf(r.positions), canon: (v) => canonItems(v, 'positions', false), send: (items) => JSON.stringify(items),
    },
    { name: 'status', key: 'status', type: 'text', readOnly: `the status moves with acct ${k.kind} mark-as` },
    { name: 'final_value', key: 'final_value', type: 'decimal', places: 2, readOnly: 'the total follows from the positions' },
  ];
  return {
    group: k.kind,
    noun: k.noun,
    paths: documentPaths(k.kind),
    readEach: true,
    fetch: 'each',
    columns,
    query: (options) => {
      const query = documentQuery(k, options);
      return async (resolver) => {
        await resolveRefs(resolver, documentFilters(k), query, (f) => (f as FilterFlag).param);
        return query;
      };
    },
    keys: [['number']],
    lookup: (v) => ({
      'filter[customer_id]': v.customer_id,
      ...(v.number ? { 'filter[number]': v.number } : {}),
      ...(v.date ? { 'filter[date]': `${v.date},${v.date}` } : {}),
    }),
  };
}
