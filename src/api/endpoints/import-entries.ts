// Bank import (import entries, docs/service/import-entries.md): the paths of the detailed reference
// (`/companies/{c}/entries/import…`) and the calls the `acct import` verbs make.
import { CliError, ExitCode } from '../../errors.js';
import { fileForm } from '../body.js';
import { ApiError, type ApiClient, type QueryValue } from '../http.js';

export type ImportEntryRecord = Record<string, unknown>;

/** The list's `status` values. */
const IMPORT_STATUSES = ['ready', 'notReady', 'deleted', 'notDeleted'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const importEntryPaths = {
  list: (company: number) => `/companies/${company}/entries/import`,
  one: (company: number, id: number | string) => `/companies/${company}/entries/import/${id}`,
  multiple: (company: number) => `/companies/${company}/entries/import/multiple`,
  reset: (company: number, id: number) => `/companies/${company}/entries/import/${id}/reset`,
  upload: (company: number) => `/companies/${company}/entries/import/camt-upload`,
  reconcile: (company: number) => `/companies/${company}/entries/import/reconcile`,
  dryRun: (company: number) => `/companies/${company}/entries/import/dry-run`,
  file: (company: number, id: number) => `/companies/${company}/entries/import/${id}/file`,
  fileUrl: (company: number, id: number) => `/companies/${company}/entries/import/${id}/file/url`,
} as const;

/** GET …/entries/import: a page of entries and the counts beside it. */
export interface ImportEntryList {
  data: ImportEntryRecord[];
  current_count: number;
  total_count: number;
  /** not processed and not deleted */
  open_count: number;
  /** open and ready */
  ready_count: number;
}

export interface ImportListQuery {
  status?: ImportStatus;
  search?: string;
  /** a positive integer or 'all' (the service's default: 50) */
  limit?: number | 'all';
  offset?: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

export async function listImportEntries(
  client: ApiClient,
  company: number,
  query: ImportListQuery = {},
): Promise<ImportEntryList> {
  const path = importEntryPaths.list(company);
  const body = await client.get<unknown>(path, { query: query as Record<string, QueryValue> });
  if (!isObject(body) || !Array.isArray(body.data))
    throw new CliError(`unexpected answer from ${path}: expected { data: [ImportEntry], … }`);
  const count = (key: string) => (typeof body[key] === 'number' ? body[key] : Number(body[key] ?? 0));
  return {
    data: body.data as ImportEntryRecord[],
    current_count: count('current_count'),
    total_count: count('total_count'),
    open_count: count('open_count'),
    ready_count: count('ready_count'),
  };
}

const unwrap = (path: string, body: unknown): ImportEntryRecord => {
  if (!isObject(body) || !isObject(body.data))
    throw new CliError(`unexpected answer from ${path}: expected { data: ImportEntry }`);
  return body.data;
};

export async function getImportEntry(client: ApiClient, company: number, id: number): Promise<ImportEntryRecord> {
  const path = importEntryPaths.one(company, id);
  return unwrap(path, await client.get(path));
}

/** PUT …/entries/import/{id}: only the fields given change. */
export async function updateImportEntry(
  client: ApiClient,
  company: number,
  id: number,
  body: Record<string, unknown>,
): Promise<ImportEntryRecord> {
  const path = importEntryPaths.one(company, id);
  return unwrap(path, await client.put(path, { json: body }));
}

/** PUT …/entries/import/multiple: the same change for every id, all or none. */
export async function updateImportEntries(
  client: ApiClient,
  company: number,
  ids: number[],
  body: Record<string, unknown>,
): Promise<ImportEntryRecord[]> {
  const path = importEntryPaths.multiple(company);
  const answer = await client.put<unknown>(path, { json: { ...body, ids } });
  if (!isObject(answer) || !Array.isArray(answer.data))
    throw new CliError(`unexpected answer from ${path}: expected { data: [ImportEntry] }`);
  return answer.data as ImportEntryRecord[];
}

/** PUT …/{id}/reset: counter account, VAT rate, invoice, tags and ignore removed, the bank's text back. */
export async function resetImportEntry(client: ApiClient, company: number, id: number): Promise<ImportEntryRecord> {
  const path = importEntryPaths.reset(company, id);
  return unwrap(path, await client.put(path));
}

/** DELETE …/entries/import: marks the open entries among `ids` (or every open one) deleted. */
export async function deleteImportEntries(client: ApiClient, company: number, ids: number[] | 'all'): Promise<void> {
  await client.delete(importEntryPaths.list(company), { json: { ids } });
}

export interface ProcessResult {
  created: number;
  ignored: number;
  errors: { id: number; message: string }[];
}

/** POST …/entries/import: books the ready entries, deletes the ignored ones. */
export async function processImportEntries(client: ApiClient, company: number): Promise<ProcessResult> {
  const path = importEntryPaths.list(company);
  const body = await client.post<unknown>(path);
  if (!isObject(body) || typeof body.created !== 'number')
    throw new CliError(`unexpected answer from ${path}: expected { created, ignored, errors }`);
  const errors = (Array.isArray(body.errors) ? body.errors : []).map((e) => ({
    id: Number(isObject(e) ? e.id : NaN),
    message: String(isObject(e) ? e.message : e),
  }));
  return { created: body.created, ignored: Number(body.ignored ?? 0), errors };
}

/**
 * GET …/entries/import/dry-run (beyond the spec): what process would do, and each booking it would make (an Entry with
 * import_entry_id and rule).
 */
export interface ProcessDryRun extends ProcessResult {
  bookings: ImportEntryRecord[];
}

/**
 * The dry run of process: the service runs the real processing and rolls it back. A service without
 * it (the hosted one) answers 404 or 405: then there is no dry run, rather than a guess at the bookings.
 */
export async function dryRunImportEntries(client: ApiClient, company: number): Promise<ProcessDryRun> {
  const path = importEntryPaths.dryRun(company);
  let body: unknown;
  try {
    body = await client.get<unknown>(path);
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 405)) {
      throw new CliError(
        `this service has no dry run of processing (GET ${path} answered ${err.status}); nothing was sent`,
        ExitCode.Failure,
      );
    }
    throw err;
  }
  if (
    !isObject(body) ||
    typeof body.created !== 'number' ||
    !Array.isArray(body.bookings) ||
    !body.bookings.every(isObject)
  ) {
    throw new CliError(`unexpected answer from ${path}: expected { created, ignored, errors, bookings }`);
  }
  const errors = (Array.isArray(body.errors) ? body.errors : []).map((e) => ({
    id: Number(isObject(e) ? e.id : NaN),
    message: String(isObject(e) ? e.message : e),
  }));
  return { created: body.created, ignored: Number(body.ignored ?? 0), errors, bookings: body.bookings };
}

