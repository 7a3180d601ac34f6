// Where a proposal's public link points: {root}/share/proposals/{token}, the root being the API's base
// URL without /api/v2. In local mode the service runs only inside the command, on no port at all,
// so the link names where `acct server start` serves the same ledger by default; ACCT_PUBLIC_URL names
// another root (the address customers reach that server at, through a proxy or on the network).
import { UsageError } from '../../errors.js';
import type { Runtime } from '../runtime.js';
import { currentIO } from '../io.js';

/** `acct server start`'s address when no --host or --port is given. */
const LOCAL_SERVER_ROOT = 'http://127.0.0.1:8787';

/** The root the public links of this invocation start with, without a trailing slash. */
export function shareRoot(rt: Pick<Runtime, 'ctx' | 'baseUrl'>, env: NodeJS.ProcessEnv = currentIO().env): string {
  const own = env.ACCT_PUBLIC_URL?.trim();
  if (own) {
    let url: URL;
    try {
      url = new URL(own);
    } catch {
      throw new UsageError(
        `ACCT_PUBLIC_URL "${own}" is not a URL: give the root customers reach, e.g. https://books.example.ch`,
      );
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new UsageError(`ACCT_PUBLIC_URL "${own}" must be an http or https URL`);
    return own.replace(/\/+$/, '');
  }
  if (rt.ctx.mode === 'local') return LOCAL_SERVER_ROOT;
  return rt.baseUrl.replace(/\/+$/, '').replace(/\/api\/v2$/, '');
}

export const shareUrl = (root: string, token: string): string => `${root}/share/proposals/${token}`;

/** What a bookkeeper in local mode needs to know for the link to open at all. */
export function localLinkNote(rt: Pick<Runtime, 'ctx'>, env: NodeJS.ProcessEnv = currentIO().env): string | undefined {
  if (rt.ctx.mode !== 'local') return undefined;
  return env.ACCT_PUBLIC_URL?.trim()
    ? `The link opens while "acct server start" serves this ledger (${rt.ctx.dataDir}) at ACCT_PUBLIC_URL.`
    : `The link opens while "acct server start" serves this ledger (${rt.ctx.dataDir}) at ${LOCAL_SERVER_ROOT}; ` +
        'for customers elsewhere, serve it where they reach it and set ACCT_PUBLIC_URL to that address.';
}
