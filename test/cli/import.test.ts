// `acct import …` against the service: CAMT uploads (counts per file and in total, the IBAN or
// --bank-account, duplicates, a file that is not CAMT, a remote service without the count headers),
// the list with its filters and counts, get, update with references by number and name, ignore, reset,
// delete, the receipt, process with its dry run and a refused booking, and review under a pty (an
// account, an ignore, Ctrl-C, and a second run that goes on with the rest and processes).
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addCompany } from '../../src/server/main.js';
import { run } from '../../src/server/store/db.js';
import { acctAgainst, acctEnv, inTerminal, plain, sandbox, type Acct, type Sandbox } from '../helpers/cli.js';
import { accountId, startTestService, taxRateId, type TestService } from '../helpers/service.js';
import { camt054, type CamtTx } from '../helpers/import-entries.js';
import { jsonOf, lines, seed, sendJson, startStub, testFiles, tsv } from './support.js';

const CAMT = resolve(import.meta.dirname, '../fixtures/camt');
const STATEMENT = join(CAMT, 'postfinance-camt053-v04-statement.xml'); // 32 transactions, IBAN CH0309000000250090342
const NOTIFICATION = join(CAMT, 'camt054-v04-example.xml'); // the statement's last 5 transactions again (2016-04-10)
const COLLECTIVE = join(CAMT, 'camt054-v04-collective.xml'); // 2 credits, IBAN CH160077401231234567

let svc: TestService;
let box: Sandbox;
let acct: Acct;
let files: string;

const json = (args: string[], company = 1) => jsonOf((a) => acct(a, { company }), args);

/** The company's import entries as the API lists them (every status asked for), oldest first. */
async function entries(company = 1, status = 'notDeleted'): Promise<any[]> {
  const r = await svc.call('GET', `/companies/${company}/entries/import?status=${status}&limit=all`);
  expect(r.status).toBe(200);
  return (r.body.data as any[]).sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
}
const entry = async (id: number, company = 1) =>
  (await svc.call('GET', `/companies/${company}/entries/import/${id}`)).body.data;
const find = async (pred: (e: any) => boolean, company = 1) => (await entries(company)).find(pred)!;

beforeAll(async () => {
  svc = await startTestService();
  box = sandbox();
  acct = acctAgainst(box, svc);
  files = testFiles(
    box,
    { 'notes.txt': 'Kontoauszug März, bitte buchen\n', 'quittung.pdf': '%PDF-1.4 Quittung Kontoauszug\n' },
    'gross.pdf',
  );
  await seed(svc, 'tags', { name: 'bank', color: 'blue' });
});

afterAll(async () => {
  await svc.close();
  box.cleanup();
});

