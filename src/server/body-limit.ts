// Request body sizes. Every body is held to a limit before it is read: 1 MB of JSON or form fields, a
// multipart body the route's file limit plus a margin; more is a 413 `{ message }`. A declared
// Content-Length over the limit is refused before a byte of the body is read; a body without one
// (chunked) is counted while it streams, and nothing past the limit is read.
import { createMiddleware } from 'hono/factory';
import type { AppEnv, Ctx } from './context.js';
import { HttpError } from './http-error.js';

/** JSON and urlencoded bodies: 1 MB (an invoice of 500 positions with long descriptions needs about 600 KB). */
const MAX_JSON_BYTES = 1024 * 1024;
/** Room on top of a multipart route's file limit before the body is refused unread. */
const MULTIPART_MARGIN = 10 * 1024 * 1024;

export const bodyTooLarge = (maxBytes: number) =>
  new HttpError(413, `The request body must not be greater than ${Math.floor(maxBytes / 1024)} kilobytes.`);

const isMultipart = (c: Ctx): boolean =>
  (c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data');

/**
 * The body's length as the headers declare it: Content-Length, 0 without a body (neither header),
 * undefined when it streams chunked. Deciding by the headers leaves the body untouched, so what is
 * refused unread can still be drained by the server and the client gets the answer.
 */
export function declaredLength(c: Ctx): number | undefined {
  if (c.req.header('transfer-encoding') !== undefined) return undefined;
  const raw = c.req.header('content-length')?.trim();
  if (raw === undefined) return 0;
  return /^\d{1,15}$/.test(raw) ? Number(raw) : undefined;
}

/**
 * Reads the body as far as maxBytes. When it ends within them the request is given the bytes read
 * (so the route reads them again from memory), declared by a Content-Length in place of chunked; else reading stops
 * there and the bytes read so far
 * come back with `complete: false`.
 */
export async function readUpTo(c: Ctx, maxBytes: number): Promise<{ complete: boolean; bytes: Uint8Array }> {
  const body = c.req.raw.body;
  if (!body) return { complete: true, bytes: new Uint8Array(0) };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size > maxBytes) {
      void discard(reader);
      return { complete: false, bytes: Buffer.concat(chunks) };
    }
  }
  const bytes = Buffer.concat(chunks, size);
  // the body is now bytes of a known length: declared so, later checks (declaredLength) need not read it again
  const headers = new Headers(c.req.raw.headers);
  headers.delete('transfer-encoding');
  headers.set('content-length', String(size));
  c.req.raw = new Request(c.req.raw, { headers, body: bytes });
  return { complete: true, bytes };
}

/** What a refused client may still be sending is read and dropped up to this much, so it gets the answer. */
const DISCARD_BYTES = 16 * 1024 * 1024;

/** Reads the rest of a refused body into nothing, up to DISCARD_BYTES (past them the server closes the connection). */
async function discard(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  let size = 0;
  try {
    while (size <= DISCARD_BYTES) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // the client is gone
  }
}

/**
 * The limit of every request's body (app.ts): multipart bodies `fileLimit(path)` plus
 * MULTIPART_MARGIN, every other body MAX_JSON_BYTES.
 */
export const bodyLimits = (fileLimit: (path: string) => number) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const declared = declaredLength(c);
    if (declared === 0) return next();
    const maxBytes = isMultipart(c) ? fileLimit(c.req.path) + MULTIPART_MARGIN : MAX_JSON_BYTES;
    if (declared !== undefined) {
      if (declared > maxBytes) throw bodyTooLarge(maxBytes);
      return next();
    }
    if (!(await readUpTo(c, maxBytes)).complete) throw bodyTooLarge(maxBytes);
    return next();
  });

/**
 * The part of a multipart body that was arriving at the end of `bytes` (a body cut off at a limit):
 * its field name and whether it is a file. Undefined while its headers are not complete.
 */
export function partAtEnd(bytes: Uint8Array, contentType: string): { name: string; file: boolean } | undefined {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!boundary) return undefined;
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const delimiter = `--${boundary[1] ?? boundary[2]}\r\n`;
  const at = text.lastIndexOf(delimiter);
  if (at < 0) return undefined;
  const end = text.indexOf('\r\n\r\n', at + delimiter.length);
  if (end < 0) return undefined;
  const headers = text.subarray(at + delimiter.length, end).toString('latin1');
  const disposition = /^content-disposition:(.*)$/im.exec(headers)?.[1] ?? '';
  return { name: /\bname="([^"]*)"/i.exec(disposition)?.[1] ?? '', file: /\bfilename\*?=/i.test(disposition) };
}
