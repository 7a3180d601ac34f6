// The generic verbs of a resource: list (streamed, paginated), get, create, update, delete.
import { listTotal, paginate } from '../../api/paginate.js';
import type { ApiClient, QueryValue } from '../../api/http.js';
import { UsageError } from '../../errors.js';
import { canPrompt, notice, type GlobalOptions } from '../globals.js';
import { listRenderer, planOutput, printRecord, sayWhenCut, type OutputPlan } from '../output.js';
import { askRequired, confirmDestructive, refuseUnconfirmed, requireAnswerable } from '../prompt.js';
import type { Runtime } from '../runtime.js';
import type { VerbIO } from '../verb.js';
import type { ListFlags } from '../output.js';
import { bodyFromFlags, convertValue, positiveInt, queryFromFilters, readDataFlag } from './body.js';
import { RefResolver } from '../refs.js';
import { nameFlags } from '../failure.js';
import { deleteQuestion, existingRecords, findRecord, recordKey, recordLabel } from '../shared/existing.js';
import type { BodyField, BulkVerb, FilterFlag, ResourceSpec, Verb } from './spec.js';

type Rec = Record<string, unknown>;

const unwrap = (body: unknown): Rec =>
  body && typeof body === 'object' && 'data' in (body as Rec) && !Array.isArray(body)
    ? (body as { data: Rec }).data
    : (body as Rec);

/**
 * Streams every page of a list to the renderer as it arrives, and says when the list holds more than was
 * shown; `onPage` sees each page's whole answer.
 */
export async function streamList(
  client: ApiClient,
  path: string,
  plan: OutputPlan,
  query: Record<string, QueryValue>,
  flags: ListFlags,
  defaultPerPage?: number,
  onPage?: (body: unknown) => void,
): Promise<number> {
  let total: number | undefined;
  const opts = {
    query,
    onPage: (body: unknown) => {
      total = listTotal(body);
      onPage?.(body);
    },
    page: positiveInt('--page', flags.page),
    perPage: positiveInt('--per-page', flags.perPage) ?? (flags.all || flags.limit ? undefined : defaultPerPage),
    limit: positiveInt('--limit', flags.limit),
    all: flags.all,
  };
  if (opts.perPage !== undefined && opts.perPage > 100) throw new UsageError('--per-page must be at most 100');
  const renderer = listRenderer(plan);
  let count = 0;
  for await (const records of paginate<Rec>(client, path, opts)) {
    renderer.push(records);
    count += records.length;
  }
  renderer.end();
  sayWhenCut(count, total, flags, opts.perPage);
  return count;
}

/** Resolves `<ref>`: a number is an id; otherwise an exact name among the list filter's matches. */
async function resolveRef(
  client: ApiClient,
  spec: ResourceSpec,
  company: number,
  ref: string,
  resolver: RefResolver,
): Promise<number> {
  if (spec.refKind) return resolver.resolve(spec.refKind, ref, `<${spec.noun.replace(/ /g, '-')}>`);
  if (/^id:\d+$/i.test(ref)) return Number(ref.slice(3));
  if (/^\d+$/.test(ref)) return Number(ref);
  if (!spec.lookup) throw new UsageError(`invalid ${spec.noun} id "${ref}": expected a number`);
  const candidates: Rec[] = [];
  for await (const page of paginate<Rec>(client, spec.paths.list(company), {
    query: { [spec.lookup.param]: ref },
    all: true,
  }))
    candidates.push(...page);
  const key = spec.lookup.nameKey;
  const exact = candidates.filter((r) => String(r[key]).toLowerCase() === ref.toLowerCase());
  if (exact.length === 1) return Number(exact[0].id);
  const shown = (exact.length ? exact : candidates).slice(0, 20).map((r) => `${r.id} (${String(r[key])})`);
  if (exact.length > 1)
    throw new UsageError(`"${ref}" matches several ${spec.group}; use an id`, [`candidates: ${shown.join(', ')}`]);
  throw new UsageError(`no ${spec.noun} named "${ref}"`, shown.length ? [`similar: ${shown.join(', ')}`] : []);
}

/**
 * The body the flags and --data give; on create, the required fields missing from it (checked here: without a terminal
 * a usage error, before any request).
 */
function collectBody(
  spec: ResourceSpec,
  g: GlobalOptions,
  opts: Rec,
  creating: boolean,
): { body: Rec; missing: BodyField[] } {
  const fields = spec.fields ?? [];
  nameFlags(fields.map((f) => [f.key, f.flag]));
  const body = { ...readDataFlag(opts.data as string | undefined), ...bodyFromFlags(fields, opts) };
  const missing = creating
    ? fields.filter(
        (f) =>
          body[f.key] === undefined &&
          (f.required || (f.requiredUnless !== undefined && body[f.requiredUnless] === undefined)),
      )
    : [];
  for (const f of missing) requireAnswerable(g, flagLabel(spec, f));
  return { body, missing };
}

