// Proposals and invoices that write: create and update with their positions and links, delete, the
// position endpoints, activities, attachments, numbers and the stored totals. Every operation runs in
// one transaction and records its activity; the totals are recomputed from the positions after every
// change (src/domain/document-totals.ts). State moves and their bookings are in document-states.ts.
import { documentTotals, positionSum } from '../../domain/document-totals.js';
import { documentRunningNumber, formatDocumentNumber, type DocumentType } from '../domain/documents.js';
import { MAX_POSITIONS, pricedOf, type PositionInput } from '../domain/positions.js';
import { badRequest, notFound, validationError } from '../http-error.js';
import { MAX_MONEY, MAX_MONEY_TEXT } from '../../domain/money.js';
import { transaction, type Db, type Row } from '../store/db.js';
import { findTaxRateRow } from '../store/tax-rates.js';
import { findAccountRow } from '../store/accounts.js';
import { invoiceReferences } from '../../domain/qr-reference.js';
import {
  attachFile,
  attachmentFileIds,
  childrenSum,
  deleteChildPositions,
  deleteDocumentRow,
  deletePosition,
  deletePositions,
  detachFile,
  documentNumbersLike,
  findDocumentRow,
  insertActivity,
  insertDocument,
  insertPosition,
  invoiceCountOfProposal,
  linkedTimeIds,
  linkTimes,
  nextPositionOrder,
  positionRows,
  positionsSize,
  replaceLinkedEntries,
  setTotals,
  unlinkTimes,
  updateDocument,
  updatePosition,
  type DocumentRow,
  type DocumentValues,
  type PositionValues,
} from '../store/documents.js';
import { deleteFile, filesByIds, insertFile, type StoredFile } from '../store/files.js';
import type { UploadedFile } from '../upload.js';

/** Who acts, in which company, and when: everything an action needs besides its input. */
export interface DocumentScope {
  db: Db;
  dataDir: string;
  companyId: number;
  userId: number;
  company: Row;
  /** the company's calendar date */
  today: string;
}

/** A validated create or update: columns in stored units, plus the positions and the links of invoices. */
export interface DocumentInput {
  values: DocumentValues;
  positions?: PositionInput[];
  /** invoices: the time entries to link (replacing the set on update) */
  timeIds?: number[];
  /** invoices: the expense bookings to link (replacing the set on update) */
  entryIds?: number[];
}

const NOT_FOUND: Readonly<Record<DocumentType, string>> = {
  proposal: 'Proposal not found.',
  invoice: 'Invoice not found.',
};

/**
 * The document as it is now, read inside the caller's write transaction: every action decides on this
 * row, not on one the route read before the lock, so a second process acting at once sees the first
 * one's change. Gone meanwhile: 404.
 */
export function currentDocument(
  s: Pick<DocumentScope, 'db' | 'companyId'>,
  type: DocumentType,
  id: number,
): DocumentRow {
  if (!s.db.isTransaction) throw new Error('currentDocument reads inside a write transaction');
  const row = findDocumentRow(s.db, type, s.companyId, id);
  if (!row) throw notFound(NOT_FOUND[type]);
  return row;
}

// ---- numbers ------------------------------------------------------------------------------------------

/** The next generated number of the type for the year: the highest running number + 1 ("R-2026-005"). */
export function nextDocumentNumber(db: Db, type: DocumentType, companyId: number, year: number): string {
  const stem = formatDocumentNumber(type, year, 0).slice(0, -3);
  let max = 0;
  for (const number of documentNumbersLike(db, type, companyId, stem)) {
    const running = documentRunningNumber(type, year, number);
    if (running !== undefined && running > max) max = running;
  }
  return formatDocumentNumber(type, year, max + 1);
}

// ---- totals -----------------------------------------------------------------------------------------

interface PositionNode {
  row: Row;
  children: PositionNode[];
}

