// An import entry as the API shows it (docs/service/import-entries.md "The ImportEntry"): the spec's
// fields, what the file said of the counterparty, and the accounts, tax rate, invoice, bill and receipt
// embedded, each read once per answer.
import type { BookedImportEntry, ProcessResult, UploadReport } from '../actions/bank-import.js';
import type { Reconciliation } from '../actions/bank-reconcile.js';
import { dottedDate } from '../domain/entries.js';
import { groupRappen, percentHundredthsToNumber, rappenToNumber } from '../domain/money.js';
import { rowsByIds, type Db } from '../store/db.js';
import { accountsOf } from '../store/entries.js';
import { filesByIds, type StoredFile } from '../store/files.js';
import {
  importEntryRowsByIds,
  linkedBillRows,
  ruleSourceRows,
  storedTags,
  type ImportEntryRow,
  type LinkedBillRow,
  type QueueEntryRow,
  type RuleSourceRow,
} from '../store/import-entries.js';
import { invoiceRef, serializeEntries, type Entry, type SerializeOptions } from './entries.js';
import { fileRecord } from './documents.js';

/** Shapes rows as ImportEntries, loading the embedded records in one query each. */
export function serializeImportEntries(
  db: Db,
  companyId: number,
  rows: QueueEntryRow[],
  fileUrl: (file: StoredFile) => string,
) {
  if (rows.length === 0) return [];
  type IdColumn =
    | 'bank_account_id'
    | 'other_account_id'
    | 'tax_rate_id'
    | 'invoice_id'
    | 'bill_id'
    | 'file_id'
    | 'rule_source_id';
  const ids = (col: IdColumn) => rows.flatMap((r) => (r[col] === null ? [] : [r[col]]));
  const accounts = accountsOf(db, companyId, [...ids('bank_account_id'), ...ids('other_account_id')]);
  const taxRates = rowsByIds(db, 'tax_rates', ids('tax_rate_id'));
  const invoices = rowsByIds(db, 'invoices', ids('invoice_id'));
  const bills = linkedBillRows(db, companyId, ids('bill_id'));
  const files = filesByIds(db, ids('file_id'));
  const ruleSources = ruleSourceRows(db, companyId, [...new Set(ids('rule_source_id'))]);
  const account = (id: number | null) => {
    const a = id === null ? undefined : accounts.get(id);
    return a ? { id: a.id, name: a.name, number: a.number } : null;
  };
  return rows.map((r) => {
    const sum = r.sum;
    const taxRate = r.tax_rate_id === null ? undefined : taxRates.get(r.tax_rate_id);
    const invoice = r.invoice_id === null ? undefined : invoices.get(r.invoice_id);
    const file = r.file_id === null ? undefined : files.get(r.file_id);
    return {
      id: r.id,
      company_id: r.company_id,
      user_id: r.user_id,
      bank_account_id: r.bank_account_id,
      other_account_id: r.other_account_id,
      tax_rate_id: r.tax_rate_id,
      entry_id: r.entry_id,
      invoice_id: r.invoice_id,
      bill_id: r.bill_id,
      file_id: r.file_id,
      date: r.date,
      type: r.type,
      sum: rappenToNumber(sum),
      description: r.description,
      og_description: r.og_description,
      reference: r.reference,
      ignore: r.ignore === 1,
      is_ready: r.is_ready === 1,
      similarExists: r.similar_exists === 1,
      date_formatted: dottedDate(r.date),
      sum_formatted: groupRappen(sum),
      status: r.status,
      counterparty_name: r.counterparty_name,
      counterparty_iban: r.counterparty_iban,
      bank_reference: r.bank_reference,
      tags: storedTags(r.tags),
      error: r.error,
      rule: ruleOf(r, ruleSources),
      bank_account: account(r.bank_account_id),
      other_account: account(r.other_account_id),
      tax_rate: taxRate
        ? { id: Number(taxRate.id), name: taxRate.name, rate: percentHundredthsToNumber(Number(taxRate.rate)) }
        : null,
      invoice: invoice ? invoiceRef(invoice) : null,
      bill: billRef(r.bill_id === null ? undefined : bills.get(r.bill_id)),
      file: file ? fileRecord(file, fileUrl(file)) : null,
      created_at: r.created_at,
      updated_at: r.updated_at,
    };
  });
}

export type ImportEntry = ReturnType<typeof serializeImportEntries>[number];

/** The bill an entry pays, as the ImportEntry and the dry run's bookings embed it; none: null. */
const billRef = (bill: LinkedBillRow | undefined) =>
  bill ? { id: bill.id, number: bill.number, supplier_name: bill.supplier_name, status: bill.status } : null;

/**
 * A booking of the dry run: the booking as GET …/entries shows it (tax rate and invoice embedded), its import entry,
 * that one's rule and the bill it pays.
 */
