// Uploaded files: the one size limit of every upload route, and the text of an uploaded CSV file.
import { fieldError } from './http-error.js';
import type { Body } from './request.js';
import { decodeText } from './domain/text.js';

/** 6 MB (Laravel's max:6144 kilobytes) */
export const MAX_UPLOAD_BYTES = 6 * 1024 * 1024;
export const UPLOAD_TOO_BIG = `The :attribute field must not be greater than ${MAX_UPLOAD_BYTES / 1024} kilobytes.`;

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
