// The bank import as business operations (service-decisions.md "Bank import (CAMT)" and "Bank import:
// the rest"; docs/service/import-entries.md): an upload turns parsed statements into import entries
// (bank account, duplicates, invoice and bill matches, learned rules); processing books the ready ones
// through the booking action, each in its own transaction, and pays matched invoices and bills as their
// mark-as paid does.
// Synchronous, like the booking action: an upload reads what it compares with once, then writes.
import { bankTransactionText } from '../../domain/bank-transaction-codes.js';
import type { CamtStatement, CamtTransaction } from '../../domain/camt.js';
import {
  chooseBankAccount,
  groupedIban,
  type BankAccountChoice,
  type BankAccountOption,
} from '../../domain/bank-account-choice.js';
import { normaliseReference } from '../../domain/qr-reference.js';
import { HttpError, badRequest, fieldError, notFound } from '../http-error.js';
import type { CompanyScope } from '../context.js';
import type { Failures } from '../validation.js';
import { exists, transaction, type Row } from '../store/db.js';
import { listAccountRows, updateAccount } from '../store/accounts.js';
import { findDocumentRow } from '../store/documents.js';
import { accountsOf, entryRowsAfter, lastEntryId, tagIdsOfCompany, type EntryRow } from '../store/entries.js';
import { deleteFile, insertFile, type StoredFile } from '../store/files.js';
import {
  importedKeysOf,
  insertImportEntries,
  learnedRuleRows,
  markImportEntriesDeleted,
  openImportEntryIds,
  readyImportEntryIds,
  readyImportEntryRow,
  resetImportEntry,
  storedTags,
  unpaidInvoiceRows,
  updateImportEntry,
  type ImportEntryChanges,
  type ImportEntryRow,
  type NewImportEntry,
  type StoredTag,
} from '../store/import-entries.js';
import { billMatcher, payBill } from './bill-payments.js';
import { createBooking, type BookingChanges } from './bookings.js';
import { recordStatement, type UploadedStatement } from './bank-reconcile.js';
import type { UploadedFile } from '../upload.js';
import { rememberedAccounts, type AccountByNumber } from './account-lookups.js';
import { accrual, invoiceBooker, markAs, paymentBooking } from './document-states.js';

/** A transaction an upload skipped because an earlier upload to the same bank account had it. */
export interface SkippedDuplicate {
  date: string;
  type: 'income' | 'expense';
  /** Rappen, unsigned */
  sum: number;
  counterparty_name: string | null;
  reference: string | null;
  bank_reference: string | null;
  /** the import entry it duplicates */
  duplicate_of: number;
}

export interface UploadReport {
  /** new import entries */
  created: number;
  /** transactions skipped, each with the entry it duplicates */
  duplicates: SkippedDuplicate[];
  /** new entries linked to an unpaid invoice by their reference, or to an open or scheduled bill they pay */
  matched: number;
  /** new entries made ready by a rule learned from processed ones */
  ready: number;
  /** transactions of entries the bank has not booked yet (PDNG and the like): not imported */
  skipped_pending: number;
  /** transactions of information-only entries (INFO): not imported */
  skipped_info: number;
  /** bank accounts without IBAN that got their statement's */
  assigned_ibans: { bank_account_id: number; number: number; name: string; iban: string }[];
  /** the statements with a closing balance (camt.053): their balances, whether they add up, the books at their date */
  statements: UploadedStatement[];
}

const DESCRIPTION_MAX = 255;

/**
 * Imports the statements' booked transactions. Every statement's bank account is settled before
 * anything is written (a ZIP with one statement that fits no account imports nothing); then all new
 * entries are written in one transaction.
 */
export function importStatements(
  s: CompanyScope,
  statements: readonly CamtStatement[],
  bankAccountId?: number,
): UploadReport {
  // one write transaction from the first read: another process uploading the same file waits, then sees these as
  // duplicates
  return transaction(s.db, () => importInTransaction(s, statements, bankAccountId));
}

