// Products: paginated by 15, filtered by name, archived and id, sorted by name or price; /count answers a bare integer.
import type { Hono } from 'hono';
import type { AppEnv, Ctx } from '../context.js';
import { badRequest, notFound } from '../http-error.js';
import { pageRequest, paginated } from '../pagination.js';
import { pathId, queryBoolean, readBody } from '../request.js';
import { lazy, nullable, required, rules, sometimes, toBoolean, validate, z } from '../validation.js';
import {
  PRODUCT_SORTS,
  countProducts,
  deleteProduct,
  findProductRow,
  insertProduct,
  listProductRows,
  updateProduct,
  type ProductFilter,
  type ProductSort,
  type ProductSortKey,
} from '../store/products.js';
import { toProduct, type Product } from '../present/products.js';

const MAX_PRICE = 999999.99;

// Laravel's `boolean` rejects null with "must be true or false" (rules.boolean() would call null missing).
const boolean = () =>
  z.preprocess(
    toBoolean,
    z.custom<boolean>((v) => typeof v === 'boolean', { message: 'The :attribute field must be true or false.' }),
  );
const name = lazy(() => required(rules.string(255)));
const fields = lazy(() => ({
  description: nullable(z.string()),
  price: nullable(rules.money(0, MAX_PRICE)),
  unit: nullable(rules.string(255)),
}));

const createSchema = lazy(() => z.object({ name: name(), ...fields() }));
// PUT: every field optional; name, when sent, must not be blank; null clears description, price and unit.
const updateSchema = lazy(() => z.object({ name: sometimes(name()), ...fields(), archived: sometimes(boolean()) }));

function productOr404(c: Ctx): Product {
  const row = findProductRow(c.get('deps').db, c.get('companyId'), pathId(c, 'product'));
  if (!row) throw notFound('Product not found.');
  return toProduct(row);
}

/** `sort=name|-name|price|-price`; without one the list runs by id; anything else is a 400. */
function sortOf(c: Ctx): ProductSort {
  const raw = (c.req.query('sort') ?? '').trim();
  if (raw === '') return { key: 'id', descending: false };
  const descending = raw.startsWith('-');
  const key = descending ? raw.slice(1) : raw;
  if (!(PRODUCT_SORTS as readonly string[]).includes(key)) {
    throw badRequest(
      `Requested sort(s) \`${raw}\` is not allowed. Allowed sort(s) are \`${PRODUCT_SORTS.join(', ')}\`.`,
    );
  }
  return { key: key as ProductSortKey, descending };
}

function filterOf(c: Ctx): ProductFilter {
  const rawIds = (c.req.query('filter[id]') ?? '').trim();
  return {
    name: c.req.query('filter[name]') || undefined,
    archived: queryBoolean(c, 'filter[archived]'),
    // one id or a comma-separated list; parts that are not ids match nothing
    ids:
      rawIds === ''
        ? undefined
        : rawIds
            .split(',')
            .map((s) => s.trim())
            .filter((s) => /^\d{1,15}$/.test(s))
            .map(Number),
  };
}

export function registerProducts(r: Hono<AppEnv>): void {
  r.get('/products', (c) => {
    const page = pageRequest(c);
    const sort = sortOf(c);
    const { rows, total } = listProductRows(
      c.get('deps').db,
      c.get('companyId'),
      filterOf(c),
      sort,
      page.perPage,
      page.offset,
    );
    return c.json(paginated(c, rows.map(toProduct), total, page));
  });

  r.post('/products', async (c) => {
    const input = validate(createSchema(), await readBody(c));
    const db = c.get('deps').db;
    const id = insertProduct(db, c.get('companyId'), Number(c.get('user').id), {
      name: input.name,
      description: input.description ?? null,
      price: input.price ?? null,
      unit: input.unit ?? null,
      archived: false,
    });
    return c.json({ data: toProduct(findProductRow(db, c.get('companyId'), id)!) });
  });

  // before /:product
  r.get('/products/count', (c) =>
    c.json(countProducts(c.get('deps').db, c.get('companyId'), { archived: queryBoolean(c, 'filter[archived]') })),
  );

  r.get('/products/:product', (c) => c.json({ data: productOr404(c) }));

  r.put('/products/:product', async (c) => {
    const product = productOr404(c);
    const input = validate(updateSchema(), await readBody(c));
    const db = c.get('deps').db;
    updateProduct(db, c.get('companyId'), product.id, {
      name: input.name,
      description: input.description,
      price: input.price,
      unit: input.unit,
      archived: input.archived,
    });
    return c.json({ data: toProduct(findProductRow(db, c.get('companyId'), product.id)!) });
  });

  r.delete('/products/:product', (c) => {
    const product = productOr404(c);
    deleteProduct(c.get('deps').db, c.get('companyId'), product.id);
    return c.body(null, 204);
  });
}
