// Signed file URLs: `GET {base}/files/{id}?expires=<unix seconds>&signature=<hex>` answers a stored file's
// bytes without a token. The signature is HMAC-SHA256 over "<id>.<expires>" with the data directory's
// signing secret (admin.ts signingSecret); a link is valid for 15 minutes. A missing, wrong or expired
// signature answers 403 "Invalid signature." (Laravel's signed middleware); a file deleted since → 404.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Hono } from 'hono';
import type { AppEnv, Ctx } from '../context.js';
import { signingSecret } from '../admin.js';
import { HttpError, notFound } from '../http-error.js';
import type { Db } from '../store/db.js';
import { findFile, readFileBytes, type StoredFile } from '../store/files.js';

/** How long a signed link stays valid. */
export const FILE_URL_TTL_SECONDS = 15 * 60;

const FILE_PATH = /^\/api\/v2\/files\/[^/]+\/?$/;

/** The signed file route needs no token: the auth middleware lets it through (app.ts). */
export const isSignedFileRequest = (method: string, path: string): boolean => (method === 'GET' || method === 'HEAD') && FILE_PATH.test(path);

export function fileSignature(secret: string, id: number, expires: number): string {
  return createHmac('sha256', secret).update(`${id}.${expires}`).digest('hex');
}

/** An absolute signed URL for the file, valid FILE_URL_TTL_SECONDS from `now`. */
export function signedFileUrl(db: Db, origin: string, id: number, now: Date = new Date()): string {
  const expires = Math.floor(now.getTime() / 1000) + FILE_URL_TTL_SECONDS;
  return `${origin}/api/v2/files/${id}?expires=${expires}&signature=${fileSignature(signingSecret(db), id, expires)}`;
}

/** The signer the entry serializer takes: URLs from the origin of the request being answered. */
export function fileUrlFor(c: Ctx): (file: StoredFile) => string {
  const origin = new URL(c.req.url).origin;
  const db = c.get('deps').db;
  const now = new Date();
  return (file) => signedFileUrl(db, origin, file.id, now);
}

export function verifyFileSignature(secret: string, id: number, expires: string | undefined, signature: string | undefined, now: Date = new Date()): boolean {
  if (!expires || !/^\d{1,12}$/.test(expires) || !signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(fileSignature(secret, id, Number(expires)), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature.toLowerCase(), 'hex'))) return false;
  return Number(expires) >= Math.floor(now.getTime() / 1000);
}

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
