// Contact persons of customers. Contacts are created with their customer (contact_name); here they are
// listed, changed, archived and deleted.
import { all, ensureUnicodeLower, one, run, timestamp, transaction, updateCompanyRow, type Db } from './db.js';

/** A contact person as SQLite hands it back (flags 0/1). */
export interface ContactRow {
  id: number;
  company_id: number;
  customer_id: number;
  user_id: number;
  name: string;
  email: string | null;
  phone: string | null;
  greeting: string | null;
  is_primary: number;
  archived: number;
  created_at: string;
  updated_at: string;
}

export interface ContactFilter {
  customerIds?: number[];
  archived?: boolean;
  name?: string;
}

function where(companyId: number, f: ContactFilter): [string, unknown[]] {
  const clauses = ['company_id = ?'];
  const params: unknown[] = [companyId];
  if (f.customerIds) {
    clauses.push(`customer_id IN (${f.customerIds.map(() => '?').join(', ') || 'NULL'})`);
    params.push(...f.customerIds);
  }
  if (f.archived !== undefined) {
    clauses.push('archived = ?');
    params.push(f.archived ? 1 : 0);
  }
  if (f.name) {
    clauses.push('instr(acct_lower(name), ?) > 0');
    params.push(f.name.toLowerCase());
  }
  return [clauses.join(' AND '), params];
}

export function listContactRows(
  db: Db,
  companyId: number,
  filter: ContactFilter,
  limit: number,
  offset: number,
): { rows: ContactRow[]; total: number } {
  ensureUnicodeLower(db);
  const [w, params] = where(companyId, filter);
  const total = Number(one(db, `SELECT count(*) AS n FROM contacts WHERE ${w}`, ...params)!.n);
  const rows = all<ContactRow>(
    db,
    `SELECT * FROM contacts WHERE ${w} ORDER BY id LIMIT ? OFFSET ?`,
    ...params,
    limit,
    offset,
  );
  return { rows, total };
}

export function findContactRow(db: Db, companyId: number, id: number): ContactRow | undefined {
  return one<ContactRow>(db, 'SELECT * FROM contacts WHERE company_id = ? AND id = ?', companyId, id);
}

/** The customer's contacts, the primary one first. */
export function contactRowsOfCustomer(db: Db, companyId: number, customerId: number): ContactRow[] {
  return all<ContactRow>(
    db,
    'SELECT * FROM contacts WHERE company_id = ? AND customer_id = ? ORDER BY is_primary DESC, id',
    companyId,
    customerId,
  );
}

export type ContactValues = Partial<{
  name: string;
  email: string | null;
  phone: string | null;
  greeting: string | null;
  is_primary: boolean;
  archived: boolean;
}>;
const CONTACT_COLUMNS = ['name', 'email', 'phone', 'greeting', 'is_primary', 'archived'] as const;

/** Applies the given fields; is_primary = true takes the flag from the customer's other contacts. */
export function updateContact(
  db: Db,
  companyId: number,
  contact: { id: number; customer_id: number },
  values: ContactValues,
): void {
  transaction(db, () => {
    if (values.is_primary === true) {
      run(
        db,
        'UPDATE contacts SET is_primary = 0, updated_at = ? WHERE company_id = ? AND customer_id = ? AND id != ? ' +
          'AND is_primary = 1',
        timestamp(),
        companyId,
        contact.customer_id,
        contact.id,
      );
    }
    updateCompanyRow(db, 'contacts', companyId, contact.id, CONTACT_COLUMNS, values);
  });
}

/** Invoices or proposals naming the contact keep it from being deleted. */
export function contactInUse(db: Db, companyId: number, id: number): 'invoices' | 'proposals' | undefined {
  if (one(db, 'SELECT 1 FROM invoices WHERE company_id = ? AND contact_id = ? LIMIT 1', companyId, id))
    return 'invoices';
  if (one(db, 'SELECT 1 FROM proposals WHERE company_id = ? AND contact_id = ? LIMIT 1', companyId, id))
    return 'proposals';
  return undefined;
}

export function deleteContact(db: Db, companyId: number, id: number): void {
  run(db, 'DELETE FROM contacts WHERE company_id = ? AND id = ?', companyId, id);
}

/** The ids among `ids` that are contacts of the company, without repeats. */
export function ownContactIds(db: Db, companyId: number, ids: number[]): number[] {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = new Set(
    all(
      db,
      `SELECT id FROM contacts WHERE company_id = ? AND id IN (${unique.map(() => '?').join(', ')})`,
      companyId,
      ...unique,
    ).map((r) => Number(r.id)),
  );
  return unique.filter((id) => found.has(id));
}

export function setContactsArchived(db: Db, companyId: number, ids: number[], archived: boolean): void {
  if (ids.length === 0) return;
  run(
    db,
    `UPDATE contacts SET archived = ?, updated_at = ? WHERE company_id = ?
      AND id IN (${ids.map(() => '?').join(', ')})`,
    archived ? 1 : 0,
    timestamp(),
    companyId,
    ...ids,
  );
}