describe('upload-camt', () => {
  test('a statement with --bank-account: counts per file and in total as one JSON object, the open count', async () => {
    const r = await acct(['import', 'upload-camt', STATEMENT, '--bank-account', '1020', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const counts = { created: 32, duplicates: 0, matched: 0, ready: 0, skipped_pending: 0, skipped_info: 0 };
    const account1020 = accountId(svc, 1, 1020);
    expect(JSON.parse(r.stdout)).toEqual({
      ...counts,
      files: [{ file: STATEMENT, ...counts }],
      skipped_duplicates: [],
      // 1020 had no IBAN: it now has the statement's
      assigned_ibans: [
        {
          file: STATEMENT,
          bank_account_id: account1020,
          number: 1020,
          name: 'Bankguthaben',
          iban: 'CH0309000000250090342',
        },
      ],
      statements: [
        {
          file: STATEMENT,
          file_name: null,
          statement_id: '20160430375204000008574',
          iban: 'CH0309000000250090342',
          bank_account_id: account1020,
          currency: 'CHF',
          opening_balance: 322152.16,
          opening_date: '2016-04-29',
          closing_balance: 322689.77,
          closing_date: '2016-04-30',
          movements: 537.61,
          adds_up: true,
          booked_until: '2016-05-27',
          book_balance: 0,
        },
      ],
      failed: [],
      open_count: 32,
      ready_count: 0,
    });
    expect(r.stderr).toContain('Open: 32 entries, 0 ready. Next: acct import review');
    expect(r.stderr).toContain(
      `${STATEMENT}: 1020 Bankguthaben now has the statement's IBAN CH03 0900 0000 2500 9034 2; its next ` +
        `statements go there on their own`,
    );
    // the statement's own closing balance (opening 322'152.16 + 1'810.56 in − 1'272.95 out), and the books beside it
    expect(r.stderr).toContain(`${STATEMENT}: closing balance CHF 322'689.77 on 30.04.2016 (CH0309000000250090342)\n`);
    expect(r.stderr).toContain(
      `${STATEMENT}: in the books CHF 0.00 on 27.05.2016, difference CHF 322'689.77 (process the entries, then ` +
        `acct import reconcile)`,
    );
    expect(r.stderr).not.toContain('warning');
    expect(new Set((await entries()).map((e) => e.bank_account.number))).toEqual(new Set([1020]));
  });

  test('without --bank-account: to the account with its IBAN; the same transactions again: duplicates', async () => {
    const company = addCompany(svc.server.db, 'IBAN AG', 1);
    await seed(
      svc,
      'accounts',
      { name: 'PostFinance', number: 1030, type: 'bank', iban: 'CH03 0900 0000 2500 9034 2' },
      company,
    );
    const r = await acct(
      ['import', 'upload-camt', STATEMENT, NOTIFICATION, COLLECTIVE, '--bank-account', 'PostFinance', '-o', 'table'],
      { company },
    );
    expect(r.code, r.stderr).toBe(0);
    const rows = lines(r.stdout)
      .slice(1)
      .map((l) => l.trim().split(/\s+/));
    expect(rows.map((c) => c.slice(-4))).toEqual([
      ['32', '0', '0', '0'],
      ['0', '5', '0', '0'],
      ['2', '0', '0', '0'],
      ['34', '5', '0', '0'],
    ]);
    expect(rows[3][0]).toBe('total');
    expect(r.stderr).toContain('Open: 34 entries, 0 ready.');

    const byIban = addCompany(svc.server.db, 'IBAN Zwei AG', 1);
    await seed(
      svc,
      'accounts',
      { name: 'PostFinance', number: 1030, type: 'bank', iban: 'CH0309000000250090342' },
      byIban,
    );
    const t = await acct(['import', 'upload-camt', NOTIFICATION], { company: byIban });
    expect(t.code, t.stderr).toBe(0);
    expect(tsv(t.stdout)).toEqual([
      ['file', 'created', 'duplicates', 'matched', 'ready'],
      [NOTIFICATION, '5', '0', '0', '0'],
    ]);
    expect(new Set((await entries(byIban)).map((e) => e.bank_account.number))).toEqual(new Set([1030]));
  });

  test("a file that is not CAMT is named with the service's reason (exit 3); the others still upload", async () => {
    const company = addCompany(svc.server.db, 'Falsch AG', 1);
    const notes = join(files, 'notes.txt');
    const r = await acct(['import', 'upload-camt', notes, COLLECTIVE, '--bank-account', '1020', '--json'], { company });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(new RegExp(`${notes.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: not imported: \\S`));
    expect(r.stderr).toContain(`acct: 1 of 2 files were not imported: ${notes}`);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({
      created: 2,
      files: [{ file: COLLECTIVE, created: 2 }],
      failed: [{ file: notes }],
      open_count: 2,
    });
    expect(out.failed[0].message.length).toBeGreaterThan(0);
    expect(await entries(company)).toHaveLength(2);
  });

  test('files are checked before any request: a missing one is a usage error and nothing is uploaded', async () => {
    const company = addCompany(svc.server.db, 'Leer AG', 1);
    const r = await acct(['import', 'upload-camt', COLLECTIVE, join(files, 'fehlt.xml')], { company });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`acct: no such file: ${join(files, 'fehlt.xml')}`);
    expect(await entries(company)).toEqual([]);
    const dir = await acct(['import', 'upload-camt', files], { company });
    expect(dir.code).toBe(2);
    expect(dir.stderr).toContain('is a directory, not a CAMT file');
  });

  test('a non-bank account: it must be a bank account (exit 3); an unknown number: exit 2', async () => {
    const company = addCompany(svc.server.db, 'Konto AG', 1);
    const r = await acct(['import', 'upload-camt', COLLECTIVE, '--bank-account', '6500'], { company });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`${COLLECTIVE}: not imported:`);
    const unknown = await acct(['import', 'upload-camt', COLLECTIVE, '--bank-account', '1999'], { company });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no account "1999" (--bank-account)');
    expect(await entries(company)).toEqual([]);
  });

  test('a re-upload names each duplicate and its entry (json: skipped_duplicates); counts pending, info', async () => {
    const company = addCompany(svc.server.db, 'Doppelt AG', 1);
    const txs: CamtTx[] = [
      { amount: '1081.50', date: '2026-03-31', ref: 'D-PAY', name: 'Muster AG', qrr: '210000000003139471430009017' },
      { amount: '2150.00', direction: 'DBIT', date: '2026-03-02', ref: 'D-RENT', name: 'Immo Verwaltung AG' },
      { amount: '77.00', ref: 'D-PDNG', status: 'PDNG' },
      { amount: '88.00', ref: 'D-INFO', status: 'INFO' },
    ];
    const file = join(files, 'doppelt.xml');
    writeFileSync(file, camt054(null, txs));
    const first = await acct(['import', 'upload-camt', file], { company });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain(`${file}: 1 pending transaction not imported (not booked by the bank yet)`);
    expect(first.stderr).toContain(`${file}: 1 information-only transaction not imported`);
    expect(first.stderr).not.toContain('duplicate');
    const byRef = Object.fromEntries((await entries(company)).map((e) => [e.bank_reference, e.id]));

    const again = await acct(['import', 'upload-camt', file], { company });
    expect(again.code, again.stderr).toBe(0);
    expect(tsv(again.stdout)).toEqual([
      ['file', 'created', 'duplicates', 'matched', 'ready'],
      [file, '0', '2', '0', '0'],
    ]);
    expect(again.stderr).toContain(
      `${file}: duplicate of import entry ${byRef['D-PAY']}, not imported: 31.03.2026 1'081.50 Muster AG ref ` +
        `210000000003139471430009017 bank ref D-PAY\n`,
    );
    expect(again.stderr).toContain(
      `${file}: duplicate of import entry ${byRef['D-RENT']}, not imported: 02.03.2026 -2'150.00 Immo Verwaltung ` +
        `AG bank ref D-RENT\n`,
    );

    const out = JSON.parse((await acct(['import', 'upload-camt', file, '--json'], { company })).stdout);
    expect(out).toMatchObject({ created: 0, duplicates: 2, skipped_pending: 1, skipped_info: 1 });
    expect(out.skipped_duplicates).toEqual([
      {
        file,
        date: '2026-03-31',
        type: 'income',
        sum: 1081.5,
        counterparty_name: 'Muster AG',
        reference: '210000000003139471430009017',
        bank_reference: 'D-PAY',
        duplicate_of: byRef['D-PAY'],
      },
      {
        file,
        date: '2026-03-02',
        type: 'expense',
        sum: 2150,
        counterparty_name: 'Immo Verwaltung AG',
        reference: null,
        bank_reference: 'D-RENT',
        duplicate_of: byRef['D-RENT'],
      },
    ]);
    expect(out.files[0]).toMatchObject({ file, created: 0, duplicates: 2, skipped_pending: 1, skipped_info: 1 });
  });

  test('a service without the X-Import-* headers: counts unknown, open and ready counts from the list', async () => {
    const stub = await startStub((req, res) => {
      if (req.method === 'POST') sendJson(res, 200, true);
      else sendJson(res, 200, { data: [], current_count: 0, total_count: 7, open_count: 7, ready_count: 2 });
    });
    try {
      const viaStub = acctAgainst(box, { url: stub.url, token: 't' });
      const r = await viaStub(['import', 'upload-camt', COLLECTIVE, '--json']);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({
        created: null,
        duplicates: null,
        matched: null,
        ready: null,
        open_count: 7,
        ready_count: 2,
      });
      expect(r.stderr).toContain('The service did not report the counts (no X-Import-* headers)');
      expect(r.stderr).toContain('Open: 7 entries, 2 ready.');
      expect(stub.requests.map((q) => `${q.method} ${q.url.replace(/\?.*/, '')}`)).toEqual([
        'POST /api/v2/companies/1/entries/import/camt-upload',
        'GET /api/v2/companies/1/entries/import',
      ]);
    } finally {
      await stub.close();
    }
  });
});

