// Proposals and invoices: the paths of both document types and the calls beyond the generic verbs.
import { CliError } from '../../errors.js';
import type { ApiClient, QueryValue } from '../http.js';
import { dataOf } from '../body.js';

export type DocumentKind = 'proposals' | 'invoices';
export type DocumentRecord = Record<string, any>;

export const documentPaths = (kind: DocumentKind) => ({
  list: (company: number) => `/companies/${company}/${kind}`,
  one: (company: number, id: number) => `/companies/${company}/${kind}/${id}`,
  number: (company: number) => `/companies/${company}/${kind}/number`,
  markAs: (company: number, id: number) => `/companies/${company}/${kind}/${id}/mark-as`,
  positions: (company: number, id: number) => `/companies/${company}/${kind}/${id}/positions`,
  position: (company: number, id: number, positionId: number) =>
    `/companies/${company}/${kind}/${id}/positions/${positionId}`,
  activities: (company: number, id: number) => `/companies/${company}/${kind}/${id}/activities`,
  attach: (company: number, id: number) => `/companies/${company}/${kind}/${id}/attach`,
  detach: (company: number, id: number, fileId: number) => `/companies/${company}/${kind}/${id}/detach/${fileId}`,
  batch: (company: number) => `/companies/${company}/${kind}/batch`,
  batchMarkAs: (company: number) => `/companies/${company}/${kind}/batch/mark-as`,
  splitInvoices: (company: number, id: number) => `/companies/${company}/${kind}/${id}/split-invoices`,
  qr: (company: number, id: number) => `/companies/${company}/${kind}/${id}/qr`,
  pdf: (company: number, id: number) => `/companies/${company}/${kind}/${id}/pdf`,
});

/** The document's PDF: its bytes and the file name the service proposes (<number>.pdf). */
export async function documentPdf(
  client: ApiClient,
  kind: DocumentKind,
  company: number,
  id: number,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const path = documentPaths(kind).pdf(company, id);
  const body = await client.get<{ base64?: unknown; fileName?: unknown }>(path);
  const prefix = 'data:application/pdf;base64,';
  if (
    !body ||
    typeof body.base64 !== 'string' ||
    !body.base64.startsWith(prefix) ||
    typeof body.fileName !== 'string'
  ) {
    throw new CliError(`unexpected answer from ${path}: expected { base64: "${prefix}…", fileName }`);
  }
  return { bytes: new Uint8Array(Buffer.from(body.base64.slice(prefix.length), 'base64')), fileName: body.fileName };
}

const unwrap = (body: unknown, path: string): DocumentRecord => dataOf<DocumentRecord>(body, path);

export interface DocumentListPage {
  data: DocumentRecord[];
  /**
   * `sums` per currency is the embedded service's (docs/service/documents.md, Lists); `sum` adds every currency into
   * one
   */
  meta: {
    count: number;
    total: number;
    sum: number;
    sums?: Record<string, number>;
    sum_formatted: string;
    current_page: number;
    last_page: number;
    per_page: number;
  };
}

export async function getDocument(
  client: ApiClient,
  kind: DocumentKind,
  company: number,
  id: number,
): Promise<DocumentRecord> {
  return unwrap(await client.get(documentPaths(kind).one(company, id)), documentPaths(kind).one(company, id));
}

/** POST: the API answers the bare summary { id, number, status, final_value, created_at }. */
export async function createDocument(
  client: ApiClient,
  kind: DocumentKind,
  company: number,
  body: Record<string, unknown>,
): Promise<DocumentRecord> {
  const created = await client.post<DocumentRecord>(documentPaths(kind).list(company), { json: body });
  if (!created || typeof created.id !== 'number')
    throw new CliError(`unexpected answer from ${documentPaths(kind).list(company)}: expected { id, number }`);
  return created;
}

export async function updateDocument(
  client: ApiClient,
  kind: DocumentKind,
  company: number,
  id: number,
  body: Record<string, unknown>,
): Promise<DocumentRecord> {
  return unwrap(
    await client.put(documentPaths(kind).one(company, id), { json: body }),
    documentPaths(kind).one(company, id),
  );
}

export async function nextDocumentNumber(client: ApiClient, kind: DocumentKind, company: number): Promise<string> {
  const n = await client.get<unknown>(documentPaths(kind).number(company));
  if (typeof n !== 'string')
    throw new CliError(`unexpected answer from ${documentPaths(kind).number(company)}: expected a string`);
  return n;
}

export async function markDocumentAs(
  client: ApiClient,
  kind: DocumentKind,
  company: number,
  id: number,
  query: Record<string, QueryValue>,
): Promise<DocumentRecord> {
  return unwrap(
    await client.get(documentPaths(kind).markAs(company, id), { query }),
    documentPaths(kind).markAs(company, id),
  );
}

