// `acct import …` against the service, issue 22: an import a bookkeeper can trust. The bank account
// question (exit 2 listing the accounts, nothing uploaded), the texts of foreign amounts and code-only
// lines, the learned rule shown in list, dry-run and review, update of several entries, the statement
// that does not add up, and reconcile (agrees: exit 0; differs: exit 8 with the open entries).
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { addCompany } from '../../src/server/main.js';
import { useCliAgainstService } from '../helpers/cli-suite.js';
import { acctEnv, inTerminal, plain } from '../helpers/cli.js';
import { accountId } from '../helpers/service.js';
import { camt053, camt054 } from '../helpers/import-entries.js';
import { seed, testFiles, tsv } from './support.js';

const CAMT = resolve(import.meta.dirname, '../fixtures/camt');
const STATEMENT = join(CAMT, 'postfinance-camt053-v04-statement.xml'); // IBAN CH0309000000250090342
const QRR = join(CAMT, 'postfinance-camt054-v04-qrr.xml'); // IBAN CH2909000000250094239
const COLLECTIVE = join(CAMT, 'camt054-v04-collective.xml'); // an IBAN that fails its check: none

const cli = useCliAgainstService();
const { svc, acct } = cli;
let files: string;

async function entries(company: number): Promise<any[]> {
  const r = await svc.call('GET', `/companies/${company}/entries/import?limit=all`);
  expect(r.status).toBe(200);
  return (r.body.data as any[]).sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
}

/** A file of the given content in the test's folder; answers its path. */
function file(name: string, content: string): string {
  const path = join(files, name);
  writeFileSync(path, content);
  return path;
}

beforeAll(() => {
  files = testFiles(cli.box, {});
});

describe('the bank account, or a clear question', () => {
  test("no account with the statement's IBAN: exit 2 listing them, none sent; --bank-account answers it", async () => {
    const company = addCompany(svc.server.db, 'Frage AG', 1);
    // the collective file (no valid IBAN) would fit; the statement after it asks: neither is uploaded
    const r = await acct(['import', 'upload-camt', COLLECTIVE, STATEMENT], { company });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `acct: ${STATEMENT}: no bank account has the statement's IBAN CH03 0900 0000 2500 9034 2; ` +
        'choose its account with --bank-account (one without IBAN then gets it); nothing was uploaded. ' +
        'The bank accounts:\n  1000 Kasse\n  1010 Postkonto\n  1020 Bankguthaben\n',
    );
    expect(await entries(company)).toEqual([]);

    const answered = await acct(['import', 'upload-camt', STATEMENT, '--bank-account', '1020'], { company });
    expect(answered.code, answered.stderr).toBe(0);
    expect(answered.stderr).toContain("1020 Bankguthaben now has the statement's IBAN CH03 0900 0000 2500 9034 2");
    // the next statement of that IBAN finds 1020 on its own; one of another IBAN is never put on 1020
    expect((await acct(['import', 'upload-camt', STATEMENT], { company })).code).toBe(0);
    const other = await acct(['import', 'upload-camt', QRR, '--bank-account', '1020'], { company });
    expect(other.code).toBe(2);
    expect(other.stderr).toContain(
      `acct: ${QRR}: 1020 Bankguthaben has another IBAN (CH03 0900 0000 2500 9034 2) ` +
        'than the statement (CH29 0900 0000 2500 9423 9); ' +
        'choose its account with --bank-account; nothing was uploaded. The bank accounts:\n' +
        '  1000 Kasse\n  1010 Postkonto\n  1020 Bankguthaben  CH03 0900 0000 2500 9034 2\n',
    );
    expect((await acct(['import', 'upload-camt', QRR, '--bank-account', '1010'], { company })).code).toBe(0);
    expect(new Set((await entries(company)).map((e) => e.bank_account.number))).toEqual(new Set([1010, 1020]));
  });
});

