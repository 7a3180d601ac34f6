// Supplier bills with two `acct server start` processes on one data directory: parallel mark-as paid
// in both processes pay a bill once. The write lock is held while the requests arrive (underWriteLock),
// so every process has read its request before any may write; the bill must be read inside the write
// transaction to be paid (and booked) only once.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { serviceProcessPair, underWriteLock, type ServiceProcess, type ServiceProcessPair } from '../helpers/service.js';

let pair: ServiceProcessPair;
let a: ServiceProcess;
let b: ServiceProcess;

beforeAll(async () => {
  pair = await serviceProcessPair();
  ({ a, b } = pair);
}, 30_000);

afterAll(async () => {
  await pair?.stop();
});

it('pays a bill once when parallel mark-as paid race in two processes', async () => {
  const accounts = (await a.call('GET', '/companies/1/accounts')).body as { id: number; number: number }[];
  const expense = accounts.find((x) => x.number === 4400)!.id;
  for (let round = 1; round <= 3; round++) {
    const created = await (round % 2 ? a : b).call('POST', '/companies/1/bills', {
      supplier_name: 'Rennen AG', supplier_zip: '3000', supplier_city: 'Bern', iban: 'CH9300762011623852957',
      amount: 100, bill_date: '2026-03-01', expense_account_id: expense,
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const answers = await underWriteLock(pair.dataDir, () => Array.from({ length: 6 }, (_, i) =>
      (i % 2 ? a : b).call('POST', `/companies/1/bills/${id}/mark-as/paid`, { paid_date: '2026-03-10' })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status !== 200).map((r) => r.status)).toEqual([400, 400, 400, 400, 400]);
    const entries = await a.call('GET', '/companies/1/entries?per_page=100');
    expect(entries.body.data.filter((e: any) => String(e.description).includes(created.body.data.number))).toHaveLength(1);
  }
}, 60_000);
