// A booking (entry) as one business operation: create, update and delete with every rule a booking
// obeys (the company's accounts and records, type and numbering, closed periods, the revenue cap,
// depreciation, tags and new tags, the receipt) and the write in one transaction. The entries routes
// call it; so can invoices and the bank import, on their own or inside their own transaction, which the
// write then joins through a savepoint (a receipt file is kept or removed with that transaction's fate).
// Synchronous on purpose: no other request can slip in between the checks and the write.
import {
  canBeBillable,
  dottedDate,
  entryType,
  exceedsRevenueCap,
  isDepreciation,
  isLocked,
} from '../domain/entries.js';
import { formatEntryNumber, needsRenumbering } from '../domain/numbering.js';
import { normaliseTagName } from '../domain/tags.js';
import { MAX_MONEY, MAX_MONEY_TEXT } from '../../domain/money.js';
import { badRequest, notFound, paymentRequired } from '../http-error.js';
import { failures, type Failures } from '../validation.js';
import { exists, transaction, type Db } from '../store/db.js';
import {
  accountsOf,
  addEntryTags,
  deleteEntryRow,
  deleteGroupIfEmpty,
  entryNumberTaken,
  entryTagIds,
  findEntryRow,
  insertEntry,
  maxRunningNumber,
  replaceEntryTags,
  tagIdsOfCompany,
  touchEntry,
  updateEntry,
  valuesOf,
  yearIncome,
  type EntryValues,
} from '../store/entries.js';
import { invoiceBookedBy } from '../store/documents.js';
import { deleteFile, insertFile } from '../store/files.js';
import { insertTag, tagIdByName } from '../store/tags.js';
import type { UploadedFile } from '../upload.js';

/** The company a booking is written in, and who writes it. */
export interface BookingScope {
  db: Db;
  /** where receipt files are kept */
  dataDir: string;
  companyId: number;
  /** recorded on a new booking and on new tags */
  userId: number;
  /** the end of the company's closed period: bookings dated on or before it cannot be written */
  closedUntil: string | null;
  /** the subscription's yearly income limit in Rappen; null: none */
  revenueCap: number | null;
}

/**
 * The fields a create or update sets, named as the API names them (money in Rappen). On update an
 * absent (undefined) field keeps the booking's value; a null clears it where the API allows that.
 */
export interface BookingChanges {
  date?: string;
  debit_account_id?: number;
  credit_account_id?: number;
  description?: string | null;
  sum?: number | null;
  /** a given number must be free; without one the next running number of type and year is taken */
  number?: string | null;
  tax_rate_id?: number | null;
  customer_id?: number | null;
  project_id?: number | null;
  billable?: boolean | null;
  entry_group_id?: number | null;
  /** replaces the booking's tags */
  tag_ids?: number[] | null;
  /** tags added by name (the company's tag of that name, else a new one) */
  newTags?: { name: string; color: string }[] | null;
  /** a new receipt; the old one is deleted */
  file?: UploadedFile;
  /** a receipt the company has stored already (an import entry's), which the new booking takes over */
  stored_file_id?: number;
  /** set by the bank import on the bookings it makes; the API never sets it */
  is_imported?: boolean;
  remove_file?: boolean | null;
}

const CLOSED_PERIOD = (closedUntil: string) =>
  `Die Buchungsperiode bis ${dottedDate(closedUntil)} ist abgeschlossen. Buchungen in diesem Zeitraum können nicht ` +
  `erstellt, bearbeitet oder gelöscht werden.`;
const REVENUE_CAP =
  'Mit dieser Buchung wird die Umsatzgrenze Ihres Abonnements für dieses Jahr überschritten. Bitte wechseln Sie auf ' +
  'einen höheren Plan.';
const DEPRECIATION_LOCKED = 'Bei Abschreibungsbuchungen kann nur der Beleg geändert werden.';
const BILLABLE_ONLY = 'Only expenses with a customer can be billable.';
const SAME_ACCOUNT = 'The credit account id field and debit account id must be different.';
const NUMBER_TAKEN = 'The number has already been taken.';
const INVALID = 'The selected :attribute is invalid.';

