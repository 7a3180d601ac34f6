// `acct invoices pdf` and `acct proposals pdf` against the service: <number>.pdf in the current
// directory, never overwritten without --force, --out FILE, --out - to stdout, and several documents
// chosen by filters into --out-dir with progress on stderr. The files are real PDFs (mupdf reads them).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { setCompany } from '../../src/server/main.js';
import { acctEnv, runInProcessWithBytes, type RunResult } from '../helpers/cli.js';
import { useCliAgainstService } from '../helpers/cli-suite.js';
import { taxRateId } from '../helpers/service.js';
import { decodeQr, readPdf, terminalQrPng } from '../helpers/pdf.js';
import { seed } from './support.js';

const cli = useCliAgainstService();
let cwd: string;
const home = process.cwd();
const made: { id: number; number: string }[] = [];
let proposal: { id: number; number: string };

/**
 * acct in `cwd`, stdout kept as bytes: in this process, made to work in `cwd` for the file (the forks
 * pool gives each test file a process of its own).
 */
const acct = (args: string[]): Promise<RunResult & { bytes: Buffer }> =>
  runInProcessWithBytes(args, cli.box.env(acctEnv(cli.svc)));

beforeAll(async () => {
  cwd = mkdtempSync(join(tmpdir(), 'acct-pdf-cwd-'));
  process.chdir(cwd);
  setCompany(cli.svc.server.db, 1, {
    creditorStreet: 'Bahnhofstrasse',
    creditorBuilding: '12',
    creditorZip: '8001',
    creditorCity: 'Zürich',
  });
  cli.svc.server.db
    .prepare("UPDATE accounts SET iban = 'CH9300762011623852957' WHERE company_id = 1 AND number = 1020")
    .run();
  const muster = (
    await seed(cli.svc, 'customers', {
      name: 'Muster AG',
      number: 1001,
      street: 'Seestrasse 5',
      zip: '6003',
      city: 'Luzern',
    })
  ).id;
  const other = (
    await seed(cli.svc, 'customers', {
      name: 'Beispiel GmbH',
      number: 1002,
      street: 'Gasse 1',
      zip: '3000',
      city: 'Bern',
    })
  ).id;
  for (const [customer, date] of [
    [muster, '2026-02-10'],
    [muster, '2026-03-05'],
    [other, '2026-03-20'],
  ] as const) {
    made.push(
      await seed(cli.svc, 'invoices', {
        customer_id: customer,
        date,
        positions: [{ description: 'Beratung', amount: 2, price: 150 }],
      }),
    );
  }
  proposal = await seed(cli.svc, 'proposals', {
    customer_id: muster,
    with_signature: true,
    positions: [{ description: 'Jahresabschluss', amount: 1, price: 2400 }],
  });
});
afterAll(async () => {
  process.chdir(home);
  rmSync(cwd, { recursive: true, force: true });
});

