// Bodies of the service beyond JSON lists: a single record's { data } envelope, and a file sent as multipart.
import { CliError } from '../errors.js';
import type { UploadFile } from './endpoints/import-entries.js';

/** The record in an answer's `data`; an answer without one is a failure naming `path`. */
export function dataOf<T>(body: unknown, path: string): T {
  const data = body && typeof body === 'object' && !Array.isArray(body) ? (body as { data?: unknown }).data : undefined;
  if (!data || typeof data !== 'object') throw new CliError(`unexpected answer from ${path}: expected { data }`);
  return data as T;
}

/** The multipart body of an upload: the file as `file`. */
export function fileForm(file: UploadFile): FormData {
  const form = new FormData();
  form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
  return form;
}
