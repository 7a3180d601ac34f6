// `acct bills add` against the service (issue 25, "Scan a bill in"), on QR-bills this project did not
// draw: payloads written by hand, codes drawn by bwip-js, put into a 3-page PDF by pdf-lib or made a
// photo-like PNG (test/helpers/foreign-qr-bills.ts). A QRR bill from the PDF, a SCOR bill with an open
// amount from the photo, a payload from stdin, a PDF without QR-bill (exit 5), a payload that breaks
// rules (exit 3, each field named), the flags a script must give (exit 2), the same bill twice (exit 6),
// and the terminal, which proposes what the last bill of the same IBAN got. Nothing is created on a failure.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { useCliAgainstService } from '../helpers/cli-suite.js';
import { acctEnv, inTerminal, plain } from '../helpers/cli.js';
import { accountId, newCompany, taxRateId } from '../helpers/service.js';
import {
  foreignPayload,
  IG_EXAMPLE_BILL,
  photoPng,
  threePagePdf,
  type ForeignPayload,
} from '../helpers/foreign-qr-bills.js';
import { tsv } from './support.js';

const QR_IBAN = 'CH4431999123000889012';
const IBAN = 'CH3709000000304442225';
const LI_IBAN = 'LI21088100002324013AA';
/** the IG's sample references */
const QRR = '210000000003139471430009017';
const QRR_2 = '000000000000000000000000034';
const SCOR = 'RF18539007547034';
const SCOR_2 = 'RF712348231';

const schneider: ForeignPayload = IG_EXAMPLE_BILL;
const druckerei: ForeignPayload = {
  iban: IBAN,
  creditor: {
    name: 'Druckerei Müller GmbH',
    street: 'Bahnhofstrasse',
    building: '7',
    zip: '8001',
    city: 'Zürich',
    country: 'CH',
  },
  amount: '',
  currency: 'CHF',
  referenceType: 'SCOR',
  reference: SCOR,
  message: 'Flyer Herbst',
};

const cli = useCliAgainstService();
const { svc, acct } = cli;

async function bills(company: number): Promise<any[]> {
  const r = await svc.call('GET', `/companies/${company}/bills?per_page=100`);
  expect(r.status).toBe(200);
  return r.body.data;
}

function file(name: string, bytes: Uint8Array | string): string {
  const path = join(cli.box.dataDir, '..', name);
  writeFileSync(path, bytes);
  return path;
}

