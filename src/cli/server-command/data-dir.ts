import { dataDir } from '../../config/index.js';

/** --data, else the local ledger's directory. */
export const dataDirOption = (opts: Record<string, unknown>): string => (opts.data as string | undefined) ?? dataDir(process.env);