/** `--customer`, or for a field another can stand in for, `--customer (or --new-customer)`. */
function flagLabel(spec: ResourceSpec, f: BodyField): string {
  const other = f.requiredUnless === undefined ? undefined : spec.fields?.find((x) => x.key === f.requiredUnless);
  return other ? `--${f.flag} (or --${other.flag})` : `--${f.flag}`;
}

/**
 * Asks for the required values missing on a terminal. Each answer is read as its flag would be (a date,
 * an amount …); a reference must name a record: one that names nothing is said under the question with
 * the closest candidates, and asked again.
 */
async function askMissing(
  spec: ResourceSpec,
  g: GlobalOptions,
  resolver: RefResolver,
  body: Rec,
  missing: BodyField[],
): Promise<void> {
  for (const f of missing) {
    body[f.key] = await askRequired(
      g,
      flagLabel(spec, f),
      `${f.description}:`,
      f.type === 'enum' ? f.choices : undefined,
      async (answer) => {
        const value = convertValue(f.flag, f.type, answer, f.choices, !!f.ref);
        return f.ref ? `id:${await resolver.resolve(f.ref, String(value), f.flag, false)}` : value;
      },
    );
  }
}

/**
 * Replaces reference values (account numbers, names) in `values` by ids, for the fields that are
 * references; for the keys in `nullable`, `none` becomes null (the reference is removed).
 */
export async function resolveRefs(
  resolver: RefResolver,
  defs: (BodyField | FilterFlag)[],
  values: Record<string, unknown>,
  keyOf: (d: BodyField | FilterFlag) => string,
  nullable?: ReadonlySet<string>,
): Promise<void> {
  for (const d of defs) {
    const key = keyOf(d);
    if (!d.ref || values[key] === undefined || values[key] === null) continue;
    const raw = values[key] as string;
    values[key] =
      nullable?.has(key) && raw.trim().toLowerCase() === 'none' ? null : await resolver.resolve(d.ref, raw, d.flag);
  }
}

/** "1 service", "2 services": the noun as many as `n` are. */
const counted = (spec: ResourceSpec, n: number): string =>
  `${n} ${n === 1 ? spec.noun : spec.group.replace(/-/g, ' ')}`;

/**
 * DELETE …/multiple. Some endpoints count what they skipped; others answer 204 and silently keep records
 * still in use, so those are looked up afterwards to name what stayed. Every id was checked before
 * (runBulk): an unknown one stops the command before anything is deleted.
 */
async function bulkDelete(rt: Runtime, spec: ResourceSpec, company: number, ids: number[]): Promise<void> {
  const res = await rt.client.delete<Rec | null>(spec.paths.multiple!(company), { json: { ids } });
  const reason = spec.bulk?.keptBecause ?? 'still in use';
  if (res && typeof res === 'object' && 'skipped' in res) {
    const skipped = Number(res.skipped);
    notice(
      `Deleted ${ids.length - skipped} of ${counted(spec, ids.length)}` +
        `${skipped ? ` (${skipped} skipped: ${reason})` : ''}.`,
    );
    return;
  }
  const kept: string[] = [];
  for (const id of ids) {
    const record = await findRecord(rt.client, spec.paths.one(company, id));
    if (record !== undefined) kept.push(recordLabel(id, record));
  }
  notice(`Deleted ${ids.length - kept.length} of ${counted(spec, ids.length)}.`);
  if (kept.length) notice(`Kept (${reason}): ${kept.join(', ')}`);
}

async function runBulk(
  rt: Runtime,
  g: GlobalOptions,
  spec: ResourceSpec,
  verb: BulkVerb,
  company: number,
  refs: string[],
  resolver: RefResolver,
): Promise<void> {
  const ids: number[] = [];
  for (const ref of refs) {
    const id = await resolveRef(rt.client, spec, company, ref, resolver);
    if (!ids.includes(id)) ids.push(id);
  }
  // an id of nothing stops the verb before anything changes (names were found already)
  const records = await existingRecords(rt.client, spec.noun, (id) => spec.paths.one(company, id), ids);
  if (verb === 'bulk-delete') {
    await confirmDestructive(g, deleteQuestion(spec.noun, records));
    return bulkDelete(rt, spec, company, ids);
  }
  const archive = spec.bulk!.archive!;
  await rt.client.request(archive.method, spec.paths.multiple!(company), {
    json: { ids, [archive.key]: verb === 'archive' },
  });
  notice(`${verb === 'archive' ? 'Archived' : 'Unarchived'} ${counted(spec, ids.length)}.`);
}

