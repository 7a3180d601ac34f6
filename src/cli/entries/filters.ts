// The query of `acct entries list|grouped`: flags checked before any request, references (account
// numbers, customer names, tags …) resolved to ids once the API is reachable.
import type { QueryValue } from '../../api/http.js';
import { periodQuery, queryFromFilters } from '../resource/body.js';
import type { RefResolver } from '../refs.js';
import { ENTRY_FILTERS } from './fields.js';

type Query = Record<string, string | number | boolean>;

/** Filters whose value `none` means "without one" (the API's null / none). */
const NONE_WORD: Record<string, string> = {
  'filter[customer_id]': 'null',
  'filter[project_id]': 'null',
  'filter[tax_rate_id]': 'none',
};

/** The filter flags of list and grouped (references as typed: number, name, id:N or none). */
export interface EntryFilterOptions {
  from?: string;
  to?: string;
  type?: string;
  account?: string;
  customer?: string;
  project?: string;
  taxRate?: string;
  tag?: string;
  receipt?: string;
  billable?: boolean;
  locked?: boolean;
  invoiced?: boolean;
  id?: string;
  sort?: string;
}

/** The static part of the query: types checked, dates combined, references still as typed. */
export function entryQuery(opts: EntryFilterOptions): Query {
  const query = queryFromFilters(ENTRY_FILTERS, opts);
  periodQuery(query);
  return query;
}

/** Replaces references by ids (and `none` by the API's word for it). */
export async function resolveEntryQuery(resolver: RefResolver, query: Query): Promise<Record<string, QueryValue>> {
  const out: Record<string, QueryValue> = { ...query };
  for (const f of ENTRY_FILTERS) {
    if (!f.ref || out[f.param] === undefined) continue;
    const raw = String(out[f.param]);
    if (raw.toLowerCase() === 'none' && NONE_WORD[f.param]) {
      out[f.param] = NONE_WORD[f.param];
      continue;
    }
    out[f.param] = await resolver.resolve(f.ref, raw, f.flag);
  }
  return out;
}
