// `acct backup`: a backup of the local ledger now, the list of its daily snapshots, or where they go.
import { resolve } from 'node:path';
import type { Column } from '../../output/types.js';
import { listRenderer, planOutput } from '../output.js';
import { notice } from '../globals.js';
import { localBackupDir, setLocalBackupDir } from '../runtime.js';
import { backupTo } from '../shared/safekeeping.js';
import type { VerbIO } from '../verb.js';
import { dataDir } from '../../config/index.js';
import { COMPANY_TIME_ZONE, wallClock } from '../../domain/clock.js';

interface BackupOptions {
  out?: string;
  list?: boolean;
  /** a directory, or "default" for the data directory's backups/ */
  backupDir?: string;
}

const LIST_COLUMNS: Column[] = [
  { key: 'day', kind: 'date' },
  { key: 'keep' },
  { key: 'size', kind: 'int' },
  { key: 'path' },
];

export default async function backup(opts: BackupOptions, io: VerbIO): Promise<void> {
  const ledger = dataDir(io.env);
  if (opts.backupDir !== undefined) {
    setLocalBackupDir(ledger, opts.backupDir === 'default' ? undefined : resolve(opts.backupDir));
    notice(`Daily backups of ${ledger} go to ${localBackupDir(ledger)}.`);
  }
  const dir = localBackupDir(ledger);
  if (opts.list) {
    const plan = planOutput(io.globals(), LIST_COLUMNS);
    const { listBackups } = await import('../../server/main.js');
    const renderer = listRenderer(plan);
    renderer.push(listBackups(dir) as unknown as Record<string, unknown>[]);
    renderer.end();
    return;
  }
  const { dailyName } = await import('../../server/main.js');
  // without --out: today's snapshot in the backup directory, as the daily one would be
  await backupTo(ledger, opts.out ?? resolve(dir, dailyName(wallClock(new Date(), COMPANY_TIME_ZONE).date)));
}
