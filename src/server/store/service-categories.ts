// Service categories of a company: a name that groups services (activity types for time tracking).
import { all, one, run, timestamp, transaction, type Db } from './db.js';

/** A service category as SQLite hands it back. */
export interface ServiceCategoryRow {
  id: number;
  company_id: number;
  name: string;
  created_at: string;
  updated_at: string;
}

/** Every category of the company, by name (case-insensitive, like MySQL's collation), then id. */
export function listServiceCategoryRows(db: Db, companyId: number): ServiceCategoryRow[] {
  return all<ServiceCategoryRow>(
    db,
    'SELECT * FROM service_categories WHERE company_id = ? ORDER BY name COLLATE NOCASE, id',
    companyId,
  );
}

export function findServiceCategoryRow(db: Db, companyId: number, id: number): ServiceCategoryRow | undefined {
  return one<ServiceCategoryRow>(db, 'SELECT * FROM service_categories WHERE company_id = ? AND id = ?', companyId, id);
}

export function insertServiceCategory(db: Db, companyId: number, name: string): number {
  const now = timestamp();
  return Number(
    run(
      db,
      'INSERT INTO service_categories (company_id, name, created_at, updated_at) VALUES (?, ?, ?, ?)',
      companyId,
      name,
      now,
      now,
    ).lastInsertRowid,
  );
}

export function updateServiceCategory(db: Db, companyId: number, id: number, name: string): void {
  run(
    db,
    'UPDATE service_categories SET name = ?, updated_at = ? WHERE company_id = ? AND id = ?',
    name,
    timestamp(),
    companyId,
    id,
  );
}

/** Deletes the category; its services stay and lose the category (service_category_id null). */
export function deleteServiceCategory(db: Db, companyId: number, id: number): void {
  transaction(db, () => {
    // as the database's ON DELETE SET NULL would: the services' updated_at stays
    run(
      db,
      'UPDATE services SET service_category_id = NULL WHERE company_id = ? AND service_category_id = ?',
      companyId,
      id,
    );
    run(db, 'DELETE FROM service_categories WHERE company_id = ? AND id = ?', companyId, id);
  });
}
