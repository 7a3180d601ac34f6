// Tags of a company.
import { all, one, run, timestamp, type Db } from './db.js';

/** A tag as SQLite hands it back. */
export interface TagRow {
  id: number;
  company_id: number;
  user_id: number;
  name: string;
  color: string;
  created_at: string;
  updated_at: string;
}

export interface TagFilter {
  name?: string;
  color?: string;
}

function where(companyId: number, filter: TagFilter): [string, unknown[]] {
  const clauses = ['company_id = ?'];
  const params: unknown[] = [companyId];
  if (filter.name) {
    clauses.push('instr(name, ?) > 0');
    params.push(filter.name.toLowerCase());
  }
  if (filter.color) {
    clauses.push('color = ?');
    params.push(filter.color);
  }
  return [clauses.join(' AND '), params];
}

export function listTagRows(
  db: Db,
  companyId: number,
  filter: TagFilter,
  limit: number,
  offset: number,
): { rows: TagRow[]; total: number } {
  const [w, params] = where(companyId, filter);
  const total = Number(one(db, `SELECT count(*) AS n FROM tags WHERE ${w}`, ...params)!.n);
  const rows = all<TagRow>(db, `SELECT * FROM tags WHERE ${w} ORDER BY id LIMIT ? OFFSET ?`, ...params, limit, offset);
  return { rows, total };
}

export function findTagRow(db: Db, companyId: number, id: number): TagRow | undefined {
  return one<TagRow>(db, 'SELECT * FROM tags WHERE company_id = ? AND id = ?', companyId, id);
}

export function tagIdByName(db: Db, companyId: number, name: string): number | undefined {
  const row = one(db, 'SELECT id FROM tags WHERE company_id = ? AND name = ?', companyId, name);
  return row ? Number(row.id) : undefined;
}

export function tagNameTaken(db: Db, companyId: number, name: string, exceptId?: number): boolean {
  return !!one(
    db,
    'SELECT 1 FROM tags WHERE company_id = ? AND name = ? AND id IS NOT ?',
    companyId,
    name,
    exceptId ?? null,
  );
}

export function insertTag(db: Db, companyId: number, userId: number, name: string, color: string): number {
  const now = timestamp();
  return Number(
    run(
      db,
      'INSERT INTO tags (company_id, user_id, name, color, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
      companyId,
      userId,
      name,
      color,
      now,
      now,
    ).lastInsertRowid,
  );
}

export function updateTag(db: Db, companyId: number, id: number, name: string, color: string): void {
  run(
    db,
    'UPDATE tags SET name = ?, color = ?, updated_at = ? WHERE company_id = ? AND id = ?',
    name,
    color,
    timestamp(),
    companyId,
    id,
  );
}

export function deleteTag(db: Db, companyId: number, id: number): void {
  run(db, 'DELETE FROM tags WHERE company_id = ? AND id = ?', companyId, id);
}
