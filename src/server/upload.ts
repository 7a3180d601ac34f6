// Uploaded files: the size limit of every upload route (6 MB; bank statements 50 MB), a body far beyond
// it refused before the route reads it, an uploaded file read into memory, and the text of an uploaded CSV file.
import { createMiddleware } from 'hono/factory';
import { bodyTooLarge, declaredLength, partAtEnd, readUpTo } from './body-limit.js';
import type { AppEnv } from './context.js';
import { fieldError } from './http-error.js';
import type { Body } from './request.js';
import { decodeText } from '../domain/text.js';
import { cleanFileName, mimeOf } from './store/files.js';

/** 6 MB (Laravel's max:6144 kilobytes) */
export const MAX_UPLOAD_BYTES = 6 * 1024 * 1024;
export const UPLOAD_TOO_BIG = `The :attribute field must not be greater than ${MAX_UPLOAD_BYTES / 1024} kilobytes.`;
const tooBig = (maxBytes: number) => `The file field must not be greater than ${maxBytes / 1024} kilobytes.`;

/**
 * Refuses a body far beyond the file limit before the route reads it into memory (the fields besides
 * the file need a few kilobytes; 1 MB of room keeps a file of the limit + 1 byte a plain 422). The
 * body is read up to that room to see which part is too big: the file answers the file's 422, any
 * other field the 413 of a body too large (app.ts refuses what is far beyond before this runs).
 */
export const uploadBodyLimit = (maxBytes = MAX_UPLOAD_BYTES) => createMiddleware<AppEnv>(async (c, next) => {
  const room = maxBytes + 1024 * 1024;
  const declared = declaredLength(c);
  if (declared !== undefined && declared <= room) return next();
  const read = await readUpTo(c, room);
  if (read.complete) return next();
  const part = partAtEnd(read.bytes, c.req.header('content-type') ?? '');
  if (part?.file && part.name === 'file') throw fieldError('file', tooBig(maxBytes));
  throw bodyTooLarge(room);
});

/** An uploaded file as stored: its cleaned name, its mime type and its bytes. */
export interface UploadedFile { name: string; mime: string; bytes: Uint8Array }

/** The body's `file` read into memory; missing, not a file or over `maxBytes`: a 422 on `file`. */
export async function readUploadedFile(body: Body, maxBytes = MAX_UPLOAD_BYTES): Promise<UploadedFile> {
  const file = body.file;
  if (file === undefined || file === null || (file instanceof File && file.size === 0 && file.name === '')) throw fieldError('file', 'The file field is required.');
  if (!(file instanceof File)) throw fieldError('file', 'The file field must be a file.');
  if (file.size > maxBytes) throw fieldError('file', tooBig(maxBytes));
  const name = cleanFileName(file.name || 'file');
  return { name, mime: mimeOf(name, file.type), bytes: new Uint8Array(await file.arrayBuffer()) };
}

/** The text of the body's `file` (UTF-8 or Windows-1252, see decodeText); what is no such file is a 422 on `file`. */
export async function readUploadedText(body: Body): Promise<string> {
  let file = body.file;
  if (Array.isArray(file)) file = file.length === 1 ? file[0] : file;
  if (file === undefined || file === null || file === '') throw fieldError('file', 'The file field is required.');
  if (!(file instanceof File)) throw fieldError('file', 'The file field must be a file.');
  if (file.size > MAX_UPLOAD_BYTES) throw fieldError('file', UPLOAD_TOO_BIG.replace(':attribute', 'file'));
  const text = decodeText(new Uint8Array(await file.arrayBuffer()));
  if (text === undefined) throw fieldError('file', 'The file field must be a file of type: csv, txt.');
  return text;
}
