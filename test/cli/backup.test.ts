// Backups that hold: `acct server backup` of a data directory while a server process takes bookings
// from ten writers at once, restored into a new directory (every booking acknowledged before the backup
// started is there, the receipts are byte for byte, the integrity check passes); damaged backups
// (truncated, a flipped bit) are refused and change nothing; local mode's daily snapshot and `acct backup`.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandbox, type RunResult, type Sandbox } from '../helpers/cli.js';
import { startServiceProcess, type ServiceProcess } from '../helpers/service.js';
import { keptDays } from '../../src/server/backup.js';

let box: Sandbox;
let server: ServiceProcess;
let serverDir: string;
let bank: number;
let income: number;
const RECEIPT = Buffer.from(`%PDF-1.4 receipt ${'x'.repeat(5000)}`);

const acct = (args: string[], env?: Record<string, string | undefined>): Promise<RunResult> =>
  box.run(args, { timeoutMs: 60_000, env });

const read = (dir: string, sql: string): any[] => {
  const db = new DatabaseSync(join(dir, 'acct.sqlite'), { readOnly: true });
  try {
    return db.prepare(sql).all();
  } finally {
    db.close();
  }
};

async function book(description: string): Promise<number> {
  const r = await server.call('POST', '/companies/1/entries', {
    date: '2026-02-03',
    debit_account_id: bank,
    credit_account_id: income,
    sum: 12.5,
    description,
  });
  expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
  return Number(r.body.data?.id ?? r.body.id);
}

beforeAll(async () => {
  box = sandbox();
  serverDir = join(box.dataDir, '..', 'books');
  server = await startServiceProcess(serverDir);
  const accountOf = (n: number) =>
    Number(read(serverDir, `SELECT id FROM accounts WHERE company_id = 1 AND number = ${n}`)[0].id);
  bank = accountOf(1020);
  income = accountOf(3400);
  // one booking with a receipt, the rest without
  const form = new FormData();
  for (const [k, v] of Object.entries({
    date: '2026-02-01',
    debit_account_id: bank,
    credit_account_id: income,
    sum: '99.00',
    description: 'with receipt',
  }))
    form.set(k, String(v));
  form.set('file', new Blob([RECEIPT], { type: 'application/pdf' }), 'quittung.pdf');
  expect((await server.call('POST', '/companies/1/entries', form)).status).toBeLessThan(300);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  box?.cleanup();
});

describe('acct server backup and restore', () => {
  it('a backup taken while ten writers book holds every booking acknowledged before it, and restores', async () => {
    const acknowledged: { id: number; at: number }[] = [];
    let stop = false;
    const writers = Array.from({ length: 10 }, async (_, w) => {
      for (let i = 0; !stop; i++) {
        const id = await book(`writer ${w} #${i}`);
        acknowledged.push({ id, at: performance.now() });
      }
    });
    await new Promise((r) => setTimeout(r, 500));
    const started = performance.now();
    const out = join(box.dataDir, '..', 'during.zip');
    const backup = await acct(['server', 'backup', '--data', serverDir, '--out', out]);
    await new Promise((r) => setTimeout(r, 300));
    stop = true;
    await Promise.all(writers);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout.trim()).toBe(out);
    const before = acknowledged.filter((a) => a.at < started).map((a) => a.id);
    expect(before.length).toBeGreaterThan(10);
    expect(acknowledged.length).toBeGreaterThan(before.length); // the writers went on while it ran

    const restored = join(box.dataDir, '..', 'restored');
    const restore = await acct(['server', 'restore', out, '--data', restored]);
    expect(restore.code, restore.stderr).toBe(0);
    const ids = new Set(read(restored, 'SELECT id FROM entries').map((r) => Number(r.id)));
    expect(before.filter((id) => !ids.has(id))).toEqual([]);
    expect(read(restored, 'PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    // the receipt came along, byte for byte
    const [file] = read(restored, 'SELECT path FROM files');
    expect(readFileSync(join(restored, file.path)).equals(RECEIPT)).toBe(true);
    const check = await acct(['server', 'check', '--data', restored]);
    expect(check.code, check.stdout + check.stderr).toBe(0);
    // the restored directory serves: a server starts on it and lists the bookings
    const again = await startServiceProcess(restored);
    try {
      const list = await again.call('GET', '/companies/1/entries?per_page=1');
      expect(list.status).toBe(200);
    } finally {
      await again.stop();
    }
  }, 120_000);

  describe('a damaged backup is refused and changes nothing', () => {
    let good: string;
    let target: string;
    beforeAll(async () => {
      good = join(box.dataDir, '..', 'good.zip');
      expect((await acct(['server', 'backup', '--data', serverDir, '--out', good])).code).toBe(0);
      target = join(box.dataDir, '..', 'target');
      mkdirSync(target);
      writeFileSync(join(target, 'keep.txt'), 'the old books');
    });

    const refused = async (file: string, message: RegExp) => {
      const r = await acct(['server', 'restore', file, '--data', target, '--force']);
      expect(r.code, r.stderr).toBe(8);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).toMatch(/nothing was restored/);
      expect(readdirSync(target)).toEqual(['keep.txt']);
      expect(
        readdirSync(join(target, '..')).filter((n) => n.startsWith('.acct-restore') || n.includes('restoring')),
      ).toEqual([]);
    };

    it('truncated: in the middle, and by its last bytes', async () => {
      const bytes = readFileSync(good);
      for (const cut of [Math.floor(bytes.length / 2), bytes.length - 10]) {
        const file = join(box.dataDir, '..', `cut-${cut}.zip`);
        writeFileSync(file, bytes.subarray(0, cut));
        await refused(file, /is damaged: .*(truncated|not a readable ZIP)/);
      }
    });

    it('one bit flipped inside the database', async () => {
      const bytes = Buffer.from(readFileSync(good));
      bytes[Math.floor(bytes.length / 3)] ^= 0x04;
      const file = join(box.dataDir, '..', 'flipped.zip');
      writeFileSync(file, bytes);
      await refused(file, /is damaged: /);
    });

    it('not a backup at all', async () => {
      const file = join(box.dataDir, '..', 'other.zip');
      writeFileSync(file, 'just text');
      await refused(file, /is damaged: /);
    });

    it('a directory that is not empty needs --force; with it the old one is kept beside', async () => {
      const r = await acct(['server', 'restore', good, '--data', target]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/is not empty: .*--force/);
      const forced = await acct(['server', 'restore', good, '--data', target, '--force']);
      expect(forced.code, forced.stderr).toBe(0);
      const kept = /kept as (\S+)\./.exec(forced.stderr)![1];
      expect(readFileSync(join(kept, 'keep.txt'), 'utf8')).toBe('the old books');
      expect(existsSync(join(target, 'acct.sqlite'))).toBe(true);
    });
  });
});