/**
 * Creates a booking and answers its id. Refusals: a 422 for the fields (joining the failures the
 * caller collected so far, such as the shape rules of a request body), then 400 for a closed period
 * and 402 for the revenue cap.
 */
export function createBooking(scope: BookingScope, changes: BookingChanges, checked: Failures = failures()): number {
  const resolved = resolve(scope, changes, undefined, checked);
  checkBusinessRules(scope, resolved.values, undefined);
  return write(scope, resolved, undefined);
}

/** Changes the booking `id` (404 when the company has none); refusals as createBooking, and 400 for a depreciation. */
export function updateBooking(
  scope: BookingScope,
  id: number,
  changes: BookingChanges,
  checked: Failures = failures(),
): void {
  const current = currentBooking(scope, id);
  const resolved = resolve(scope, changes, current, checked);
  checkDepreciation(current, resolved, entryTagIds(scope.db, id));
  checkBusinessRules(scope, resolved.values, current);
  write(scope, resolved, current);
}

/**
 * DELETE /entries/{id}: the booking, unless it is an invoice's own (its receivable or payment), which
 * goes with the invoice's state: deleting it here would leave the invoice paid or sent without it (400).
 */
export function deleteEntryBooking(scope: BookingScope, id: number): void {
  const invoice = invoiceBookedBy(scope.db, scope.companyId, id);
  if (invoice) {
    const undo = invoice.entry_id === id ? 'unpaid' : 'open';
    throw badRequest(
      `Die Buchung gehört zur Rechnung ${invoice.number}. Setzen Sie die Rechnung auf «${undo}» (acct invoices ` +
        `mark-as ${invoice.number} ${undo}), dann wird sie entfernt.`,
    );
  }
  deleteBooking(scope, id);
}

/** Deletes the booking `id` with its receipt, and its group when that is left empty (404, 400 for a closed period). */
export function deleteBooking(scope: BookingScope, id: number): void {
  const { db, companyId } = scope;
  const current = currentBooking(scope, id);
  transaction(db, () => {
    deleteEntryRow(db, companyId, id);
    if (current.file_id !== null) deleteFile(scope.db, scope.dataDir, scope.companyId, current.file_id);
    deleteGroupIfEmpty(db, companyId, current.entry_group_id);
  });
}

type Current = EntryValues & { id: number };

/** The stored booking, unless it lies in the closed period. */
function currentBooking(scope: BookingScope, id: number): Current {
  const row = findEntryRow(scope.db, scope.companyId, id);
  if (!row) throw notFound('Entry not found.');
  if (isLocked(row.date, scope.closedUntil)) throw badRequest(CLOSED_PERIOD(scope.closedUntil!));
  return { ...valuesOf(row), id };
}

// ---- resolving a create or update ---------------------------------------------------------------

interface Resolved {
  values: EntryValues;
  tagIds?: number[];
  newTags: { name: string; color: string }[];
  file?: UploadedFile;
  removeFile: boolean;
  /** the number is to be generated inside the transaction */
  generateNumber: boolean;
}

const EMPTY: EntryValues = {
  number: null,
  type: 'swap',
  date: '',
  description: null,
  sum: 0,
  debit_account_id: 0,
  credit_account_id: 0,
  tax_rate_id: null,
  customer_id: null,
  project_id: null,
  billable: false,
  is_depreciation: false,
  is_imported: false,
  entry_group_id: null,
  file_id: null,
};

const yearOf = (date: string) => Number(date.slice(0, 4));

/**
 * Applies the changes to the current values (EMPTY on create) under the rules that need the database
 * (the company's accounts, tax rate, customer, project, group and tags; different accounts; a free
 * number; billable), reported like Laravel in one 422 with the failures already collected.
 */
