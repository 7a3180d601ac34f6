import type { ApiClient } from '../http.js';

export const taxRatePaths = {
  list: (company: number) => `/companies/${company}/tax-rates`,
  one: (company: number, id: number | string) => `/companies/${company}/tax-rates/${id}`,
} as const;

/** GET /tax-rates/{id}: the bare TaxRate with its accounts loaded (no { data } envelope). */
export async function getTaxRate(client: ApiClient, company: number, id: number): Promise<Record<string, unknown>> {
  return client.get<Record<string, unknown>>(taxRatePaths.one(company, id));
}
