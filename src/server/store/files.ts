// Uploaded files (booking receipts): a row in `files` and the bytes under `<data dir>/files/`.
// Layout: `files/<company_id>/<32 hex characters><.ext>`, the extension taken from the uploaded name
// (lower case, letters and digits only) so a directory listing stays readable. `files.path` holds the
// path relative to the data directory. Directories are 0700, files 0600.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterCommit, all, one, onRollback, run, timestamp, transaction, type Db, type Row } from './db.js';

export const FILES_DIR = 'files';

export interface StoredFile {
  id: number;
  company_id: number;
  name: string;
  size: number;
  mime: string;
  path: string;
  created_at: string;
  updated_at: string;
}

const toFile = (r: Row): StoredFile => ({
  id: Number(r.id),
  company_id: Number(r.company_id),
  name: r.name,
  size: Number(r.size),
  mime: r.mime,
  path: r.path,
  created_at: r.created_at,
  updated_at: r.updated_at,
});

const MIME_BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  svg: 'image/svg+xml',
  txt: 'text/plain',
  csv: 'text/csv',
  xml: 'application/xml',
  json: 'application/json',
  zip: 'application/zip',
};

export const extensionOf = (name: string): string => {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(name);
  return m ? m[1].toLowerCase() : '';
};

/** The stored mime type: the one the upload declares, else one guessed from the name, else octet-stream. */
export function mimeOf(name: string, declared: string | undefined): string {
  const clean = (declared ?? '').split(';')[0].trim().toLowerCase();
  if (/^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(clean) && clean !== 'application/octet-stream') return clean;
  return MIME_BY_EXTENSION[extensionOf(name)] ?? 'application/octet-stream';
}

/** A file name as stored and shown: the base name, without control characters, at most 255 characters. */
export function cleanFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const base = name
    .replace(/\\/g, '/')
    .split('/')
    .pop()!
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  if (base.length <= 255) return base || 'file';
  const ext = extensionOf(base);
  return ext ? `${base.slice(0, 254 - ext.length)}.${ext}` : base.slice(0, 255);
}

export function findFile(db: Db, id: number, companyId?: number): StoredFile | undefined {
  const row =
    companyId === undefined
      ? one(db, 'SELECT * FROM files WHERE id = ?', id)
      : one(db, 'SELECT * FROM files WHERE company_id = ? AND id = ?', companyId, id);
  return row && toFile(row);
}

export function filesByIds(db: Db, ids: number[]): Map<number, StoredFile> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  return new Map(
    all(db, `SELECT * FROM files WHERE id IN (${unique.map(() => '?').join(', ')})`, ...unique).map((r) => [
      Number(r.id),
      toFile(r),
    ]),
  );
}

/**
 * Writes the bytes under the data directory and inserts the row, in the caller's transaction (or one of
 * its own): when that transaction's changes are undone, the bytes are removed again.
 */
export function insertFile(
  db: Db,
  dataDir: string,
  companyId: number,
  name: string,
  mime: string,
  bytes: Uint8Array,
): StoredFile {
  const ext = extensionOf(name);
  const relative = join(FILES_DIR, String(companyId), `${randomBytes(16).toString('hex')}${ext ? `.${ext}` : ''}`);
  const absolute = join(dataDir, relative);
  return transaction(db, () => {
    mkdirSync(dirname(absolute), { recursive: true, mode: 0o700 });
    writeFileSync(absolute, bytes, { mode: 0o600 });
    onRollback(db, () => rmSync(absolute, { force: true }));
    const now = timestamp();
    const id = Number(
      run(
        db,
        'INSERT INTO files (company_id, name, size, mime, path, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        companyId,
        name,
        bytes.byteLength,
        mime,
        relative,
        now,
        now,
      ).lastInsertRowid,
    );
    return findFile(db, id)!;
  });
}

/**
 * Deletes the company's file `id` (nothing when there is none), in the caller's transaction (or one of
 * its own): the row at once, the bytes once the outermost transaction has committed.
 */
export function deleteFile(db: Db, dataDir: string, companyId: number, id: number): void {
  const file = findFile(db, id, companyId);
  if (!file) return;
  transaction(db, () => {
    run(db, 'DELETE FROM files WHERE id = ?', id);
    afterCommit(db, () => rmSync(join(dataDir, file.path), { force: true }));
  });
}

export function readFileBytes(dataDir: string, file: StoredFile): Buffer | undefined {
  try {
    return readFileSync(join(dataDir, file.path));
  } catch {
    return undefined;
  }
}
