// `acct bills …` against the service: the verbs with every flag, references by number, and `pay`: the
// pain.001 file validated against the SIX schema, the bills scheduled with its message id, and every
// refusal (a bill without an amount, a bad IBAN, an account without IBAN, nothing to pay, a bill not
// open, an existing --out) leaving no file and every bill open; --dry-run writes nothing.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { makeQrr } from '../../src/domain/qr-reference.js';
import { run } from '../../src/server/store/db.js';
import { useCliAgainstService } from '../helpers/cli-suite.js';
import { accountId, newCompany, taxRateId } from '../helpers/service.js';
import { loadXsdValidator, type XsdCheck } from '../helpers/xsd.js';
import { seed, testFiles, tsv } from './support.js';

const DEBTOR_IBAN = 'CH93 0076 2011 6238 5295 7';
const SECOND_IBAN = 'CH56 0483 5012 3456 7800 9';
const QR_IBAN = 'CH44 3199 9123 0008 8901 2';
const QRR = makeQrr(7, 4711);
const SCOR = 'RF18 5390 0754 7034';

const cli = useCliAgainstService();
const { svc, acct } = cli;
let files: string;
let check: XsdCheck;

/** A company with the creditor address and 1020 with its IBAN (the primary bank account). */
function payingCompany(name: string, iban: string | null = DEBTOR_IBAN): number {
  const c = newCompany(svc, name);
  run(
    svc.server.db,
    "UPDATE companies SET creditor_name = ?, creditor_street = 'Bahnhofstrasse', creditor_building = '1', " +
      "creditor_zip = '8001', creditor_city = 'Zürich' WHERE id = ?",
    `${name} AG`,
    c,
  );
  if (iban)
    run(
      svc.server.db,
      'UPDATE accounts SET iban = ? WHERE company_id = ? AND number = 1020',
      iban.replace(/ /g, ''),
      c,
    );
  return c;
}

async function bill(company: number, extra: Record<string, unknown> = {}): Promise<any> {
  return seed(
    svc,
    'bills',
    {
      supplier_name: 'Muster Druck AG',
      supplier_street: 'Hauptstrasse',
      supplier_building: '1',
      supplier_zip: '8000',
      supplier_city: 'Zürich',
      iban: QR_IBAN,
      reference_type: 'QRR',
      reference: QRR,
      amount: 108.1,
      bill_date: '2026-11-01',
      due_date: '2026-12-01',
      expense_account_id: accountId(svc, company, 4400),
      ...extra,
    },
    company,
  );
}

const status = async (company: number, id: number) =>
  (await svc.call('GET', `/companies/${company}/bills/${id}`)).body.data;
/** The files of the sandbox's working folder for pay (partial files included). */
const outDir = () => readdirSync(files).filter((f) => f.endsWith('.xml') || f.includes('.partial-'));

beforeAll(async () => {
  files = testFiles(cli.box, {
    'rechnung.pdf': '%PDF-1.4 Rechnung\n',
    'quittung.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2]),
  });
  check = await loadXsdValidator('pain-001-ch', 'pain.001.001.09.ch.03.xsd');
});