/**
 * A record just written, as get reads it: the answer of a write leaves relations out (a tax rate's
 * account, a task's project), so the record is read again with what get embeds.
 */
async function readBack(
  rt: Runtime,
  spec: ResourceSpec,
  company: number,
  written: Rec,
  include: string | undefined,
): Promise<Rec> {
  const id = Number(written.id);
  if (!Number.isInteger(id)) return written;
  return unwrap(await rt.client.get(spec.paths.one(company, id), { query: include ? { include } : undefined }));
}

/** Runs a generic verb: `refs` are its positional references, `opts` its flags by key (the spec declares which). */
export async function runResourceVerb(
  spec: ResourceSpec,
  verb: Verb | BulkVerb,
  refs: string[],
  opts: Rec,
  io: VerbIO,
): Promise<void> {
  const g = io.globals();
  const setup = spec.setup?.[verb as Verb] ?? {};
  // create and update print the record as get shows it: the same columns, the relations embedded
  const shows = verb === 'create' || verb === 'update' ? (spec.setup?.get ?? {}) : setup;
  const plan = planOutput(g, setup.columns ?? shows.columns ?? spec.columns);
  // Everything checkable without the API is checked before a connection is made.
  const query = verb === 'list' ? queryFromFilters(spec.filters ?? [], opts) : {};
  if (verb === 'list' && setup.include) query.include ??= setup.include;
  const include = verb === 'get' ? ((opts.include as string | undefined) ?? setup.include) : undefined;
  const { body: staticBody, missing } =
    verb === 'create' || verb === 'update' ? collectBody(spec, g, opts, verb === 'create') : { body: {}, missing: [] };
  if (verb === 'update' && Object.keys(staticBody).length === 0)
    throw new UsageError(
      `nothing to change: give at least one of ${(spec.fields ?? []).map((f) => `--${f.flag}`).join(', ')} or --data`,
    );
  // without a terminal to ask on, --yes is needed before any request; on one the records are read first
  if (verb === 'delete') refuseUnconfirmed(g, `Delete ${spec.noun} ${refs[0]}`);
  if (verb === 'bulk-delete') refuseUnconfirmed(g, `Delete ${counted(spec, refs.length)} (${refs.join(', ')})`);

  await io.withRuntime(async (rt: Runtime) => {
    const company = await rt.company();
    const resolver = new RefResolver(rt.client, company, { ask: canPrompt(g) });
    await askMissing(spec, g, resolver, staticBody, missing);
    await resolveRefs(resolver, spec.filters ?? [], query, (f) => (f as FilterFlag).param);
    await resolveRefs(resolver, spec.fields ?? [], staticBody, (f) => (f as BodyField).key);
    switch (verb) {
      case 'archive':
      case 'unarchive':
      case 'bulk-delete':
        await runBulk(rt, g, spec, verb, company, refs, resolver);
        return;
      case 'list': {
        const count = await streamList(rt.client, spec.paths.list(company), plan, query, opts, spec.defaultPerPage);
        if (count === 0 && io.err.isTTY) notice(`No ${spec.group} found.`);
        return;
      }
      case 'get': {
        const id = await resolveRef(rt.client, spec, company, refs[0], resolver);
        const embed = include && include.trim() !== '' ? { include: include.replace(/\s+/g, '') } : undefined;
        printRecord(plan, unwrap(await rt.client.get(spec.paths.one(company, id), { query: embed })));
        return;
      }
      case 'create': {
        const created = unwrap(await rt.client.post(spec.paths.list(company), { json: staticBody }));
        printRecord(plan, await readBack(rt, spec, company, created, shows.include));
        return;
      }
      case 'update': {
        const id = await resolveRef(rt.client, spec, company, refs[0], resolver);
        const body = spec.mergeOnUpdate
          ? { ...unwrap(await rt.client.get(spec.paths.one(company, id))), ...staticBody }
          : staticBody;
        const updated = unwrap(await rt.client.put(spec.paths.one(company, id), { json: body }));
        printRecord(plan, await readBack(rt, spec, company, updated, shows.include));
        return;
      }
      case 'delete': {
        const id = await resolveRef(rt.client, spec, company, refs[0], resolver);
        const record = (await existingRecords(rt.client, spec.noun, (n) => spec.paths.one(company, n), [id])).get(id)!;
        await confirmDestructive(g, `Delete ${spec.noun} ${recordLabel(id, record)}?`);
        await rt.client.delete(spec.paths.one(company, id));
        notice(`Deleted ${spec.noun} ${recordKey(id, record)}.`);
        return;
      }
    }
  });
}
