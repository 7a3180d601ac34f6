// The company's settings documents print (GET and PUT /settings, beyond the spec): the UID for VAT with
// its eCH-0097 check digit verified (422 naming vat_number otherwise), stored as CHE-123.456.789 however
// it was typed; the reminder texts; null clears; only an owner or admin changes them; another company's
// settings are out of reach (403). `acct server companies set --vat-number` checks the same way.
import { describe, expect, it } from 'vitest';
import { AdminError, setCompany } from '../../src/server/main.js';
import { secondTenant, secondUser, useTestService } from '../helpers/service.js';

const svc = useTestService();

describe('GET and PUT /settings', () => {
  it('answers what documents print, the UID none at first', async () => {
    const res = await svc.call('GET', '/companies/1/settings');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: 1,
      name: 'Demo AG',
      vat_number: null,
      reminder_text_one: null,
      reminder_text_two: null,
      reminder_text_three: null,
      payment_term: 30,
      creditor_name: 'Demo AG',
      creditor_country: 'CH',
    });
  });

  it('takes a UID as typed and keeps it as CHE-123.456.789, the suffix left to the documents', async () => {
    for (const typed of ['CHE123456788', 'CHE-123.456.788 MWST', 'che 123 456 788 TVA']) {
      const res = await svc.call('PUT', '/companies/1/settings', { vat_number: typed });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.vat_number).toBe('CHE-123.456.788');
    }
    expect((await svc.call('GET', '/companies/1/settings')).body.data.vat_number).toBe('CHE-123.456.788');
  });

  it('answers 422 for a UID whose check digit is wrong, or that is no UID, and keeps the old one', async () => {
    let res = await svc.call('PUT', '/companies/1/settings', { vat_number: 'CHE-123.456.789 MWST' });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message:
        'The vat number CHE-123.456.789 MWST is not a valid UID: its last digit is not the check digit of the ' +
        'eight before it.',
      errors: {
        vat_number: [
          'The vat number CHE-123.456.789 MWST is not a valid UID: its last digit is not the check digit of the ' +
            'eight before it.',
        ],
      },
    });
    res = await svc.call('PUT', '/companies/1/settings', {
      vat_number: '123456788',
      reminder_text_one: 'Bitte zahlen.',
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.vat_number).toEqual([
      'The vat number must be a UID like CHE-123.456.789 (MWST, TVA or IVA may follow), not "123456788".',
    ]);
    const now = (await svc.call('GET', '/companies/1/settings')).body.data;
    expect([now.vat_number, now.reminder_text_one]).toEqual(['CHE-123.456.788', null]);
  });

  it('sets and clears the reminder texts; null or blank clears the UID; other fields are left alone', async () => {
    let res = await svc.call('PUT', '/companies/1/settings', {
      reminder_text_three: '  Letzte Mahnung vor der Betreibung.  ',
      plan: 'business',
      name: 'Other',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      reminder_text_three: 'Letzte Mahnung vor der Betreibung.',
      name: 'Demo AG',
      vat_number: 'CHE-123.456.788',
    });
    expect(
      (await svc.call('PUT', '/companies/1/settings', { reminder_text_three: 'x'.repeat(2001) })).body.errors
        .reminder_text_three,
    ).toEqual(['The reminder text three field must not be greater than 2000 characters.']);
    res = await svc.call('PUT', '/companies/1/settings', { vat_number: null, reminder_text_three: '' });
    expect([res.body.data.vat_number, res.body.data.reminder_text_three]).toEqual([null, null]);
    expect((await svc.call('PUT', '/companies/1/settings', { vat_number: 123456788 })).body.errors.vat_number).toEqual([
      'The vat number field must be a string.',
    ]);
  });

  it("lets only an owner or admin change them; a user reads them; another company's are 403", async () => {
    const user = secondUser(svc, { email: 'user@example.com', token: 'settings-user' });
    const admin = secondUser(svc, { email: 'admin@example.com', token: 'settings-admin', role: 'admin' });
    expect((await svc.call('GET', '/companies/1/settings', undefined, { token: user.token })).status).toBe(200);
    expect(
      (await svc.call('PUT', '/companies/1/settings', { vat_number: 'CHE-123.456.788' }, { token: user.token })).status,
    ).toBe(403);
    expect(
      (await svc.call('PUT', '/companies/1/settings', { vat_number: 'CHE-123.456.788' }, { token: admin.token }))
        .status,
    ).toBe(200);
    const other = secondTenant(svc, { email: 'other@example.com', token: 'settings-other' });
    expect((await svc.call('GET', `/companies/${other.company}/settings`)).status).toBe(403);
  });
});

describe('acct server companies set --vat-number', () => {
  it('checks the UID the same way and stores it without the suffix; none clears it', () => {
    const db = svc.server.db;
    setCompany(db, 1, { vatNumber: 'CHE-109.322.551 IVA' });
    expect(db.prepare('SELECT vat_number FROM companies WHERE id = 1').get()!.vat_number).toBe('CHE-109.322.551');
    expect(() => setCompany(db, 1, { vatNumber: 'CHE-109.322.552' })).toThrow(
      new AdminError(
        '--vat-number CHE-109.322.552 is not a valid UID: its last digit is not the check digit of the eight before it',
      ),
    );
    setCompany(db, 1, { vatNumber: 'none', reminderTextOne: 'Zahlen Sie bitte.' });
    expect(db.prepare('SELECT vat_number, reminder_text_one FROM companies WHERE id = 1').get()).toEqual({
      vat_number: null,
      reminder_text_one: 'Zahlen Sie bitte.',
    });
  });
});

