// Customers: CRUD with computed sums and includes, statistics, the next number, bulk archive and
// delete, and the CSV import. Rules sit beside the routes; SQL is in store/customers.ts.
import type { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv, Ctx } from '../context.js';
import { decodeText, normaliseDecimal, parseCsv } from '../domain/csv.js';
import { badRequest, fieldError, HttpError, notFound, validationError, type FieldErrors } from '../http-error.js';
import { pageRequest, paginated } from '../pagination.js';
import { pathId, readBody, type Body } from '../request.js';
import { transaction } from '../store/db.js';
import { customerStatistics } from '../domain/customer-stats.js';
import {
  CUSTOMER_COLUMNS, CUSTOMER_SORTS, customerDeleteBlocker, customerNumberTaken, customerStatisticsInput, deleteCustomer,
  findCustomerIdByNumber, findCustomerRow, hasContactNamed, hasPrimaryContact, insertContact, insertCustomer, listCustomerRows,
  nextCustomerNumber, ownCustomerIds, setCustomersArchived, taxRateExists, updateCustomer, type CustomerSort, type CustomerValues,
} from '../store/customers.js';
import { toCustomer, type Customer, type CustomerIncludes } from '../present/customers.js';
import { required, rules, toBoolean, validate } from '../validation.js';

// ---------------------------------------------------------------------------------------------------
// Shared with the contacts routes: query filters, includes, ids.

/** Laravel's TrimStrings + ConvertEmptyStringsToNull. */
export const trimToNull = (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v);
const intLike = (v: unknown) => (typeof v === 'string' && /^[+-]?\d{1,15}$/.test(v.trim()) ? Number(v.trim()) : v);

/** A nullable text field: trimmed, blank → null, at most `max` characters. */
export const text = (max = 255) => z.preprocess(trimToNull, rules.string(max).nullable().optional());
/** A boolean that may be absent but not null (Laravel's `boolean` without `nullable`). */
export const presentBoolean = () => z.preprocess((v) => (v === null ? 'null' : toBoolean(v)), z.boolean()).optional();

/**
 * An integer field in Laravel's words ("must be an integer", "must be at least 1"); integer strings are
 * read as numbers. null and absent pass unless `present` is set (then null is not an integer).
 */
export function integerField(min: number, max: number, present = false) {
  return z.preprocess((v) => intLike(present ? v : trimToNull(v)), z.unknown().superRefine((v, ctx) => {
    if (!present && (v === null || v === undefined)) return;
    if (typeof v !== 'number' || !Number.isInteger(v)) ctx.addIssue({ code: 'custom', message: 'The :attribute field must be an integer.' });
    else if (v < min) ctx.addIssue({ code: 'custom', message: `The :attribute field must be at least ${min}.` });
    else if (v > max) ctx.addIssue({ code: 'custom', message: `The :attribute field must not be greater than ${max}.` });
  }).transform((v) => v as number | null | undefined));
}

const filterName = (name: string) => `filter[${name}]`;

/** A boolean query filter (true/false/1/0); absent or empty → undefined; anything else → 400. */
export function filterBoolean(c: Ctx, name: string): boolean | undefined {
  const raw = c.req.query(filterName(name));
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = toBoolean(raw.trim());
  if (typeof value !== 'boolean') throw badRequest(`${filterName(name)} must be true, false, 1 or 0.`);
  return value;
}

/** An id-list query filter: one id or comma-separated ids; anything else → 400. */
export function filterIds(c: Ctx, name: string): number[] | undefined {
  const raw = c.req.query(filterName(name));
  if (raw === undefined || raw.trim() === '') return undefined;
  const parts = raw.split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (parts.some((p) => !/^\d{1,15}$/.test(p))) throw badRequest(`${filterName(name)} must be an id or comma-separated ids.`);
  if (parts.length > 1000) throw badRequest(`${filterName(name)} takes at most 1000 ids.`);
  return parts.map(Number);
}

/** A whole-number query filter (>= 0); anything else → 400. */
export function filterInteger(c: Ctx, name: string): number | undefined {
  const raw = c.req.query(filterName(name));
  if (raw === undefined || raw.trim() === '') return undefined;
  if (!/^\d{1,9}$/.test(raw.trim())) throw badRequest(`${filterName(name)} must be a whole number of at least 0.`);
  return Number(raw.trim());
}

