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
/** The 422 message of a file over its limit (every upload field is named `file`). */
export const uploadTooBig = (maxBytes = MAX_UPLOAD_BYTES) =>
  `The file field must not be greater than ${maxBytes / 1024} kilobytes.`;

/**
 * Refuses a body far beyond the file limit before the route reads it into memory (the fields besides
 * the file need a few kilobytes; 1 MB of room keeps a file of the limit + 1 byte a plain 422). The
 * body is read up to that room to see which part is too big: the file answers the file's 422, any
 * other field the 413 of a body too large (app.ts refuses what is far beyond before this runs).
 */
export const uploadBodyLimit = (maxBytes = MAX_UPLOAD_BYTES) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const room = maxBytes + 1024 * 1024;
    const declared = declaredLength(c);
    if (declared !== undefined && declared <= room) return next();
    const read = await readUpTo(c, room);
    if (read.complete) return next();
    const part = partAtEnd(read.bytes, c.req.header('content-type') ?? '');
    if (part?.file && part.name === 'file') throw fieldError('file', uploadTooBig(maxBytes));
    throw bodyTooLarge(room);
  });

/** An uploaded file as stored: its cleaned name, its mime type and its bytes. */
export interface UploadedFile {
  name: string;
  mime: string;
  bytes: Uint8Array;
}

/** No file: the field absent or null, or the empty nameless part a form sends for a file input left empty. */
export const isNoFile = (value: unknown): boolean =>
  value === undefined || value === null || (value instanceof File && value.size === 0 && value.name === '');

/**
 * An uploaded file read into memory as it is stored: the name cleaned (`file` without one), the mime type by name and
 * declared type.
 */
export async function storedUpload(file: File): Promise<UploadedFile> {
  const name = cleanFileName(file.name || 'file');
  return { name, mime: mimeOf(name, file.type), bytes: new Uint8Array(await file.arrayBuffer()) };
}

/** The body's `file` field; missing, not a file or over `maxBytes`: a 422 on `file`. */
export function uploadedFileField(body: Body, maxBytes = MAX_UPLOAD_BYTES): File {
  const file = body.file;
  if (isNoFile(file)) throw fieldError('file', 'The file field is required.');
  if (!(file instanceof File)) throw fieldError('file', 'The file field must be a file.');
  if (file.size > maxBytes) throw fieldError('file', uploadTooBig(maxBytes));
  return file;
}

/** The body's `file` read into memory (see uploadedFileField for what is refused). */
export const readUploadedFile = async (body: Body, maxBytes = MAX_UPLOAD_BYTES): Promise<UploadedFile> =>
  storedUpload(uploadedFileField(body, maxBytes));

/**
 * The text of the body's `file` (UTF-8 or Windows-1252, see decodeText); no such file, or not text: a 422 on `file`.
 */
export async function readUploadedText(body: Body): Promise<string> {
  const text = decodeText((await readUploadedFile(body)).bytes);
  if (text === undefined) throw fieldError('file', 'The file field must be a file of type: csv, txt.');
  return text;
}
