// `acct times import <file> [--strict]`: uploads a CSV file to POST /times/import. The file is checked
// before any request (missing, unreadable, a directory, empty or over 6 MB: exit 2). The summary goes to
// stdout (created, failed; --json adds the row errors), every skipped row to stderr. Skipped rows do not
// fail the command unless --strict is given (exit 3; the valid rows stay imported).
import type { Command } from 'commander';
import { importTimes } from '../../api/endpoints/times.js';
import { CliError, ExitCode } from '../../errors.js';
import type { Column } from '../../output/types.js';
import { readUpload } from '../customers/import.js';
import { globalsOf, notice } from '../globals.js';
import { planOutput, printRecord } from '../output.js';
import { withRuntime } from '../runtime.js';

const COLUMNS: Column[] = [
  { key: 'created', kind: 'int' },
  { key: 'failed', kind: 'int' },
  { key: 'errors', kind: 'json', default: false },
];

export default async function importCommand(args: string[], opts: Record<string, unknown>, cmd: Command): Promise<void> {
  const g = globalsOf(cmd);
  const plan = planOutput(g, COLUMNS);
  const upload = readUpload(args[0]);
  const result = await withRuntime(g, async (rt) => importTimes(rt.client, await rt.company(), upload.bytes, upload.name));
  const skipped = result.errors.length;
  printRecord(plan, { created: result.created, failed: skipped, errors: result.errors });
  notice(`Imported ${upload.name}: ${result.created} created, ${skipped} ${skipped === 1 ? 'row' : 'rows'} skipped.`);
  for (const e of result.errors) notice(`  row ${e.row}: ${e.message}`);
  if (skipped > 0 && opts.strict) {
    throw new CliError(`${skipped} ${skipped === 1 ? 'row was' : 'rows were'} skipped (--strict); the other rows were imported`, ExitCode.Validation);
  }
}
