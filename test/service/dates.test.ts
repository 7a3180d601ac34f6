// The calendar runs from 1000-01-01 to 9999-12-31 (what YYYY-MM-DD holds): a date outside is refused
// wherever one is taken (422 in a body or a query parameter that is validated, 400 in a filter), a due
// date worked out past the end refuses the date it comes from, and week listings stop at the end of the
// calendar: no answer ever shows a date like "+010000-01-02".
import { beforeAll, describe, expect, it } from 'vitest';
import { accountId, useTestService } from '../helpers/service.js';

const svc = useTestService();
let customer: number;
let project: number;
const acc = (number: number) => accountId(svc, 1, number);
const positions = JSON.stringify([{ description: 'Beratung', amount: 1, price: 100 }]);

beforeAll(async () => {
  customer = (await svc.call('POST', '/companies/1/customers', { name: 'Kalender AG' })).body.data.id;
  project = (await svc.call('POST', '/companies/1/projects', { name: 'Kalender', customer_id: customer })).body.data.id;
});

/** No date in the answer has more than four year digits or a sign. */
const expectNoOddDates = (body: unknown) => expect(JSON.stringify(body)).not.toMatch(/[+-]0\d{5}|\b\d{5}-\d{2}|\.\+0/);

describe('dates outside 1000-01-01 … 9999-12-31 are refused', () => {
  const booking = (date: string) =>
    svc.call('POST', '/companies/1/entries', {
      date,
      debit_account_id: acc(1020),
      credit_account_id: acc(3400),
      sum: 10,
    });

  it('takes the first and the last day of the calendar', async () => {
    for (const date of ['1000-01-01', '9999-12-31']) {
      const res = await booking(date);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.date).toBe(date);
      expectNoOddDates(res.body);
    }
  });

  it('answers 422 naming the field in every body that takes a date', async () => {
    const invalid = { date: ['The date field must be a valid date.'] };
    for (const date of ['0999-12-31', '0100-01-01', '10000-01-01', '+010000-01-01'])
      expect((await booking(date)).body.errors).toEqual(invalid);
    expect((await booking('0999-12-31')).status).toBe(422);
    const checks: [string, string, unknown, string][] = [
      ['POST', '/companies/1/invoices', { customer_id: customer, date: '0999-12-31', positions }, 'date'],
      [
        'POST',
        '/companies/1/invoices',
        { customer_id: customer, payable_until: '0999-12-31', positions },
        'payable_until',
      ],
      [
        'POST',
        '/companies/1/proposals',
        { customer_id: customer, valid_until: '0500-06-30', positions },
        'valid_until',
      ],
      [
        'POST',
        '/companies/1/invoices',
        {
          customer_id: customer,
          positions: JSON.stringify([{ description: 'x', amount: 1, price: 1, date: '0999-01-01' }]),
        },
        'positions',
      ],
      ['POST', '/companies/1/projects', { name: 'Alt', customer_id: customer, start_date: '0999-01-01' }, 'start_date'],
      ['POST', '/companies/1/times', { project_id: project, date: '31.12.0999', hours: 1, minutes: 0 }, 'date'],
      ['POST', '/companies/1/tasks', { title: 'Alt', due: '0999-12-31', project_id: project }, 'due'],
    ];
    for (const [method, path, body, field] of checks) {
      const res = await svc.call(method, path, body);
      expect([path, field, res.status, Object.keys(res.body.errors ?? {})]).toEqual([path, field, 422, [field]]);
    }
  });

  it('answers 422 to a validated query parameter and 400 to a filter', async () => {
    const accounts = await svc.call('GET', '/companies/1/accounts?start=0999-12-31');
    expect([accounts.status, accounts.body.errors]).toEqual([
      422,
      { start: ['The start field must be a valid date.'] },
    ]);
    const invoice = (
      await svc.call('POST', '/companies/1/invoices', { customer_id: customer, date: '2026-03-02', positions })
    ).body.id;
    expect((await svc.call('GET', `/companies/1/invoices/${invoice}/mark-as?status=sent`)).status).toBe(200);
    const paid = await svc.call(
      'GET',
      `/companies/1/invoices/${invoice}/mark-as?status=paid&createEntry=true&paidDate=0999-12-31`,
    );
    expect([paid.status, paid.body.errors]).toEqual([422, { paidDate: ['The paidDate field must be a valid date.'] }]);
    for (const path of [
      '/companies/1/entries?filter[date]=0999-01-01,2026-12-31',
      '/companies/1/invoices?filter[date]=0999-01-01',
      '/companies/1/proposals?filter[date]=,0999-12-31',
      '/companies/1/times?filter[date]=0999-12-31',
    ]) {
      const res = await svc.call('GET', path);
      expect([path, res.status, res.body.message]).toEqual([
        path,
        400,
        expect.stringMatching(/^filter\[date\] must be a date/),
      ]);
    }
  });
});

