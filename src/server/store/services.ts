// Services (activity types for time tracking) of a company; a service's row carries its category's
// columns (c_id, c_name, c_created_at, c_updated_at).
import { all, one, run, timestamp, transaction, type Db } from './db.js';

/**
 * A service as SQLite hands it back (hourly_rate in Rappen, flags 0/1), with its category's columns (c_…, null without
 * one).
 */
export interface ServiceRow {
  id: number;
  company_id: number;
  service_category_id: number | null;
  name: string;
  hourly_rate: number | null;
  billable: number;
  archived: number;
  created_at: string;
  updated_at: string;
  c_id: number | null;
  c_name: string | null;
  c_created_at: string | null;
  c_updated_at: string | null;
}

const SELECT = `SELECT s.*, c.id AS c_id, c.name AS c_name, c.created_at AS c_created_at, c.updated_at AS c_updated_at
  FROM services s LEFT JOIN service_categories c ON c.id = s.service_category_id AND c.company_id = s.company_id`;

export const SERVICE_SORTS = ['name', 'hourly_rate', 'created_at'] as const;
export type ServiceSortKey = (typeof SERVICE_SORTS)[number];
export interface ServiceSort {
  key: ServiceSortKey;
  descending: boolean;
}

export interface ServiceFilter {
  archived?: boolean;
  serviceCategoryId?: number | null;
}

const SORT_SQL: Record<ServiceSortKey, string> = {
  name: 's.name COLLATE NOCASE',
  hourly_rate: 's.hourly_rate',
  created_at: 's.created_at',
};

function where(companyId: number, filter: ServiceFilter): [string, unknown[]] {
  const clauses = ['s.company_id = ?'];
  const params: unknown[] = [companyId];
  if (filter.archived !== undefined) {
    clauses.push('s.archived = ?');
    params.push(filter.archived ? 1 : 0);
  }
  // null: a filter value that cannot be an id matches nothing
  if (filter.serviceCategoryId === null) clauses.push('0');
  else if (filter.serviceCategoryId !== undefined) {
    clauses.push('s.service_category_id = ?');
    params.push(filter.serviceCategoryId);
  }
  return [clauses.join(' AND '), params];
}

export function listServiceRows(
  db: Db,
  companyId: number,
  filter: ServiceFilter,
  sort: ServiceSort,
  limit: number,
  offset: number,
): { rows: ServiceRow[]; total: number } {
  const [w, params] = where(companyId, filter);
  const total = Number(one(db, `SELECT count(*) AS n FROM services s WHERE ${w}`, ...params)!.n);
  const dir = sort.descending ? 'DESC' : 'ASC';
  const rows = all<ServiceRow>(
    db,
    `${SELECT} WHERE ${w} ORDER BY ${SORT_SQL[sort.key]} ${dir}, s.id ${dir} LIMIT ? OFFSET ?`,
    ...params,
    limit,
    offset,
  );
  return { rows, total };
}

export function findServiceRow(db: Db, companyId: number, id: number): ServiceRow | undefined {
  return one<ServiceRow>(db, `${SELECT} WHERE s.company_id = ? AND s.id = ?`, companyId, id);
}

export interface ServiceInput {
  name: string;
  /** Rappen */
  hourly_rate: number | null;
  billable: boolean;
  archived: boolean;
  service_category_id: number | null;
}

export function insertService(db: Db, companyId: number, input: ServiceInput): number {
  const now = timestamp();
  return Number(
    run(
      db,
      'INSERT INTO services (company_id, service_category_id, name, hourly_rate, billable, archived, created_at, ' +
        'updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      companyId,
      input.service_category_id,
      input.name,
      input.hourly_rate,
      input.billable ? 1 : 0,
      input.archived ? 1 : 0,
      now,
      now,
    ).lastInsertRowid,
  );
}

/** Changes the given fields (undefined leaves a field as it is). */
export function updateService(db: Db, companyId: number, id: number, changes: Partial<ServiceInput>): void {
  const sets: string[] = [];
  const params: unknown[] = [];
  const set = (column: string, value: unknown) => {
    sets.push(`${column} = ?`);
    params.push(value);
  };
  if (changes.name !== undefined) set('name', changes.name);
  if (changes.hourly_rate !== undefined) set('hourly_rate', changes.hourly_rate);
  if (changes.billable !== undefined) set('billable', changes.billable ? 1 : 0);
  if (changes.archived !== undefined) set('archived', changes.archived ? 1 : 0);
  if (changes.service_category_id !== undefined) set('service_category_id', changes.service_category_id);
  // like Eloquent, a save without changes leaves updated_at alone
  if (sets.length > 0)
    run(
      db,
      `UPDATE services SET ${[...sets, 'updated_at = ?'].join(', ')} WHERE company_id = ? AND id = ?`,
      ...params,
      timestamp(),
      companyId,
      id,
    );
}

/**
 * Whether time entries reference the service. Not scoped by company on purpose: any reference keeps the
 * foreign key from letting the row go.
 */
export function serviceInUse(db: Db, id: number): boolean {
  return !!one(db, 'SELECT 1 FROM time_entries WHERE service_id = ? LIMIT 1', id);
}

export function deleteService(db: Db, companyId: number, id: number): void {
  run(db, 'DELETE FROM services WHERE company_id = ? AND id = ?', companyId, id);
}

/** The ids among `ids` that are services of the company. */
function ownIds(db: Db, companyId: number, ids: number[]): number[] {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)];
  return all(
    db,
    `SELECT id FROM services WHERE company_id = ? AND id IN (${unique.map(() => '?').join(', ')}) ORDER BY id`,
    companyId,
    ...unique,
  ).map((r) => Number(r.id));
}

export interface BulkServiceChanges {
  hourly_rate?: number | null;
  archived?: boolean;
}

/** Applies the given fields to the company's services among `ids`; answers how many services that were. */
export function bulkUpdateServices(db: Db, companyId: number, ids: number[], changes: BulkServiceChanges): number {
  return transaction(db, () => {
    const own = ownIds(db, companyId, ids);
    const sets: string[] = [];
    const params: unknown[] = [];
    if (changes.hourly_rate !== undefined) {
      sets.push('hourly_rate = ?');
      params.push(changes.hourly_rate);
    }
    if (changes.archived !== undefined) {
      sets.push('archived = ?');
      params.push(changes.archived ? 1 : 0);
    }
    if (sets.length > 0 && own.length > 0) {
      run(
        db,
        `UPDATE services SET ${sets.join(', ')}, updated_at = ? WHERE company_id = ?
          AND id IN (${own.map(() => '?').join(', ')})`,
        ...params,
        timestamp(),
        companyId,
        ...own,
      );
    }
    return own.length;
  });
}

/** Deletes the company's services among `ids` that no time entry references; the others are skipped. */
export function bulkDeleteServices(db: Db, companyId: number, ids: number[]): { deleted: number; skipped: number } {
  return transaction(db, () => {
    let deleted = 0;
    let skipped = 0;
    for (const id of ownIds(db, companyId, ids)) {
      if (serviceInUse(db, id)) {
        skipped++;
        continue;
      }
      deleteService(db, companyId, id);
      deleted++;
    }
    return { deleted, skipped };
  });
}
