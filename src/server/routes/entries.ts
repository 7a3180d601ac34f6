// Bookings (entries): list with every filter, include and sort; the grouped list; create and update as
// JSON or multipart (receipt upload, tags, new tags); read; delete; the number look-up; entry groups.
// Rules sit beside the routes; SQL in store/entries.ts; pure rules in domain/{entries,numbering}.ts.
import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { AppEnv, Ctx } from '../context.js';
import { canBeBillable, dottedDate, entryType, exceedsRevenueCap, groupItem, isDepreciation, isLocked, parseDateRange, parseNullableIds } from '../domain/entries.js';
import { ENTRY_TYPES, formatEntryNumber, needsRenumbering, numberAnswer, MAX_RUNNING_NUMBER, yearIn, type EntryType } from '../domain/numbering.js';
import { rappenToNumber } from '../domain/money.js';
import { TAG_COLORS, normaliseTagName } from '../domain/tags.js';
import { badRequest, fieldError, HttpError, notFound, paymentRequired, validationError, type FieldErrors } from '../http-error.js';
import { pageRequest, type PageRequest } from '../pagination.js';
import { pathId, readBody, type Body } from '../request.js';
import { isValidDate, nullable, required, rules, validate } from '../validation.js';
import { one, transaction, type Db, type Row } from '../store/db.js';
import {
  accountsOf, addEntryTags, customerOfCompany, deleteEntryRow, deleteGroupIfEmpty, ENTRY_SORTS, entryNumberTaken, entryTagIds,
  findEntryRow, findGroup, groupMemberOf, groupOfCompany, insertEntry, insertGroup, listEntryRows, listGroupedRows, maxRunningNumber,
  projectOfCompany, replaceEntryTags, runningNumberTaken, serializeEntries, tagIdsOfCompany, taxRateOfCompany, touchEntry, updateEntry,
  valuesOf, yearIncome, type Entry, type EntryFilter, type EntryInclude, type EntrySort, type EntrySortColumn, type EntryValues,
} from '../store/entries.js';
import { deleteFileRow, findFile, insertFile, MAX_FILE_BYTES, cleanFileName, mimeOf, removeFileBytes, type StoredFile } from '../store/files.js';
import { insertTag } from '../store/tags.js';
import { filterBoolean, filterIds } from './customers.js';
import { fileUrlFor } from './files.js';

// ---- messages -----------------------------------------------------------------------------------

const CLOSED_PERIOD = (closedUntil: string) =>
  `Die Buchungsperiode bis ${dottedDate(closedUntil)} ist abgeschlossen. Buchungen in diesem Zeitraum können nicht erstellt, bearbeitet oder gelöscht werden.`;
const REVENUE_CAP = 'Mit dieser Buchung wird die Umsatzgrenze Ihres Abonnements für dieses Jahr überschritten. Bitte wechseln Sie auf einen höheren Plan.';
const DEPRECIATION_LOCKED = 'Bei Abschreibungsbuchungen kann nur der Beleg geändert werden.';
const BILLABLE_ONLY = 'Only expenses with a customer can be billable.';
const SAME_ACCOUNT = 'The credit account id field and debit account id must be different.';
const NUMBER_TAKEN = 'The number has already been taken.';
const invalid = (field: string) => `The selected ${field.replace(/_/g, ' ')} is invalid.`;

// ---- body rules ---------------------------------------------------------------------------------

/** Multipart arrays arrive as `tag_ids[]` (repeated) or `tag_ids[0]`, `tag_ids[1]`…; they become `tag_ids`. */
export function collectArrayFields(body: Body, name: string): Body {
  const out: Body = { ...body };
  const indexed: [number, unknown][] = [];
  let list: unknown[] | undefined;
  for (const [key, value] of Object.entries(body)) {
    if (key === `${name}[]`) {
      list = [...(list ?? []), ...(Array.isArray(value) ? value : [value])];
      delete out[key];
    } else {
      const m = new RegExp(`^${name}\\[(\\d{1,4})\\]$`).exec(key);
      if (m) { indexed.push([Number(m[1]), Array.isArray(value) ? value[value.length - 1] : value]); delete out[key]; }
    }
  }
  if (indexed.length) list = [...(list ?? []), ...indexed.sort((a, b) => a[0] - b[0]).map(([, v]) => v)];
  if (list !== undefined) out[name] = list;
  return out;
}

