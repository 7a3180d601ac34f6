// The running timer of a user (one per user: timers.user_id is UNIQUE).
import { one, run, type Db } from './db.js';

/** A running timer as SQLite hands it back (billable 0/1, started_at an ISO 8601 UTC timestamp). */
export interface TimerRow {
  id: number;
  user_id: number;
  company_id: number;
  project_id: number;
  billable: number;
  description: string | null;
  started_at: string;
}

/** The user's timer, in whichever company it runs. */
export function findTimerRow(db: Db, userId: number): TimerRow | undefined {
  return one<TimerRow>(db, 'SELECT * FROM timers WHERE user_id = ?', userId);
}

export function insertTimer(
  db: Db,
  companyId: number,
  userId: number,
  projectId: number,
  billable: boolean,
  description: string | null,
  startedAt: string,
): void {
  run(
    db,
    'INSERT INTO timers (user_id, company_id, project_id, billable, description, started_at) VALUES (?, ?, ?, ?, ?, ?)',
    userId,
    companyId,
    projectId,
    billable ? 1 : 0,
    description,
    startedAt,
  );
}

export function setTimerDescription(db: Db, id: number, description: string | null): void {
  run(db, 'UPDATE timers SET description = ? WHERE id = ?', description, id);
}

/** Removes the user's timer in this company (a timer in another company stays). */
export function deleteTimer(db: Db, companyId: number, userId: number): void {
  run(db, 'DELETE FROM timers WHERE company_id = ? AND user_id = ?', companyId, userId);
}
