// The company itself: any path, as `acct api` takes it (one that does not name its scope lies below
// the company), and the company's settings its documents print.
import { ApiError, type ApiClient } from '../http.js';

/** Whether a path names its own scope: /companies/… or /users/…. */
export const isScopedPath = (path: string): boolean => /^\/(companies|users)(\/|$)/.test(path);

/** A path below the company: /tags → /companies/{company}/tags. */
export const companyPath = (company: number, path: string): string => `/companies/${company}${path}`;

/** The company's settings its documents print (GET /settings, the embedded service's; docs/service.md). */
export interface CompanySettings {
  vat_number?: string | null;
  [key: string]: unknown;
}

export const settingsPath = (company: number): string => `/companies/${company}/settings`;

/**
 * The company's settings, or undefined where the service has none to show (a service without the
 * endpoint answers 404, one that lets this user not see them 403): callers then say nothing about them.
 */
export async function companySettings(client: ApiClient, company: number): Promise<CompanySettings | undefined> {
  try {
    const body = await client.get<{ data?: CompanySettings }>(settingsPath(company));
    return body && typeof body.data === 'object' && body.data !== null ? body.data : undefined;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 403 || err.status === 405)) return undefined;
    throw err;
  }
}
