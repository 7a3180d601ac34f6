// Tax rates against the running service: list (pagination, filters, sort), create, read, update,
// delete, every 4xx of the spec (422 keys, the booking lock, the three 409s) and tenancy.
import { beforeAll, describe, expect, it } from 'vitest';
import { addCompany } from '../../src/server/main.js';
import { one, run, timestamp } from '../../src/server/store/db.js';
import {
  accountId,
  expect422Fields,
  secondTenant,
  taxRateId,
  useTestService,
  type SecondUser,
} from '../helpers/service.js';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const KEYS = [
  'id',
  'company_id',
  'account_id',
  'acquisition_account_id',
  'field_number',
  'name',
  'name_en',
  'name_fr',
  'name_it',
  'name_on_documents',
  'rate',
  'saldo_rate',
  'calculation_method',
  'is_acquisition_tax',
  'archived',
  'valid_from',
  'valid_until',
  'created_at',
  'updated_at',
];
/** today's seven rates and the thirteen of 2011 to 2023 every company gets */
const SEEDED = 20;

const svc = useTestService();
let company2: number;
let user2: SecondUser;

async function createRate(body: Record<string, unknown>, company = 1) {
  const res = await svc.call('POST', `/companies/${company}/tax-rates`, body);
  expect(res.status).toBe(200);
  return res.body;
}

function insertCustomer(company: number): number {
  const now = timestamp();
  return Number(
    run(
      svc.server.db,
      'INSERT INTO customers (company_id, user_id, name, created_at, updated_at) VALUES (?, 1, ?, ?, ?)',
      company,
      'Kunde AG',
      now,
      now,
    ).lastInsertRowid,
  );
}

function insertEntry(company: number, taxRateId: number, sum = 10810): number {
  const now = timestamp();
  return Number(
    run(
      svc.server.db,
      `INSERT INTO entries (company_id, user_id, type, date, sum, debit_account_id, credit_account_id,
        tax_rate_id, created_at, updated_at)
     VALUES (?, 1, 'income', '2024-03-01', ?, ?, ?, ?, ?, ?)`,
      company,
      sum,
      accountId(svc, company, 1020),
      accountId(svc, company, 3400),
      taxRateId,
      now,
      now,
    ).lastInsertRowid,
  );
}

function insertDocument(table: 'invoices' | 'proposals', company: number, taxRateId: number, number: string): void {
  const now = timestamp();
  const customer = insertCustomer(company);
  const due = table === 'invoices' ? 'payable_until' : 'valid_until';
  run(
    svc.server.db,
    `INSERT INTO ${table} (company_id, user_id, customer_id, tax_rate_id, number, date, ${due}, created_at, updated_at)
     VALUES (?, 1, ?, ?, ?, '2024-03-01', '2024-03-31', ?, ?)`,
    company,
    customer,
    taxRateId,
    number,
    now,
    now,
  );
}

beforeAll(() => {
  ({ user: user2, company: company2 } = secondTenant(svc));
});