const FILE_TOO_BIG = `The :attribute field must not be greater than ${MAX_FILE_BYTES / 1024} kilobytes.`;

/**
 * A body far beyond the receipt limit is refused before it is read into memory, with the receipt's 422
 * (the fields besides the file need a few kilobytes; 1 MB of room keeps a 6 MB + 1 byte file a plain 422).
 */
const uploadLimit = bodyLimit({
  maxSize: MAX_FILE_BYTES + 1024 * 1024,
  onError: () => { throw fieldError('file', FILE_TOO_BIG.replace(':attribute', 'file')); },
});

const fileRule = () => z.preprocess(
  (v) => (v instanceof File && v.size === 0 && v.name === '' ? null : v === '' ? null : v),
  z.custom<File>((v) => v instanceof File, { message: 'The :attribute field must be a file.' })
    .refine((f) => f.size <= MAX_FILE_BYTES, { message: FILE_TOO_BIG })
    .nullable().optional(),
);

const NOT_JSON = Symbol('not json');
const newTagsRule = () => z.preprocess(
  (v) => {
    if (v === '' || v === null || v === undefined) return v === '' ? null : v;
    if (typeof v !== 'string') return v;
    try { return JSON.parse(v); } catch { return NOT_JSON; }
  },
  z.unknown().superRefine((v, ctx) => {
    if (v === NOT_JSON) ctx.addIssue({ code: 'custom', message: 'The :attribute field must be a valid JSON string.' });
  }).pipe(z.array(z.object({
    name: required(rules.string(255)),
    color: required(rules.in(TAG_COLORS)),
  })).max(100).nullable().optional()),
);

const fields = {
  date: required(rules.date()),
  debit_account_id: required(rules.integer()),
  credit_account_id: required(rules.integer()),
  description: nullable(rules.string(255)),
  sum: nullable(rules.money(0, 999999999.99)),
  number: nullable(rules.string(255)),
  tax_rate_id: nullable(rules.integer()),
  customer_id: nullable(rules.integer()),
  project_id: nullable(rules.integer()),
  billable: nullable(rules.boolean()),
  entry_group_id: nullable(rules.integer()),
  tag_ids: nullable(z.array(rules.integer()).max(100)),
  newTags: newTagsRule(),
  file: fileRule(),
  remove_file: nullable(rules.boolean()),
};
const FIELD_ORDER = Object.keys(fields);
const createSchema = z.object(fields);
const updateSchema = z.object({
  ...fields,
  date: fields.date.optional(),
  debit_account_id: fields.debit_account_id.optional(),
  credit_account_id: fields.credit_account_id.optional(),
});
type UpdateInput = z.output<typeof updateSchema>;

function ordered(errors: FieldErrors): FieldErrors {
  const out: FieldErrors = {};
  const rank = (k: string) => { const i = FIELD_ORDER.indexOf(k.split('.')[0]); return i < 0 ? FIELD_ORDER.length : i; };
  for (const key of Object.keys(errors).sort((a, b) => rank(a) - rank(b))) out[key] = errors[key];
  return out;
}

/** Shape rules (zod) of every field; the failures are collected, not thrown, so the database rules can join them. */
function shape(body: Body, mode: 'create' | 'update'): { input: Partial<UpdateInput>; errors: FieldErrors } {
  const errors: FieldErrors = {};
  let input: Partial<UpdateInput> = {};
  try {
    input = validate(mode === 'create' ? createSchema : updateSchema, body) as UpdateInput;
  } catch (err) {
    if (!(err instanceof HttpError) || err.status !== 422 || !err.errors) throw err;
    Object.assign(errors, err.errors);
    // keep what did pass, field by field, for the database rules
    const schema = mode === 'create' ? createSchema : updateSchema;
    for (const [key, rule] of Object.entries(schema.shape)) {
      if (Object.keys(err.errors).some((k) => k === key || k.startsWith(`${key}.`))) continue;
      const r = (rule as z.ZodType).safeParse(body[key]);
      if (r.success) (input as Record<string, unknown>)[key] = r.data;
    }
  }
  return { input, errors };
}

// ---- resolving a create or update ---------------------------------------------------------------