describe('local mode: acct backup, the daily snapshot', () => {
  beforeAll(async () => {
    expect((await acct(['tags', 'create', '--name', 'travel', '--color', 'blue'])).code).toBe(0);
  });

  it("the first command of a day takes the day's snapshot into backups/, once", async () => {
    const db = new DatabaseSync(join(box.dataDir, 'acct.sqlite'));
    db.prepare("UPDATE meta SET value = '2000-01-01' WHERE key = 'backup_day'").run();
    db.close();
    expect((await acct(['tags', 'list'])).code).toBe(0);
    const daily = readdirSync(join(box.dataDir, 'backups'));
    expect(daily).toHaveLength(1);
    expect(daily[0]).toMatch(/^acct-\d{4}-\d{2}-\d{2}\.zip$/);
    const mtime = statSync(join(box.dataDir, 'backups', daily[0])).mtimeMs;
    expect((await acct(['tags', 'list'])).code).toBe(0);
    expect(statSync(join(box.dataDir, 'backups', daily[0])).mtimeMs).toBe(mtime);
    const list = await acct(['backup', '--list', '-o', 'json']);
    expect(list.code, list.stderr).toBe(0);
    expect(JSON.parse(list.stdout)).toMatchObject([{ name: daily[0], keep: 'both' }]);
  });

  it('--backup-dir moves the daily snapshots; --out writes one anywhere', async () => {
    const elsewhere = join(box.dataDir, '..', 'usb');
    const set = await acct(['backup', '--backup-dir', elsewhere]);
    expect(set.code, set.stderr).toBe(0);
    expect(readdirSync(elsewhere)).toHaveLength(1);
    const db = new DatabaseSync(join(box.dataDir, 'acct.sqlite'));
    db.prepare("UPDATE meta SET value = '2000-01-01' WHERE key = 'backup_day'").run();
    db.close();
    rmAll(elsewhere);
    expect((await acct(['tags', 'list'])).code).toBe(0);
    expect(readdirSync(elsewhere)).toHaveLength(1);
    const out = join(box.dataDir, '..', 'now.zip');
    const r = await acct(['backup', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const restored = join(box.dataDir, '..', 'local-restored');
    expect((await acct(['server', 'restore', out, '--data', restored])).code).toBe(0);
    expect(read(restored, 'SELECT name FROM tags')).toEqual([{ name: 'travel' }]);
  });
});

function rmAll(dir: string): void {
  for (const name of readdirSync(dir)) rmSync(join(dir, name));
}

describe('rotation', () => {
  it('keeps the 7 newest days and the first of each of the 12 newest months', () => {
    const days: string[] = [];
    for (let d = new Date('2026-03-20'); d >= new Date('2024-01-01'); d.setUTCDate(d.getUTCDate() - 1))
      days.push(d.toISOString().slice(0, 10));
    const { daily, monthly } = keptDays(days);
    expect([...daily]).toEqual(days.slice(0, 7));
    expect([...monthly].sort()).toEqual([
      '2025-04-01',
      '2025-05-01',
      '2025-06-01',
      '2025-07-01',
      '2025-08-01',
      '2025-09-01',
      '2025-10-01',
      '2025-11-01',
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
    ]);
  });
});