/** `include=a,b`: names (also snake_case aliases) mapped to keys; an unknown name is a 400 as Spatie's query builder answers. */
export function parseIncludes<K extends string>(c: Ctx, allowed: Record<string, K>, shown: string[]): Set<K> {
  const raw = c.req.query('include') ?? '';
  const names = raw.split(',').map((s) => s.trim()).filter((s) => s !== '');
  const unknown = names.filter((n) => !Object.hasOwn(allowed, n));
  if (unknown.length) {
    throw badRequest(`Requested include(s) \`${unknown.join(', ')}\` are not allowed. Allowed include(s) are \`${shown.join(', ')}\`.`);
  }
  return new Set(names.map((n) => allowed[n]));
}

// ---------------------------------------------------------------------------------------------------
// Customer rules.

const customerFields = {
  name: z.preprocess(trimToNull, required(rules.string(255))),
  number: integerField(1, 2147483647),
  care_of: text(), po_box: text(), department: text(), street: text(), zip: text(), city: text(), country: text(),
  website: z.preprocess(trimToNull, z.url({ protocol: /^https?$/ }).max(255).nullable().optional()),
  phone: text(),
  email: z.preprocess(trimToNull, rules.email().nullable().optional()),
  default_hourly_rate: z.preprocess(trimToNull, rules.money(0, 999999.99).nullable().optional()),
  invoice_address: text(65535),
  archived: presentBoolean(),
  tax_rate_id: integerField(1, Number.MAX_SAFE_INTEGER),
  contact_name: text(),
};
const FIELD_ORDER = Object.keys(customerFields);
const createSchema = z.object(customerFields);
const updateSchema = z.object({ ...customerFields, name: customerFields.name.optional() });

type CustomerInput = z.output<typeof createSchema>;

const NUMBER_TAKEN = 'The number has already been taken.';
const TAX_RATE_INVALID = 'The selected tax rate id is invalid.';

function ordered(errors: FieldErrors): FieldErrors {
  const out: FieldErrors = {};
  for (const key of [...FIELD_ORDER, ...Object.keys(errors)]) if (errors[key] && !out[key]) out[key] = errors[key];
  return out;
}

/**
 * Validates a customer body like Laravel: the shape rules of every field, then the database rules
 * (number unique per company, tax rate of this company) for the fields whose shape passed, all in one 422.
 */
function validateCustomer(c: Ctx, body: Body, mode: 'create' | 'update', exceptId?: number): CustomerInput {
  const db = c.get('deps').db;
  const companyId = c.get('companyId');
  let errors: FieldErrors = {};
  let input: CustomerInput | undefined;
  try {
    input = validate(mode === 'create' ? createSchema : updateSchema, body) as CustomerInput;
  } catch (err) {
    if (!(err instanceof HttpError) || err.status !== 422 || !err.errors) throw err;
    errors = { ...err.errors };
  }
  if (!errors.number) {
    const number = customerFields.number.safeParse(body.number);
    if (number.success && typeof number.data === 'number' && customerNumberTaken(db, companyId, number.data, exceptId)) errors.number = [NUMBER_TAKEN];
  }
  if (!errors.tax_rate_id) {
    const tax = customerFields.tax_rate_id.safeParse(body.tax_rate_id);
    if (tax.success && typeof tax.data === 'number' && !taxRateExists(db, companyId, tax.data)) errors.tax_rate_id = [TAX_RATE_INVALID];
  }
  if (Object.keys(errors).length) throw validationError(ordered(errors));
  return input!;
}

/** The stored columns among the validated input; on update only the keys the body holds. */
function columnsOf(input: CustomerInput, present: (key: string) => boolean): CustomerValues {
  const values: CustomerValues = {};
  for (const key of CUSTOMER_COLUMNS) {
    if (!present(key)) continue;
    const v = (input as Record<string, unknown>)[key];
    values[key] = v === undefined ? null : (v as string | number | boolean | null);
  }
  return values;
}

function includesOf(set: Set<keyof CustomerIncludes>): CustomerIncludes {
  return { contacts: set.has('contacts'), taxRate: set.has('taxRate'), proposals: set.has('proposals'), invoices: set.has('invoices'), activeProjects: set.has('activeProjects') };
}

const LIST_INCLUDES: Record<string, keyof CustomerIncludes> = { contacts: 'contacts', taxRate: 'taxRate', tax_rate: 'taxRate' };
const SINGLE_INCLUDES: Record<string, keyof CustomerIncludes> = {
  ...LIST_INCLUDES, proposals: 'proposals', invoices: 'invoices', activeProjects: 'activeProjects', active_projects: 'activeProjects',
};

function sortOf(c: Ctx): CustomerSort | undefined {
  const raw = (c.req.query('sort') ?? '').trim();
  if (raw === '') return undefined;
  const desc = raw.startsWith('-');
  const column = raw.replace(/^-/, '') as CustomerSort['column'];
  if (!CUSTOMER_SORTS.includes(column)) {
    throw badRequest(`Requested sort(s) \`${raw}\` is not allowed. Allowed sort(s) are \`${CUSTOMER_SORTS.join(', ')}\`.`);
  }
  return { column, desc };
}

