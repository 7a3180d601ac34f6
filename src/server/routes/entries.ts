// Bookings (entries): list with every filter, include and sort; the grouped list; create and update as
// JSON or multipart (receipt upload, tags, new tags); read; delete; the number look-up; entry groups.
// The shape rules sit beside the routes; a booking's own rules and its write are actions/bookings.ts.
import type { Hono } from 'hono';
import { scopeOf, type AppEnv, type Ctx } from '../context.js';
import { createBooking, deleteEntryBooking, updateBooking } from '../actions/bookings.js';
import { groupItem, parseDateRange, parseNullableIds } from '../domain/entries.js';
import { ENTRY_TYPES, numberAnswer, MAX_RUNNING_NUMBER, yearIn, type EntryType } from '../domain/numbering.js';
import { rappenToNumber } from '../domain/money.js';
import { TAG_COLORS } from '../domain/tags.js';
import { badRequest, notFound, validationError, type FieldErrors } from '../http-error.js';
import { pageRequest, type PageRequest } from '../pagination.js';
import { filterBoolean, filterIds, pathId, readBody, type Body } from '../request.js';
import { check, isValidDate, lazy, nullable, required, rules, z } from '../validation.js';
import {
  ENTRY_SORTS,
  findEntryRow,
  findGroupRow,
  insertGroup,
  listEntryRows,
  listGroupedRows,
  maxRunningNumber,
  runningNumberTaken,
  type EntryFilter,
  type EntryRow,
  type EntrySort,
  type EntrySortColumn,
} from '../store/entries.js';
import {
  ENTRY_FIELDS,
  groupMemberOf,
  serializeEntries,
  toEntryGroup,
  type Entry,
  type EntryInclude,
} from '../present/entries.js';
import { fileUrlFor } from '../file-links.js';
import {
  isNoFile,
  MAX_UPLOAD_BYTES,
  storedUpload,
  uploadBodyLimit,
  uploadTooBig,
  type UploadedFile,
} from '../upload.js';

// ---- body rules ---------------------------------------------------------------------------------

/** Multipart arrays arrive as `tag_ids[]` (repeated) or `tag_ids[0]`, `tag_ids[1]`…; they become `tag_ids`. */
function collectArrayFields(body: Body, name: string): Body {
  const out: Body = { ...body };
  const indexed: [number, unknown][] = [];
  let list: unknown[] | undefined;
  for (const [key, value] of Object.entries(body)) {
    if (key === `${name}[]`) {
      list = [...(list ?? []), ...(Array.isArray(value) ? value : [value])];
      delete out[key];
    } else {
      const m = new RegExp(`^${name}\\[(\\d{1,4})\\]$`).exec(key);
      if (m) {
        indexed.push([Number(m[1]), Array.isArray(value) ? value[value.length - 1] : value]);
        delete out[key];
      }
    }
  }
  if (indexed.length) list = [...(list ?? []), ...indexed.sort((a, b) => a[0] - b[0]).map(([, v]) => v)];
  if (list !== undefined) out[name] = list;
  return out;
}

const uploadLimit = uploadBodyLimit();

const fileRule = () =>
  z.preprocess(
    (v) => ((v instanceof File && isNoFile(v)) || v === '' ? null : v),
    z
      .custom<File>((v) => v instanceof File, { message: 'The :attribute field must be a file.' })
      .refine((f) => f.size <= MAX_UPLOAD_BYTES, { message: uploadTooBig() })
      .nullable()
      .optional(),
  );

const NOT_JSON = Symbol('not json');
const newTagsRule = () =>
  z.preprocess(
    (v) => {
      if (v === '' || v === null || v === undefined) return v === '' ? null : v;
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v);
      } catch {
        return NOT_JSON;
      }
    },
    z
      .unknown()
      .superRefine((v, ctx) => {
        if (v === NOT_JSON)
          ctx.addIssue({ code: 'custom', message: 'The :attribute field must be a valid JSON string.' });
      })
      .pipe(
        z
          .array(
            z.object({
              name: required(rules.string(255)),
              color: required(rules.in(TAG_COLORS)),
            }),
          )
          .max(100)
          .nullable()
          .optional(),
      ),
  );

const fields = lazy(() => ({
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
}));
const createSchema = lazy(() => z.object(fields()));
const updateSchema = lazy(() =>
  z.object({
    ...fields(),
    date: fields().date.optional(),
    debit_account_id: fields().debit_account_id.optional(),
    credit_account_id: fields().credit_account_id.optional(),
  }),
);

/**
 * Reads an uploaded receipt into memory before anything is checked, so that validation, the business
 * rules and the write then run without an await in between (no other request can slip in between the
 * check of a number or the revenue cap and the insert). An invalid upload is left to the validation.
 */
async function readUpload(body: Body): Promise<UploadedFile | undefined> {
  const file = body.file;
  return file instanceof File && !isNoFile(file) && file.size <= MAX_UPLOAD_BYTES ? storedUpload(file) : undefined;
}

// ---- reading ------------------------------------------------------------------------------------

