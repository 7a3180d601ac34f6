// `acct entries create` and `acct entries update <booking>` (number or id): a flag per field (accounts by number, the
// other
// references by name or id, tags by name, new tags as name:color), or --data; --receipt uploads a file
// (the request becomes multipart). Everything that can be checked without the API is checked first.
import { createEntry, getEntry, updateEntry } from '../../api/endpoints/entries.js';
import type { UploadFile } from '../../api/endpoints/import-entries.js';
import { TAG_COLORS } from '../../api/endpoints/tags.js';
import { UsageError } from '../../errors.js';
import { planOutput, printRecord } from '../output.js';
import { askRequired, requireAnswerable } from '../prompt.js';
import { RefResolver } from '../refs.js';
import { nameFlags } from '../failure.js';
import { canPrompt } from '../globals.js';
import { bodyFromFlags, readDataFlag, today } from '../resource/body.js';
import type { Runtime } from '../runtime.js';
import { optionKey, type VerbIO } from '../verb.js';
import { readReceipt } from '../shared/upload.js';
import { multipartBody } from './receipt.js';
import { ENTRY_DETAIL_COLUMNS, ENTRY_FIELDS } from './fields.js';

type Rec = Record<string, unknown>;

/** Fields whose value `none` means "remove it" (null). */
const NULLABLE_REFS = new Set(['tax_rate_id', 'customer_id', 'project_id', 'entry_group_id']);
/** Fields built by hand below, not by the generic flag conversion. */
const CUSTOM = new Set(['tag_ids', 'file', 'entry_group_id']);

export function parseNewTags(values: string[] | undefined): { name: string; color: string }[] | undefined {
  if (!values || values.length === 0) return undefined;
  return values.map((v) => {
    const i = v.lastIndexOf(':');
    const name = i < 0 ? '' : v.slice(0, i).trim();
    const color =
      i < 0
        ? ''
        : v
            .slice(i + 1)
            .trim()
            .toLowerCase();
    if (!name || !color) throw new UsageError(`invalid --new-tag "${v}": expected name:color, e.g. software:blue`);
    if (!(TAG_COLORS as readonly string[]).includes(color))
      throw new UsageError(`invalid --new-tag "${v}": the colour must be one of ${TAG_COLORS.join(', ')}`);
    return { name, color };
  });
}

/** A flag per body field (references as typed), --new-tag (repeatable) and --data. */
interface WriteOptions {
  date?: string;
  debit?: string;
  credit?: string;
  sum?: string;
  description?: string;
  number?: string;
  taxRate?: string;
  customer?: string;
  project?: string;
  billable?: boolean;
  group?: string;
  tags?: string;
  receipt?: string;
  newTag?: string[];
  data?: string;
}

interface UpdateOptions extends WriteOptions {
  /** the booking number (E-2026-001), id or id:N */
  booking: string;
}

/** `acct entries create`. */
export async function create(options: WriteOptions, io: VerbIO): Promise<void> {
  await write(options, io);
}

/** `acct entries update <booking>`. */
export async function update({ booking, ...options }: UpdateOptions, io: VerbIO): Promise<void> {
  await write(options, io, booking);
}

/** The date of the booking written: the one given, else the booking's own (update), else today. */
async function bookingDate(
  rt: Runtime,
  company: number,
  resolver: RefResolver,
  body: Rec,
  ref: string | undefined,
): Promise<string> {
  if (typeof body.date === 'string') return body.date;
  if (ref === undefined) return today();
  return String((await getEntry(rt.client, company, await resolver.resolve('entry', ref, '<booking>'))).date);
}

/** VAT owed on an income booking, input tax on an expense booking (by the accounts given); else not known. */
async function bookingSide(resolver: RefResolver, body: Rec): Promise<'input' | 'output' | undefined> {
  const type = async (id: unknown) =>
    typeof id === 'number' ? (await resolver.record('account', id))?.type : undefined;
  if ((await type(body.credit_account_id)) === 'income') return 'output';
  if ((await type(body.debit_account_id)) === 'expense') return 'input';
  return undefined;
}

