// Money booked once, whatever runs at the same time: processes of the built CLI in local mode and an
// `acct server start` on the same data directory act on one invoice, proposal or timer at once. As in
// test/service/timer-processes.test.ts, the test holds the database's write lock while they start
// (underWriteLock), so every process has read what it decides on before any may write; then exactly one
// wins, the others get the refusal they would get a second later, and `acct check` finds every rule of the ledger
// holding.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCT_BIN, sandbox, type RunResult, type Sandbox } from '../helpers/cli.js';
import { underWriteLock } from '../helpers/service.js';
import { DatabaseSync } from 'node:sqlite';
import { checkBooks, violationLine } from '../../src/server/check.js';
import { DATABASE_FILE } from '../../src/server/store/db.js';
import { camt054 } from '../helpers/import-entries.js';

/** Long enough for spawned CLI processes to reach their write on two CPUs, below the busy timeout (5 s). */
const HOLD_MS = 3000;

let box: Sandbox;
let server: ChildProcess;
let url: string;
let token: string;

interface Answer {
  status: number;
  body: any;
}

async function call(method: string, path: string, body?: unknown): Promise<Answer> {
  const form = body instanceof FormData;
  const res = await fetch(`${url}/companies/1${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: 'application/json',
      ...(form ? {} : { 'Content-Type': 'application/json' }),
    },
    body: form ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function ok(method: string, path: string, body?: unknown): Promise<any> {
  const res = await call(method, path, body);
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body;
}

/** What `acct check` finds wrong with the ledger (its integrity and every rule), read beside the running processes. */
function ledgerViolations(): string[] {
  const db = new DatabaseSync(join(box.dataDir, DATABASE_FILE), { readOnly: true });
  try {
    return checkBooks(db, box.dataDir).map(violationLine);
  } finally {
    db.close();
  }
}

// processes of their own: the test holds the write lock in this one (underWriteLock)
const acct = (args: string[]): Promise<RunResult> => box.spawn(args, { timeoutMs: 30_000 });

/** What the racers answered, short enough to read in a failure. */
const outcomes = (runs: readonly (RunResult | Answer)[]): string[] =>
  runs.map((r) =>
    'code' in r
      ? `exit ${r.code}: ${r.stderr.trim()}`
      : `${r.status}: ${r.status === 200 ? 'ok' : JSON.stringify(r.body)}`,
  );

beforeAll(async () => {
  box = sandbox();
  // local mode makes the ledger (and runs the day's first-command work) before anything races on it
  expect((await acct(['tags', 'list'])).code).toBe(0);
  token = readFileSync(join(box.dataDir, 'local-token'), 'utf8').trim();
  server = spawn(
    process.execPath,
    [ACCT_BIN, 'server', 'start', '--port', '0', '--data', box.dataDir, '--rate-limit', 'off'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  url = await new Promise<string>((resolve, reject) => {
    let out = '';
    server.once('exit', (code) => reject(new Error(`acct server start exited with ${code}`)));
    server.stdout!.setEncoding('utf8').on('data', (d) => {
      out += d;
      const found = /listening on (\S+)\n/.exec(out)?.[1];
      if (found) resolve(found);
    });
  });
}, 30_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  box?.cleanup();
});

let customerId: number | undefined;
async function sentInvoice(price: number): Promise<{ id: number; number: string; reference: string }> {
  customerId ??= (await ok('POST', '/customers', { name: 'Renn AG' })).data.id;
  const created = await ok('POST', '/invoices', {
    customer_id: customerId,
    date: '2026-03-02',
    positions: [{ description: 'Beratung', amount: 1, price }],
  });
  const sent = await ok('GET', `/invoices/${created.id}/mark-as?status=sent`);
  return { id: created.id, number: sent.data.number, reference: sent.data.reference };
}

const paymentsOf = async (invoiceId: number): Promise<any[]> =>
  (await ok('GET', '/entries?per_page=100')).data.filter(
    (e: any) => e.invoice?.id === invoiceId || e.invoice_id === invoiceId,
  );

describe('one invoice marked paid by many processes at once', () => {
  it('10 CLI processes, 2 requests on one data directory: one payment booked, the rest refused (6, 400)', async () => {
    const invoice = await sentInvoice(500);
    const [cliRuns, serverRuns] = (await underWriteLock(
      box.dataDir,
      () =>
        [
          Promise.all(
            Array.from({ length: 10 }, () =>
              acct(['invoices', 'mark-as', invoice.number, 'paid', '--paid-date', '2026-03-20']),
            ),
          ),
          Promise.all(
            [1, 2].map(() =>
              call('GET', `/invoices/${invoice.id}/mark-as?status=paid&createEntry=true&paidDate=2026-03-20`),
            ),
          ),
        ] as Promise<unknown>[],
      HOLD_MS,
    )) as unknown as [RunResult[], Answer[]];
    const cliWins = cliRuns.filter((r) => r.code === 0).length;
    const serverWins = serverRuns.filter((r) => r.status === 200).length;
    expect(cliWins + serverWins, outcomes([...cliRuns, ...serverRuns]).join('\n')).toBe(1);
    for (const r of cliRuns.filter((x) => x.code !== 0)) {
      expect(r.code, r.stderr).toBe(6);
      expect(r.stderr).toContain('acct: Die Rechnung kann nicht von «bezahlt» auf «bezahlt» gesetzt werden.');
    }
    for (const r of serverRuns.filter((x) => x.status !== 200))
      expect(r).toEqual({
        status: 400,
        body: { message: 'Die Rechnung kann nicht von «bezahlt» auf «bezahlt» gesetzt werden.' },
      });
    const doc = (await ok('GET', `/invoices/${invoice.id}`)).data;
    expect(doc.status).toBe('paid');
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
    expect(ledgerViolations()).toEqual([]);
  }, 60_000);
});

describe('mark-as paid beside the bank import', () => {
  it('12 invoices paid by hand while import process books their payments: each paid once', async () => {
    const invoices: { id: number; number: string; reference: string }[] = [];
    for (let i = 0; i < 12; i++) invoices.push(await sentInvoice(100 + i));
    const xml = camt054(
      null,
      invoices.map((inv, i) => ({
        amount: `${100 + i}.00`,
        date: '2026-03-25',
        ref: `RACE-PAY-${i}`,
        scor: inv.reference,
        name: 'Renn AG',
      })),
    );
    const form = new FormData();
    form.append('file', new Blob([xml], { type: 'application/xml' }), 'statement.xml');
    expect((await call('POST', '/entries/import/camt-upload', form)).status).toBe(200);
    const queued = (await ok('GET', '/entries/import?limit=all')).data;
    expect(queued.filter((e: any) => e.invoice_id !== null)).toHaveLength(12);

    const [processRun, byHand] = (await underWriteLock(
      box.dataDir,
      () =>
        [
          acct(['import', 'process']),
          Promise.all(
            invoices.map((inv) =>
              call('GET', `/invoices/${inv.id}/mark-as?status=paid&createEntry=true&paidDate=2026-03-25`),
            ),
          ),
        ] as Promise<unknown>[],
      HOLD_MS,
    )) as unknown as [RunResult, Answer[]];
    expect([0, 6]).toContain(processRun.code);
    for (const r of byHand) expect([200, 400], outcomes([r])[0]).toContain(r.status);

    for (const inv of invoices) {
      expect((await ok('GET', `/invoices/${inv.id}`)).data.status).toBe('paid');
      expect(await paymentsOf(inv.id), inv.number).toHaveLength(1);
    }
    // an import entry whose invoice was paid by hand first stays open with the reason, and is not booked
    const after = (await ok('GET', '/entries/import?limit=all')).data.filter((e: any) => e.invoice_id !== null);
    const paidByHand = byHand.filter((r) => r.status === 200).length;
    expect(after).toHaveLength(paidByHand);
    for (const e of after) expect(e.error).toContain('bezahlt');
    expect(ledgerViolations()).toEqual([]);
  }, 90_000);
});

describe('a proposal declined and accepted at once', () => {
  it('one move wins; the other is refused as the status table says', async () => {
    customerId ??= (await ok('POST', '/customers', { name: 'Renn AG' })).data.id;
    const proposal = (
      await ok('POST', '/proposals', {
        customer_id: customerId,
        date: '2026-03-02',
        positions: [{ description: 'Konzept', amount: 1, price: 900 }],
      })
    ).id;
    const number = (await ok('GET', `/proposals/${proposal}/mark-as?status=sent`)).data.number;
    const [declines, accepts] = (await underWriteLock(
      box.dataDir,
      () =>
        [
          Promise.all([1, 2, 3].map(() => acct(['proposals', 'mark-as', number, 'declined']))),
          Promise.all([1, 2, 3].map(() => call('GET', `/proposals/${proposal}/mark-as?status=accepted`))),
        ] as Promise<unknown>[],
      HOLD_MS,
    )) as unknown as [RunResult[], Answer[]];
    const final = (await ok('GET', `/proposals/${proposal}`)).data.status;
    const declinedWon = declines.filter((r) => r.code === 0).length;
    const acceptedWon = accepts.filter((r) => r.status === 200).length;
    // declined → accepted and accepted → declined are both refused, and each move once only
    expect(declinedWon + acceptedWon, outcomes([...declines, ...accepts]).join('\n')).toBe(1);
    expect(final).toBe(declinedWon ? 'declined' : 'accepted');
    for (const r of declines.filter((x) => x.code !== 0)) expect(r.code, r.stderr).toBe(6);
    for (const r of accepts.filter((x) => x.status !== 200)) expect(r.status).toBe(400);
    const activities = Object.values(
      (await ok('GET', `/proposals/${proposal}/activities`)) as Record<string, { message: string }>,
    ).map((a) => a.message);
    expect(activities.filter((m) => m === 'Marked as declined' || m === 'Marked as accepted')).toHaveLength(1);
  }, 60_000);
});

describe('two timer stops at once', () => {
  it('one saves the time entry; the other says that no timer is running (exit 5)', async () => {
    customerId ??= (await ok('POST', '/customers', { name: 'Renn AG' })).data.id;
    const project = (await ok('POST', '/projects', { name: 'Rennen', customer_id: customerId, hourly_rate: 100 })).data
      .id;
    expect((await acct(['timer', 'start', String(project)])).code).toBe(0);
    // --keep: a stop seconds after the start would otherwise discard the timer instead of saving it
    const [stops] = await underWriteLock(
      box.dataDir,
      () => [Promise.all([1, 2].map(() => acct(['timer', 'stop', '--keep'])))],
      HOLD_MS,
    );
    const codes = stops.map((r) => r.code).sort();
    expect(codes, outcomes(stops).join('\n')).toEqual([0, 5]);
    const loser = stops.find((r) => r.code === 5)!;
    expect(loser.stderr).toContain('acct: no timer is running');
    expect(loser.stderr).not.toContain('project_id');
    expect((await ok('GET', `/times?filter[project_id]=${project}`)).data).toHaveLength(1);
  }, 60_000);
});

describe('two recurring passes at once', () => {
  it('acct server recur in two processes makes each due copy once, and neither fails', async () => {
    expect((await acct(['server', 'companies', 'set', '1', '--plan', 'business', '--data', box.dataDir])).code).toBe(0);
    customerId ??= (await ok('POST', '/customers', { name: 'Renn AG' })).data.id;
    const template = await ok('POST', '/invoices', {
      customer_id: customerId,
      date: '2026-01-31',
      payable_until: '2026-02-10',
      repeat: true,
      repeat_interval: 'monthly',
      repeat_stop_at: '2026-04-30',
      positions: [{ description: 'Abo', amount: 1, price: 99 }],
    });
    const [passes] = await underWriteLock(
      box.dataDir,
      () => [Promise.all([1, 2].map(() => acct(['server', 'recur', '--data', box.dataDir])))],
      HOLD_MS,
    );
    expect(
      passes.map((r) => r.code),
      outcomes(passes).join('\n'),
    ).toEqual([0, 0]);
    const copies = (await ok('GET', '/invoices?per_page=100')).data.filter(
      (d: any) => d.id !== template.id && d.final_value === 99,
    );
    expect(copies.map((d: any) => d.date).sort()).toEqual(['2026-02-28', '2026-03-31', '2026-04-30']);
    // every copy is reported once, by the pass that made it
    expect(passes.flatMap((r) => r.stdout.trim().split('\n').filter(Boolean))).toHaveLength(3);
  }, 60_000);
});