function resolve(
  scope: BookingScope,
  changes: BookingChanges,
  current: Current | undefined,
  checked: Failures,
): Resolved {
  const { db, companyId } = scope;
  const base = current ?? EMPTY;
  const next: EntryValues = { ...base };

  if (changes.date !== undefined) next.date = changes.date;
  if (changes.description !== undefined) next.description = changes.description ?? null;
  if (changes.sum !== undefined) next.sum = changes.sum ?? 0;
  // the routes bound what they take; this holds for bookings the invoices and the bank import make too
  if (Math.abs(next.sum) > MAX_MONEY) checked.fail('sum', `The sum field must not be greater than ${MAX_MONEY_TEXT}.`);
  if (changes.is_imported !== undefined) next.is_imported = changes.is_imported;
  if (changes.stored_file_id !== undefined) next.file_id = changes.stored_file_id;

  // accounts
  const accountIds = [changes.debit_account_id, changes.credit_account_id].filter(
    (v): v is number => typeof v === 'number',
  );
  const accounts = accountsOf(
    db,
    companyId,
    [...accountIds, base.debit_account_id, base.credit_account_id].filter((v) => v > 0),
  );
  for (const key of ['debit_account_id', 'credit_account_id'] as const) {
    const id = changes[key];
    if (typeof id !== 'number') continue;
    if (!accounts.has(id)) checked.fail(key, INVALID);
    else next[key] = id;
  }
  const accountsValid =
    !checked.failed('debit_account_id') &&
    !checked.failed('credit_account_id') &&
    next.debit_account_id > 0 &&
    next.credit_account_id > 0;
  if (accountsValid && next.debit_account_id === next.credit_account_id)
    checked.fail('credit_account_id', SAME_ACCOUNT);
  const accountsChanged =
    next.debit_account_id !== base.debit_account_id || next.credit_account_id !== base.credit_account_id;
  if (accountsValid) {
    const debitType = accounts.get(next.debit_account_id)!.type;
    const creditType = accounts.get(next.credit_account_id)!.type;
    next.type = entryType(debitType, creditType);
    if (!current || accountsChanged) next.is_depreciation = isDepreciation(debitType, creditType);
  }

  // records of the company
  const refs = [
    ['tax_rate_id', 'tax_rates'],
    ['customer_id', 'customers'],
    ['project_id', 'projects'],
    ['entry_group_id', 'entry_groups'],
  ] as const;
  for (const [key, table] of refs) {
    if (changes[key] === undefined) continue;
    const id = changes[key] ?? null;
    if (id !== null && !exists(db, table, companyId, id)) checked.fail(key, INVALID);
    else next[key] = id;
  }
  let tagIds: number[] | undefined;
  if (changes.tag_ids !== undefined) {
    tagIds = changes.tag_ids ?? [];
    const own = tagIdsOfCompany(db, companyId, tagIds);
    tagIds.forEach((id, i) => {
      if (!own.has(id)) checked.fail(`tag_ids.${i}`, INVALID);
    });
  }

  // number: a given one must be free for the company and the booking's type
  let generateNumber = false;
  if (typeof changes.number === 'string') next.number = changes.number;
  else if (!current || next.number === null) generateNumber = true;
  else if (
    needsRenumbering(
      base.number,
      { type: base.type, year: yearOf(base.date) },
      { type: next.type, year: yearOf(next.date) },
    )
  )
    generateNumber = true;
  if (
    !generateNumber &&
    next.number !== null &&
    accountsValid &&
    !checked.failed('number') &&
    !checked.failed('date') &&
    (next.number !== base.number || next.type !== base.type) &&
    entryNumberTaken(db, companyId, next.type, next.number, current?.id)
  ) {
    checked.fail('number', NUMBER_TAKEN);
  }

  // billable: only expenses with a customer; a stored flag that no longer applies is dropped
  if (changes.billable !== undefined) next.billable = changes.billable ?? false;
  if (accountsValid && !checked.failed('customer_id') && !canBeBillable(next.type, next.customer_id)) {
    if (changes.billable === true) checked.fail('billable', BILLABLE_ONLY);
    next.billable = false;
  }

  checked.throwIfAny();

  const newTags = new Map<string, string>();
  for (const t of changes.newTags ?? []) {
    const name = normaliseTagName(t.name);
    if (name !== '' && !newTags.has(name)) newTags.set(name, t.color);
  }
  return {
    values: next,
    tagIds: tagIds && [...new Set(tagIds)],
    newTags: [...newTags].map(([name, color]) => ({ name, color })),
    file: changes.file,
    removeFile: changes.remove_file === true,
    generateNumber,
  };
}

