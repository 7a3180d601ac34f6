// Signed file URLs: `{origin}/api/v2/files/{id}?expires=<unix seconds>&signature=<hex>` gives a stored
// file's bytes without a token. The signature is HMAC-SHA256 over "<id>.<expires>" with the data
// directory's signing secret (local-access.ts signingSecret); a link is valid for 15 minutes.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { signingSecret } from './local-access.js';
import type { Ctx } from './context.js';
import type { Db } from './store/db.js';
import type { StoredFile } from './store/files.js';

/** How long a signed link stays valid. */
export const FILE_URL_TTL_SECONDS = 15 * 60;

export function fileSignature(secret: string, id: number, expires: number): string {
  return createHmac('sha256', secret).update(`${id}.${expires}`).digest('hex');
}

/** An absolute signed URL for the file, valid FILE_URL_TTL_SECONDS from `now`. */
function signedFileUrl(db: Db, origin: string, id: number, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + FILE_URL_TTL_SECONDS;
  return `${origin}/api/v2/files/${id}?expires=${expires}&signature=${fileSignature(signingSecret(db), id, expires)}`;
}

/** The signer the entry presenter takes: URLs from the origin of the request being answered. */
export function fileUrlFor(c: Ctx): (file: StoredFile) => string {
  const origin = new URL(c.req.url).origin;
  const db = c.get('deps').db;
  const now = new Date();
  return (file) => signedFileUrl(db, origin, file.id, now);
}

export function verifyFileSignature(
  secret: string,
  id: number,
  expires: string | undefined,
  signature: string | undefined,
  now: Date = new Date(),
): boolean {
  if (!expires || !/^\d{1,12}$/.test(expires) || !signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(fileSignature(secret, id, Number(expires)), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature.toLowerCase(), 'hex'))) return false;
  return Number(expires) >= Math.floor(now.getTime() / 1000);
}