describe('list and get', () => {
  test('the columns, the signed amount (a payment negative) and every field in json', async () => {
    const r = await acct(['import', 'list']);
    expect(r.code, r.stderr).toBe(0);
    const rows = tsv(r.stdout);
    expect(rows[0]).toEqual([
      'id',
      'date',
      'amount',
      'counterparty_name',
      'description',
      'counter_account',
      'tax_rate.name',
      'is_ready',
      'invoice.number',
      'bill_label',
      'rule_label',
    ]);
    expect(rows).toHaveLength(33);
    const fee = rows.find((c) => c[4].includes('KONTOAUSZUG PAPIER'))!;
    expect(fee.slice(1, 3)).toEqual(['2016-04-30', '-24']);
    const list = await json(['import', 'list']);
    const credit = list.find((e: any) => e.counterparty_name === 'Zürcher Kantonalbank');
    expect(credit).toMatchObject({
      type: 'income',
      sum: 50,
      amount: 50,
      date: '2016-05-27',
      is_ready: false,
      counter_account: null,
      bank_account: { number: 1020 },
    });
    expect(Object.keys(credit)).toEqual(
      expect.arrayContaining([
        'og_description',
        'reference',
        'bank_reference',
        'counterparty_iban',
        'similarExists',
        'status',
        'tags',
        'file',
      ]),
    );
  });

  test('--status, --search, --limit/--offset, --page/--per-page; a table ends with the counts on stderr', async () => {
    const search = tsv((await acct(['import', 'list', '--search', 'rutschmann'])).stdout).slice(1);
    expect(search.length).toBeGreaterThan(3);
    expect(search.every((c) => c[3] === 'Rutschmann Pia')).toBe(true);
    expect(
      tsv((await acct(['import', 'list', '--search', '15.53'])).stdout)
        .slice(1)
        .map((c) => c[2]),
    ).toEqual(['-15.53']);
    const all = tsv((await acct(['import', 'list', '--status', 'not-ready', '--all'])).stdout)
      .slice(1)
      .map((c) => c[0]);
    expect(all).toHaveLength(32);
    expect(
      tsv((await acct(['import', 'list', '--limit', '3', '--offset', '2'])).stdout)
        .slice(1)
        .map((c) => c[0]),
    ).toEqual(all.slice(2, 5));
    expect(
      tsv((await acct(['import', 'list', '--page', '2', '--per-page', '10'])).stdout)
        .slice(1)
        .map((c) => c[0]),
    ).toEqual(all.slice(10, 20));
    expect(tsv((await acct(['import', 'list', '--status', 'ready'])).stdout)).toHaveLength(1);
    const table = await acct(['import', 'list', '--limit', '5', '-o', 'table']);
    expect(table.stdout).toMatch(/ID\s+DATE\s+AMOUNT\s+COUNTERPARTY\s+TEXT/);
    expect(table.stderr).toBe('5 of 32 shown — --all for every row\n32 entries. Open: 32, ready: 0.\n');
    const csv = await acct([
      'import',
      'list',
      '--limit',
      '1',
      '-o',
      'csv',
      '--fields',
      'id,bank_reference,og_description',
    ]);
    expect(csv.stdout.split('\r\n')[0]).toBe('id,bank_reference,og_description');
  });

  test('flags are checked before any request', async () => {
    const bad = await acct(['import', 'list', '--status', 'offen']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Allowed choices are open, ready, not-ready, deleted');
    for (const args of [
      ['--offset', '-1'],
      ['--all', '--limit', '2'],
      ['--page', '2', '--offset', '3'],
    ]) {
      const r = await acct(['import', 'list', ...args]);
      expect(r.code, args.join(' ')).toBe(2);
    }
  });

  test("get: one entry with the bank's own text; an unknown id is exit 5, a malformed one exit 2", async () => {
    const fee = await find((e) => e.og_description?.includes('KONTOAUSZUG PAPIER'));
    const table = await acct(['import', 'get', String(fee.id), '-o', 'table']);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/AMOUNT\s+-24\.00/);
    expect(table.stdout).toMatch(/BANK TEXT\s+UEBRIGE: 25-9034-2 FÜR KONTOAUSZUG PAPIER TÄGLICH/);
    expect(table.stdout).toMatch(/STATUS\s+open/);
    expect(await json(['import', 'get', `id:${fee.id}`])).toMatchObject({
      id: fee.id,
      amount: -24,
      type: 'expense',
      sum: 24,
    });
    const missing = await acct(['import', 'get', '99999']);
    expect(missing.code).toBe(5);
    expect((await acct(['import', 'get', 'abc'])).code).toBe(2);
  });
});

