// The receipt of a booking: checked before any request (exists, a file, at most 6 MB), then sent as the
// multipart `file` field together with the other fields.
import { basename, extname } from 'node:path';
import { UsageError } from '../../errors.js';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_MB, readFileToUpload } from '../shared/upload.js';

export interface Receipt { bytes: Uint8Array<ArrayBuffer>; name: string; type: string }

const TYPES: Record<string, string> = {
  '.pdf': 'application/pdf', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif',
  '.webp': 'image/webp', '.heic': 'image/heic', '.txt': 'text/plain', '.csv': 'text/csv', '.xml': 'application/xml',
};

export function readReceipt(file: string): Receipt {
  const data = readFileToUpload(file, {
    directory: `--receipt ${file} is a directory, not a file`,
    missing: `--receipt: no such file: ${file}`,
    unreadable: (reason) => `--receipt: cannot read ${file}: ${reason}`,
  }, (size) => {
    if (size > MAX_UPLOAD_BYTES) {
      throw new UsageError(`--receipt ${file} is larger than ${MAX_UPLOAD_MB} MB (${(size / 1024 / 1024).toFixed(1)} MB); the service takes receipts up to ${MAX_UPLOAD_MB} MB`);
    }
  });
  return { bytes: new Uint8Array(data), name: basename(file), type: TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream' };
}

/** The body as multipart form data: arrays as `key[]`, booleans 1/0, null as an empty field, objects as JSON. */
export function multipartBody(body: Record<string, unknown>, receipt: Receipt): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) form.append(`${key}[]`, String(v));
    else if (value === null) form.append(key, '');
    else if (typeof value === 'boolean') form.append(key, value ? '1' : '0');
    else if (typeof value === 'object') form.append(key, JSON.stringify(value));
    else form.append(key, String(value));
  }
  form.append('file', new Blob([receipt.bytes], { type: receipt.type }), receipt.name);
  return form;
}
