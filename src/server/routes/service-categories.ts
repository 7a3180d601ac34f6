// Service categories: a plain, unpaginated list by name; deleting one leaves its services uncategorised.
import type { Hono } from 'hono';
import type { AppEnv, Ctx } from '../context.js';
import { notFound } from '../http-error.js';
import { pathId, readBody } from '../request.js';
import { lazy, required, sometimes, rules, validate, z } from '../validation.js';
import {
  deleteServiceCategory,
  findServiceCategoryRow,
  insertServiceCategory,
  listServiceCategoryRows,
  updateServiceCategory,
} from '../store/service-categories.js';
import { toServiceCategory, type ServiceCategory } from '../present/service-categories.js';

const name = lazy(() => required(rules.string(255)));

const createSchema = lazy(() => z.object({ name: name() }));
// PUT: name may be left out (nothing changes); when sent it must be a non-blank string of at most 255.
const updateSchema = lazy(() => z.object({ name: sometimes(name()) }));

function categoryOr404(c: Ctx): ServiceCategory {
  const row = findServiceCategoryRow(c.get('deps').db, c.get('companyId'), pathId(c, 'serviceCategory'));
  if (!row) throw notFound('Service category not found.');
  return toServiceCategory(row);
}

export function registerServiceCategories(r: Hono<AppEnv>): void {
  r.get('/service-categories', (c) =>
    c.json({ data: listServiceCategoryRows(c.get('deps').db, c.get('companyId')).map(toServiceCategory) }),
  );

  r.post('/service-categories', async (c) => {
    const input = validate(createSchema(), await readBody(c));
    const db = c.get('deps').db;
    const id = insertServiceCategory(db, c.get('companyId'), input.name);
    return c.json({ data: toServiceCategory(findServiceCategoryRow(db, c.get('companyId'), id)!) }, 201);
  });

  r.get('/service-categories/:serviceCategory', (c) => c.json({ data: categoryOr404(c) }));

  // The spec answers the update with the "updated object": the bare category, not wrapped in data.
  r.put('/service-categories/:serviceCategory', async (c) => {
    const category = categoryOr404(c);
    const input = validate(updateSchema(), await readBody(c));
    if (input.name === undefined) return c.json(category);
    const db = c.get('deps').db;
    updateServiceCategory(db, c.get('companyId'), category.id, input.name);
    return c.json(toServiceCategory(findServiceCategoryRow(db, c.get('companyId'), category.id)!));
  });

  r.delete('/service-categories/:serviceCategory', (c) => {
    const category = categoryOr404(c);
    deleteServiceCategory(c.get('deps').db, c.get('companyId'), category.id);
    return c.body(null, 204);
  });
}