function importInTransaction(
  s: CompanyScope,
  statements: readonly CamtStatement[],
  bankAccountId: number | undefined,
): UploadReport {
  const targets = targetsOf(listAccountRows(s.db, s.companyId, ['bank']), statements, bankAccountId);
  const matcher = invoiceMatcher(s);
  const billLink = billMatcher(s);
  const rules = learnedRules(s);
  const report: UploadReport = {
    created: 0,
    duplicates: [],
    matched: 0,
    ready: 0,
    skipped_pending: 0,
    skipped_info: 0,
    assigned_ibans: [],
    statements: [],
  };
  const seen = new Map<number, Map<string, number>>();
  const fresh: NewImportEntry[] = [];
  for (const { statement, account } of targets) {
    report.skipped_pending += statement.notBooked.pending;
    report.skipped_info += statement.notBooked.info;
    const bankId = Number(account.id);
    let earlier = seen.get(bankId);
    if (!earlier) {
      earlier = earlierEntries(s, bankId);
      seen.set(bankId, earlier);
    }
    for (const tx of statement.transactions) {
      const entry = newEntry(bankId, tx);
      // transactions of one upload are never merged: the map holds earlier uploads only
      const original = earlier.get(duplicateKey(entry));
      if (original !== undefined) {
        report.duplicates.push(skipped(entry, original));
        continue;
      }
      const match = matcher(entry, tx) || billLink(entry, tx);
      if (match) report.matched += 1;
      else if (applyRule(rules, entry)) report.ready += 1;
      fresh.push(entry);
    }
  }
  for (const { account, assignIban } of targets) {
    if (assignIban === null) continue;
    updateAccount(s.db, s.companyId, Number(account.id), { iban: assignIban });
    report.assigned_ibans.push({
      bank_account_id: Number(account.id),
      number: Number(account.number),
      name: String(account.name),
      iban: assignIban,
    });
  }
  insertImportEntries(s.db, s.companyId, s.userId, fresh);
  report.created = fresh.length;
  for (const { statement, account } of targets) {
    const balances = recordStatement(s, statement, account);
    if (balances) report.statements.push(balances);
  }
  return report;
}

/**
 * The bank account's import entries (any status) by their duplicate key; the first one of a key is what a duplicate
 * names.
 */
function earlierEntries(s: CompanyScope, bankAccountId: number): Map<string, number> {
  const byKey = new Map<string, number>();
  for (const row of importedKeysOf(s.db, s.companyId, bankAccountId)) {
    const key = duplicateKey(row);
    if (!byKey.has(key)) byKey.set(key, row.id);
  }
  return byKey;
}

function skipped(e: NewImportEntry, original: number): SkippedDuplicate {
  return {
    date: e.date,
    type: e.type,
    sum: e.sum,
    counterparty_name: e.counterparty_name,
    reference: e.reference,
    bank_reference: e.bank_reference,
    duplicate_of: original,
  };
}

/** A bank account as chooseBankAccount takes it, with its row. */
type AccountOption = BankAccountOption & { row: Row };

/** A statement with its bank account and, when that account has no IBAN yet, the IBAN it gets. */
interface Target {
  statement: CamtStatement;
  account: Row;
  assignIban: string | null;
}

/**
 * The bank account of every statement (chooseBankAccount), settled before anything is written: an IBAN
 * one statement gives an account counts for the statements after it (a ZIP of several months).
 */
function targetsOf(rows: Row[], statements: readonly CamtStatement[], askedFor: number | undefined): Target[] {
  const options: AccountOption[] = rows.map((row) => ({
    id: Number(row.id),
    number: Number(row.number),
    name: String(row.name),
    iban: row.iban ?? null,
    isPrimary: Number(row.is_primary_bank_account) === 1,
    row,
  }));
  return statements.map((statement) => {
    const choice = chooseBankAccount(options, statement.iban, askedFor);
    if (choice.kind === 'unknown') throw fieldError('bank_account_id', 'The selected bank account id is invalid.');
    if (choice.kind === 'none')
      throw fieldError('bank_account_id', 'Es ist kein Bankkonto vorhanden, dem die Datei zugeordnet werden kann.');
    if (choice.kind === 'ask') throw fieldError('bank_account_id', accountQuestion(choice, options, statement));
    if (choice.assignIban !== null) choice.account.iban = choice.assignIban;
    checkCurrency(choice.account.row, statement);
    return { statement, account: choice.account.row, assignIban: choice.assignIban };
  });
}

