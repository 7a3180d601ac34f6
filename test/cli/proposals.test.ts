// `acct proposals …` against the service: every verb; references by number; the status moves and an
// invalid one (400 → exit 6); split into invoices, refused before anything is sent when the parts do not
// total the proposal; an accepted proposal turned into an invoice with its positions, any other refused.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { jsonOf, seed, tsv } from './support.js';
import { useCliAgainstService } from '../helpers/cli-suite.js';

const cli = useCliAgainstService();
const { acct } = cli;
const ids: Record<string, number> = {};

const row = (sql: string, ...params: unknown[]) =>
  cli.svc.server.db.prepare(sql).get(...(params as never[])) as Record<string, any>;
const count = (table: 'proposals' | 'invoices') => Number(row(`SELECT count(*) AS n FROM ${table}`).n);

const post = (path: string, body: unknown) => seed(cli.svc, path, body);

const json = (args: string[]) => jsonOf((a) => acct(a), args);

/** A proposal through the API: a collection with a position and a text, one more position; 2'307.00 before VAT. */
async function proposal(body: Record<string, unknown> = {}): Promise<{ id: number; number: string }> {
  return post('proposals', {
    customer_id: ids.muster,
    tax_rate_id: ids.mwst,
    title: 'Relaunch',
    positions: [
      {
        type: 'collection',
        title: 'Website',
        positions: [
          { description: 'Konzept', amount: 12.5, price: 150, unit: 'h' },
          { type: 'text', text: 'inkl. zwei Runden' },
        ],
      },
      { description: 'Hosting', amount: 1, price: 480, discount_amount: 10, discount_type: 'percentage' },
    ],
    ...body,
  });
}

async function accepted(): Promise<{ id: number; number: string }> {
  const p = await proposal();
  for (const status of ['sent', 'accepted'])
    expect((await acct(['proposals', 'mark-as', p.number, status])).code).toBe(0);
  return p;
}

beforeAll(async () => {
  ids.mwst = Number(row("SELECT id FROM tax_rates WHERE company_id = 1 AND name = 'MWST 8.1 %'").id);
  ids.muster = (await post('customers', { name: 'Muster AG', number: 1001 })).id;
  ids.website = (await post('projects', { name: 'Website', customer_id: ids.muster })).id;
  await post('products', { name: 'Webhosting', price: 240, unit: 'Jahr' });
});

