// Accounts against the running service: the type filters, balances with VAT on a hand-checked set of
// bookings, the computed liabilities rows, create/read/update/delete with every 400 and 422 of the
// spec, the reset to the standard chart, and tenancy.
import { beforeAll, describe, expect, it } from 'vitest';
import { addCompany } from '../../src/server/main.js';
import { STANDARD_CHART } from '../../src/server/domain/chart.js';
import { one, run, timestamp } from '../../src/server/store/db.js';
import {
  accountId,
  expect422Fields,
  secondTenant,
  taxRateId,
  useTestService,
  type SecondUser,
  type ServiceAnswer,
} from '../helpers/service.js';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const KEYS = [
  'id',
  'company_id',
  'account_category_id',
  'type',
  'number',
  'name',
  'currency',
  'iban',
  'is_primary_bank_account',
  'created_at',
  'updated_at',
];
const BALANCE_KEYS = [
  'id',
  'company_id',
  'account_category_id',
  'type',
  'number',
  'name',
  'currency',
  'iban',
  'is_primary_bank_account',
  'balance',
  'balance_formatted',
  'created_at',
  'updated_at',
];
const IBAN = 'CH9300762011623852957';

const svc = useTestService();
let user2: SecondUser;
let company2: number;

function expect400(res: ServiceAnswer, pattern: RegExp): void {
  expect(res.status).toBe(400);
  expect(Object.keys(res.body)).toEqual(['message']);
  expect(res.body.message).toMatch(pattern);
}

/** A booking written straight into the table (the bookings endpoints come later). */
function book(company: number, date: string, sum: number, debit: number, credit: number, taxRate?: string): number {
  const now = timestamp();
  return Number(
    run(
      svc.server.db,
      `INSERT INTO entries (company_id, user_id, type, date, sum, debit_account_id, credit_account_id,
        tax_rate_id, created_at, updated_at)
     VALUES (?, 1, 'swap', ?, ?, ?, ?, ?, ?, ?)`,
      company,
      date,
      sum,
      accountId(svc, company, debit),
      accountId(svc, company, credit),
      taxRate ? taxRateId(svc, company, taxRate) : null,
      now,
      now,
    ).lastInsertRowid,
  );
}

function recurring(company: number, debit: number, credit: number): void {
  const now = timestamp();
  run(
    svc.server.db,
    'INSERT INTO recurring_entries (company_id, debit_account_id, credit_account_id, sum, created_at, ' +
      'updated_at) VALUES (?, ?, ?, 1000, ?, ?)',
    company,
    accountId(svc, company, debit),
    accountId(svc, company, credit),
    now,
    now,
  );
}

const freshCompany = (name: string) => addCompany(svc.server.db, name, 1);

beforeAll(() => {
  ({ user: user2, company: company2 } = secondTenant(svc));
});

