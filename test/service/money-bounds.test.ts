// Amounts that cannot overflow: every money value the service takes or computes (a position's sum, a
// document's total, a booking's sum, a statement's amount) is at most CHF 999'999'999.99, a larger one is
// a 422 on the field that carries it, and the lists and balances answer 200 with exact sums for any data
// the service accepted (a property test), also past 2^53 Rappen.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expect422Fields, newCompany, taxRateId, useTestService, type ServiceAnswer } from '../helpers/service.js';
import { camt054 } from '../helpers/import-entries.js';
import { run } from '../../src/server/store/db.js';

const svc = useTestService();

async function companyWithCustomer(name: string): Promise<{ company: number; customer: number }> {
  const company = newCompany(svc, name);
  const res = await svc.call('POST', `/companies/${company}/customers`, { name: 'Gross AG' });
  expect(res.status).toBe(200);
  return { company, customer: res.body.data.id };
}

/** A 422 on `key` alone, its message matching `pattern`. */
function expect422Matching(res: ServiceAnswer, key: string, pattern: RegExp): void {
  expect422Fields(res, [key]);
  expect(res.body.errors[key][0]).toMatch(pattern);
}

describe('bounds on what a document carries', () => {
  it(
    'a position of 999999.999 × 999999999.99 is a 422 on its price, on create and on the positions endpoint; ' +
      'nothing is stored',
    async () => {
      const { company, customer } = await companyWithCustomer('Bounds 1');
      const huge = { description: 'Zu viel', amount: 999999.999, price: 999999999.99 };
      expect422Matching(
        await svc.call('POST', `/companies/${company}/invoices`, { customer_id: customer, positions: [huge] }),
        'positions',
        /^The positions\.0\.price field times the amount must not be greater than 999'999'999\.99\.$/,
      );
      const ok = await svc.call('POST', `/companies/${company}/invoices`, {
        customer_id: customer,
        positions: [{ description: 'Klein', amount: 1, price: 10 }],
      });
      expect(ok.status).toBe(201);
      expect422Matching(
        await svc.call('POST', `/companies/${company}/invoices/${ok.body.id}/positions`, huge),
        'price',
        /times the amount/,
      );
      const list = await svc.call('GET', `/companies/${company}/invoices`);
      expect(list.status).toBe(200);
      expect(list.body.meta).toMatchObject({ total: 1, sum: 10 });
    },
  );

  it('11 invoices of 9007 × 999999999.99 are each refused, and the list still answers', async () => {
    const { company, customer } = await companyWithCustomer('Bounds 2');
    for (let i = 0; i < 11; i++) {
      expect422Matching(
        await svc.call('POST', `/companies/${company}/invoices`, {
          customer_id: customer,
          positions: [{ description: 'X', amount: 9007, price: 999999999.99 }],
        }),
        'positions',
        /positions\.0\.price field times the amount/,
      );
    }
    expect((await svc.call('GET', `/companies/${company}/invoices`)).body.meta).toMatchObject({ total: 0, sum: 0 });
  });

  it(
    'positions within bounds whose total (or total with VAT) is too large: 422 on positions; an added position ' +
      'that would make it so changes nothing',
    async () => {
      const { company, customer } = await companyWithCustomer('Bounds 3');
      const half = { description: 'Hälfte', amount: 1, price: 600000000 };
      expect422Matching(
        await svc.call('POST', `/companies/${company}/invoices`, { customer_id: customer, positions: [half, half] }),
        'positions',
        /total of the positions must not be greater than 999'999'999\.99/,
      );
      const vat = taxRateId(svc, company, 'MWST 8.1 %');
      const top = { description: 'Maximum', amount: 1, price: 999999999.99 };
      expect422Matching(
        await svc.call('POST', `/companies/${company}/invoices`, {
          customer_id: customer,
          tax_rate_id: vat,
          positions: [top],
        }),
        'positions',
        /total of the positions/,
      );
      // the maximum itself is taken
      const max = await svc.call('POST', `/companies/${company}/invoices`, { customer_id: customer, positions: [top] });
      expect(max.status, JSON.stringify(max.body)).toBe(201);
      const one = await svc.call('POST', `/companies/${company}/invoices`, {
        customer_id: customer,
        positions: [half],
      });
      expect422Matching(
        await svc.call('POST', `/companies/${company}/invoices/${one.body.id}/positions`, half),
        'positions',
        /total of the positions/,
      );
      const after = await svc.call('GET', `/companies/${company}/invoices/${one.body.id}`);
      expect(after.body.data.positions).toHaveLength(1);
      expect(after.body.data.final_value).toBe(600000000);
    },
  );

  it('a bank statement with an amount over the bound is refused whole (422 errors.file)', async () => {
    const { company } = await companyWithCustomer('Bounds 4');
    const form = new FormData();
    form.append(
      'file',
      new Blob(
        [
          camt054(null, [
            { amount: '1000000000.00', ref: 'BIG-1' },
            { amount: '5.00', ref: 'SMALL-1' },
          ]),
        ],
        { type: 'application/xml' },
      ),
      's.xml',
    );
    const res = await svc.call('POST', `/companies/${company}/entries/import/camt-upload`, form);
    expect(res.status).toBe(422);
    expect(res.body.errors.file[0]).toMatch(/larger than the service takes/);
    expect((await svc.call('GET', `/companies/${company}/entries/import`)).body.data).toEqual([]);
  });
});