describe('GET /tax-rates', () => {
  // a company of its own, so that the rates the other tests add or change do not show in its lists
  let c: number;
  beforeAll(() => {
    c = addCompany(svc.server.db, 'Steuer AG', 1);
  });

  it(
    "lists the twenty seeded rates (today's, then 2018-2023, then 2011-2017) with the full paginator envelope and " +
      'the accounts embedded',
    async () => {
      const res = await svc.call('GET', `/companies/${c}/tax-rates?per_page=100`);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(['data', 'links', 'meta']);
      expect(res.body.meta).toMatchObject({
        current_page: 1,
        from: 1,
        last_page: 1,
        per_page: 100,
        to: SEEDED,
        total: SEEDED,
      });
      expect(res.body.links.prev).toBeNull();
      expect(res.body.links.next).toBeNull();
      const rows = res.body.data;
      expect(
        rows.map((r: any) => [
          r.name,
          r.rate,
          r.account.account_number,
          r.field_number,
          r.calculation_method,
          r.valid_from,
          r.valid_until,
        ]),
      ).toEqual([
        ['MWST 8.1 %', 8.1, 2200, 303, 'net', '2024-01-01', null],
        ['MWST 2.6 %', 2.6, 2200, 313, 'net', '2024-01-01', null],
        ['MWST 3.8 %', 3.8, 2200, 343, 'net', '2024-01-01', null],
        ['Vorsteuer 8.1 %', 8.1, 1170, 400, 'net', '2024-01-01', null],
        ['Vorsteuer 2.6 %', 2.6, 1170, 400, 'net', '2024-01-01', null],
        ['Vorsteuer Investitionen 8.1 %', 8.1, 1171, 405, 'net', '2024-01-01', null],
        ['Bezugsteuer 8.1 %', 8.1, 2200, 383, 'gross', '2024-01-01', null],
        ['MWST 7.7 %', 7.7, 2200, 302, 'net', '2018-01-01', '2023-12-31'],
        ['MWST 2.5 %', 2.5, 2200, 312, 'net', '2018-01-01', '2023-12-31'],
        ['MWST 3.7 %', 3.7, 2200, 342, 'net', '2018-01-01', '2023-12-31'],
        ['Vorsteuer 7.7 %', 7.7, 1170, 400, 'net', '2018-01-01', '2023-12-31'],
        ['Vorsteuer 2.5 %', 2.5, 1170, 400, 'net', '2011-01-01', '2023-12-31'],
        ['Vorsteuer Investitionen 7.7 %', 7.7, 1171, 405, 'net', '2018-01-01', '2023-12-31'],
        ['Bezugsteuer 7.7 %', 7.7, 2200, 382, 'gross', '2018-01-01', '2023-12-31'],
        ['MWST 8.0 %', 8, 2200, 301, 'net', '2011-01-01', '2017-12-31'],
        ['MWST 2.5 % (bis 2017)', 2.5, 2200, 311, 'net', '2011-01-01', '2017-12-31'],
        ['MWST 3.8 % (bis 2017)', 3.8, 2200, 341, 'net', '2011-01-01', '2017-12-31'],
        ['Vorsteuer 8.0 %', 8, 1170, 400, 'net', '2011-01-01', '2017-12-31'],
        ['Vorsteuer Investitionen 8.0 %', 8, 1171, 405, 'net', '2011-01-01', '2017-12-31'],
        ['Bezugsteuer 8.0 %', 8, 2200, 381, 'gross', '2011-01-01', '2017-12-31'],
      ]);
      const bezug = rows[6];
      expect(Object.keys(bezug)).toEqual([...KEYS, 'account', 'acquisition_account']);
      expect(bezug).toMatchObject({
        company_id: c,
        is_acquisition_tax: true,
        archived: false,
        saldo_rate: null,
        name_on_documents: 'Bezugsteuer 8.1 %',
        account: { id: accountId(svc, c, 2200), name: 'Geschuldete MWST', account_number: 2200 },
        acquisition_account: { id: accountId(svc, c, 1170), account_number: 1170 },
      });
      expect(rows[19]).toMatchObject({
        is_acquisition_tax: true,
        acquisition_account: { id: accountId(svc, c, 1170), account_number: 1170 },
      });
      expect(rows[0].acquisition_account).toBeNull();
    },
  );

  it('pages with per_page and keeps the query in the links', async () => {
    const res = await svc.call('GET', `/companies/${c}/tax-rates?per_page=3&page=2&sort=name`);
    expect(res.body.meta).toMatchObject({ current_page: 2, from: 4, last_page: 7, per_page: 3, to: 6, total: SEEDED });
    expect(res.body.data).toHaveLength(3);
    expect(new URL(res.body.links.next).searchParams.get('sort')).toBe('name');
  });

  it('filter[name] is a case-insensitive substring match', async () => {
    const res = await svc.call('GET', `/companies/${c}/tax-rates?filter[name]=${encodeURIComponent('VORSTEUER')}`);
    expect(res.body.data.map((r: any) => r.name)).toEqual([
      'Vorsteuer 8.1 %',
      'Vorsteuer 2.6 %',
      'Vorsteuer Investitionen 8.1 %',
      'Vorsteuer 7.7 %',
      'Vorsteuer 2.5 %',
      'Vorsteuer Investitionen 7.7 %',
      'Vorsteuer 8.0 %',
      'Vorsteuer Investitionen 8.0 %',
    ]);
  });

  it('filter[name] folds the case of umlauts too', async () => {
    const rate = await createRate(
      { name: 'Übrige Leistungen 8.1 %', rate: 8.1, account_id: accountId(svc, c, 2200) },
      c,
    );
    const res = await svc.call('GET', `/companies/${c}/tax-rates?filter[name]=${encodeURIComponent('übrige')}`);
    expect(res.body.data.map((r: any) => r.id)).toEqual([rate.id]);
    expect((await svc.call('GET', `/companies/${c}/tax-rates?filter[name]=_`)).body.data).toEqual([]);
    await svc.call('DELETE', `/companies/${c}/tax-rates/${rate.id}`);
  });

  it('filter[id] takes one id or a comma-separated list', async () => {
    const a = taxRateId(svc, c, 'MWST 2.6 %');
    const b = taxRateId(svc, c, 'Bezugsteuer 8.1 %');
    expect(
      (await svc.call('GET', `/companies/${c}/tax-rates?filter[id]=${a}`)).body.data.map((r: any) => r.id),
    ).toEqual([a]);
    expect(
      (await svc.call('GET', `/companies/${c}/tax-rates?filter[id]=${a},${b}`)).body.data.map((r: any) => r.id),
    ).toEqual([a, b]);
    expect(
      (await svc.call('GET', `/companies/${c}/tax-rates?filter[id][]=${a}&filter[id][]=${b}`)).body.data.map(
        (r: any) => r.id,
      ),
    ).toEqual([a, b]);
  });

  it('sorts by name and rate in both directions; an unknown sort is a 400', async () => {
    const names = async (sort: string) =>
      (await svc.call('GET', `/companies/${c}/tax-rates?filter[name]=MWST&sort=${sort}`)).body.data.map(
        (r: any) => r.name,
      );
    const byName = [
      'MWST 2.5 %',
      'MWST 2.5 % (bis 2017)',
      'MWST 2.6 %',
      'MWST 3.7 %',
      'MWST 3.8 %',
      'MWST 3.8 % (bis 2017)',
      'MWST 7.7 %',
      'MWST 8.0 %',
      'MWST 8.1 %',
    ];
    expect(await names('name')).toEqual(byName);
    expect(await names('-name')).toEqual([...byName].reverse());
    const rates = async (sort: string) =>
      (await svc.call('GET', `/companies/${c}/tax-rates?filter[name]=MWST&sort=${sort}`)).body.data.map(
        (r: any) => r.rate,
      );
    expect(await rates('rate')).toEqual([2.5, 2.5, 2.6, 3.7, 3.8, 3.8, 7.7, 8, 8.1]);
    expect(await rates('-rate')).toEqual([8.1, 8, 7.7, 3.8, 3.8, 3.7, 2.6, 2.5, 2.5]);
    // ties are broken by id in the same direction
    const ties = async (sort: string) =>
      (await svc.call('GET', `/companies/${c}/tax-rates?filter[name]=Vorsteuer&sort=${sort}&per_page=3`)).body.data.map(
        (r: any) => r.name,
      );
    expect(await ties('-rate')).toEqual([
      'Vorsteuer Investitionen 8.1 %',
      'Vorsteuer 8.1 %',
      'Vorsteuer Investitionen 8.0 %',
    ]);
    expect(await ties('rate')).toEqual(['Vorsteuer 2.5 %', 'Vorsteuer 2.6 %', 'Vorsteuer 7.7 %']);
    const bad = await svc.call('GET', `/companies/${c}/tax-rates?sort=account_id`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/sort/);
  });

  it('filter[archived] selects archived or active rates', async () => {
    const rate = await createRate(
      { name: 'Alt 7.7 %', rate: 7.7, account_id: accountId(svc, c, 2200), archived: true },
      c,
    );
    const archived = await svc.call('GET', `/companies/${c}/tax-rates?filter[archived]=true`);
    expect(archived.body.data.map((r: any) => r.id)).toEqual([rate.id]);
    const active = await svc.call('GET', `/companies/${c}/tax-rates?filter[archived]=0`);
    expect(active.body.data.map((r: any) => r.id)).not.toContain(rate.id);
    expect(active.body.meta.total).toBe(SEEDED);
    await svc.call('DELETE', `/companies/${c}/tax-rates/${rate.id}`);
  });
});

