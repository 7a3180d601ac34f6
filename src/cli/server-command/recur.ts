// `acct server recur`: creates the due copies of recurring invoices in a data directory, once.
import { parseDay } from '../shared/calendar.js';
import type { VerbIO } from '../verb.js';
import { dataDirOption } from './data-dir.js';
import { withAdminDb } from './admin-db.js';

interface RecurOptions {
  data?: string;
  /** a day as typed (2026-12-31, 31.12.2026, today …); default: today in each company's time zone */
  date?: string;
}

export default async function recur(opts: RecurOptions, io: VerbIO): Promise<void> {
  const date = opts.date === undefined ? undefined : parseDay(opts.date, 'date');
  await withAdminDb(dataDirOption(opts.data), async (db, admin) => {
    const lines = await admin.recur(db, date);
    io.out.write(lines.map((l) => `${l}\n`).join(''));
    if (lines.length === 0) io.err.write('No recurring invoice is due.\n');
  });
}