export interface BatchResult {
  message: string;
  updated?: number;
  deleted?: number;
  skipped: number[];
}

export async function batchDocuments(
  client: ApiClient,
  kind: DocumentKind,
  company: number,
  action: 'update' | 'delete' | 'mark-as',
  body: Record<string, unknown>,
): Promise<BatchResult> {
  const paths = documentPaths(kind);
  const result =
    action === 'update'
      ? await client.patch<BatchResult>(paths.batch(company), { json: body })
      : action === 'delete'
        ? await client.delete<BatchResult>(paths.batch(company), { json: body })
        : await client.post<BatchResult>(paths.batchMarkAs(company), { json: body });
  if (!result || !Array.isArray(result.skipped))
    throw new CliError(`unexpected answer from ${paths.batch(company)}: expected { skipped }`);
  return result;
}

// ---- positions, activities, attachments --------------------------------------------------------

export async function listPositions(
  client: ApiClient,
  kind: DocumentKind,
  company: number,
  id: number,
): Promise<DocumentRecord[]> {
  const path = documentPaths(kind).positions(company, id);
  const body = await client.get<{ data?: unknown }>(path);
  if (!body || !Array.isArray(body.data)) throw new CliError(`unexpected answer from ${path}: expected { data: [] }`);
  return body.data as DocumentRecord[];
}

/** POST …/positions: one item as the positions body takes it; `parent_id` puts it into a collection. */
export async function addPosition(
  client: ApiClient,
  kind: DocumentKind,
  company: number,
  id: number,
  item: Record<string, unknown>,
): Promise<DocumentRecord> {
  return unwrap(
    await client.post(documentPaths(kind).positions(company, id), { json: item }),
    documentPaths(kind).positions(company, id),
  );
}

/** PUT …/positions/{position}: fields not sent keep their value. */
export async function updatePosition(
  client: ApiClient,
  kind: DocumentKind,
  company: number,
  id: number,
  positionId: number,
  changes: Record<string, unknown>,
): Promise<DocumentRecord> {
  const path = documentPaths(kind).position(company, id, positionId);
  return unwrap(await client.put(path, { json: changes }), path);
}

export async function removePosition(
  client: ApiClient,
  kind: DocumentKind,
  company: number,
  id: number,
  positionId: number,
): Promise<void> {
  await client.delete(documentPaths(kind).position(company, id, positionId));
}

/** GET …/activities: an object keyed by "YYYY-MM-DD HH:MM:SS" (newest first), each { date, message, color? }. */
export async function documentActivities(
  client: ApiClient,
  kind: DocumentKind,
  company: number,
  id: number,
): Promise<Record<string, DocumentRecord>> {
  const path = documentPaths(kind).activities(company, id);
  const body = await client.get<unknown>(path);
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new CliError(`unexpected answer from ${path}: expected an object`);
  return body as Record<string, DocumentRecord>;
}

/** POST …/attach: the file as multipart `file`; answers the stored file { id, name, size, mime, url }. */
export async function attachFile(
  client: ApiClient,
  kind: DocumentKind,
  company: number,
  id: number,
  file: { bytes: Uint8Array<ArrayBuffer>; name: string },
): Promise<DocumentRecord> {
  const form = new FormData();
  form.append('file', new Blob([file.bytes], { type: 'application/octet-stream' }), file.name);
  return unwrap(
    await client.post(documentPaths(kind).attach(company, id), { form }),
    documentPaths(kind).attach(company, id),
  );
}

export async function detachFile(
  client: ApiClient,
  kind: DocumentKind,
  company: number,
  id: number,
  fileId: number,
): Promise<void> {
  await client.post(documentPaths(kind).detach(company, id, fileId));
}

export async function splitProposal(
  client: ApiClient,
  company: number,
  id: number,
  splits: { title: string; sum: string }[],
): Promise<DocumentRecord[]> {
  const path = documentPaths('proposals').splitInvoices(company, id);
  const result = await client.post<unknown>(path, { json: { splits } });
  if (!Array.isArray(result)) throw new CliError(`unexpected answer from ${path}: expected an array`);
  return result as DocumentRecord[];
}

/** GET /invoices/{id}/qr (beyond the spec): the QR-bill payload the invoice's PDF carries. */
export async function invoiceQrPayload(client: ApiClient, company: number, id: number): Promise<string> {
  const path = documentPaths('invoices').qr(company, id);
  const body = await client.get<{ payload?: unknown }>(path);
  if (typeof body?.payload !== 'string') throw new CliError(`unexpected answer from ${path}: expected { payload }`);
  return body.payload;
}
