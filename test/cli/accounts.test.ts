// `acct accounts …` against the service: accounts by number, the grouped balance table, raw rows in
// TSV and JSON, create/update/delete with their errors, and reset.
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { addCompany } from '../../src/server/main.js';
import { run, timestamp } from '../../src/server/store/db.js';
import { lines, tsv } from './support.js';
import { useCliAgainstService } from '../helpers/cli-suite.js';
import { accountId, taxRateId } from '../helpers/service.js';

const cli = useCliAgainstService();
const { acct } = cli;
let booked: number;
let clean: number;

function book(company: number, date: string, sum: number, debit: number, credit: number, taxRate?: string): void {
  const now = timestamp();
  run(
    cli.svc.server.db,
    `INSERT INTO entries (company_id, user_id, type, date, sum, debit_account_id, credit_account_id, tax_rate_id,
      created_at, updated_at)
    VALUES (?, 1, 'swap', ?, ?, ?, ?, ?, ?, ?)`,
    company,
    date,
    sum,
    accountId(cli.svc, company, debit),
    accountId(cli.svc, company, credit),
    taxRate ? taxRateId(cli.svc, company, taxRate) : null,
    now,
    now,
  );
}

/** Cells of a table line (split on runs of two or more blanks). */
const cells = (line: string) => line.trim().split(/\s{2,}/);

beforeAll(() => {
  booked = addCompany(cli.svc.server.db, 'Gebucht AG', 1);
  clean = addCompany(cli.svc.server.db, 'Leer AG', 1);
  book(booked, '2023-11-30', 50000, 1020, 3400); // carried forward 500.00
  book(booked, '2024-03-10', 108100, 1020, 3400, 'MWST 8.1 %'); // 3400 1000.00, 2200 81.00
  book(booked, '2024-04-05', 10000, 6500, 1020, 'Vorsteuer 8.1 %'); // 6500 92.51, 1170 7.49
  book(booked, '2024-05-20', 250000, 1510, 1010); // furniture paid from the postal account
});