/** The 422 that asks for the bank account: what does not fit, and every bank account to choose from. */
function accountQuestion(
  choice: Extract<BankAccountChoice<AccountOption>, { kind: 'ask' }>,
  options: AccountOption[],
  statement: CamtStatement,
): string {
  const label = (a: AccountOption) => `${a.number} ${a.name}${a.iban ? ` (${groupedIban(a.iban)})` : ''}`;
  const file = statement.fileName ? `${statement.fileName}: ` : '';
  const iban = groupedIban(choice.iban);
  const why =
    choice.reason === 'iban-differs'
      ? `Das Bankkonto ${label(choice.asked!)} hat eine andere IBAN als der Auszug (${iban}).`
      : choice.reason === 'iban-elsewhere'
        ? `Der Auszug (${iban}) gehört zum Bankkonto ${label(choice.holder!)}, nicht zu ${choice.asked!.number} ` +
          `${choice.asked!.name}.`
        : `Kein Bankkonto hat die IBAN ${iban} des Auszugs.`;
  return `${file}${why} Bankkonto wählen (bank_account_id): ${options.map(label).join(', ')}.`;
}

/** A statement in another currency than its account's: 422. */
function checkCurrency(account: Row, statement: CamtStatement): void {
  const currency = statement.currency ?? statement.transactions[0]?.currency;
  if (currency && account.currency && currency !== account.currency) {
    throw fieldError(
      'bank_account_id',
      `Das Bankkonto ${account.number} führt ${account.currency}, die ` +
        `Datei${statement.iban ? ` (${statement.iban})` : ''} ist in ${currency}.`,
    );
  }
}

function newEntry(bankAccountId: number, tx: CamtTransaction): NewImportEntry {
  const parts = [tx.entryInfo, tx.counterpartyName ?? '', tx.remittance].filter((p) => p !== '');
  // a line with no words of its own still says what it is: the bank transaction code in words
  if (parts.length === 0 && tx.bankTransactionCode !== null) parts.push(bankTransactionText(tx.bankTransactionCode));
  if (tx.reversal && !/storno|reversal|rückbuchung/i.test(parts.join(' '))) parts.unshift('Storno');
  // the sum is the booked amount; what was paid in another currency is kept in the text
  if (tx.originalAmount) parts.push(`${tx.originalAmount.currency} ${tx.originalAmount.amount}`);
  const text = parts.join(' / ') || null;
  return {
    bank_account_id: bankAccountId,
    other_account_id: null,
    tax_rate_id: null,
    invoice_id: null,
    bill_id: null,
    date: tx.bookingDate,
    type: tx.direction === 'credit' ? 'income' : 'expense',
    sum: tx.amountRappen,
    description: text === null ? null : text.slice(0, DESCRIPTION_MAX),
    og_description: text,
    reference: tx.reference ? normaliseReference(tx.reference.value) : null,
    bank_reference: tx.bankReference,
    counterparty_name: tx.counterpartyName,
    counterparty_iban: tx.counterpartyIban,
    rule_source_id: null,
    rule_match: null,
  };
}

/**
 * Same transaction: the same bank reference with the same booking date, sum and type (banks reuse
 * references and send placeholders, so the reference alone would drop real payments); without one,
 * the same date, sum, type, structured reference and counterparty.
 */
function duplicateKey(e: {
  bank_reference: string | null;
  date: string;
  sum: number | bigint;
  type: string;
  reference: string | null;
  counterparty_name: string | null;
}): string {
  if (e.bank_reference !== null) return ['R', e.bank_reference, e.date, Number(e.sum), e.type].join('\u0000');
  return ['K', e.date, Number(e.sum), e.type, e.reference ?? '', (e.counterparty_name ?? '').toLowerCase()].join(
    '\u0000',
  );
}

/**
 * Links an incoming payment to the unpaid invoice whose QR reference (QRR, or an old ISR number of the
 * same form) or creditor reference (SCOR) it carries, with the counter account and VAT rate its payment
 * will be booked with.
 */
