// Projects: paginated by 15 with archived and customer filters, includes, the customer_id /
// newCustomerName pair (required_without, exists, prohibits), and bulk archive and delete.
import type { Hono } from 'hono';
import type * as Zod from 'zod';
import { companyToday, scopeOf, type AppEnv, type Ctx } from '../context.js';
import { PROJECT_TYPES } from '../domain/budget.js';
import { badRequest, notFound, validationError } from '../http-error.js';
import { pageRequest, paginated } from '../pagination.js';
import { pathId, queryBoolean, readBody, type Body } from '../request.js';
import {
  check,
  isValidDate,
  lazy,
  nullable,
  required,
  rules,
  toBoolean,
  validate,
  z,
  type Failures,
} from '../validation.js';
import { createProject, deleteProjectOf, type ProjectCustomer } from '../actions/projects.js';
import {
  archiveProjects,
  deleteProjects,
  findProjectRow,
  listProjectRows,
  updateProject,
  type ProjectValues,
} from '../store/projects.js';
import { exists } from '../store/db.js';
import { toProject } from '../present/projects.js';
import {
  PROJECT_INCLUDES,
  withIncludes,
  type IncludeContext,
  type ProjectInclude,
} from '../present/project-includes.js';
import { fileUrlFor } from '../file-links.js';

const MAX_RATE = 999999.99;
const MAX_BUDGET = 9999999.99;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** required|string|max:255 (input arrives trimmed, blank as null); with `optional`, only when present (sometimes). */
const nameRule = lazy(() => required(rules.string(255)));
/** nullable|date_format:Y-m-d */
const dateRule = lazy(() =>
  nullable(
    z
      .unknown()
      .refine((v) => typeof v === 'string' && isValidDate(v), {
        message: 'The :attribute field must match the format Y-m-d.',
      })
      .transform((v) => v as string),
  ),
);
/** sometimes|boolean, where null is not a boolean either */
const booleanRule = lazy(() =>
  z
    .unknown()
    .transform((v, ctx) => {
      const b = toBoolean(v);
      if (typeof b !== 'boolean') {
        ctx.addIssue({ code: 'custom', message: 'The :attribute field must be true or false.' });
        return z.NEVER;
      }
      return b;
    })
    .optional(),
);

const commonFields = lazy(() => ({
  notes: nullable(z.string()),
  hourly_rate: nullable(rules.money(0, MAX_RATE)),
  budget: nullable(rules.money(0, MAX_BUDGET)),
  project_type: nullable(rules.in(PROJECT_TYPES)),
  start_date: dateRule(),
  end_date: dateRule(),
  archived: booleanRule(),
  kanban_status: nullable(rules.string(255)),
}));

// customer_id and newCustomerName are checked by hand (rules across the two, and the database); here
// they take their place in the order the hosted service lists its rules in, the order of a 422's keys.
const customerFields = lazy(() => ({ customer_id: z.unknown(), newCustomerName: z.unknown() }));
const createSchema = lazy(() => z.object({ name: nameRule(), ...customerFields(), ...commonFields() }));
const updateSchema = lazy(() => z.object({ name: nameRule().optional(), ...customerFields(), ...commonFields() }));

const isInteger = (v: unknown) =>
  (typeof v === 'number' && Number.isInteger(v)) || (typeof v === 'string' && /^\s*[+-]?\d{1,15}\s*$/.test(v));

/** customer_id: integer|exists (in this company); messages in Laravel's words. */
function checkCustomerId(c: Ctx, checked: Failures, value: unknown): void {
  if (!isInteger(value)) checked.fail('customer_id', 'The customer id field must be an integer.');
  if (!isInteger(value) || !exists(c.get('deps').db, 'customers', c.get('companyId'), Number(value)))
    checked.fail('customer_id', 'The selected customer id is invalid.');
}

/** end_date after_or_equal start_date: against the stored start date when the request leaves it out. */
function checkDates(checked: Failures, start: string | null | undefined, end: string | null | undefined): void {
  if (checked.failed('start_date') || checked.failed('end_date') || !start || !end) return;
  if (end < start) checked.fail('end_date', 'The end date field must be a date after or equal to start date.');
}

function projectValues(input: Partial<Zod.output<ReturnType<typeof updateSchema>>>): ProjectValues {
  const values: ProjectValues = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.notes !== undefined) values.notes = input.notes;
  if (input.hourly_rate !== undefined) values.hourly_rate = input.hourly_rate ?? 0;
  if (input.budget !== undefined) values.budget = input.budget;
  if (input.project_type !== undefined) values.project_type = input.project_type ?? 'byHour';
  if (input.start_date !== undefined) values.start_date = input.start_date;
  if (input.end_date !== undefined) values.end_date = input.end_date;
  if (input.archived !== undefined) values.archived = input.archived;
  if (input.kanban_status !== undefined) values.kanban_status = input.kanban_status;
  return values;
}

