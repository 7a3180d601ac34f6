// Customers: CRUD with computed sums and includes, statistics, the next number, bulk archive and
// delete, and the CSV import. Rules sit beside the routes; SQL is in store/customers.ts.
import type { Hono } from 'hono';
import type * as Zod from 'zod';
import { scopeOf, type AppEnv, type Ctx } from '../context.js';
import {
  deleteCustomerOf,
  deleteCustomers,
  importCustomerRows,
  type CheckedCustomerRow,
  type CustomerImportResult,
} from '../actions/customers.js';
import { badRequest, fieldError, HttpError, notFound } from '../http-error.js';
import { pageRequest, paginated } from '../pagination.js';
import { filterBoolean, filterIds, filterInteger, parseIncludes, pathId, readBody, type Body } from '../request.js';
import { customerStatistics } from '../domain/customer-stats.js';
import {
  CUSTOMER_COLUMNS,
  CUSTOMER_SORTS,
  customerNumberTaken,
  customerStatisticsInput,
  findCustomerIdByNumber,
  findCustomerRow,
  insertCustomer,
  listCustomerRows,
  nextCustomerNumber,
  ownCustomerIds,
  setCustomersArchived,
  updateCustomer,
  type CustomerSort,
  type CustomerValues,
} from '../store/customers.js';
import { exists } from '../store/db.js';
import { toCustomer, type Customer, type CustomerIncludes } from '../present/customers.js';
import { readUploadedText } from '../upload.js';
import {
  check,
  integerField,
  lazy,
  presentBoolean,
  required,
  rules,
  text,
  toBoolean,
  trimToNull,
  validate,
  z,
} from '../validation.js';

const customerFields = lazy(() => ({
  name: z.preprocess(trimToNull, required(rules.string(255))),
  number: integerField(1, 2147483647),
  care_of: text(),
  po_box: text(),
  department: text(),
  street: text(),
  zip: text(),
  city: text(),
  country: text(),
  website: z.preprocess(
    trimToNull,
    z
      .url({ protocol: /^https?$/ })
      .max(255)
      .nullable()
      .optional(),
  ),
  phone: text(),
  email: z.preprocess(trimToNull, rules.email().nullable().optional()),
  default_hourly_rate: z.preprocess(trimToNull, rules.money(0, 999999.99).nullable().optional()),
  invoice_address: text(65535),
  archived: presentBoolean(),
  tax_rate_id: integerField(1, Number.MAX_SAFE_INTEGER),
  contact_name: text(),
}));
const createSchema = lazy(() => z.object(customerFields()));
const updateSchema = lazy(() => z.object({ ...customerFields(), name: customerFields().name.optional() }));

type CustomerInput = Partial<Zod.output<ReturnType<typeof createSchema>>>;

const NUMBER_TAKEN = 'The number has already been taken.';
const TAX_RATE_INVALID = 'The selected tax rate id is invalid.';

/**
 * Validates a customer body like Laravel: the shape rules of every field, then the database rules
 * (number unique per company, tax rate of this company) for the fields whose shape passed, all in one 422.
 */
function validateCustomer(c: Ctx, body: Body, mode: 'create' | 'update', exceptId?: number): CustomerInput {
  const db = c.get('deps').db;
  const companyId = c.get('companyId');
  const checked = check(mode === 'create' ? createSchema() : updateSchema(), body);
  const { number, tax_rate_id: taxRateId } = checked.data;
  if (typeof number === 'number' && customerNumberTaken(db, companyId, number, exceptId))
    checked.fail('number', NUMBER_TAKEN);
  if (typeof taxRateId === 'number' && !exists(db, 'tax_rates', companyId, taxRateId))
    checked.fail('tax_rate_id', TAX_RATE_INVALID);
  checked.throwIfAny();
  return checked.data;
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
  return {
    contacts: set.has('contacts'),
    taxRate: set.has('taxRate'),
    proposals: set.has('proposals'),
    invoices: set.has('invoices'),
    activeProjects: set.has('activeProjects'),
  };
}

const LIST_INCLUDES: Record<string, keyof CustomerIncludes> = {
  contacts: 'contacts',
  taxRate: 'taxRate',
  tax_rate: 'taxRate',
};
const SINGLE_INCLUDES: Record<string, keyof CustomerIncludes> = {
  ...LIST_INCLUDES,
  proposals: 'proposals',
  invoices: 'invoices',
  activeProjects: 'activeProjects',
  active_projects: 'activeProjects',
};

function sortOf(c: Ctx): CustomerSort | undefined {
  const raw = (c.req.query('sort') ?? '').trim();
  if (raw === '') return undefined;
  const desc = raw.startsWith('-');
  const column = raw.replace(/^-/, '') as CustomerSort['column'];
  if (!CUSTOMER_SORTS.includes(column)) {
    throw badRequest(
      `Requested sort(s) \`${raw}\` is not allowed. Allowed sort(s) are \`${CUSTOMER_SORTS.join(', ')}\`.`,
    );
  }
  return { column, desc };
}