describe('update, ignore, reset', () => {
  test("update: account by number, tax rate by name (the 2016 date's rate), text, tags; becomes ready", async () => {
    const fee = await find((e) => e.og_description?.includes('KONTOAUSZUG PAPIER'));
    const out = await json([
      'import',
      'update',
      String(fee.id),
      '--account',
      '6940',
      '--tax-rate',
      'Vorsteuer 8.1 %',
      '--description',
      'Kontoauszug Papier',
      '--tag',
      'bank',
    ]);
    expect(out).toMatchObject({
      id: fee.id,
      other_account: { number: 6940 },
      tax_rate: { name: 'Vorsteuer 8.0 %' },
      description: 'Kontoauszug Papier',
      is_ready: true,
      counter_account: '6940 Bankspesen',
      tags: [{ id: expect.any(Number) }],
    });
    const cleared = await json(['import', 'update', String(fee.id), '--tax-rate', 'none', '--tag', 'none']);
    expect(cleared).toMatchObject({ tax_rate: null, tags: [] });
    expect((await json(['import', 'update', String(fee.id), '--tax-rate', '2.6'])).tax_rate.name).toBe(
      'Vorsteuer 2.5 %',
    );
    const r = await acct(['import', 'update', String(fee.id), '--tax-rate', 'Vorsteuer 8.1 %']);
    expect(r.stderr).toContain(
      '--tax-rate "Vorsteuer 8.1 %" on 30.04.2016 is Vorsteuer 8.0 %, the rate of that day (Vorsteuer 8.1 % holds ' +
        'from 01.01.2024).',
    );
  });

  test('update: an invoice by number links an incoming payment; none unlinks it; reset clears it all', async () => {
    const customer = (await seed(svc, 'customers', { name: 'Muster AG', number: 1001 })).id;
    const invoice = await seed(svc, 'invoices', {
      customer_id: customer,
      positions: [{ description: 'Beratung', amount: 1, price: 50 }],
    });
    const payment = await find((e) => e.counterparty_name === 'Zürcher Kantonalbank');
    const linked = await json(['import', 'update', String(payment.id), '--invoice', invoice.number]);
    expect(linked).toMatchObject({ invoice: { number: invoice.number }, is_ready: true });
    expect(linked.other_account).not.toBeNull();
    const r = await acct(['import', 'list', '--status', 'ready', '-o', 'tsv']);
    expect(tsv(r.stdout).find((c) => c[0] === String(payment.id))![8]).toBe(invoice.number);
    expect((await json(['import', 'update', String(payment.id), '--invoice', 'none'])).invoice).toBeNull();
    const reset = await json(['import', 'reset', String(payment.id)]);
    expect(reset).toMatchObject({
      other_account: null,
      tax_rate: null,
      invoice: null,
      is_ready: false,
      description: payment.og_description,
    });
  });

  test('update refusals: nothing to change (2), unknown account (2, candidates), entry (5), field (3)', async () => {
    const fee = await find((e) => e.type === 'expense' && !e.is_ready);
    const nothing = await acct(['import', 'update', String(fee.id)]);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('nothing to change');
    const account = await acct(['import', 'update', String(fee.id), '--account', '6999']);
    expect(account.code).toBe(2);
    expect(account.stderr).toContain('no account "6999" (--account)');
    expect(account.stderr).toContain('candidates:');
    expect((await acct(['import', 'update', '99999', '--description', 'x'])).code).toBe(5);
    const invoice = await seed(svc, 'invoices', {
      customer_id: (await seed(svc, 'customers', { name: 'Beispiel GmbH', number: 1002 })).id,
      positions: [{ description: 'Support', amount: 1, price: 10 }],
    });
    const wrong = await acct(['import', 'update', String(fee.id), '--invoice', invoice.number]);
    expect(wrong.code).toBe(3);
    expect(wrong.stderr).toContain('invoice_id');
    expect((await entry(fee.id)).invoice_id).toBeNull();
  });

  test('ignore: several at once, ready and ignored; unknown id: exit 5, nothing changed; reset undoes it', async () => {
    const [a, b] = (await entries()).filter((e) => e.counterparty_name === 'Max Mustermann');
    const r = await acct(['import', 'ignore', String(a.id), String(b.id)]);
    expect(r.code, r.stderr).toBe(0);
    expect(
      tsv(r.stdout)
        .slice(1)
        .map((c) => [c[0], c[5], c[7]])
        .sort(),
    ).toEqual(
      [
        [String(a.id), '(ignored)', 'true'],
        [String(b.id), '(ignored)', 'true'],
      ].sort(),
    );
    expect(r.stderr).toContain('Ignored 2 entries');
    expect((await entry(a.id)).ignore).toBe(true);
    const [c] = (await entries()).filter((e) => e.counterparty_name === 'Max Mustermann' && !e.ignore);
    const missing = await acct(['import', 'ignore', String(c.id), '99999']);
    expect(missing.code).toBe(5);
    expect(missing.stderr).toBe(
      'acct: no import entry with id 99999 (acct import list shows the ids); nothing was changed\n',
    );
    const twoMissing = await acct(['import', 'ignore', '99998', String(c.id), '99999']);
    expect(twoMissing.code).toBe(5);
    expect(twoMissing.stderr).toBe(
      'acct: no import entries with ids 99998, 99999 (acct import list shows the ids); nothing was changed\n',
    );
    expect((await entry(c.id)).ignore).toBe(false);
    const reset = await json(['import', 'reset', String(b.id)]);
    expect(reset).toMatchObject({ ignore: false, is_ready: false });
    expect((await acct(['import', 'reset', '99999'])).code).toBe(5);
  });
});

