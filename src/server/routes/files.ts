// The signed file route: `GET {base}/files/{id}?expires=<unix seconds>&signature=<hex>` answers a stored
// file's bytes without a token (the links and their signature: file-links.ts). A missing, wrong or
// expired signature answers 403 "Invalid signature." (Laravel's signed middleware); a file deleted since
// → 404; a file of a company whose subscription expired → 402. Only types a browser shows without running
// anything are served inline; every other file is a download, and no answer may run a script.
import type { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import { signingSecret } from '../local-access.js';
import { verifyFileSignature } from '../file-links.js';
import { HttpError, notFound, subscriptionExpired } from '../http-error.js';
import { findCompany } from '../store/companies.js';
import { findFile, readFileBytes } from '../store/files.js';

const invalidSignature = () => new HttpError(403, 'Invalid signature.');

/** Served inline with their own type; anything else (HTML, SVG, XML, text …) as application/octet-stream. */
const INLINE_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** RFC 5987 encoding: percent-encodes what encodeURIComponent leaves but attr-char does not allow. */
const rfc5987 = (name: string) =>
  encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
function disposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${rfc5987(name)}`;
}

export function registerFiles(r: Hono<AppEnv>): void {
  r.get('/files/:file', (c) => {
    const raw = c.req.param('file');
    if (!/^\d{1,15}$/.test(raw)) throw invalidSignature();
    const id = Number(raw);
    const db = c.get('deps').db;
    if (!verifyFileSignature(signingSecret(db), id, c.req.query('expires'), c.req.query('signature')))
      throw invalidSignature();
    const file = findFile(db, id);
    const bytes = file && readFileBytes(c.get('deps').dataDir, file);
    if (!file || !bytes) throw notFound('File not found.');
    if (findCompany(db, file.company_id)?.subscription_expired) throw subscriptionExpired();
    const inline = INLINE_TYPES.has(file.mime);
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': inline ? file.mime : 'application/octet-stream',
      'Content-Length': String(bytes.byteLength),
      'Content-Disposition': disposition(inline ? 'inline' : 'attachment', file.name),
      'Cache-Control': 'private, max-age=0, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    });
  });
}