/** Closed period and revenue cap: the refusals after validation (400, 402). */
function checkBusinessRules(scope: BookingScope, next: EntryValues, current: Current | undefined): void {
  if (isLocked(next.date, scope.closedUntil)) throw badRequest(CLOSED_PERIOD(scope.closedUntil!));
  if (next.type !== 'income' || scope.revenueCap === null) return;
  const year = yearOf(next.date);
  const previous = current && current.type === 'income' && yearOf(current.date) === year ? current.sum : 0;
  if (exceedsRevenueCap(scope.revenueCap, yearIncome(scope.db, scope.companyId, year, current?.id), next.sum, previous))
    throw paymentRequired(REVENUE_CAP);
}

/** A depreciation booking accepts only a change of its receipt. */
function checkDepreciation(current: Current, resolved: Resolved, currentTagIds: number[]): void {
  if (!current.is_depreciation) return;
  const values = resolved.values;
  const changed = (Object.keys(values) as (keyof EntryValues)[]).some(
    (k) => k !== 'file_id' && values[k] !== current[k],
  );
  const tagsChanged =
    resolved.newTags.length > 0 ||
    (resolved.tagIds !== undefined && [...resolved.tagIds].sort((a, b) => a - b).join(',') !== currentTagIds.join(','));
  if (changed || tagsChanged) throw badRequest(DEPRECIATION_LOCKED);
}

// ---- writing ------------------------------------------------------------------------------------

/** Writes in one transaction; a receipt written for it is removed again when the transaction's changes are undone. */
function write(scope: BookingScope, resolved: Resolved, current: Current | undefined): number {
  const { db, dataDir, companyId, userId } = scope;
  return transaction(db, () => {
    const values = { ...resolved.values };
    if (resolved.generateNumber)
      values.number = formatEntryNumber(
        values.type,
        yearOf(values.date),
        maxRunningNumber(db, companyId, values.type, yearOf(values.date)) + 1,
      );
    const oldFileId = current?.file_id ?? null;
    if (resolved.file) {
      const { name, mime, bytes } = resolved.file;
      values.file_id = insertFile(db, dataDir, companyId, name, mime, bytes).id;
    } else if (resolved.removeFile) {
      values.file_id = null;
    }
    const created = ensureTags(db, companyId, userId, resolved.newTags);
    let entryId: number;
    if (current) {
      entryId = current.id;
      const changed = (Object.keys(values) as (keyof EntryValues)[]).some((k) => values[k] !== current[k]);
      const tagsBefore = entryTagIds(db, entryId);
      if (resolved.tagIds) replaceEntryTags(db, entryId, resolved.tagIds);
      addEntryTags(db, entryId, created);
      const tagsChanged = entryTagIds(db, entryId).join(',') !== tagsBefore.join(',');
      // like Eloquent: nothing changed, nothing saved (updated_at stays)
      if (changed) updateEntry(db, companyId, entryId, values);
      else if (tagsChanged) touchEntry(db, companyId, entryId);
      if (current.entry_group_id !== values.entry_group_id) deleteGroupIfEmpty(db, companyId, current.entry_group_id);
    } else {
      entryId = insertEntry(db, companyId, userId, values);
      addEntryTags(db, entryId, [...(resolved.tagIds ?? []), ...created]);
    }
    if (oldFileId !== null && oldFileId !== values.file_id)
      deleteFile(scope.db, scope.dataDir, scope.companyId, oldFileId);
    return entryId;
  });
}

/** Creates the new tags (or takes the company's tag of that name) and answers their ids. */
function ensureTags(db: Db, companyId: number, userId: number, tags: { name: string; color: string }[]): number[] {
  return tags.map(
    ({ name, color }) => tagIdByName(db, companyId, name) ?? insertTag(db, companyId, userId, name, color),
  );
}
