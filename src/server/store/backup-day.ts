// The day local mode last took its daily snapshot (kept in `meta`, like the recurring pass's day), read
// by every local command: kept apart from src/server/backup.ts, which loads only when a snapshot is due.
import { one, run, type Db } from './db.js';

/** The day (YYYY-MM-DD, Zurich) of the last daily snapshot; never: undefined. */
export function lastBackupDay(db: Db): string | undefined {
  return one(db, "SELECT value FROM meta WHERE key = 'backup_day'")?.value;
}

export function recordBackupDay(db: Db, day: string): void {
  run(
    db,
    "INSERT INTO meta (key, value) VALUES ('backup_day', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    day,
  );
}
