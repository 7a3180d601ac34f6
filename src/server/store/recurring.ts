// Recurring invoice templates: whether there are any (asked at every start of the service, so it is
// kept apart from the documents' store, which then loads only when there is a template to recur), and
// the day the recurring pass last ran (kept in `meta`, so local mode runs it once a day).
import { all, one, run, type Db, type Row } from './db.js';

/** Whether any company has a recurring template. */
export function hasRecurringTemplates(db: Db): boolean {
  return !!one(db, 'SELECT 1 FROM invoices WHERE repeat = 1 AND repeat_interval IS NOT NULL LIMIT 1');
}

/** Recurring templates of the company (or of every company): repeat on, with an interval. */
export function recurringTemplateRows(db: Db, companyId?: number): Row[] {
  return companyId === undefined
    ? all(db, 'SELECT * FROM invoices WHERE repeat = 1 AND repeat_interval IS NOT NULL ORDER BY company_id, id')
    : all(
        db,
        'SELECT * FROM invoices WHERE company_id = ? AND repeat = 1 AND repeat_interval IS NOT NULL ORDER BY id',
        companyId,
      );
}

/** The day (YYYY-MM-DD, Zurich) the recurring pass last ran on this data directory; never: undefined. */
export function lastRecurringDay(db: Db): string | undefined {
  return one(db, "SELECT value FROM meta WHERE key = 'recurring_day'")?.value;
}

export function recordRecurringDay(db: Db, day: string): void {
  run(
    db,
    "INSERT INTO meta (key, value) VALUES ('recurring_day', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    day,
  );
}
