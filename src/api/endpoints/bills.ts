// Supplier bills (docs/service/bills.md): the paths, and the calls `acct bills add` makes beyond the
// generic verbs.
import { CliError } from '../../errors.js';
import type { ApiClient } from '../http.js';
import { allPages } from '../paginate.js';
import type { UploadFile } from './import-entries.js';

export type BillRecord = Record<string, unknown>;

export const billPaths = {
  list: (company: number) => `/companies/${company}/bills`,
  one: (company: number, id: number | string) => `/companies/${company}/bills/${id}`,
  attach: (company: number, id: number | string) => `/companies/${company}/bills/${id}/attach`,
} as const;

const unwrap = (path: string, body: unknown): BillRecord => {
  const data = body && typeof body === 'object' ? (body as { data?: unknown }).data : undefined;
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new CliError(`unexpected answer from ${path}: expected { data }`);
  return data as BillRecord;
};

/** POST /bills → the bill as stored (with its number). */
export async function createBill(client: ApiClient, company: number, body: Record<string, unknown>): Promise<BillRecord> {
  const path = billPaths.list(company);
  return unwrap(path, await client.post(path, { json: body }));
}

/** POST /bills/{id}/attach: the receipt as multipart `file` → the file record. */
export async function attachBillReceipt(client: ApiClient, company: number, id: number, file: UploadFile): Promise<BillRecord> {
  const form = new FormData();
  form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
  const path = billPaths.attach(company, id);
  return unwrap(path, await client.post(path, { form }));
}

export async function deleteBill(client: ApiClient, company: number, id: number): Promise<void> {
  await client.delete(billPaths.one(company, id));
}

/** Every bill of a creditor IBAN or QR-IBAN (GET /bills?filter[iban]), all pages. */
export async function billsOfIban(client: ApiClient, company: number, iban: string): Promise<BillRecord[]> {
  const bills: BillRecord[] = [];
  for await (const page of allPages<BillRecord>(client, billPaths.list(company), { query: { 'filter[iban]': iban } })) bills.push(...page);
  return bills;
}