describe('every line with a text', () => {
  test('an amount paid in another currency, a line with only a bank transaction code; pending counted', async () => {
    const company = addCompany(svc.server.db, 'Texte AG', 1);
    const path = file(
      'texte.xml',
      camt054(null, [
        {
          amount: '19.85',
          direction: 'DBIT',
          ref: 'X-EUR',
          name: 'Amazon EU',
          instructed: { amount: '20.97', currency: 'EUR' },
        },
        { amount: '4.50', direction: 'DBIT', ref: 'X-FEE', code: 'ACMT/MDOP/CHRG' },
        { amount: '99.00', ref: 'X-PDNG', status: 'PDNG', name: 'Später AG' },
      ]),
    );
    const r = await acct(['import', 'upload-camt', path], { company });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`${path}: 1 pending transaction not imported (not booked by the bank yet)`);
    const rows = tsv((await acct(['import', 'list', '--fields', 'amount,description'], { company })).stdout);
    expect(rows.slice(1).sort()).toEqual([
      ['-19.85', 'Amazon EU / EUR 20.97'],
      ['-4.5', 'Bankspesen'],
    ]);
  });
});

describe('learned rules, shown as such', () => {
  test('a rule of the other direction fills nothing; a rule-filled entry names it in list, get, dry run', async () => {
    const company = addCompany(svc.server.db, 'Regel AG', 1);
    expect(
      (
        await acct(
          [
            'import',
            'upload-camt',
            file(
              'r1.xml',
              camt054(null, [{ amount: '6.00', direction: 'DBIT', ref: 'R-1', name: 'Bernasconi Maria' }]),
            ),
          ],
          { company },
        )
      ).code,
    ).toBe(0);
    const [charge] = await entries(company);
    expect((await acct(['import', 'update', String(charge.id), '--account', '6940'], { company })).code).toBe(0);
    expect((await acct(['import', 'process'], { company })).code).toBe(0);

    const later = file(
      'r2.xml',
      camt054(null, [
        { amount: '913.93', ref: 'R-2', name: 'Bernasconi Maria', ustrd: 'Rückerstattung' },
        { amount: '7.50', direction: 'DBIT', ref: 'R-3', name: 'BERNASCONI MARIA' },
      ]),
    );
    const up = await acct(['import', 'upload-camt', later], { company });
    expect(tsv(up.stdout)[1]).toEqual([later, '2', '0', '0', '1']);
    const list = tsv(
      (await acct(['import', 'list', '--fields', 'amount,counter_account,is_ready,rule_label'], { company })).stdout,
    ).slice(1);
    expect(list.sort()).toEqual(
      [
        ['-7.5', '6940 Bankspesen', 'true', 'A-2026-001 (name Bernasconi Maria)'],
        ['913.93', '', 'false', ''],
      ].sort(),
    );
    const ready = (await entries(company)).find((e) => e.bank_reference === 'R-3');
    expect((await acct(['import', 'get', String(ready.id), '-o', 'table'], { company })).stdout).toMatch(
      /RULE\s+A-2026-001 \(name Bernasconi Maria\)/,
    );
    const dry = await acct(['import', 'process', '--dry-run'], { company });
    expect(dry.code, dry.stderr).toBe(0);
    expect(
      tsv(dry.stdout)
        .slice(1)
        .map((c) => [c[0], c[2], c[9]]),
    ).toEqual([[String(ready.id), '6940', 'A-2026-001 (name Bernasconi Maria)']]);
  });

  test('review shows the entries a rule made ready, with the rule, before it offers to process them', async () => {
    const company = addCompany(svc.server.db, 'Regel Review AG', 1);
    await acct(
      [
        'import',
        'upload-camt',
        file(
          'rv1.xml',
          camt054(null, [{ amount: '59.90', direction: 'DBIT', ref: 'V-1', name: 'Swisscom (Schweiz) AG' }]),
        ),
      ],
      { company },
    );
    const [first] = await entries(company);
    await acct(['import', 'update', String(first.id), '--account', '6570'], { company });
    await acct(['import', 'process'], { company });
    await acct(
      [
        'import',
        'upload-camt',
        file(
          'rv2.xml',
          camt054(null, [
            { amount: '64.90', direction: 'DBIT', ref: 'V-2', date: '2026-04-30', name: 'Swisscom (Schweiz) AG' },
          ]),
        ),
      ],
      { company },
    );
    const [next] = await entries(company);
    const run = await inTerminal(
      cli.box,
      ['import', 'review'],
      [{ when: 'Process the 1 ready entry now', keys: 'n\r' }],
      {
        ...acctEnv(svc, { company }),
        NO_COLOR: '1',
      },
    );
    const out = plain(run.output);
    expect(run.code, out).toBe(0);
    expect(out).toContain('Nothing to review');
    expect(out).toContain('Ready by a learned rule (1; acct import update ID --account … changes one):');
    expect(out).toContain(
      `  ${next.id}  30.04.2026  -64.90  Swisscom (Schweiz) AG → 6570 Informatikaufwand, rule from A-2026-001 ` +
        `(name Swisscom (Schweiz) AG)`,
    );
    expect(out.indexOf('Ready by a learned rule')).toBeLessThan(out.indexOf('Process the 1 ready entry now'));
  });

  test('update takes several ids: the same change for each, all or none; an unknown one is exit 5', async () => {
    const company = addCompany(svc.server.db, 'Mehrere AG', 1);
    await acct(
      [
        'import',
        'upload-camt',
        file(
          'm.xml',
          camt054(null, [
            { amount: '1.00', ref: 'M-1' },
            { amount: '2.00', ref: 'M-2' },
            { amount: '3.00', ref: 'M-3' },
          ]),
        ),
      ],
      { company },
    );
    const ids = (await entries(company)).map((e) => String(e.id));
    const missing = await acct(['import', 'update', ids[0], '99999', '--account', '3400'], { company });
    expect(missing.code).toBe(5);
    expect((await entries(company)).every((e) => e.other_account_id === null)).toBe(true);
    const r = await acct(['import', 'update', ...ids.slice(0, 2), '--account', '3400'], { company });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Changed 2 entries.');
    expect((await entries(company)).map((e) => e.other_account?.number ?? null)).toEqual([3400, 3400, null]);
  });
});

