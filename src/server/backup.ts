// Backups of a data directory: one ZIP holding a consistent snapshot of the database (SQLite's online
// backup, taken while other processes read and write), every stored file the snapshot references, and
// a manifest with the SHA-256 of each (src/zip-manifest.ts). Restore verifies all of it in a sibling
// directory before it swaps anything. Local mode keeps daily snapshots of its own (dailySnapshot).
import { backup as sqliteBackup, DatabaseSync } from 'node:sqlite';
import { existsSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { ManifestZipWriter, verifyManifestZip, ZipVerifyError, type Manifest } from '../zip-manifest.js';
import { AdminError } from './local-access.js';
import { DATABASE_FILE, type Db } from './store/db.js';
import { MIGRATIONS } from './store/migrations.js';

export const BACKUP_FORMAT = 'acct-backup';
export const BACKUPS_DIR = 'backups';

/**
 * Pages copied per step: all of them in one step, so the snapshot is one read transaction (never restarted by a
 * writer).
 */
const ALL_PAGES = 2 ** 31 - 1;

export interface SnapshotResult {
  manifest: Manifest;
  out: string;
  files: number;
  missing: string[];
}

/**
 * Writes a backup of the data directory to `out`. `db` is an open connection to it (another process
 * may be writing meanwhile): the database is copied page by page inside one read transaction, then the
 * files that copy references are added. A file deleted between the two is named in `missing` (and in
 * the manifest) rather than failing the backup.
 */
export async function takeSnapshot(db: Db, dataDir: string, out: string): Promise<SnapshotResult> {
  const work = mkdtempSync(join(tmpdir(), 'acct-snapshot-'));
  // level 1: a database compresses to a quarter already, and a backup beside a running server should be quick
  const writer = new ManifestZipWriter(resolve(out), BACKUP_FORMAT, 1);
  try {
    const copy = join(work, DATABASE_FILE);
    await sqliteBackup(db, copy, { rate: ALL_PAGES });
    const { paths, schemaVersion } = snapshotContents(copy);
    writer.addFile(DATABASE_FILE, copy);
    const missing: string[] = [];
    for (const path of paths) {
      const source = join(dataDir, path);
      if (existsSync(source)) writer.addFile(path, source);
      else missing.push(path);
    }
    const manifest = writer.finish({ schema_version: schemaVersion, missing_files: missing });
    return { manifest, out: resolve(out), files: paths.length - missing.length, missing };
  } catch (err) {
    writer.abort();
    throw err;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The stored files a database copy references, and its schema version. */
function snapshotContents(copy: string): { paths: string[]; schemaVersion: number } {
  const snap = new DatabaseSync(copy, { readOnly: true });
  try {
    const paths = (snap.prepare('SELECT path FROM files ORDER BY id').all() as { path: string }[]).map((r) => r.path);
    const schemaVersion = Number((snap.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
    return { paths, schemaVersion };
  } finally {
    snap.close();
  }
}

/** A backup that fails verification: the CLI prints it and exits non-zero; nothing was replaced. */
export class BackupInvalid extends Error {}

/**
 * Checks a backup file completely without touching any data directory: every member against the
 * manifest, then SQLite's integrity check on the extracted database. The extracted directory is
 * handed to `use` (restore moves it into place) and removed afterwards unless `use` took it.
 */
export async function verifyBackup<T>(
  file: string,
  workParent: string,
  use?: (dir: string, manifest: Manifest) => T,
): Promise<{ manifest: Manifest; result?: T }> {
  if (!existsSync(file)) throw new AdminError(`no backup file ${file}`);
  const work = mkdtempSync(join(workParent, '.acct-restore-'));
  try {
    let manifest: Manifest;
    try {
      manifest = await verifyManifestZip(file, work);
    } catch (err) {
      if (err instanceof ZipVerifyError) throw new BackupInvalid(`${file} is damaged: ${err.message}`);
      throw err;
    }
    if (manifest.format !== BACKUP_FORMAT)
      throw new BackupInvalid(`${file} is not an acct backup (format ${String(manifest.format)})`);
    checkDatabase(join(work, DATABASE_FILE), file);
    const result = use?.(work, manifest);
    return { manifest, result };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The extracted database opens, passes PRAGMA integrity_check and is not from a newer acct. */
function checkDatabase(path: string, file: string): void {
  if (!existsSync(path)) throw new BackupInvalid(`${file} holds no database`);
  let snap: DatabaseSync | undefined;
  try {
    snap = new DatabaseSync(path, { readOnly: true });
    const problems = (snap.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[]).map(
      (r) => r.integrity_check,
    );
    if (problems.join() !== 'ok')
      throw new BackupInvalid(`${file}: the database fails its integrity check: ${problems.slice(0, 5).join('; ')}`);
    const version = Number((snap.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
    if (version > MIGRATIONS.length)
      throw new BackupInvalid(
        `${file} was made by a newer acct (schema ${version}, this one knows ${MIGRATIONS.length})`,
      );
  } catch (err) {
    if (err instanceof BackupInvalid) throw err;
    throw new BackupInvalid(`${file}: the database cannot be read: ${(err as Error).message}`);
  } finally {
    snap?.close();
  }
}

export interface RestoreResult {
  manifest: Manifest;
  dataDir: string;
  previous?: string;
}

/**
 * Restores a backup into `dataDir`: refused when the directory holds anything unless `force`. The
 * backup is extracted and verified in a sibling directory; only then is the old directory renamed
 * aside (`<dir>.before-restore-<time>`, kept, its daily `backups/` moved into the new one) and the
 * verified one renamed into place. A backup that fails verification changes nothing.
 * No server may be running on the directory meanwhile.
 */
export async function restoreBackup(file: string, dataDir: string, force: boolean): Promise<RestoreResult> {
  const target = resolve(dataDir);
  const occupied = existsSync(target) && readdirSync(target).length > 0;
  if (occupied && !force)
    throw new AdminError(
      `${target} is not empty: restore into an empty directory, or add --force (the old directory is kept beside it)`,
    );
  const parent = dirname(target);
  const { manifest, result } = await verifyBackup(file, parent, (work, m) => {
    // the verified copy becomes the data directory: renamed within the same parent (same disk)
    const fresh = `${target}.restoring-${process.pid}`;
    renameSync(work, fresh);
    let previous: string | undefined;
    if (existsSync(target)) {
      previous = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(target, previous);
      const oldBackups = join(previous, BACKUPS_DIR);
      if (existsSync(oldBackups)) renameSync(oldBackups, join(fresh, BACKUPS_DIR));
      if (!occupied) {
        rmSync(previous, { recursive: true, force: true });
        previous = undefined;
      }
    }
    renameSync(fresh, target);
    return { manifest: m, dataDir: target, previous };
  });
  return result ?? { manifest, dataDir: target };
}

// ---------------------------------------------------------------------------------------------
// Local mode's daily snapshots

/** A daily snapshot's file name: acct-YYYY-MM-DD.zip. */
const DAILY = /^acct-(\d{4}-\d{2}-\d{2})\.zip$/;
export const dailyName = (day: string): string => `acct-${day}.zip`;

export interface BackupFile {
  name: string;
  day: string;
  size: number;
  path: string;
  keep: 'daily' | 'monthly' | 'both' | 'other';
}

/** The daily snapshots in `dir`, newest first, each marked with why it is kept. */
export function listBackups(dir: string): BackupFile[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const found = names
    .map((name) => ({ name, m: DAILY.exec(name) }))
    .filter((x) => x.m)
    .map(({ name, m }) => ({ name, day: m![1], path: join(dir, name), size: statSync(join(dir, name)).size }))
    .sort((a, b) => b.day.localeCompare(a.day));
  const { daily, monthly } = keptDays(found.map((f) => f.day));
  return found.map((f) => ({
    ...f,
    keep: daily.has(f.day) ? (monthly.has(f.day) ? 'both' : 'daily') : monthly.has(f.day) ? 'monthly' : 'other',
  }));
}

/**
 * What rotation keeps of the given days (newest first): the 7 newest, and the first of each of the 12 newest months.
 */
export function keptDays(daysNewestFirst: string[]): { daily: Set<string>; monthly: Set<string> } {
  const daily = new Set(daysNewestFirst.slice(0, 7));
  const firstOfMonth = new Map<string, string>();
  for (const day of daysNewestFirst) firstOfMonth.set(day.slice(0, 7), day); // oldest wins: the list runs newest first
  const monthly = new Set(
    [...firstOfMonth.entries()]
      .sort((a, b) => b[0].localeCompare(a[0]))
      .slice(0, 12)
      .map(([, day]) => day),
  );
  return { daily, monthly };
}

/**
 * Local mode's snapshot of the day, in `dir` (the data directory's backups/ or the configured backup
 * directory): taken, then the older ones beyond 7 daily and 12 monthly removed. Returns the new file.
 */
export async function dailySnapshot(db: Db, dataDir: string, dir: string, day: string): Promise<string> {
  const out = join(dir, dailyName(day));
  await takeSnapshot(db, dataDir, out);
  for (const old of listBackups(dir)) if (old.keep === 'other') rmSync(old.path, { force: true });
  return out;
}