describe('acct accounts list', () => {
  test('piped: TSV rows ordered by number, without balance columns', async () => {
    const r = await acct(['accounts', 'list']);
    expect(r.code).toBe(0);
    const rows = tsv(r.stdout);
    expect(rows[0]).toEqual(['number', 'name', 'type', 'currency', 'iban', 'is_primary_bank_account']);
    expect(rows).toHaveLength(68);
    expect(rows[3]).toEqual(['1020', 'Bankguthaben', 'bank', 'CHF', '', 'true']);
  });

  test('--type bank -o json is exactly the API array', async () => {
    const r = await acct(['accounts', 'list', '--type', 'bank', '-o', 'json']);
    expect(JSON.parse(r.stdout)).toEqual((await cli.svc.call('GET', '/companies/1/accounts?type=bank')).body);
    expect(JSON.parse(r.stdout).map((a: any) => a.number)).toEqual([1000, 1010, 1020]);
  });

  test('--from/--to on a table: balances grouped by type with a subtotal per type', async () => {
    const r = await acct(
      ['accounts', 'list', '--type', 'assets', '--from', '2024-01-01', '--to', '2024-12-31', '-o', 'table'],
      { company: booked },
    );
    expect(r.code).toBe(0);
    const out = lines(r.stdout);
    expect(cells(out[0])).toEqual(['NUMBER', 'NAME', 'TYPE', 'CURRENCY', 'IBAN', 'PRIMARY', 'BALANCE']);
    const row = (label: string) => cells(out.find((l) => l.includes(label))!);
    expect(row('Bankguthaben')).toEqual(['1020', 'Bankguthaben', 'bank', 'CHF', 'yes', "1'481.00"]);
    expect(row('Postkonto')).toEqual(['1010', 'Postkonto', 'bank', 'CHF', 'no', "-2'500.00"]);
    expect(row('Total bank')).toEqual(['Total bank', "-1'019.00"]);
    expect(row('Total assets')).toEqual(['Total assets', '7.49']);
    expect(row('Total deprecations')).toEqual(['Total deprecations', "2'500.00"]);
    // groups in balance sheet order, each closed by its total, blank lines between them
    const order = out.filter((l) => /Total/.test(l)).map((l) => cells(l)[0]);
    expect(order).toEqual(['Total bank', 'Total assets', 'Total deprecations']);
    expect(r.stdout).toMatch(/Total bank\s+-1'019\.00\n\n/);
    // the balance column is right-aligned money
    expect(out.find((l) => l.includes('Mobiliar'))).toMatch(/2'500\.00$/);
  });

  test('--type liabilities adds the computed rows inside the liabilities total', async () => {
    const r = await acct(
      ['accounts', 'list', '--type', 'liabilities', '--from', '2024-01-01', '--to', '2024-12-31', '-o', 'table'],
      { company: booked },
    );
    const out = lines(r.stdout);
    const row = (label: string) => cells(out.find((l) => l.includes(label))!);
    expect(row('Geschuldete MWST')).toEqual(['2200', 'Geschuldete MWST', 'liabilities', 'CHF', 'no', '81.00']);
    expect(row('Vorperioden')).toEqual(['Nicht verbuchter Gewinn/Verlust aus Vorperioden', '500.00']);
    expect(row('der Periode')).toEqual(['Gewinn/Verlust der Periode', '907.49']);
    // 81.00 + 500.00 + 907.49 = total assets (1'481.00 − 2'500 + 7.49 + 2'500)
    expect(row('Total liabilities')).toEqual(['Total liabilities', "1'488.49"]);
    expect(out.at(-1)).toMatch(/^\s*Total liabilities/);
  });

  test('TSV and JSON with a period stay the raw API rows', async () => {
    const r = await acct(['accounts', 'list', '--type', 'liabilities', '--from', '2024-01-01', '--to', '2024-12-31'], {
      company: booked,
    });
    const rows = tsv(r.stdout);
    expect(rows[0]).toEqual(['number', 'name', 'type', 'currency', 'iban', 'is_primary_bank_account', 'balance']);
    expect(rows).toHaveLength(1 + 17 + 2);
    expect(rows.find((c) => c[0] === '2200')![6]).toBe('81');
    expect(rows.at(-1)).toEqual(['', 'Gewinn/Verlust der Periode', '', '', '', '', '907.49']);
    expect(r.stdout).not.toMatch(/Total/);
    const json = await acct(
      ['accounts', 'list', '--type', 'liabilities', '--from', '2024-01-01', '--to', '2024-12-31', '--json'],
      { company: booked },
    );
    expect(JSON.parse(json.stdout)).toEqual(
      (await cli.svc.call('GET', `/companies/${booked}/accounts?type=liabilities&start=2024-01-01&until=2024-12-31`))
        .body,
    );
  });

  test('--to today and --limit; a bad date or --page are usage errors', async () => {
    const r = await acct(
      ['accounts', 'list', '--type', 'bank', '--to', 'today', '--limit', '2', '--fields', 'number,balance'],
      { company: booked },
    );
    expect(tsv(r.stdout)).toEqual([
      ['number', 'balance'],
      ['1000', '0'],
      ['1010', '-2500'],
    ]);
    const bad = await acct(['accounts', 'list', '--from', '2024-13-01']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/invalid --from/);
    const page = await acct(['accounts', 'list', '--page', '2']);
    expect(page.code).toBe(2);
    expect(page.stderr).toMatch(/not paginated/);
  });

  test("until before start is the service's 422 (exit 3)", async () => {
    const r = await acct(['accounts', 'list', '--from', '2024-12-31', '--to', '2024-01-01']);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/until:/);
  });
});

describe('acct accounts get', () => {
  test('by number, by exact name and by id:N, with the balance over all bookings', async () => {
    const r = await acct(['accounts', 'get', '1020', '--json'], { company: booked });
    expect(r.code).toBe(0);
    const rec = JSON.parse(r.stdout);
    expect(rec).toMatchObject({
      number: 1020,
      name: 'Bankguthaben',
      type: 'bank',
      balance: 1481,
      balance_formatted: "CHF 1'481.00",
    });
    expect(JSON.parse((await acct(['accounts', 'get', 'bankguthaben', '--json'], { company: booked })).stdout)).toEqual(
      rec,
    );
    expect(JSON.parse((await acct(['accounts', 'get', `id:${rec.id}`, '--json'], { company: booked })).stdout)).toEqual(
      rec,
    );
  });

  test('a table shows the balance as money', async () => {
    const r = await acct(['accounts', 'get', '3400', '-o', 'table'], { company: booked });
    expect(r.stdout).toMatch(/^BALANCE\s+1'500\.00$/m);
  });

  test('an unknown number: exit 2 listing the accounts with similar numbers', async () => {
    const r = await acct(['accounts', 'get', '1025']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/no account "1025"/);
    expect(r.stderr).toMatch(/candidates: 1000 Kasse, 1010 Postkonto, 1020 Bankguthaben/);
  });

  test('an internal id of nothing is a 404 (exit 5)', async () => {
    expect((await acct(['accounts', 'get', 'id:999999'])).code).toBe(5);
  });
});

describe('acct accounts create, update, delete', () => {
  // a fresh company for every test, as they create, renumber and delete accounts; the lists above read company 1
  let own: number;
  beforeEach(() => {
    own = addCompany(cli.svc.server.db, 'Konten AG', 1);
  });
  const ubs = async (number: number) => {
    const res = await cli.svc.call('POST', `/companies/${own}/accounts`, {
      name: 'UBS',
      number,
      type: 'bank',
      iban: 'CH9300762011623852957',
    });
    expect(res.status).toBe(200);
  };

  test('creates a bank account with a normalised IBAN', async () => {
    const r = await acct(
      [
        'accounts',
        'create',
        '--number',
        '1030',
        '--name',
        'UBS',
        '--type',
        'bank',
        '--iban',
        'ch93 0076 2011 6238 5295 7',
        '--json',
      ],
      { company: own },
    );
    expect(r.code).toBe(0);
    const rec = JSON.parse(r.stdout);
    expect(rec).toMatchObject({
      number: 1030,
      name: 'UBS',
      type: 'bank',
      iban: 'CH9300762011623852957',
      is_primary_bank_account: false,
    });
    // printed as get shows it, the balance computed
    expect(rec).toEqual(JSON.parse((await acct(['accounts', 'get', '1030', '--json'], { company: own })).stdout));
  });

  test('refusals: a taken or out-of-range bank number (400 → 6), an IBAN on a non-bank account (422 → 3)', async () => {
    await ubs(1030);
    const taken = await acct(['accounts', 'create', '--number', '1030', '--name', 'Doppelt', '--type', 'bank'], {
      company: own,
    });
    expect(taken.code).toBe(6);
    expect(taken.stderr).toMatch(/1030/);
    const range = await acct(['accounts', 'create', '--number', '1070', '--name', 'Bank', '--type', 'bank'], {
      company: own,
    });
    expect(range.code).toBe(6);
    const iban = await acct(
      [
        'accounts',
        'create',
        '--number',
        '2455',
        '--name',
        'Darlehen',
        '--type',
        'liabilities',
        '--iban',
        'CH9300762011623852957',
      ],
      { company: own },
    );
    expect(iban.code).toBe(3);
    expect(iban.stderr).toMatch(/^acct: --iban: /);
    const type = await acct(['accounts', 'create', '--number', '2455', '--name', 'Darlehen', '--type', 'equity'], {
      company: own,
    });
    expect(type.code).toBe(2);
  });

  test('update by number: primary flag, new number; the type cannot change', async () => {
    await ubs(1030);
    const primary = await acct(['accounts', 'update', '1030', '--primary', '--json'], { company: own });
    expect(primary.code).toBe(0);
    expect(JSON.parse(primary.stdout).is_primary_bank_account).toBe(true);
    expect(
      JSON.parse((await acct(['accounts', 'get', '1020', '--json'], { company: own })).stdout).is_primary_bank_account,
    ).toBe(false);
    const renumbered = await acct(
      ['accounts', 'update', '1030', '--number', '1031', '--name', 'UBS Geschäft', '--json'],
      { company: own },
    );
    expect(JSON.parse(renumbered.stdout)).toMatchObject({ number: 1031, name: 'UBS Geschäft' });
    const type = await acct(['accounts', 'update', '1031', '--type', 'income'], { company: own });
    expect(type.code).toBe(2);
    expect(type.stderr).toMatch(/type of an account cannot be changed/);
    const unknown = await acct(['accounts', 'update', '1030', '--name', 'x'], { company: own });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/no account "1030"/);
  });

  test('delete by number with --yes; refused while bookings use the account', async () => {
    await ubs(1031);
    expect((await acct(['accounts', 'delete', '1031'], { company: own })).code).toBe(2);
    const r = await acct(['accounts', 'delete', '1031', '--yes'], { company: own });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/Deleted account/);
    expect((await acct(['accounts', 'get', '1031'], { company: own })).code).toBe(2);
    const used = await acct(['accounts', 'delete', '1020', '--yes'], { company: booked });
    expect(used.code).toBe(6);
    expect(used.stderr).toMatch(/Buchungen/);
  });
});

