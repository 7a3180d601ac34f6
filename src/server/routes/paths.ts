// What the outer app must know of a few routes before their modules are loaded (app.ts): the signed
// file link, which needs no token, and the bank statement upload, which takes a larger body.

const FILE_PATH = /^\/api\/v2\/files\/[^/]+\/?$/;

/** The signed file route needs no token: the auth middleware lets it through (app.ts). */
export const isSignedFileRequest = (method: string, path: string): boolean =>
  (method === 'GET' || method === 'HEAD') && FILE_PATH.test(path);

export const MAX_STATEMENT_BYTES = 50 * 1024 * 1024;

/** Where a bank statement is uploaded (the spec's path and the Laravel one). */
export const STATEMENT_UPLOAD_PATHS = ['/entries/import/camt-upload', '/import-entries/upload-camt'] as const;

/** A bank statement upload takes MAX_STATEMENT_BYTES (the app's body limit asks, app.ts). */
export const isStatementUpload = (path: string): boolean =>
  path.startsWith('/api/v2/companies/') && STATEMENT_UPLOAD_PATHS.some((p) => path.endsWith(p));