describe('GET /accounts', () => {
  // a company of its own: the accounts the other tests create do not change its chart
  let c: number;
  beforeAll(() => {
    c = freshCompany('Kontenplan AG');
  });

  it('answers the whole chart as a bare array ordered by number, without balances', async () => {
    const res = await svc.call('GET', `/companies/${c}/accounts`);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.map((a: any) => a.number)).toEqual(STANDARD_CHART.map((a) => a.number).sort((a, b) => a - b));
    expect(res.body).toHaveLength(67);
    const bank = res.body.find((a: any) => a.number === 1020);
    expect(Object.keys(bank)).toEqual(KEYS);
    expect(bank).toEqual({
      id: accountId(svc, c, 1020),
      company_id: c,
      account_category_id: 1,
      type: 'bank',
      number: 1020,
      name: 'Bankguthaben',
      currency: 'CHF',
      iban: null,
      is_primary_bank_account: true,
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: expect.stringMatching(TIMESTAMP),
    });
    expect(res.body.filter((a: any) => a.is_primary_bank_account).map((a: any) => a.number)).toEqual([1020]);
  });

  it.each([
    ['all', 67, 1000, 8900],
    ['bank', 3, 1000, 1020],
    ['deprecations', 4, 1500, 1530],
    ['assets', 20, 1000, 1700],
    ['liabilities', 17, 2000, 2979],
    ['balance_sheet', 37, 1000, 2979],
    ['income', 9, 3000, 8510],
    ['expense', 21, 4000, 8900],
  ])('type=%s lists %i accounts from %i to %i', async (type, count, first, last) => {
    const res = await svc.call('GET', `/companies/${c}/accounts?type=${type}`);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(count);
    expect(res.body[0].number).toBe(first);
    expect(res.body.at(-1).number).toBe(last);
  });

  it('type=assets holds bank and depreciation accounts; income holds 6950, 8100 and 8510 by category', async () => {
    const assets = (await svc.call('GET', `/companies/${c}/accounts?type=assets`)).body;
    expect(new Set(assets.map((a: any) => a.type))).toEqual(new Set(['bank', 'assets', 'deprecations']));
    const income = (await svc.call('GET', `/companies/${c}/accounts?type=income`)).body.map((a: any) => a.number);
    expect(income).toEqual([3000, 3200, 3400, 3600, 3800, 3805, 6950, 8100, 8510]);
  });

  it('answers 422 for an unknown type or a bad date, and for until before start', async () => {
    expect422Fields(await svc.call('GET', `/companies/${c}/accounts?type=equity`), ['type']);
    expect422Fields(await svc.call('GET', `/companies/${c}/accounts?start=2024-02-30`), ['start']);
    expect422Fields(await svc.call('GET', `/companies/${c}/accounts?until=31.12.2024`), ['until']);
    expect422Fields(await svc.call('GET', `/companies/${c}/accounts?start=2024-12-31&until=2024-01-01`), ['until']);
  });
});

