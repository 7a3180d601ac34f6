import type { ApiClient } from '../http.js';

export const projectPaths = {
  list: (company: number) => `/companies/${company}/projects`,
  one: (company: number, id: number | string) => `/companies/${company}/projects/${id}`,
  multiple: (company: number) => `/companies/${company}/projects/multiple`,
} as const;

/** POST /projects/multiple: archives (or with archive=false unarchives) the listed projects; 204. */
export async function archiveProjects(client: ApiClient, company: number, ids: number[], archive: boolean): Promise<void> {
  await client.post(projectPaths.multiple(company), { json: { ids, archive } });
}

/** DELETE /projects/multiple: deletes the listed projects; the service skips those with invoiced time (204 either way). */
export async function deleteProjects(client: ApiClient, company: number, ids: number[]): Promise<void> {
  await client.delete(projectPaths.multiple(company), { json: { ids } });
}
