// `acct tax-rates …` against the service: every verb, references by name and account number, the
// errors and their exit codes.
import { beforeAll, describe, expect, test } from 'vitest';
import { addCompany } from '../../src/server/main.js';
import { one, run, timestamp } from '../../src/server/store/db.js';
import { lines, tsv } from './support.js';
import { useCliAgainstService } from '../helpers/cli-suite.js';
import { accountId } from '../helpers/service.js';

const cli = useCliAgainstService();
const { acct } = cli;
/** company 1 keeps its seven default rates for the list and get tests; create, update and delete write here */
let writes: number;

const account = (number: number, company = 1) => accountId(cli.svc, company, number);
const rateByName = (name: string, company = writes) =>
  one(cli.svc.server.db, 'SELECT * FROM tax_rates WHERE company_id = ? AND name = ?', company, name);
const createRate = (body: Record<string, unknown>, company = writes) =>
  cli.svc.call('POST', `/companies/${company}/tax-rates`, body);

/** A booking that uses the rate (of the company `writes`). */
function book(taxRateId: number): void {
  const now = timestamp();
  run(
    cli.svc.server.db,
    `INSERT INTO entries (company_id, user_id, type, date, sum, debit_account_id, credit_account_id, tax_rate_id,
      created_at, updated_at)
    VALUES (?, 1, 'income', '2024-01-15', 10810, ?, ?, ?, ?, ?)`,
    writes,
    account(1020, writes),
    account(3400, writes),
    taxRateId,
    now,
    now,
  );
}

beforeAll(() => {
  writes = addCompany(cli.svc.server.db, 'Schreib AG', 1);
});

describe('acct tax-rates list', () => {
  test('piped: TSV of the default columns, the account as its number', async () => {
    const r = await acct(['tax-rates', 'list']);
    expect(r.code).toBe(0);
    const rows = tsv(r.stdout);
    expect(rows[0]).toEqual([
      'id',
      'name',
      'rate',
      'saldo_rate',
      'calculation_method',
      'account.account_number',
      'is_acquisition_tax',
      'field_number',
      'valid_from',
      'valid_until',
      'archived',
    ]);
    // the first page of the twenty seeded rates: today's, then those of 2018 to 2023
    expect(rows).toHaveLength(16);
    expect(rows[1]).toEqual(['1', 'MWST 8.1 %', '8.1', '', 'net', '2200', 'false', '303', '2024-01-01', '', 'false']);
    expect(rows[7]).toEqual([
      '7',
      'Bezugsteuer 8.1 %',
      '8.1',
      '',
      'gross',
      '2200',
      'true',
      '383',
      '2024-01-01',
      '',
      'false',
    ]);
    expect(rows[8]).toEqual([
      '8',
      'MWST 7.7 %',
      '7.7',
      '',
      'net',
      '2200',
      'false',
      '302',
      '2018-01-01',
      '2023-12-31',
      'false',
    ]);
  });

  test('--name filters, --sort orders (also written with a space before -rate)', async () => {
    const r = await acct([
      'tax-rates',
      'list',
      '--name',
      'vorsteuer investitionen',
      '--sort=-rate',
      '--fields',
      'name,rate',
    ]);
    expect(tsv(r.stdout)).toEqual([
      ['name', 'rate'],
      ['Vorsteuer Investitionen 8.1 %', '8.1'],
      ['Vorsteuer Investitionen 8.0 %', '8'],
      ['Vorsteuer Investitionen 7.7 %', '7.7'],
    ]);
    const spaced = await acct(['tax-rates', 'list', '--name', 'MWST', '--sort', '-rate', '--fields', 'rate']);
    expect(spaced.code).toBe(0);
    expect(
      tsv(spaced.stdout)
        .slice(1)
        .map((row) => row[0]),
    ).toEqual(['8.1', '8', '7.7', '3.8', '3.8', '3.7', '2.6', '2.5', '2.5']);
    const bad = await acct(['tax-rates', 'list', '--sort', 'account']);
    expect(bad.code).toBe(2);
  });

  test('--archived and --no-archived filter; -o json gives the API records', async () => {
    // a company of its own, so that company 1 keeps only its active default rates
    const company = addCompany(cli.svc.server.db, 'Archiv AG', 1);
    const created = await createRate(
      { name: 'MWST 7.6 %', rate: 7.6, account_id: account(2200, company), archived: true },
      company,
    );
    const archived = await acct(['tax-rates', 'list', '--archived', '-o', 'json'], { company });
    const records = JSON.parse(archived.stdout);
    expect(records).toEqual([
      {
        ...created.body,
        account: { id: account(2200, company), name: 'Geschuldete MWST', account_number: 2200 },
        acquisition_account: null,
      },
    ]);
    const active = await acct(['tax-rates', 'list', '--no-archived', '--fields', 'name'], { company });
    expect(tsv(active.stdout).flat()).not.toContain('MWST 7.6 %');
    expect(tsv(active.stdout)).toHaveLength(16);
  });

  test('a table on request', async () => {
    const r = await acct(['tax-rates', 'list', '--name', 'Bezug', '-o', 'table']);
    expect(lines(r.stdout)[0]).toMatch(
      /^ID\s+NAME\s+RATE\s+SALDO\s+METHOD\s+ACCOUNT\s+ACQUISITION\s+FIELD\s+FROM\s+UNTIL\s+ARCHIVED$/,
    );
    expect(lines(r.stdout)[1]).toMatch(
      /^ 7\s+Bezugsteuer 8\.1 %\s+8\.1\s+gross\s+2200\s+yes\s+383\s+01\.01\.2024\s+no$/,
    );
    expect(lines(r.stdout)[2]).toMatch(
      /^14\s+Bezugsteuer 7\.7 %\s+7\.7\s+gross\s+2200\s+yes\s+382\s+01\.01\.2018\s+31\.12\.2023\s+no$/,
    );
  });
});

