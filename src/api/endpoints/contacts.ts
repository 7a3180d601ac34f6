import type { ApiClient } from '../http.js';

export const contactPaths = {
  list: (company: number) => `/companies/${company}/contacts`,
  one: (company: number, id: number | string) => `/companies/${company}/contacts/${id}`,
  multiple: (company: number) => `/companies/${company}/contacts/multiple`,
} as const;

/** DELETE /contacts/multiple: deletes the listed contacts; the service skips those on invoices or proposals (204 either way). */
export async function deleteContacts(client: ApiClient, company: number, ids: number[]): Promise<void> {
  await client.delete(contactPaths.multiple(company), { json: { ids } });
}