/** What an upload created; null where the service does not say (the X-Import-* headers are beyond the spec). */
export interface UploadCounts {
  created: number;
  duplicates: number;
  matched: number;
  ready: number;
}

/**
 * A transaction the upload skipped as a duplicate, and the import entry it duplicates (`sum` unsigned, `type` the
 * direction).
 */
export interface SkippedDuplicate {
  date: string;
  type: string;
  sum: number;
  counterparty_name: string | null;
  reference: string | null;
  bank_reference: string | null;
  duplicate_of: number;
}

/** A bank account that had no IBAN and got the statement's. */
export interface AssignedIban {
  bank_account_id: number;
  number: number;
  name: string;
  iban: string;
}

/** A statement's balances as the upload's report gives them (decimals, signed), and the books at its date. */
export interface StatementBalance {
  file_name: string | null;
  iban: string | null;
  bank_account_id: number;
  currency: string;
  opening_balance: number | null;
  opening_date: string | null;
  closing_balance: number;
  closing_date: string;
  movements: number;
  /** opening + movements = closing; null without an opening balance */
  adds_up: boolean | null;
  booked_until: string;
  book_balance: number;
}

/**
 * An upload's answer: the counts (headers), the transactions not booked by the bank, and from the report body the
 * duplicates, the IBANs given to accounts and the statements' balances; null where the service does not say.
 */
export interface UploadResult {
  counts: UploadCounts | null;
  notBooked: { pending: number; info: number } | null;
  duplicates: SkippedDuplicate[] | null;
  assignedIbans: AssignedIban[] | null;
  statements: StatementBalance[] | null;
}

export interface UploadFile {
  bytes: Uint8Array<ArrayBuffer>;
  name: string;
  type: string;
}

const COUNT_HEADERS: Record<keyof UploadCounts, string> = {
  created: 'x-import-created',
  duplicates: 'x-import-duplicates',
  matched: 'x-import-matched',
  ready: 'x-import-ready',
};

/** A count header's value; undefined when absent or not a count. */
function countHeader(headers: Record<string, string>, name: string): number | undefined {
  const raw = headers[name];
  return raw !== undefined && /^\d+$/.test(raw.trim()) ? Number(raw) : undefined;
}

function countsOf(headers: Record<string, string>): UploadCounts | null {
  const counts: Partial<UploadCounts> = {};
  for (const [key, header] of Object.entries(COUNT_HEADERS) as [keyof UploadCounts, string][]) {
    const n = countHeader(headers, header);
    if (n === undefined) return null;
    counts[key] = n;
  }
  return counts as UploadCounts;
}

