// Any path, as `acct api` takes it: one that does not name its scope lies below the company.

/** Whether a path names its own scope: /companies/… or /users/…. */
export const isScopedPath = (path: string): boolean => /^\/(companies|users)(\/|$)/.test(path);

/** A path below the company: /tags → /companies/{company}/tags. */
export const companyPath = (company: number, path: string): string => `/companies/${company}${path}`;
