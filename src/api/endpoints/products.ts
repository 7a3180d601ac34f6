import { CliError } from '../../errors.js';
import type { ApiClient } from '../http.js';

export const productPaths = {
  list: (company: number) => `/companies/${company}/products`,
  one: (company: number, id: number | string) => `/companies/${company}/products/${id}`,
  count: (company: number) => `/companies/${company}/products/count`,
} as const;

/** GET /products/count: a bare integer (archived products included unless filter[archived] says otherwise). */
export async function countProducts(client: ApiClient, company: number, archived?: boolean): Promise<number> {
  const query = archived === undefined ? undefined : { 'filter[archived]': archived };
  const n = await client.get<unknown>(productPaths.count(company), { query });
  if (typeof n !== 'number' || !Number.isInteger(n))
    throw new CliError(`unexpected answer from ${productPaths.count(company)}: expected an integer`);
  return n;
}
