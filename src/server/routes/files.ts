// The signed file route: `GET {base}/files/{id}?expires=<unix seconds>&signature=<hex>` answers a stored
// file's bytes without a token (the links and their signature: file-links.ts). A missing, wrong or
// expired signature answers 403 "Invalid signature." (Laravel's signed middleware); a file deleted since → 404.
import type { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import { signingSecret } from '../admin.js';
import { verifyFileSignature } from '../file-links.js';
import { HttpError, notFound } from '../http-error.js';
import { findFile, readFileBytes } from '../store/files.js';


const FILE_PATH = /^\/api\/v2\/files\/[^/]+\/?$/;

/** The signed file route needs no token: the auth middleware lets it through (app.ts). */
export const isSignedFileRequest = (method: string, path: string): boolean => (method === 'GET' || method === 'HEAD') && FILE_PATH.test(path);

const invalidSignature = () => new HttpError(403, 'Invalid signature.');

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
function disposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function registerFiles(r: Hono<AppEnv>): void {
  r.get('/files/:file', (c) => {
    const raw = c.req.param('file');
    if (!/^\d{1,15}$/.test(raw)) throw invalidSignature();
    const id = Number(raw);
    const db = c.get('deps').db;
    if (!verifyFileSignature(signingSecret(db), id, c.req.query('expires'), c.req.query('signature'))) throw invalidSignature();
    const file = findFile(db, id);
    const bytes = file && readFileBytes(c.get('deps').dataDir, file);
    if (!file || !bytes) throw notFound('File not found.');
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': file.mime,
      'Content-Length': String(bytes.byteLength),
      'Content-Disposition': disposition(file.name),
      'Cache-Control': 'private, max-age=0, no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  });
}
