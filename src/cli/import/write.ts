// `acct import update <id...>`, `ignore <id...>` and `reset <id>`: the changes a bookkeeper makes to open
// import entries before they are processed (several ids: the same change for each, all or none). References are typed
// as everywhere (accounts by number,
// tax rates and tags by name, invoices by number); everything checkable without the API is checked first.
import { ApiError, type ApiClient } from '../../api/http.js';
import {
  importEntryPaths,
  resetImportEntry,
  updateImportEntries,
  updateImportEntry,
  type ImportEntryRecord,
} from '../../api/endpoints/import-entries.js';
import { UsageError } from '../../errors.js';
import { canPrompt, notice } from '../globals.js';
import { listRenderer, planOutput, printRecord } from '../output.js';
import { RefResolver } from '../refs.js';
import { bodyFromFlags, readDataFlag } from '../resource/body.js';
import { resolveRefs } from '../resource/run.js';
import { existingRecords, missingRecords } from '../shared/existing.js';
import type { VerbIO } from '../verb.js';
import {
  DETAIL_COLUMNS,
  forDisplay,
  IDS_HINT,
  IMPORT_COLUMNS,
  IMPORT_FIELDS,
  importId,
  importIds,
  NULLABLE_FIELDS,
} from './fields.js';

interface UpdateOptions {
  /** the import entry ids (or id:N) */
  id: string[];
  account?: string;
  taxRate?: string;
  description?: string;
  invoice?: string;
  bankAccount?: string;
  /** tags by name or id (repeatable); none removes every tag */
  tag?: string[];
  data?: string;
}

export async function update(opts: UpdateOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const ids = importIds(opts.id);
  const plan = planOutput(g, ids.length === 1 ? DETAIL_COLUMNS : IMPORT_COLUMNS);
  const data = readDataFlag(opts.data);
  const flags = bodyFromFlags(IMPORT_FIELDS, opts);
  const tags = opts.tag;
  if (tags && tags.length > 1 && tags.some((t) => t.trim().toLowerCase() === 'none'))
    throw new UsageError('--tag none removes every tag: give it alone');
  if (Object.keys(data).length === 0 && Object.keys(flags).length === 0 && tags === undefined) {
    throw new UsageError(
      `nothing to change: give at least one of ` +
        `${[...IMPORT_FIELDS.map((f) => `--${f.flag}`), '--tag'].join(', ')} or --data`,
    );
  }
  await io.withRuntime(async (rt) => {
    const company = await rt.company();
    const resolver = new RefResolver(rt.client, company, { ask: canPrompt(g) });
    const byDate = typeof flags.tax_rate_id === 'string' && flags.tax_rate_id.trim().toLowerCase() !== 'none';
    await resolveRefs(
      resolver,
      byDate ? IMPORT_FIELDS.filter((f) => f.key !== 'tax_rate_id') : IMPORT_FIELDS,
      flags,
      (f) => (f as { key: string }).key,
      NULLABLE_FIELDS,
    );
    if (byDate) {
      // the booking will carry the transaction's date: it picks the rate of its time (and its direction the
      // side); several entries take one rate, so their dates must call for the same one
      const typed = String(flags.tax_rate_id);
      const chosen = new Set<unknown>();
      for (const id of ids) {
        const entry = (await rt.client.get<{ data: Record<string, unknown> }>(importEntryPaths.one(company, id))).data;
        chosen.add(
          await resolver.resolveTaxRateOn(
            typed,
            'tax-rate',
            String(entry.date),
            entry.type === 'income' ? 'output' : entry.type === 'expense' ? 'input' : undefined,
          ),
        );
      }
      if (chosen.size > 1)
        throw new UsageError(
          `--tax-rate ${typed} means different rates on these entries' dates or directions: update them apart`,
        );
      flags.tax_rate_id = [...chosen][0];
    }
    const body: Record<string, unknown> = { ...data, ...flags };
    if (tags !== undefined) {
      const none = tags.length === 1 && tags[0].trim().toLowerCase() === 'none';
      body.tags = none
        ? []
        : await Promise.all(tags.map(async (t) => ({ id: await resolver.resolve('tag', t, 'tag') })));
    }
    if (ids.length === 1) {
      printRecord(plan, forDisplay(await updateImportEntry(rt.client, company, ids[0], body)));
      return;
    }
    const changed = await changeAll(rt.client, company, ids, body);
    const renderer = listRenderer(plan);
    renderer.push(changed.map(forDisplay));
    renderer.end();
    notice(`Changed ${changed.length} entries.`);
  });
}

/** PUT multiple: the same change for every id, all or none; unknown ids are named (exit 5) before any other refusal. */
async function changeAll(
  client: ApiClient,
  company: number,
  ids: number[],
  body: Record<string, unknown>,
): Promise<ImportEntryRecord[]> {
  try {
    return await updateImportEntries(client, company, ids, body);
  } catch (err) {
    const unknown = unknownIds(err, ids);
    if (unknown.length) throw missingRecords('import entry', unknown, IDS_HINT);
    // refused for another reason (one is not open): unknown ids among them are still what is named first
    if (err instanceof ApiError)
      await existingRecords(client, 'import entry', (id) => importEntryPaths.one(company, id), ids, IDS_HINT);
    throw err;
  }
}

interface IdsOptions {
  /** import entry ids */
  id: string[];
}

export async function ignore(opts: IdsOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planOutput(g, IMPORT_COLUMNS);
  const ids = importIds(opts.id);
  await io.withRuntime(async (rt) => {
    const company = await rt.company();
    const changed = await changeAll(rt.client, company, ids, { ignore: true });
    const renderer = listRenderer(plan);
    renderer.push(changed.map(forDisplay));
    renderer.end();
    notice(
      `Ignored ${changed.length} ${changed.length === 1 ? 'entry' : 'entries'}: acct import process deletes ` +
        `${changed.length === 1 ? 'it' : 'them'} instead of booking.`,
    );
  });
}

/**
 * The ids a 422 of PUT multiple names (`ids.N`: no entry of the company has that id), in the order
 * typed; none for any other answer (a processed or deleted entry: 400).
 */
function unknownIds(err: unknown, ids: number[]): number[] {
  if (!(err instanceof ApiError) || err.status !== 422) return [];
  const at = Object.keys(err.fieldErrors)
    .map((k) => /^ids\.(\d+)$/.exec(k))
    .filter((m) => m !== null)
    .map((m) => Number(m[1]));
  return at.sort((a, b) => a - b).map((i) => ids[i]);
}

export async function reset(opts: { id: string }, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planOutput(g, DETAIL_COLUMNS);
  const id = importId(opts.id);
  await io.withRuntime(async (rt) => {
    printRecord(plan, forDisplay(await resetImportEntry(rt.client, await rt.company(), id)));
  });
}