export type DryRunBooking = Entry & {
  import_entry_id: number;
  rule: ReturnType<typeof ruleOf>;
  bill: ReturnType<typeof billRef>;
};

/**
 * The answer of the process dry run: process's counts and refusals, and every booking it would make,
 * in the order it makes them. Read inside the dry run's transaction, before the rollback.
 */
export function presentDryRun(
  db: Db,
  companyId: number,
  result: ProcessResult,
  booked: BookedImportEntry[],
  opts: Omit<SerializeOptions, 'includes'>,
) {
  const importRows = new Map(
    importEntryRowsByIds(
      db,
      companyId,
      booked.map((b) => b.importEntryId),
    ).map((r) => [r.id, r]),
  );
  const ruleSources = ruleSourceRows(db, companyId, [
    ...new Set([...importRows.values()].flatMap((r) => (r.rule_source_id === null ? [] : [r.rule_source_id]))),
  ]);
  const bills = linkedBillRows(
    db,
    companyId,
    [...importRows.values()].flatMap((r) => (r.bill_id === null ? [] : [r.bill_id])),
  );
  const includes = new Set(['taxRate', 'invoice'] as const);
  const bookings: DryRunBooking[] = booked.flatMap(({ importEntryId, entries }) => {
    const source = importRows.get(importEntryId);
    const rule = source ? ruleOf(source, ruleSources) : null;
    const bill = billRef(source?.bill_id == null ? undefined : bills.get(source.bill_id));
    return serializeEntries(db, companyId, entries, { ...opts, includes }).map((e) => ({
      ...e,
      import_entry_id: importEntryId,
      rule,
      bill,
    }));
  });
  return { ...result, bookings };
}

/**
 * The learned rule that filled the entry (beyond the spec): the processed import entry it was learned
 * from, the booking that one became (id and number), and the counterparty's IBAN or name it matched on;
 * null when no rule filled it or the bookkeeper has since chosen the counter account.
 */
function ruleOf(r: ImportEntryRow, sources: Map<number, RuleSourceRow>) {
  if (r.rule_source_id === null) return null;
  const source = sources.get(r.rule_source_id);
  const match = r.rule_match === 'iban' ? 'iban' : 'name';
  return {
    import_entry_id: r.rule_source_id,
    entry_id: source?.entry_id ?? null,
    entry_number: source?.entry_number ?? null,
    match,
    counterparty: (match === 'iban' ? source?.counterparty_iban : source?.counterparty_name) ?? null,
  };
}

/**
 * An upload's report as `report=true` asks for it: the counts, each duplicate's sum and each statement's balances as
 * decimals like an ImportEntry's sum.
 */
export function presentUploadReport(report: UploadReport) {
  return {
    ...report,
    duplicates: report.duplicates.map((d) => ({ ...d, sum: rappenToNumber(d.sum) })),
    statements: report.statements.map((st) => ({
      ...st,
      opening_balance: st.opening_balance === null ? null : rappenToNumber(st.opening_balance),
      closing_balance: rappenToNumber(st.closing_balance),
      movements: rappenToNumber(st.movements),
      book_balance: rappenToNumber(st.book_balance),
    })),
  };
}

/**
 * A reconciliation: the bank account, the statement it is held against, the bank's closing balance
 * beside the book balance at `date`, and the open import entries (ImportEntries) that explain a difference.
 */
export function presentReconciliation(r: Reconciliation, openEntries: ImportEntry[]) {
  const st = r.statement;
  const opening = st.opening_balance === null ? null : Number(st.opening_balance);
  const difference = r.bankBalance - r.bookBalance;
  return {
    bank_account: {
      id: Number(r.account.id),
      number: Number(r.account.number),
      name: r.account.name,
      iban: r.account.iban ?? null,
      currency: r.account.currency,
    },
    statement: {
      id: Number(st.id),
      statement_id: st.statement_ref || null,
      iban: st.iban ?? null,
      currency: st.currency,
      opening_balance: opening === null ? null : rappenToNumber(opening),
      opening_date: st.opening_date ?? null,
      closing_balance: rappenToNumber(Number(st.closing_balance)),
      closing_date: st.closing_date,
      booked_until: st.booked_until,
      movements: rappenToNumber(Number(st.movements)),
      adds_up: opening === null ? null : opening + Number(st.movements) === Number(st.closing_balance),
      created_at: st.created_at,
    },
    date: r.date,
    bank_balance: rappenToNumber(r.bankBalance),
    book_balance: rappenToNumber(r.bookBalance),
    difference: rappenToNumber(difference),
    agrees: difference === 0,
    open_entries: openEntries,
    open_sum: rappenToNumber(r.openSum),
    unexplained: rappenToNumber(difference - r.openSum),
  };
}
