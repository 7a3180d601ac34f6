// Exactly once: a 300-row import of bookings killed with SIGKILL in the middle — while a create is on
// its way to the service, or after the service made the booking but before its answer arrived — and
// then run again: every row is in the books exactly once.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { ACCT_BIN, acctAgainst, acctEnv } from '../helpers/cli.js';
import { useCliAgainstService } from '../helpers/cli-suite.js';
import { startProxy, type Hold, type TestProxy } from '../helpers/proxy.js';

const cli = useCliAgainstService();

/** 300 distinct bookings without numbers (found again by all their values), tagged with `run`. */
function bookings(run: string): string {
  const rows = ['date,debit_account,credit_account,sum,tax_rate,description'];
  for (let i = 1; i <= 300; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    rows.push(
      `2025-${String((i % 12) + 1).padStart(2, '0')}-${day},${i % 3 ? 1020 : 6500},${i % 3 ? 3400 : 1020},` +
        `${i}.${String(i % 100).padStart(2, '0')},${i % 2 ? 'MWST 8.1 %' : ''},${run} ${i}`,
    );
  }
  return `${rows.join('\n')}\n`;
}

/** How often each description of `run` is in the books. */
async function counts(run: string): Promise<Map<string, number>> {
  const seen = new Map<string, number>();
  for (let page = 1; ; page++) {
    const body = (await cli.svc.call('GET', `/companies/1/entries?per_page=100&page=${page}`)).body;
    for (const e of body.data)
      if (String(e.description).startsWith(`${run} `)) seen.set(e.description, (seen.get(e.description) ?? 0) + 1);
    if (page * 100 >= body.total_count) return seen;
  }
}

/** Runs the import through `proxy` and kills it (SIGKILL, or `signal`) as soon as the proxy holds a request. */
function killedImport(
  proxy: TestProxy,
  csv: string,
  signal: NodeJS.Signals = 'SIGKILL',
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ACCT_BIN, 'entries', 'import', csv], {
      env: cli.box.env(acctEnv({ url: proxy.url, token: cli.svc.token })),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code, got) => resolve({ code, signal: got, stderr }));
    void proxy.held.then(() => child.kill(signal));
    setTimeout(() => child.kill('SIGKILL'), 20_000);
  });
}

const KILL_POINTS: { run: string; post: number; hold: Hold }[] = [
  { run: 'first', post: 1, hold: 'after' },
  { run: 'middle', post: 150, hold: 'before' },
  { run: 'late', post: 241, hold: 'after' },
  { run: 'last', post: 300, hold: 'after' },
];

test.each(KILL_POINTS)(
  'killed at create number $post ($hold the service answered it), then run again: all 300 bookings, each once',
  async ({ run, post, hold }) => {
    const csv = join(cli.box.dataDir, '..', `${run}.csv`);
    writeFileSync(csv, bookings(run));
    const proxy = await startProxy(cli.svc.url);
    let posts = 0;
    proxy.hold = (seen) => (seen.method === 'POST' && ++posts === post ? hold : undefined);
    try {
      const killed = await killedImport(proxy, csv);
      expect(killed.signal).toBe('SIGKILL');
      const before = await counts(run);
      expect([...before.values()].every((n) => n === 1)).toBe(true);
      expect(before.size).toBeLessThan(300 + (hold === 'after' && post === 300 ? 1 : 0));

      proxy.hold = () => undefined;
      const again = await acctAgainst(cli.box, { url: proxy.url, token: cli.svc.token })([
        'entries',
        'import',
        csv,
        '-o',
        'json',
      ]);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stderr).toContain('Continuing an earlier run of this file');
      const summary = JSON.parse(again.stdout);
      expect(summary.created + summary.earlier).toBe(300);
      expect(summary.failed).toBe(0);
      const after = await counts(run);
      expect(after.size).toBe(300);
      expect([...after.entries()].filter(([, n]) => n !== 1)).toEqual([]);
      // a third run sends nothing: every row was written
      const written = proxy.writes().length;
      const third = await acctAgainst(cli.box, { url: proxy.url, token: cli.svc.token })([
        'entries',
        'import',
        csv,
        '-o',
        'json',
      ]);
      expect(JSON.parse(third.stdout)).toMatchObject({ created: 0, earlier: 300 });
      expect(proxy.writes()).toHaveLength(written);
    } finally {
      await proxy.close();
    }
  },
);

test('Ctrl-C (SIGINT) midway: exit 130 with a hint; the next run completes the file, each row once', async () => {
  const csv = join(cli.box.dataDir, '..', 'ctrl-c.csv');
  writeFileSync(csv, bookings('ctrl-c'));
  const proxy = await startProxy(cli.svc.url);
  let posts = 0;
  proxy.hold = (seen) => (seen.method === 'POST' && ++posts === 100 ? 'after' : undefined);
  try {
    const stopped = await killedImport(proxy, csv, 'SIGINT');
    expect(stopped.code).toBe(130);
    expect(stopped.stderr).toContain('Interrupted: run the same command again to continue where it stopped.');
    proxy.hold = () => undefined;
    const again = await acctAgainst(cli.box, { url: proxy.url, token: cli.svc.token })([
      'entries',
      'import',
      csv,
      '-o',
      'json',
    ]);
    expect(again.code, again.stderr).toBe(0);
    const after = await counts('ctrl-c');
    expect(after.size).toBe(300);
    expect([...after.values()].every((n) => n === 1)).toBe(true);
  } finally {
    await proxy.close();
  }
});
