// Projects as business operations: a project made together with a new customer (one transaction), and
// the delete a project with invoiced time refuses. The route checks the body; the SQL is in store/projects.ts.
import type { Scope } from '../context.js';
import { badRequest } from '../http-error.js';
import { transaction } from '../store/db.js';
import { insertCustomerRecord } from '../store/customers.js';
import { deleteProject, hasInvoicedTime, insertProject, type ProjectValues } from '../store/projects.js';

/** The customer of a new project: one of the company's by id, or a new one by name. */
export type ProjectCustomer = { id: number } | { newName: string };

/** Creates the project (and its new customer, in the same transaction); answers the project's id. */
export function createProject(s: Scope, values: ProjectValues & { name: string }, customer: ProjectCustomer): number {
  return transaction(s.db, () => {
    const customerId =
      'id' in customer ? customer.id : insertCustomerRecord(s.db, s.companyId, s.userId, customer.newName);
    return insertProject(s.db, s.companyId, s.userId, { ...values, customer_id: customerId });
  });
}

const DELETE_REFUSED = 'The project has invoiced time entries and cannot be deleted. Archive it instead.';

/** Deletes the project; one with invoiced time entries: 400 (archive it instead). */
export function deleteProjectOf(s: Scope, projectId: number): void {
  if (hasInvoicedTime(s.db, s.companyId, projectId)) throw badRequest(DELETE_REFUSED);
  deleteProject(s.db, s.companyId, projectId);
}