describe('sums past 2^53 Rappen', () => {
  it('the documents list reads its sum exactly, written as the exact decimal, and the balances answer', async () => {
    const { company, customer } = await companyWithCustomer('Bounds 5');
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        (
          await svc.call('POST', `/companies/${company}/invoices`, {
            customer_id: customer,
            positions: [{ description: 'X', amount: 1, price: 1 }],
          })
        ).body.id,
      );
    // what 90'000 invoices at the maximum would add up to, stored directly: the read path must stay exact
    for (const id of ids)
      run(svc.server.db, 'UPDATE invoices SET final_value = ? WHERE id = ?', 4_000_000_000_000_001, id);
    const res = await fetch(`${svc.url}/companies/${company}/invoices`, {
      headers: { Authorization: `Bearer ${svc.token}`, Accept: 'application/json' },
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    // 3 × 4'000'000'000'000'000.01 Rappen: past Number.MAX_SAFE_INTEGER, where a number would round
    expect(text).toContain('"sum":120000000000000.03,');
    expect(JSON.parse(text).meta.sum_formatted).toBe("CHF 120'000'000'000'000.03");
    expect((await svc.call('GET', `/companies/${company}/accounts?start=2026-01-01&until=2026-12-31`)).status).toBe(
      200,
    );
    expect((await svc.call('GET', `/companies/${company}/customers`)).status).toBe(200);
  });
});

describe('property: lists and balances stay 200 for anything accepted', () => {
  it('random documents at and around the bounds: each is created or refused with a 422 on positions; the lists, ' +
    'balances and customers answer 200 with exact sums', async () => {
    const { company, customer } = await companyWithCustomer('Bounds property');
    const vat = taxRateId(svc, company, 'MWST 8.1 %');
    let expected = 0n;
    const scaled = (max: number, places: number) =>
      fc.integer({ min: 0, max }).map((n) => (n / 10 ** places).toFixed(places));
    // at the bounds, anywhere below them, and everyday figures, so that many documents are taken
    // everyday figures weigh most, so that about half the documents are taken and the checks below have something to
    // add up
    const amount = fc.oneof(fc.constant('999999.999'), fc.constant('9007'), fc.constant('1'), scaled(999_999_999, 3), {
      arbitrary: scaled(100_000, 3),
      weight: 4,
    });
    const price = fc.oneof(fc.constant('999999999.99'), fc.constant('0.01'), scaled(99_999_999_999, 2), {
      arbitrary: scaled(10_000_000, 2),
      weight: 4,
    });
    let created = 0;
    let refused = 0;
    const position = fc.record({ description: fc.constant('P'), amount, price });
    await fc.assert(
      fc.asyncProperty(
        fc.array(position, { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        fc.boolean(),
        async (positions, withVat, pay) => {
          const res = await svc.call('POST', `/companies/${company}/invoices`, {
            customer_id: customer,
            tax_rate_id: withVat ? vat : null,
            positions,
          });
          if (res.status === 422) {
            expect(Object.keys(res.body.errors), JSON.stringify(res.body)).toEqual(['positions']);
            refused++;
            return;
          }
          expect(res.status, JSON.stringify(res.body)).toBe(201);
          created++;
          const doc = (await svc.call('GET', `/companies/${company}/invoices/${res.body.id}`)).body.data;
          expect(Math.abs(doc.final_value)).toBeLessThanOrEqual(999999999.99);
          expected += BigInt(Math.round(doc.final_value * 100));
          if (pay) {
            expect(
              (await svc.call('GET', `/companies/${company}/invoices/${res.body.id}/mark-as?status=sent`)).status,
            ).toBe(200);
            const paid = await svc.call(
              'GET',
              `/companies/${company}/invoices/${res.body.id}/mark-as?status=paid&createEntry=true&paidDate=2026-06-30`,
            );
            expect(paid.status, JSON.stringify(paid.body)).toBe(200);
          }
        },
      ),
      { numRuns: 60 },
    );
    expect(created).toBeGreaterThan(10);
    expect(refused).toBeGreaterThan(5);
    const list = await svc.call('GET', `/companies/${company}/invoices`);
    expect(list.status).toBe(200);
    expect(BigInt(Math.round(list.body.meta.sum * 100))).toBe(expected);
    for (const path of [
      '/accounts?start=2026-01-01&until=2026-12-31',
      '/accounts',
      '/customers',
      '/entries',
      `/customers/${customer}`,
    ]) {
      expect((await svc.call('GET', `/companies/${company}${path}`)).status, path).toBe(200);
    }
  }, 120_000);
});
