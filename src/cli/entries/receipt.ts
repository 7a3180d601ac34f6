// The receipt of a booking (read and checked by readReceipt in shared/upload.ts) is sent as the
// multipart `file` field together with the other fields.
import type { UploadFile } from '../../api/endpoints/import-entries.js';

/** The body as multipart form data: arrays as `key[]`, booleans 1/0, null as an empty field, objects as JSON. */
export function multipartBody(body: Record<string, unknown>, receipt: UploadFile): FormData {
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
