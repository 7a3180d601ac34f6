// A document's relations as the single read shows them: the customer, contact, project, tax rate and
// (invoices) bank account, proposal and bookings, each shaped by its own resource's presenter. Its own
// module because present/customers.ts embeds document summaries: the relations embed customers.
import type { DocumentType } from '../domain/documents.js';
import type { Db } from '../store/db.js';
import { findAccountRow } from '../store/accounts.js';
import { findContactRow } from '../store/contacts.js';
import { findCustomerRow } from '../store/customers.js';
import { documentRowsWhere, findDocumentRow, linkedTimeIds, type DocumentRow } from '../store/documents.js';
import { entryRowsOfInvoice, type EntryRow } from '../store/entries.js';
import type { StoredFile } from '../store/files.js';
import { findProjectRow } from '../store/projects.js';
import { findTaxRateRow } from '../store/tax-rates.js';
import { toAccount } from './accounts.js';
import { toContact } from './contacts.js';
import { toCustomer } from './customers.js';
import { documentSummary } from './documents.js';
import { serializeEntries } from './entries.js';
import { toProject } from './projects.js';
import { toTaxRate } from './tax-rates.js';

/** What the relations are read in: the company, its closed period and how a file's URL is made. */
export interface RelationScope {
  db: Db;
  companyId: number;
  closedUntil: string | null;
  fileUrl: (f: StoredFile) => string;
}

function relationPresenters(s: RelationScope) {
  const { db, companyId } = s;
  const row =
    <R, T>(find: (db: Db, companyId: number, id: number) => R | undefined, present: (r: R) => T) =>
    (id: number) => {
      const r = find(db, companyId, id);
      return r ? present(r) : null;
    };
  return {
    customer: row(findCustomerRow, (r) => toCustomer(db, r, { contacts: true })),
    contact: row(findContactRow, toContact),
    project: row(findProjectRow, (r) => toProject(db, r)),
    taxRate: row(findTaxRateRow, (r) => toTaxRate(r)),
    account: row(findAccountRow, toAccount),
    entries: (rows: EntryRow[]) =>
      serializeEntries(db, companyId, rows, { closedUntil: s.closedUntil, fileUrl: s.fileUrl }),
  };
}

/** The relations the spec names for the single read of a proposal or an invoice. */
export function documentRelations(s: RelationScope, type: DocumentType, row: DocumentRow): Record<string, unknown> {
  const { db, companyId } = s;
  const present = relationPresenters(s);
  const out: Record<string, unknown> = {
    customer: present.customer(Number(row.customer_id)),
    contact: row.contact_id === null ? null : present.contact(Number(row.contact_id)),
    project: row.project_id === null ? null : present.project(Number(row.project_id)),
    tax_rate: row.tax_rate_id === null ? null : present.taxRate(Number(row.tax_rate_id)),
  };
  if (type === 'proposal') {
    out.invoices = documentRowsWhere(db, 'invoice', companyId, { proposalIds: [Number(row.id)] }, 'oldest').map((r) =>
      documentSummary('invoice', r),
    );
    return out;
  }
  const proposal =
    row.proposal_id === null ? undefined : findDocumentRow(db, 'proposal', companyId, Number(row.proposal_id));
  out.proposal = proposal ? documentSummary('proposal', proposal) : null;
  out.bank_account = row.bank_account_id === null ? null : present.account(Number(row.bank_account_id));
  const entryRows = entryRowsOfInvoice(db, companyId, Number(row.id));
  const entryIds = entryRows.map((e) => Number(e.id));
  out.entries = present.entries(entryRows);
  out.time_ids = linkedTimeIds(db, Number(row.id));
  out.entry_ids = entryIds.filter((e) => e !== row.entry_id && e !== row.receivable_entry_id);
  return out;
}
