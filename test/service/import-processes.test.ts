// The bank import with two `acct server start` processes on one data directory: the same statement
// uploaded to both at once is imported once, and processing started in both at once books each entry
// once. As in timer-processes.test.ts, the test holds the database's write lock while the requests
// arrive, so both processes have read the request before either may write.
import { mkdtempSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../src/server/store/db.js';
import { OWNER_TOKEN, startServiceProcess, type ServiceProcess } from '../helpers/service.js';
import { camt054, type CamtTx } from '../helpers/import-entries.js';

const dataDir = mkdtempSync(join(tmpdir(), 'acct-import-'));
let a: ServiceProcess;
let b: ServiceProcess;

const auth = { Authorization: `Bearer ${OWNER_TOKEN}`, Accept: 'application/json' };
const call = (svc: ServiceProcess, method: string, path: string, body?: unknown) => svc.call(method, path, body);
async function upload(svc: ServiceProcess, xml: string): Promise<{ status: number; created: number }> {
  const form = new FormData();
  form.append('file', new Blob([xml], { type: 'application/xml' }), 'statement.xml');
  const res = await fetch(`${svc.url}/companies/1/entries/import/camt-upload`, { method: 'POST', headers: auth, body: form });
  await res.text();
  return { status: res.status, created: Number(res.headers.get('X-Import-Created')) };
}

/** Runs the requests while another connection holds the write lock, then lets them go. */
async function racing<T>(requests: () => Promise<T>[]): Promise<T[]> {
  const lock = new DatabaseSync(join(dataDir, DATABASE_FILE));
  lock.exec('PRAGMA busy_timeout = 5000');
  try {
    lock.exec('BEGIN IMMEDIATE');
    const pending = requests();
    await sleep(300); // the requests reach both processes and wait there for the write lock
    lock.exec('ROLLBACK');
    return await Promise.all(pending);
  } finally {
    if (lock.isTransaction) lock.exec('ROLLBACK');
    lock.close();
  }
}

beforeAll(async () => {
  a = await startServiceProcess(dataDir); // seeds the directory
  b = await startServiceProcess(dataDir);
}, 30_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  rmSync(dataDir, { recursive: true, force: true });
});

it('the same statement uploaded to two processes at once is imported once; processing in both books each entry once', async () => {
  const txs: CamtTx[] = Array.from({ length: 6 }, (_, i) => ({ amount: `${100 + i}.00`, date: '2026-03-10', ref: `RACE-${i}`, name: `Kunde ${i}` }));
  const xml = camt054(null, txs);
  const uploads = await racing(() => [upload(a, xml), upload(b, xml), upload(a, xml), upload(b, xml)]);
  expect(uploads.map((u) => u.status)).toEqual([200, 200, 200, 200]);
  expect(uploads.map((u) => u.created).sort()).toEqual([0, 0, 0, 6]);
  const open = await call(a, 'GET', '/companies/1/entries/import?limit=all');
  expect(open.body.data).toHaveLength(6);

  const accounts = (await call(a, 'GET', '/companies/1/accounts')).body as { id: number; number: number }[];
  const revenue = accounts.find((x) => x.number === 3400)!.id;
  expect((await call(b, 'PUT', '/companies/1/entries/import/multiple', { ids: open.body.data.map((e: any) => e.id), other_account_id: revenue })).status).toBe(200);

  const runs = await racing(() => [call(a, 'POST', '/companies/1/entries/import'), call(b, 'POST', '/companies/1/entries/import')]);
  // both found 6 ready entries before either wrote; between them each was booked once
  expect(runs.map((r) => r.status)).toEqual([200, 200]);
  expect(runs.reduce((n, r) => n + r.body.created, 0)).toBe(6);
  const bookings = await call(b, 'GET', '/companies/1/entries?per_page=100');
  expect(bookings.body.data).toHaveLength(6);
  expect(bookings.body.data.map((e: any) => e.sum).sort()).toEqual([100, 101, 102, 103, 104, 105]);
  expect((await call(a, 'GET', '/companies/1/entries/import')).body).toMatchObject({ open_count: 0, ready_count: 0 });
}, 60_000);
