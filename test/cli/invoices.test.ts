// `acct invoices …` against the service: every verb; positions from flags in the order given; billing a
// project's hours at two rates (--times-of) and a customer's expenses; --dry-run; references by number;
// the status moves with the payment booking seen in the ledger; reminders; the dunning list; the exit
// codes of refusals (400 → 6), validation (422 → 3) and usage (2).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { acctEnv, inTerminal, plain, type TerminalRun } from '../helpers/cli.js';
import { useCliAgainstService } from '../helpers/cli-suite.js';
import { addCompany, setCompany } from '../../src/server/main.js';
import { jsonOf, seed, tsv } from './support.js';

const cli = useCliAgainstService();
const { acct } = cli;
const ids: Record<string, number> = {};
const times: Record<string, number> = {};

const row = (sql: string, ...params: unknown[]) =>
  cli.svc.server.db.prepare(sql).get(...(params as never[])) as Record<string, any>;
const invoiceCount = () => Number(row('SELECT count(*) AS n FROM invoices').n);

const post = (path: string, body: unknown) => seed(cli.svc, path, body);

const json = (args: string[]) => jsonOf((a) => acct(a), args);

/** An open invoice made through the API (one position of `price`); answers its id and number. */
async function invoice(body: Record<string, unknown> = {}, price = 100): Promise<{ id: number; number: string }> {
  return post('invoices', {
    customer_id: ids.muster,
    positions: [{ description: 'Beratung', amount: 1, price }],
    ...body,
  });
}

/** acct in a pseudo-terminal: stdout and stderr together, without colour codes. */
async function inTerm(args: string[]): Promise<TerminalRun> {
  const run = await inTerminal(cli.box, args, [], { ...acctEnv(cli.svc), NO_COLOR: '1', COLUMNS: '160' });
  return { code: run.code, output: plain(run.output) };
}

beforeAll(async () => {
  const mwst = Number(row("SELECT id FROM tax_rates WHERE company_id = 1 AND name = 'MWST 8.1 %'").id);
  ids.muster = (await post('customers', { name: 'Muster AG', number: 1001, tax_rate_id: mwst })).id;
  ids.beispiel = (await post('customers', { name: 'Beispiel GmbH', number: 1002 })).id;
  ids.website = (await post('projects', { name: 'Website', customer_id: ids.muster, hourly_rate: 120 })).id;
  ids.audit = (await post('projects', { name: 'Audit', customer_id: ids.beispiel, hourly_rate: 150 })).id;
  ids.design = (await post('tasks', { title: 'Design', project_id: ids.website, due: '2026-06-30' })).id;
  await post('products', { name: 'Webhosting', price: 240, unit: 'Jahr' });
  // Website: hours at 120 and at 150 in May, one not billable, one in June (outside the period billed)
  const time = async (name: string, body: Record<string, unknown>) => {
    times[name] = (await post('times', { project_id: ids.website, billable: true, ...body })).id;
  };
  await time('layout', { date: '2026-05-04', hours: 2, minutes: 30, description: 'Layout', task_id: ids.design });
  await time('review', { date: '2026-05-05', hours: 1, minutes: 15, description: 'Review', hourly_rate: 150 });
  await time('fixes', { date: '2026-05-05', hours: 0, minutes: 45, description: 'Fixes', task_id: ids.design });
  await time('intern', { date: '2026-05-06', hours: 1, minutes: 0, description: 'Intern', billable: false });
  await time('june', { date: '2026-06-02', hours: 2, minutes: 0, description: 'Juni' });
  // a billable expense of Muster AG not invoiced yet
  const account = (n: number) => Number(row('SELECT id FROM accounts WHERE company_id = 1 AND number = ?', n).id);
  ids.expense = (
    await post('entries', {
      date: '2026-05-10',
      debit_account_id: account(6500),
      credit_account_id: account(1020),
      sum: 86.45,
      description: 'Bahnbillette Basel',
      customer_id: ids.muster,
      billable: true,
    })
  ).id;
});