function customerOr404(c: Ctx): Customer {
  const row = findCustomerRow(c.get('deps').db, c.get('companyId'), pathId(c, 'customer'));
  if (!row) throw notFound('Customer not found.');
  return toCustomer(c.get('deps').db, row);
}

const bulkArchiveSchema = lazy(() =>
  z.object({
    ids: rules.ids(),
    archived: z.preprocess((v) => (v === null || v === '' ? undefined : toBoolean(v)), z.boolean()),
  }),
);
const bulkDeleteSchema = lazy(() => z.object({ ids: rules.ids() }));

// ---------------------------------------------------------------------------------------------------

export function registerCustomers(r: Hono<AppEnv>): void {
  // static paths before /customers/:customer
  registerBatch(r);
  registerList(r);
  registerOne(r);
}

/** The next number, archive and delete several, the CSV import. */
function registerBatch(r: Hono<AppEnv>): void {
  r.get('/customers/number', (c) => c.json({ number: nextCustomerNumber(c.get('deps').db, c.get('companyId')) }));

  r.put('/customers/multiple', async (c) => {
    const input = validate(bulkArchiveSchema(), await readBody(c));
    const db = c.get('deps').db;
    const ids = ownCustomerIds(db, c.get('companyId'), input.ids);
    const n = setCustomersArchived(db, c.get('companyId'), ids, input.archived);
    return c.json({
      message: `${n} ${n === 1 ? 'customer' : 'customers'} ${input.archived ? 'archived' : 'unarchived'}.`,
    });
  });

  r.delete('/customers/multiple', async (c) => {
    const input = validate(bulkDeleteSchema(), await readBody(c));
    const { deleted, skipped } = deleteCustomers(scopeOf(c), input.ids);
    const message =
      `${deleted} ${deleted === 1 ? 'customer' : 'customers'} deleted` +
      (skipped ? `, ${skipped} skipped (projects, invoices or proposals exist; archive them instead).` : '.');
    return c.json({ message, deleted, skipped });
  });

  r.post('/customers/import', async (c) => c.json(await importCustomers(c, await readBody(c))));
}

/** The list and create. */
function registerList(r: Hono<AppEnv>): void {
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
    return c.json(
      paginated(
        c,
        rows.map((row) => toCustomer(db, row, inc)),
        total,
        page,
      ),
    );
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
}

/** One customer: statistics, read, update, delete. */
function registerOne(r: Hono<AppEnv>): void {
  r.get('/customers/:customer/statistics', (c) => {
    const customer = customerOr404(c);
    return c.json(customerStatistics(customerStatisticsInput(c.get('deps').db, c.get('companyId'), customer.id)));
  });

  r.get('/customers/:customer', (c) => {
    const customerId = pathId(c, 'customer');
    const inc = includesOf(
      parseIncludes(c, SINGLE_INCLUDES, ['taxRate', 'contacts', 'proposals', 'invoices', 'activeProjects']),
    );
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
    deleteCustomerOf(scopeOf(c), customerOr404(c).id);
    return c.body(null, 204);
  });
}

// ---------------------------------------------------------------------------------------------------
// CSV import: header row of customer field names plus contact_name; a row whose number is an existing
// customer's updates that customer (non-empty cells only), any other row creates one; rows with errors
// are skipped and reported with their spreadsheet row number.

const IMPORT_COLUMNS = new Set<string>([...CUSTOMER_COLUMNS, 'contact_name']);

function fileError(message: string): HttpError {
  return fieldError('file', message);
}

async function importCustomers(c: Ctx, body: Body): Promise<CustomerImportResult> {
  const text = await readUploadedText(body);
  const { normaliseDecimal, parseCsv } = await import('../domain/csv.js');
  const table = parseCsv(text);
  if (table.header.length === 0) throw fileError('The file is empty: it needs a header row with a name column.');
  if (!table.header.includes('name')) throw fileError('The file needs a header row with a name column.');
  const db = c.get('deps').db;
  const companyId = c.get('companyId');
  return importCustomerRows(scopeOf(c), table.records, (record): CheckedCustomerRow => {
    const row: Body = {};
    for (const [key, value] of Object.entries(record.values)) {
      if (!IMPORT_COLUMNS.has(key) || value === '') continue;
      row[key] = key === 'default_hourly_rate' ? normaliseDecimal(value) : value;
    }
    const number = customerFields().number.safeParse(row.number);
    const existing =
      number.success && typeof number.data === 'number'
        ? findCustomerIdByNumber(db, companyId, number.data)
        : undefined;
    let input: CustomerInput;
    try {
      input = validateCustomer(c, row, 'create', existing);
    } catch (err) {
      if (!(err instanceof HttpError) || !err.errors) throw err;
      return { error: Object.values(err.errors).flat().join(' ') };
    }
    const values = columnsOf(input, (k) => Object.hasOwn(row, k));
    if (existing !== undefined) delete values.number;
    return { values, contactName: input.contact_name, existing };
  });
}
