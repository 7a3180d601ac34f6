// The bank import with two `acct server start` processes on one data directory: the same statement
// uploaded to both at once is imported once, and processing started in both at once books each entry
// once. As in timer-processes.test.ts, the test holds the database's write lock while the requests
// arrive (underWriteLock), so both processes have read the request before either may write.
import { expect, it } from 'vitest';
import { underWriteLock, useServiceProcessPair, type ServiceProcess } from '../helpers/service.js';
import { camt054, type CamtTx } from '../helpers/import-entries.js';

const pair = useServiceProcessPair();
const { a, b } = pair;

async function upload(svc: ServiceProcess, xml: string): Promise<{ status: number; created: number }> {
  const form = new FormData();
  form.append('file', new Blob([xml], { type: 'application/xml' }), 'statement.xml');
  const res = await svc.call('POST', '/companies/1/entries/import/camt-upload', form);
  return { status: res.status, created: Number(res.headers.get('X-Import-Created')) };
}

it('one statement uploaded to two processes at once is imported once; processing in both books each once', async () => {
  const txs: CamtTx[] = Array.from({ length: 6 }, (_, i) => ({
    amount: `${100 + i}.00`,
    date: '2026-03-10',
    ref: `RACE-${i}`,
    name: `Kunde ${i}`,
  }));
  const xml = camt054(null, txs);
  const uploads = await underWriteLock(pair.dataDir, () => [
    upload(a, xml),
    upload(b, xml),
    upload(a, xml),
    upload(b, xml),
  ]);
  expect(uploads.map((u) => u.status)).toEqual([200, 200, 200, 200]);
  expect(uploads.map((u) => u.created).sort()).toEqual([0, 0, 0, 6]);
  const open = await a.call('GET', '/companies/1/entries/import?limit=all');
  expect(open.body.data).toHaveLength(6);

  const accounts = (await a.call('GET', '/companies/1/accounts')).body as { id: number; number: number }[];
  const revenue = accounts.find((x) => x.number === 3400)!.id;
  expect(
    (
      await b.call('PUT', '/companies/1/entries/import/multiple', {
        ids: open.body.data.map((e: any) => e.id),
        other_account_id: revenue,
      })
    ).status,
  ).toBe(200);

  const runs = await underWriteLock(pair.dataDir, () => [
    a.call('POST', '/companies/1/entries/import'),
    b.call('POST', '/companies/1/entries/import'),
  ]);
  // both found 6 ready entries before either wrote; between them each was booked once
  expect(runs.map((r) => r.status)).toEqual([200, 200]);
  expect(runs.reduce((n, r) => n + r.body.created, 0)).toBe(6);
  const bookings = await b.call('GET', '/companies/1/entries?per_page=100');
  expect(bookings.body.data).toHaveLength(6);
  expect(bookings.body.data.map((e: any) => e.sum).sort()).toEqual([100, 101, 102, 103, 104, 105]);
  expect((await a.call('GET', '/companies/1/entries/import')).body).toMatchObject({ open_count: 0, ready_count: 0 });
}, 60_000);
