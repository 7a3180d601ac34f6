// `acct report vat -o xml --out FILE` (issue 28): the eCH-0217 file from the very report `acct report vat`
// prints — its figures compared with the report's JSON — validated against the official schema; the
// company's VAT settings are required (exit 2 naming the command that sets them, no file); the method is
// the company's (a net tax rate company gets that method's report and its file); the submission type
// follows --correction and --annual-reconciliation.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { setCompany } from '../../src/server/main.js';
import { loadXsdValidator, type XsdCheck } from '../helpers/xsd.js';
import { useCliAgainstService } from '../helpers/cli-suite.js';
import { bookThroughCli, type CliBooking } from './support.js';

const cli = useCliAgainstService();
const { acct } = cli;
let check: XsdCheck;
let outDir: string;

const book = (rows: CliBooking[]) => bookThroughCli(acct, rows);
const values = (xml: string, name: string): string[] =>
  [...xml.matchAll(new RegExp(`<eCH-0217:${name}>([^<]*)</eCH-0217:${name}>`, 'g'))].map((m) => m[1]);
const reportJson = async (period: string) =>
  JSON.parse((await acct(['report', 'vat', '-p', period, '--json', '--fields', 'box,amount,tax,rate'])).stdout);
const boxOf = (json: { rows: Array<Record<string, string>> }, b: number, key: string) =>
  json.rows.find((r) => String(r.box) === String(b))?.[key];

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'acct-vat-file-'));
  check = await loadXsdValidator('ech-0217', 'eCH-0217-2-0-0.xsd');
  await book([
    ['2026-01-15', '1020', '3400', '10810.00', 'MWST 8.1 %'],
    ['2026-02-20', '4400', '1020', '3243.00', 'Vorsteuer 8.1 %'],
    ['2026-03-10', '4400', '1020', '1000.00', 'Bezugsteuer 8.1 %'],
  ]);
}, 60_000);

afterAll(async () => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('acct report vat -o xml', () => {
  test('without the VAT settings: exit 2 naming what is missing and the command, no file', async () => {
    const out = join(outDir, 'none.xml');
    const r = await acct(['report', 'vat', '-p', '2026Q1', '-o', 'xml', '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /no UID \(--vat-number, vat_number\); no VAT method \(--vat-method, vat_method\); no reporting period/,
    );
    expect(r.stderr).toMatch(/acct server companies set/);
    expect(existsSync(out)).toBe(false);
    expect((await acct(['report', 'vat', '-p', '2026Q1', '--correction'])).stderr).toMatch(
      /--correction goes with -o xml/,
    );
  });

  test("an effective-method quarter: the file validates and carries the report's figures", async () => {
    setCompany(cli.svc.server.db, 1, {
      vatNumber: 'CHE-123.456.788',
      vatMethod: 'effective',
      vatPeriod: 'quarterly',
      vatBasis: 'agreed',
    });
    const out = join(outDir, 'mwst-2026-q1.xml');
    const r = await acct(['report', 'vat', '-p', '2026Q1', '-o', 'xml', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`Wrote the eCH-0217 VAT return to ${out}`);
    const xml = readFileSync(out, 'utf8');
    expect(check(xml)).toEqual([]);
    const json = await reportJson('2026Q1');
    expect(values(xml, 'uid')).toEqual(['CHE123456788']);
    expect(values(xml, 'organisationName')).toEqual(['Demo AG']);
    expect(values(xml, 'totalConsideration')).toEqual([boxOf(json, 200, 'amount')]);
    expect(values(xml, 'turnover')).toEqual([boxOf(json, 303, 'amount'), boxOf(json, 383, 'amount')]);
    expect(values(xml, 'inputTaxMaterialAndServices')).toEqual([boxOf(json, 400, 'tax')]);
    expect(values(xml, 'payableTax')).toEqual([boxOf(json, 500, 'tax')]);
    expect(values(xml, 'payableTax')).toEqual(['567.00']); // 810 + 81 − (243 + 81)
    expect(values(xml, 'businessReferenceId')).toEqual(['acct-CHE123456788-2026-01-01-2026-03-31-1']);
    // a correction to stdout
    const c = await acct(['report', 'vat', '-p', '2026Q1', '-o', 'xml', '--correction']);
    expect(values(c.stdout, 'typeOfSubmission')).toEqual(['2']);
    expect(check(c.stdout)).toEqual([]);
    // the file is not replaced without --force
    expect((await acct(['report', 'vat', '-p', '2026Q1', '-o', 'xml', '--out', out])).code).toBe(6);
  });

  test('a net tax rate company: its report, and a 2025 file with activity codes', async () => {
    for (const [name, saldo] of [
      ['Saldo 6.2 %', '6.2'],
      ['Saldo 0.6 %', '0.6'],
    ]) {
      const r = await acct([
        'tax-rates',
        'create',
        '--name',
        name,
        '--rate',
        '8.1',
        '--saldo-rate',
        saldo,
        '--account',
        '2200',
      ]);
      expect(r.code, r.stderr).toBe(0);
    }
    await book([
      ['2025-02-10', '1020', '3400', '10810.00', 'Saldo 6.2 %'],
      ['2025-03-01', '1020', '3400', '2500.00', 'Saldo 0.6 %'],
    ]);
    setCompany(cli.svc.server.db, 1, {
      vatMethod: 'net_tax_rate',
      vatPeriod: 'semi_annual',
      vatBasis: 'received',
      vatNetTaxRates: '6.2,0.6',
    });
    const missing = await acct(['report', 'vat', '-p', '2025-01..2025-06', '-o', 'xml']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no activity code for 6.2 % and 0.6 %/);
    setCompany(cli.svc.server.db, 1, { vatNetTaxRates: '6.2:12345,0.6:54321' });
    // acct companies get shows what the file is filed with
    const shown = await acct([
      'companies',
      'get',
      '--fields',
      'vat_number,vat_method,vat_basis,vat_period,vat_net_tax_rates',
    ]);
    expect(shown.stdout).toBe(
      'vat_number\tvat_method\tvat_basis\tvat_period\tvat_net_tax_rates\n' +
        'CHE-123.456.788\tnet_tax_rate\treceived\tsemi_annual\t6.2:12345, 0.6:54321\n',
    );
    expect(JSON.parse((await acct(['companies', 'get', '--json'])).stdout).vat_net_tax_rates).toEqual([
      { rate: 6.2, activity_code: '12345' },
      { rate: 0.6, activity_code: '54321' },
    ]);
    const json = await reportJson('2025-01..2025-06');
    expect(json.title).toBe('VAT return 2025-01-01 to 2025-06-30 (net tax rate method)');
    expect([boxOf(json, 323, 'amount'), boxOf(json, 323, 'tax'), boxOf(json, 323, 'rate')]).toEqual([
      '10810.00',
      '670.22',
      '6.2',
    ]);
    const r = await acct(['report', 'vat', '-p', '2025-01..2025-06', '-o', 'xml']);
    expect(r.code, r.stderr).toBe(0);
    expect(check(r.stdout)).toEqual([]);
    expect(r.stdout).toContain('<eCH-0217:simpleTaxRateMethod>');
    expect(values(r.stdout, 'activityID')).toEqual(['12345', '54321']);
    expect(values(r.stdout, 'formOfReporting')).toEqual(['2']);
    expect(values(r.stdout, 'payableTax')).toEqual([boxOf(json, 500, 'tax')]);
    expect(values(r.stdout, 'payableTax')).toEqual(['685.22']); // 670.22 + 15.00
  });
});