function invoiceMatcher(s: CompanyScope): (entry: NewImportEntry, tx: CamtTransaction) => boolean {
  const byQr = new Map<string, Row>();
  const byScor = new Map<string, Row>();
  // the counter accounts by number (1100, 3400) are looked up once for the whole upload
  const byNumber = rememberedAccounts(s);
  for (const invoice of unpaidInvoiceRows(s.db, s.companyId)) {
    if (invoice.qr_reference) byQr.set(normaliseReference(invoice.qr_reference), invoice);
    if (invoice.reference) byScor.set(normaliseReference(invoice.reference), invoice);
  }
  return (entry, tx) => {
    if (entry.type !== 'income' || !tx.reference || entry.reference === null) return false;
    const invoice = tx.reference.type === 'SCOR' ? byScor.get(entry.reference) : byQr.get(entry.reference);
    if (!invoice) return false;
    entry.invoice_id = Number(invoice.id);
    try {
      const booking = expectedPayment(s, invoice, byNumber);
      entry.other_account_id = booking.credit_account_id;
      entry.tax_rate_id = booking.tax_rate_id;
      entry.description = booking.description.slice(0, DESCRIPTION_MAX);
    } catch (err) {
      // the chart lacks 1100 or the income account: linked, but left for the bookkeeper to complete
      if (!(err instanceof HttpError)) throw err;
    }
    return true;
  };
}

/**
 * How processing will book a payment of the invoice (payInvoice): an open invoice is marked sent first,
 * so under the accrual method its receivable is booked by then and the payment credits 1100.
 */
function expectedPayment(s: CompanyScope, invoice: Row, byNumber?: AccountByNumber): ReturnType<typeof paymentBooking> {
  const receivableBooked =
    accrual(s) &&
    (invoice.receivable_entry_id !== null || (invoice.status === 'open' && Number(invoice.final_value) !== 0));
  return paymentBooking(s, invoice, undefined, receivableBooked, byNumber);
}

interface LearnedRule {
  other_account_id: number;
  tax_rate_id: number | null;
  description: string | null;
  source_id: number;
}

type LearnedRules = { byIban: Map<string, LearnedRule>; byName: Map<string, LearnedRule> };

/**
 * The rules learned from processed entries: by counterparty IBAN, else by name (case-insensitive); a
 * later entry wins. Each direction learns from its own: a refund from a supplier is no expense, a
 * payment to a customer no income.
 */
function learnedRules(s: CompanyScope): LearnedRules {
  const byIban = new Map<string, LearnedRule>();
  const byName = new Map<string, LearnedRule>();
  for (const r of learnedRuleRows(s.db, s.companyId)) {
    // the query takes only entries with a counter account
    const rule: LearnedRule = {
      other_account_id: r.other_account_id!,
      tax_rate_id: r.tax_rate_id,
      description: r.description,
      source_id: r.id,
    };
    if (r.counterparty_iban) byIban.set(ruleKey(r.type, r.counterparty_iban.toUpperCase()), rule);
    if (r.counterparty_name) byName.set(ruleKey(r.type, r.counterparty_name.toLowerCase()), rule);
  }
  return { byIban, byName };
}

const ruleKey = (type: string, counterparty: string) => `${type}\u0000${counterparty}`;

/** Fills the entry from the rule of its direction and counterparty (IBAN first), noting which rule it was. */
function applyRule(rules: LearnedRules, entry: NewImportEntry): boolean {
  const byIban = entry.counterparty_iban
    ? rules.byIban.get(ruleKey(entry.type, entry.counterparty_iban.toUpperCase()))
    : undefined;
  const byName = entry.counterparty_name
    ? rules.byName.get(ruleKey(entry.type, entry.counterparty_name.toLowerCase()))
    : undefined;
  const rule = byIban ?? byName;
  if (!rule || rule.other_account_id === entry.bank_account_id) return false;
  entry.other_account_id = rule.other_account_id;
  entry.tax_rate_id = rule.tax_rate_id;
  if (rule.description !== null) entry.description = rule.description;
  entry.rule_source_id = rule.source_id;
  entry.rule_match = byIban ? 'iban' : 'name';
  return true;
}

// ---- processing ---------------------------------------------------------------------------------

export interface ProcessResult {
  created: number;
  ignored: number;
  errors: { id: number; message: string }[];
}

const NOTHING_READY = 'Es sind keine Einträge zum Verbuchen bereit.';

/**
 * Books every ready open entry, each in its own transaction; ignored ones leave the queue as deleted.
 * What the bookkeeping refuses (a 4xx of the booking rules) stays open with its reason.
 */
export function processImportEntries(s: CompanyScope): ProcessResult {
  return processReady(s);
}

/** The bookings processing made of one import entry (a payment of an open invoice: its receivable too). */
export interface BookedImportEntry {
  importEntryId: number;
  entries: EntryRow[];
}

/** Thrown to roll the dry run back, carrying what was read before the rollback. */
class DryRunDone<T> {
  constructor(readonly value: T) {}
}

