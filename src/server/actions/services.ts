// Services as business operations: the delete a service used by time entries refuses. The route checks
// the body; the SQL is in store/services.ts.
import type { Scope } from '../context.js';
import { HttpError } from '../http-error.js';
import { deleteService, serviceInUse } from '../store/services.js';

/** Deletes the service; one used by time entries: 422 (archive it instead). */
export function deleteServiceOf(s: Scope, serviceId: number): void {
  if (serviceInUse(s.db, serviceId))
    throw new HttpError(422, 'The service is used by time entries and cannot be deleted. Archive it instead.');
  deleteService(s.db, s.companyId, serviceId);
}