function notBookedOf(headers: Record<string, string>): UploadResult['notBooked'] {
  const pending = countHeader(headers, 'x-import-skipped-pending');
  const info = countHeader(headers, 'x-import-skipped-info');
  return pending === undefined || info === undefined ? null : { pending, info };
}

/** The report's duplicates; null when the answer is the spec's `true` (a service that does not list them). */
function duplicatesOf(body: unknown): SkippedDuplicate[] | null {
  if (!isObject(body) || !Array.isArray(body.duplicates)) return null;
  return body.duplicates.filter(isObject).map((d) => ({
    date: String(d.date ?? ''),
    type: String(d.type ?? ''),
    sum: Number(d.sum),
    counterparty_name: typeof d.counterparty_name === 'string' ? d.counterparty_name : null,
    reference: typeof d.reference === 'string' ? d.reference : null,
    bank_reference: typeof d.bank_reference === 'string' ? d.bank_reference : null,
    duplicate_of: Number(d.duplicate_of),
  }));
}

/**
 * POST …/entries/import/camt-upload (multipart `file`, optional `bank_account_id`), asking for the
 * report (`report=true`, beyond the spec: a service that ignores it answers `true`); what the answer says.
 */
export async function uploadCamt(
  client: ApiClient,
  company: number,
  file: UploadFile,
  bankAccountId?: number,
): Promise<UploadResult> {
  const form = fileForm(file);
  if (bankAccountId !== undefined) form.append('bank_account_id', String(bankAccountId));
  form.append('report', 'true');
  const res = await client.request('POST', importEntryPaths.upload(company), { form });
  return {
    counts: countsOf(res.headers),
    notBooked: notBookedOf(res.headers),
    duplicates: duplicatesOf(res.data),
    assignedIbans: listOf<AssignedIban>(res.data, 'assigned_ibans'),
    statements: listOf<StatementBalance>(res.data, 'statements'),
  };
}

/** A list of the report body as the service wrote it; null when the answer has none (the spec's `true`). */
function listOf<T>(body: unknown, key: string): T[] | null {
  return isObject(body) && Array.isArray(body[key]) ? ((body[key] as unknown[]).filter(isObject) as T[]) : null;
}

/** GET …/entries/import/reconcile (beyond the spec): the bank's closing balance beside the books. */
export interface Reconciliation {
  bank_account: { id: number; number: number; name: string; iban: string | null; currency: string };
  statement: Record<string, unknown> & { closing_date: string; closing_balance: number };
  /** the date the books are read at */
  date: string;
  bank_balance: number;
  book_balance: number;
  /** bank − book */
  difference: number;
  agrees: boolean;
  open_entries: ImportEntryRecord[];
  open_sum: number;
  unexplained: number;
}

export async function reconcileImport(
  client: ApiClient,
  company: number,
  query: { bank_account_id?: number; date?: string },
): Promise<Reconciliation> {
  const path = importEntryPaths.reconcile(company);
  const body = await client.get<unknown>(path, { query: query as Record<string, QueryValue> });
  if (!isObject(body) || !isObject(body.bank_account) || typeof body.agrees !== 'boolean') {
    throw new CliError(
      `unexpected answer from ${path}: expected { bank_account, statement, bank_balance, book_balance, agrees, … }`,
    );
  }
  return {
    ...(body as unknown as Reconciliation),
    open_entries: Array.isArray(body.open_entries) ? (body.open_entries as ImportEntryRecord[]) : [],
  };
}

/** POST …/{id}/file: the receipt (replacing an earlier one). */
export async function attachImportReceipt(
  client: ApiClient,
  company: number,
  id: number,
  file: UploadFile,
): Promise<Record<string, unknown>> {
  const path = importEntryPaths.file(company, id);
  const body = await client.post<unknown>(path, { form: fileForm(file) });
  if (!isObject(body) || !isObject(body.file))
    throw new CliError(`unexpected answer from ${path}: expected { success, file }`);
  return body.file;
}

export async function removeImportReceipt(client: ApiClient, company: number, id: number): Promise<void> {
  await client.delete(importEntryPaths.file(company, id));
}

/** GET …/{id}/file/url: a signed link to the receipt, valid 15 minutes. */
export async function importReceiptUrl(
  client: ApiClient,
  company: number,
  id: number,
): Promise<{ url: string; expires_at: string }> {
  const path = importEntryPaths.fileUrl(company, id);
  const body = await client.get<unknown>(path);
  if (!isObject(body) || typeof body.url !== 'string')
    throw new CliError(`unexpected answer from ${path}: expected { url, expires_at }`);
  return { url: body.url, expires_at: String(body.expires_at ?? '') };
}