interface Resolved {
  values: EntryValues;
  tagIds?: number[];
  newTags: { name: string; color: string }[];
  file?: File;
  removeFile: boolean;
  /** the number is to be generated inside the transaction */
  generateNumber: boolean;
}

const EMPTY: EntryValues = {
  number: null, type: 'swap', date: '', description: null, sum: 0, debit_account_id: 0, credit_account_id: 0, tax_rate_id: null,
  customer_id: null, project_id: null, billable: false, is_depreciation: false, entry_group_id: null, file_id: null,
};

const yearOf = (date: string) => Number(date.slice(0, 4));
const has = (body: Body, key: string) => Object.hasOwn(body, key);

/**
 * Validates a body against the current values (EMPTY on create) like Laravel: shape rules, then the
 * rules that need the database (the company's accounts, tax rate, customer, project, group and tags;
 * different accounts; a free number; billable), all in one 422. Business refusals come after.
 */
function resolve(c: Ctx, body: Body, current: (EntryValues & { id: number }) | undefined): Resolved {
  const db = c.get('deps').db;
  const companyId = c.get('companyId');
  const { input, errors } = shape(body, current ? 'update' : 'create');
  const base = current ?? EMPTY;
  const next: EntryValues = { ...base };
  const failed = (key: string) => Object.keys(errors).some((k) => k === key || k.startsWith(`${key}.`));
  const add = (key: string, message: string) => { (errors[key] ??= []).push(message); };

  if (input.date !== undefined) next.date = input.date;
  if (input.description !== undefined) next.description = input.description ?? null;
  if (has(body, 'sum') && !failed('sum')) next.sum = input.sum ?? 0;

  // accounts
  const accountIds = [input.debit_account_id, input.credit_account_id].filter((v): v is number => typeof v === 'number');
  const accounts = accountsOf(db, companyId, [...accountIds, base.debit_account_id, base.credit_account_id].filter((v) => v > 0));
  for (const key of ['debit_account_id', 'credit_account_id'] as const) {
    const id = input[key];
    if (typeof id !== 'number') continue;
    if (!accounts.has(id)) add(key, invalid(key));
    else next[key] = id;
  }
  const accountsValid = !failed('debit_account_id') && !failed('credit_account_id') && next.debit_account_id > 0 && next.credit_account_id > 0;
  if (accountsValid && next.debit_account_id === next.credit_account_id) add('credit_account_id', SAME_ACCOUNT);
  const accountsChanged = next.debit_account_id !== base.debit_account_id || next.credit_account_id !== base.credit_account_id;
  if (accountsValid) {
    const debitType = accounts.get(next.debit_account_id)!.type;
    const creditType = accounts.get(next.credit_account_id)!.type;
    next.type = entryType(debitType, creditType);
    if (!current || accountsChanged) next.is_depreciation = isDepreciation(debitType, creditType);
  }

  // references of the company
  const refs = [
    ['tax_rate_id', taxRateOfCompany], ['customer_id', customerOfCompany], ['project_id', projectOfCompany], ['entry_group_id', groupOfCompany],
  ] as const;
  for (const [key, check] of refs) {
    if (!has(body, key) || failed(key)) continue;
    const id = input[key] ?? null;
    if (id !== null && !check(db, companyId, id)) add(key, invalid(key));
    else next[key] = id;
  }
  let tagIds: number[] | undefined;
  if (has(body, 'tag_ids') && !failed('tag_ids')) {
    tagIds = input.tag_ids ?? [];
    const own = tagIdsOfCompany(db, companyId, tagIds);
    tagIds.forEach((id, i) => { if (!own.has(id)) add(`tag_ids.${i}`, invalid(`tag_ids.${i}`)); });
  }

  // number: a given one must be free for the company and the booking's type
  let generateNumber = false;
  if (typeof input.number === 'string') next.number = input.number;
  else if (!current || next.number === null) generateNumber = true;
  else if (needsRenumbering(base.number, { type: base.type, year: yearOf(base.date) }, { type: next.type, year: yearOf(next.date) })) generateNumber = true;
  if (!generateNumber && next.number !== null && accountsValid && !failed('number') && !failed('date')
      && (next.number !== base.number || next.type !== base.type)
      && entryNumberTaken(db, companyId, next.type, next.number, current?.id)) {
    add('number', NUMBER_TAKEN);
  }

  // billable: only expenses with a customer; a stored flag that no longer applies is dropped
  if (has(body, 'billable') && !failed('billable')) next.billable = input.billable ?? false;
  if (accountsValid && !failed('customer_id') && !canBeBillable(next.type, next.customer_id)) {
    if (input.billable === true) add('billable', BILLABLE_ONLY);
    next.billable = false;
  }

  if (Object.keys(errors).length) throw validationError(ordered(errors));

  const newTags = new Map<string, string>();
  for (const t of input.newTags ?? []) {
    const name = normaliseTagName(t.name);
    if (name !== '' && !newTags.has(name)) newTags.set(name, t.color);
  }
  return {
    values: next,
    tagIds: tagIds && [...new Set(tagIds)],
    newTags: [...newTags].map(([name, color]) => ({ name, color })),
    file: input.file ?? undefined,
    removeFile: input.remove_file === true,
    generateNumber,
  };
}

