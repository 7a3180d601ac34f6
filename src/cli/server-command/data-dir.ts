import { dataDir } from '../../config/index.js';
import { currentIO } from '../io.js';

/** --data, else the local ledger's directory. */
export const dataDirOption = (data: string | undefined): string => data ?? dataDir(currentIO().env);
