import type { ApiClient } from '../http.js';

interface CompanyMembership {
  id: number;
  name: string;
  role: string;
}
interface CurrentUser {
  id: number;
  name: string;
  email: string;
  companies: CompanyMembership[];
}

const userPaths = { me: '/users/me' } as const;

export async function me(client: ApiClient): Promise<CurrentUser> {
  const body = await client.get<{ data: CurrentUser }>(userPaths.me);
  return body.data;
}
