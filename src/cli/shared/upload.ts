// Files sent to the API, checked before any request: the service's upload limit, reading a file with
// one clear usage error for each way it can fail, receipts (of bookings and of imported bank
// transactions), and the CSV imports (the upload and the summary of what the service created, updated
// and skipped).
import { readFileSync, statSync } from 'node:fs';
import { basename, extname } from 'node:path';
import type { UploadFile } from '../../api/endpoints/import-entries.js';
import { CliError, ExitCode, UsageError } from '../../errors.js';
import type { Column } from '../../output/types.js';
import { notice } from '../globals.js';
import { printRecord, type OutputPlan } from '../output.js';
import { currentIO } from '../io.js';

/** The largest file the service takes (receipts and CSV imports alike). */
export const MAX_UPLOAD_MB = 6;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;

/** What to say when a file cannot be uploaded: it is a directory, it is missing, or reading failed (why). */
export interface FileProblems {
  directory: string;
  missing: string;
  unreadable: (why: string) => string;
}

const why = (err: unknown) => (err as NodeJS.ErrnoException).code ?? (err as Error).message;

/** The bytes of `file`; `checkSize` may refuse it by its size before it is read. */
export function readFileToUpload(file: string, problems: FileProblems, checkSize: (size: number) => void): Buffer {
  let size: number;
  try {
    const st = statSync(file);
    if (st.isDirectory()) throw new UsageError(problems.directory);
    size = st.size;
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(
      (err as NodeJS.ErrnoException).code === 'ENOENT' ? problems.missing : problems.unreadable(why(err)),
    );
  }
  checkSize(size);
  try {
    return readFileSync(file);
  } catch (err) {
    throw new UsageError(problems.unreadable(why(err)));
  }
}

const TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.heic': 'image/heic',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.xml': 'application/xml',
  '.zip': 'application/zip',
};

/** The media type of a file by its extension (application/octet-stream for any other). */
export const mediaType = (file: string): string => TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';

/**
 * How a file sent as it is may be refused: the problems of reading it, its largest size, and (when an empty one is
 * refused) what to say then.
 */
export interface FileRules extends FileProblems {
  maxBytes: number;
  tooLarge: (size: number) => string;
  empty?: string;
}

/**
 * A file sent as it is (a receipt, a bank statement): its bytes, the name it is sent under and its media type, checked
 * by `rules` before any request.
 */
export function readUploadFile(file: string, rules: FileRules): UploadFile {
  const data = readFileToUpload(file, rules, (size) => {
    if (size === 0 && rules.empty !== undefined) throw new UsageError(rules.empty);
    if (size > rules.maxBytes) throw new UsageError(rules.tooLarge(size));
  });
  return { bytes: new Uint8Array(data), name: basename(file), type: mediaType(file) };
}

/**
 * A receipt to upload (at most 6 MB), checked before any request; `flag` (e.g. --receipt) starts every
 * message when the file came from one.
 */
export function readReceipt(file: string, flag?: string): UploadFile {
  return readUploadFile(file, {
    directory: `${flag ? `${flag} ` : ''}${file} is a directory, not a file`,
    missing: `${flag ? `${flag}: ` : ''}no such file: ${file}`,
    unreadable: (reason) => `${flag ? `${flag}: ` : ''}cannot read ${file}: ${reason}`,
    maxBytes: MAX_UPLOAD_BYTES,
    tooLarge: (size) =>
      `${flag ? `${flag} ` : ''}${file} is larger than ${MAX_UPLOAD_MB} MB (${(size / 1024 / 1024).toFixed(1)} MB); ` +
      `the service takes receipts up to ${MAX_UPLOAD_MB} MB`,
  });
}

/** A CSV file (or `-` for stdin) to import: its bytes and the name it is sent under (files over `maxBytes` refused). */
export function readUpload(
  file: string,
  maxBytes = MAX_UPLOAD_BYTES,
): { bytes: Uint8Array<ArrayBuffer>; name: string } {
  if (file === '-') {
    let data: Buffer;
    try {
      data = currentIO().stdin.read();
    } catch (err) {
      throw new UsageError(`cannot read stdin: ${why(err)}`);
    }
    if (data.length === 0) throw new UsageError('stdin is empty: expected CSV with a header row');
    return { bytes: new Uint8Array(data), name: 'stdin.csv' };
  }
  const data = readFileToUpload(
    file,
    {
      directory: `${file} is a directory, not a CSV file`,
      missing: `no such file: ${file}`,
      unreadable: (reason) => `cannot read ${file}: ${reason}`,
    },
    (size) => {
      if (size === 0) throw new UsageError(`${file} is empty: expected CSV with a header row`);
      if (size > maxBytes)
        throw new UsageError(`${file} is larger than ${MAX_UPLOAD_MB} MB; split it into smaller files`);
    },
  );
  return { bytes: new Uint8Array(data), name: basename(file) };
}

export interface ImportRowError {
  row: number;
  message: string;
}

/**
 * The summary record of an import: the counts given (e.g. created, updated), failed, and the row errors (JSON only by
 * default).
 */
export function importColumns(counts: string[]): Column[] {
  return [
    ...counts.map((key): Column => ({ key, kind: 'int' })),
    { key: 'failed', kind: 'int' },
    { key: 'errors', kind: 'json', default: false },
  ];
}

/**
 * Prints the summary of an import on stdout and every skipped row on stderr. Skipped rows fail the
 * command only with --strict (exit 3; the valid rows stay imported).
 */
export function reportImport(
  plan: OutputPlan,
  fileName: string,
  counts: Record<string, number>,
  errors: ImportRowError[],
  strict: boolean,
): void {
  const skipped = errors.length;
  printRecord(plan, { ...counts, failed: skipped, errors });
  const done = Object.entries(counts)
    .map(([what, n]) => `${n} ${what}`)
    .join(', ');
  notice(`Imported ${fileName}: ${done}, ${skipped} ${skipped === 1 ? 'row' : 'rows'} skipped.`);
  for (const e of errors) notice(`  row ${e.row}: ${e.message}`);
  if (skipped > 0 && strict) {
    throw new CliError(
      `${skipped} ${skipped === 1 ? 'row was' : 'rows were'} skipped (--strict); the other rows were imported`,
      ExitCode.Validation,
    );
  }
}