/** Creates a booking, or with `ref` changes that one. */
async function write(opts: WriteOptions, io: VerbIO, ref?: string): Promise<void> {
  const g = io.globals();
  const creating = ref === undefined;
  // the record as get prints it
  const plan = planOutput(g, ENTRY_DETAIL_COLUMNS);
  const fields = ENTRY_FIELDS;
  nameFlags([...fields.map((f) => [f.key, f.flag] as const), ['tag_ids', 'tags'], ['newTags', 'new-tag']]);

  const body: Rec = {
    ...readDataFlag(opts.data),
    ...bodyFromFlags(
      fields.filter((f) => !CUSTOM.has(f.key)),
      opts,
    ),
  };
  if (opts.group !== undefined) {
    const group = opts.group.trim();
    if (group.toLowerCase() === 'none') body.entry_group_id = null;
    else if (/^\d+$/.test(group)) body.entry_group_id = Number(group);
    else throw new UsageError(`invalid --group "${group}": expected an entry group id or none`);
  }
  const tagRefs =
    opts.tags === undefined
      ? undefined
      : opts.tags
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
  const newTags = parseNewTags(opts.newTag);
  if (newTags) body.newTags = JSON.stringify(newTags);
  const receipt: UploadFile | undefined =
    opts.receipt === undefined ? undefined : readReceipt(opts.receipt, '--receipt');

  // every value a booking needs; without a terminal the first one missing is a usage error, before any request
  const missing = creating ? fields.filter((f) => f.required && body[f.key] === undefined) : [];
  if (missing.length) requireAnswerable(g, `--${missing[0].flag}`);
  if (!creating && Object.keys(body).length === 0 && tagRefs === undefined && !receipt) {
    throw new UsageError(
      `nothing to change: give at least one of ` +
        `${[...fields.map((f) => `--${f.flag}`), '--new-tag'].join(', ')} or --data`,
    );
  }

  await io.withRuntime(async (rt) => {
    const company = await rt.company();
    const resolver = new RefResolver(rt.client, company, { ask: canPrompt(g) });
    for (const f of missing) {
      // each answer is read as its flag would be (a date, an amount, an account of the chart); one that is
      // not is said under the question, which is asked again
      body[f.key] = await askRequired(g, `--${f.flag}`, `${f.description}:`, undefined, (answer) => {
        const value = bodyFromFlags([f], { [optionKey(f.flag)]: answer })[f.key];
        return f.ref ? resolver.resolve(f.ref, String(value), f.flag, false).then((id) => `id:${id}`) : value;
      });
    }
    for (const f of fields) {
      if (
        !f.ref ||
        f.ref === 'tax-rate' ||
        body[f.key] === undefined ||
        body[f.key] === null ||
        typeof body[f.key] === 'number'
      )
        continue;
      const raw = String(body[f.key]);
      body[f.key] =
        NULLABLE_REFS.has(f.key) && raw.toLowerCase() === 'none' ? null : await resolver.resolve(f.ref, raw, f.flag);
    }
    // the tax rate last: the booking's date (and its accounts) pick the rate of its time
    if (typeof body.tax_rate_id === 'string') {
      const raw = body.tax_rate_id;
      body.tax_rate_id =
        raw.trim().toLowerCase() === 'none'
          ? null
          : await resolver.resolveTaxRateOn(
              raw,
              'tax-rate',
              await bookingDate(rt, company, resolver, body, ref),
              await bookingSide(resolver, body),
            );
    }
    if (tagRefs !== undefined) {
      const ids: number[] = [];
      for (const ref of tagRefs) ids.push(await resolver.resolve('tag', ref, 'tags'));
      body.tag_ids = ids;
    }
    const request = receipt ? { form: multipartBody(body, receipt) } : { json: body };
    const entry =
      ref === undefined
        ? await createEntry(rt.client, company, request)
        : await updateEntry(rt.client, company, await resolver.resolve('entry', ref, '<booking>'), request);
    printRecord(plan, await getEntry(rt.client, company, Number(entry.id)));
  });
}
