// `acct import list`: the imported bank transactions of a status, searched, in one request (the API
// pages by limit and offset; --page/--per-page are turned into them). Every record carries the signed
// `amount` and the `counter_account` label beside the API's fields; a table is followed on stderr by
// the open and ready counts.
import { listImportEntries, type ImportListQuery } from '../../api/endpoints/import-entries.js';
import { UsageError } from '../../errors.js';
import { notice } from '../globals.js';
import { listRenderer, planOutput, sayWhenCut, type ListFlags } from '../output.js';
import { positiveInt } from '../resource/body.js';
import type { VerbIO } from '../verb.js';
import { forDisplay, IMPORT_COLUMNS, STATUS_WORDS } from './fields.js';

interface ListOptions extends ListFlags {
  status?: string;
  search?: string;
  offset?: string;
}

/** The query the flags ask for, checked before any request. */
function listQuery(o: ListOptions): ImportListQuery {
  const query: ImportListQuery = {};
  if (o.status !== undefined) query.status = STATUS_WORDS[o.status];
  if (o.search !== undefined && o.search.trim() !== '') query.search = o.search.trim();
  const limit = positiveInt('--limit', o.limit);
  const perPage = positiveInt('--per-page', o.perPage);
  const page = positiveInt('--page', o.page);
  let offset: number | undefined;
  if (o.offset !== undefined) {
    if (!/^\d+$/.test(o.offset.trim()))
      throw new UsageError(`invalid --offset "${o.offset}": expected a whole number of at least 0`);
    offset = Number(o.offset.trim());
  }
  if (o.all && (limit !== undefined || perPage !== undefined || page !== undefined))
    throw new UsageError('--all cannot be combined with --limit, --page or --per-page');
  if ((page !== undefined || perPage !== undefined) && (limit !== undefined || offset !== undefined)) {
    throw new UsageError('give either --page/--per-page or --limit/--offset');
  }
  if (page !== undefined || perPage !== undefined) {
    const size = perPage ?? 50;
    return { ...query, limit: size, offset: ((page ?? 1) - 1) * size };
  }
  return { ...query, limit: o.all ? 'all' : limit, offset };
}

export default async function list(options: ListOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planOutput(g, IMPORT_COLUMNS);
  const query = listQuery(options);
  await io.withRuntime(async (rt) => {
    const answer = await listImportEntries(rt.client, await rt.company(), query);
    const renderer = listRenderer(plan);
    renderer.push(answer.data.map(forDisplay));
    renderer.end();
    const shown = answer.data.length;
    sayWhenCut(shown, answer.total_count, options);
    if (plan.format !== 'table') return;
    const found = `${answer.total_count} ${answer.total_count === 1 ? 'entry' : 'entries'}`;
    notice(
      `${shown === 0 ? 'No import entries found' : found}. Open: ${answer.open_count}, ready: ${answer.ready_count}.`,
    );
  });
}