describe('one document', () => {
  test('writes <number>.pdf in the current directory and refuses to overwrite it without --force', async () => {
    const [inv] = made;
    let r = await acct(['invoices', 'pdf', inv.number]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`Wrote ${inv.number}.pdf`);
    const pdf = readPdf(readFileSync(join(cwd, `${inv.number}.pdf`)));
    expect(pdf.text[0]).toContain(inv.number);
    expect(pdf.text[0]).toContain('Muster AG');
    expect(pdf.text[0]).toContain('Zahlteil');

    writeFileSync(join(cwd, `${inv.number}.pdf`), 'mine');
    r = await acct(['invoices', 'pdf', inv.number]);
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/exists; --force overwrites it/);
    expect(readFileSync(join(cwd, `${inv.number}.pdf`), 'utf8')).toBe('mine');
    r = await acct(['invoices', 'pdf', inv.number, '--force']);
    expect(r.code, r.stderr).toBe(0);
    expect(
      readFileSync(join(cwd, `${inv.number}.pdf`))
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  test('--out FILE and --out - (stdout, for a pipe)', async () => {
    let r = await acct(['proposals', 'pdf', proposal.number, '--out', 'offer.pdf']);
    expect(r.code, r.stderr).toBe(0);
    expect(readPdf(readFileSync(join(cwd, 'offer.pdf'))).text[0]).toContain('Unterschrift');
    r = await acct(['proposals', 'pdf', proposal.number, '--out', '-']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(readPdf(new Uint8Array(r.bytes)).text[0]).toContain(proposal.number);
  });

  test('usage errors (exit 2) and a refused QR-bill (422, exit 3)', async () => {
    expect((await acct(['invoices', 'pdf'])).code).toBe(2);
    expect((await acct(['invoices', 'pdf', made[0].number, '--status', 'open'])).code).toBe(2);
    expect((await acct(['invoices', 'pdf', '--status', 'open'])).code).toBe(2);
    cli.svc.server.db.prepare('UPDATE accounts SET iban = NULL WHERE company_id = 1 AND number = 1020').run();
    const r = await acct(['invoices', 'pdf', made[1].number, '--out', 'x.pdf']);
    cli.svc.server.db
      .prepare("UPDATE accounts SET iban = 'CH9300762011623852957' WHERE company_id = 1 AND number = 1020")
      .run();
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/IBAN/);
    expect(existsSync(join(cwd, 'x.pdf'))).toBe(false);
  });
});

describe('several documents by filters', () => {
  test('writes each matching invoice into --out-dir with progress on stderr; existing files are kept', async () => {
    let r = await acct([
      'invoices',
      'pdf',
      '--customer',
      'Muster AG',
      '--from',
      '2026-01-01',
      '--to',
      '2026-12-31',
      '--out-dir',
      'out',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(join(cwd, 'out')).sort()).toEqual([`${made[0].number}.pdf`, `${made[1].number}.pdf`].sort());
    expect(r.stderr).toMatch(/\[1\/2\] out\/R-2026-00\d\.pdf/);
    expect(r.stderr).toMatch(/\[2\/2\] out\/R-2026-00\d\.pdf/);
    expect(r.stderr).toContain('Wrote 2 of 2 invoices into out.');

    r = await acct(['invoices', 'pdf', '--status', 'open', '--out-dir', 'out']);
    expect(r.code).toBe(6);
    expect(readdirSync(join(cwd, 'out'))).toHaveLength(3);
    expect(r.stderr).toContain('Wrote 1 of 3 invoices into out; 2 existed and were kept.');
    r = await acct(['invoices', 'pdf', '--status', 'open', '--out-dir', 'out', '--force']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Wrote 3 of 3 invoices into out.');
  });
});

describe('proposals by --shared', () => {
  test('--shared and --no-shared choose proposals like every other filter', async () => {
    let r = await acct(['proposals', 'pdf', '--shared', '--out-dir', 'geteilt']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('No proposals found; nothing written.');
    r = await acct(['proposals', 'pdf', '--no-shared', '--out-dir', 'privat']);
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(join(cwd, 'privat'))).toEqual([`${proposal.number}.pdf`]);
    cli.svc.server.db.prepare('UPDATE proposals SET is_shared = 1 WHERE id = ?').run(proposal.id);
    r = await acct(['proposals', 'pdf', '--shared', '--out-dir', 'geteilt']);
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(join(cwd, 'geteilt'))).toEqual([`${proposal.number}.pdf`]);
    expect((await acct(['proposals', 'pdf', proposal.number, '--shared'])).code).toBe(2);
  });
});

describe('acct invoices qr', () => {
  test('prints the payload the PDF carries', async () => {
    const [inv] = made;
    const r = await acct(['invoices', 'qr', inv.number]);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.replace(/\n$/, '').split('\n');
    expect(lines.slice(0, 4)).toEqual(['SPC', '0200', '1', 'CH9300762011623852957']);
    expect(lines.slice(18, 20)).toEqual(['300.00', 'CHF']);
    expect(lines.slice(20, 27)).toEqual(['S', 'Muster AG', 'Seestrasse 5', '', '6003', 'Luzern', 'CH']);
    expect(lines[27]).toBe('SCOR');
    expect(lines.slice(-2)).toEqual([inv.number, 'EPD']);
  });

  test('--show draws a code a phone scans from the screen: it decodes to the payload of GET …/qr', async () => {
    const [inv] = made;
    const shown = await acct(['invoices', 'qr', inv.number, '--show']);
    expect(shown.code, shown.stderr).toBe(0);
    const rows = shown.stdout.replace(/\n$/, '').split('\n');
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.every((row) => /^[█▀▄ ]+$/.test(row) && [...row].length === [...rows[0]].length)).toBe(true);
    const { payload } = (await cli.svc.call('GET', `/companies/1/invoices/${inv.id}/qr`)).body;
    expect(await decodeQr(terminalQrPng(rows))).toEqual([payload]);
  });

  test('a bank account without an IBAN is exit 3 naming the fix', async () => {
    cli.svc.server.db.prepare('UPDATE accounts SET iban = NULL WHERE company_id = 1 AND number = 1020').run();
    try {
      const r = await acct(['invoices', 'qr', made[0].number]);
      expect(r.code).toBe(3);
      expect(r.stderr).toContain('bank account 1020 has no IBAN: acct accounts update 1020 --iban …');
    } finally {
      cli.svc.server.db
        .prepare("UPDATE accounts SET iban = 'CH9300762011623852957' WHERE company_id = 1 AND number = 1020")
        .run();
    }
  });
});

describe("a VAT document without the company's UID", () => {
  test('is written, and named on stderr with the fix; with a UID, or without VAT, nothing is said', async () => {
    const muster = (await cli.svc.call('GET', '/companies/1/customers?filter[name]=Muster')).body.data[0].id;
    const mwst = taxRateId(cli.svc, 1, 'MWST 8.1 %');
    const vat = await seed(cli.svc, 'invoices', {
      customer_id: muster,
      date: '2026-04-01',
      tax_rate_id: mwst,
      positions: [{ description: 'Beratung', amount: 1, price: 100 }],
    });
    let r = await acct(['invoices', 'pdf', vat.number, '--out', 'vat.pdf']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(
      `warning: invoice ${vat.number} charges VAT, but the company has no UID for VAT, which a VAT invoice must ` +
        `carry (MWSTG Art. 26): acct server companies set 1 --vat-number CHE-…`,
    );
    expect(existsSync(join(cwd, 'vat.pdf'))).toBe(true);
    r = await acct(['invoices', 'pdf', made[2].number, '--out', 'novat.pdf']);
    expect(r.stderr).not.toContain('warning');
    r = await acct(['invoices', 'pdf', '--from', '2026-03-01', '--to', '2026-04-30', '--out-dir', 'vat', '--force']);
    expect(r.stderr).toContain(`warning: invoice ${vat.number} charges VAT`);
    setCompany(cli.svc.server.db, 1, { vatNumber: 'CHE-123.456.788' });
    try {
      r = await acct(['invoices', 'pdf', vat.number, '--out', 'vat.pdf', '--force']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).not.toContain('warning');
      expect(readPdf(readFileSync(join(cwd, 'vat.pdf'))).text[0]).toContain('MWST-Nr.\nCHE-123.456.788 MWST');
    } finally {
      setCompany(cli.svc.server.db, 1, { vatNumber: 'none' });
    }
  });
});