describe('receipt', () => {
  test('add, url, remove; a missing entry or receipt: exit 5; a file over 6 MB: exit 2 before requests', async () => {
    const fee = await find((e) => e.og_description?.includes('KONTOAUSZUG PAPIER'));
    const added = await json(['import', 'receipt', 'add', String(fee.id), join(files, 'quittung.pdf')]);
    expect(added).toMatchObject({ id: expect.any(Number), name: 'quittung.pdf' });
    expect((await entry(fee.id)).file).toMatchObject({ name: 'quittung.pdf' });
    const url = await acct(['import', 'receipt', 'url', String(fee.id)]);
    expect(url.code, url.stderr).toBe(0);
    expect(url.stdout).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\S+\n$/);
    const body = await fetch(url.stdout.trim());
    expect(await body.text()).toContain('Quittung Kontoauszug');
    expect(await json(['import', 'receipt', 'url', String(fee.id)])).toEqual({
      url: expect.stringMatching(/^http:\/\//),
      expires_at: expect.any(String),
    });
    const big = await acct(['import', 'receipt', 'add', String(fee.id), join(files, 'gross.pdf')]);
    expect(big.code).toBe(2);
    expect(big.stderr).toContain('is larger than 6 MB');
    const removed = await acct(['import', 'receipt', 'remove', String(fee.id)]);
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stderr).toContain(`Removed the receipt of import entry ${fee.id}.`);
    expect((await entry(fee.id)).file).toBeNull();
    expect((await acct(['import', 'receipt', 'remove', String(fee.id)])).code).toBe(5);
    expect((await acct(['import', 'receipt', 'url', String(fee.id)])).code).toBe(5);
    expect((await acct(['import', 'receipt', 'add', '99999', join(files, 'quittung.pdf')])).code).toBe(5);
  });
});