/** The stored positions as a tree: collections hold their children, both in their order. */
function positionTree(db: Db, type: DocumentType, documentId: number): PositionNode[] {
  const rows = positionRows(db, type, documentId);
  const nodes = new Map(rows.map((row) => [Number(row.id), { row, children: [] as PositionNode[] }]));
  const roots: PositionNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.row.parent_id === null ? undefined : nodes.get(Number(node.row.parent_id));
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

const storedPosition = (n: PositionNode): PositionInput => ({
  type: n.row.type,
  description: n.row.description,
  title: n.row.title,
  amount: Number(n.row.amount),
  price: Number(n.row.price),
  discount: Number(n.row.discount_amount),
  discountType: n.row.discount_type,
  unit: n.row.unit,
  date: n.row.date,
  children: n.children.map(storedPosition),
});

/** A document's stored positions as a create or update takes them (a tree in stored units). */
export const storedPositions = (db: Db, type: DocumentType, documentId: number): PositionInput[] =>
  positionTree(db, type, documentId).map(storedPosition);

/**
 * The most text one document may carry, positions and remarks together: what pdfkit draws in about a
 * second (some 200 pages; 500 positions of a paragraph each), so no PDF of any document the service takes stalls it
 * (bench/pdf.mjs). Each
 * field keeps its own limit as well (a description 65'535 characters).
 */
export const DOCUMENT_TEXT_MAX = 600_000;

/** Refuses (422, undone with the change) a document over MAX_POSITIONS items or DOCUMENT_TEXT_MAX characters. */
function checkDocumentSize(db: Db, type: DocumentType, doc: Row): void {
  const { count, characters } = positionsSize(db, type, Number(doc.id));
  if (count > MAX_POSITIONS)
    throw validationError({ positions: [`The positions field must not have more than ${MAX_POSITIONS} items.`] });
  const own = ['title', 'remarks_top', 'remarks', 'signature_remark'].reduce(
    (n, key) => n + String(doc[key] ?? '').length,
    0,
  );
  if (characters + own > DOCUMENT_TEXT_MAX) {
    throw validationError({
      positions: [
        `The document's texts (positions and remarks) must not have more than ${DOCUMENT_TEXT_MAX} ` +
          `characters together.`,
      ],
    });
  }
}

/** Recomputes and stores the totals of a document from its positions, discount, tax rate and settings. */
function refreshTotals(db: Db, type: DocumentType, companyId: number, id: number): void {
  const doc = findDocumentRow(db, type, companyId, id)!;
  // every change of a document or its positions passes here, inside its write transaction
  checkDocumentSize(db, type, doc);
  const rate = doc.tax_rate_id === null ? undefined : findTaxRateRow(db, companyId, Number(doc.tax_rate_id));
  const totals = documentTotals({
    positions: storedPositions(db, type, id).map(pricedOf),
    discountRate: doc.discount_rate === null ? null : Number(doc.discount_rate),
    vatRate: rate ? Number(rate.rate) : null,
    vatIncluded: Number(doc.vat_included) === 1,
    addRoundingDifference: Number(doc.add_rounding_difference) === 1,
  });
  // refused inside the write transaction, so the change that would make it too large is undone whole
  if (Math.max(Math.abs(totals.total_value), Math.abs(totals.final_value)) > MAX_MONEY) {
    throw validationError({ positions: [`The total of the positions must not be greater than ${MAX_MONEY_TEXT}.`] });
  }
  setTotals(db, type, id, totals);
}

// ---- positions -----------------------------------------------------------------------------------

const positionValues = (p: PositionInput, parentId: number | null, order: number, sum: number): PositionValues => ({
  parent_id: parentId,
  type: p.type,
  description: p.description,
  title: p.title,
  amount: p.amount,
  price: p.price,
  discount_amount: p.discount,
  discount_type: p.discountType,
  sum,
  unit: p.unit,
  order,
  date: p.date,
});

function insertTree(
  db: Db,
  type: DocumentType,
  documentId: number,
  positions: readonly PositionInput[],
  parentId: number | null,
): void {
  positions.forEach((p, order) => {
    const id = insertPosition(db, type, documentId, positionValues(p, parentId, order, sumOf(p)));
    if (p.type === 'collection') insertTree(db, type, documentId, p.children, id);
  });
}

const sumOf = (p: PositionInput): number => positionSum(pricedOf(p));

/** A collection's stored sum follows its children. */
function refreshCollectionSum(db: Db, collectionId: number | null): void {
  if (collectionId === null) return;
  updatePosition(db, collectionId, { sum: childrenSum(db, collectionId) });
}

/** Invoices change only while open (400); proposals in every status. */
export function assertEditable(type: DocumentType, doc: Row): void {
  if (type === 'invoice' && doc.status !== 'open')
    throw badRequest('Rechnungen können nur im Status offen bearbeitet werden.');
}

export function addPosition(
  s: DocumentScope,
  type: DocumentType,
  doc: Row,
  p: PositionInput,
  parentId: number | null,
): number {
  return transaction(s.db, () => {
    assertEditable(type, currentDocument(s, type, doc.id));
    const id = insertPosition(
      s.db,
      type,
      doc.id,
      positionValues(p, parentId, nextPositionOrder(s.db, type, doc.id, parentId), sumOf(p)),
    );
    if (p.type === 'collection') insertTree(s.db, type, doc.id, p.children, id);
    refreshCollectionSum(s.db, parentId);
    touched(s, type, doc.id);
    return id;
  });
}

export function changePosition(s: DocumentScope, type: DocumentType, doc: Row, position: Row, p: PositionInput): void {
  transaction(s.db, () => {
    assertEditable(type, currentDocument(s, type, doc.id));
    const values = positionValues(
      p,
      position.parent_id === null ? null : Number(position.parent_id),
      Number(position.order),
      sumOf(p),
    );
    if (position.type === 'collection' && p.type === 'collection') {
      // a collection keeps its children unless new ones are sent
      if (p.children.length) {
        deleteChildPositions(s.db, Number(position.id));
        insertTree(s.db, type, doc.id, p.children, Number(position.id));
      }
      updatePosition(s.db, Number(position.id), { ...values, sum: 0 });
      refreshCollectionSum(s.db, Number(position.id));
    } else {
      if (position.type === 'collection') deleteChildPositions(s.db, Number(position.id));
      updatePosition(s.db, Number(position.id), values);
      if (p.type === 'collection') {
        insertTree(s.db, type, doc.id, p.children, Number(position.id));
        refreshCollectionSum(s.db, Number(position.id));
      }
    }
    refreshCollectionSum(s.db, values.parent_id);
    touched(s, type, doc.id);
  });
}

export function removePosition(s: DocumentScope, type: DocumentType, doc: Row, position: Row): void {
  transaction(s.db, () => {
    assertEditable(type, currentDocument(s, type, doc.id));
    deletePosition(s.db, Number(position.id));
    refreshCollectionSum(s.db, position.parent_id === null ? null : Number(position.parent_id));
    touched(s, type, doc.id);
  });
}

/** After a change of positions: totals again, updated_at, and the activity. */
function touched(s: DocumentScope, type: DocumentType, id: number): void {
  refreshTotals(s.db, type, s.companyId, id);
  updateDocument(s.db, type, s.companyId, id, {});
  insertActivity(s.db, type, id, 'Updated');
}

// ---- create, update, delete ---------------------------------------------------------------------------

/** Creates a document with its positions and links; answers its id. `values.number` absent: generated. */
export function createDocument(s: DocumentScope, type: DocumentType, input: DocumentInput): number {
  return transaction(s.db, () => {
    const values = { ...input.values };
    if (values.number === undefined || values.number === null)
      values.number = nextDocumentNumber(s.db, type, s.companyId, Number(String(values.date).slice(0, 4)));
    const id = insertDocument(s.db, type, s.companyId, s.userId, values);
    insertTree(s.db, type, id, input.positions ?? [], null);
    if (type === 'invoice') {
      setPaymentReferences(s, id, values.bank_account_id);
      linkTimes(s.db, id, input.timeIds ?? [], 'invoiced');
      replaceLinkedEntries(s.db, id, input.entryIds ?? []);
    }
    refreshTotals(s.db, type, s.companyId, id);
    insertActivity(s.db, type, id, 'Created');
    if (type === 'invoice' && values.proposal_id) {
      insertActivity(
        s.db,
        'proposal',
        Number(values.proposal_id),
        `Invoice ${values.number} created from this proposal`,
      );
    }
    return id;
  });
}

/**
 * The payment reference the QR-bill carries and the bank import matches on: a QRR when the invoice's
 * bank account has a QR-IBAN, else an ISO 11649 creditor reference (src/domain/qr-reference.ts).
 */
function setPaymentReferences(s: DocumentScope, invoiceId: number, bankAccountId: unknown): void {
  const account =
    bankAccountId === null || bankAccountId === undefined
      ? undefined
      : findAccountRow(s.db, s.companyId, Number(bankAccountId));
  updateDocument(
    s.db,
    'invoice',
    s.companyId,
    invoiceId,
    invoiceReferences(account?.iban ?? null, s.companyId, invoiceId),
  );
}

/** Updates a document: columns given, positions replaced when sent, links replaced when sent. */
export function updateDocumentWith(s: DocumentScope, type: DocumentType, id: number, input: DocumentInput): void {
  transaction(s.db, () => {
    const doc = currentDocument(s, type, id);
    assertEditable(type, doc);
    updateDocument(s.db, type, s.companyId, doc.id, input.values);
    if (
      type === 'invoice' &&
      input.values.bank_account_id !== undefined &&
      input.values.bank_account_id !== doc.bank_account_id
    ) {
      setPaymentReferences(s, doc.id, input.values.bank_account_id);
    }
    if (input.positions) {
      deletePositions(s.db, type, doc.id);
      insertTree(s.db, type, doc.id, input.positions, null);
    }
    if (type === 'invoice' && input.timeIds) {
      const keep = new Set(input.timeIds);
      unlinkTimes(
        s.db,
        doc.id,
        linkedTimeIds(s.db, doc.id).filter((t) => !keep.has(t)),
      );
      linkTimes(s.db, doc.id, input.timeIds, 'invoiced');
    }
    if (type === 'invoice' && input.entryIds) replaceLinkedEntries(s.db, doc.id, input.entryIds);
    if (
      type === 'invoice' &&
      input.values.proposal_id &&
      Number(input.values.proposal_id) !== Number(doc.proposal_id)
    ) {
      insertActivity(
        s.db,
        'proposal',
        Number(input.values.proposal_id),
        `Invoice ${input.values.number ?? doc.number} created from this proposal`,
      );
    }
    refreshTotals(s.db, type, s.companyId, doc.id);
    insertActivity(s.db, type, doc.id, 'Updated');
  });
}

/** Why a document cannot be deleted (400), or undefined. */
function deleteRefusal(s: Pick<DocumentScope, 'db' | 'companyId'>, type: DocumentType, doc: Row): string | undefined {
  if (type === 'invoice')
    return doc.status === 'paid' ? 'Bezahlte Rechnungen können nicht gelöscht werden.' : undefined;
  return invoiceCountOfProposal(s.db, s.companyId, Number(doc.id)) > 0
    ? 'Die Offerte kann nicht gelöscht werden, da Rechnungen aus ihr erstellt wurden.'
    : undefined;
}

/**
 * Deletes a document in one transaction (joining the caller's): its linked time entries go back to
 * open, its attachments' files go (their bytes once the deletion is committed), and `removeBookings`
 * takes an invoice's receivable booking away first (it may refuse: closed period).
 */
export function deleteDocument(
  s: DocumentScope,
  type: DocumentType,
  id: number,
  removeBookings: (doc: Row) => void,
): void {
  transaction(s.db, () => {
    const doc = currentDocument(s, type, id);
    const refusal = deleteRefusal(s, type, doc);
    if (refusal) throw badRequest(refusal);
    if (type === 'invoice') {
      removeBookings(doc);
      unlinkTimes(s.db, doc.id);
    }
    const fileIds = attachmentFileIds(s.db, type, doc.id);
    deleteDocumentRow(s.db, type, s.companyId, doc.id);
    for (const id of fileIds) deleteFile(s.db, s.dataDir, s.companyId, id);
  });
}

// ---- attachments ------------------------------------------------------------------------------------

/** Stores the upload and attaches it; the written bytes go again if the transaction's changes are undone. */
export function attach(s: DocumentScope, type: DocumentType, doc: Row, upload: UploadedFile): StoredFile {
  return transaction(s.db, () => {
    const written = insertFile(s.db, s.dataDir, s.companyId, upload.name, upload.mime, upload.bytes);
    attachFile(s.db, type, doc.id, written.id);
    insertActivity(s.db, type, doc.id, 'Updated');
    return written;
  });
}

/**
 * Detaches and deletes an attached file (its bytes once committed); false when the file is not attached to the
 * document.
 */
export function detach(s: DocumentScope, type: DocumentType, doc: Row, fileId: number): boolean {
  return transaction(s.db, () => {
    if (!detachFile(s.db, type, doc.id, fileId)) return false;
    deleteFile(s.db, s.dataDir, s.companyId, fileId);
    insertActivity(s.db, type, doc.id, 'Updated');
    return true;
  });
}

export function attachedFiles(db: Db, type: DocumentType, companyId: number, documentId: number): StoredFile[] {
  const ids = attachmentFileIds(db, type, documentId);
  const files = filesByIds(db, ids);
  return ids.flatMap((id) => {
    const file = files.get(id);
    return file?.company_id === companyId ? [file] : [];
  });
}
