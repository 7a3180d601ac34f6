import type { ApiClient } from '../http.js';

export const servicePaths = {
  list: (company: number) => `/companies/${company}/services`,
  one: (company: number, id: number | string) => `/companies/${company}/services/${id}`,
  multiple: (company: number) => `/companies/${company}/services/multiple`,
} as const;

export interface BulkServiceUpdate {
  ids: number[];
  /** decimal string in CHF, or null to remove the rate */
  hourly_rate?: string | null;
  archived?: boolean;
}

/** PUT /services/multiple: only the fields given apply. Answers the service's message. */
export async function bulkUpdateServices(client: ApiClient, company: number, body: BulkServiceUpdate): Promise<string> {
  const res = await client.put<{ message?: string } | null>(servicePaths.multiple(company), { json: body });
  return typeof res?.message === 'string' ? res.message : `${body.ids.length} services updated.`;
}
