// The ten-year archive: `acct archive 2025 --out FILE` of a seeded year (bookings with a receipt and
// with VAT, a paid invoice, a proposal, a booking and an invoice of another year left out), against an
// `acct server start` process over HTTP and on the local ledger in-process. The archive is unzipped here
// with fflate and read as a person would: the bookings CSV holds exactly the year's bookings (as `acct
// entries export` writes them), the journal balances, the receipt is byte for byte under its booking
// number, each invoice and proposal PDF shows its number, the reports equal `acct report … -o csv`, the
// manifest's hashes hold. `acct archive verify` passes it and refuses a flipped bit, a missing member and
// a cut file with exit 8; an existing --out needs --force; closing the year names the archive command.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acctAgainst, sandbox, type RunResult, type Sandbox } from '../helpers/cli.js';
import { readPdf } from '../helpers/pdf.js';
import { OWNER_TOKEN, startServiceProcess, type ServiceProcess } from '../helpers/service.js';

const RECEIPT = Buffer.concat([
  Buffer.from('%PDF-1.4 Quittung Miete März\n'),
  Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7) % 256)),
]);
const YEAR_SPAN = ['--from', '2025-01-01', '--to', '2025-12-31'];

type Run = (args: string[]) => Promise<RunResult>;

interface Setup {
  name: string;
  run: Run;
  /** --data for acct server commands (none: the local ledger) */
  data: string[];
  dir: string;
  stop(): Promise<void>;
}

let box: Sandbox;

async function serverSetup(): Promise<Setup> {
  const dir = join(box.dataDir, '..', 'served-books');
  const server: ServiceProcess = await startServiceProcess(dir);
  const acct = acctAgainst(box, { url: server.url, token: OWNER_TOKEN });
  return {
    name: 'against acct server start over HTTP',
    run: (args) => acct(args),
    data: ['--data', dir],
    dir: join(box.dataDir, '..', 'out-server'),
    stop: () => server.stop(),
  };
}

function localSetup(): Setup {
  return {
    name: 'on the local ledger',
    run: (args) => box.run(args, { timeoutMs: 60_000 }),
    data: [],
    dir: join(box.dataDir, '..', 'out-local'),
    stop: async () => {},
  };
}

async function ok(run: Run, args: string[]): Promise<RunResult> {
  const r = await run(args);
  expect(r.code, `acct ${args.join(' ')}\n${r.stderr}`).toBe(0);
  return r;
}

/** A year as a small business has it, plus what belongs to 2024; answers the receipt's booking number. */
async function seedYear(s: Setup): Promise<{ receiptBooking: string }> {
  mkdirSync(s.dir, { recursive: true });
  const receipt = join(s.dir, 'Quittung Miete.pdf');
  writeFileSync(receipt, RECEIPT);
  await ok(s.run, [
    'server',
    'companies',
    'set',
    '1',
    ...s.data,
    '--creditor-name',
    'Demo AG',
    '--creditor-street',
    'Bahnhofstrasse',
    '--creditor-building',
    '1',
    '--creditor-zip',
    '8001',
    '--creditor-city',
    'Zürich',
  ]);
  await ok(s.run, ['accounts', 'update', '1020', '--iban', 'CH93 0076 2011 6238 5295 7']);
  const rent = JSON.parse(
    (
      await ok(s.run, [
        'entries',
        'create',
        '--date',
        '2025-03-31',
        '--debit',
        '6000',
        '--credit',
        '1020',
        '--sum',
        '2500',
        '--description',
        'Miete März',
        '--receipt',
        receipt,
        '--json',
      ])
    ).stdout,
  );
  await ok(s.run, [
    'entries',
    'create',
    '--date',
    '2025-04-02',
    '--debit',
    '1020',
    '--credit',
    '3400',
    '--sum',
    '1081',
    '--tax-rate',
    'MWST 8.1 %',
    '--description',
    'Beratung',
  ]);
  await ok(s.run, [
    'entries',
    'create',
    '--date',
    '2025-08-15',
    '--debit',
    '6500',
    '--credit',
    '1020',
    '--sum',
    '540.50',
    '--tax-rate',
    'Vorsteuer 8.1 %',
    '--description',
    'Drucker',
  ]);
  await ok(s.run, [
    'entries',
    'create',
    '--date',
    '2024-12-31',
    '--debit',
    '1020',
    '--credit',
    '3400',
    '--sum',
    '99',
    '--description',
    'last year',
  ]);
  await ok(s.run, [
    'customers',
    'create',
    '--name',
    'Muster AG',
    '--street',
    'Seestrasse 5',
    '--zip',
    '6003',
    '--city',
    'Luzern',
    '--tax-rate',
    'MWST 8.1 %',
  ]);
  await ok(s.run, ['invoices', 'create', '--customer', 'Muster AG', '--date', '2024-11-02', '--position', 'Alt;1;100']);
  await ok(s.run, [
    'invoices',
    'create',
    '--customer',
    'Muster AG',
    '--date',
    '2025-05-02',
    '--position',
    'Konzept;12.5;150;h',
  ]);
  await ok(s.run, [
    'invoices',
    'create',
    '--customer',
    'Muster AG',
    '--date',
    '2025-10-20',
    '--position',
    'Wartung;1;300',
  ]);
  await ok(s.run, ['invoices', 'mark-as', 'R-2025-001', 'sent']);
  await ok(s.run, ['invoices', 'mark-as', 'R-2025-001', 'paid', '--paid-date', '2025-06-12']);
  await ok(s.run, [
    'proposals',
    'create',
    '--customer',
    'Muster AG',
    '--date',
    '2025-04-20',
    '--title',
    'Website',
    '--position',
    'Umsetzung;3;120;h',
  ]);
  return { receiptBooking: String(rent.number) };
}

