import type { ApiClient } from '../http.js';

/** The tag colours the API accepts, in its order. */
export const TAG_COLORS = [
  'orange',
  'blue',
  'lime',
  'yellow',
  'turquoise',
  'marine',
  'purple',
  'pink',
  'green',
  'red',
  'gray',
] as const;

export const tagPaths = {
  list: (company: number) => `/companies/${company}/tags`,
  one: (company: number, id: number | string) => `/companies/${company}/tags/${id}`,
  colors: (company: number) => `/companies/${company}/tags/colors`,
} as const;

export async function tagColors(client: ApiClient, company: number): Promise<string[]> {
  return client.get<string[]>(tagPaths.colors(company));
}
