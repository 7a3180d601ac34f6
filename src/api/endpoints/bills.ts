// Supplier bills (the service's extension, docs/service/bills.md): the paths and the calls beyond the
// generic list/get/create/update/delete.
import { dataOf, fileForm } from '../body.js';
import type { ApiClient } from '../http.js';
import { allPages } from '../paginate.js';
import type { UploadFile } from './import-entries.js';

export type BillRecord = Record<string, unknown>;

export const BILL_STATUSES = ['open', 'scheduled', 'paid', 'cancelled'] as const;
export const BILL_REFERENCE_TYPES = ['QRR', 'SCOR', 'NON'] as const;

export const billPaths = {
  list: (company: number) => `/companies/${company}/bills`,
  one: (company: number, id: number | string) => `/companies/${company}/bills/${id}`,
  markAs: (company: number, id: number, status: string) => `/companies/${company}/bills/${id}/mark-as/${status}`,
  attach: (company: number, id: number) => `/companies/${company}/bills/${id}/attach`,
  schedule: (company: number) => `/companies/${company}/bills/schedule`,
} as const;

export async function getBill(client: ApiClient, company: number, id: number): Promise<BillRecord> {
  const path = billPaths.one(company, id);
  return dataOf(await client.get(path), path);
}

/** POST /bills/{id}/mark-as/{status}: `paid_date`, `bank_account_id` with paid; `payment_message_id` with scheduled. */
export async function markBillAs(
  client: ApiClient,
  company: number,
  id: number,
  status: string,
  body: Record<string, unknown>,
): Promise<BillRecord> {
  const path = billPaths.markAs(company, id, status);
  return dataOf(await client.post(path, { json: body }), path);
}

/** POST /bills/{id}/attach: the receipt as the multipart `file` (replaces the one the bill had). */
export async function attachBillReceipt(
  client: ApiClient,
  company: number,
  id: number,
  file: UploadFile,
): Promise<BillRecord> {
  const path = billPaths.attach(company, id);
  return dataOf(await client.post(path, { form: fileForm(file) }), path);
}

/** POST /bills/schedule: the bills of one payment file scheduled with its message id, all or none. */
export async function scheduleBills(
  client: ApiClient,
  company: number,
  ids: number[],
  messageId: string,
): Promise<BillRecord[]> {
  const path = billPaths.schedule(company);
  return dataOf<BillRecord[]>(await client.post(path, { json: { ids, payment_message_id: messageId } }), path);
}

/** POST /bills → the bill as stored (with its number). */
export async function createBill(
  client: ApiClient,
  company: number,
  body: Record<string, unknown>,
): Promise<BillRecord> {
  const path = billPaths.list(company);
  return dataOf(await client.post(path, { json: body }), path);
}

export async function deleteBill(client: ApiClient, company: number, id: number): Promise<void> {
  await client.delete(billPaths.one(company, id));
}

/** Every bill the filters select (GET /bills?filter[…]), all pages. */
export async function listBills(
  client: ApiClient,
  company: number,
  filters: Record<string, string>,
): Promise<BillRecord[]> {
  const bills: BillRecord[] = [];
  for await (const page of allPages<BillRecord>(client, billPaths.list(company), { query: filters }))
    bills.push(...page);
  return bills;
}

/** Every bill of a creditor IBAN or QR-IBAN. */
export const billsOfIban = (client: ApiClient, company: number, iban: string): Promise<BillRecord[]> =>
  listBills(client, company, { 'filter[iban]': iban });
