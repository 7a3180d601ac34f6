// `acct times import <file> [--strict]`: uploads a CSV file to POST /times/import. The file is checked
// before any request (missing, unreadable, a directory, empty or over 6 MB: exit 2). The summary goes to
// stdout (created, failed; --json adds the row errors), every skipped row to stderr. Skipped rows do not
// fail the command unless --strict is given (exit 3; the valid rows stay imported).
import { importTimes } from '../../api/endpoints/times.js';
import { planOutput } from '../output.js';
import { importColumns, readUpload, reportImport } from '../shared/upload.js';
import type { VerbIO } from '../verb.js';

interface ImportOptions {
  /** a CSV file, or - for stdin */
  file: string;
  strict?: boolean;
}

export default async function importCommand({ file, strict }: ImportOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planOutput(g, importColumns(['created']));
  const upload = readUpload(file);
  const result = await io.withRuntime(async (rt) =>
    importTimes(rt.client, await rt.company(), upload.bytes, upload.name),
  );
  reportImport(plan, upload.name, { created: result.created }, result.errors, strict === true);
}
