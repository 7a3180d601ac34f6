// Uploaded files: the size limit of every upload route (6 MB; bank statements 50 MB), a body far beyond
// it refused before it is read, an uploaded file read into memory, and the text of an uploaded CSV file.
import { bodyLimit } from 'hono/body-limit';
import { fieldError } from './http-error.js';
import type { Body } from './request.js';
import { decodeText } from './domain/text.js';
import { cleanFileName, mimeOf } from './store/files.js';

/** 6 MB (Laravel's max:6144 kilobytes) */
export const MAX_UPLOAD_BYTES = 6 * 1024 * 1024;
export const UPLOAD_TOO_BIG = `The :attribute field must not be greater than ${MAX_UPLOAD_BYTES / 1024} kilobytes.`;
const tooBig = (maxBytes: number) => `The file field must not be greater than ${maxBytes / 1024} kilobytes.`;

/**
 * Refuses a body far beyond the file limit before it is read into memory, with the file's 422 (the
 * fields besides the file need a few kilobytes; 1 MB of room keeps a file of the limit + 1 byte a plain 422).
 */
export const uploadBodyLimit = (maxBytes = MAX_UPLOAD_BYTES) => bodyLimit({
  maxSize: maxBytes + 1024 * 1024,
  onError: () => { throw fieldError('file', tooBig(maxBytes)); },
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
