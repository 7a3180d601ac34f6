// `acct customers import <file> [--strict]`: uploads a CSV file to POST /customers/import. The file is
// checked before any request (missing, unreadable, a directory, empty or over 6 MB: exit 2). The
// summary goes to stdout (created, updated, failed; --json adds the row errors), every skipped row to
// stderr. Skipped rows do not fail the command unless --strict is given (exit 3; valid rows stay imported).
import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import type { Command } from 'commander';
import { importCustomers } from '../../api/endpoints/customers.js';
import { CliError, ExitCode, UsageError } from '../../errors.js';
import type { Column } from '../../output/types.js';
import { globalsOf, notice } from '../globals.js';
import { planOutput, printRecord } from '../output.js';
import { withRuntime } from '../runtime.js';

const MAX_BYTES = 6 * 1024 * 1024;

const COLUMNS: Column[] = [
  { key: 'created', kind: 'int' },
  { key: 'updated', kind: 'int' },
  { key: 'failed', kind: 'int' },
  { key: 'errors', kind: 'json', default: false },
];

/** The file's bytes, or a usage error saying why it cannot be uploaded. */
export function readUpload(file: string): { bytes: Uint8Array<ArrayBuffer>; name: string } {
  if (file === '-') {
    let data: Buffer;
    try { data = readFileSync(0); } catch (err) { throw new UsageError(`cannot read stdin: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`); }
    if (data.length === 0) throw new UsageError('stdin is empty: expected CSV with a header row');
    return { bytes: new Uint8Array(data), name: 'stdin.csv' };
  }
  let size: number;
  try {
    const st = statSync(file);
    if (st.isDirectory()) throw new UsageError(`${file} is a directory, not a CSV file`);
    size = st.size;
  } catch (err) {
    if (err instanceof UsageError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw new UsageError(code === 'ENOENT' ? `no such file: ${file}` : `cannot read ${file}: ${code ?? (err as Error).message}`);
  }
  if (size === 0) throw new UsageError(`${file} is empty: expected CSV with a header row`);
  if (size > MAX_BYTES) throw new UsageError(`${file} is larger than 6 MB; split it into smaller files`);
  let data: Buffer;
  try {
    data = readFileSync(file);
  } catch (err) {
    throw new UsageError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  return { bytes: new Uint8Array(data), name: basename(file) };
}

export default async function importCommand(args: string[], opts: Record<string, unknown>, cmd: Command): Promise<void> {
  const g = globalsOf(cmd);
  const plan = planOutput(g, COLUMNS);
  const upload = readUpload(args[0]);
  const result = await withRuntime(g, async (rt) => importCustomers(rt.client, await rt.company(), upload.bytes, upload.name));
  printRecord(plan, { created: result.created, updated: result.updated, failed: result.errors.length, errors: result.errors });
  const skipped = result.errors.length;
  notice(`Imported ${upload.name}: ${result.created} created, ${result.updated} updated, ${skipped} ${skipped === 1 ? 'row' : 'rows'} skipped.`);
  for (const e of result.errors) notice(`  row ${e.row}: ${e.message}`);
  if (skipped > 0 && opts.strict) {
    throw new CliError(`${skipped} ${skipped === 1 ? 'row was' : 'rows were'} skipped (--strict); the other rows were imported`, ExitCode.Validation);
  }
}
