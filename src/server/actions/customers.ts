// Customers as business operations: delete (one, refused while projects, invoices or proposals name it;
// several, skipping those) and the CSV import's loop of writes (each row checked by the route's rules,
// all rows in one transaction). The route parses and checks; the SQL is in store/customers.ts.
import type { Scope } from '../context.js';
import { badRequest } from '../http-error.js';
import { transaction } from '../store/db.js';
import {
  customerDeleteBlocker,
  deleteCustomer,
  hasContactNamed,
  hasPrimaryContact,
  insertContact,
  insertCustomer,
  ownCustomerIds,
  updateCustomer,
  type CustomerValues,
} from '../store/customers.js';

const BLOCKED: Record<'projects' | 'invoices' | 'proposals', string> = {
  projects:
    'Der Kunde kann nicht gelöscht werden, da ihm noch Projekte zugeordnet sind. Bitte archivieren Sie ihn ' +
    'stattdessen.',
  invoices:
    'Der Kunde kann nicht gelöscht werden, da ihm noch Rechnungen zugeordnet sind. Bitte archivieren Sie ihn ' +
    'stattdessen.',
  proposals:
    'Der Kunde kann nicht gelöscht werden, da ihm noch Offerten zugeordnet sind. Bitte archivieren Sie ihn ' +
    'stattdessen.',
};
const STILL_IN_USE =
  'Der Kunde kann nicht gelöscht werden, da er noch verwendet wird. Bitte archivieren Sie ihn stattdessen.';

const isForeignKeyError = (err: unknown) => err instanceof Error && /FOREIGN KEY constraint failed/i.test(err.message);

/** Deletes the customer; one still named by projects, invoices or proposals (or anything else): 400. */
export function deleteCustomerOf(s: Scope, customerId: number): void {
  const blocker = customerDeleteBlocker(s.db, s.companyId, customerId);
  if (blocker) throw badRequest(BLOCKED[blocker]);
  try {
    deleteCustomer(s.db, s.companyId, customerId);
  } catch (err) {
    if (isForeignKeyError(err)) throw badRequest(STILL_IN_USE);
    throw err;
  }
}

/** Deletes the company's customers among `ids`, skipping each one still in use. */
export function deleteCustomers(s: Scope, ids: readonly number[]): { deleted: number; skipped: number } {
  let deleted = 0;
  let skipped = 0;
  for (const id of ownCustomerIds(s.db, s.companyId, [...ids])) {
    if (customerDeleteBlocker(s.db, s.companyId, id)) {
      skipped++;
      continue;
    }
    try {
      deleteCustomer(s.db, s.companyId, id);
      deleted++;
    } catch (err) {
      if (!isForeignKeyError(err)) throw err;
      skipped++;
    }
  }
  return { deleted, skipped };
}

/** A CSV row as the route's rules read it: the columns to write and the customer it updates, or why it is skipped. */
export type CheckedCustomerRow =
  | { values: CustomerValues; contactName?: string | null; existing?: number }
  | { error: string };

export interface CustomerImportResult {
  created: number;
  updated: number;
  errors: { row: number; message: string }[];
}

/**
 * Writes the rows in one transaction, each checked just before it is written (so a number an earlier
 * row took counts): an existing customer's row updates it and adds its contact, any other creates one.
 */
export function importCustomerRows<R extends { row: number }>(
  s: Scope,
  records: readonly R[],
  checkRow: (record: R) => CheckedCustomerRow,
): CustomerImportResult {
  const result: CustomerImportResult = { created: 0, updated: 0, errors: [] };
  const { db, companyId, userId } = s;
  transaction(db, () => {
    for (const record of records) {
      const checked = checkRow(record);
      if ('error' in checked) {
        result.errors.push({ row: record.row, message: checked.error });
        continue;
      }
      const { values, contactName, existing } = checked;
      if (existing !== undefined) {
        updateCustomer(db, companyId, existing, values);
        if (contactName && !hasContactNamed(db, companyId, existing, contactName)) {
          insertContact(db, companyId, existing, userId, contactName, !hasPrimaryContact(db, companyId, existing));
        }
        result.updated++;
      } else {
        insertCustomer(db, companyId, userId, values, contactName);
        result.created++;
      }
    }
  });
  return result;
}