describe('POST /tax-rates', () => {
  it('creates a rate and answers the bare TaxRate (no envelope, no embedded accounts)', async () => {
    const res = await svc.call('POST', '/companies/1/tax-rates', {
      name: 'MWST Sonder 5.5 %',
      rate: 5.5,
      account_id: accountId(svc, 1, 2200),
      field_number: 999,
      name_en: 'VAT special',
      name_fr: 'TVA spéciale',
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(KEYS);
    expect(res.body).toEqual({
      id: expect.any(Number),
      company_id: 1,
      account_id: accountId(svc, 1, 2200),
      acquisition_account_id: null,
      field_number: 999,
      name: 'MWST Sonder 5.5 %',
      name_en: 'VAT special',
      name_fr: 'TVA spéciale',
      name_it: null,
      name_on_documents: 'MWST Sonder 5.5 %',
      rate: 5.5,
      saldo_rate: null,
      calculation_method: 'net',
      is_acquisition_tax: false,
      archived: false,
      valid_from: null,
      valid_until: null,
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: expect.stringMatching(TIMESTAMP),
    });
    expect(Number(one(svc.server.db, 'SELECT rate FROM tax_rates WHERE id = ?', res.body.id)!.rate)).toBe(550);
  });

  it('keeps a given name_on_documents and reads numeric strings', async () => {
    const rate = await createRate({
      name: 'X',
      name_on_documents: 'MWST',
      rate: '7.7',
      account_id: String(accountId(svc, 1, 2201)),
    });
    expect(rate).toMatchObject({ name_on_documents: 'MWST', rate: 7.7, account_id: accountId(svc, 1, 2201) });
  });

  it('a saldo rate makes the method gross', async () => {
    const rate = await createRate({
      name: 'Saldo 6.2 %',
      rate: 8.1,
      saldo_rate: 6.2,
      account_id: accountId(svc, 1, 2200),
    });
    expect(rate).toMatchObject({ saldo_rate: 6.2, calculation_method: 'gross', is_acquisition_tax: false });
  });

  it('acquisition tax is gross and keeps its acquisition account', async () => {
    const rate = await createRate({
      name: 'Bezug',
      rate: 8.1,
      account_id: accountId(svc, 1, 2200),
      is_acquisition_tax: true,
      acquisition_account_id: accountId(svc, 1, 1170),
    });
    expect(rate).toMatchObject({
      calculation_method: 'gross',
      is_acquisition_tax: true,
      acquisition_account_id: accountId(svc, 1, 1170),
    });
  });

  it('drops an acquisition account on a rate that is not acquisition tax', async () => {
    const rate = await createRate({
      name: 'Ohne Bezug',
      rate: 8.1,
      account_id: accountId(svc, 1, 2200),
      acquisition_account_id: accountId(svc, 1, 1170),
    });
    expect(rate.acquisition_account_id).toBeNull();
  });

  it('accepts bank and depreciation accounts (they are assets) and every liabilities account', async () => {
    for (const n of [1020, 1500, 1176, 2979]) {
      const rate = await createRate({ name: `Konto ${n}`, rate: 1, account_id: accountId(svc, 1, n) });
      expect(rate.account_id).toBe(accountId(svc, 1, n));
    }
  });

  it('answers 422 with the keys of the invalid fields', async () => {
    expect422Fields(await svc.call('POST', '/companies/1/tax-rates', {}), ['name', 'account_id', 'rate']);
    expect422Fields(
      await svc.call('POST', '/companies/1/tax-rates', {
        name: 'x'.repeat(256),
        account_id: accountId(svc, 1, 2200),
        rate: 8,
      }),
      ['name'],
    );
    expect422Fields(await svc.call('POST', '/companies/1/tax-rates', { name: 'A', account_id: 'abc', rate: 'eight' }), [
      'account_id',
      'rate',
    ]);
    expect422Fields(
      await svc.call('POST', '/companies/1/tax-rates', { name: 'A', account_id: accountId(svc, 1, 2200), rate: 101 }),
      ['rate'],
    );
    expect422Fields(
      await svc.call('POST', '/companies/1/tax-rates', { name: 'A', account_id: accountId(svc, 1, 2200), rate: -1 }),
      ['rate'],
    );
    const precise = await svc.call('POST', '/companies/1/tax-rates', {
      name: 'A',
      account_id: accountId(svc, 1, 2200),
      rate: 8.125,
    });
    expect422Fields(precise, ['rate']);
    expect(precise.body.errors.rate).toEqual(['The rate field must have 0-2 decimal places.']);
    expect422Fields(
      await svc.call('POST', '/companies/1/tax-rates', {
        name: 'A',
        account_id: accountId(svc, 1, 2200),
        rate: 8,
        saldo_rate: 'x',
      }),
      ['saldo_rate'],
    );
    expect422Fields(
      await svc.call('POST', '/companies/1/tax-rates', {
        name: 'A',
        account_id: accountId(svc, 1, 2200),
        rate: 8,
        field_number: 1.5,
      }),
      ['field_number'],
    );
    expect422Fields(
      await svc.call('POST', '/companies/1/tax-rates', {
        name: 'A',
        account_id: accountId(svc, 1, 2200),
        rate: 8,
        is_acquisition_tax: 'ja',
      }),
      ['is_acquisition_tax'],
    );
  });

  it('rejects an account that does not exist, belongs to another company, or is income or expense', async () => {
    const missing = await svc.call('POST', '/companies/1/tax-rates', { name: 'A', rate: 8, account_id: 999999 });
    expect422Fields(missing, ['account_id']);
    expect(missing.body.errors.account_id).toEqual(['The selected account id is invalid.']);
    expect422Fields(
      await svc.call('POST', '/companies/1/tax-rates', {
        name: 'A',
        rate: 8,
        account_id: accountId(svc, company2, 2200),
      }),
      ['account_id'],
    );
    for (const n of [3400, 6500]) {
      const res = await svc.call('POST', '/companies/1/tax-rates', {
        name: 'A',
        rate: 8,
        account_id: accountId(svc, 1, n),
      });
      expect422Fields(res, ['account_id']);
      expect(res.body.errors.account_id).toEqual(['The account id must be an assets or liabilities account.']);
    }
  });

  it('requires an assets or liabilities acquisition account for acquisition tax', async () => {
    const none = await svc.call('POST', '/companies/1/tax-rates', {
      name: 'A',
      rate: 8,
      account_id: accountId(svc, 1, 2200),
      is_acquisition_tax: true,
    });
    expect422Fields(none, ['acquisition_account_id']);
    expect(none.body.errors.acquisition_account_id).toEqual([
      'The acquisition account id field is required when is acquisition tax is true.',
    ]);
    expect422Fields(
      await svc.call('POST', '/companies/1/tax-rates', {
        name: 'A',
        rate: 8,
        account_id: accountId(svc, 1, 2200),
        is_acquisition_tax: true,
        acquisition_account_id: accountId(svc, 1, 4400),
      }),
      ['acquisition_account_id'],
    );
  });
});

describe('GET /tax-rates/{id}', () => {
  it('answers the bare rate with account and acquisition account loaded', async () => {
    const id = taxRateId(svc, 1, 'Bezugsteuer 8.1 %');
    const res = await svc.call('GET', `/companies/1/tax-rates/${id}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual([...KEYS, 'account', 'acquisition_account']);
    expect(res.body.account).toEqual({ id: accountId(svc, 1, 2200), name: 'Geschuldete MWST', account_number: 2200 });
    expect(res.body.acquisition_account).toEqual({
      id: accountId(svc, 1, 1170),
      name: 'Vorsteuer MWST Material, Waren, Dienstleistungen, Energie',
      account_number: 1170,
    });
  });

  it('answers 404 for a missing rate, an id that cannot exist, and a rate of another company', async () => {
    for (const path of [
      '/companies/1/tax-rates/999999',
      '/companies/1/tax-rates/abc',
      `/companies/1/tax-rates/${taxRateId(svc, company2, 'MWST 8.1 %')}`,
    ]) {
      const res = await svc.call('GET', path);
      expect(res.status).toBe(404);
      expect(typeof res.body.message).toBe('string');
    }
  });
});

describe('PUT /tax-rates/{id}', () => {
  it('changes any subset and answers the bare rate', async () => {
    const rate = await createRate({ name: 'Teil', rate: 8.1, account_id: accountId(svc, 1, 2200) });
    const res = await svc.call('PUT', `/companies/1/tax-rates/${rate.id}`, { name: 'Teil neu', field_number: 303 });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(KEYS);
    expect(res.body).toMatchObject({
      name: 'Teil neu',
      field_number: 303,
      rate: 8.1,
      name_on_documents: 'Teil',
      created_at: rate.created_at,
    });
  });

  it('a PUT that changes nothing keeps updated_at; a change moves it', async () => {
    const rate = await createRate({ name: 'Still', rate: 8.1, account_id: accountId(svc, 1, 2200) });
    await new Promise((r) => setTimeout(r, 5));
    const same = await svc.call('PUT', `/companies/1/tax-rates/${rate.id}`, { name: 'Still', rate: '8.10' });
    expect(same.status).toBe(200);
    expect(same.body).toEqual(rate);
    const changed = await svc.call('PUT', `/companies/1/tax-rates/${rate.id}`, { name: 'Bewegt' });
    expect(changed.body.updated_at > rate.updated_at).toBe(true);
  });

  it('booleans: null is not true or false', async () => {
    const rate = await createRate({ name: 'Bool', rate: 8.1, account_id: accountId(svc, 1, 2200) });
    const res = await svc.call('PUT', `/companies/1/tax-rates/${rate.id}`, {
      archived: null,
      is_acquisition_tax: 'vielleicht',
    });
    expect422Fields(res, ['is_acquisition_tax', 'archived']);
    expect(res.body.errors.archived).toEqual(['The archived field must be true or false.']);
  });

  it('recomputes the method: a saldo rate makes it gross, removing it net again', async () => {
    const rate = await createRate({ name: 'Wechsel', rate: 8.1, account_id: accountId(svc, 1, 2200) });
    const gross = await svc.call('PUT', `/companies/1/tax-rates/${rate.id}`, { saldo_rate: 6.2 });
    expect(gross.body).toMatchObject({ saldo_rate: 6.2, calculation_method: 'gross' });
    const net = await svc.call('PUT', `/companies/1/tax-rates/${rate.id}`, { saldo_rate: null });
    expect(net.body).toMatchObject({ saldo_rate: null, calculation_method: 'net' });
  });

  it('an empty name_on_documents falls back to the name', async () => {
    const rate = await createRate({
      name: 'Doku',
      name_on_documents: 'Anders',
      rate: 8.1,
      account_id: accountId(svc, 1, 2200),
    });
    const res = await svc.call('PUT', `/companies/1/tax-rates/${rate.id}`, { name_on_documents: null });
    expect(res.body.name_on_documents).toBe('Doku');
  });

  it('validates like create: 422 with the keys', async () => {
    const rate = await createRate({ name: 'Val', rate: 8.1, account_id: accountId(svc, 1, 2200) });
    expect422Fields(await svc.call('PUT', `/companies/1/tax-rates/${rate.id}`, { name: null, rate: null }), [
      'name',
      'rate',
    ]);
    expect422Fields(
      await svc.call('PUT', `/companies/1/tax-rates/${rate.id}`, { account_id: accountId(svc, 1, 3400) }),
      ['account_id'],
    );
    expect422Fields(await svc.call('PUT', `/companies/1/tax-rates/${rate.id}`, { is_acquisition_tax: true }), [
      'acquisition_account_id',
    ]);
  });

  it('locks rate, saldo_rate, account_id once bookings use the rate (422 per field); the rest can change', async () => {
    const rate = await createRate({
      name: 'Gebucht',
      rate: 8.1,
      account_id: accountId(svc, 1, 2200),
      field_number: 303,
    });
    insertEntry(1, rate.id);
    const path = `/companies/1/tax-rates/${rate.id}`;
    expect422Fields(await svc.call('PUT', path, { rate: 7.7 }), ['rate']);
    expect422Fields(await svc.call('PUT', path, { saldo_rate: 6.2 }), ['saldo_rate']);
    expect422Fields(await svc.call('PUT', path, { account_id: accountId(svc, 1, 2201) }), ['account_id']);
    const all = await svc.call('PUT', path, { rate: 2.6, saldo_rate: 1, account_id: accountId(svc, 1, 2201) });
    expect422Fields(all, ['rate', 'saldo_rate', 'account_id']);
    expect(all.body.errors.rate[0]).toMatch(/Buchungen/);
    // the same values are no change
    const same = await svc.call('PUT', path, {
      rate: 8.1,
      saldo_rate: null,
      account_id: accountId(svc, 1, 2200),
      name: 'Gebucht 2',
      name_on_documents: 'MWST',
      archived: true,
      field_number: 302,
    });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({
      rate: 8.1,
      name: 'Gebucht 2',
      name_on_documents: 'MWST',
      archived: true,
      field_number: 302,
    });
  });

  it('answers 404 for a rate of another company', async () => {
    const res = await svc.call('PUT', `/companies/1/tax-rates/${taxRateId(svc, company2, 'MWST 8.1 %')}`, {
      name: 'x',
    });
    expect(res.status).toBe(404);
  });
});

describe('DELETE /tax-rates/{id}', () => {
  it('deletes with 204 and no body; then 404', async () => {
    const rate = await createRate({ name: 'Weg', rate: 1, account_id: accountId(svc, 1, 2200) });
    const res = await svc.call('DELETE', `/companies/1/tax-rates/${rate.id}`);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect((await svc.call('GET', `/companies/1/tax-rates/${rate.id}`)).status).toBe(404);
    expect((await svc.call('DELETE', `/companies/1/tax-rates/${rate.id}`)).status).toBe(404);
  });

  it('refuses with 409 and three different messages while bookings, invoices or proposals use the rate', async () => {
    const messages: string[] = [];
    const entry = await createRate({ name: 'In Buchung', rate: 1, account_id: accountId(svc, 1, 2200) });
    insertEntry(1, entry.id);
    const invoice = await createRate({ name: 'In Rechnung', rate: 1, account_id: accountId(svc, 1, 2200) });
    insertDocument('invoices', 1, invoice.id, 'R-2024-901');
    const proposal = await createRate({ name: 'In Offerte', rate: 1, account_id: accountId(svc, 1, 2200) });
    insertDocument('proposals', 1, proposal.id, 'O-2024-901');
    for (const rate of [entry, invoice, proposal]) {
      const res = await svc.call('DELETE', `/companies/1/tax-rates/${rate.id}`);
      expect(res.status).toBe(409);
      messages.push(res.body.message);
      expect((await svc.call('GET', `/companies/1/tax-rates/${rate.id}`)).status).toBe(200);
    }
    expect(messages[0]).toMatch(/Buchungen/);
    expect(messages[1]).toMatch(/Rechnungen/);
    expect(messages[2]).toMatch(/Offerten/);
    expect(new Set(messages).size).toBe(3);
  });

  it('sets customers that had the rate as default back to none', async () => {
    const rate = await createRate({ name: 'Kunde', rate: 1, account_id: accountId(svc, 1, 2200) });
    const customer = insertCustomer(1);
    run(svc.server.db, 'UPDATE customers SET tax_rate_id = ? WHERE id = ?', rate.id, customer);
    expect((await svc.call('DELETE', `/companies/1/tax-rates/${rate.id}`)).status).toBe(204);
    expect(one(svc.server.db, 'SELECT tax_rate_id FROM customers WHERE id = ?', customer)!.tax_rate_id).toBeNull();
  });

  it('answers 404 for a rate of another company and leaves it alone', async () => {
    const id = taxRateId(svc, company2, 'MWST 2.6 %');
    expect((await svc.call('DELETE', `/companies/1/tax-rates/${id}`)).status).toBe(404);
    expect(
      (await svc.call('GET', `/companies/${company2}/tax-rates/${id}`, undefined, { token: user2.token })).status,
    ).toBe(200);
  });
});

describe('tenancy', () => {
  it("lists only the company's own rates", async () => {
    const res = await svc.call('GET', `/companies/${company2}/tax-rates`, undefined, { token: user2.token });
    expect(res.body.meta.total).toBe(SEEDED);
    expect(res.body.data.every((r: any) => r.company_id === company2)).toBe(true);
  });

  it('answers 403 to a user who is not a member of the company', async () => {
    expect((await svc.call('GET', `/companies/${company2}/tax-rates`)).status).toBe(403);
  });
});

describe('older years: the rates of 2011 to 2023 and their validity', () => {
  it('valid_from and valid_until are kept on create and update (null: open); until before from is a 422', async () => {
    const rate = await createRate({
      name: 'MWST 7.6 %',
      rate: 7.6,
      account_id: accountId(svc, 1, 2200),
      field_number: 300,
      valid_from: '2001-01-01',
      valid_until: '2010-12-31',
    });
    expect(rate).toMatchObject({ valid_from: '2001-01-01', valid_until: '2010-12-31' });
    let res = await svc.call('PUT', `/companies/1/tax-rates/${rate.id}`, { valid_until: null });
    expect(res.body).toMatchObject({ valid_from: '2001-01-01', valid_until: null });
    res = await svc.call('PUT', `/companies/1/tax-rates/${rate.id}`, { valid_until: '2000-12-31' });
    expect422Fields(res, ['valid_until']);
    expect422Fields(
      await svc.call('POST', '/companies/1/tax-rates', {
        name: 'X',
        rate: 1,
        account_id: accountId(svc, 1, 2200),
        valid_from: '31.12.2010',
      }),
      ['valid_from'],
    );
  });

  it(
    'a data directory made before the rates of earlier years gets them for every company, next to its own ' +
      '(migration 11)',
    async () => {
      const { DatabaseSync } = await import('node:sqlite');
      const { MIGRATIONS } = await import('../../src/server/store/migrations.js');
      const { migrate } = await import('../../src/server/store/db.js');
      const { insertAccounts } = await import('../../src/server/store/accounts.js');
      const { STANDARD_CHART } = await import('../../src/server/domain/chart.js');
      const db = new DatabaseSync(':memory:');
      db.exec('PRAGMA foreign_keys = ON');
      for (const sql of MIGRATIONS.slice(0, 9)) db.exec(sql);
      db.exec('PRAGMA user_version = 9');
      const now = timestamp();
      // two companies as version 9 seeded them; the second has its own "MWST 7.7 %" already and no account 1171
      for (const name of ['Alt AG', 'Eigen AG']) {
        const id = Number(
          run(db, 'INSERT INTO companies (name, created_at, updated_at) VALUES (?, ?, ?)', name, now, now)
            .lastInsertRowid,
        );
        insertAccounts(
          db,
          id,
          STANDARD_CHART.filter((a) => name === 'Alt AG' || a.number !== 1171).map((a) => ({
            ...a,
            currency: 'CHF',
            iban: null,
            isPrimary: false,
          })),
        );
        const account = (n: number) =>
          Number(one(db, 'SELECT id FROM accounts WHERE company_id = ? AND number = ?', id, n)!.id);
        run(
          db,
          `INSERT INTO tax_rates (company_id, account_id, field_number, name, name_on_documents, rate,
          created_at, updated_at)
        VALUES (?, ?, 303, 'MWST 8.1 %', 'MWST 8.1 %', 810, ?, ?)`,
          id,
          account(2200),
          now,
          now,
        );
        if (name === 'Eigen AG') {
          run(
            db,
            `INSERT INTO tax_rates (company_id, account_id, field_number, name, name_on_documents, rate,
            created_at, updated_at)
          VALUES (?, ?, 302, 'MWST 7.7 %', 'MWST alt', 770, ?, ?)`,
            id,
            account(2201),
            now,
            now,
          );
        }
      }
      migrate(db);
      expect(Number(one(db, 'PRAGMA user_version')!.user_version)).toBe(MIGRATIONS.length);
      const rates = (company: number) =>
        db
          .prepare(`SELECT t.name, t.rate, t.field_number, a.number AS account, q.number AS acquisition,
          t.valid_from, t.valid_until, t.name_on_documents, t.calculation_method, t.is_acquisition_tax, t.created_at
      FROM tax_rates t JOIN accounts a ON a.id = t.account_id LEFT JOIN accounts q ON q.id = t.acquisition_account_id
      WHERE t.company_id = ? ORDER BY t.id`)
          .all(company) as Record<string, any>[];
      const alt = rates(1);
      expect(alt.map((r) => r.name)).toEqual([
        'MWST 8.1 %',
        'MWST 7.7 %',
        'MWST 2.5 %',
        'MWST 3.7 %',
        'Vorsteuer 7.7 %',
        'Vorsteuer 2.5 %',
        'Vorsteuer Investitionen 7.7 %',
        'Bezugsteuer 7.7 %',
        'MWST 8.0 %',
        'MWST 2.5 % (bis 2017)',
        'MWST 3.8 % (bis 2017)',
        'Vorsteuer 8.0 %',
        'Vorsteuer Investitionen 8.0 %',
        'Bezugsteuer 8.0 %',
      ]);
      expect(alt[0]).toMatchObject({ valid_from: '2024-01-01', valid_until: null });
      expect(alt.find((r) => r.name === 'Bezugsteuer 8.0 %')).toMatchObject({
        rate: 800,
        field_number: 381,
        account: 2200,
        acquisition: 1170,
        valid_from: '2011-01-01',
        valid_until: '2017-12-31',
        calculation_method: 'gross',
        is_acquisition_tax: 1,
      });
      expect(alt.find((r) => r.name === 'MWST 3.7 %')).toMatchObject({
        rate: 370,
        field_number: 342,
        account: 2200,
        acquisition: null,
        name_on_documents: 'MWST 3.7 %',
        calculation_method: 'net',
        is_acquisition_tax: 0,
      });
      expect(alt[1].created_at).toMatch(TIMESTAMP);
      // the company's own "MWST 7.7 %" stays as it was (no validity, its account); without 1171 no investment rates
      const eigen = rates(2);
      expect(eigen.filter((r) => r.name === 'MWST 7.7 %')).toEqual([
        expect.objectContaining({ account: 2201, name_on_documents: 'MWST alt', valid_from: null }),
      ]);
      expect(eigen.some((r) => r.name.startsWith('Vorsteuer Investitionen'))).toBe(false);
      expect(eigen).toHaveLength(12);
      db.close();
    },
  );
});
