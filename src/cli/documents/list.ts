// `acct proposals list` / `acct invoices list`: the filters as flags (references by number or name),
// streamed page by page; on a terminal the number found and their total per currency go to stderr below
// the table.
import { documentPaths, type DocumentListPage } from '../../api/endpoints/documents.js';
import { UsageError } from '../../errors.js';
import { formatSums } from '../../output/format.js';
import { notice } from '../globals.js';
import { planOutput, type ListFlags } from '../output.js';
import { RefResolver } from '../refs.js';
import { periodQuery, queryFromFilters } from '../resource/body.js';
import { resolveRefs, streamList } from '../resource/run.js';
import type { FilterFlag } from '../resource/spec.js';
import type { VerbIO } from '../verb.js';
import { documentFilters, listColumns, type KindFacts } from './fields.js';

export interface ListOptions extends ListFlags {
  status?: string;
  overdue?: boolean;
  customer?: string;
  project?: string;
  from?: string;
  to?: string;
  number?: string;
  id?: string;
  /** invoices: the proposal's number or id */
  proposal?: string;
  /** invoices: recurring or not */
  repeat?: boolean;
  /** proposals: the public link on or off */
  shared?: boolean;
}

type Query = Record<string, string | number | boolean>;

/** The query with every flag checked; references still as typed. */
export function documentQuery(k: KindFacts, opts: ListOptions): Query {
  const query = queryFromFilters(documentFilters(k), opts);
  if (opts.overdue) {
    if (opts.status !== undefined) throw new UsageError('--overdue is --status overdue: give one of them');
    query['filter[status]'] = 'overdue';
  }
  const words = String(query['filter[status]'] ?? '')
    .split(',')
    .map((w) => w.trim())
    .filter((w) => w !== '');
  const unknown = words.filter((w) => !k.listStatuses.includes(w));
  if (unknown.length)
    throw new UsageError(
      `invalid --status "${unknown.join(',')}": expected ${k.listStatuses.join(', ')} (comma-separated for several)`,
    );
  if (words.length) query['filter[status]'] = words.join(',');
  periodQuery(query);
  return query;
}

export default async function list(k: KindFacts, options: ListOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planOutput(g, listColumns(k));
  const query = documentQuery(k, options);
  await io.withRuntime(async (rt) => {
    const company = await rt.company();
    await resolveRefs(new RefResolver(rt.client, company), documentFilters(k), query, (f) => (f as FilterFlag).param);
    let meta: DocumentListPage['meta'] | undefined;
    const shown = await streamList(
      rt.client,
      documentPaths(k.kind).list(company),
      plan,
      query,
      options,
      undefined,
      (body) => {
        meta ??= (body as Partial<DocumentListPage>).meta;
      },
    );
    if (shown === 0) {
      if (io.err.isTTY) notice(`No ${k.kind} found.`);
    } else if (meta && plan.format === 'table' && io.out.isTTY) {
      // below the table (and the line saying when only a page of them is shown); sums per currency,
      // never CHF and EUR added into one (a service without `sums` says its sum_formatted)
      notice(
        `${meta.total} ${meta.total === 1 ? k.noun : k.kind}, total ` +
          `${meta.sums ? formatSums(meta.sums) : meta.sum_formatted}`,
      );
    }
  });
}