describe('dates the service works out stay within the calendar', () => {
  it('refuses a document date whose default due date falls past 9999-12-31, naming the latest that fits', async () => {
    const late = await svc.call('POST', '/companies/1/invoices', {
      customer_id: customer,
      date: '9999-12-31',
      positions,
    });
    expect([late.status, late.body.errors]).toEqual([
      422,
      { date: ['The date field must be a date before or equal to 9999-12-01.'] },
    ]);
    const fits = await svc.call('POST', '/companies/1/invoices', {
      customer_id: customer,
      date: '9999-12-01',
      positions,
    });
    expect(fits.status, JSON.stringify(fits.body)).toBe(201);
    expect((await svc.call('GET', `/companies/1/invoices/${fits.body.id}`)).body.data.payable_until).toBe('9999-12-31');
    // a due date given by the client needs no room
    const given = await svc.call('POST', '/companies/1/invoices', {
      customer_id: customer,
      date: '9999-12-31',
      payable_until: '9999-12-31',
      positions,
    });
    expect(given.status).toBe(201);
    const proposal = await svc.call('POST', '/companies/1/proposals', {
      customer_id: customer,
      date: '9999-12-31',
      positions,
    });
    expect([proposal.status, proposal.body.errors]).toEqual([
      422,
      { date: ['The date field must be a date before or equal to 9999-12-17.'] },
    ]);
    const offer = await svc.call('POST', '/companies/1/proposals', {
      customer_id: customer,
      date: '9999-12-17',
      positions,
    });
    expect((await svc.call('GET', `/companies/1/proposals/${offer.body.id}`)).body.data.valid_until).toBe('9999-12-31');
  });

  it("ends the calendar's last week on Friday 9999-12-31 and starts the first on Wednesday 1000-01-01", async () => {
    for (const date of ['9999-12-31', '1000-01-01']) {
      expect(
        (await svc.call('POST', '/companies/1/times', { project_id: project, date, hours: 1, minutes: 30 })).status,
      ).toBe(201);
    }
    const weeks = await svc.call('GET', `/companies/1/times?group_by_weeks=1&filter[project_id]=${project}`);
    expect(weeks.status).toBe(200);
    expectNoOddDates(weeks.body);
    const [last, first] = weeks.body.data;
    expect(last).toMatchObject({
      year: 9999,
      label: '9999-W52',
      start: '9999-12-27',
      end: '9999-12-31',
      formatted_end: '31.12.9999',
      minutes: 90,
    });
    expect(last.days.map((d: any) => d.date)).toEqual([
      '9999-12-27',
      '9999-12-28',
      '9999-12-29',
      '9999-12-30',
      '9999-12-31',
    ]);
    expect(first).toMatchObject({ start: '1000-01-01', end: '1000-01-05', minutes: 90 });
    expect(first.days.map((d: any) => d.weekday_name)).toEqual([
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);

    const sheet = await svc.call('GET', `/companies/1/times?group_by_week_project_days=1&filter[date]=9999-12-31`);
    expect(sheet.status).toBe(200);
    expectNoOddDates(sheet.body);
    expect(sheet.body.data).toHaveLength(1);
    expect(sheet.body.data[0]).toMatchObject({ start: '9999-12-27', end: '9999-12-31', minutes: 90, count: 1 });
    expect(sheet.body.data[0].days.map((d: any) => d.date)).toEqual([
      '9999-12-27',
      '9999-12-28',
      '9999-12-29',
      '9999-12-30',
      '9999-12-31',
    ]);
    expect(sheet.body.data[0].projects[0].days.at(-1)).toMatchObject({ date: '9999-12-31', minutes: 90 });
  });
});
