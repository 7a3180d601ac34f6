// `acct server backup`: a consistent snapshot of a data directory (while a server runs on it) into one file.
import { backupTo } from '../shared/safekeeping.js';
import type { VerbIO } from '../verb.js';
import { dataDirOption } from './data-dir.js';

interface BackupOptions {
  data?: string;
  out: string;
}

export default async function backup(opts: BackupOptions, _io: VerbIO): Promise<void> {
  await backupTo(dataDirOption(opts.data), opts.out);
}