describe('acct tax-rates get', () => {
  test('by exact name or id: the bare record with its accounts', async () => {
    const byName = await acct(['tax-rates', 'get', 'bezugsteuer 8.1 %', '--json']);
    expect(byName.code).toBe(0);
    const rec = JSON.parse(byName.stdout);
    expect(rec).toMatchObject({
      id: 7,
      rate: 8.1,
      is_acquisition_tax: true,
      account: { account_number: 2200 },
      acquisition_account: { account_number: 1170 },
    });
    const byId = await acct(['tax-rates', 'get', '7', '--json']);
    expect(JSON.parse(byId.stdout)).toEqual(rec);
  });

  test('an unknown name is a usage error (exit 2) naming similar rates', async () => {
    const r = await acct(['tax-rates', 'get', 'MWST']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no tax rate "MWST"/);
    expect(r.stderr).toMatch(/candidates: .*MWST 8\.1 %/);
  });

  test('an id of nothing is a 404 (exit 5)', async () => {
    expect((await acct(['tax-rates', 'get', '9999'])).code).toBe(5);
  });
});

describe('acct tax-rates create', () => {
  test('--account takes the account number', async () => {
    const r = await acct(
      [
        'tax-rates',
        'create',
        '--name',
        'MWST Sonder',
        '--rate',
        '5.5',
        '--account',
        '2200',
        '--field-number',
        '303',
        '--name-en',
        'VAT special',
        '--json',
      ],
      { company: writes },
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      name: 'MWST Sonder',
      rate: 5.5,
      account_id: account(2200, writes),
      field_number: 303,
      name_en: 'VAT special',
      calculation_method: 'net',
    });
  });

  test('create and update print the rate as get does: the account number filled in', async () => {
    const created = await acct(
      [
        'tax-rates',
        'create',
        '--name',
        'Mit Konto',
        '--rate',
        '2.6',
        '--account',
        '2200',
        '--fields',
        'name,account.account_number',
      ],
      { company: writes },
    );
    expect(created.stdout).toBe('name\taccount.account_number\nMit Konto\t2200\n');
    const updated = await acct(
      ['tax-rates', 'update', 'Mit Konto', '--rate', '2.5', '--fields', 'rate,account.account_number'],
      { company: writes },
    );
    expect(updated.stdout).toBe('rate\taccount.account_number\n2.5\t2200\n');
  });

  test('saldo rate and acquisition tax with its account by number', async () => {
    const saldo = await acct(
      [
        'tax-rates',
        'create',
        '--name',
        'Saldo 6.2 %',
        '--rate',
        '8.1',
        '--saldo-rate',
        '6.2',
        '--account',
        '2200',
        '--json',
      ],
      { company: writes },
    );
    expect(JSON.parse(saldo.stdout)).toMatchObject({ saldo_rate: 6.2, calculation_method: 'gross' });
    const bezug = await acct(
      [
        'tax-rates',
        'create',
        '--name',
        'Bezug Sonder',
        '--rate',
        '8.1',
        '--account',
        '2200',
        '--acquisition-tax',
        '--acquisition-account',
        '1170',
        '--json',
      ],
      { company: writes },
    );
    expect(JSON.parse(bezug.stdout)).toMatchObject({
      is_acquisition_tax: true,
      acquisition_account_id: account(1170, writes),
      calculation_method: 'gross',
    });
  });

  test('an unknown account number: exit 2 listing candidates, nothing sent', async () => {
    const r = await acct(['tax-rates', 'create', '--name', 'Nie', '--rate', '1', '--account', '2290'], {
      company: writes,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no account "2290" \(--account\)/);
    expect(r.stderr).toMatch(/candidates: .*2200 Geschuldete MWST/);
    expect(rateByName('Nie')).toBeUndefined();
  });

  test('an income account is refused by the service: exit 3 with the field', async () => {
    const r = await acct(['tax-rates', 'create', '--name', 'Falsch', '--rate', '1', '--account', '3400'], {
      company: writes,
    });
    expect(r.code).toBe(3);
    // under the flag typed, not the API's account_id
    expect(r.stderr).toBe('acct: --account: The account id must be an assets or liabilities account.\n');
  });

  test('a missing required flag without a terminal is a usage error', async () => {
    const r = await acct(['tax-rates', 'create', '--name', 'Ohne', '--account', '2200'], { company: writes });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/missing required --rate/);
    const bad = await acct(['tax-rates', 'create', '--name', 'Ohne', '--account', '2200', '--rate', 'acht'], {
      company: writes,
    });
    expect(bad.code).toBe(2);
  });
});

