// A booking (entry) as the API shows it: its accounts, tags and receipt always, and the relations an
// `include` asks for (customer, project, tax rate, group, invoice), loaded for a whole page in a few
// queries; an entry group; a booking as the grouped listing's pure rules see it.
import { dottedDate, isLocked, type GroupMember } from '../domain/entries.js';
import type { AccountType } from '../domain/ledger.js';
import { groupRappen, rappenToNumber } from '../domain/money.js';
import type { EntryType } from '../domain/numbering.js';
import { idOrNull, rowsByIds, type Db, type Row } from '../store/db.js';
import type { CustomerRow } from '../store/customers.js';
import {
  accountsOf,
  entryTagRows,
  findGroupRow,
  type AccountInfo,
  type EntryGroupRow,
  type EntryRow,
} from '../store/entries.js';
import { filesByIds, type StoredFile } from '../store/files.js';
import type { ProjectRow } from '../store/projects.js';
import { findTaxRateRow } from '../store/tax-rates.js';
import { toTaxRate, type TaxRate } from './tax-rates.js';

const bool = (v: unknown) => Number(v) === 1;

export interface EntryGroup {
  id: number;
  company_id: number;
  entries_count: number;
  created_at: string;
  updated_at: string;
}

export const toEntryGroup = (r: EntryGroupRow): EntryGroup => ({
  id: Number(r.id),
  company_id: Number(r.company_id),
  entries_count: Number(r.entries_count),
  created_at: r.created_at,
  updated_at: r.updated_at,
});

export type EntryInclude =
  | 'customer'
  | 'project'
  | 'taxRate'
  | 'group'
  | 'invoice'
  | 'debitAccountCategory'
  | 'creditAccountCategory';

export interface SerializeOptions {
  closedUntil: string | null;
  includes?: ReadonlySet<EntryInclude>;
  /** the signed, absolute URL of a stored file */
  fileUrl: (file: StoredFile) => string;
}

export interface AccountRef {
  id: number;
  name: string;
  number: number;
  account_category?: { id: number; name: string; type: AccountType };
}
export interface TagRef {
  id: number;
  name: string;
  color: string;
}

export type Entry = {
  id: number;
  company_id: number;
  user_id: number | null;
  number: string | null;
  type: EntryType;
  date: string;
  description: string | null;
  sum: number;
  debit_account_id: number;
  credit_account_id: number;
  tax_rate_id: number | null;
  customer_id: number | null;
  project_id: number | null;
  entry_group_id: number | null;
  invoice_id: number | null;
  file_id: number | null;
  billable: boolean;
  is_imported: boolean;
  is_depreciation: boolean;
  locked: boolean;
  sum_formatted: string;
  date_formatted: string;
  file: { id: number; name: string; size: number; mime: string; url: string } | null;
  tags: TagRef[];
  debit_account: AccountRef | null;
  credit_account: AccountRef | null;
  created_at: string;
  updated_at: string;
} & Record<string, unknown>;

const customerRef = (r: CustomerRow) => ({
  id: Number(r.id),
  number: r.number === null ? null : Number(r.number),
  name: r.name,
  email: r.email ?? null,
  archived: bool(r.archived),
});
const projectRef = (r: ProjectRow) => ({
  id: Number(r.id),
  name: r.name,
  customer_id: Number(r.customer_id),
  archived: bool(r.archived),
});
/** An invoice as a booking (and an import entry) embeds it. */
export const invoiceRef = (r: Row) => ({
  id: Number(r.id),
  number: r.number,
  title: r.title ?? null,
  date: r.date,
  status: r.status,
  customer_id: Number(r.customer_id),
  final_value: rappenToNumber(Number(r.final_value)),
});

/** A related record read once per page: `load` runs for the first booking that names it. */
function once<T>(loaded: Map<number, T | undefined>, id: number | null, load: (id: number) => T | undefined): T | null {
  if (id === null) return null;
  if (!loaded.has(id)) loaded.set(id, load(id));
  return loaded.get(id) ?? null;
}

/** The fields of a booking read from its own row alone, in the order the API shows them. */
const ROW_FIELDS: Record<string, (r: EntryRow, closedUntil: string | null) => unknown> = {
  id: (r) => Number(r.id),
  company_id: (r) => Number(r.company_id),
  user_id: (r) => idOrNull(r.user_id),
  number: (r) => r.number ?? null,
  type: (r) => r.type,
  date: (r) => r.date,
  description: (r) => r.description ?? null,
  sum: (r) => rappenToNumber(Number(r.sum)),
  debit_account_id: (r) => Number(r.debit_account_id),
  credit_account_id: (r) => Number(r.credit_account_id),
  tax_rate_id: (r) => idOrNull(r.tax_rate_id),
  customer_id: (r) => idOrNull(r.customer_id),
  project_id: (r) => idOrNull(r.project_id),
  entry_group_id: (r) => idOrNull(r.entry_group_id),
  invoice_id: (r) => idOrNull(r.invoice_id),
  file_id: (r) => idOrNull(r.file_id),
  billable: (r) => bool(r.billable),
  is_imported: (r) => bool(r.is_imported),
  is_depreciation: (r) => bool(r.is_depreciation),
  locked: (r, closedUntil) => isLocked(r.date, closedUntil),
  sum_formatted: (r) => groupRappen(Number(r.sum)),
  date_formatted: (r) => dottedDate(r.date),
  created_at: (r) => r.created_at,
  updated_at: (r) => r.updated_at,
};
/** The fields read with the whole page (accounts, tags and files in a query each). */
const PAGE_FIELDS = ['file', 'tags', 'debit_account', 'credit_account'] as const;
type PageField = (typeof PAGE_FIELDS)[number];

