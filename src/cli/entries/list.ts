// `acct entries list` and `acct entries grouped`: every filter as a flag (dates, references by number
// or name), paginated like any list and streamed to the renderer page by page.
import { entryPaths, LIST_INCLUDES } from '../../api/endpoints/entries.js';
import { listTotal, paginate } from '../../api/paginate.js';
import { UsageError } from '../../errors.js';
import { notice } from '../globals.js';
import { listRenderer, planOutput, sayWhenCut, type ListFlags } from '../output.js';
import { RefResolver } from '../refs.js';
import { positiveInt } from '../resource/body.js';
import type { VerbIO } from '../verb.js';
import { entryQuery, resolveEntryQuery, type EntryFilterOptions } from './filters.js';
import { ENTRY_COLUMNS, GROUPED_COLUMNS } from './fields.js';
import { currentIO } from '../io.js';

type Rec = Record<string, unknown>;

type ListOptions = ListFlags & EntryFilterOptions;

/** `acct entries list`. */
export default async function list(options: ListOptions, io: VerbIO): Promise<void> {
  await listBookings(options, io, false);
}

/** `acct entries grouped`. */
export async function grouped(options: ListOptions, io: VerbIO): Promise<void> {
  await listBookings(options, io, true);
}

async function listBookings(options: ListOptions, io: VerbIO, grouped: boolean): Promise<void> {
  const g = io.globals();
  const plan = planOutput(g, grouped ? GROUPED_COLUMNS : ENTRY_COLUMNS);
  const query = entryQuery(options);
  const paging = {
    page: positiveInt('--page', options.page),
    perPage: positiveInt('--per-page', options.perPage),
    limit: positiveInt('--limit', options.limit),
    all: options.all === true,
  };
  if (paging.perPage !== undefined && paging.perPage > 100) throw new UsageError('--per-page must be at most 100');
  await io.withRuntime(async (rt) => {
    const company = await rt.company();
    const resolved = await resolveEntryQuery(new RefResolver(rt.client, company), query);
    if (!grouped) resolved.include = LIST_INCLUDES;
    const path = grouped ? entryPaths.grouped(company) : entryPaths.list(company);
    const renderer = listRenderer(plan);
    const forTable = grouped && plan.format === 'table';
    let count = 0;
    let total: number | undefined;
    for await (const records of paginate<Rec>(rt.client, path, {
      ...paging,
      query: resolved,
      onPage: (body) => {
        total = listTotal(body);
      },
    })) {
      renderer.push(forTable ? records.map(labelGroup) : records);
      count += records.length;
    }
    renderer.end();
    sayWhenCut(count, total, options, paging.perPage);
    if (count === 0 && currentIO().err.isTTY) notice(`No ${grouped ? 'entry groups' : 'bookings'} found.`);
  });
}

/**
 * Table only: a group whose bookings use different accounts shows their combined label, a sum of mixed types "mixed".
 */
function labelGroup(r: Rec): Rec {
  const label = (a: unknown) =>
    a && typeof a === 'object' && (a as Rec).number === null ? { ...(a as Rec), number: (a as Rec).name } : a;
  return {
    ...r,
    debit_account: label(r.debit_account),
    credit_account: label(r.credit_account),
    sum: r.sum === false ? 'mixed' : r.sum,
  };
}