describe('process', () => {
  test('--dry-run lists the bookings the ready entries would make and sends nothing', async () => {
    const fee = await find((e) => e.og_description?.includes('KONTOAUSZUG PAPIER'));
    const income = await find((e) => e.counterparty_name === 'UBS Switzerland AG');
    await json(['import', 'update', String(income.id), '--account', '3400', '--tax-rate', 'MWST 8.1 %']);
    const before = (await entries(1, 'ready')).length;
    const r = await acct(['import', 'process', '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    const rows = tsv(r.stdout);
    expect(rows[0]).toEqual([
      'import_entry_id',
      'date',
      'debit_account.number',
      'credit_account.number',
      'sum',
      'description',
      'tax_rate.name',
      'invoice.number',
      'bill_label',
      'rule_label',
    ]);
    expect(rows.slice(1)).toEqual([
      [String(fee.id), '2016-04-30', '6940', '1020', '24', 'Kontoauszug Papier', 'Vorsteuer 8.0 %', '', '', ''],
      [String(income.id), '2016-05-27', '1020', '3400', '100', income.description, 'MWST 8.0 %', '', '', ''],
    ]);
    expect(r.stderr).toContain('Dry run: 2 bookings would be made, 1 ignored entry deleted; nothing was sent.');
    expect((await entries(1, 'ready')).length).toBe(before);
    expect((await svc.call('GET', '/companies/1/entries')).body.total_count).toBe(0);
  });

  test('a refused booking stays open with its reason (6), the rest booked, ignored deleted; processed: 6', async () => {
    const fee = await find((e) => e.og_description?.includes('KONTOAUSZUG PAPIER'));
    run(svc.server.db, 'UPDATE companies SET closed_until = ? WHERE id = 1', '2016-04-30');
    try {
      const r = await acct(['import', 'process', '--json']);
      expect(r.code).toBe(6);
      const out = JSON.parse(r.stdout);
      expect(out).toMatchObject({
        created: 1,
        ignored: 1,
        failed: 1,
        errors: [{ id: fee.id, message: expect.any(String) }],
      });
      expect(r.stderr).toContain(`  entry ${fee.id}: ${out.errors[0].message}`);
      expect(r.stderr).toContain('acct: 1 entry was refused and stays open');
      expect(await entry(fee.id)).toMatchObject({ status: 'open', error: out.errors[0].message });
    } finally {
      run(svc.server.db, 'UPDATE companies SET closed_until = NULL WHERE id = 1');
    }
    const again = await acct(['import', 'process', '-o', 'table']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/CREATED\s+1/);
    expect(again.stderr).toContain('Booked 1, deleted 0 ignored.');
    const booked = await entry(fee.id);
    expect(booked.status).toBe('processed');
    const booking = (await svc.call('GET', `/companies/1/entries/${booked.entry_id}`)).body.data;
    expect(booking).toMatchObject({ sum: 24, description: 'Kontoauszug Papier', is_imported: true });
    // nothing ready is no failure: a cron job's `process --dry-run && process` goes on
    const none = await acct(['import', 'process']);
    expect(none.code, none.stderr).toBe(0);
    const processed = await acct(['import', 'ignore', String(fee.id)]);
    expect(processed.code).toBe(6);
    // unknown ids beside one that is not open: the unknown ones are named (exit 5)
    const unknown = await acct(['import', 'ignore', String(fee.id), '99998', '99999']);
    expect(unknown.code).toBe(5);
    expect(unknown.stderr).toBe(
      'acct: no import entries with ids 99998, 99999 (acct import list shows the ids); nothing was changed\n',
    );
    expect((await acct(['import', 'update', String(fee.id), '--description', 'später'])).code).toBe(6);
  });
});

describe('process with nothing ready (scripts and cron)', () => {
  test('exits 0 and says so on stderr, the dry run too, so `process --dry-run && process` works', async () => {
    const company = addCompany(svc.server.db, 'Nichts bereit AG', 1);
    const empty = await acct(['import', 'process'], { company });
    expect(empty.code, empty.stderr).toBe(0);
    expect(empty.stderr).toContain('nothing to book: 0 ready, 0 need an account');
    const file = join(files, 'offen.xml');
    writeFileSync(
      file,
      camt054(null, [
        { amount: '1.00', ref: 'O-1' },
        { amount: '2.00', ref: 'O-2' },
        { amount: '3.00', ref: 'O-3' },
      ]),
    );
    expect((await acct(['import', 'upload-camt', file], { company })).code).toBe(0);
    for (const args of [
      ['import', 'process', '--dry-run'],
      ['import', 'process'],
      ['import', 'process', '--json'],
    ]) {
      const r = await acct(args, { company });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain('nothing to book: 0 ready, 3 need an account');
    }
    const asJson = await acct(['import', 'process', '--json'], { company });
    expect(JSON.parse(asJson.stdout)).toEqual({ created: 0, ignored: 0, failed: 0, errors: [] });
    expect((await entries(company)).every((e) => e.status === 'open')).toBe(true);
  });

  test('a 400 while entries are still ready fails (exit 6); a 400 as another run booked them: exit 0', async () => {
    let ready = 1;
    let readyAfterRefusal = 1;
    const stub = await startStub((req, res) => {
      if (req.method === 'POST') {
        ready = readyAfterRefusal;
        sendJson(res, 400, { message: 'Es sind keine Einträge zum Verbuchen bereit.' });
      } else {
        sendJson(res, 200, { data: [], current_count: 0, total_count: 4, open_count: 4, ready_count: ready });
      }
    });
    try {
      const viaStub = acctAgainst(box, { url: stub.url, token: 'stub-token-0000' });
      const refused = await viaStub(['import', 'process']);
      expect(refused.code).toBe(6);
      expect(refused.stderr).toContain('Es sind keine Einträge zum Verbuchen bereit.');
      ready = 1;
      readyAfterRefusal = 0;
      const raced = await viaStub(['import', 'process']);
      expect(raced.code, raced.stderr).toBe(0);
      expect(raced.stderr).toContain('nothing to book: 0 ready, 4 need an account');
    } finally {
      await stub.close();
    }
  });
});

describe('delete', () => {
  test('ids, after a confirmation (--yes without a terminal); --all; --status deleted lists the deleted', async () => {
    const [a, b] = (await entries()).filter((e) => e.counterparty_name === 'Bernasconi Maria');
    const refused = await acct(['import', 'delete', String(a.id)]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('pass --yes');
    // an id of nothing stops it before anything is deleted
    const unknown = await acct(['import', 'delete', String(a.id), String(b.id), '99999', '--yes']);
    expect(unknown.code).toBe(5);
    expect(unknown.stderr).toBe(
      'acct: no import entry with id 99999 (acct import list shows the ids); nothing was changed\n',
    );
    expect((await entries()).map((e) => e.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    // one that exists but is not open any more (the ignored one process deleted) is counted apart
    const [gone] = await entries(1, 'deleted');
    const r = await acct(['import', 'delete', String(a.id), String(b.id), String(gone.id), '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Deleted 2 import entries (of 3 given; the others were not open).');
    const deleted = tsv((await acct(['import', 'list', '--status', 'deleted'])).stdout)
      .slice(1)
      .map((c) => Number(c[0]));
    expect(deleted).toHaveLength(3); // and the ignored one process deleted
    expect(deleted).toEqual(expect.arrayContaining([a.id, b.id]));
    expect((await acct(['import', 'delete', String(gone.id), '--yes'])).code).toBe(6);
    const usage = await acct(['import', 'delete']);
    expect(usage.code).toBe(2);
    expect((await acct(['import', 'delete', '--all'])).code).toBe(2);
    const open = (await entries()).length;
    const all = await acct(['import', 'delete', '--all', '--yes']);
    expect(all.code, all.stderr).toBe(0);
    expect(all.stderr).toContain(`Deleted ${open} import entries.`);
    expect(await entries()).toEqual([]);
  });
});

describe('review', () => {
  test('refused without a terminal (exit 2)', async () => {
    const r = await acct(['import', 'review']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('acct import review asks questions and needs a terminal');
  });

  test('an account (umlauts folded, VAT from its bookings), an ignore, Ctrl-C; a rerun finishes', async () => {
    const company = addCompany(svc.server.db, 'Review AG', 1);
    const mwst = taxRateId(svc, company, 'MWST 8.1 %');
    await seed(
      svc,
      'entries',
      {
        date: '2016-03-01',
        debit_account_id: accountId(svc, company, 1020),
        credit_account_id: accountId(svc, company, 3400),
        sum: 100,
        tax_rate_id: mwst,
        description: 'Honorar März',
      },
      company,
    );
    expect((await acct(['import', 'upload-camt', NOTIFICATION, '--bank-account', '1020'], { company })).code).toBe(0);
    const [first, second, third, fourth, fifth] = await entries(company);
    const env = { ...acctEnv(svc, { company }), NO_COLOR: '1' };

    const one1 = await inTerminal(
      box,
      ['import', 'review'],
      [
        // "erlo" finds the Erlöse accounts (umlauts folded); more of the name narrows to one
        { when: '[1/5] Counter account', keys: 'erlo' },
        { when: '❯ 3000 Produktionserlöse', keys: '\u0015dienstleistungserlo' },
        { when: '❯ 3400 Dienstleistungserlöse', keys: '\r' },
        { when: '[1/5] VAT rate', keys: '\r' },
        { when: '[1/5] Text', keys: 'Honorar Pia\r' },
        { when: '[2/5] Counter account', keys: 'ignore' },
        { when: '❯ ignore', keys: '\r' },
        { when: '[3/5] Counter account', keys: '' },
        { when: '❯ skip', keys: '\x03' },
      ],
      env,
    );
    const out1 = plain(one1.output);
    expect(one1.code, out1).toBe(130);
    expect(out1).toContain('[1/5] 10.04.2016  15.00  Rutschmann Pia');
    expect(out1).toContain('3600 Übrige Erlöse');
    // the account's usual MWST 8.1 % as the rate of 2016, when the transaction was booked
    expect(out1).toContain('saved: 3400 Dienstleistungserlöse, MWST 8.0 %');
    expect(out1).toContain('saved: ignored');
    expect(out1).toContain('[3/5] 10.04.2016  56.56  Bernasconi Maria');
    expect(out1).toContain('Stopped: ready to book 1, ignored 1, skipped 0. Every answer is saved');
    expect(await entry(first.id, company)).toMatchObject({
      other_account: { number: 3400 },
      tax_rate: { name: 'MWST 8.0 %' },
      description: 'Honorar Pia',
      is_ready: true,
    });
    expect(await entry(second.id, company)).toMatchObject({ ignore: true, is_ready: true });
    expect((await entry(third.id, company)).is_ready).toBe(false);

    // a booking like the third transaction: same bank account, date and sum
    await seed(
      svc,
      'entries',
      {
        date: '2016-04-10',
        debit_account_id: accountId(svc, company, 1020),
        credit_account_id: accountId(svc, company, 3400),
        sum: 56.56,
        description: 'Lastschrift Maria',
      },
      company,
    );
    const two = await inTerminal(
      box,
      ['import', 'review'],
      [
        { when: '[1/3] Counter account', keys: '' },
        { when: '❯ skip', keys: '\r' },
        { when: '[2/3] Counter account', keys: '' },
        { when: '❯ skip', keys: '\r' },
        { when: '[3/3] Counter account', keys: '' },
        { when: '❯ skip', keys: '\r' },
        { when: 'Process the 2 ready entries now', keys: 'y\r' },
      ],
      env,
    );
    const out2 = plain(two.output);
    expect(two.code, out2).toBe(0);
    expect(out2).not.toContain('[1/5]');
    expect(out2).toContain('[1/3] 10.04.2016  56.56  Bernasconi Maria');
    expect(out2).toMatch(
      new RegExp(
        /similar booking: E-2016-\d+ 10\.04\.2016 1020 Bankguthaben \/ /.source +
          /3400 Dienstleistungserlöse 56\.56 Lastschrift Maria/.source,
      ),
    );
    expect(out2).toContain('[2/3] 10.04.2016  -6.00  Bernasconi Maria');
    expect(out2).toContain('Reviewed 3: ready to book 0, ignored 0, skipped 3.');
    expect(out2).toContain('Booked 1, deleted 1 ignored.');
    expect((await entry(first.id, company)).status).toBe('processed');
    expect((await entry(second.id, company)).status).toBe('deleted');
    expect((await entries(company)).map((e) => e.id)).toEqual([third.id, fourth.id, fifth.id]);
  });
});
