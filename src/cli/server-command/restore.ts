// `acct server restore FILE`: verifies a backup completely, then puts it in place of the data directory.
import { restoreFrom } from '../shared/safekeeping.js';
import type { VerbIO } from '../verb.js';
import { dataDirOption } from './data-dir.js';

interface RestoreOptions {
  file: string;
  data?: string;
  force?: boolean;
}

export default async function restore(opts: RestoreOptions, _io: VerbIO): Promise<void> {
  await restoreFrom(opts.file, dataDirOption(opts.data), opts.force === true);
}