describe('balances', () => {
  let company: number;
  const list = async (query: string) => {
    const res = await svc.call('GET', `/companies/${company}/accounts?${query}`);
    expect(res.status).toBe(200);
    return res.body as any[];
  };
  const byNumber = (rows: any[]) =>
    Object.fromEntries(rows.filter((r) => r.number !== null).map((r) => [r.number, [r.balance, r.balance_formatted]]));

  beforeAll(async () => {
    company = freshCompany('Bilanz AG');
    const saldo = await svc.call('POST', `/companies/${company}/tax-rates`, {
      name: 'Saldo 6.2 %',
      rate: 8.1,
      saldo_rate: 6.2,
      account_id: accountId(svc, company, 2200),
    });
    expect(saldo.status).toBe(200);
    book(company, '2023-12-20', 50000, 1020, 3400); // before the period, no VAT: carried forward 500.00
    book(company, '2024-03-10', 108100, 1020, 3400, 'MWST 8.1 %'); // 1081.00 gross: 3400 1000.00, 2200 81.00
    book(company, '2024-04-05', 10000, 6500, 1020, 'Vorsteuer 8.1 %'); // 100.00 gross: 1170 7.49, 6500 92.51
    book(company, '2024-05-01', 100000, 4400, 1020, 'Bezugsteuer 8.1 %'); // acquisition tax 81.00 on 2200 and 1170
    book(company, '2024-06-30', 30000, 1020, 3200, 'Saldo 6.2 %'); // gross method: no split
    book(company, '2024-07-01', 123456, 1500, 1020); // a swap without VAT
    book(company, '2025-01-10', 20000, 1020, 3400); // after the period
  });

  it(
    'splits VAT per swiss-domain.md and shows balance sheet accounts at the end of the period, P&L accounts for ' +
      'the period',
    async () => {
      const rows = await list('type=all&start=2024-01-01&until=2024-12-31');
      expect(rows).toHaveLength(67);
      expect(Object.keys(rows[0])).toEqual(BALANCE_KEYS);
      const b = byNumber(rows);
      expect(b[1020]).toEqual([-453.56, 'CHF -453.56']); // 500 + 1081 − 100 − 1000 + 300 − 1234.56
      expect(b[1170]).toEqual([88.49, 'CHF 88.49']); // 7.49 + 81.00
      expect(b[1500]).toEqual([1234.56, "CHF 1'234.56"]);
      expect(b[2200]).toEqual([162, 'CHF 162.00']); // 81.00 + 81.00
      expect(b[3400]).toEqual([1000, "CHF 1'000.00"]);
      expect(b[3200]).toEqual([300, 'CHF 300.00']);
      expect(b[6500]).toEqual([92.51, 'CHF 92.51']);
      expect(b[4400]).toEqual([1000, "CHF 1'000.00"]);
      expect(b[1000]).toEqual([0, 'CHF 0.00']);
    },
  );

  it('the income example of the brief: 1081.00 with MWST 8.1 % → 3400 1000.00, 2200 81.00, 1020 1081.00', async () => {
    const rows = byNumber(await list('start=2024-03-10&until=2024-03-10'));
    expect(rows[3400][0]).toBe(1000);
    // 1020 and 2200 are balance sheet accounts: everything up to the end of the day
    expect(rows[1020][0]).toBe(500 + 1081);
    expect(rows[2200][0]).toBe(81);
  });

  it('type=liabilities with a period appends the carried-forward and the period result', async () => {
    const rows = await list('type=liabilities&start=2024-01-01&until=2024-12-31');
    expect(rows).toHaveLength(19);
    const [carried, period] = rows.slice(-2);
    expect(carried).toEqual({
      id: null,
      number: null,
      name: expect.stringMatching(/Vorperioden/),
      balance: 500,
      balance_formatted: 'CHF 500.00',
      computed: true,
    });
    // income 1000 + 300, expense 92.51 + 1000
    expect(period).toEqual({
      id: null,
      number: null,
      name: expect.stringMatching(/Periode/),
      balance: 207.49,
      balance_formatted: 'CHF 207.49',
      computed: true,
    });
    // the balance sheet balances: assets = liabilities + both results
    const assets = (await list('type=assets&start=2024-01-01&until=2024-12-31')).reduce(
      (s, r) => s + Math.round(r.balance * 100),
      0,
    );
    const passiva = rows.reduce((s, r) => s + Math.round(r.balance * 100), 0);
    expect(assets).toBe(passiva);
    expect(assets).toBe(86949); // 1020 −453.56 + 1170 88.49 + 1500 1234.56 = 869.49
  });

  it('without a start nothing is carried forward; with only a start the period runs to the last booking', async () => {
    const untilOnly = await list('type=liabilities&until=2024-12-31');
    expect(untilOnly.slice(-2).map((r) => r.balance)).toEqual([0, 707.49]);
    const startOnly = byNumber(await list('start=2024-01-01'));
    expect(startOnly[3400][0]).toBe(1200);
    expect(startOnly[1020][0]).toBe(-253.56);
    const liabilities = await list('type=liabilities&start=2025-01-01');
    expect(liabilities.slice(-2).map((r) => r.balance)).toEqual([707.49, 200]);
  });

  it('a loss shows negative', async () => {
    const rows = await list('type=liabilities&start=2024-04-01&until=2024-05-31');
    expect(rows.at(-1)).toMatchObject({ balance: -1092.51, balance_formatted: "CHF -1'092.51" });
  });

  it('other types with a period carry no computed rows; without a period no balances', async () => {
    expect(
      (await list('type=assets&start=2024-01-01')).every((r) => r.computed === undefined && r.balance !== undefined),
    ).toBe(true);
    const plain = await list('type=liabilities');
    expect(plain).toHaveLength(17);
    expect(Object.keys(plain[0])).toEqual(KEYS);
  });

  it('a single read always has the balance over every booking', async () => {
    const res = await svc.call('GET', `/companies/${company}/accounts/${accountId(svc, company, 1020)}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['data']);
    expect(Object.keys(res.body.data)).toEqual(BALANCE_KEYS);
    expect(res.body.data).toMatchObject({ number: 1020, balance: -253.56, balance_formatted: 'CHF -253.56' });
    const income = await svc.call('GET', `/companies/${company}/accounts/${accountId(svc, company, 3400)}`);
    expect(income.body.data).toMatchObject({ balance: 1700, balance_formatted: "CHF 1'700.00" });
    const idle = await svc.call('GET', `/companies/${company}/accounts/${accountId(svc, company, 1000)}`);
    expect(idle.body.data).toMatchObject({ balance: 0, balance_formatted: 'CHF 0.00' });
  });

  it('formats in the account currency', async () => {
    // a company of its own: the EUR account and its booking would change the balances above
    const euro = freshCompany('Euro AG');
    const res = await svc.call('POST', `/companies/${euro}/accounts`, {
      name: 'EUR Konto',
      number: 1030,
      type: 'bank',
      currency: 'eur',
    });
    expect(res.body.data.currency).toBe('EUR');
    book(euro, '2024-02-01', 123456789, 1030, 2800);
    const read = await svc.call('GET', `/companies/${euro}/accounts/${res.body.data.id}`);
    expect(read.body.data).toMatchObject({ balance: 1234567.89, balance_formatted: "EUR 1'234'567.89" });
  });
});

describe('POST /accounts', () => {
  it('creates an account and answers { data } without balance fields', async () => {
    const res = await svc.call('POST', '/companies/1/accounts', { name: 'Kasse Filiale', number: 1005, type: 'bank' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['data']);
    expect(Object.keys(res.body.data)).toEqual(KEYS);
    expect(res.body.data).toMatchObject({
      company_id: 1,
      account_category_id: 1,
      type: 'bank',
      number: 1005,
      name: 'Kasse Filiale',
      currency: 'CHF',
      iban: null,
      is_primary_bank_account: false,
    });
  });

  it('assigns the category from the type; balance_sheet by number', async () => {
    const cases: [string, number, string][] = [
      ['income', 3450, 'income'],
      ['expense', 6580, 'expense'],
      ['assets', 1180, 'assets'],
      ['liabilities', 2110, 'liabilities'],
      ['deprecations', 1540, 'deprecations'],
      ['balance_sheet', 1190 + 1, 'assets'],
      ['balance_sheet', 2999, 'liabilities'],
    ];
    for (const [type, number, category] of cases) {
      const res = await svc.call('POST', '/companies/1/accounts', { name: `${type} ${number}`, number, type });
      expect(res.status).toBe(200);
      expect(res.body.data.type).toBe(category);
    }
    expect422Fields(
      await svc.call('POST', '/companies/1/accounts', { name: 'x', number: 3999, type: 'balance_sheet' }),
      ['type'],
    );
  });

  it('normalises the IBAN (spaces, hyphens, case) and moves the primary flag', async () => {
    const res = await svc.call('POST', '/companies/1/accounts', {
      name: 'UBS',
      number: 1025,
      type: 'bank',
      iban: 'ch93 0076-2011 6238 5295 7',
      is_primary_bank_account: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ iban: IBAN, is_primary_bank_account: true });
    expect(res.body.data.iban).toHaveLength(21);
    const primaries = (await svc.call('GET', '/companies/1/accounts?type=bank')).body.filter(
      (a: any) => a.is_primary_bank_account,
    );
    expect(primaries.map((a: any) => a.number)).toEqual([1025]);
  });

  it('answers 400 for a taken number and for a bank number outside 1000-1059', async () => {
    expect400(
      await svc.call('POST', '/companies/1/accounts', { name: 'Doppelt', number: 3400, type: 'income' }),
      /3400/,
    );
    expect400(
      await svc.call('POST', '/companies/1/accounts', { name: 'Bank', number: 1060, type: 'bank' }),
      /1000 und 1059/,
    );
  });

  it('answers 422 for an invalid IBAN, and for IBAN or primary flag on a non-bank account', async () => {
    const bad = await svc.call('POST', '/companies/1/accounts', {
      name: 'Bank',
      number: 1031,
      type: 'bank',
      iban: 'CH9300762011623852958',
    });
    expect422Fields(bad, ['iban']);
    expect(bad.body.errors.iban).toEqual(['The iban field must be a valid IBAN.']);
    const long = await svc.call('POST', '/companies/1/accounts', {
      name: 'Bank',
      number: 1031,
      type: 'bank',
      iban: 'X'.repeat(35),
    });
    expect422Fields(long, ['iban']);
    expect(long.body.errors.iban).toEqual(['The iban field must not be greater than 34 characters.']);
    expect422Fields(
      await svc.call('POST', '/companies/1/accounts', {
        name: 'Darlehen',
        number: 2451,
        type: 'liabilities',
        iban: IBAN,
      }),
      ['iban'],
    );
    expect422Fields(
      await svc.call('POST', '/companies/1/accounts', {
        name: 'Darlehen',
        number: 2451,
        type: 'liabilities',
        is_primary_bank_account: true,
      }),
      ['is_primary_bank_account'],
    );
    // an empty IBAN and a false flag are fine anywhere
    const ok = await svc.call('POST', '/companies/1/accounts', {
      name: 'Darlehen',
      number: 2451,
      type: 'liabilities',
      iban: '',
      is_primary_bank_account: false,
    });
    expect(ok.status).toBe(200);
  });

  it('answers 422 for missing or malformed fields', async () => {
    expect422Fields(await svc.call('POST', '/companies/1/accounts', {}), ['name', 'number', 'type']);
    expect422Fields(
      await svc.call('POST', '/companies/1/accounts', { name: 'x'.repeat(256), number: 999, type: 'equity' }),
      ['name', 'number', 'type'],
    );
    expect422Fields(await svc.call('POST', '/companies/1/accounts', { name: 'A', number: 10000, type: 'income' }), [
      'number',
    ]);
    expect422Fields(await svc.call('POST', '/companies/1/accounts', { name: 'A', number: 3000.5, type: 'income' }), [
      'number',
    ]);
    expect422Fields(
      await svc.call('POST', '/companies/1/accounts', { name: 'A', number: 3001, type: 'income', currency: 'Franken' }),
      ['currency'],
    );
  });
});

describe('GET /accounts/{id}', () => {
  it('answers 404 for a missing account, an impossible id and an account of another company', async () => {
    for (const path of [
      '/companies/1/accounts/999999',
      '/companies/1/accounts/1020x',
      `/companies/1/accounts/${accountId(svc, company2, 1020)}`,
    ]) {
      expect((await svc.call('GET', path)).status).toBe(404);
    }
  });
});

describe('PUT /accounts/{id}', () => {
  let company: number;
  beforeAll(() => {
    company = freshCompany('Update AG');
  });
  const put = (number: number, body: unknown) =>
    svc.call('PUT', `/companies/${company}/accounts/${accountId(svc, company, number)}`, body);

  it('changes name, number, IBAN and the primary flag', async () => {
    const res = await put(1010, {
      name: 'PostFinance',
      iban: 'CH93 0076 2011 6238 5295 7',
      is_primary_bank_account: true,
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data)).toEqual(KEYS);
    expect(res.body.data).toMatchObject({
      name: 'PostFinance',
      number: 1010,
      iban: IBAN,
      is_primary_bank_account: true,
    });
    expect(
      Number(
        one(
          svc.server.db,
          'SELECT is_primary_bank_account AS p FROM accounts WHERE company_id = ? AND number = 1020',
          company,
        )!.p,
      ),
    ).toBe(0);
    const moved = await put(1010, { number: 1011 });
    expect(moved.body.data).toMatchObject({ number: 1011, name: 'PostFinance', iban: IBAN });
    const cleared = await put(1011, { iban: null });
    expect(cleared.body.data.iban).toBeNull();
    const own = await put(1011, { number: 1011 });
    expect(own.status).toBe(200);
  });

  it('a PUT that changes nothing keeps updated_at', async () => {
    const before = (await svc.call('GET', `/companies/${company}/accounts/${accountId(svc, company, 2450)}`)).body.data;
    await new Promise((r) => setTimeout(r, 5));
    const res = await put(2450, { name: 'Darlehen', number: 2450, iban: null, is_primary_bank_account: false });
    expect(res.status).toBe(200);
    expect(res.body.data.updated_at).toBe(before.updated_at);
    const changed = await put(2450, { name: 'Darlehen Bank' });
    expect(changed.body.data.updated_at > before.updated_at).toBe(true);
  });

  it('answers 400 for a taken number and for a bank number outside 1000-1059', async () => {
    expect400(await put(1000, { number: 1020 }), /1020/);
    expect400(await put(1000, { number: 1100 }), /1000 und 1059/);
    expect((await put(6500, { number: 6510 })).status).toBe(200);
  });

  it('answers 422 for IBAN or primary flag on a non-bank account, an invalid IBAN, and malformed fields', async () => {
    expect422Fields(await put(1100, { iban: IBAN }), ['iban']);
    expect422Fields(await put(1100, { is_primary_bank_account: true }), ['is_primary_bank_account']);
    expect422Fields(await put(1000, { iban: 'CH00 1234' }), ['iban']);
    expect422Fields(await put(1000, { name: '', number: 'x' }), ['name', 'number']);
    expect422Fields(await put(1000, { number: 999 }), ['number']);
  });

  it('answers 404 for an account of another company', async () => {
    expect(
      (await svc.call('PUT', `/companies/1/accounts/${accountId(svc, company2, 1010)}`, { name: 'x' })).status,
    ).toBe(404);
  });
});

describe('DELETE /accounts/{id}', () => {
  let company: number;
  beforeAll(() => {
    company = freshCompany('Delete AG');
  });
  const del = (number: number) =>
    svc.call('DELETE', `/companies/${company}/accounts/${accountId(svc, company, number)}`);

  it('deletes an unused account with 204', async () => {
    const id = accountId(svc, company, 1109);
    const res = await del(1109);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect((await svc.call('GET', `/companies/${company}/accounts/${id}`)).status).toBe(404);
  });

  it('answers 400 while bookings (debit or credit) or recurring bookings use the account', async () => {
    book(company, '2024-01-05', 1000, 1060, 2800);
    expect400(await del(1060), /Buchungen/);
    expect400(await del(2800), /Buchungen/);
    recurring(company, 6000, 1140);
    expect400(await del(6000), /wiederkehrende/);
    expect400(await del(1140), /wiederkehrende/);
  });

  it('answers 400 while a tax rate uses the account', async () => {
    expect400(await del(2200), /Steuersätze/);
    expect400(await del(1170), /Steuersätze/);
  });

  it('answers 400 for the last account of its category', async () => {
    expect((await del(1000)).status).toBe(204);
    expect((await del(1010)).status).toBe(204);
    expect400(await del(1020), /letzte/);
    for (const n of [1500, 1510, 1520]) expect((await del(n)).status).toBe(204);
    expect400(await del(1530), /letzte/);
  });

  it('answers 404 for an account of another company', async () => {
    expect((await svc.call('DELETE', `/companies/1/accounts/${accountId(svc, company2, 1000)}`)).status).toBe(404);
    expect(accountId(svc, company2, 1000)).toBeGreaterThan(0);
  });
});

describe('POST /accounts/reset', () => {
  it('replaces all accounts with the standard chart and points the tax rates at the new ones by number', async () => {
    const company = freshCompany('Reset AG');
    const old2200 = accountId(svc, company, 2200);
    await svc.call('POST', `/companies/${company}/accounts`, { name: 'Eigenes', number: 4999, type: 'expense' });
    await svc.call('PUT', `/companies/${company}/accounts/${accountId(svc, company, 1020)}`, {
      name: 'Meine Bank',
      iban: IBAN,
    });
    await svc.call('DELETE', `/companies/${company}/accounts/${accountId(svc, company, 1109)}`);
    const res = await svc.call('POST', `/companies/${company}/accounts/reset`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['data']);
    const data = res.body.data;
    expect(data.map((a: any) => [a.number, a.name, a.type])).toEqual(
      [...STANDARD_CHART].sort((a, b) => a.number - b.number).map((a) => [a.number, a.name, a.type]),
    );
    expect(Object.keys(data[0])).toEqual(KEYS);
    expect(data.find((a: any) => a.number === 1020)).toMatchObject({
      name: 'Bankguthaben',
      iban: null,
      is_primary_bank_account: true,
    });
    expect(data.some((a: any) => a.id === old2200)).toBe(false);
    expect((await svc.call('GET', `/companies/${company}/accounts/${old2200}`)).status).toBe(404);
    const rates = (await svc.call('GET', `/companies/${company}/tax-rates?per_page=7`)).body.data;
    expect(rates.map((r: any) => r.account.account_number)).toEqual([2200, 2200, 2200, 1170, 1170, 1171, 2200]);
    expect(rates[0].account_id).toBe(accountId(svc, company, 2200));
    expect(rates[6].acquisition_account).toMatchObject({ id: accountId(svc, company, 1170), account_number: 1170 });
    expect(Number(one(svc.server.db, 'SELECT count(*) AS n FROM accounts WHERE company_id = ?', company)!.n)).toBe(67);
  });

  it('answers 400 while bookings, recurring bookings or invoices reference accounts', async () => {
    const withEntry = freshCompany('Gebucht AG');
    book(withEntry, '2024-01-01', 100, 1020, 3400);
    expect400(await svc.call('POST', `/companies/${withEntry}/accounts/reset`), /Buchungen/);

    const withRecurring = freshCompany('Dauerauftrag AG');
    recurring(withRecurring, 6000, 1020);
    expect400(await svc.call('POST', `/companies/${withRecurring}/accounts/reset`), /wiederkehrende/);

    const withInvoice = freshCompany('Rechnung AG');
    const now = timestamp();
    const customer = Number(
      run(
        svc.server.db,
        'INSERT INTO customers (company_id, user_id, name, created_at, updated_at) VALUES (?, 1, ?, ?, ?)',
        withInvoice,
        'K',
        now,
        now,
      ).lastInsertRowid,
    );
    run(
      svc.server.db,
      `INSERT INTO invoices (company_id, user_id, customer_id, bank_account_id, number, date, payable_until,
        created_at, updated_at)
      VALUES (?, 1, ?, ?, 'R-2024-001', '2024-01-01', '2024-01-31', ?, ?)`,
      withInvoice,
      customer,
      accountId(svc, withInvoice, 1020),
      now,
      now,
    );
    expect400(await svc.call('POST', `/companies/${withInvoice}/accounts/reset`), /Rechnungen/);
    // nothing was touched
    expect(Number(one(svc.server.db, 'SELECT count(*) AS n FROM accounts WHERE company_id = ?', withInvoice)!.n)).toBe(
      67,
    );
  });

  it('answers 400 when a tax rate uses an account the standard chart does not have', async () => {
    const company = freshCompany('Sonderkonto AG');
    const custom = await svc.call('POST', `/companies/${company}/accounts`, {
      name: 'MWST Sonder',
      number: 2205,
      type: 'liabilities',
    });
    await svc.call('POST', `/companies/${company}/tax-rates`, {
      name: 'Sonder',
      rate: 1,
      account_id: custom.body.data.id,
    });
    expect400(await svc.call('POST', `/companies/${company}/accounts/reset`), /Sonder \(2205\)/);
  });
});

describe('tenancy', () => {
  it("lists only the company's own accounts and refuses non-members", async () => {
    const res = await svc.call('GET', `/companies/${company2}/accounts?type=bank`, undefined, { token: user2.token });
    expect(res.body.every((a: any) => a.company_id === company2)).toBe(true);
    expect((await svc.call('GET', `/companies/${company2}/accounts`)).status).toBe(403);
    expect((await svc.call('POST', `/companies/${company2}/accounts/reset`)).status).toBe(403);
  });
});
