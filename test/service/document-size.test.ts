// The largest document the service takes is one whose PDF renders in about a second: at most 500
// positions (children counted) however they arrive, and 600,000 characters of text in all (positions
// and remarks). A change past either is a 422 on positions, and nothing of it is kept.
import { beforeAll, describe, expect, it } from 'vitest';
import { newCompany, useTestService } from '../helpers/service.js';

const svc = useTestService();
let company: number;
let customer: number;
beforeAll(async () => {
  company = newCompany(svc, 'Gross GmbH');
  customer = (await svc.call('POST', `/companies/${company}/customers`, { name: 'Leser AG' })).body.data.id;
});

// ends in a letter: the service trims what it is sent
const text = (n: number) => `${'Lorem ipsum dolor sit amet, '.repeat(Math.ceil(n / 28)).slice(0, n - 1)}.`;
const line = (chars: number) => ({ description: text(chars), amount: 1, price: 10 });

describe('the size of a document', () => {
  it('600,000 characters are taken; one more is 422 on positions: on create, update, positions endpoint', async () => {
    const base = `/companies/${company}/invoices`;
    const full = await svc.call('POST', base, {
      customer_id: customer,
      positions: [...Array.from({ length: 9 }, () => line(65535)), line(10185)],
    });
    expect(full.status, JSON.stringify(full.body)).toBe(201);
    const over = await svc.call('POST', base, {
      customer_id: customer,
      positions: [...Array.from({ length: 9 }, () => line(65535)), line(10186)],
    });
    expect(over.status).toBe(422);
    expect(over.body.errors.positions[0]).toBe(
      "The document's texts (positions and remarks) must not have more than 600000 characters together.",
    );
    // remarks count too
    expect((await svc.call('PUT', `${base}/${full.body.id}`, { remarks: 'x' })).status).toBe(422);
    expect((await svc.call('POST', `${base}/${full.body.id}/positions`, line(1))).status).toBe(422);
    const kept = (await svc.call('GET', `${base}/${full.body.id}`)).body.data;
    expect(kept.positions).toHaveLength(10);
    expect(kept.remarks).toBeNull();
  });

  it('the positions endpoint stops at 500 positions, as a create does', async () => {
    const base = `/companies/${company}/proposals`;
    const created = await svc.call('POST', base, {
      customer_id: customer,
      positions: Array.from({ length: 500 }, () => ({ description: 'P', amount: 1, price: 1 })),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const more = await svc.call('POST', `${base}/${created.body.id}/positions`, {
      description: 'Eine zu viel',
      amount: 1,
      price: 1,
    });
    expect(more.status).toBe(422);
    expect(more.body.errors.positions[0]).toBe('The positions field must not have more than 500 items.');
    expect((await svc.call('GET', `${base}/${created.body.id}/positions`)).body.data).toHaveLength(500);
  }, 30_000);
});
