import { dataDir } from '../../config/index.js';

/** --data, else the local ledger's directory. */
export const dataDirOption = (data: string | undefined): string => data ?? dataDir(process.env);
