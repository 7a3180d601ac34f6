// Products of a company: name, description, unit and price for document positions.
import { all, one, run, timestamp, type Db } from './db.js';

/** A product as SQLite hands it back (price in Rappen, archived 0/1). */
export interface ProductRow {
  id: number;
  company_id: number;
  user_id: number;
  name: string;
  description: string | null;
  price: number | null;
  unit: string | null;
  archived: number;
  created_at: string;
  updated_at: string;
}

export const PRODUCT_SORTS = ['name', 'price'] as const;
export type ProductSortKey = (typeof PRODUCT_SORTS)[number];
export interface ProductSort {
  key: ProductSortKey | 'id';
  descending: boolean;
}

export interface ProductFilter {
  name?: string;
  archived?: boolean;
  ids?: number[];
}

const SORT_SQL: Record<ProductSortKey | 'id', string> = { id: 'id', name: 'name COLLATE NOCASE', price: 'price' };

function where(companyId: number, filter: ProductFilter): [string, unknown[]] {
  const clauses = ['company_id = ?'];
  const params: unknown[] = [companyId];
  if (filter.name) {
    clauses.push('instr(lower(name), lower(?)) > 0');
    params.push(filter.name);
  }
  if (filter.archived !== undefined) {
    clauses.push('archived = ?');
    params.push(filter.archived ? 1 : 0);
  }
  if (filter.ids !== undefined) {
    if (filter.ids.length === 0) clauses.push('0');
    else {
      clauses.push(`id IN (${filter.ids.map(() => '?').join(', ')})`);
      params.push(...filter.ids);
    }
  }
  return [clauses.join(' AND '), params];
}

export function listProductRows(
  db: Db,
  companyId: number,
  filter: ProductFilter,
  sort: ProductSort,
  limit: number,
  offset: number,
): { rows: ProductRow[]; total: number } {
  const [w, params] = where(companyId, filter);
  const total = countProducts(db, companyId, filter);
  const dir = sort.descending ? 'DESC' : 'ASC';
  const rows = all<ProductRow>(
    db,
    `SELECT * FROM products WHERE ${w} ORDER BY ${SORT_SQL[sort.key]} ${dir}, id ${dir} LIMIT ? OFFSET ?`,
    ...params,
    limit,
    offset,
  );
  return { rows, total };
}

export function countProducts(db: Db, companyId: number, filter: ProductFilter = {}): number {
  const [w, params] = where(companyId, filter);
  return Number(one(db, `SELECT count(*) AS n FROM products WHERE ${w}`, ...params)!.n);
}

export function findProductRow(db: Db, companyId: number, id: number): ProductRow | undefined {
  return one<ProductRow>(db, 'SELECT * FROM products WHERE company_id = ? AND id = ?', companyId, id);
}

export interface ProductInput {
  name: string;
  description: string | null;
  /** Rappen */
  price: number | null;
  unit: string | null;
  archived: boolean;
}

export function insertProduct(db: Db, companyId: number, userId: number, input: ProductInput): number {
  const now = timestamp();
  return Number(
    run(
      db,
      'INSERT INTO products (company_id, user_id, name, description, price, unit, archived, created_at, updated_at) ' +
        'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      companyId,
      userId,
      input.name,
      input.description,
      input.price,
      input.unit,
      input.archived ? 1 : 0,
      now,
      now,
    ).lastInsertRowid,
  );
}

/** Changes the given fields (undefined leaves a field as it is). */
export function updateProduct(db: Db, companyId: number, id: number, changes: Partial<ProductInput>): void {
  const sets: string[] = [];
  const params: unknown[] = [];
  for (const column of ['name', 'description', 'price', 'unit'] as const) {
    if (changes[column] !== undefined) {
      sets.push(`${column} = ?`);
      params.push(changes[column]);
    }
  }
  if (changes.archived !== undefined) {
    sets.push('archived = ?');
    params.push(changes.archived ? 1 : 0);
  }
  // like Eloquent, a save without changes leaves updated_at alone
  if (sets.length > 0)
    run(
      db,
      `UPDATE products SET ${[...sets, 'updated_at = ?'].join(', ')} WHERE company_id = ? AND id = ?`,
      ...params,
      timestamp(),
      companyId,
      id,
    );
}

export function deleteProduct(db: Db, companyId: number, id: number): void {
  run(db, 'DELETE FROM products WHERE company_id = ? AND id = ?', companyId, id);
}
