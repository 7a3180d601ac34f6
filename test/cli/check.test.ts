// `acct check` / `acct server check`: exit 0 on sound books; each broken rule (made here by editing the
// database or the files folder directly, as a disk fault or a bug would) is one line naming its records,
// and the exit code is 8. A database with a damaged page fails SQLite's integrity check.
import { readdirSync, rmSync, writeFileSync, cpSync, openSync, writeSync, closeSync, statSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandbox, type RunResult, type Sandbox } from '../helpers/cli.js';
import { runAll } from './support.js';

let box: Sandbox;
let root: string;

const acct = (args: string[]): Promise<RunResult> => box.run(args, { timeoutMs: 30_000 });

/** A copy of the sound ledger, broken by `breakIt`, checked. */
async function checkBroken(name: string, breakIt: (dir: string, db: DatabaseSync) => void): Promise<RunResult> {
  const dir = join(root, name);
  cpSync(box.dataDir, dir, { recursive: true });
  const db = new DatabaseSync(join(dir, 'acct.sqlite'));
  try {
    breakIt(dir, db);
  } finally {
    db.close();
  }
  return acct(['server', 'check', '--data', dir]);
}

beforeAll(async () => {
  box = sandbox();
  root = join(box.dataDir, '..');
  const receipt = join(root, 'quittung.pdf');
  writeFileSync(receipt, '%PDF-1.4 a receipt');
  await runAll(acct, [
    [
      'entries',
      'create',
      '--date',
      '2026-01-10',
      '--debit',
      '1020',
      '--credit',
      '3400',
      '--sum',
      '1081',
      '--tax-rate',
      'MWST 8.1 %',
      '--description',
      'Verkauf',
    ],
    [
      'entries',
      'create',
      '--date',
      '2026-01-11',
      '--debit',
      '6000',
      '--credit',
      '1020',
      '--sum',
      '2500',
      '--description',
      'Miete',
      '--receipt',
      receipt,
    ],
    ['customers', 'create', '--name', 'Muster AG'],
    ['invoices', 'create', '--customer', 'Muster AG', '--date', '2026-01-12', '--position', 'Beratung;2;150;h'],
    ['invoices', 'mark-as', 'R-2026-001', 'sent'],
    ['invoices', 'mark-as', 'R-2026-001', 'paid', '--paid-date', '2026-01-20'],
  ]);
}, 60_000);

afterAll(() => box?.cleanup());

describe('acct check', () => {
  it('sound books: nothing on stdout, exit 0, every rule named as holding', async () => {
    const r = await acct(['check']);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/All \d+ rules hold/);
    const server = await acct(['server', 'check', '--data', box.dataDir]);
    expect(server.code).toBe(0);
  });

  it('a receipt missing on disk, and a stray file in files/', async () => {
    const r = await checkBroken('missing-file', (dir, db) => {
      const { path } = db.prepare('SELECT path FROM files').get() as { path: string };
      rmSync(join(dir, path));
      writeFileSync(join(dir, 'files', '1', 'stray.pdf'), 'left over');
    });
    expect(r.code).toBe(8);
    expect(r.stdout).toMatch(/^every stored file: .*file 1: files\/1\/[0-9a-f]{32}\.pdf is missing/m);
    expect(r.stdout).toMatch(/^every file in files\/: .*files\/1\/stray\.pdf: not in the database/m);
    expect(r.stderr).toMatch(/break 2 of \d+ rules/);
  });

  it('a booking that moves nothing, a second payment, a wrong total, a duplicate number', async () => {
    const r = await checkBroken('rules', (_dir, db) => {
      db.exec(`UPDATE entries SET credit_account_id = debit_account_id WHERE id = 1;
        INSERT INTO entries (company_id, number, type, date, sum, debit_account_id, credit_account_id, invoice_id,
          created_at, updated_at)
          SELECT company_id, number, type, date, sum, debit_account_id, credit_account_id, NULL, created_at,
            updated_at FROM entries WHERE id = 2;
        INSERT INTO entries (company_id, number, type, date, sum, debit_account_id, credit_account_id, invoice_id,
          created_at, updated_at)
          SELECT company_id, NULL, type, date, sum, debit_account_id, credit_account_id, invoice_id, created_at,
            updated_at FROM entries WHERE id = (SELECT entry_id FROM invoices WHERE id = 1);
        UPDATE invoices SET final_value = final_value + 1 WHERE id = 1;`);
    });
    expect(r.code).toBe(8);
    const lines = r.stdout.trim().split('\n');
    expect(lines.find((l) => l.startsWith('every booking: debit account'))).toMatch(/booking E-2026-001 \(id 1\)/);
    expect(lines.find((l) => l.startsWith('every paid invoice'))).toMatch(
      /invoice R-2026-001 \(paid\): payment bookings \[3, 5\], expected \[3\]/,
    );
    expect(lines.find((l) => l.startsWith('every document'))).toMatch(
      /invoice R-2026-001 \(id 1\): final_value \d+, positions give \d+/,
    );
    expect(lines.find((l) => l.startsWith('numbers unique'))).toMatch(/booking number A-2026-001 .*ids 2, 4/);
  });

  it('an import entry processed twice into one booking', async () => {
    const r = await checkBroken('imports', (_dir, db) => {
      db.exec(`INSERT INTO import_entries (company_id, user_id, bank_account_id, entry_id, date, type, sum, status,
        created_at, updated_at)
        SELECT 1, 1, debit_account_id, 1, date, 'income', sum, 'processed', created_at, updated_at
          FROM entries WHERE id = 1;
        INSERT INTO import_entries (company_id, user_id, bank_account_id, entry_id, date, type, sum, status,
          created_at, updated_at)
        SELECT 1, 1, debit_account_id, 1, date, 'income', sum, 'processed', created_at, updated_at
          FROM entries WHERE id = 1;`);
    });
    expect(r.code).toBe(8);
    expect(r.stdout).toMatch(/^every processed import entry: .*booking id 1: made by import entries 1, 2/m);
  });

  it("a damaged page fails SQLite's integrity check", async () => {
    const dir = join(root, 'damaged');
    cpSync(box.dataDir, dir, { recursive: true });
    // fold the WAL into the file, then overwrite a page in the middle of an index
    const db = new DatabaseSync(join(dir, 'acct.sqlite'));
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    const page = Number(
      (db.prepare("SELECT rootpage FROM sqlite_master WHERE name = 'entries_list'").get() as { rootpage: number })
        .rootpage,
    );
    const size = Number((db.prepare('PRAGMA page_size').get() as { page_size: number }).page_size);
    db.close();
    const fd = openSync(join(dir, 'acct.sqlite'), 'r+');
    writeSync(fd, Buffer.alloc(64, 0x5a), 0, 64, (page - 1) * size);
    closeSync(fd);
    expect(statSync(join(dir, 'acct.sqlite')).size).toBeGreaterThanOrEqual(page * size);
    const r = await acct(['server', 'check', '--data', dir]);
    expect(r.code, r.stdout + r.stderr).toBe(8);
    expect(r.stdout).toMatch(/^SQLite integrity check: .*(malformed|corrupt|wrong)/im);
  });

  it('a directory without a ledger is a usage error', async () => {
    const r = await acct(['server', 'check', '--data', join(root, 'nothing')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no ledger in/);
    expect(readdirSync(root)).not.toContain('nothing');
  });
});
