// `acct import …` with supplier bills (issue 25, "the statement closes the loop"): a debit of the uploaded
// statement that pays an open bill says "pays bill K-2026-001" in list, process --dry-run and review,
// and process marks the bill paid.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { makeQrr } from '../../src/domain/qr-reference.js';
import { addCompany } from '../../src/server/main.js';
import { useCliAgainstService } from '../helpers/cli-suite.js';
import { acctEnv, inTerminal, plain } from '../helpers/cli.js';
import { accountId, taxRateId } from '../helpers/service.js';
import { QR_IBAN, camt054 } from '../helpers/import-entries.js';
import { testFiles, tsv } from './support.js';

const QRR = makeQrr(7, 4711);

const cli = useCliAgainstService();
const { svc, acct } = cli;
let files: string;

beforeAll(() => {
  files = testFiles(cli.box, {});
});

/** A company with one open QR-bill of 108.10 (K-2026-001) and a statement file with its payment; answers both. */
async function billAndStatement(name: string): Promise<{ company: number; bill: any; path: string }> {
  const company = addCompany(svc.server.db, name, 1);
  const res = await svc.call('POST', `/companies/${company}/bills`, {
    supplier_name: 'Muster Druck AG',
    supplier_zip: '8000',
    supplier_city: 'Zürich',
    iban: QR_IBAN,
    reference_type: 'QRR',
    reference: QRR,
    amount: 108.1,
    bill_date: '2026-03-01',
    due_date: '2026-03-31',
    expense_account_id: accountId(svc, company, 4400),
    tax_rate_id: taxRateId(svc, company, 'Vorsteuer 8.1 %'),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const path = join(files, `${company}.xml`);
  writeFileSync(
    path,
    camt054(null, [
      {
        amount: '108.10',
        direction: 'DBIT',
        date: '2026-03-25',
        ref: 'B-1',
        name: 'Muster Druck AG',
        iban: QR_IBAN,
        qrr: QRR,
      },
      { amount: '12.00', direction: 'DBIT', date: '2026-03-26', ref: 'B-2', name: 'Bäckerei' },
    ]),
  );
  return { company, bill: res.body.data, path };
}

describe('a debit that pays a supplier bill', () => {
  test('list and process --dry-run say "pays bill K-2026-001"; process marks the bill paid', async () => {
    const { company, bill, path } = await billAndStatement('Kreditoren Liste AG');
    const up = await acct(['import', 'upload-camt', path], { company });
    expect(up.code, up.stderr).toBe(0);
    expect(tsv(up.stdout)[1]).toEqual([path, '2', '0', '1', '0']);

    const list = tsv(
      (await acct(['import', 'list', '--fields', 'amount,counter_account,is_ready,bill_label'], { company })).stdout,
    );
    expect(list[0]).toEqual(['amount', 'counter_account', 'is_ready', 'bill_label']);
    expect(list.slice(1).sort()).toEqual(
      [
        ['-108.1', '4400 Aufwand für bezogene Dienstleistungen', 'true', 'pays bill K-2026-001'],
        ['-12', '', 'false', ''],
      ].sort(),
    );
    const table = await acct(['import', 'list', '-o', 'table'], { company });
    expect(table.stdout).toMatch(/BILL/);
    expect(table.stdout).toContain('pays bill K-2026-001');

    const dry = await acct(['import', 'process', '--dry-run'], { company });
    expect(dry.code, dry.stderr).toBe(0);
    const rows = tsv(dry.stdout);
    const billColumn = rows[0].indexOf('bill_label');
    expect(rows.slice(1).map((r) => [r[2], r[3], r[4], r[billColumn]])).toEqual([
      ['4400', '1020', '108.1', 'pays bill K-2026-001'],
    ]);

    const done = await acct(['import', 'process'], { company });
    expect(done.code, done.stderr).toBe(0);
    const paid = await svc.call('GET', `/companies/${company}/bills/${bill.id}`);
    expect(paid.body.data).toMatchObject({ status: 'paid', paid_at: '2026-03-25' });
  });

  test('review shows the bill an entry pays before it offers to process', async () => {
    const { company, path } = await billAndStatement('Kreditoren Review AG');
    expect((await acct(['import', 'upload-camt', path], { company })).code).toBe(0);
    const entries = (await svc.call('GET', `/companies/${company}/entries/import?limit=all`)).body.data as any[];
    const paying = entries.find((e) => e.bank_reference === 'B-1');
    const run = await inTerminal(
      cli.box,
      ['import', 'review'],
      [
        { when: '[1/1] Counter account', keys: '' },
        { when: '❯ skip', keys: '\r' },
        { when: 'Process the 1 ready entry now', keys: 'n\r' },
      ],
      { ...acctEnv(svc, { company }), NO_COLOR: '1' },
    );
    const out = plain(run.output);
    expect(run.code, out).toBe(0);
    expect(out).toContain('Ready as payments of supplier bills (1; acct import reset ID unlinks one):');
    expect(out).toContain(`  ${paying.id}  25.03.2026  -108.10  Muster Druck AG → pays bill K-2026-001`);
    expect(out.indexOf('pays bill K-2026-001')).toBeLessThan(out.indexOf('Process the 1 ready entry now'));
  });
});