describe('reconcile', () => {
  const IBAN = 'CH9300762011623852957';
  const MARCH = () =>
    camt053(
      IBAN,
      [
        { type: 'OPBD', amount: '500.00', date: '2026-02-28' },
        { type: 'CLBD', amount: '1250.00', date: '2026-03-31' },
      ],
      [
        { amount: '1000.00', ref: 'C-1', date: '2026-03-10', name: 'Muster AG' },
        { amount: '250.00', direction: 'DBIT', ref: 'C-2', date: '2026-03-20', name: 'Immo AG' },
      ],
      { id: 'ST-03' },
    );

  test('differs: both balances, the difference, the open entries explaining it, exit 8; booked: exit 0', async () => {
    const company = addCompany(svc.server.db, 'Abgleich AG', 1);
    expect((await acct(['import', 'reconcile'], { company })).code).toBe(5);
    await seed(
      svc,
      'entries',
      {
        date: '2026-02-28',
        debit_account_id: accountId(svc, company, 1020),
        credit_account_id: accountId(svc, company, 2800),
        sum: 500,
        description: 'Saldovortrag',
      },
      company,
    );
    const up = await acct(['import', 'upload-camt', file('maerz.xml', MARCH()), '--bank-account', '1020'], { company });
    expect(up.code, up.stderr).toBe(0);
    expect(up.stderr).toContain("closing balance CHF 1'250.00 on 31.03.2026 (CH9300762011623852957)");
    expect(up.stderr).toContain(
      'in the books CHF 500.00 on 31.03.2026, difference CHF 750.00 (process the entries, then acct import reconcile)',
    );

    const differs = await acct(['import', 'reconcile'], { company });
    expect(differs.code).toBe(8);
    expect(tsv(differs.stdout)).toEqual([
      ['account', 'statement.closing_date', 'date', 'bank_balance', 'book_balance', 'difference', 'result'],
      ['1020 Bankguthaben', '2026-03-31', '2026-03-31', '1250', '500', '750', 'differs by 750.00'],
    ]);
    const [income, rent] = await entries(company);
    expect(differs.stderr).toBe(
      [
        '2 open import entries up to 31.03.2026, not in the books yet (750.00; acct import review, then process):',
        `  ${income.id}  10.03.2026  1'000.00  Muster AG`,
        `  ${rent.id}  20.03.2026  -250.00  Immo AG`,
        "acct: 1020 Bankguthaben: the books (500.00) differ from the bank's closing balance (1'250.00) by 750.00",
        '',
      ].join('\n'),
    );
    const figures = JSON.parse(
      (await acct(['import', 'reconcile', '--bank-account', '1020', '--date', '31.03.2026', '--json'], { company }))
        .stdout,
    );
    expect(figures).toMatchObject({
      account: '1020 Bankguthaben',
      bank_balance: 1250,
      book_balance: 500,
      difference: 750,
      agrees: false,
      open_sum: 750,
      unexplained: 0,
      result: 'differs by 750.00',
    });
    expect(figures.open_entries.map((e: any) => e.id)).toEqual([income.id, rent.id]);

    await acct(['import', 'update', String(income.id), '--account', '3400'], { company });
    await acct(['import', 'update', String(rent.id), '--account', '6000'], { company });
    expect((await acct(['import', 'process'], { company })).code).toBe(0);
    const agrees = await acct(['import', 'reconcile', '-o', 'table'], { company });
    expect(agrees.code, agrees.stderr).toBe(0);
    expect(agrees.stdout).toMatch(/BANK\s+1'250\.00\n/);
    expect(agrees.stdout).toMatch(/BOOKS\s+1'250\.00\n/);
    expect(agrees.stdout).toMatch(/RESULT\s+✓ agrees\n/);
    expect(agrees.stderr).toBe('');
  });

  test('a statement not adding up warns; several accounts with statements: exit 2; a date before all: 5', async () => {
    const company = addCompany(svc.server.db, 'Saldo Warnung AG', 1);
    const wrong = camt053(
      IBAN,
      [
        { type: 'OPBD', amount: '100.00', date: '2026-03-31' },
        { type: 'CLBD', amount: '180.00', date: '2026-04-30' },
      ],
      [{ amount: '50.00', ref: 'W-1', date: '2026-04-10' }],
      { id: 'ST-W' },
    );
    const path = file('falsch.xml', wrong);
    const r = await acct(['import', 'upload-camt', path, '--bank-account', '1020'], { company });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(
      `${path}: warning: the statement does not add up: opening CHF 100.00 + movements CHF 50.00 = CHF 150.00, ` +
        `not the closing CHF 180.00`,
    );
    expect(
      JSON.parse((await acct(['import', 'upload-camt', path, '--json'], { company })).stdout).statements,
    ).toMatchObject([{ adds_up: false, movements: 50 }]);
    await acct(
      [
        'import',
        'upload-camt',
        file('kasse.xml', camt053(null, [{ type: 'CLBD', amount: '0.00', date: '2026-04-30' }], [], { id: 'KASSE' })),
        '--bank-account',
        '1000',
      ],
      { company },
    );
    const ask = await acct(['import', 'reconcile'], { company });
    expect(ask.code).toBe(2);
    expect(ask.stderr).toBe(
      'acct: --bank-account: Kontoauszüge gibt es für mehrere Bankkonten; Bankkonto wählen (bank_account_id): ' +
        '1000 Kasse, 1020 Bankguthaben.\n',
    );
    expect((await acct(['import', 'reconcile', '--bank-account', '1000'], { company })).code).toBe(0);
    expect(
      (await acct(['import', 'reconcile', '--bank-account', '1020', '--date', '2026-04-29'], { company })).code,
    ).toBe(5);
    expect((await acct(['import', 'reconcile', '--date', 'gestern'], { company })).code).toBe(2);
  });
});