describe('acct accounts reset', () => {
  test('needs --yes without a terminal', async () => {
    const r = await acct(['accounts', 'reset'], { company: clean });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/refusing without confirmation; pass --yes/);
  });

  test('replaces the chart and prints it', async () => {
    await cli.svc.call('PUT', `/companies/${clean}/accounts/${accountId(cli.svc, clean, 1020)}`, {
      name: 'Meine Bank',
    });
    await cli.svc.call('POST', `/companies/${clean}/accounts`, { name: 'Eigenes', number: 4990, type: 'expense' });
    const r = await acct(['accounts', 'reset', '--yes'], { company: clean });
    expect(r.code).toBe(0);
    const rows = tsv(r.stdout);
    expect(rows).toHaveLength(68);
    expect(rows.find((c) => c[0] === '1020')![1]).toBe('Bankguthaben');
    expect(rows.some((c) => c[0] === '4990')).toBe(false);
    expect(r.stderr).toMatch(/67 accounts/);
  });

  test('refused while bookings exist (400 → exit 6)', async () => {
    const r = await acct(['accounts', 'reset', '--yes'], { company: booked });
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/Buchungen/);
  });
});

describe('acct accounts --help', () => {
  test('every verb has examples; references are account numbers', async () => {
    const group = await cli.box.run(['accounts', '--help']);
    for (const verb of ['list', 'get', 'create', 'update', 'delete'])
      expect(group.stdout).toMatch(new RegExp(`\\$ acct accounts ${verb}`));
    expect(group.stdout).toMatch(/reset\s/);
    const get = await cli.box.run(['accounts', 'get', '--help']);
    expect(get.stdout).toMatch(/account number \(e\.g\. 1020\), exact name, or id:N/);
    const list = await cli.box.run(['accounts', 'list', '--help']);
    expect(list.stdout).toMatch(/--from <value>/);
    expect(list.stdout).not.toMatch(/--per-page/);
    const reset = await cli.box.run(['accounts', 'reset', '--help']);
    expect(reset.stdout).toMatch(/\$ acct accounts reset --yes/);
  });
});