function customerOr404(c: Ctx): Customer {
  const row = findCustomerRow(c.get('deps').db, c.get('companyId'), pathId(c, 'customer'));
  if (!row) throw notFound('Customer not found.');
  return toCustomer(c.get('deps').db, row);
}

const BLOCKED: Record<'projects' | 'invoices' | 'proposals', string> = {
  projects: 'Der Kunde kann nicht gelöscht werden, da ihm noch Projekte zugeordnet sind. Bitte archivieren Sie ihn stattdessen.',
  invoices: 'Der Kunde kann nicht gelöscht werden, da ihm noch Rechnungen zugeordnet sind. Bitte archivieren Sie ihn stattdessen.',
  proposals: 'Der Kunde kann nicht gelöscht werden, da ihm noch Offerten zugeordnet sind. Bitte archivieren Sie ihn stattdessen.',
};
const STILL_IN_USE = 'Der Kunde kann nicht gelöscht werden, da er noch verwendet wird. Bitte archivieren Sie ihn stattdessen.';

const isForeignKeyError = (err: unknown) => err instanceof Error && /FOREIGN KEY constraint failed/i.test(err.message);

const bulkArchiveSchema = z.object({ ids: rules.ids(), archived: z.preprocess((v) => (v === null || v === '' ? undefined : toBoolean(v)), z.boolean()) });
const bulkDeleteSchema = z.object({ ids: rules.ids() });

const MAX_IMPORT_BYTES = 6 * 1024 * 1024;

// ---------------------------------------------------------------------------------------------------

export function registerCustomers(r: Hono<AppEnv>): void {
  r.get('/customers/number', (c) => c.json({ number: nextCustomerNumber(c.get('deps').db, c.get('companyId')) }));

  r.put('/customers/multiple', async (c) => {
    const input = validate(bulkArchiveSchema, await readBody(c));
    const db = c.get('deps').db;
    const ids = ownCustomerIds(db, c.get('companyId'), input.ids);
    const n = setCustomersArchived(db, c.get('companyId'), ids, input.archived);
    return c.json({ message: `${n} ${n === 1 ? 'customer' : 'customers'} ${input.archived ? 'archived' : 'unarchived'}.` });
  });

  r.delete('/customers/multiple', async (c) => {
    const input = validate(bulkDeleteSchema, await readBody(c));
    const db = c.get('deps').db;
    const companyId = c.get('companyId');
    let deleted = 0;
    let skipped = 0;
    for (const id of ownCustomerIds(db, companyId, input.ids)) {
      if (customerDeleteBlocker(db, companyId, id)) { skipped++; continue; }
      try {
        deleteCustomer(db, companyId, id);
        deleted++;
      } catch (err) {
        if (!isForeignKeyError(err)) throw err;
        skipped++;
      }
    }
    const message = `${deleted} ${deleted === 1 ? 'customer' : 'customers'} deleted` +
      (skipped ? `, ${skipped} skipped (projects, invoices or proposals exist; archive them instead).` : '.');
    return c.json({ message, deleted, skipped });
  });

  r.post('/customers/import', async (c) => c.json(await importCustomers(c, await readBody(c))));

  r.get('/customers', (c) => {
    const page = pageRequest(c);
    const inc = includesOf(parseIncludes(c, LIST_INCLUDES, ['contacts', 'taxRate']));
    const filter = {
      ids: filterIds(c, 'id'),
      name: c.req.query('filter[name]')?.trim() || undefined,
      archived: filterBoolean(c, 'archived'),
      expenses: filterBoolean(c, 'expenses'),
      times: filterInteger(c, 'times'),
    };
    const sort = sortOf(c);
    const db = c.get('deps').db;
    const { rows, total } = listCustomerRows(db, c.get('companyId'), filter, sort, page.perPage, page.offset);
    return c.json(paginated(c, rows.map((row) => toCustomer(db, row, inc)), total, page));
  });

  r.post('/customers', async (c) => {
    const body = await readBody(c);
    const input = validateCustomer(c, body, 'create');
    const db = c.get('deps').db;
    const companyId = c.get('companyId');
    const values = columnsOf(input, (k) => (input as Record<string, unknown>)[k] !== undefined);
    const id = insertCustomer(db, companyId, Number(c.get('user').id), values, input.contact_name);
    return c.json({ data: toCustomer(db, findCustomerRow(db, companyId, id)!, { contacts: true }) });
  });

  r.get('/customers/:customer/statistics', (c) => {
    const customer = customerOr404(c);
    return c.json(customerStatistics(customerStatisticsInput(c.get('deps').db, c.get('companyId'), customer.id)));
  });

  r.get('/customers/:customer', (c) => {
    const customerId = pathId(c, 'customer');
    const inc = includesOf(parseIncludes(c, SINGLE_INCLUDES, ['taxRate', 'contacts', 'proposals', 'invoices', 'activeProjects']));
    const db = c.get('deps').db;
    const row = findCustomerRow(db, c.get('companyId'), customerId);
    if (!row) throw notFound('Customer not found.');
    return c.json({ data: toCustomer(db, row, inc) });
  });

  r.put('/customers/:customer', async (c) => {
    const customer = customerOr404(c);
    const body = await readBody(c);
    const input = validateCustomer(c, body, 'update', customer.id);
    const db = c.get('deps').db;
    const companyId = c.get('companyId');
    const values = columnsOf(input, (k) => Object.hasOwn(body, k));
    updateCustomer(db, companyId, customer.id, values);
    return c.json({ data: toCustomer(db, findCustomerRow(db, companyId, customer.id)!) });
  });

  r.delete('/customers/:customer', (c) => {
    const customer = customerOr404(c);
    const db = c.get('deps').db;
    const companyId = c.get('companyId');
    const blocker = customerDeleteBlocker(db, companyId, customer.id);
    if (blocker) throw badRequest(BLOCKED[blocker]);
    try {
      deleteCustomer(db, companyId, customer.id);
    } catch (err) {
      if (isForeignKeyError(err)) throw badRequest(STILL_IN_USE);
      throw err;
    }
    return c.body(null, 204);
  });
}