/**
 * The dry run of processing: the very same processing inside one transaction that is rolled back, so
 * it makes exactly the bookings a real run would (the receivable of an open invoice it marks sent
 * too), and the same refusals. `view` reads them before the rollback (new tags exist only until then).
 */
export function dryRunImportEntries<T>(
  s: CompanyScope,
  view: (result: ProcessResult, booked: BookedImportEntry[]) => T,
): T {
  try {
    transaction(s.db, () => {
      const booked: BookedImportEntry[] = [];
      const result = processReady(s, (importEntryId, entries) => booked.push({ importEntryId, entries }));
      throw new DryRunDone(view(result, booked));
    });
  } catch (err) {
    if (err instanceof DryRunDone) return err.value as T;
    throw err;
  }
  throw new Error('unreachable: the dry run always rolls back');
}

function processReady(s: CompanyScope, onBooked?: (importEntryId: number, entries: EntryRow[]) => void): ProcessResult {
  const ids = readyImportEntryIds(s.db, s.companyId);
  if (ids.length === 0) throw badRequest(NOTHING_READY);
  const result: ProcessResult = { created: 0, ignored: 0, errors: [] };
  for (const id of ids) {
    try {
      const outcome = transaction(s.db, () => {
        // read again inside the write lock: another process may have booked or changed it meanwhile
        const row = readyImportEntryRow(s.db, s.companyId, id);
        if (!row) return 'gone';
        if (row.ignore === 1) {
          markImportEntriesDeleted(s.db, s.companyId, [id]);
          return 'ignored';
        }
        const before = onBooked ? lastEntryId(s.db) : 0;
        const entryId =
          row.invoice_id !== null
            ? payInvoice(s, row)
            : row.bill_id !== null
              ? payBill(s, row, importExtras(row))
              : bookEntry(s, row);
        updateImportEntry(s.db, s.companyId, id, {
          status: 'processed',
          entry_id: entryId,
          file_id: null,
          error: null,
        });
        onBooked?.(id, entryRowsAfter(s.db, s.companyId, before));
        return 'created';
      });
      if (outcome !== 'gone') result[outcome] += 1;
    } catch (err) {
      if (!(err instanceof HttpError) || err.status >= 500) throw err;
      transaction(s.db, () => updateImportEntry(s.db, s.companyId, id, { error: err.message }));
      result.errors.push({ id, message: err.message });
    }
  }
  return result;
}

/** What every booking of the import carries besides its accounts: text, tags, the receipt, is_imported. */
function importExtras(row: ImportEntryRow): BookingChanges {
  const extras: BookingChanges = { is_imported: true, ...bookingTags(row.tags) };
  const description = row.description ?? row.og_description;
  if (description !== null) extras.description = description.slice(0, DESCRIPTION_MAX);
  if (row.file_id !== null) extras.stored_file_id = row.file_id;
  return extras;
}

/** A plain entry: income debits the bank and credits the counter account, expense the other way round. */
function bookEntry(s: CompanyScope, row: ImportEntryRow): number {
  const bank = row.bank_account_id;
  // a ready entry that is not ignored has its counter account (readyImportEntryRow)
  const other = row.other_account_id!;
  return createBooking(s, {
    date: row.date,
    sum: row.sum,
    debit_account_id: row.type === 'income' ? bank : other,
    credit_account_id: row.type === 'income' ? other : bank,
    tax_rate_id: row.tax_rate_id,
    ...importExtras(row),
  });
}

/**
 * An entry linked to an invoice pays it as mark-as paid does (its booking follows the invoice: 1100 once
 * the receivable is booked, else the income account). An invoice still open is marked sent first: the
 * customer has evidently received it.
 */
function payInvoice(s: CompanyScope, row: ImportEntryRow): number {
  const invoice = findDocumentRow(s.db, 'invoice', s.companyId, row.invoice_id!);
  if (!invoice) throw badRequest('Die verknüpfte Rechnung existiert nicht mehr.');
  if (invoice.status === 'open') markAs(s, 'invoice', Number(invoice.id), 'sent', {}, invoiceBooker(s));
  // the move to paid makes one booking, the payment: its id is the entry's
  const booker = invoiceBooker(s, importExtras(row));
  let paymentId: number | undefined;
  markAs(
    s,
    'invoice',
    Number(invoice.id),
    'paid',
    { createEntry: true, paidDate: row.date, bankAccountId: row.bank_account_id, sum: row.sum },
    { ...booker, create: (values) => (paymentId = booker.create(values)) },
  );
  return paymentId!;
}