/** `include=a,b`: the relations this endpoint allows, else 400 as Spatie's query builder answers. */
function includesOf(c: Ctx, allowed: readonly ProjectInclude[]): ProjectInclude[] {
  const raw = c.req.query('include') ?? '';
  const names = [
    ...new Set(
      raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  const unknown = names.filter((n) => !(allowed as readonly string[]).includes(n));
  if (unknown.length) {
    throw badRequest(
      `Requested include(s) \`${unknown.join(', ')}\` are not allowed. Allowed include(s) are ` +
        `\`${allowed.join(', ')}\`.`,
    );
  }
  return names as ProjectInclude[];
}

function projectOr404(c: Ctx) {
  const row = findProjectRow(c.get('deps').db, c.get('companyId'), pathId(c, 'project'));
  if (!row) throw notFound('Project not found.');
  return row;
}

/** The project as its endpoints answer it, with the relations asked for. */
function projectOf(c: Ctx, id: number, includes: readonly ProjectInclude[] = [], context?: IncludeContext) {
  const db = c.get('deps').db;
  return withIncludes(db, toProject(db, findProjectRow(db, c.get('companyId'), id)!), includes, context);
}

const idsOf = (body: Body): number[] => validate(z.object({ ids: rules.ids() }), body).ids;

export function registerProjects(r: Hono<AppEnv>): void {
  registerList(r);
  registerBatch(r);
  registerOne(r);
}

/** The checked body of POST /projects: its fields, and the customer (an id, or a new one by name). */
function createBody(
  c: Ctx,
  body: Body,
): { value: Partial<Zod.output<ReturnType<typeof createSchema>>>; customer: ProjectCustomer } {
  const checked = check(createSchema(), body);
  // like the whole schema before, the dates are compared only when every field has its shape
  const shaped = Object.keys(checked.errors).length === 0;
  const customerId = body.customer_id;
  const newName = body.newCustomerName;
  if (blank(customerId)) {
    if (blank(newName))
      checked.fail('customer_id', 'The customer id field is required when new customer name is not present.');
  } else {
    checkCustomerId(c, checked, customerId);
    if (!blank(newName))
      checked.fail('customer_id', 'The customer id field prohibits new customer name from being present.');
  }
  if (blank(newName)) {
    if (blank(customerId))
      checked.fail('newCustomerName', 'The new customer name field is required when customer id is not present.');
  } else if (typeof newName !== 'string') {
    checked.fail('newCustomerName', 'The new customer name field must be a string.');
  } else if (newName.length > 255) {
    checked.fail('newCustomerName', 'The new customer name field must not be greater than 255 characters.');
  }
  const value = checked.data;
  if (shaped) checkDates(checked, value.start_date, value.end_date);
  checked.throwIfAny();
  return { value, customer: blank(customerId) ? { newName: newName as string } : { id: Number(customerId) } };
}

/** The list and create. */
function registerList(r: Hono<AppEnv>): void {
  r.get('/projects', (c) => {
    const page = pageRequest(c);
    const includes = includesOf(c, ['customer']);
    const rawCustomer = (c.req.query('filter[customer_id]') ?? '').trim();
    const db = c.get('deps').db;
    const { rows, total } = listProjectRows(
      db,
      c.get('companyId'),
      {
        archived: queryBoolean(c, 'filter[archived]'),
        // an id that is not a number matches nothing
        customerId: rawCustomer === '' ? undefined : /^\d{1,15}$/.test(rawCustomer) ? Number(rawCustomer) : null,
      },
      page.perPage,
      page.offset,
    );
    return c.json(
      paginated(
        c,
        rows.map((row) => withIncludes(db, toProject(db, row), includes)),
        total,
        page,
      ),
    );
  });

  r.post('/projects', async (c) => {
    const { value, customer } = createBody(c, await readBody(c));
    const id = createProject(scopeOf(c), { ...projectValues(value), name: value.name! }, customer);
    return c.json({ data: projectOf(c, id) });
  });
}

/** Archive (or restore) and delete several. */
function registerBatch(r: Hono<AppEnv>): void {
  r.post('/projects/multiple', async (c) => {
    const body = await readBody(c);
    const ids = idsOf(body);
    let archive = true;
    if (body.archive !== undefined && body.archive !== null) {
      const b = toBoolean(body.archive);
      if (typeof b !== 'boolean') throw validationError({ archive: ['The archive field must be true or false.'] });
      archive = b;
    }
    archiveProjects(c.get('deps').db, c.get('companyId'), ids, archive);
    return c.body(null, 204);
  });

  r.delete('/projects/multiple', async (c) => {
    deleteProjects(c.get('deps').db, c.get('companyId'), idsOf(await readBody(c)));
    return c.body(null, 204);
  });
}

/** One project: read (with its includes), update, delete. */
function registerOne(r: Hono<AppEnv>): void {
  r.get('/projects/:project', (c) => {
    const row = projectOr404(c);
    const includes = includesOf(c, PROJECT_INCLUDES);
    const context: IncludeContext = {
      today: companyToday(c),
      closedUntil: c.get('company').closed_until ?? null,
      fileUrl: fileUrlFor(c),
    };
    return c.json({ data: projectOf(c, Number(row.id), includes, context) });
  });

  r.put('/projects/:project', async (c) => {
    const row = projectOr404(c);
    const body = await readBody(c);
    const checked = check(updateSchema(), body);
    const shaped = Object.keys(checked.errors).length === 0;
    // customer_id: sometimes|integer|exists
    if (body.customer_id !== undefined) checkCustomerId(c, checked, body.customer_id);
    const value = checked.data;
    if (shaped) {
      checkDates(
        checked,
        value.start_date !== undefined ? value.start_date : row.start_date,
        value.end_date !== undefined ? value.end_date : row.end_date,
      );
    }
    checked.throwIfAny();
    const values = projectValues(value);
    if (body.customer_id !== undefined) values.customer_id = Number(body.customer_id);
    updateProject(c.get('deps').db, c.get('companyId'), Number(row.id), values);
    return c.json({ data: projectOf(c, Number(row.id)) });
  });

  r.delete('/projects/:project', (c) => {
    deleteProjectOf(scopeOf(c), Number(projectOr404(c).id));
    return c.body(null, 204);
  });
}