/** Closed period and revenue cap: the refusals after validation (400, 402). */
function checkBusinessRules(c: Ctx, next: EntryValues, current: (EntryValues & { id: number }) | undefined): void {
  const company = c.get('company');
  const closedUntil: string | null = company.closed_until ?? null;
  if (isLocked(next.date, closedUntil)) throw badRequest(CLOSED_PERIOD(closedUntil!));
  if (next.type !== 'income') return;
  const cap = company.revenue_cap === null || company.revenue_cap === undefined ? null : Number(company.revenue_cap);
  if (cap === null) return;
  const year = yearOf(next.date);
  const previous = current && current.type === 'income' && yearOf(current.date) === year ? current.sum : 0;
  if (exceedsRevenueCap(cap, yearIncome(c.get('deps').db, c.get('companyId'), year, current?.id), next.sum, previous)) throw paymentRequired(REVENUE_CAP);
}

/** Creates the new tags (or takes the company's tag of that name) and answers their ids. */
function ensureTags(db: Db, companyId: number, userId: number, tags: { name: string; color: string }[]): number[] {
  return tags.map(({ name, color }) => {
    const existing = one(db, 'SELECT id FROM tags WHERE company_id = ? AND name = ?', companyId, name);
    return existing ? Number(existing.id) : insertTag(db, companyId, userId, name, color).id;
  });
}

interface Upload { name: string; mime: string; bytes: Uint8Array }

/**
 * Reads an uploaded receipt into memory before anything is checked, so that validation, the business
 * rules and the write then run without an await in between (no other request can slip in between the
 * check of a number or the revenue cap and the insert). An invalid upload is left to the validation.
 */
async function readUpload(body: Body): Promise<Upload | undefined> {
  const file = body.file;
  if (!(file instanceof File) || (file.size === 0 && file.name === '') || file.size > MAX_FILE_BYTES) return undefined;
  const name = cleanFileName(file.name || 'file');
  return { name, mime: mimeOf(name, file.type), bytes: new Uint8Array(await file.arrayBuffer()) };
}

// ---- reading ------------------------------------------------------------------------------------

const ALL_RELATIONS: ReadonlySet<EntryInclude> = new Set<EntryInclude>(['customer', 'project', 'taxRate', 'group', 'invoice']);

/** include names, camelCase and snake_case; file, tags and the accounts are always present. */
const INCLUDE_NAMES: Record<string, EntryInclude | null> = {
  file: null, tags: null,
  debitAccount: null, debit_account: null, creditAccount: null, credit_account: null,
  'debitAccount.accountCategory': 'debitAccountCategory', 'debit_account.account_category': 'debitAccountCategory',
  'debitAccount.account_category': 'debitAccountCategory', 'debit_account.accountCategory': 'debitAccountCategory',
  'creditAccount.accountCategory': 'creditAccountCategory', 'credit_account.account_category': 'creditAccountCategory',
  'creditAccount.account_category': 'creditAccountCategory', 'credit_account.accountCategory': 'creditAccountCategory',
  customer: 'customer', project: 'project', taxRate: 'taxRate', tax_rate: 'taxRate',
  group: 'group', entryGroup: 'group', entry_group: 'group', invoice: 'invoice',
};
const SHOWN_INCLUDES = ['customer', 'project', 'tags', 'tax_rate', 'debit_account', 'credit_account', 'group', 'file', 'invoice',
  'debitAccount.accountCategory', 'creditAccount.accountCategory'];

