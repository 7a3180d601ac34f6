import type { ApiClient } from '../http.js';

export const tagPaths = {
  list: (company: number) => `/companies/${company}/tags`,
  one: (company: number, id: number | string) => `/companies/${company}/tags/${id}`,
  colors: (company: number) => `/companies/${company}/tags/colors`,
} as const;

export async function tagColors(client: ApiClient, company: number): Promise<string[]> {
  return client.get<string[]>(tagPaths.colors(company));
}