// ---------------------------------------------------------------------------------------------------
// CSV import: header row of customer field names plus contact_name; a row whose number is an existing
// customer's updates that customer (non-empty cells only), any other row creates one; rows with errors
// are skipped and reported with their spreadsheet row number.

const IMPORT_COLUMNS = new Set<string>([...CUSTOMER_COLUMNS, 'contact_name']);

interface ImportResult { created: number; updated: number; errors: { row: number; message: string }[] }

function fileError(message: string): HttpError {
  return fieldError('file', message);
}

async function uploadedText(body: Body): Promise<string> {
  let file = body.file;
  if (Array.isArray(file)) file = file.length === 1 ? file[0] : file;
  if (file === undefined || file === null || file === '') throw fileError('The file field is required.');
  if (!(file instanceof File)) throw fileError('The file field must be a file.');
  if (file.size > MAX_IMPORT_BYTES) throw fileError('The file field must not be greater than 6144 kilobytes.');
  const text = decodeText(new Uint8Array(await file.arrayBuffer()));
  if (text === undefined) throw fileError('The file field must be a file of type: csv, txt.');
  return text;
}

async function importCustomers(c: Ctx, body: Body): Promise<ImportResult> {
  const text = await uploadedText(body);
  const table = parseCsv(text);
  if (table.header.length === 0) throw fileError('The file is empty: it needs a header row with a name column.');
  if (!table.header.includes('name')) throw fileError('The file needs a header row with a name column.');
  const db = c.get('deps').db;
  const companyId = c.get('companyId');
  const userId = Number(c.get('user').id);
  const result: ImportResult = { created: 0, updated: 0, errors: [] };
  transaction(db, () => {
    for (const record of table.records) {
      const row: Body = {};
      for (const [key, value] of Object.entries(record.values)) {
        if (!IMPORT_COLUMNS.has(key) || value === '') continue;
        row[key] = key === 'default_hourly_rate' ? normaliseDecimal(value) : value;
      }
      const number = customerFields.number.safeParse(row.number);
      const existing = number.success && typeof number.data === 'number' ? findCustomerIdByNumber(db, companyId, number.data) : undefined;
      let input: CustomerInput;
      try {
        input = validateCustomer(c, row, 'create', existing);
      } catch (err) {
        if (!(err instanceof HttpError) || !err.errors) throw err;
        result.errors.push({ row: record.row, message: Object.values(err.errors).flat().join(' ') });
        continue;
      }
      const values = columnsOf(input, (k) => Object.hasOwn(row, k));
      if (existing !== undefined) {
        delete values.number;
        updateCustomer(db, companyId, existing, values);
        if (input.contact_name && !hasContactNamed(db, companyId, existing, input.contact_name)) {
          insertContact(db, companyId, existing, userId, input.contact_name, !hasPrimaryContact(db, companyId, existing));
        }
        result.updated++;
      } else {
        insertCustomer(db, companyId, userId, values, input.contact_name);
        result.created++;
      }
    }
  });
  return result;
}