/** Every field of a booking, in the API's order: what `fields[entries]` may name. */
const STAMPS = ['created_at', 'updated_at'];
export const ENTRY_FIELDS: readonly string[] = [
  ...Object.keys(ROW_FIELDS).filter((f) => !STAMPS.includes(f)),
  ...PAGE_FIELDS,
  ...STAMPS,
];

/**
 * Shapes rows as Entries, loading accounts, tags, files and the asked-for relations in a few queries.
 * With `fields` (a sparse fieldset) an entry has only those of its own fields, and the page's queries
 * run only for the fields that need them; the included relations are added either way.
 */
export function serializeEntries(
  db: Db,
  companyId: number,
  rows: readonly EntryRow[],
  opts: SerializeOptions & { fields?: readonly string[] },
): Entry[] {
  if (rows.length === 0) return [];
  const inc = opts.includes ?? new Set<EntryInclude>();
  const fields = opts.fields ? ENTRY_FIELDS.filter((f) => opts.fields!.includes(f)) : ENTRY_FIELDS;
  const wants = new Set(fields);
  const accounts =
    wants.has('debit_account') || wants.has('credit_account')
      ? accountsOf(
          db,
          companyId,
          rows.flatMap((r) => [Number(r.debit_account_id), Number(r.credit_account_id)]),
        )
      : new Map<number, AccountInfo>();
  const files = wants.has('file')
    ? filesByIds(
        db,
        rows.filter((r) => r.file_id !== null).map((r) => Number(r.file_id)),
      )
    : new Map<number, StoredFile>();
  const tags = new Map<number, TagRef[]>();
  if (wants.has('tags')) {
    for (const t of entryTagRows(
      db,
      rows.map((r) => Number(r.id)),
    )) {
      const list = tags.get(Number(t.entry_id)) ?? [];
      list.push({ id: Number(t.id), name: t.name, color: t.color });
      tags.set(Number(t.entry_id), list);
    }
  }
  const col = (name: 'customer_id' | 'project_id' | 'invoice_id') =>
    rows.flatMap((r) => (r[name] === null ? [] : [r[name]]));
  const customers = inc.has('customer') ? rowsByIds<CustomerRow>(db, 'customers', col('customer_id')) : undefined;
  const projects = inc.has('project') ? rowsByIds<ProjectRow>(db, 'projects', col('project_id')) : undefined;
  const invoices = inc.has('invoice') ? rowsByIds(db, 'invoices', col('invoice_id')) : undefined;
  const taxRates = new Map<number, TaxRate | undefined>();
  const groups = new Map<number, EntryGroup | undefined>();

  const accountRef = (id: number, withCategory: boolean): AccountRef | null => {
    const a = accounts.get(id);
    if (!a) return null;
    const ref: AccountRef = { id: a.id, name: a.name, number: a.number };
    if (withCategory) ref.account_category = { id: a.category_id, name: a.category_name, type: a.type };
    return ref;
  };
  const pageFields: Record<PageField, (r: EntryRow) => unknown> = {
    file: (r) => {
      const file = r.file_id === null ? undefined : files.get(Number(r.file_id));
      return file ? { id: file.id, name: file.name, size: file.size, mime: file.mime, url: opts.fileUrl(file) } : null;
    },
    tags: (r) => tags.get(Number(r.id)) ?? [],
    debit_account: (r) => accountRef(Number(r.debit_account_id), inc.has('debitAccountCategory')),
    credit_account: (r) => accountRef(Number(r.credit_account_id), inc.has('creditAccountCategory')),
  };
  // each field's reader looked up once for the page, not per booking
  const readers = fields.map(
    (f) =>
      [
        f,
        Object.hasOwn(ROW_FIELDS, f) ? (r: EntryRow) => ROW_FIELDS[f](r, opts.closedUntil) : pageFields[f as PageField],
      ] as const,
  );

  return rows.map((r) => {
    const entry = {} as Entry;
    for (const [f, read] of readers) entry[f] = read(r);
    if (customers) entry.customer = r.customer_id === null ? null : customerRef(customers.get(Number(r.customer_id))!);
    if (projects) entry.project = r.project_id === null ? null : projectRef(projects.get(Number(r.project_id))!);
    if (inc.has('taxRate')) {
      entry.tax_rate = once(taxRates, idOrNull(r.tax_rate_id), (id) => {
        const row = findTaxRateRow(db, companyId, id);
        return row && toTaxRate(row);
      });
    }
    if (inc.has('group')) {
      entry.group = once(groups, idOrNull(r.entry_group_id), (id) => {
        const row = findGroupRow(db, companyId, id);
        return row && toEntryGroup(row);
      });
    }
    if (invoices) entry.invoice = r.invoice_id === null ? null : invoiceRef(invoices.get(Number(r.invoice_id))!);
    return entry;
  });
}

/** A row as the grouped listing's pure rules see it. */
export function groupMemberOf(entry: Entry, sumRappen: number): GroupMember {
  return {
    id: entry.id,
    entry_group_id: entry.entry_group_id,
    description: entry.description,
    type: entry.type,
    sum: sumRappen,
    date: entry.date,
    number: entry.number,
    file_id: entry.file_id,
    customer_id: entry.customer_id,
    project_id: entry.project_id,
    locked: entry.locked,
    debit_account: entry.debit_account ?? { id: entry.debit_account_id, name: '', number: 0 },
    credit_account: entry.credit_account ?? { id: entry.credit_account_id, name: '', number: 0 },
  };
}