const ALL_RELATIONS: ReadonlySet<EntryInclude> = new Set<EntryInclude>([
  'customer',
  'project',
  'taxRate',
  'group',
  'invoice',
]);

/** include names, camelCase and snake_case; file, tags and the accounts are always present. */
const INCLUDE_NAMES: Record<string, EntryInclude | null> = {
  file: null,
  tags: null,
  debitAccount: null,
  debit_account: null,
  creditAccount: null,
  credit_account: null,
  'debitAccount.accountCategory': 'debitAccountCategory',
  'debit_account.account_category': 'debitAccountCategory',
  'debitAccount.account_category': 'debitAccountCategory',
  'debit_account.accountCategory': 'debitAccountCategory',
  'creditAccount.accountCategory': 'creditAccountCategory',
  'credit_account.account_category': 'creditAccountCategory',
  'creditAccount.account_category': 'creditAccountCategory',
  'credit_account.accountCategory': 'creditAccountCategory',
  customer: 'customer',
  project: 'project',
  taxRate: 'taxRate',
  tax_rate: 'taxRate',
  group: 'group',
  entryGroup: 'group',
  entry_group: 'group',
  invoice: 'invoice',
};
const SHOWN_INCLUDES = [
  'customer',
  'project',
  'tags',
  'tax_rate',
  'debit_account',
  'credit_account',
  'group',
  'file',
  'invoice',
  'debitAccount.accountCategory',
  'creditAccount.accountCategory',
];

