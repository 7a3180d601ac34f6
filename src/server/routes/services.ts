// Services (activity types for time tracking): paginated by 50, sortable, with their category embedded,
// plus the /multiple endpoints. A service that time entries use cannot be deleted, only archived.
import type { Hono } from 'hono';
import { scopeOf, type AppEnv, type Ctx } from '../context.js';
import { badRequest, notFound } from '../http-error.js';
import { deleteServiceOf } from '../actions/services.js';
import { pageRequest, paginated } from '../pagination.js';
import { pathId, queryBoolean, readBody } from '../request.js';
import { lazy, nullable, required, rules, sometimes, toBoolean, validate, z } from '../validation.js';
import { findServiceCategoryRow } from '../store/service-categories.js';
import {
  SERVICE_SORTS,
  bulkDeleteServices,
  bulkUpdateServices,
  findServiceRow,
  insertService,
  listServiceRows,
  updateService,
  type ServiceSort,
  type ServiceSortKey,
} from '../store/services.js';
import { toService, type Service } from '../present/services.js';

export const SERVICES_PER_PAGE = 50;
const MAX_RATE = 999999.99;

// Laravel's `boolean` rejects null with "must be true or false" (rules.boolean() would call null missing).
const boolean = () =>
  z.preprocess(
    toBoolean,
    z.custom<boolean>((v) => typeof v === 'boolean', { message: 'The :attribute field must be true or false.' }),
  );
const name = lazy(() => required(rules.string(255)));
const hourlyRate = lazy(() => nullable(rules.money(0, MAX_RATE)));
// Laravel's `integer` says "must be an integer" for any non-integer; rules.integer() words a string as "must be a
// number".
const integer = () =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d{1,15}\s*$/.test(v) ? Number(v) : v),
    z.custom<number>((v) => typeof v === 'number' && Number.isSafeInteger(v), {
      message: 'The :attribute field must be an integer.',
    }),
  );

const createSchema = lazy(() =>
  z.object({
    name: name(),
    hourly_rate: hourlyRate(),
    billable: sometimes(boolean()),
    archived: sometimes(boolean()),
    service_category_id: nullable(integer()),
  }),
);

// PUT: every field optional; null removes hourly_rate and service_category_id.
const updateSchema = lazy(() =>
  z.object({
    name: sometimes(name()),
    hourly_rate: hourlyRate(),
    billable: sometimes(boolean()),
    archived: sometimes(boolean()),
    service_category_id: nullable(integer()),
  }),
);

const ids = lazy(() => rules.ids());

const bulkUpdateSchema = lazy(() =>
  z.object({ ids: ids(), hourly_rate: hourlyRate(), archived: sometimes(boolean()) }),
);
const bulkDeleteSchema = lazy(() => z.object({ ids: ids() }));

function serviceOr404(c: Ctx): Service {
  const row = findServiceRow(c.get('deps').db, c.get('companyId'), pathId(c, 'service'));
  if (!row) throw notFound('Service not found.');
  return toService(row);
}

/** A category id of the company, or 404 like the record itself (a category of another company is not reachable). */
function categoryId(c: Ctx, id: number | null): number | null {
  if (id === null) return null;
  if (!findServiceCategoryRow(c.get('deps').db, c.get('companyId'), id)) throw notFound('Service category not found.');
  return id;
}

/** `sort=name|hourly_rate|created_at`, `-` for descending; anything else is a 400 like Spatie's query builder. */
function sortOf(c: Ctx): ServiceSort {
  const raw = (c.req.query('sort') ?? '').trim();
  if (raw === '') return { key: 'name', descending: false };
  const descending = raw.startsWith('-');
  const key = descending ? raw.slice(1) : raw;
  if (!(SERVICE_SORTS as readonly string[]).includes(key)) {
    throw badRequest(
      `Requested sort(s) \`${raw}\` is not allowed. Allowed sort(s) are \`${SERVICE_SORTS.join(', ')}\`.`,
    );
  }
  return { key: key as ServiceSortKey, descending };
}

function categoryFilter(c: Ctx): number | null | undefined {
  const raw = (c.req.query('filter[service_category_id]') ?? '').trim();
  if (raw === '') return undefined;
  return /^\d{1,15}$/.test(raw) ? Number(raw) : null;
}

const plural = (n: number) => (n === 1 ? 'service' : 'services');

export function registerServices(r: Hono<AppEnv>): void {
  registerList(r);
  // the /multiple paths come before /:service
  registerBatch(r);
  registerOne(r);
}

/** The list and create. */
function registerList(r: Hono<AppEnv>): void {
  r.get('/services', (c) => {
    const page = pageRequest(c, SERVICES_PER_PAGE);
    const sort = sortOf(c);
    const { rows, total } = listServiceRows(
      c.get('deps').db,
      c.get('companyId'),
      {
        archived: queryBoolean(c, 'filter[archived]'),
        serviceCategoryId: categoryFilter(c),
      },
      sort,
      page.perPage,
      page.offset,
    );
    return c.json(paginated(c, rows.map(toService), total, page));
  });

  r.post('/services', async (c) => {
    const input = validate(createSchema(), await readBody(c));
    const db = c.get('deps').db;
    const id = insertService(db, c.get('companyId'), {
      name: input.name,
      hourly_rate: input.hourly_rate ?? null,
      billable: input.billable ?? true,
      archived: input.archived ?? false,
      service_category_id: categoryId(c, input.service_category_id ?? null),
    });
    return c.json({ data: toService(findServiceRow(db, c.get('companyId'), id)!) }, 201);
  });
}

/** Update and delete several. */
function registerBatch(r: Hono<AppEnv>): void {
  r.put('/services/multiple', async (c) => {
    const input = validate(bulkUpdateSchema(), await readBody(c));
    const count = bulkUpdateServices(c.get('deps').db, c.get('companyId'), input.ids, {
      hourly_rate: input.hourly_rate,
      archived: input.archived,
    });
    return c.json({ message: `${count} ${plural(count)} updated.` });
  });

  r.delete('/services/multiple', async (c) => {
    const input = validate(bulkDeleteSchema(), await readBody(c));
    const { deleted, skipped } = bulkDeleteServices(c.get('deps').db, c.get('companyId'), input.ids);
    const message =
      skipped === 0
        ? `${deleted} ${plural(deleted)} deleted.`
        : `${deleted} ${plural(deleted)} deleted, ${skipped} skipped because time entries use them (archive ` +
          `them instead).`;
    return c.json({ message, deleted, skipped });
  });
}

/** One service: read, update, delete. */
function registerOne(r: Hono<AppEnv>): void {
  r.get('/services/:service', (c) => c.json({ data: serviceOr404(c) }));

  r.put('/services/:service', async (c) => {
    const service = serviceOr404(c);
    const input = validate(updateSchema(), await readBody(c));
    const db = c.get('deps').db;
    updateService(db, c.get('companyId'), service.id, {
      name: input.name,
      hourly_rate: input.hourly_rate,
      billable: input.billable,
      archived: input.archived,
      service_category_id:
        input.service_category_id === undefined ? undefined : categoryId(c, input.service_category_id),
    });
    return c.json({ data: toService(findServiceRow(db, c.get('companyId'), service.id)!) });
  });

  r.delete('/services/:service', (c) => {
    deleteServiceOf(scopeOf(c), serviceOr404(c).id);
    return c.body(null, 204);
  });
}