/** The tags kept on an entry, as the booking action takes them: ids, and new tags by name. */
function bookingTags(json: string): Pick<BookingChanges, 'tag_ids' | 'newTags'> {
  const tags = storedTags(json);
  return {
    tag_ids: tags.flatMap((t) => ('id' in t ? [t.id] : [])),
    newTags: tags.flatMap((t) => ('new' in t ? [{ name: t.name, color: t.color }] : [])),
  };
}

// ---- changing entries ---------------------------------------------------------------------------

/** A tag as PUT gives it: one of the company's, or a new one made at processing. */
export type TagInput = StoredTag;

/** The fields of PUT (and PUT multiple), as the route has read them; undefined: not given. */
export interface ImportEntryInput {
  other_account_id?: number | null;
  bank_account_id?: number;
  expense_account_id?: number | null;
  income_account_id?: number | null;
  tax_rate_id?: number | null;
  vat_income?: number | null;
  vat_expense?: number | null;
  description?: string | null;
  tags?: TagInput[] | null;
  invoice_id?: number | null;
  ignore?: boolean;
}

const NOT_OPEN = (row: ImportEntryRow) =>
  row.status === 'processed'
    ? `Der Eintrag ${row.id} ist bereits verbucht und kann nicht mehr geändert werden.`
    : `Der Eintrag ${row.id} ist gelöscht und kann nicht mehr geändert werden.`;
const INVALID = 'The selected :attribute is invalid.';

/**
 * Applies the same changes to each entry (one for PUT, several for PUT multiple): every rule is checked
 * for every entry first, and the 422 names the fields (`checked` already holds the shape failures); then
 * all entries change in one transaction. A processed or deleted entry is a 400.
 */
export function changeImportEntries(
  s: CompanyScope,
  rows: readonly ImportEntryRow[],
  input: ImportEntryInput,
  checked: Failures,
): void {
  for (const row of rows) if (row.status !== 'open') throw badRequest(NOT_OPEN(row));
  const { db, companyId } = s;
  const accountIds = [
    input.other_account_id,
    input.bank_account_id,
    input.expense_account_id,
    input.income_account_id,
  ].filter((v): v is number => typeof v === 'number');
  const accounts = accountsOf(db, companyId, accountIds);
  const types = new Set(rows.map((r) => r.type));
  const onlyFor = (field: keyof ImportEntryInput, type: 'income' | 'expense') => {
    if (input[field] === undefined) return false;
    if (types.size !== 1 || !types.has(type)) {
      checked.fail(
        field,
        `The :attribute field is only allowed for ${type === 'income' ? 'incoming' : 'outgoing'} payments.`,
      );
      return false;
    }
    return true;
  };

  if (typeof input.bank_account_id === 'number' && accounts.get(input.bank_account_id)?.type !== 'bank')
    checked.fail('bank_account_id', INVALID);
  let other = input.other_account_id;
  if (typeof other === 'number') {
    if (!accounts.has(other)) checked.fail('other_account_id', INVALID);
    else if (rows.some((r) => (input.bank_account_id ?? r.bank_account_id) === other)) {
      checked.fail('other_account_id', 'The other account id and bank account id must be different.');
    }
  }
  for (const [field, type] of [
    ['expense_account_id', 'expense'],
    ['income_account_id', 'income'],
  ] as const) {
    if (!onlyFor(field, type)) continue;
    const id = input[field];
    if (typeof id === 'number' && accounts.get(id)?.type !== type) checked.fail(field, INVALID);
    else other = id;
  }

  let taxRate = input.tax_rate_id;
  if (onlyFor('vat_income', 'income')) taxRate = input.vat_income;
  if (onlyFor('vat_expense', 'expense')) taxRate = input.vat_expense;
  for (const field of ['tax_rate_id', 'vat_income', 'vat_expense'] as const) {
    const id = input[field];
    if (typeof id === 'number' && !exists(db, 'tax_rates', companyId, id)) checked.fail(field, INVALID);
  }

  const tagIds = (input.tags ?? []).flatMap((t, i) => ('id' in t ? [[t.id, i] as const] : []));
  const ownTags = tagIdsOfCompany(
    db,
    companyId,
    tagIds.map(([id]) => id),
  );
  for (const [id, i] of tagIds) if (!ownTags.has(id)) checked.fail(`tags.${i}.id`, INVALID);

  let invoice: Row | undefined;
  if (typeof input.invoice_id === 'number' && onlyFor('invoice_id', 'income')) {
    invoice = findDocumentRow(db, 'invoice', companyId, input.invoice_id);
    if (!invoice) checked.fail('invoice_id', INVALID);
    else if (invoice.status === 'paid')
      checked.fail('invoice_id', `Die Rechnung ${invoice.number} ist bereits bezahlt.`);
  } else if (input.invoice_id !== undefined) {
    onlyFor('invoice_id', 'income');
  }
  checked.throwIfAny();

  // linking an invoice sets what matching sets, unless this request names the counter account itself
  const invoiceBooking = invoice && other === undefined ? expectedPayment(s, invoice) : undefined;

  transaction(db, () => {
    for (const row of rows) {
      const changes: ImportEntryChanges = { error: null };
      if (input.bank_account_id !== undefined) changes.bank_account_id = input.bank_account_id;
      if (other !== undefined) changes.other_account_id = other;
      if (taxRate !== undefined) changes.tax_rate_id = taxRate;
      if (input.description !== undefined) changes.description = input.description;
      if (input.tags !== undefined) changes.tags = JSON.stringify(input.tags ?? []);
      if (input.ignore !== undefined) changes.ignore = input.ignore;
      if (input.invoice_id !== undefined) changes.invoice_id = input.invoice_id;
      if (invoiceBooking) {
        changes.other_account_id = invoiceBooking.credit_account_id;
        if (taxRate === undefined) changes.tax_rate_id = invoiceBooking.tax_rate_id;
        if (input.description === undefined && row.description === row.og_description)
          changes.description = invoiceBooking.description;
      }
      // a counter account the bookkeeper chose is no longer the learned rule's
      if (changes.other_account_id !== undefined) Object.assign(changes, { rule_source_id: null, rule_match: null });
      updateImportEntry(db, companyId, row.id, changes);
    }
  });
}

