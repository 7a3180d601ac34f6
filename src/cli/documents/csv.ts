// Proposals and invoices as CSV: one row per document, the positions as one JSON column (the API's own
// items: positions, text lines, collections), status and total shown but changed elsewhere (mark-as, the
// positions). Positions read from a record and from a cell meet in one canonical form, so an untouched
// cell is never a change.
import { documentPaths } from '../../api/endpoints/documents.js';
import { bools, canonDecimal, column, ID, ref, texts, type CsvColumn, type CsvMap } from '../pipeline/map.js';
import { resolveRefs } from '../resource/run.js';
import type { FilterFlag } from '../resource/spec.js';
import { documentQuery } from './list.js';
import { documentFilters, type KindFacts } from './fields.js';

type Rec = Record<string, any>;
type Item = Record<string, unknown>;

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim());

/** A position item in canonical form (decimals as text, defaults left out), or a problem. */
function canonPosition(p: Rec, where: string): Item | string {
  const amount = canonDecimal(p.amount, 3, true);
  const price = canonDecimal(p.price, 2);
  if (amount === undefined || amount.startsWith('-'))
    return `${where}: amount "${text(p.amount)}" is not a number ≥ 0 with at most 3 decimals`;
  if (price === undefined || price.startsWith('-'))
    return `${where}: price "${text(p.price)}" is not an amount ≥ 0 with at most 2 decimals`;
  const item: Item = { type: 'position', description: text(p.description), amount, price };
  if (text(p.unit) !== '') item.unit = text(p.unit);
  const type = p.discount_type ?? null;
  if (type !== null && type !== '') {
    if (type !== 'percentage' && type !== 'absolute')
      return `${where}: discount_type "${text(type)}" is not percentage or absolute`;
    const discount = canonDecimal(p.discount_amount ?? 0, 2);
    if (discount === undefined)
      return `${where}: discount_amount "${text(p.discount_amount)}" is not a number with at most 2 decimals`;
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
function positionsOf(flat: Rec[] | undefined): Item[] {
  const all = flat ?? [];
  const item = (p: Rec): Item => {
    if (p.type === 'text') return { type: 'text', text: text(p.description) };
    if (p.type === 'collection')
      return { type: 'collection', title: text(p.title), positions: all.filter((c) => c.parent_id === p.id).map(item) };
    return canonPosition(p, 'position') as Item;
  };
  return all.filter((p) => p.parent_id === null || p.parent_id === undefined).map(item);
}

export function documentsCsv(k: KindFacts): CsvMap {
  const invoice = k.noun === 'invoice';
  const columns: CsvColumn[] = [
    ID,
    ...texts('number'),
    ref('customer', 'customer_id', 'customer', { required: true }),
    ref('contact', 'contact_id', 'contact'),
    ref('project', 'project_id', 'project'),
    ref('tax_rate', 'tax_rate_id', 'tax-rate'),
    ...texts('title'),
    column('lang', 'enum', { choices: ['de', 'en', 'fr', 'it'] }),
    column('date', 'date'),
    column(k.due, 'date'),
    column('discount_rate', 'decimal', { places: 2, trim: true }),
    column('currency', 'enum', { choices: ['CHF', 'EUR', 'USD', 'GBP'] }),
    ...bools('vat_included', 'add_rounding_difference'),
    ...texts('remarks_top', 'remarks'),
    ...(invoice
      ? [
          ref('bank_account', 'bank_account_id', 'account'),
          ref('income_account', 'income_account_id', 'account'),
          ref('proposal', 'proposal_id', 'proposal'),
          column('repeat_interval', 'enum', { choices: ['monthly', 'quarterly', 'yearly'] }),
          column('repeat_stop_at', 'date'),
        ]
      : [...bools('with_signature'), ...texts('signature_remark')]),
    {
      name: 'positions',
      key: 'positions',
      type: 'json',
      required: invoice,
      get: (r) => positionsOf(r.positions),
      canon: (v) => canonItems(v, 'positions', false),
      send: (items) => JSON.stringify(items),
    },
    column('status', 'text', { readOnly: `the status moves with acct ${k.kind} mark-as` }),
    column('final_value', 'decimal', { places: 2, readOnly: 'the total follows from the positions' }),
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