describe('the verbs', () => {
  test('create with every flag and a receipt, get by number, list filters, edit, mark-as, attach, delete', async () => {
    const c = newCompany(svc, 'Verben');
    const created = await acct(
      [
        'bills',
        'create',
        '--supplier-name',
        'Muster Druck AG',
        '--supplier-street',
        'Hauptstrasse',
        '--supplier-building',
        '1',
        '--supplier-zip',
        '8000',
        '--supplier-city',
        'Zürich',
        '--supplier-country',
        'CH',
        '--iban',
        'CH93 0076 2011 6238 5295 7',
        '--reference-type',
        'SCOR',
        '--reference',
        SCOR,
        '--message',
        'Flyer',
        '--amount',
        "1'081.00",
        '--currency',
        'CHF',
        '--bill-date',
        '2026-11-20',
        '--due-date',
        '20.12.2026',
        '--account',
        '4400',
        '--tax-rate',
        'Vorsteuer 8.1 %',
        '--bank-account',
        '1020',
        '--number',
        'K-2026-100',
        '--receipt',
        join(files, 'rechnung.pdf'),
        '--json',
      ],
      { company: c },
    );
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const b = JSON.parse(created.stdout);
    expect(b).toMatchObject({
      number: 'K-2026-100',
      status: 'open',
      supplier_name: 'Muster Druck AG',
      iban: 'CH9300762011623852957',
      reference_type: 'SCOR',
      reference: 'RF18539007547034',
      message: 'Flyer',
      amount: 1081,
      currency: 'CHF',
      bill_date: '2026-11-20',
      due_date: '2026-12-20',
      expense_account_id: accountId(svc, c, 4400),
      tax_rate_id: taxRateId(svc, c, 'Vorsteuer 8.1 %'),
      bank_account_id: accountId(svc, c, 1020),
      file: { name: 'rechnung.pdf', mime: 'application/pdf' },
    });
    // numbered after the highest of the year
    await bill(c, {
      supplier_name: 'Papeterie Zürich',
      due_date: '2026-11-15',
      iban: SECOND_IBAN,
      reference_type: 'NON',
      reference: null,
      message: 'Papier',
    });

    const got = await acct(['bills', 'get', 'K-2026-100', '--json'], { company: c });
    expect(JSON.parse(got.stdout).id).toBe(b.id);
    const numbers = async (...args: string[]) =>
      tsv((await acct(['bills', 'list', ...args, '-o', 'tsv'], { company: c })).stdout)
        .slice(1)
        .map((r) => r[0]);
    expect(await numbers()).toEqual(['K-2026-101', 'K-2026-100']);
    expect(tsv((await acct(['bills', 'list', '-o', 'tsv'], { company: c })).stdout)[0]).toEqual([
      'number',
      'supplier_name',
      'due_date',
      'amount',
      'status',
      'reference',
    ]);
    expect(await numbers('--due-before', '2026-11-30')).toEqual(['K-2026-101']);
    expect(await numbers('--supplier', 'druck')).toEqual(['K-2026-100']);
    expect(await numbers('--search', 'papier')).toEqual(['K-2026-101']);
    expect(await numbers('--per-page', '1')).toEqual(['K-2026-101']);

    const edited = await acct(
      ['bills', 'edit', 'K-2026-100', '--due-date', '2026-12-31', '--message', 'Flyer 2', '--json'],
      { company: c },
    );
    expect(JSON.parse(edited.stdout)).toMatchObject({ due_date: '2026-12-31', message: 'Flyer 2', amount: 1081 });

    const paid = await acct(
      ['bills', 'mark-as', 'K-2026-100', 'paid', '--paid-date', '2026-12-03', '--bank-account', '1020', '--json'],
      { company: c },
    );
    expect(paid.code, paid.stderr).toBe(0);
    expect(JSON.parse(paid.stdout)).toMatchObject({ status: 'paid', paid_at: '2026-12-03' });
    expect(JSON.parse(paid.stdout).payment_entry_id).toEqual(expect.any(Number));
    expect(await numbers('--status', 'paid')).toEqual(['K-2026-100']);
    // a paid bill is not deleted (the service's 400: exit 6); back to open, it is
    expect((await acct(['bills', 'delete', 'K-2026-100', '--yes'], { company: c })).code).toBe(6);
    expect((await acct(['bills', 'mark-as', 'K-2026-100', 'open'], { company: c })).code).toBe(0);

    const attached = await acct(['bills', 'attach', 'K-2026-100', join(files, 'quittung.png'), '--json'], {
      company: c,
    });
    expect(JSON.parse(attached.stdout)).toMatchObject({ name: 'quittung.png', mime: 'image/png' });
    expect((await status(c, b.id)).file.name).toBe('quittung.png');

    const deleted = await acct(['bills', 'delete', 'K-2026-100', '--yes'], { company: c });
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(await numbers()).toEqual(['K-2026-101']);
  });

  test("usage errors before any request; the service's 422 under the flags", async () => {
    const c = newCompany(svc, 'Fehler');
    await bill(c);
    const missing = await acct(['bills', 'create', '--supplier-name', 'X'], { company: c });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(
      /missing required --supplier-zip, --supplier-city, --iban, --amount, --bill-date, --account/,
    );
    expect(
      (await acct(['bills', 'mark-as', 'K-2026-001', 'open', '--paid-date', '2026-12-01'], { company: c })).stderr,
    ).toMatch(/--paid-date only go with paid/);
    expect((await acct(['bills', 'mark-as', 'K-2026-001', 'overdue'], { company: c })).code).toBe(2);
    expect((await acct(['bills', 'get', 'K-2026-999'], { company: c })).code).toBe(2);
    expect((await acct(['bills', 'attach', 'K-2026-001', join(files, 'nichts.pdf')], { company: c })).code).toBe(2);
    const bad = await acct(
      [
        'bills',
        'create',
        '--supplier-name',
        'X',
        '--supplier-zip',
        '8000',
        '--supplier-city',
        'Bern',
        '--iban',
        'CH00 1234',
        '--amount',
        '10',
        '--bill-date',
        '2026-11-01',
        '--account',
        '4400',
      ],
      { company: c },
    );
    expect(bad.code).toBe(3);
    expect(bad.stderr).toMatch(/--iban: The iban is not a valid IBAN/);
    // without a receipt: the bill as the service stored it
    const plain = await acct(
      [
        'bills',
        'create',
        '--supplier-name',
        'Ohne Beleg AG',
        '--supplier-zip',
        '8000',
        '--supplier-city',
        'Bern',
        '--iban',
        'CH93 0076 2011 6238 5295 7',
        '--amount',
        '10',
        '--bill-date',
        '2026-11-01',
        '--account',
        '4400',
        '--json',
      ],
      { company: c },
    );
    expect(plain.code, plain.stderr).toBe(0);
    const stored = JSON.parse(plain.stdout);
    expect(stored).toMatchObject({ supplier_name: 'Ohne Beleg AG', amount: 10, status: 'open', file: null });
    expect(stored).toEqual(await status(c, stored.id));
  });
});