describe('the VAT settings a return is filed with (issue 28)', () => {
  it('are unset at first but for the basis, which is the accrual flag (off: received consideration)', async () => {
    const data = (await svc.call('GET', '/companies/1/settings')).body.data;
    expect(data).toMatchObject({ vat_method: null, vat_basis: 'received', vat_period: null, vat_net_tax_rates: [] });
  });

  it('takes the method, basis, period and up to two approved rates with their activity codes', async () => {
    const res = await svc.call('PUT', '/companies/1/settings', {
      vat_method: 'net_tax_rate',
      vat_basis: 'agreed',
      vat_period: 'semi_annual',
      vat_net_tax_rates: [
        { rate: 6.2, activity_code: '12345' },
        { rate: '0.6', activity_code: null },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      vat_method: 'net_tax_rate',
      vat_basis: 'agreed',
      vat_period: 'semi_annual',
      vat_net_tax_rates: [
        { rate: 6.2, activity_code: '12345' },
        { rate: 0.6, activity_code: null },
      ],
    });
    // the basis is the accrual flag the invoices' bookings follow: one setting
    expect(
      svc.server.db.prepare('SELECT vat_accrual_method_active FROM companies WHERE id = 1').get()!
        .vat_accrual_method_active,
    ).toBe(1);
    await svc.call('PUT', '/companies/1/settings', { vat_basis: 'received', vat_net_tax_rates: null });
    const data = (await svc.call('GET', '/companies/1/settings')).body.data;
    expect([data.vat_basis, data.vat_net_tax_rates, data.vat_method]).toEqual(['received', [], 'net_tax_rate']);
  });

  it('answers 422 naming each wrong field and changes nothing', async () => {
    const res = await svc.call('PUT', '/companies/1/settings', {
      vat_method: 'saldo',
      vat_basis: null,
      vat_period: 'yearly',
      vat_net_tax_rates: [{ rate: 6.2, activity_code: '1234' }],
      vat_number: 'CHE-123.456.788',
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      vat_method: ['The vat method must be one of effective, net_tax_rate, flat_tax_rate.'],
      vat_basis: ['The vat basis must be one of agreed, received.'],
      vat_period: ['The vat period must be one of quarterly, semi_annual, monthly.'],
      vat_net_tax_rates: ['The vat net tax rates: the activity code "1234" is not five digits.'],
    });
    const three = [{ rate: 6.2 }, { rate: 0.6 }, { rate: 1.2 }];
    expect(
      (await svc.call('PUT', '/companies/1/settings', { vat_net_tax_rates: three })).body.errors.vat_net_tax_rates,
    ).toEqual(['The vat net tax rates: at most 2 approved rates, not 3.']);
    expect(
      (await svc.call('PUT', '/companies/1/settings', { vat_net_tax_rates: [{ rate: 6.125 }] })).body.errors
        .vat_net_tax_rates,
    ).toEqual(['The vat net tax rates: each rate must be a percentage above 0 with at most two decimals, like 6.2.']);
    expect((await svc.call('GET', '/companies/1/settings')).body.data.vat_period).toBe('semi_annual');
  });

  it('are set by acct server companies set the same way', () => {
    const db = svc.server.db;
    setCompany(db, 1, {
      vatMethod: 'flat_tax_rate',
      vatPeriod: 'quarterly',
      vatBasis: 'agreed',
      vatNetTaxRates: '6.2:12345, 0.6:54321',
    });
    expect(
      db
        .prepare(
          'SELECT vat_method, vat_period, vat_accrual_method_active, vat_net_tax_rates FROM companies WHERE id = 1',
        )
        .get(),
    ).toEqual({
      vat_method: 'flat_tax_rate',
      vat_period: 'quarterly',
      vat_accrual_method_active: 1,
      vat_net_tax_rates: JSON.stringify([
        { rate: 620, activity_code: '12345' },
        { rate: 60, activity_code: '54321' },
      ]),
    });
    expect(() => setCompany(db, 1, { vatNetTaxRates: '6.2:12345,6.2' })).toThrow(
      new AdminError('--vat-net-tax-rates: the same rate is given twice'),
    );
    expect(() => setCompany(db, 1, { vatMethod: 'saldo' })).toThrow(
      new AdminError('--vat-method must be one of effective, net_tax_rate, flat_tax_rate'),
    );
    expect(() => setCompany(db, 1, { vatBasis: 'agreed', vatAccrual: 'off' })).toThrow(AdminError);
    setCompany(db, 1, { vatMethod: 'none', vatNetTaxRates: 'none' });
    expect(db.prepare('SELECT vat_method, vat_net_tax_rates FROM companies WHERE id = 1').get()).toEqual({
      vat_method: null,
      vat_net_tax_rates: null,
    });
  });
});
