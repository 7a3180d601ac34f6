// Service categories of a company: a name that groups services (activity types for time tracking).
import { all, one, run, timestamp, transaction, type Db, type Row } from './db.js';

export interface ServiceCategory { id: number; name: string; created_at: string; updated_at: string }

export const toServiceCategory = (r: Row): ServiceCategory => ({
  id: Number(r.id), name: r.name, created_at: r.created_at, updated_at: r.updated_at,
});

/** Every category of the company, by name (case-insensitive, like MySQL's collation), then id. */
export function listServiceCategories(db: Db, companyId: number): ServiceCategory[] {
  return all(db, 'SELECT * FROM service_categories WHERE company_id = ? ORDER BY name COLLATE NOCASE, id', companyId).map(toServiceCategory);
}

export function findServiceCategory(db: Db, companyId: number, id: number): ServiceCategory | undefined {
  const row = one(db, 'SELECT * FROM service_categories WHERE company_id = ? AND id = ?', companyId, id);
  return row && toServiceCategory(row);
}

export function insertServiceCategory(db: Db, companyId: number, name: string): ServiceCategory {
  const now = timestamp();
  const id = Number(run(db, 'INSERT INTO service_categories (company_id, name, created_at, updated_at) VALUES (?, ?, ?, ?)', companyId, name, now, now).lastInsertRowid);
  return findServiceCategory(db, companyId, id)!;
}

export function updateServiceCategory(db: Db, companyId: number, id: number, name: string): ServiceCategory {
  run(db, 'UPDATE service_categories SET name = ?, updated_at = ? WHERE company_id = ? AND id = ?', name, timestamp(), companyId, id);
  return findServiceCategory(db, companyId, id)!;
}

/** Deletes the category; its services stay and lose the category (service_category_id null). */
export function deleteServiceCategory(db: Db, companyId: number, id: number): void {
  transaction(db, () => {
    // as the database's ON DELETE SET NULL would: the services' updated_at stays
    run(db, 'UPDATE services SET service_category_id = NULL WHERE company_id = ? AND service_category_id = ?', companyId, id);
    run(db, 'DELETE FROM service_categories WHERE company_id = ? AND id = ?', companyId, id);
  });
}