/** Back to what the upload wrote (400 for a processed or deleted entry). */
export function resetImportEntryOf(s: CompanyScope, row: ImportEntryRow): void {
  if (row.status !== 'open') throw badRequest(NOT_OPEN(row));
  resetImportEntry(s.db, s.companyId, row.id);
}

const NOTHING_TO_DELETE = 'Es wurden keine offenen Einträge zum Löschen ausgewählt.';

/** Soft-deletes the company's open entries among `ids` (all open ones for 'all'); none of them open: 400. */
export function deleteImportEntries(s: CompanyScope, ids: readonly number[] | 'all'): number {
  const open = openImportEntryIds(s.db, s.companyId, ids);
  if (open.length === 0) throw badRequest(NOTHING_TO_DELETE);
  transaction(s.db, () => markImportEntriesDeleted(s.db, s.companyId, open));
  return open.length;
}

// ---- receipts -----------------------------------------------------------------------------------

/** Stores the receipt on the entry (replacing an earlier one, whose bytes go once this commits). */
export function attachReceipt(s: CompanyScope, row: ImportEntryRow, receipt: UploadedFile): StoredFile {
  if (row.status !== 'open') throw badRequest(NOT_OPEN(row));
  return transaction(s.db, () => {
    const file = insertFile(s.db, s.dataDir, s.companyId, receipt.name, receipt.mime, receipt.bytes);
    updateImportEntry(s.db, s.companyId, row.id, { file_id: file.id });
    if (row.file_id !== null) deleteFile(s.db, s.dataDir, s.companyId, row.file_id);
    return file;
  });
}

/** Removes the entry's receipt; none: 404. */
export function removeReceipt(s: CompanyScope, row: ImportEntryRow): void {
  const fileId = row.file_id;
  if (fileId === null) throw notFound(NO_RECEIPT);
  if (row.status !== 'open') throw badRequest(NOT_OPEN(row));
  transaction(s.db, () => {
    updateImportEntry(s.db, s.companyId, row.id, { file_id: null });
    deleteFile(s.db, s.dataDir, s.companyId, fileId);
  });
}

export const NO_RECEIPT = 'Kein Beleg vorhanden.';