describe('acct bills add', () => {
  it('enters a QRR bill from the QR-bill on page 3 of a PDF and attaches the PDF', async () => {
    const c = newCompany(svc, 'PDF');
    const pdf = file('schneider.pdf', await threePagePdf(foreignPayload(schneider)));
    const r = await acct(
      [
        'bills',
        'add',
        pdf,
        '--account',
        '4400',
        '--tax-rate',
        'Vorsteuer 8.1 %',
        '--bill-date',
        '2026-06-20',
        '--no-input',
      ],
      { company: c },
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const [header, row] = tsv(r.stdout);
    const printed = Object.fromEntries(header.map((h, i) => [h, row[i]]));
    expect(printed).toMatchObject({
      number: 'K-2026-001',
      supplier_name: 'Robert Schneider AG',
      amount: '1949.75',
      reference_type: 'QRR',
      reference: QRR,
      receipt: 'schneider.pdf',
    });
    const [bill] = await bills(c);
    expect(bill).toMatchObject({
      number: 'K-2026-001',
      supplier_name: 'Robert Schneider AG',
      supplier_street: 'Rue du Lac',
      supplier_building: '1268',
      supplier_zip: '2501',
      supplier_city: 'Biel',
      supplier_country: 'CH',
      iban: QR_IBAN,
      reference_type: 'QRR',
      reference: QRR,
      message: 'Auftrag vom 15.06.2026',
      amount: 1949.75,
      currency: 'CHF',
      bill_date: '2026-06-20',
      status: 'open',
      expense_account_id: accountId(svc, c, 4400),
      tax_rate_id: taxRateId(svc, c, 'Vorsteuer 8.1 %'),
      file: { name: 'schneider.pdf', mime: 'application/pdf' },
    });
  });

  it('enters a SCOR bill from a photo (scaled, turned 4°, on grey); its open amount comes from --amount', async () => {
    const c = newCompany(svc, 'Photo');
    const png = file('foto.png', await photoPng(foreignPayload(druckerei), { scale: 0.8, degrees: 4 }));
    const open = await acct(['bills', 'add', png, '--account', '4400', '--no-input'], { company: c });
    expect(open.code).toBe(2);
    expect(open.stderr).toContain('missing required --amount (the QR-bill leaves the amount open)');
    const r = await acct(
      [
        'bills',
        'add',
        png,
        '--account',
        '4400',
        '--amount',
        '432.60',
        '--due-date',
        '2026-12-31',
        '--bill-date',
        '2026-12-01',
        '--no-input',
        '--json',
      ],
      { company: c },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      number: 'K-2026-001',
      supplier_name: 'Druckerei Müller GmbH',
      amount: 432.6,
      reference: SCOR,
      receipt: 'foto.png',
      tax_rate: null,
    });
    const [bill] = await bills(c);
    expect(bill).toMatchObject({
      iban: IBAN,
      reference_type: 'SCOR',
      reference: SCOR,
      message: 'Flyer Herbst',
      amount: 432.6,
      due_date: '2026-12-31',
      tax_rate_id: null,
      file: { name: 'foto.png', mime: 'image/png' },
    });
  });

  it('reads a JPEG photo too (turned the other way, JPEG-compressed by mupdf)', async () => {
    const c = newCompany(svc, 'JPEG');
    const png = await photoPng(foreignPayload({ ...schneider, reference: QRR_2 }), {
      scale: 0.9,
      degrees: -3,
      seed: 7,
    });
    const jpeg = new mupdf.Image(png).toPixmap().asJPEG(80);
    const path = file('foto.jpg', jpeg);
    const r = await acct(['bills', 'add', path, '--account', '4400', '--no-input', '--json'], { company: c });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ reference: QRR_2, amount: 1949.75, receipt: 'foto.jpg' });
    expect((await bills(c))[0].file).toMatchObject({ name: 'foto.jpg', mime: 'image/jpeg' });
  });

  it('reads the payload from stdin (--qr-text -) with CR LF and a final line break, as scanner apps do', async () => {
    const c = newCompany(svc, 'Stdin');
    const payload = foreignPayload({
      ...druckerei,
      iban: LI_IBAN,
      referenceType: 'NON',
      reference: '',
      amount: '80.00',
      currency: 'EUR',
    });
    const text = `${payload.replace(/\n/g, '\r\n')}\r\n`;
    const eur = await acct(['bills', 'add', '--qr-text', '-', '--account', '4400', '--no-input'], {
      company: c,
      input: text,
    });
    expect(eur.code).toBe(2);
    expect(eur.stderr).toContain('missing required --amount-chf (the bill is in EUR)');
    const r = await acct(
      ['bills', 'add', '--qr-text', '-', '--account', '4400', '--amount-chf', '76.40', '--no-input', '--json'],
      { company: c, input: text },
    );
    expect(r.code, r.stderr).toBe(0);
    const [bill] = await bills(c);
    expect(bill).toMatchObject({
      iban: LI_IBAN,
      reference_type: 'NON',
      reference: null,
      amount: 80,
      currency: 'EUR',
      amount_chf: 76.4,
      file: null,
    });
  });

  it('says so when a PDF holds no QR-bill (exit 5) and enters nothing', async () => {
    const c = newCompany(svc, 'None');
    const pdf = file('ohne-qr.pdf', await threePagePdf(null));
    const r = await acct(['bills', 'add', pdf, '--account', '4400', '--no-input'], { company: c });
    expect(r.code).toBe(5);
    expect(r.stderr).toContain(`acct: no Swiss QR-bill found on the 3 pages of ${pdf}`);
    // a QR code that is no QR-bill is not taken for one
    const other = file('andere.png', await photoPng('https://example.ch/rechnung/42', { degrees: 3 }));
    const r2 = await acct(['bills', 'add', other, '--account', '4400', '--no-input'], { company: c });
    expect(r2.code).toBe(5);
    expect(r2.stderr).toContain('(1 other QR code, none a QR-bill)');
    expect(await bills(c)).toEqual([]);
  });

  it('names every rule a payload breaks, field by field (exit 3), and enters nothing', async () => {
    const c = newCompany(svc, 'Invalid');
    const broken = foreignPayload({
      ...schneider,
      iban: 'CH4531999123000889012',
      reference: '210000000003139471430009018',
    }).replace(/EPD$/, 'END');
    const pdf = file('kaputt.pdf', await threePagePdf(broken));
    const r = await acct(['bills', 'add', pdf, '--account', '4400', '--no-input'], { company: c });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(
      "the QR-bill's payload breaks 3 rules of the Swiss QR-bill (IG 2.3); nothing was entered",
    );
    expect(r.stderr).toContain('iban: IBAN CH4531999123000889012 has wrong check digits or length');
    expect(r.stderr).toContain(
      'reference: QR reference "210000000003139471430009018" is not 27 digits with a valid check digit',
    );
    expect(r.stderr).toContain('trailer: line 31 is "END", not the trailer EPD');
    const k = await acct(['bills', 'add', '--qr-text', '-', '--account', '4400', '--no-input'], {
      company: c,
      input: foreignPayload(schneider).replace('\nS\n', '\nK\n'),
    });
    expect(k.code).toBe(3);
    expect(k.stderr).toContain(
      'creditor.address_type: creditor address type K (combined) is not permitted since IG 2.3',
    );
    expect(await bills(c)).toEqual([]);
  });

  it('without a terminal or with --no-input, --account is required before any read or prompt (exit 2)', async () => {
    const c = newCompany(svc, 'Script');
    const pdf = file('script.pdf', await threePagePdf(foreignPayload(schneider)));
    for (const args of [
      ['bills', 'add', pdf, '--no-input'],
      ['bills', 'add', pdf],
    ]) {
      const r = await acct(args, { company: c });
      expect(r.code).toBe(2);
      expect(r.stderr).toBe('acct: missing required --account\n');
    }
    const none = await acct(['bills', 'add', '--account', '4400', '--no-input'], { company: c });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('give the bill as FILE (PDF, PNG or JPEG), or its QR payload with --qr-text');
    const text = file('notes.txt', 'not a bill');
    const notScan = await acct(['bills', 'add', text, '--account', '4400', '--no-input'], { company: c });
    expect(notScan.code).toBe(2);
    expect(notScan.stderr).toContain('is not a PDF, PNG or JPEG file');
    expect(await bills(c)).toEqual([]);
  });

  it('refuses the same bill twice: the IBAN and reference entered before (exit 6)', async () => {
    const c = newCompany(svc, 'Twice');
    const args = ['bills', 'add', '--qr-text', '-', '--account', '4400', '--no-input'];
    expect((await acct(args, { company: c, input: foreignPayload(schneider) })).code).toBe(0);
    const again = await acct(args, { company: c, input: foreignPayload(schneider) });
    expect(again.code).toBe(6);
    expect(again.stderr).toContain(
      `this bill was entered already: K-2026-001 has the IBAN ${QR_IBAN} and the reference ${QRR}`,
    );
    expect(await bills(c)).toHaveLength(1);
  });

  it('on a terminal asks for the account and VAT rate, proposing what the last bill of the same IBAN got', async () => {
    const c = newCompany(svc, 'Terminal');
    const first = await acct(
      [
        'bills',
        'add',
        '--qr-text',
        '-',
        '--account',
        '6500',
        '--tax-rate',
        'Vorsteuer 8.1 %',
        '--bill-date',
        '2026-05-01',
        '--no-input',
      ],
      { company: c, input: foreignPayload(schneider) },
    );
    expect(first.code, first.stderr).toBe(0);
    // another IBAN's later bill is not the proposal
    const other = await acct(
      [
        'bills',
        'add',
        '--qr-text',
        '-',
        '--account',
        '4400',
        '--amount',
        '10.00',
        '--bill-date',
        '2026-06-01',
        '--no-input',
      ],
      { company: c, input: foreignPayload(druckerei) },
    );
    expect(other.code, other.stderr).toBe(0);
    const pdf = file(
      'schneider-2.pdf',
      await threePagePdf(foreignPayload({ ...schneider, reference: QRR_2, amount: '500.00' })),
    );
    const run = await inTerminal(
      cli.box,
      ['bills', 'add', pdf, '--bill-date', '2026-07-01'],
      [
        { when: 'Expense account', keys: '\r' },
        { when: 'VAT rate', keys: '\r' },
      ],
      acctEnv(svc, { company: c }),
    );
    const screen = plain(run.output);
    expect(run.code, screen).toBe(0);
    expect(screen).toContain('Robert Schneider AG, Rue du Lac 1268, 2501 Biel');
    expect(screen).toContain('Last bill of this IBAN: K-2026-001 of 2026-05-01');
    expect(screen).toContain('6500');
    expect(screen).toContain('K-2026-003');
    const added = (await bills(c)).find((b) => b.number === 'K-2026-003');
    expect(added).toMatchObject({
      reference: QRR_2,
      amount: 500,
      expense_account_id: accountId(svc, c, 6500),
      tax_rate_id: taxRateId(svc, c, 'Vorsteuer 8.1 %'),
      file: { name: 'schneider-2.pdf' },
    });
  });
});