describe('create, get, list, update, delete', () => {
  test('create with flags and positions in order; get by number shows the document', async () => {
    const r = await acct([
      'proposals',
      'create',
      '--customer',
      'Muster AG',
      '--project',
      'Website',
      '--title',
      'Website',
      '--valid-until',
      '2026-12-31',
      '--position',
      'Konzept;12.5;150;h',
      '--text',
      'Optional:',
      '--product',
      'Webhosting',
      '--tax-rate',
      'MWST 8.1 %',
      '--remarks',
      'Gültig bis Ende Jahr',
      '-o',
      'table',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const number = /Created proposal (O-\d{4}-\d{3})\./.exec(r.stderr)![1];
    expect(r.stdout).toMatch(/^Website {2}· {2}open$/m);
    expect(r.stdout).toMatch(/valid until 31\.12\.2026/);
    expect(r.stdout).toMatch(/^1 +Konzept +12\.5 h +150\.00 +1'875\.00$/m);
    expect(r.stdout).toMatch(/^ +Optional:$/m);
    expect(r.stdout).toMatch(/^2 +Webhosting +1 Jahr +240\.00 +240\.00$/m);
    expect(r.stdout).toMatch(/^Total CHF +2'286\.32$/m); // 2'115.00 + 8.1 % = 171.32
    const doc = await json(['proposals', 'get', number]);
    expect(doc).toMatchObject({
      number,
      project_id: ids.website,
      valid_until: '2026-12-31',
      remarks: 'Gültig bis Ende Jahr',
      final_value: 2286.32,
      type: 'proposal',
    });
    ids.created = doc.id;
  });

  test('--dry-run creates nothing; --data gives the body and flags override it', async () => {
    const before = count('proposals');
    const dry = await json([
      'proposals',
      'create',
      '--customer',
      '1001',
      '--position',
      'A;1;100',
      '--discount',
      '10',
      '--dry-run',
    ]);
    expect(dry).toMatchObject({ dry_run: true, total_value: 100, discount_amount: 10, final_value: 90 });
    expect(count('proposals')).toBe(before);
    const data = join(cli.box.dataDir, '..', 'offerte.json');
    writeFileSync(
      data,
      JSON.stringify({
        customer_id: ids.muster,
        title: 'Aus Datei',
        lang: 'fr',
        positions: [{ description: 'B', amount: 2, price: 50 }],
      }),
    );
    const doc = await json(['proposals', 'create', '--data', data, '--lang', 'en']);
    expect(doc).toMatchObject({ title: 'Aus Datei', lang: 'en', total_value: 100 });
    expect(count('proposals')).toBe(before + 1);
  });

  test("the customer's tax rate is the default, in the dry run as in the proposal made", async () => {
    await post('customers', { name: 'Steuer AG', number: 1050, tax_rate_id: ids.mwst });
    const dry = await json(['proposals', 'create', '--customer', '1050', '--position', 'A;1;100', '--dry-run']);
    expect(dry).toMatchObject({ vat_amount: 8.1, final_value: 108.1 });
    const made = await json(['proposals', 'create', '--customer', '1050', '--position', 'A;1;100']);
    expect(made).toMatchObject({ tax_rate_id: ids.mwst, vat_amount: 8.1, final_value: 108.1 });
  });

  test('list filters by status, customer and number', async () => {
    const p = await proposal();
    await acct(['proposals', 'mark-as', p.number, 'sent']);
    const numbers = async (...args: string[]) =>
      tsv((await acct(['proposals', 'list', '--all', '--fields', 'number,status', ...args])).stdout).slice(1);
    expect(await numbers('--status', 'sent')).toEqual([[p.number, 'sent']]);
    expect((await numbers('--customer', '1001')).length).toBeGreaterThan(2);
    expect(await numbers('--number', p.number)).toEqual([[p.number, 'sent']]);
    const overdue = await proposal({ date: '2020-01-01', valid_until: '2020-01-15' });
    expect((await numbers('--overdue')).map((r) => r[0])).toEqual([overdue.number]);
  });

  test('update changes what is given; positions given replace all', async () => {
    const doc = await json([
      'proposals',
      'update',
      `id:${ids.created}`,
      '--title',
      'Website 2.0',
      '--discount',
      '5',
      '--position',
      'Pauschal;1;2000',
    ]);
    expect(doc).toMatchObject({
      title: 'Website 2.0',
      discount_rate: 5,
      total_value: 2000,
      discount_amount: 100,
      total_value_with_discount: 1900,
    });
    expect(doc.positions).toHaveLength(1);
  });

  test('a 422 is exit 3 with the field message', async () => {
    const other = await proposal();
    const r = await acct(['proposals', 'update', String(ids.created), '--number', other.number]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('number: The number has already been taken.');
  });

  test('delete needs --yes without a terminal', async () => {
    const p = await proposal();
    expect((await acct(['proposals', 'delete', p.number])).code).toBe(2);
    const r = await acct(['proposals', 'delete', p.number, '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(row('SELECT count(*) AS n FROM proposals WHERE id = ?', p.id).n).toBe(0);
  });
});

describe('mark-as, number, positions, activities, files, batch', () => {
  test('mark-as follows the table; an invalid move is the 400: exit 6, nothing changes', async () => {
    const p = await proposal();
    const bad = await acct(['proposals', 'mark-as', p.number, 'accepted']);
    expect(bad.code).toBe(6);
    expect(row('SELECT status FROM proposals WHERE id = ?', p.id).status).toBe('open');
    expect((await json(['proposals', 'mark-as', p.number, 'sent'])).status).toBe('sent');
    const r = await acct(['proposals', 'mark-as', p.number, 'declined']);
    expect(r.stderr).toContain(`Proposal ${p.number} is now declined.`);
  });

  test('number prints the next free number bare', async () => {
    expect((await acct(['proposals', 'number'])).stdout).toMatch(/^O-\d{4}-\d{3}\n$/);
  });

  test('positions list, add, update, remove', async () => {
    const p = await proposal();
    const listed = tsv(
      (await acct(['proposals', 'positions', 'list', p.number, '--fields', 'type,description,sum'])).stdout,
    ).slice(1);
    expect(listed).toEqual([
      ['collection', '', '1875'],
      ['position', 'Konzept', '1875'],
      ['text', 'inkl. zwei Runden', '0'],
      ['position', 'Hosting', '432'],
    ]);
    const added = await json([
      'proposals',
      'positions',
      'add',
      p.number,
      '--position',
      'Schulung;4;120;h',
      '--discount',
      '80',
    ]);
    expect(added).toMatchObject({ description: 'Schulung', amount: 4, unit: 'h', sum: 400, discount_type: 'absolute' });
    expect(
      (await json(['proposals', 'positions', 'update', p.number, String(added.id), '--price', '130', '--unit', 'Std']))
        .sum,
    ).toBe(440);
    expect((await acct(['proposals', 'positions', 'rm', p.number, String(added.id)])).code).toBe(0);
    expect((await json(['proposals', 'get', p.number])).total_value).toBe(2307);
  });

  test('activities, attach and detach', async () => {
    const p = await proposal();
    await acct(['proposals', 'mark-as', p.number, 'sent']);
    expect(
      tsv((await acct(['proposals', 'activities', p.number])).stdout)
        .slice(1)
        .map((r) => r[1]),
    ).toEqual(['Marked as sent', 'Created']);
    const file = join(cli.box.dataDir, '..', 'plan.pdf');
    writeFileSync(file, '%PDF-1.4 Plan\n');
    const attached = await json(['proposals', 'attach', p.number, file]);
    expect(attached).toMatchObject({ name: 'plan.pdf', mime: 'application/pdf' });
    expect((await acct(['proposals', 'detach', p.number, String(attached.id)])).code).toBe(0);
    expect(
      row("SELECT count(*) AS n FROM attachments WHERE document_type = 'proposal' AND document_id = ?", p.id).n,
    ).toBe(0);
  });

  test('batch-update, batch-mark-as and batch-delete', async () => {
    const a = await proposal();
    const b = await proposal();
    const updated = await acct(['proposals', 'batch-update', a.number, b.number, '--lang', 'it']);
    expect(updated.stderr).toContain('Changed 2 of 2 proposals.');
    expect(row('SELECT lang FROM proposals WHERE id = ?', b.id).lang).toBe('it');
    await acct(['proposals', 'mark-as', a.number, 'sent']);
    const moved = await acct(['proposals', 'batch-mark-as', 'accepted', a.number, b.number]);
    expect(moved.stderr).toContain(`Changed 1 of 2 proposals. Skipped: ${b.number} (the move is not allowed).`);
    const deleted = await acct(['proposals', 'batch-delete', a.number, b.number, '--yes']);
    expect(deleted.stderr).toContain('Deleted 2 of 2 proposals.');
  });
});

describe('split', () => {
  test('parts that do not total the proposal: exit 2 saying by how much, no invoice created', async () => {
    const p = await proposal();
    const before = count('invoices');
    const r = await acct(['proposals', 'split', p.number, '--part', 'Anzahlung=40%', '--part', 'Rest=50%']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'acct: the parts total 2076.30 (90.00 %), the proposal 2307.00: 230.70 missing; the parts must total 100 %',
    );
    const amounts = await acct(['proposals', 'split', p.number, '--part', 'Anzahlung=1000', '--part', 'Rest=1400']);
    expect(amounts.code).toBe(2);
    expect(amounts.stderr).toContain('93.00 too much');
    expect(count('invoices')).toBe(before);
  });

  test('parts that total: one invoice per part, linked to the proposal, sums before VAT', async () => {
    const p = await proposal();
    const r = await acct(['proposals', 'split', p.number, '--part', 'Anzahlung=1000', '--part', 'Rest=1307', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const invoices = JSON.parse(r.stdout);
    // each part with 8.1 % VAT on top
    expect(invoices.map((i: any) => [i.title, i.final_value])).toEqual([
      ['Anzahlung', 1081],
      ['Rest', 1412.87],
    ]);
    expect(r.stderr).toContain(
      `Created 2 invoices from proposal ${p.number}: ${invoices[0].number}, ${invoices[1].number}.`,
    );
    const rest = await json(['invoices', 'get', invoices[1].number]);
    expect(rest).toMatchObject({
      proposal_id: p.id,
      total_value: 1307,
      positions: [{ description: 'Rest', amount: 1, price: 1307 }],
    });
    expect((await json(['proposals', 'get', p.number])).invoices.map((i: any) => i.number).sort()).toEqual(
      invoices.map((i: any) => i.number).sort(),
    );
    const listed = tsv((await acct(['invoices', 'list', '--proposal', p.number, '--fields', 'number'])).stdout)
      .slice(1)
      .flat();
    expect(listed.sort()).toEqual(invoices.map((i: any) => i.number).sort());
  });

  test('percentages: the last takes the Rappen that rounding leaves', async () => {
    const p = await proposal();
    const invoices = await json([
      'proposals',
      'split',
      p.number,
      '--part',
      'Erste=33.33%',
      '--part',
      'Zweite=33.33%',
      '--part',
      'Dritte=33.34%',
    ]);
    // 2'307.00 × 33.33 % = 768.92 twice, the third 769.16: together 2'307.00
    const sums = invoices.map((i: any) =>
      Number(row('SELECT total_value_with_discount AS t FROM invoices WHERE id = ?', i.id).t),
    );
    expect(sums).toEqual([76892, 76892, 76916]);
  });

  test('without --part: a usage error', async () => {
    const r = await acct(['proposals', 'split', 'O-2026-001']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("required option '--part <title=share>' not specified");
  });
});

describe('invoice', () => {
  test('an accepted proposal becomes one invoice with its positions, collections and texts kept', async () => {
    const p = await accepted();
    const r = await acct(['proposals', 'invoice', p.number, '--date', '2026-03-01', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const inv = JSON.parse(r.stdout);
    expect(r.stderr).toContain(`Created invoice ${inv.number} from proposal ${p.number}.`);
    expect(inv).toMatchObject({
      proposal_id: p.id,
      customer_id: ids.muster,
      tax_rate_id: ids.mwst,
      title: 'Relaunch',
      date: '2026-03-01',
      total_value: 2307,
      final_value: 2493.87,
      status: 'open',
    });
    expect(
      inv.positions.map((x: any) => [
        x.type,
        x.description ?? x.title,
        x.amount,
        x.price,
        x.discount_amount,
        x.sum,
        x.parent_id === null ? null : 'child',
      ]),
    ).toEqual([
      ['collection', 'Website', 0, 0, 0, 1875, null],
      ['position', 'Konzept', 12.5, 150, 0, 1875, 'child'],
      ['text', 'inkl. zwei Runden', 0, 0, 0, 0, 'child'],
      ['position', 'Hosting', 1, 480, 10, 432, null],
    ]);
    // a second one only with --force
    const again = await acct(['proposals', 'invoice', p.number]);
    expect(again.code).toBe(6);
    expect(again.stderr).toContain(`has invoices already (${inv.number}); --force makes one more`);
    expect((await acct(['proposals', 'invoice', p.number, '--force'])).code).toBe(0);
  });

  test('an order confirmation becomes an invoice too', async () => {
    const p = await accepted();
    await acct(['proposals', 'mark-as', p.number, 'confirmation']);
    expect((await json(['proposals', 'invoice', p.number])).proposal_id).toBe(p.id);
  });

  test('any other status is refused (exit 6) before anything is written', async () => {
    const p = await proposal();
    await acct(['proposals', 'mark-as', p.number, 'sent']);
    const before = count('invoices');
    const r = await acct(['proposals', 'invoice', p.number]);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain(
      `acct: proposal ${p.number} is sent: only an accepted proposal or an order confirmation becomes an invoice`,
    );
    expect(r.stderr).toContain(`hint: acct proposals mark-as ${p.number} accepted`);
    expect(count('invoices')).toBe(before);
  });
});
