// What `acct backup`, `acct check` and their `acct server …` twins share: they work on a data directory
// directly (beside a server that may be running on it), through the service's backup and check code,
// loaded only when one of them runs.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CliError, ExitCode, UsageError } from '../../errors.js';
import { notice } from '../globals.js';
import { currentIO } from '../io.js';

type Admin = typeof import('../../server/main.js');

/** Opens an existing ledger (never seeds one: a backup or check of nothing is a mistake in the path). */
async function withLedger<T>(
  dataDir: string,
  fn: (db: ReturnType<Admin['openDatabase']>, admin: Admin) => T | Promise<T>,
): Promise<T> {
  const admin = await import('../../server/main.js');
  if (!existsSync(join(dataDir, admin.DATABASE_FILE)))
    throw new UsageError(`no ledger in ${dataDir} (no ${admin.DATABASE_FILE})`);
  const db = admin.openDatabase(dataDir);
  try {
    return await fn(db, admin);
  } finally {
    db.close();
  }
}

/** Takes a backup of `dataDir` into `out`; prints the file on stdout, what it holds on stderr. */
export async function backupTo(dataDir: string, out: string): Promise<void> {
  await withLedger(dataDir, async (db, admin) => {
    const r = await admin.takeSnapshot(db, dataDir, out);
    currentIO().out.write(`${r.out}\n`);
    notice(
      `Backup of ${dataDir}: the database and ${r.files} file${r.files === 1 ? '' : 's'}, content SHA-256 ` +
        `${r.manifest.content_sha256}.`,
    );
    for (const path of r.missing) notice(`warning: ${path} was deleted while the backup ran; it is not in the backup`);
  });
}

/** SQLite's own words for a damaged file, when opening or reading it fails before the integrity check can say so. */
const DAMAGED = /malformed|corrupt|not a database/i;

/**
 * Runs every rule; one line per violated rule on stdout, exit 8 when any is violated (a file SQLite cannot read too).
 */
export async function checkLedger(dataDir: string): Promise<void> {
  try {
    await checkRules(dataDir);
  } catch (err) {
    if (err instanceof CliError || !DAMAGED.test((err as Error).message)) throw err;
    currentIO().out.write(`SQLite integrity check: 1 violation: ${(err as Error).message}\n`);
    throw new CliError(
      `the database of ${dataDir} is damaged: restore a backup (acct server restore)`,
      ExitCode.Unsound,
    );
  }
}

async function checkRules(dataDir: string): Promise<void> {
  await withLedger(dataDir, (db, admin) => {
    const started = performance.now();
    const violations = admin.checkBooks(db, dataDir);
    const ms = Math.round(performance.now() - started);
    currentIO().out.write(violations.map((v) => `${admin.violationLine(v)}\n`).join(''));
    if (violations.length) {
      throw new CliError(
        `the books of ${dataDir} break ${violations.length} of ${admin.RULE_COUNT} rules`,
        ExitCode.Unsound,
      );
    }
    notice(`All ${admin.RULE_COUNT} rules hold for ${dataDir} (${ms} ms).`);
  });
}

/** Verifies a backup and restores it into `dataDir` (see restoreBackup); a damaged one exits 8, nothing changed. */
export async function restoreFrom(file: string, dataDir: string, force: boolean): Promise<void> {
  const admin = await import('../../server/main.js');
  try {
    const r = await admin.restoreBackup(file, dataDir, force);
    const count = r.manifest.members.length - 1;
    notice(`Restored ${file} into ${r.dataDir}: the database and ${count} file${count === 1 ? '' : 's'}, verified.`);
    if (r.previous) notice(`The previous directory is kept as ${r.previous}.`);
  } catch (err) {
    if (err instanceof admin.BackupInvalid)
      throw new CliError(`${err.message}; nothing was restored`, ExitCode.Unsound);
    if (err instanceof admin.AdminError) throw new UsageError(err.message);
    throw err;
  }
}
