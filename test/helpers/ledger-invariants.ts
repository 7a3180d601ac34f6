// The ledger's invariants, read straight from a data directory's database (read-only, beside running
// processes): what must hold however many processes wrote at once. Each broken rule is one line naming
// the records, so a failing race test says what went wrong.
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { DATABASE_FILE } from '../../src/server/store/db.js';

type Row = Record<string, any>;

export function ledgerViolations(dataDir: string): string[] {
  const db = new DatabaseSync(join(dataDir, DATABASE_FILE), { readOnly: true });
  try {
    const all = (sql: string, ...params: any[]) => db.prepare(sql).all(...params) as Row[];
    const problems: string[] = [];
    const integrity = all('PRAGMA integrity_check').map((r) => r.integrity_check);
    if (integrity.join() !== 'ok') problems.push(`integrity_check: ${integrity.join('; ')}`);
    for (const e of all('SELECT id FROM entries WHERE debit_account_id = credit_account_id OR sum < 0')) problems.push(`booking ${e.id}: debit = credit or a negative sum`);
    for (const inv of all('SELECT id, number, status, entry_id, receivable_entry_id FROM invoices')) {
      const linked = all('SELECT id FROM entries WHERE invoice_id = ?', inv.id).map((r) => Number(r.id));
      const payments = linked.filter((id) => id !== inv.receivable_entry_id);
      const expected = inv.status === 'paid' && inv.entry_id !== null ? [Number(inv.entry_id)] : [];
      if (payments.join() !== expected.join()) problems.push(`invoice ${inv.number} (${inv.status}): payment bookings [${payments}], expected [${expected}]`);
      if (inv.receivable_entry_id !== null && !linked.includes(Number(inv.receivable_entry_id))) problems.push(`invoice ${inv.number}: receivable ${inv.receivable_entry_id} is not its booking`);
    }
    for (const ie of all("SELECT id, status, entry_id FROM import_entries WHERE status = 'processed' AND (entry_id IS NULL OR entry_id NOT IN (SELECT id FROM entries))")) {
      problems.push(`import entry ${ie.id}: processed without its booking (${ie.entry_id})`);
    }
    for (const d of all("SELECT entry_id, count(*) AS n FROM import_entries WHERE status = 'processed' GROUP BY entry_id HAVING n > 1")) {
      problems.push(`booking ${d.entry_id}: made by ${d.n} import entries`);
    }
    return problems;
  } finally {
    db.close();
  }
}
