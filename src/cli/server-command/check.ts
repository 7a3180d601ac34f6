// `acct server check`: SQLite's integrity check and the ledger's rules on a data directory.
import { checkLedger } from '../shared/safekeeping.js';
import type { VerbIO } from '../verb.js';
import { dataDirOption } from './data-dir.js';

interface CheckOptions {
  data?: string;
}

export default async function check(opts: CheckOptions, _io: VerbIO): Promise<void> {
  await checkLedger(dataDirOption(opts.data));
}
