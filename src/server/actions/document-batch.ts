// The batch verbs of proposals and invoices: update and delete several documents, each on its own
// (one transaction per document, through actions/documents.ts); a document that cannot take the change
// is skipped and named. Batch mark-as is markAsBatch in document-states.ts.
import type { DocumentType } from '../domain/documents.js';
import { HttpError } from '../http-error.js';
import type { Row } from '../store/db.js';
import { findDocumentRow, type DocumentRow } from '../store/documents.js';
import { deleteDocument, updateDocumentWith, type DocumentInput, type DocumentScope } from './documents.js';

/**
 * Updates each document with what `resolve` makes of the body for it (the route's rules against the
 * stored document). Only open invoices; a document sent, paid or deleted by another process since it
 * was read is skipped; a 422 of the body stops the batch.
 */
export function updateDocumentsBatch(
  s: DocumentScope,
  type: DocumentType,
  ids: readonly number[],
  resolve: (doc: DocumentRow) => DocumentInput,
): { updated: number; skipped: number[] } {
  const skipped: number[] = [];
  let updated = 0;
  for (const id of ids) {
    const doc = findDocumentRow(s.db, type, s.companyId, id);
    if (!doc || (type === 'invoice' && doc.status !== 'open')) {
      skipped.push(id);
      continue;
    }
    try {
      updateDocumentWith(s, type, id, resolve(doc));
      updated++;
    } catch (err) {
      if (!(err instanceof HttpError) || err.status >= 500 || err.status === 422) throw err;
      skipped.push(id);
    }
  }
  return { updated, skipped };
}

/** Deletes each document it may; the others are skipped. */
export function deleteDocumentsBatch(
  s: DocumentScope,
  type: DocumentType,
  ids: readonly number[],
  removeBookings: (doc: Row) => void,
): { deleted: number; skipped: number[] } {
  const skipped: number[] = [];
  let deleted = 0;
  for (const id of ids) {
    try {
      deleteDocument(s, type, id, removeBookings);
      deleted++;
    } catch (err) {
      if (!(err instanceof HttpError) || err.status >= 500) throw err;
      skipped.push(id);
    }
  }
  return { deleted, skipped };
}