describe('acct bills pay', () => {
  test('a valid pain.001 of QRR, SCOR, plain bills, CHF and EUR, two accounts, two dates; schedules them', async () => {
    const c = payingCompany('Zahler');
    const second = await seed(svc, 'accounts', { number: 1030, name: 'Zweitbank', type: 'bank', iban: SECOND_IBAN }, c);
    const a = await bill(c);
    const b = await bill(c, {
      iban: DEBTOR_IBAN,
      reference_type: 'SCOR',
      reference: SCOR,
      message: 'Flyer',
      currency: 'EUR',
      amount: 500,
      amount_chf: 470.5,
      due_date: '2026-12-03',
    });
    const d = await bill(c, {
      iban: SECOND_IBAN,
      reference_type: 'NON',
      reference: null,
      message: 'Rechnung 77 & <Söhne>',
      amount: 12.05,
      bank_account_id: second.id,
      due_date: '2026-12-10',
    });
    const later = await bill(c, { due_date: '2027-01-31' });
    const out = join(files, 'zahlungen.xml');
    const r = await acct(['bills', 'pay', '--due-before', '2026-12-31', '--out', out, '--json'], { company: c });
    expect(r.code, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary).toMatchObject({ file: out, payments: 3, totals: { CHF: 120.15, EUR: 500 } });
    expect(r.stderr).toContain(`message id ${summary.message_id}`);

    const xml = readFileSync(out, 'utf8');
    expect(check(xml)).toEqual([]);
    expect(xml).toContain(`<MsgId>${summary.message_id}</MsgId>`);
    expect(xml.match(/<PmtInf>/g)).toHaveLength(3);
    expect(xml).toMatch(/<GrpHdr>[\s\S]*<NbOfTxs>3<\/NbOfTxs>\s*<CtrlSum>620.15<\/CtrlSum>/);
    expect(xml).toMatch(
      new RegExp(
        /<Dt>2026-12-10<\/Dt>[\s\S]*<IBAN>CH5604835012345678009<\/IBAN>[\s\S]*/.source +
          /<InstdAmt Ccy="CHF">12.05<\/InstdAmt>[\s\S]*<Ustrd>Rechnung 77 &amp; &lt;Söhne&gt;<\/Ustrd>/.source,
      ),
    );
    expect(xml).toContain(`<Ref>${QRR}</Ref>`);
    expect(xml).toContain('<Cd>SCOR</Cd>');
    expect(xml).toMatch(/<Dbtr>\s*<Nm>Zahler AG<\/Nm>\s*<PstlAdr>\s*<StrtNm>Bahnhofstrasse<\/StrtNm>/);
    for (const x of [a, b, d])
      expect(await status(c, x.id)).toMatchObject({ status: 'scheduled', payment_message_id: summary.message_id });
    expect((await status(c, later.id)).status).toBe('open');

    // again: the file exists (exit 6) — and with --force, nothing is open any more but the later one
    const again = await acct(['bills', 'pay', String(later.number), '--out', out], { company: c });
    expect(again.code).toBe(6);
    expect(again.stderr).toMatch(/exists; --force overwrites it/);
    expect((await status(c, later.id)).status).toBe('open');
    const forced = await acct(
      [
        'bills',
        'pay',
        String(later.number),
        '--execute-on',
        '2026-12-24',
        '--from-account',
        '1030',
        '--out',
        out,
        '--force',
      ],
      { company: c },
    );
    expect(forced.code, forced.stderr).toBe(0);
    const second_ = readFileSync(out, 'utf8');
    expect(check(second_)).toEqual([]);
    expect(second_).toMatch(/<Dt>2026-12-24<\/Dt>[\s\S]*<IBAN>CH5604835012345678009<\/IBAN>/);
    expect(second_).not.toContain(summary.message_id);
  });

  test('--dry-run lists the payments and writes nothing', async () => {
    const c = payingCompany('Probelauf');
    const a = await bill(c);
    const before = outDir();
    const r = await acct(['bills', 'pay', '--dry-run', '-o', 'tsv'], { company: c });
    expect(r.code, r.stderr).toBe(0);
    expect(tsv(r.stdout)).toEqual([
      ['bill', 'creditor', 'iban', 'amount', 'reference', 'execution_date', 'from_account'],
      ['K-2026-001', 'Muster Druck AG', 'CH4431999123000889012', '108.1', QRR, '2026-12-01', '1020'],
    ]);
    expect(r.stderr).toMatch(/Dry run: 1 payment, CHF 108.10; nothing written/);
    expect(outDir()).toEqual(before);
    expect((await status(c, a.id)).status).toBe('open');
    expect((await acct(['bills', 'pay', '--dry-run', '--out', join(files, 'x.xml')], { company: c })).code).toBe(2);
    const noOut = await acct(['bills', 'pay'], { company: c });
    expect(noOut.code).toBe(2);
    expect(noOut.stderr).toMatch(/missing --out FILE/);
    expect((await status(c, a.id)).status).toBe('open');
  });

  test('refuses before writing: no amount, bad IBAN, account without IBAN, nothing to pay, bill not open', async () => {
    const refusal = async (company: number, args: string[], code: number, message: RegExp) => {
      const out = join(files, `refused-${company}.xml`);
      const r = await acct(['bills', 'pay', ...args, '--out', out], { company });
      expect(r.code, r.stderr).toBe(code);
      expect(r.stderr).toMatch(message);
      expect(existsSync(out)).toBe(false);
      expect(readdirSync(files).filter((f) => f.includes('.partial-'))).toEqual([]);
    };
    const c = payingCompany('Verweigert');
    const ok = await bill(c);
    const noAmount = await bill(c);
    const badIban = await bill(c);
    // what a service of another hand (or a later change) may hold: the CLI checks it itself
    run(svc.server.db, 'UPDATE bills SET amount = 0 WHERE id = ?', noAmount.id);
    run(svc.server.db, "UPDATE bills SET iban = 'CH0000000000000000000' WHERE id = ?", badIban.id);
    await refusal(
      c,
      [],
      3,
      /K-2026-002: no amount to pay[\s\S]*K-2026-003: the creditor IBAN "CH0000000000000000000" is not a valid IBAN/,
    );
    for (const x of [ok, noAmount, badIban])
      expect(await status(c, x.id)).toMatchObject({ status: 'open', payment_message_id: null });

    const noIban = payingCompany('Ohne IBAN', null);
    const n = await bill(noIban);
    await refusal(noIban, [], 3, /the bank account 1020 Bankguthaben has no IBAN/);
    expect((await status(noIban, n.id)).status).toBe('open');

    const empty = payingCompany('Nichts offen');
    await refusal(empty, [], 5, /no open bills to pay/);
    await bill(empty, { due_date: '2027-02-01' });
    await refusal(empty, ['--due-before', '2027-01-31'], 5, /no open bills to pay due on or before 2027-01-31/);

    const scheduled = payingCompany('Geplant');
    const s1 = await bill(scheduled);
    const s2 = await bill(scheduled);
    await svc.call('POST', `/companies/${scheduled}/bills/${s2.id}/mark-as/scheduled`, {
      payment_message_id: 'EARLIER',
    });
    await refusal(scheduled, ['K-2026-001', 'K-2026-002'], 6, /only open bills are paid: K-2026-002 is scheduled/);
    expect(await status(scheduled, s1.id)).toMatchObject({ status: 'open', payment_message_id: null });
    await refusal(scheduled, ['K-2026-001', '--due-before', '2026-12-31'], 2, /give it or the bills, not both/);
  });

  test('an existing --out is kept without --force, before any request', async () => {
    const c = payingCompany('Vorhanden');
    const a = await bill(c);
    const out = join(files, 'vorhanden.xml');
    writeFileSync(out, 'alt');
    const r = await acct(['bills', 'pay', '--out', out], { company: c });
    expect(r.code).toBe(6);
    expect(readFileSync(out, 'utf8')).toBe('alt');
    expect((await status(c, a.id)).status).toBe('open');
  });
});
