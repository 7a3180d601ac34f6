// Time entries: paths and the calls beyond the generic verbs (bulk changes, CSV import).
import { CliError } from '../../errors.js';
import type { ApiClient } from '../http.js';

export const timePaths = {
  list: (company: number) => `/companies/${company}/times`,
  one: (company: number, id: number | string) => `/companies/${company}/times/${id}`,
  multiple: (company: number) => `/companies/${company}/times/multiple`,
  import: (company: number) => `/companies/${company}/times/import`,
} as const;

export interface TimeEntry {
  id: number;
  user_id: number;
  project_id: number;
  task_id: number | null;
  service_id?: number | null;
  invoice_id: number | null;
  description: string;
  date: string;
  start: string | null;
  end: string | null;
  hours: number;
  minutes: number;
  hourly_rate: number;
  status: 'open' | 'invoiced' | 'paid';
  billable: boolean;
  total_value: number;
  readable_time: string;
  project?: { id: number; name: string } | null;
  [key: string]: unknown;
}

export interface BulkTimeUpdate {
  ids: number[];
  project_id?: number;
  date?: string;
  description?: string;
  hourly_rate?: string;
  billable?: boolean;
}

/** The batch answer: { message, updated|deleted, skipped: [ids] } (fields missing in older answers stay undefined). */
interface BulkResult {
  message?: string;
  updated?: number;
  deleted?: number;
  skipped?: number[];
}

interface TimeImportResult {
  created: number;
  errors: { row: number; message: string }[];
}

const asBulk = (body: unknown): BulkResult => (body && typeof body === 'object' ? (body as BulkResult) : {});

/** PUT /times/multiple: only open entries change. */
export async function bulkUpdateTimes(
  client: ApiClient,
  company: number,
  changes: BulkTimeUpdate,
): Promise<BulkResult> {
  return asBulk(await client.put(timePaths.multiple(company), { json: changes }));
}

/** DELETE /times/multiple: invoiced and paid entries are never deleted. */
export async function bulkDeleteTimes(client: ApiClient, company: number, ids: number[]): Promise<BulkResult> {
  return asBulk(await client.delete(timePaths.multiple(company), { json: { ids } }));
}

/** POST /times/import: uploads a CSV file as multipart `file`. */
export async function importTimes(
  client: ApiClient,
  company: number,
  bytes: Uint8Array<ArrayBuffer>,
  fileName: string,
): Promise<TimeImportResult> {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'text/csv' }), fileName);
  const result = await client.post<TimeImportResult>(timePaths.import(company), { form });
  if (!result || typeof result !== 'object' || !Array.isArray(result.errors))
    throw new CliError(`unexpected answer from ${timePaths.import(company)}`);
  return result;
}
