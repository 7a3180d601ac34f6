import { CliError } from '../../errors.js';
import type { ApiClient } from '../http.js';

export const customerPaths = {
  list: (company: number) => `/companies/${company}/customers`,
  one: (company: number, id: number | string) => `/companies/${company}/customers/${id}`,
  statistics: (company: number, id: number | string) => `/companies/${company}/customers/${id}/statistics`,
  number: (company: number) => `/companies/${company}/customers/number`,
  multiple: (company: number) => `/companies/${company}/customers/multiple`,
  import: (company: number) => `/companies/${company}/customers/import`,
} as const;

interface CustomerStatistics {
  income: string;
  expenses: string;
  profit: string;
  hoursTotal: string;
  hoursBillable: string;
  hoursNonBillable: string;
  hoursOpen: string;
  billability: number;
}

interface CustomerImportResult {
  created: number;
  updated: number;
  errors: { row: number; message: string }[];
}

/** GET /customers/number: the next free customer number. */
export async function nextCustomerNumber(client: ApiClient, company: number): Promise<number> {
  const body = await client.get<{ number?: unknown }>(customerPaths.number(company));
  const n = body?.number;
  if (typeof n !== 'number' || !Number.isInteger(n))
    throw new CliError(`unexpected answer from ${customerPaths.number(company)}: expected { number }`);
  return n;
}

/** GET /customers/{id}/statistics: the bare statistics object. */
export async function customerStatistics(client: ApiClient, company: number, id: number): Promise<CustomerStatistics> {
  return client.get<CustomerStatistics>(customerPaths.statistics(company, id));
}

/** POST /customers/import: uploads a CSV file as multipart `file`. */
export async function importCustomers(
  client: ApiClient,
  company: number,
  bytes: Uint8Array<ArrayBuffer>,
  fileName: string,
): Promise<CustomerImportResult> {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'text/csv' }), fileName);
  const result = await client.post<CustomerImportResult>(customerPaths.import(company), { form });
  if (!result || typeof result !== 'object' || !Array.isArray(result.errors))
    throw new CliError(`unexpected answer from ${customerPaths.import(company)}`);
  return result;
}