/** CSV lines without the header, sorted: the same records whatever their order. */
const rows = (csv: string) =>
  csv
    .split('\r\n')
    .filter((l) => l !== '')
    .slice(1)
    .sort();

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The journal's transactions: date, code and the amounts of the postings. */
function journalTransactions(text: string): { date: string; code: string; amounts: number[] }[] {
  const out: { date: string; code: string; amounts: number[] }[] = [];
  for (const line of text.split('\n')) {
    const head = /^(\d{4}-\d{2}-\d{2}) \(([^)]+)\)/.exec(line);
    if (head) {
      out.push({ date: head[1], code: head[2], amounts: [] });
      continue;
    }
    const posting = /^ {4}\d{4} .+? {2}(-?\d+\.\d{2})$/.exec(line);
    if (posting) out.at(-1)!.amounts.push(Math.round(Number(posting[1]) * 100));
    else expect(line === '' || line.startsWith(';'), `journal line "${line}"`).toBe(true);
  }
  return out;
}

beforeAll(() => {
  box = sandbox();
});

afterAll(() => box?.cleanup());

describe.each([{ which: 'server' }, { which: 'local' }])('acct archive ($which)', ({ which }) => {
  let s: Setup;
  let archive: string;
  let made: RunResult;
  let files: Record<string, Uint8Array>;
  let receiptBooking: string;
  const text = (name: string) => Buffer.from(files[name]).toString('utf8');

  beforeAll(async () => {
    s = which === 'server' ? await serverSetup() : localSetup();
    ({ receiptBooking } = await seedYear(s));
    archive = join(s.dir, 'buchhaltung-2025.zip');
    made = await s.run(['archive', '2025', '--out', archive]);
    files = existsSync(archive) ? unzipSync(readFileSync(archive)) : {};
  }, 180_000);

  afterAll(async () => {
    await s?.stop();
  });

  it('writes the archive, names it on stdout and what it holds on stderr', () => {
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toBe(`${archive}\n`);
    expect(made.stderr).toMatch(
      /Archive of 2025 for Demo AG: 4 bookings, 1 receipt, 2 invoices, 1 proposal, 8 reports/,
    );
    // the year is not closed yet: said, as its bookings may still change
    expect(made.stderr).toMatch(/4 bookings of 2025 are not in a closed period/);
    expect(readdirSync(s.dir).filter((n) => n.includes('.partial') || n.includes('.spool'))).toEqual([]);
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        'README.txt',
        'accounts.csv',
        'tax-rates.csv',
        'customers.csv',
        'contacts.csv',
        'projects.csv',
        'bookings.csv',
        'bookings.journal',
        'reports/trial-balance.csv',
        'reports/trial-balance.pdf',
        'reports/balance-sheet.csv',
        'reports/balance-sheet.pdf',
        'reports/income-statement.csv',
        'reports/income-statement.pdf',
        'reports/vat-2025.csv',
        'reports/vat-2025.pdf',
        'reports/vat-2025-Q1.csv',
        'reports/vat-2025-Q4.pdf',
        'invoices.csv',
        'proposals.csv',
        'manifest.json',
      ]),
    );
    expect(text('README.txt')).toMatch(
      /Geschäftsjahr 2025[\s\S]*DEUTSCH[\s\S]*bookings\.csv[\s\S]*ENGLISH[\s\S]*receipts\//,
    );
  });

  it("bookings.csv holds exactly the year's bookings, as acct entries export writes them", async () => {
    const exported = await ok(s.run, ['entries', 'export', ...YEAR_SPAN]);
    expect(rows(text('bookings.csv'))).toEqual(rows(exported.stdout));
    expect(rows(text('bookings.csv'))).toHaveLength(4); // the three of 2025 and the invoice's payment
    expect(text('bookings.csv')).not.toContain('last year');
    const dates = rows(text('bookings.csv')).map((l) => l.split(',')[1]);
    expect(dates.every((d) => d.startsWith('2025-'))).toBe(true);
  });

  it('the journal has a transaction per booking, each balancing; hledger reads it where installed', () => {
    const journal = text('bookings.journal');
    const transactions = journalTransactions(journal);
    const numbers = rows(text('bookings.csv')).map((l) => l.split(',')[2]);
    expect(transactions.map((t) => t.code).sort()).toEqual(numbers.sort());
    for (const t of transactions) {
      expect(t.date.startsWith('2025-')).toBe(true);
      expect(t.amounts.length).toBeGreaterThanOrEqual(2);
      expect(
        t.amounts.reduce((a, b) => a + b, 0),
        t.code,
      ).toBe(0);
    }
    // the VAT split off onto its own posting: 1081.00 gross → 1000.00 and 81.00
    expect(journal).toMatch(
      /Beratung\n {4}1020 Bankguthaben {2}1081\.00\n {4}3400 [^\n]+ {2}-1000\.00\n {4}2200 [^\n]+ {2}-81\.00\n/,
    );
    if (spawnSync('hledger', ['--version']).status === 0) {
      const bal = spawnSync('hledger', ['-f', '-', 'bal', '--no-total'], { input: journal, encoding: 'utf8' });
      expect(bal.status, bal.stderr).toBe(0);
    }
  });

  it('the receipt is there byte for byte, its booking number in its name', () => {
    const names = Object.keys(files).filter((n) => n.startsWith('receipts/'));
    expect(names).toEqual([`receipts/${receiptBooking}_Quittung Miete.pdf`]);
    expect(Buffer.from(files[names[0]]).equals(RECEIPT)).toBe(true);
  });

  it("every invoice and proposal of the year is a PDF showing its number; the other year's is not there", () => {
    const pdfs = Object.keys(files)
      .filter((n) => /^(invoices|proposals)\/.+\.pdf$/.test(n))
      .sort();
    expect(pdfs).toEqual(['invoices/R-2025-001.pdf', 'invoices/R-2025-002.pdf', 'proposals/O-2025-001.pdf']);
    for (const name of pdfs) {
      const number = /([A-Z]-2025-\d+)\.pdf$/.exec(name)![1];
      expect(readPdf(files[name]).text.join('\n'), name).toContain(number);
    }
    expect(rows(text('invoices.csv'))).toHaveLength(2);
    expect(text('invoices.csv')).toContain('R-2025-001');
    expect(text('proposals.csv')).toContain('O-2025-001');
    expect(text('customers.csv')).toContain('Muster AG');
  });

  it('the reports are those acct report prints, in CSV and as PDF', async () => {
    const pairs: [string, string[]][] = [
      ['trial-balance', ['report', 'trial-balance', '-p', '2025']],
      ['income-statement', ['report', 'income-statement', '-p', '2025']],
      ['balance-sheet', ['report', 'balance-sheet', '--date', '2025-12-31']],
      ['vat-2025', ['report', 'vat', '-p', '2025']],
      ['vat-2025-Q2', ['report', 'vat', '-p', '2025Q2']],
      ['vat-2025-Q3', ['report', 'vat', '-p', '2025Q3']],
    ];
    for (const [name, args] of pairs) {
      const printed = await ok(s.run, [...args, '-o', 'csv']);
      expect(text(`reports/${name}.csv`), name).toBe(printed.stdout);
      const pdf = readPdf(files[`reports/${name}.pdf`]).text.join('\n');
      expect(pdf, name).toContain('Demo AG');
    }
    // the printer's input tax (540.50 with 8.1 % in it)
    expect(text('reports/vat-2025.csv')).toMatch(/\r\nbox,40[05],[^\r]*,40\.50\r\n/);
    expect(readPdf(files['reports/vat-2025.pdf']).text.join('\n')).toMatch(
      /VAT return 2025-01-01 to 2025-12-31[\s\S]*303/,
    );
    expect(readPdf(files['reports/trial-balance.pdf']).text.join('\n')).toMatch(
      /Trial balance[\s\S]*1020[\s\S]*Bankguthaben/,
    );
  });

  it("the manifest holds every member's size and SHA-256, and the content's", () => {
    const manifest = JSON.parse(text('manifest.json'));
    expect(manifest).toMatchObject({
      format: 'acct-archive',
      year: 2025,
      company: { id: 1, name: 'Demo AG' },
      counts: { bookings: 4, receipts: 1, invoices: 2, proposals: 1 },
    });
    expect(manifest.members.map((m: { path: string }) => m.path).sort()).toEqual(
      Object.keys(files)
        .filter((n) => n !== 'manifest.json')
        .sort(),
    );
    for (const m of manifest.members) {
      expect(files[m.path].byteLength, m.path).toBe(m.size);
      expect(sha256(files[m.path]), m.path).toBe(m.sha256);
    }
    const lines = manifest.members.map((m: { path: string; sha256: string }) => `${m.sha256}  ${m.path}\n`).join('');
    expect(createHash('sha256').update(lines).digest('hex')).toBe(manifest.content_sha256);
  });

  it('acct archive verify passes it; a flipped bit, a missing member, a cut file: exit 8', async () => {
    const good = await s.run(['archive', 'verify', archive]);
    expect(good.code, good.stderr).toBe(0);
    expect(good.stdout).toBe(`${archive}: ok\n`);
    const bytes = readFileSync(archive);
    // a bit inside the receipt's stored bytes (stored where its name stands in its local header)
    const at = bytes.indexOf(Buffer.from(`receipts/${receiptBooking}_`)) + 200;
    const flipped = Buffer.from(bytes);
    flipped[at] ^= 0x10;
    const { [`receipts/${receiptBooking}_Quittung Miete.pdf`]: _gone, ...rest } = files;
    const damaged: Record<string, Uint8Array> = {
      flipped,
      missing: zipSync(rest),
      cut: bytes.subarray(0, bytes.length - 100),
    };
    for (const [kind, data] of Object.entries(damaged)) {
      const file = join(s.dir, `${kind}.zip`);
      writeFileSync(file, data);
      const r = await s.run(['archive', 'verify', file]);
      expect(r.code, `${kind}: ${r.stderr}`).toBe(8);
      expect(r.stderr, kind).toMatch(new RegExp(`^acct: ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} is damaged: `));
    }
    const missing = await s.run(['archive', 'verify', join(s.dir, 'missing.zip')]);
    expect(missing.stderr).toMatch(/Quittung Miete\.pdf: listed in the manifest but missing/);
  }, 60_000);

  it('an existing --out is kept (exit 6) unless --force', async () => {
    const before = readFileSync(archive);
    const again = await s.run(['archive', '2025', '--out', archive]);
    expect(again.code).toBe(6);
    expect(again.stderr).toMatch(/exists; --force replaces it/);
    expect(readFileSync(archive).equals(before)).toBe(true);
    const forced = await s.run(['archive', '2025', '--out', archive, '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect((await s.run(['archive', 'verify', archive])).code).toBe(0);
  }, 60_000);

  it('closing the year names the archive command to run next; the closed year archives unwarned', async () => {
    const close = await ok(s.run, ['server', 'companies', 'set', '1', ...s.data, '--closed-until', '2025-12-31']);
    expect(close.stderr).toContain('acct archive 2025 --company 1 --out buchhaltung-2025.zip');
    if (s.data.length) expect(close.stderr).toContain(`acct server start --data ${s.data[1]}`);
    else expect(close.stderr).not.toContain('acct server start');
    const closed = await ok(s.run, ['archive', '2025', '--out', join(s.dir, 'closed.zip')]);
    expect(closed.stderr).not.toMatch(/not in a closed period/);
    const quarter = await ok(s.run, ['server', 'companies', 'set', '1', ...s.data, '--closed-until', '2026-03-31']);
    expect(quarter.stderr).not.toContain('acct archive');
  }, 60_000);
});

describe('acct archive: usage', () => {
  it('a bad year, a missing --out, verify without a file or of a missing one are usage errors', async () => {
    for (const [args, message] of [
      [['archive', '25', '--out', 'x.zip'], /invalid year "25"/],
      [['archive', '2025'], /give the archive's file: acct archive 2025 --out buchhaltung-2025\.zip/],
      [['archive', 'verify'], /name the archive to check/],
      [['archive', 'verify', join(box.dataDir, 'nothing.zip')], /no file /],
    ] as const) {
      const r = await box.run([...args]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(message);
    }
  });
});