function includesOf(c: Ctx): Set<EntryInclude> {
  const names = (c.req.query('include') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const unknown = names.filter((n) => !Object.hasOwn(INCLUDE_NAMES, n));
  if (unknown.length) {
    throw badRequest(
      `Requested include(s) \`${unknown.join(', ')}\` are not allowed. Allowed include(s) are ` +
        `\`${SHOWN_INCLUDES.join(', ')}\`.`,
    );
  }
  return new Set(names.map((n) => INCLUDE_NAMES[n]).filter((v): v is EntryInclude => v !== null));
}

/**
 * `fields[entries]=id,date,sum`: a sparse fieldset (the query builder's convention beside include and
 * sort), so a client walking many pages (a report) is sent only what it reads; unknown names are a 400.
 */
function fieldsOf(c: Ctx): string[] | undefined {
  const raw = c.req.query('fields[entries]');
  if (raw === undefined) return undefined;
  const names = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const unknown = names.filter((n) => !ENTRY_FIELDS.includes(n));
  if (unknown.length || names.length === 0) {
    throw badRequest(
      `Requested field(s) \`${unknown.join(', ')}\` are not allowed. Allowed field(s) are ` +
        `\`${ENTRY_FIELDS.join(', ')}\`.`,
    );
  }
  return names;
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
  const q = (name: string) => {
    const v = c.req.query(`filter[${name}]`);
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  };
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
    const types = type
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    if (!types.every((t) => (ENTRY_TYPES as readonly string[]).includes(t)))
      throw badRequest('filter[type] must be income, expense or swap.');
    f.types = types as EntryType[];
  }
  for (const [name, key, words] of [
    ['customer_id', 'customer', ['null']],
    ['project_id', 'project', ['null']],
    ['invoice_id', 'invoice', ['null']],
    ['tax_rate_id', 'taxRate', ['none', 'null']],
  ] as const) {
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

const envelope = <T>(data: T[], total: number, page: PageRequest) => ({
  data,
  current_count: data.length,
  total_count: total,
  page: page.page,
  per_page: page.perPage,
});

function serialize(
  c: Ctx,
  rows: EntryRow[],
  includes?: ReadonlySet<EntryInclude>,
  fields?: readonly string[],
): Entry[] {
  return serializeEntries(c.get('deps').db, c.get('companyId'), rows, {
    closedUntil: c.get('company').closed_until ?? null,
    includes,
    fileUrl: fileUrlFor(c),
    fields,
  });
}

function entryOr404(c: Ctx): EntryRow {
  const row = findEntryRow(c.get('deps').db, c.get('companyId'), pathId(c, 'entry'));
  if (!row) throw notFound('Entry not found.');
  return row;
}

function readEntry(c: Ctx, id: number, includes: ReadonlySet<EntryInclude> = ALL_RELATIONS): Entry {
  return serialize(c, [findEntryRow(c.get('deps').db, c.get('companyId'), id)!], includes)[0];
}

/**
 * The shape rules of a create or update (zod), collected rather than thrown so that the booking's
 * database rules join them in one 422; the receipt, read already, stands in for the uploaded file.
 */
function bookingChanges(body: Body, mode: 'create' | 'update', upload: UploadedFile | undefined) {
  const checked = check(mode === 'create' ? createSchema() : updateSchema(), body);
  const { file, ...fields } = checked.data;
  return { changes: { ...fields, file: file ? upload : undefined }, checked };
}

// ---- routes -------------------------------------------------------------------------------------

export function registerEntries(r: Hono<AppEnv>): void {
  registerList(r);
  registerNumber(r);
  registerOne(r);
  registerGroups(r);
}

/** The list, and the list grouped by entry group. */
function registerList(r: Hono<AppEnv>): void {
  r.get('/entries', (c) => {
    const page = pageRequest(c);
    const includes = includesOf(c);
    const fields = fieldsOf(c);
    const filter = filterOf(c);
    const sort = sortOf(c);
    const { rows, total } = listEntryRows(
      c.get('deps').db,
      c.get('companyId'),
      filter,
      c.get('company').closed_until ?? null,
      sort,
      page.perPage,
      page.offset,
    );
    return c.json(envelope(serialize(c, rows, includes, fields), total, page));
  });

  r.get('/entries-grouped', (c) => {
    const page = pageRequest(c);
    includesOf(c);
    const filter = filterOf(c);
    const sort = sortOf(c);
    const { items, total } = listGroupedRows(
      c.get('deps').db,
      c.get('companyId'),
      filter,
      c.get('company').closed_until ?? null,
      sort,
      page.perPage,
      page.offset,
    );
    const entries = new Map(
      serialize(
        c,
        items.flatMap((i) => i.rows),
      ).map((e) => [e.id, e]),
    );
    const data = items.map((item) =>
      groupItem(
        item.rows.map((row) => groupMemberOf(entries.get(Number(row.id))!, Number(row.sum))),
        rappenToNumber,
      ),
    );
    return c.json(envelope(data, total, page));
  });
}

/** The type, year and asked-for number of GET /entries/number/:type; anything else: 422 naming it. */
function numberQuery(c: Ctx): { type: EntryType; year: number; requested?: number } {
  const type = c.req.param('type') ?? '';
  const errors: FieldErrors = {};
  if (!(ENTRY_TYPES as readonly string[]).includes(type)) errors.type = ['The selected type is invalid.'];
  const intQuery = (name: string, min: number, max: number): number | undefined => {
    const raw = (c.req.query(name) ?? '').trim();
    if (raw === '') return undefined;
    if (!/^\d{1,12}$/.test(raw)) {
      errors[name] = [`The ${name} field must be an integer.`];
      return undefined;
    }
    const n = Number(raw);
    if (n < min) errors[name] = [`The ${name} field must be at least ${min}.`];
    else if (n > max) errors[name] = [`The ${name} field must not be greater than ${max}.`];
    return n;
  };
  const year = intQuery('year', 1000, 9999) ?? yearIn(c.get('company').timezone ?? 'Europe/Zurich');
  const requested = intQuery('number', 1, MAX_RUNNING_NUMBER);
  if (Object.keys(errors).length) throw validationError(errors);
  return { type: type as EntryType, year, requested };
}

/** The next free running number of a type and year, or whether an asked-for one is free. */
function registerNumber(r: Hono<AppEnv>): void {
  r.get('/entries/number/:type', (c) => {
    const { type, year, requested } = numberQuery(c);
    const db = c.get('deps').db;
    const companyId = c.get('companyId');
    const next = maxRunningNumber(db, companyId, type, year) + 1;
    return c.json({ number: numberAnswer(requested, (n) => runningNumberTaken(db, companyId, type, year, n), next) });
  });
}

/** Create, and one booking: read, update, delete. */
function registerOne(r: Hono<AppEnv>): void {
  r.post('/entries', uploadLimit, async (c) => {
    const body = collectArrayFields(await readBody(c), 'tag_ids');
    const upload = await readUpload(body);
    // from here on no await: checks and write see the same state
    const { changes, checked } = bookingChanges(body, 'create', upload);
    const id = createBooking(scopeOf(c), changes, checked);
    return c.json({ data: readEntry(c, id) });
  });

  r.get('/entries/:entry', (c) => {
    const row = entryOr404(c);
    return c.json({ data: serialize(c, [row], includesOf(c))[0] });
  });

  r.put('/entries/:entry', uploadLimit, async (c) => {
    const id = Number(entryOr404(c).id);
    const body = collectArrayFields(await readBody(c), 'tag_ids');
    const upload = await readUpload(body);
    // from here on no await: the booking is read again, then checked and written
    const { changes, checked } = bookingChanges(body, 'update', upload);
    updateBooking(scopeOf(c), id, changes, checked);
    return c.json({ data: readEntry(c, id) });
  });

  r.delete('/entries/:entry', (c) => {
    deleteEntryBooking(scopeOf(c), Number(entryOr404(c).id));
    return c.body(null, 204);
  });
}

/** Entry groups (beyond the spec): a group is made empty and filled through entry_group_id. */
function registerGroups(r: Hono<AppEnv>): void {
  r.post('/entry-groups', (c) => {
    const db = c.get('deps').db;
    const id = insertGroup(db, c.get('companyId'));
    return c.json({ data: toEntryGroup(findGroupRow(db, c.get('companyId'), id)!) }, 201);
  });

  r.get('/entry-groups/:group', (c) => {
    const row = findGroupRow(c.get('deps').db, c.get('companyId'), pathId(c, 'group'));
    if (!row) throw notFound('Entry group not found.');
    return c.json({ data: toEntryGroup(row) });
  });
}