describe('acct tax-rates update', () => {
  test('by name: only the given flags change; --archived and --no-archived', async () => {
    await createRate({ name: 'Ändern', rate: 2.5, account_id: account(2200, writes) });
    const r = await acct(['tax-rates', 'update', 'Ändern', '--archived', '--name-on-documents', 'MWST', '--json'], {
      company: writes,
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      name: 'Ändern',
      rate: 2.5,
      archived: true,
      name_on_documents: 'MWST',
    });
    const back = await acct(['tax-rates', 'update', 'Ändern', '--no-archived', '--account', '2201', '--json'], {
      company: writes,
    });
    expect(JSON.parse(back.stdout)).toMatchObject({ archived: false, account_id: account(2201, writes) });
  });

  test('the rate of a booked tax rate cannot change: exit 3 with errors.rate', async () => {
    await createRate({ name: 'Gebucht', rate: 8.1, account_id: account(2200, writes) });
    book(Number(rateByName('Gebucht')!.id));
    const r = await acct(['tax-rates', 'update', 'Gebucht', '--rate', '7.7'], { company: writes });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^acct: --rate: /);
    expect((await acct(['tax-rates', 'update', 'Gebucht', '--field-number', '302'], { company: writes })).code).toBe(0);
  });

  test('nothing to change is a usage error', async () => {
    const r = await acct(['tax-rates', 'update', '1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/nothing to change/);
  });
});

describe('acct tax-rates delete', () => {
  test('asks for --yes without a terminal; deletes by name with it', async () => {
    await createRate({ name: 'Weg damit', rate: 1, account_id: account(2200, writes) });
    const refused = await acct(['tax-rates', 'delete', 'Weg damit'], { company: writes });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--yes/);
    const r = await acct(['tax-rates', 'delete', 'Weg damit', '--yes'], { company: writes });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/Deleted tax rate \d+/);
    expect(rateByName('Weg damit')).toBeUndefined();
  });

  test('a rate used in bookings: 409 → exit 6 with the message', async () => {
    await createRate({ name: 'In Gebrauch', rate: 8.1, account_id: account(2200, writes) });
    book(Number(rateByName('In Gebrauch')!.id));
    const r = await acct(['tax-rates', 'delete', 'In Gebrauch', '--yes'], { company: writes });
    expect(r.code).toBe(6);
    // one voice: the service addresses the bookkeeper formally, as the customer messages do
    expect(r.stderr).toBe(
      'acct: Der Steuersatz wird in Buchungen verwendet und kann nicht gelöscht werden. Bitte archivieren Sie ihn ' +
        'stattdessen.\n',
    );
  });
});

describe('acct tax-rates --help', () => {
  test('lists every verb with examples', async () => {
    const r = await cli.box.run(['tax-rates', '--help']);
    for (const verb of ['list', 'get', 'create', 'update', 'delete'])
      expect(r.stdout).toMatch(new RegExp(`\\$ acct tax-rates ${verb}( |$)`, 'm'));
    const create = await cli.box.run(['tax-rates', 'create', '--help']);
    expect(create.stdout).toMatch(/--account <value>/);
    expect(create.stdout).toMatch(/--acquisition-account <value>/);
    expect(create.stdout).toMatch(/\$ acct tax-rates create .*--acquisition-tax --acquisition-account 1170/);
  });
});