describe('create', () => {
  test('positions from --position, --text, --product and --positions in given order; customer by number', async () => {
    const file = join(cli.box.dataDir, '..', 'positionen.json');
    writeFileSync(
      file,
      JSON.stringify([
        {
          type: 'collection',
          title: 'Website',
          positions: [{ description: 'Konzept', amount: 12.5, price: 150, unit: 'h' }],
        },
      ]),
    );
    const doc = await json([
      'invoices',
      'create',
      '--customer',
      '1001',
      '--title',
      'Frühling',
      '--position',
      'Beratung;2.5;150;h',
      '--positions',
      file,
      '--text',
      'Zahlbar innert 30 Tagen',
      '--product',
      'webhosting:2',
      '--tax-rate',
      'none',
    ]);
    expect(doc).toMatchObject({
      customer_id: ids.muster,
      title: 'Frühling',
      status: 'open',
      tax_rate_id: null,
      total_value: 375 + 1875 + 480,
      final_value: 2730,
    });
    expect(doc.positions.map((p: any) => [p.type, p.description ?? p.title, p.amount, p.price, p.unit, p.sum])).toEqual(
      [
        ['position', 'Beratung', 2.5, 150, 'h', 375],
        ['collection', 'Website', 0, 0, null, 1875],
        ['position', 'Konzept', 12.5, 150, 'h', 1875],
        ['text', 'Zahlbar innert 30 Tagen', 0, 0, null, 0],
        ['position', 'Webhosting', 2, 240, 'Jahr', 480],
      ],
    );
    expect(doc.number).toMatch(/^R-\d{4}-\d{3}$/);
  });

  test("the table shows the document; the customer's tax rate is the default; stderr names the number", async () => {
    const r = await acct([
      'invoices',
      'create',
      '--customer',
      'muster ag',
      '--position',
      'Support;1;100',
      '--discount',
      '2',
      '--rounding',
      '-o',
      'table',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const number = /Created invoice (R-\d{4}-\d{3})\./.exec(r.stderr)![1];
    expect(r.stdout).toContain(`Rechnung ${number}  ·  open`);
    expect(r.stdout).toMatch(/^Customer {3}Muster AG \(1001\)$/m);
    // 100.00 − 2 % = 98.00; VAT 8.1 % = 7.94; 105.94 rounded to 105.95
    expect(r.stdout).toMatch(/^Discount 2 % +-2\.00$/m);
    expect(r.stdout).toMatch(/^VAT 8\.1 % on CHF 98\.00 +7\.94$/m);
    expect(r.stdout).toMatch(/^Rounding +0\.01$/m);
    expect(r.stdout).toMatch(/^Total CHF +105\.95$/m);
  });

  test('--group-by task (dry run): a position per task and rate; taskless hours by what they were', async () => {
    const doc = await json(['invoices', 'create', '--times-of', 'Website', '--group-by', 'task', '--dry-run']);
    expect(doc).toMatchObject({
      dry_run: true,
      customer: { name: 'Muster AG' },
      project: { name: 'Website' },
      total_value: 817.5,
    });
    expect(doc.positions.map((p: any) => [p.description, p.amount, p.price, p.sum])).toEqual([
      ['Design', 3.25, 120, 390],
      ['Review', 1.25, 150, 187.5],
      ['Juni', 2, 120, 240],
    ]);
  });

  test('--group-by task: taskless hours under the service, else text, else project; no placeholder', async () => {
    const service = (await post('services', { name: 'Programmierung', hourly_rate: 140 })).id;
    const project = (await post('projects', { name: 'Shop', customer_id: ids.beispiel, hourly_rate: 140 })).id;
    for (const [hours, minutes, body] of [
      [1, 30, { service_id: service, description: 'Warenkorb' }],
      [0, 30, { service_id: service }],
      [0, 15, {}],
    ] as const) {
      await post('times', { project_id: project, billable: true, date: '2026-05-07', hours, minutes, ...body });
    }
    const doc = await json(['invoices', 'create', '--times-of', 'Shop', '--group-by', 'task', '--dry-run']);
    expect(doc.positions.map((p: any) => [p.description, p.amount])).toEqual([
      ['Programmierung', 2],
      ['Shop', 0.25],
    ]);
  });

  test('--times-of bills the open billable hours of the period at both rates and marks them invoiced', async () => {
    const before = invoiceCount();
    const doc = await json([
      'invoices',
      'create',
      '--times-of',
      'Website',
      '--from',
      '2026-05-01',
      '--to',
      '2026-05-31',
    ]);
    expect(invoiceCount()).toBe(before + 1);
    // the customer and project come from the project; one position per entry, hours × rate
    expect(doc).toMatchObject({ customer_id: ids.muster, project_id: ids.website, total_value: 577.5 });
    expect(doc.positions.map((p: any) => [p.description, p.amount, p.unit, p.price, p.sum, p.date])).toEqual([
      ['04.05.2026 Layout', 2.5, 'h', 120, 300, '2026-05-04'],
      ['05.05.2026 Review', 1.25, 'h', 150, 187.5, '2026-05-05'],
      ['05.05.2026 Fixes', 0.75, 'h', 120, 90, '2026-05-05'],
    ]);
    // 577.50 + 8.1 % (the customer's rate) = 46.78
    expect(doc).toMatchObject({ vat_amount: 46.78, final_value: 624.28 });
    expect([...doc.time_ids].sort()).toEqual([times.layout, times.review, times.fixes].sort());
    const status = (name: string) => row('SELECT status, invoice_id FROM time_entries WHERE id = ?', times[name]);
    for (const name of ['layout', 'review', 'fixes'])
      expect(status(name)).toEqual({ status: 'invoiced', invoice_id: doc.id });
    // not billable, or outside the period: still open
    expect(status('intern')).toEqual({ status: 'open', invoice_id: null });
    expect(status('june')).toEqual({ status: 'open', invoice_id: null });
    const listed = tsv(
      (await acct(['times', 'list', '--project', 'Website', '--status', 'invoiced', '--fields', 'id'])).stdout,
    )
      .slice(1)
      .flat();
    expect(listed.map(Number).sort()).toEqual([times.layout, times.review, times.fixes].sort());
    ids.billed = doc.id;
  });

  test('--times-of without open hours in the period: exit 5 and nothing is created', async () => {
    const before = invoiceCount();
    const r = await acct(['invoices', 'create', '--times-of', 'Website', '--from', '2026-05-01', '--to', '2026-05-31']);
    expect(r.code).toBe(5);
    expect(r.stderr).toContain(
      'acct: project Website has no open, billable time entries that are not invoiced yet from 01.05.2026 to ' +
        '31.05.2026: nothing to bill, no invoice created',
    );
    expect(invoiceCount()).toBe(before);
  });

  test('--dry-run prints positions and totals, and creates and links nothing', async () => {
    const before = invoiceCount();
    const r = await acct([
      'invoices',
      'create',
      '--times-of',
      'Website',
      '--group-by',
      'date',
      '--text',
      'Juni',
      '--product',
      'Webhosting',
      '--dry-run',
      '-o',
      'table',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Dry run: no invoice was created.');
    expect(r.stdout).toMatch(/^Customer {3}Muster AG \(1001\)$/m);
    expect(r.stdout).toMatch(/^1 +02\.06\.2026 Juni +2 h +120\.00 +240\.00$/m);
    expect(r.stdout).toMatch(/^ +Juni$/m);
    expect(r.stdout).toMatch(/^2 +Webhosting +1 Jahr +240\.00 +240\.00$/m);
    expect(r.stdout).toMatch(/^Subtotal +480\.00$/m);
    expect(r.stdout).toMatch(/^VAT 8\.1 % on CHF 480\.00 +38\.88$/m);
    expect(r.stdout).toMatch(/^Total CHF +518\.88$/m);
    expect(r.stdout).toContain('Linked: 1 time entry');
    expect(invoiceCount()).toBe(before);
    expect(row('SELECT status FROM time_entries WHERE id = ?', times.june).status).toBe('open');
  });

  test("--expenses bills the customer's billable expense bookings and links them", async () => {
    const doc = await json([
      'invoices',
      'create',
      '--customer',
      'Muster AG',
      '--position',
      'Pauschale;1;50',
      '--expenses',
    ]);
    expect(doc.positions.map((p: any) => [p.description, p.amount, p.price, p.date])).toEqual([
      ['Pauschale', 1, 50, null],
      ['Bahnbillette Basel', 1, 86.45, '2026-05-10'],
    ]);
    expect(doc.entry_ids).toEqual([ids.expense]);
    const open = await acct(['entries', 'list', '--customer', '1001', '--billable', '--no-invoiced', '--fields', 'id']);
    expect(tsv(open.stdout).slice(1)).toEqual([]);
    // nothing left to bill: only said on stderr when other positions remain
    const again = await json([
      'invoices',
      'create',
      '--customer',
      'Muster AG',
      '--expenses',
      '--position',
      'Pauschale;1;50',
      '--dry-run',
    ]);
    expect(again.positions).toHaveLength(1);
  });

  test('usage errors before any request: no positions, no customer, bad flags (exit 2)', async () => {
    const before = invoiceCount();
    for (const [args, message] of [
      [['--customer', '1001'], 'an invoice needs positions: give --position, --text, --product or --positions'],
      [['--position', 'X;1;1'], 'missing required --customer'],
      [['--customer', '1001', '--position', 'Beratung;zwei;150'], 'amount "zwei" is not a number'],
      [['--customer', '1001', '--expenses', '--group-by', 'task'], '--group-by goes with --times-of'],
      [
        ['--times-of', 'Website', '--from', '2026-06-01', '--to', '2026-05-01'],
        '--to 2026-05-01 is before --from 2026-06-01',
      ],
      [['--customer', 'Niemand AG', '--position', 'X;1;1'], 'no customer "Niemand AG" (--customer)'],
    ] as const) {
      const r = await acct(['invoices', 'create', ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toContain(message);
    }
    expect(invoiceCount()).toBe(before);
  });

  test('--repeat needs the business plan: the 402 is exit 4', async () => {
    const r = await acct([
      'invoices',
      'create',
      '--customer',
      '1001',
      '--position',
      'Hosting;1;20',
      '--repeat',
      'monthly',
      '--repeat-until',
      '2027-12-31',
    ]);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('Business-Abo');
  });

  test('a 422 of the service is exit 3 with its field message', async () => {
    const r = await acct(['invoices', 'create', '--customer', '1001', '--position', 'X;1;1', '--discount', '150']);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/discount_rate: .*100/);
  });
});

describe('get and list', () => {
  let doc: { id: number; number: string };
  beforeAll(async () => {
    doc = await invoice({ title: 'Abschluss', date: '2026-02-01' }, 250);
  });

  test('get by number, by id:N and by a bare id give the same record', async () => {
    const byNumber = await json(['invoices', 'get', doc.number]);
    expect(byNumber).toMatchObject({
      id: doc.id,
      number: doc.number,
      title: 'Abschluss',
      final_value: 270.25,
      customer: { name: 'Muster AG' },
    });
    expect((await json(['invoices', 'get', `id:${doc.id}`])).number).toBe(doc.number);
    expect((await json(['invoices', 'show', String(doc.id)])).number).toBe(doc.number);
  });

  test('get on a table reads as a document; tsv gives the record', async () => {
    const table = await acct(['invoices', 'get', doc.number, '-o', 'table']);
    expect(table.stdout).toMatch(/^Abschluss {2}· {2}open$/m);
    expect(table.stdout).toContain(`Number     ${doc.number}`);
    expect(table.stdout).toMatch(/^1 +Beratung +1 +250\.00 +250\.00$/m);
    const rows = tsv((await acct(['invoices', 'get', doc.number, '--fields', 'number,status,final_value'])).stdout);
    expect(rows).toEqual([
      ['number', 'status', 'final_value'],
      [doc.number, 'open', '270.25'],
    ]);
  });

  test("get on a terminal: the UID with the language's suffix, VAT line with rate and base, one total", async () => {
    const fr = await invoice({ lang: 'fr', add_rounding_difference: true }, 384.87);
    setCompany(cli.svc.server.db, 1, { vatNumber: 'CHE-123.456.788' });
    try {
      const shown = await inTerm(['invoices', 'get', fr.number]);
      expect(shown.code, shown.output).toBe(0);
      expect(shown.output).toMatch(/^VAT no\. {4}CHE-123\.456\.788 TVA\r?$/m);
      // 384.87 + 8.1 % = 31.17: 416.04, rounded 416.05
      expect(shown.output).toMatch(
        /^Subtotal +384\.87\r?\nVAT 8\.1 % on CHF 384\.87 +31\.17\r?\nRounding +0\.01\r?\nTotal CHF +416\.05\r?$/m,
      );
      expect(shown.output.match(/^Total /gm)).toHaveLength(1);
    } finally {
      setCompany(cli.svc.server.db, 1, { vatNumber: 'none' });
    }
    expect((await inTerm(['invoices', 'get', fr.number])).output).not.toContain('VAT no.');
  });

  test('an unknown number is exit 2 naming it; an unknown id is the 404 (exit 5)', async () => {
    const unknown = await acct(['invoices', 'get', 'R-1999-001']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no invoice "R-1999-001"');
    expect((await acct(['invoices', 'get', '99999'])).code).toBe(5);
  });

  test('list filters: --number, --from/--to, --customer by name, --status', async () => {
    const numbers = async (...args: string[]) =>
      tsv((await acct(['invoices', 'list', '--all', '--fields', 'number', ...args])).stdout)
        .slice(1)
        .flat();
    expect(await numbers('--number', doc.number)).toEqual([doc.number]);
    expect(await numbers('--from', '2026-02-01', '--to', '2026-02-01')).toEqual([doc.number]);
    expect(await numbers('--customer', 'Beispiel GmbH')).toEqual([]);
    expect(await numbers('--status', 'paid')).not.toContain(doc.number);
    expect(await numbers('--status', 'open,paid', '--number', doc.number)).toEqual([doc.number]);
    const bad = await acct(['invoices', 'list', '--status', 'bezahlt']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('invalid --status "bezahlt"');
  });

  test('the total and sum go to stderr below a table on a terminal only; stdout stays data', async () => {
    const piped = await acct(['invoices', 'list', '--number', doc.number]);
    expect(piped.stderr).toBe('');
    const shown = await inTerm(['invoices', 'list', '--number', doc.number]);
    expect(shown.code).toBe(0);
    expect(shown.output).toMatch(/NUMBER +DATE +PAYABLE UNTIL +CUSTOMER +TITLE +STATUS +TOTAL +OVERDUE/);
    expect(shown.output).toContain('1 invoice, total CHF 270.25');
    const paged = await inTerm(['invoices', 'list', '--per-page', '1']);
    expect(paged.output).toMatch(
      /1 of (\d+) shown — --all for every row, --per-page N for more\r?\n\1 invoices, total CHF [\d'.]+/,
    );
  });

  test('money in several currencies: each total says its currency, and the summary sums per currency', async () => {
    const devisen = addCompany(cli.svc.server.db, 'Devisen AG', 1);
    const cust = (await seed(cli.svc, 'customers', { name: 'Client SA' }, devisen)).id;
    for (const [currency, price] of [
      ['CHF', 416.05],
      ['EUR', 1266.66],
    ] as const) {
      await seed(
        cli.svc,
        'invoices',
        { customer_id: cust, currency, positions: [{ description: 'Conseil', amount: 1, price }] },
        devisen,
      );
    }
    const run = await inTerminal(cli.box, ['invoices', 'list'], [], {
      ...acctEnv(cli.svc, { company: devisen }),
      NO_COLOR: '1',
      COLUMNS: '160',
    });
    const shown = plain(run.output);
    expect(run.code, shown).toBe(0);
    expect(shown).toMatch(/ CHF 416\.05 /);
    expect(shown).toMatch(/ EUR 1'266\.66 /);
    expect(shown).toContain("2 invoices, total CHF 416.05, EUR 1'266.66");
    expect(shown).not.toContain("1'682.71");
    // piped, the total stays a plain number beside its currency
    expect(
      tsv((await acct(['invoices', 'list', '--fields', 'final_value,currency'], { company: devisen })).stdout).slice(1),
    ).toEqual([
      ['1266.66', 'EUR'],
      ['416.05', 'CHF'],
    ]);
  });

  test('--overdue is the dunning list: sent or reminded, past due', async () => {
    const late = await invoice({ date: '2020-01-01', payable_until: '2020-01-31' });
    const notSent = await invoice({ date: '2020-01-01', payable_until: '2020-01-31' });
    await acct(['invoices', 'mark-as', late.number, 'sent']);
    const list = tsv((await acct(['invoices', 'list', '--overdue', '--all', '--fields', 'number,overdue'])).stdout);
    expect(list.slice(1)).toContainEqual([late.number, 'true']);
    expect(list.slice(1).map((r) => r[0])).not.toContain(notSent.number);
    const both = await acct(['invoices', 'list', '--overdue', '--status', 'sent']);
    expect(both.code).toBe(2);
  });
});

describe('update and delete', () => {
  test('update changes the flags given; positions given replace all', async () => {
    const doc = await invoice();
    const updated = await json([
      'invoices',
      'update',
      doc.number,
      '--title',
      'Neu',
      '--lang',
      'en',
      '--position',
      'A;1;10',
      '--position',
      'B;2;20',
    ]);
    expect(updated).toMatchObject({ title: 'Neu', lang: 'en', total_value: 50 });
    expect(updated.positions.map((p: any) => p.description)).toEqual(['A', 'B']);
    const nothing = await acct(['invoices', 'update', doc.number]);
    expect(nothing.code).toBe(2);
  });

  test('an invoice that is not open cannot be edited: the 400 is exit 6', async () => {
    const doc = await invoice();
    await acct(['invoices', 'mark-as', doc.number, 'sent']);
    const r = await acct(['invoices', 'update', doc.number, '--title', 'Zu spät']);
    expect(r.code).toBe(6);
  });

  test('delete asks to confirm without --yes; with it the invoice is gone and its hours are open again', async () => {
    const refused = await acct(['invoices', 'delete', String(ids.billed)]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('refusing without confirmation; pass --yes');
    const r = await acct(['invoices', 'delete', `id:${ids.billed}`, '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(row('SELECT count(*) AS n FROM invoices WHERE id = ?', ids.billed).n).toBe(0);
    expect(row('SELECT status, invoice_id FROM time_entries WHERE id = ?', times.layout)).toEqual({
      status: 'open',
      invoice_id: null,
    });
  });
});

describe('mark-as and remind', () => {
  test("an invalid move is the service's 400: exit 6 with its message, nothing changes", async () => {
    const doc = await invoice();
    const r = await acct(['invoices', 'mark-as', doc.number, 'paid']);
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/^acct: .+/);
    expect(row('SELECT status, entry_id FROM invoices WHERE id = ?', doc.id)).toEqual({
      status: 'open',
      entry_id: null,
    });
  });

  test('paid books the payment by default: the booking shows in entries list and in the trial balance', async () => {
    const doc = await invoice({ date: '2025-03-01' }, 1000); // 1'000.00 + 8.1 % = 1'081.00
    await acct(['invoices', 'mark-as', doc.number, 'sent']);
    const r = await acct([
      'invoices',
      'mark-as',
      doc.number,
      'paid',
      '--paid-date',
      '2025-03-20',
      '--bank-account',
      '1020',
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const paid = JSON.parse(r.stdout);
    expect(paid).toMatchObject({ status: 'paid', paid_at: '2025-03-20' });
    expect(paid.entry_id).toEqual(expect.any(Number));
    expect(r.stderr).toMatch(
      new RegExp(`Invoice ${doc.number} is now paid; payment booked as E-2025-\\d{3} \\(1020 / 3400, 1'081\\.00\\)\\.`),
    );
    const entries = tsv(
      (
        await acct([
          'entries',
          'list',
          '--from',
          '2025-03-20',
          '--to',
          '2025-03-20',
          '--fields',
          'date,debit_account.number,credit_account.number,sum,invoice_id',
        ])
      ).stdout,
    );
    expect(entries.slice(1)).toEqual([['2025-03-20', '1020', '3400', '1081', String(doc.id)]]);
    const balance = tsv(
      (await acct(['report', 'trial-balance', '--from', '2025-01-01', '--to', '2025-12-31', '-o', 'tsv'])).stdout,
    );
    expect(balance).toContainEqual(['account', '1020', 'Bankguthaben', 'bank', '1081.00', '']);
    expect(balance).toContainEqual(['account', '3400', 'Dienstleistungserlöse', 'income', '', '1000.00']);

    // unpaid removes the booking
    const back = await json(['invoices', 'mark-as', doc.number, 'unpaid']);
    expect(back).toMatchObject({ status: 'sent', entry_id: null });
    expect(row('SELECT count(*) AS n FROM entries WHERE id = ?', paid.entry_id).n).toBe(0);
  });

  test('the VAT return sees an invoice when it is paid (cash method) or when it is sent (accrual method)', async () => {
    const vat303 = async (company: number, from: string, to: string) =>
      tsv(
        (await acct(['report', 'vat', '--from', from, '--to', to, '--fields', 'box,amount,tax'], { company })).stdout,
      ).find((r) => r[0] === '303');
    // cash method (company 1), a year of its own: nothing until the money comes in
    const doc = await invoice({ date: '2023-03-01' }, 1000);
    await acct(['invoices', 'mark-as', doc.number, 'sent']);
    expect(await vat303(1, '2023-01-01', '2023-12-31')).toEqual(['303', '0.00', '0.00']);
    expect((await acct(['invoices', 'mark-as', doc.number, 'paid', '--paid-date', '2023-04-02'])).code).toBe(0);
    expect(await vat303(1, '2023-04-01', '2023-06-30')).toEqual(['303', '1000.00', '81.00']);

    // accrual method: the receivable booked on sent carries the VAT; the payment does not again
    const accrual = addCompany(cli.svc.server.db, 'Soll AG', 1);
    setCompany(cli.svc.server.db, accrual, { vatAccrual: 'on' });
    const mwst = Number(row("SELECT id FROM tax_rates WHERE company_id = ? AND name = 'MWST 8.1 %'", accrual).id);
    const cust = (await seed(cli.svc, 'customers', { name: 'Soll Kunde', tax_rate_id: mwst }, accrual)).id;
    const inv = await seed(
      cli.svc,
      'invoices',
      { customer_id: cust, date: '2026-02-10', positions: [{ description: 'Beratung', amount: 2, price: 500 }] },
      accrual,
    );
    expect((await acct(['invoices', 'mark-as', inv.number, 'sent'], { company: accrual })).code).toBe(0);
    expect(await vat303(accrual, '2026-01-01', '2026-03-31')).toEqual(['303', '1000.00', '81.00']);
    expect(
      (await acct(['invoices', 'mark-as', inv.number, 'paid', '--paid-date', '2026-04-15'], { company: accrual })).code,
    ).toBe(0);
    expect(await vat303(accrual, '2026-04-01', '2026-06-30')).toEqual(['303', '0.00', '0.00']);
    const balance = tsv(
      (await acct(['report', 'trial-balance', '--from', '2026-01-01', '--to', '2026-12-31'], { company: accrual }))
        .stdout,
    );
    expect(balance).toContainEqual(['account', '1020', 'Bankguthaben', 'bank', '1081.00', '']);
    expect(balance.find((r) => r[1] === '1100')).toBeUndefined();
  });

  test('--no-booking marks paid without a booking; payment flags go only with paid', async () => {
    const doc = await invoice();
    await acct(['invoices', 'mark-as', doc.number, 'sent']);
    const r = await acct(['invoices', 'mark-as', doc.number, 'paid', '--no-booking']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('is now paid; no payment booked.');
    expect(row('SELECT status, entry_id FROM invoices WHERE id = ?', doc.id)).toEqual({
      status: 'paid',
      entry_id: null,
    });
    for (const [args, message] of [
      [['sent', '--paid-date', '2026-01-01'], '--paid-date only go with paid'],
      [['paid', '--no-booking', '--sum', '10'], '--sum describe the payment booking: leave out --no-booking'],
      [['sent', '--reminder-due', '2026-01-01'], '--reminder-due only goes with reminder_one'],
      [['bezahlt'], "'bezahlt' is invalid for argument 'status'"],
    ] as const) {
      const bad = await acct(['invoices', 'mark-as', doc.number, ...args]);
      expect(bad.code, args.join(' ')).toBe(2);
      expect(bad.stderr, args.join(' ')).toContain(message);
    }
  });

  test('remind goes sent → reminder_one → two → three and refuses beyond, and from open', async () => {
    const doc = await invoice();
    const fromOpen = await acct(['invoices', 'remind', doc.number]);
    expect(fromOpen.code).toBe(6);
    expect(fromOpen.stderr).toContain(
      `invoice ${doc.number} is not sent yet: send it first (acct invoices mark-as ${doc.number} sent)`,
    );
    await acct(['invoices', 'mark-as', doc.number, 'sent']);
    const first = await acct(['invoices', 'remind', doc.number, '--due', '2026-12-31', '--json']);
    expect(JSON.parse(first.stdout)).toMatchObject({
      status: 'reminder_one',
      reminder_due_date: '2026-12-31',
      isReminder: true,
    });
    expect(first.stderr).toContain(`Invoice ${doc.number} is now 1st reminder, due 31.12.2026.`);
    expect((await json(['invoices', 'remind', doc.number])).status).toBe('reminder_two');
    expect((await json(['invoices', 'remind', doc.number])).status).toBe('reminder_three');
    const beyond = await acct(['invoices', 'remind', doc.number]);
    expect(beyond.code).toBe(6);
    expect(beyond.stderr).toContain('had its third reminder already');
    expect(row('SELECT status FROM invoices WHERE id = ?', doc.id).status).toBe('reminder_three');
  });
});

describe('number, positions, activities, files', () => {
  test('number prints the next free number bare', async () => {
    const r = await acct(['invoices', 'number']);
    expect(r.stdout).toMatch(/^R-\d{4}-\d{3}\n$/);
  });

  test('positions add, update, list and remove', async () => {
    const doc = await invoice();
    const collection = await json(['invoices', 'positions', 'add', doc.number, '--collection', 'Extras']);
    const added = await json([
      'invoices',
      'positions',
      'add',
      doc.number,
      '--product',
      'Webhosting:2',
      '--discount',
      '10%',
      '--in',
      String(collection.id),
    ]);
    expect(added).toMatchObject({
      description: 'Webhosting',
      amount: 2,
      price: 240,
      discount_amount: 10,
      discount_type: 'percentage',
      sum: 432,
      parent_id: collection.id,
    });
    const changed = await json([
      'invoices',
      'positions',
      'update',
      doc.number,
      String(added.id),
      '--amount',
      '3',
      '--discount',
      '0',
    ]);
    expect(changed).toMatchObject({ amount: 3, sum: 720 });
    const listed = tsv(
      (await acct(['invoices', 'positions', 'list', doc.number, '--fields', 'description,sum,parent_id'])).stdout,
    );
    expect(listed.slice(1)).toEqual([
      ['Beratung', '100', ''],
      ['', '720', ''],
      ['Webhosting', '720', String(collection.id)],
    ]);
    expect((await json(['invoices', 'get', doc.number])).total_value).toBe(820);
    const removed = await acct(['invoices', 'positions', 'remove', doc.number, String(added.id)]);
    expect(removed.code, removed.stderr).toBe(0);
    expect((await json(['invoices', 'get', doc.number])).total_value).toBe(100);
    expect((await acct(['invoices', 'positions', 'add', doc.number, '--text', 'a', '--position', 'b;1;1'])).code).toBe(
      2,
    );
  });

  test('activities list what happened, newest first', async () => {
    const doc = await invoice();
    await acct(['invoices', 'mark-as', doc.number, 'sent']);
    // three moves in one second: the service keys the later ones "… #2", "… #3"; acct shows the time alone
    cli.svc.server.db
      .prepare(
        "UPDATE activities SET created_at = '2026-03-02T13:14:18.000000Z' WHERE document_type = 'invoice' AND " +
          'document_id = ?',
      )
      .run(doc.id);
    await acct(['invoices', 'mark-as', doc.number, 'open']);
    cli.svc.server.db
      .prepare(
        "UPDATE activities SET created_at = '2026-03-02T13:14:18.000000Z' WHERE document_type = 'invoice' AND " +
          'document_id = ?',
      )
      .run(doc.id);
    expect(Object.keys((await cli.svc.call('GET', `/companies/1/invoices/${doc.id}/activities`)).body)).toEqual([
      '2026-03-02 14:14:18 #3',
      '2026-03-02 14:14:18 #2',
      '2026-03-02 14:14:18',
    ]);
    const rows = tsv((await acct(['invoices', 'activities', doc.number])).stdout);
    expect(rows[0]).toEqual(['time', 'message']);
    expect(rows.slice(1)).toEqual([
      ['2026-03-02 14:14:18', 'Marked as open'],
      ['2026-03-02 14:14:18', 'Marked as sent'],
      ['2026-03-02 14:14:18', 'Created'],
    ]);
    const table = await acct(['invoices', 'activities', doc.number, '-o', 'table']);
    expect(table.stdout).not.toContain('#');
    expect(JSON.parse((await acct(['invoices', 'activities', doc.number, '--json'])).stdout)[0]).toMatchObject({
      time: '2026-03-02 14:14:18',
      message: 'Marked as open',
    });
  });

  test('attach uploads a file, detach removes it; a missing file is exit 2', async () => {
    const doc = await invoice();
    const file = join(cli.box.dataDir, '..', 'vertrag.txt');
    writeFileSync(file, 'Vertrag\n');
    const attached = await json(['invoices', 'attach', doc.number, file]);
    expect(attached).toMatchObject({ name: 'vertrag.txt', size: 8, mime: 'text/plain' });
    expect((await json(['invoices', 'get', doc.number])).attachments.map((a: any) => a.name)).toEqual(['vertrag.txt']);
    const detached = await acct(['invoices', 'detach', doc.number, String(attached.id)]);
    expect(detached.code, detached.stderr).toBe(0);
    expect((await json(['invoices', 'get', doc.number])).attachments).toEqual([]);
    const missing = await acct(['invoices', 'attach', doc.number, join(cli.box.dataDir, 'fehlt.pdf')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no such file');
  });
});

describe('batch', () => {
  test('batch-update changes open invoices and names the skipped ones', async () => {
    const a = await invoice();
    const b = await invoice();
    await acct(['invoices', 'mark-as', b.number, 'sent']);
    const r = await acct(['invoices', 'batch-update', a.number, b.number, '--remarks', 'Danke']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`Changed 1 of 2 invoices. Skipped: ${b.number} (not open).`);
    expect(row('SELECT remarks FROM invoices WHERE id = ?', a.id).remarks).toBe('Danke');
    expect(row('SELECT remarks FROM invoices WHERE id = ?', b.id).remarks).toBeNull();
  });

  test('batch-mark-as moves what the table allows; batch-delete confirms and keeps paid ones', async () => {
    const a = await invoice();
    const b = await invoice();
    const moved = await acct(['invoices', 'batch-mark-as', 'sent', a.number, b.number]);
    expect(moved.stderr).toContain('Changed 2 of 2 invoices.');
    const paid = await acct(['invoices', 'batch-mark-as', 'paid', a.number]);
    expect(paid.stderr).toContain('Changed 1 of 1 invoices.');
    expect(row('SELECT status, entry_id FROM invoices WHERE id = ?', a.id)).toEqual({ status: 'paid', entry_id: null });
    expect((await acct(['invoices', 'batch-delete', a.number, b.number])).code).toBe(2);
    const deleted = await acct(['invoices', 'batch-delete', a.number, b.number, '--yes']);
    expect(deleted.stderr).toContain(`Deleted 1 of 2 invoices. Skipped: ${a.number}.`);
    expect(row('SELECT count(*) AS n FROM invoices WHERE id IN (?, ?)', a.id, b.id).n).toBe(1);
  });
});
