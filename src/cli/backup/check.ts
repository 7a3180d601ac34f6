// `acct check`: the local ledger's integrity and rules (`acct server check --data DIR` for another directory).
import { dataDir } from '../../config/index.js';
import { checkLedger } from '../shared/safekeeping.js';
import type { NoOptions, VerbIO } from '../verb.js';

export default async function check(_opts: NoOptions, io: VerbIO): Promise<void> {
  await checkLedger(dataDir(io.env));
}