function includesOf(c: Ctx): Set<EntryInclude> {
  const names = (c.req.query('include') ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');
  const unknown = names.filter((n) => !Object.hasOwn(INCLUDE_NAMES, n));
  if (unknown.length) {
    throw badRequest(`Requested include(s) \`${unknown.join(', ')}\` are not allowed. Allowed include(s) are \`${SHOWN_INCLUDES.join(', ')}\`.`);
  }
  return new Set(names.map((n) => INCLUDE_NAMES[n]).filter((v): v is EntryInclude => v !== null));
}

function sortOf(c: Ctx): EntrySort | undefined {
  const raw = (c.req.query('sort') ?? '').trim();
  if (raw === '') return undefined;
  const column = raw.replace(/^-/, '') as EntrySortColumn;
  if (!ENTRY_SORTS.includes(column)) {
    const allowed = ENTRY_SORTS.flatMap((s) => [s, `-${s}`]).join(', ');
    throw badRequest(`Requested sort(s) \`${raw}\` is not allowed. Allowed sort(s) are \`${allowed}\`.`);
  }
  return { column, desc: raw.startsWith('-') };
}

function filterOf(c: Ctx): EntryFilter {
  const q = (name: string) => { const v = c.req.query(`filter[${name}]`); return v === undefined || v.trim() === '' ? undefined : v.trim(); };
  const f: EntryFilter = {};
  f.ids = filterIds(c, 'id');
  const date = q('date');
  if (date !== undefined) {
    const range = parseDateRange(date, isValidDate);
    if (!range) throw badRequest('filter[date] must be a date YYYY-MM-DD or a range start,end.');
    f.start = range.start;
    f.end = range.end;
  }
  const type = q('type');
  if (type !== undefined) {
    const types = type.split(',').map((s) => s.trim()).filter((s) => s !== '');
    if (!types.every((t) => (ENTRY_TYPES as readonly string[]).includes(t))) throw badRequest('filter[type] must be income, expense or swap.');
    f.types = types as EntryType[];
  }
  for (const [name, key, words] of [['customer_id', 'customer', ['null']], ['project_id', 'project', ['null']], ['invoice_id', 'invoice', ['null']], ['tax_rate_id', 'taxRate', ['none', 'null']]] as const) {
    const raw = q(name);
    if (raw === undefined) continue;
    const set = parseNullableIds(raw, words);
    if (!set) throw badRequest(`filter[${name}] must be an id, comma-separated ids or ${words[0]}.`);
    f[key] = set;
  }
  f.billable = filterBoolean(c, 'billable');
  f.locked = filterBoolean(c, 'locked');
  f.invoiced = filterBoolean(c, 'invoiced');
  f.accountIds = filterIds(c, 'account_id');
  f.tagIds = filterIds(c, 'tag_id');
  const receipt = q('receipt');
  if (receipt !== undefined) {
    const r = receipt.toLowerCase();
    if (['with', 'true', '1'].includes(r)) f.receipt = true;
    else if (['without', 'false', '0'].includes(r)) f.receipt = false;
    else throw badRequest('filter[receipt] must be with or without.');
  }
  return f;
}

const envelope = <T>(data: T[], total: number, page: PageRequest) => ({ data, current_count: data.length, total_count: total, page: page.page, per_page: page.perPage });

function serialize(c: Ctx, rows: Row[], includes?: ReadonlySet<EntryInclude>): Entry[] {
  return serializeEntries(c.get('deps').db, c.get('companyId'), rows, { closedUntil: c.get('company').closed_until ?? null, includes, fileUrl: fileUrlFor(c) });
}

function entryOr404(c: Ctx): Row {
  const row = findEntryRow(c.get('deps').db, c.get('companyId'), pathId(c, 'entry'));
  if (!row) throw notFound('Entry not found.');
  return row;
}

function readEntry(c: Ctx, id: number, includes: ReadonlySet<EntryInclude> = ALL_RELATIONS): Entry {
  return serialize(c, [findEntryRow(c.get('deps').db, c.get('companyId'), id)!], includes)[0];
}

// ---- writing ------------------------------------------------------------------------------------

/** Runs the write in one transaction; a file written for it is removed again when the transaction fails. */
function write(c: Ctx, resolved: Resolved, current: (EntryValues & { id: number }) | undefined, upload: Upload | undefined): number {
  const db = c.get('deps').db;
  const dataDir = c.get('deps').dataDir;
  const companyId = c.get('companyId');
  if (resolved.file && !upload) throw new Error('the upload was not read before the write');
  let written: StoredFile | undefined;
  let removed: StoredFile | undefined;
  let id: number;
  try {
    id = transaction(db, () => {
      const values = { ...resolved.values };
      if (resolved.generateNumber) values.number = formatEntryNumber(values.type, yearOf(values.date), maxRunningNumber(db, companyId, values.type, yearOf(values.date)) + 1);
      const oldFileId = current?.file_id ?? null;
      if (upload) {
        written = insertFile(db, dataDir, companyId, upload.name, upload.mime, upload.bytes);
        values.file_id = written.id;
      } else if (resolved.removeFile) {
        values.file_id = null;
      }
      const created = ensureTags(db, companyId, Number(c.get('user').id), resolved.newTags);
      let entryId: number;
      if (current) {
        entryId = current.id;
        const changed = (Object.keys(values) as (keyof EntryValues)[]).some((k) => values[k] !== current[k]);
        const tagsBefore = entryTagIds(db, entryId);
        if (resolved.tagIds) replaceEntryTags(db, entryId, resolved.tagIds);
        addEntryTags(db, entryId, created);
        const tagsChanged = entryTagIds(db, entryId).join(',') !== tagsBefore.join(',');
        // like Eloquent: nothing changed, nothing saved (updated_at stays)
        if (changed) updateEntry(db, companyId, entryId, values);
        else if (tagsChanged) touchEntry(db, companyId, entryId);
        if (current.entry_group_id !== values.entry_group_id) deleteGroupIfEmpty(db, companyId, current.entry_group_id);
      } else {
        entryId = insertEntry(db, companyId, Number(c.get('user').id), values);
        addEntryTags(db, entryId, [...(resolved.tagIds ?? []), ...created]);
      }
      if (oldFileId !== null && oldFileId !== values.file_id) {
        removed = findFile(db, oldFileId, companyId);
        deleteFileRow(db, oldFileId);
      }
      return entryId;
    });
  } catch (err) {
    if (written) removeFileBytes(dataDir, written);
    throw err;
  }
  if (removed) removeFileBytes(dataDir, removed);
  return id;
}

/** A depreciation booking accepts only a change of its receipt. */
function checkDepreciation(current: EntryValues, resolved: Resolved, currentTagIds: number[]): void {
  if (!current.is_depreciation) return;
  const values = resolved.values;
  const changed = (Object.keys(values) as (keyof EntryValues)[]).some((k) => k !== 'file_id' && values[k] !== current[k]);
  const tagsChanged = resolved.newTags.length > 0 || (resolved.tagIds !== undefined && [...resolved.tagIds].sort((a, b) => a - b).join(',') !== currentTagIds.join(','));
  if (changed || tagsChanged) throw badRequest(DEPRECIATION_LOCKED);
}

// ---- routes -------------------------------------------------------------------------------------

export function registerEntries(r: Hono<AppEnv>): void {
  r.get('/entries', (c) => {
    const page = pageRequest(c);
    const includes = includesOf(c);
    const filter = filterOf(c);
    const sort = sortOf(c);
    const { rows, total } = listEntryRows(c.get('deps').db, c.get('companyId'), filter, c.get('company').closed_until ?? null, sort, page.perPage, page.offset);
    return c.json(envelope(serialize(c, rows, includes), total, page));
  });

  r.get('/entries-grouped', (c) => {
    const page = pageRequest(c);
    includesOf(c);
    const filter = filterOf(c);
    const sort = sortOf(c);
    const { items, total } = listGroupedRows(c.get('deps').db, c.get('companyId'), filter, c.get('company').closed_until ?? null, sort, page.perPage, page.offset);
    const entries = new Map(serialize(c, items.flatMap((i) => i.rows)).map((e) => [e.id, e]));
    const data = items.map((item) => groupItem(item.rows.map((row) => groupMemberOf(entries.get(Number(row.id))!, Number(row.sum))), rappenToNumber));
    return c.json(envelope(data, total, page));
  });

  r.get('/entries/number/:type', (c) => {
    const type = c.req.param('type');
    const errors: FieldErrors = {};
    if (!(ENTRY_TYPES as readonly string[]).includes(type)) errors.type = ['The selected type is invalid.'];
    const intQuery = (name: string, min: number, max: number): number | undefined => {
      const raw = (c.req.query(name) ?? '').trim();
      if (raw === '') return undefined;
      if (!/^\d{1,12}$/.test(raw)) { errors[name] = [`The ${name} field must be an integer.`]; return undefined; }
      const n = Number(raw);
      if (n < min) errors[name] = [`The ${name} field must be at least ${min}.`];
      else if (n > max) errors[name] = [`The ${name} field must not be greater than ${max}.`];
      return n;
    };
    const year = intQuery('year', 1000, 9999) ?? yearIn(c.get('company').timezone ?? 'Europe/Zurich');
    const requested = intQuery('number', 1, MAX_RUNNING_NUMBER);
    if (Object.keys(errors).length) throw validationError(errors);
    const db = c.get('deps').db;
    const companyId = c.get('companyId');
    const t = type as EntryType;
    const next = maxRunningNumber(db, companyId, t, year) + 1;
    return c.json({ number: numberAnswer(requested, (n) => runningNumberTaken(db, companyId, t, year, n), next) });
  });

  r.post('/entries', uploadLimit, async (c) => {
    const body = collectArrayFields(await readBody(c), 'tag_ids');
    const upload = await readUpload(body);
    // from here on no await: checks and write see the same state
    const resolved = resolve(c, body, undefined);
    checkBusinessRules(c, resolved.values, undefined);
    const id = write(c, resolved, undefined, upload);
    return c.json({ data: readEntry(c, id) });
  });

  r.get('/entries/:entry', (c) => {
    const row = entryOr404(c);
    return c.json({ data: serialize(c, [row], includesOf(c))[0] });
  });

  r.put('/entries/:entry', uploadLimit, async (c) => {
    entryOr404(c);
    const body = collectArrayFields(await readBody(c), 'tag_ids');
    const upload = await readUpload(body);
    // from here on no await: the booking is read again, then checked and written
    const row = entryOr404(c);
    const closedUntil = c.get('company').closed_until ?? null;
    if (isLocked(row.date, closedUntil)) throw badRequest(CLOSED_PERIOD(closedUntil));
    const current = { ...valuesOf(row), id: Number(row.id) };
    const resolved = resolve(c, body, current);
    checkDepreciation(current, resolved, entryTagIds(c.get('deps').db, current.id));
    checkBusinessRules(c, resolved.values, current);
    write(c, resolved, current, upload);
    return c.json({ data: readEntry(c, current.id) });
  });

  r.delete('/entries/:entry', (c) => {
    const row = entryOr404(c);
    const closedUntil = c.get('company').closed_until ?? null;
    if (isLocked(row.date, closedUntil)) throw badRequest(CLOSED_PERIOD(closedUntil));
    const db = c.get('deps').db;
    const companyId = c.get('companyId');
    const values = valuesOf(row);
    let file: StoredFile | undefined;
    transaction(db, () => {
      deleteEntryRow(db, companyId, Number(row.id));
      if (values.file_id !== null) {
        file = findFile(db, values.file_id, companyId);
        deleteFileRow(db, values.file_id);
      }
      deleteGroupIfEmpty(db, companyId, values.entry_group_id);
    });
    if (file) removeFileBytes(c.get('deps').dataDir, file);
    return c.body(null, 204);
  });

  // Entry groups (beyond the spec): a group is made empty and filled through entry_group_id.
  r.post('/entry-groups', (c) => c.json({ data: insertGroup(c.get('deps').db, c.get('companyId')) }, 201));

  r.get('/entry-groups/:group', (c) => {
    const group = findGroup(c.get('deps').db, c.get('companyId'), pathId(c, 'group'));
    if (!group) throw notFound('Entry group not found.');
    return c.json({ data: group });
  });
}