describe('the build', () => {
  const dist = join(import.meta.dirname, '../../dist');
  const imports = (file: string, pattern: RegExp): string[] =>
    [...readFileSync(file, 'utf8').matchAll(pattern)].map((m) => join(file, '..', m[1]));
  const staticImports = (file: string) =>
    imports(file, /(?:^|[;\n])\s*import\s*(?:[^"'()]*?from\s*)?["'](\.{1,2}\/[^"']+)["']/g);
  // a dynamic import's text may also be a string of a bundled library's code: only files that exist count
  const anyImports = (file: string) =>
    [...staticImports(file), ...imports(file, /import\(["'](\.{1,2}\/[^"']+)["']\)/g)].filter((f) => existsSync(f));
  const reachable = (start: string, follow: (file: string) => string[]) => {
    const seen = new Set<string>();
    for (const todo = [start]; todo.length; ) {
      const file = todo.pop()!;
      if (!seen.has(file)) {
        seen.add(file);
        todo.push(...follow(file));
      }
    }
    return seen;
  };
  const decoders = /from\s*["'](mupdf|zxing-wasm[^"']*)["']|import\(["'](mupdf|zxing-wasm[^"']*)["']\)/;

  it('loads mupdf and zxing-wasm only in the chunk acct bills add imports on use', () => {
    const started = reachable(join(dist, 'cli.js'), staticImports);
    for (const file of started) expect(readFileSync(file, 'utf8'), file).not.toMatch(decoders);
    const withDecoders = [...reachable(join(dist, 'cli.js'), anyImports)].filter((f) =>
      decoders.test(readFileSync(f, 'utf8')),
    );
    expect(withDecoders).toHaveLength(1);
    expect(withDecoders[0]).toMatch(/chunks\/scan-/);
  });
});

describe('--qr-text FILE', () => {
  it('reads the payload from a text file, and attaches the FILE given beside it', async () => {
    const c = newCompany(svc, 'Text file');
    const text = file('zahlteil.txt', foreignPayload({ ...druckerei, reference: SCOR_2 }));
    const receipt = file('beleg.pdf', await threePagePdf(null));
    const r = await acct(
      ['bills', 'add', receipt, '--qr-text', text, '--account', '4400', '--amount', '1.00', '--no-input'],
      { company: c },
    );
    expect(r.code, r.stderr).toBe(0);
    expect((await bills(c))[0]).toMatchObject({ reference: SCOR_2, amount: 1, file: { name: 'beleg.pdf' } });
    const missing = await acct(
      ['bills', 'add', '--qr-text', join(cli.box.dataDir, 'nichts.txt'), '--account', '4400', '--no-input'],
      { company: c },
    );
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--qr-text: cannot read');
  });
});
