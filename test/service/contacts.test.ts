// Contacts against the running service: list with filters and include, read, update (is_primary moves),
// delete and its 409, the two /multiple endpoints, the missing create endpoint (405) and tenancy.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/store/db.js';
import { expect422, secondTenant, useTestService, type SecondUser, type ServiceAnswer } from '../helpers/service.js';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const NOW = '2025-01-01T00:00:00.000000Z';

const svc = useTestService();
let db: Db;
let user2: SecondUser;
let company2: number;

type Contact = Record<string, any> & {
  id: number;
  name: string;
  customer_id: number;
  is_primary: boolean;
  archived: boolean;
};

function expectMessage(res: ServiceAnswer, status: number): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual({ message: expect.any(String) });
}

/** A customer with a primary contact (through contact_name) plus further contacts inserted with SQL. */
async function customerWithContacts(
  name: string,
  extra: string[] = [],
  company = 1,
  token?: string,
): Promise<{ customer: any; contacts: Contact[] }> {
  const res = await svc.call(
    'POST',
    `/companies/${company}/customers`,
    { name, contact_name: `${name} Haupt`, email: `${name.toLowerCase().replace(/\W/g, '')}@example.ch` },
    { token },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const customer = res.body.data;
  for (const n of extra) {
    db.prepare(
      'INSERT INTO contacts (company_id, customer_id, user_id, name, is_primary, created_at, updated_at) VALUES ' +
        '(?, ?, 1, ?, 0, ?, ?)',
    ).run(company, customer.id, n, NOW, NOW);
  }
  const list = await svc.call('GET', `/companies/${company}/contacts?filter[customer_id]=${customer.id}`, undefined, {
    token,
  });
  return { customer, contacts: list.body.data };
}

function insertDocument(table: 'invoices' | 'proposals', customerId: number, contactId: number): void {
  const n = `${table === 'invoices' ? 'R' : 'O'}-2025-${Math.random().toString().slice(2, 8)}`;
  if (table === 'invoices') {
    db.prepare(
      `INSERT INTO invoices (company_id, user_id, customer_id, contact_id, number, date, payable_until,
        created_at, updated_at) VALUES (1, 1, ?, ?, ?, '2025-01-01', '2025-01-31', ?, ?)`,
    ).run(customerId, contactId, n, NOW, NOW);
  } else {
    db.prepare(
      `INSERT INTO proposals (company_id, user_id, customer_id, contact_id, number, date, valid_until,
        created_at, updated_at) VALUES (1, 1, ?, ?, ?, '2025-01-01', '2025-01-15', ?, ?)`,
    ).run(customerId, contactId, n, NOW, NOW);
  }
}

const get = async (id: number, query = '') => svc.call('GET', `/companies/1/contacts/${id}${query}`);

beforeAll(() => {
  db = svc.server.db;
  ({ user: user2, company: company2 } = secondTenant(svc));
});

describe('list and read', () => {
  it('lists contacts paginated, filters by customer and archived, embeds the customer on request', async () => {
    const { customer, contacts } = await customerWithContacts('Liste AG', ['Zweite Person', 'Dritte Person']);
    expect(contacts.map((c) => [c.name, c.is_primary])).toEqual([
      ['Liste AG Haupt', true],
      ['Zweite Person', false],
      ['Dritte Person', false],
    ]);
    expect(contacts[0]).toEqual({
      id: expect.any(Number),
      company_id: 1,
      customer_id: customer.id,
      user_id: 1,
      name: 'Liste AG Haupt',
      email: null,
      phone: null,
      greeting: null,
      is_primary: true,
      archived: false,
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: expect.stringMatching(TIMESTAMP),
    });
    const paged = await svc.call('GET', `/companies/1/contacts?filter[customer_id]=${customer.id}&per_page=2&page=2`);
    expect(paged.body.data.map((c: Contact) => c.name)).toEqual(['Dritte Person']);
    expect(paged.body.meta).toMatchObject({ current_page: 2, last_page: 2, per_page: 2, total: 3, from: 3, to: 3 });
    expect((await svc.call('GET', '/companies/1/contacts')).body.meta.per_page).toBe(15);

    const withCustomer = await svc.call(
      'GET',
      `/companies/1/contacts?filter[customer_id]=${customer.id}&include=customer`,
    );
    expect(withCustomer.body.data[0].customer).toEqual({
      id: customer.id,
      name: 'Liste AG',
      number: customer.number,
      email: 'listeag@example.ch',
    });

    db.prepare('UPDATE contacts SET archived = 1 WHERE id = ?').run(contacts[2].id);
    const archived = await svc.call(
      'GET',
      `/companies/1/contacts?filter[customer_id]=${customer.id}&filter[archived]=true`,
    );
    expect(archived.body.data.map((c: Contact) => c.id)).toEqual([contacts[2].id]);
    const active = await svc.call(
      'GET',
      `/companies/1/contacts?filter[customer_id]=${customer.id}&filter[archived]=false`,
    );
    expect(active.body.data.map((c: Contact) => c.id)).toEqual([contacts[0].id, contacts[1].id]);
    const byName = await svc.call('GET', `/companies/1/contacts?filter[name]=ZWEITE`);
    expect(byName.body.data.map((c: Contact) => c.id)).toEqual([contacts[1].id]);
  });

  it('reads one contact, with the customer on request; unknown includes and bad filters answer 400', async () => {
    const { customer, contacts } = await customerWithContacts('Lesen AG');
    const plain = await get(contacts[0].id);
    expect(plain.status).toBe(200);
    expect(plain.body).toEqual({ data: contacts[0] });
    const full = await get(contacts[0].id, '?include=customer');
    expect(full.body.data.customer).toEqual({
      id: customer.id,
      name: 'Lesen AG',
      number: customer.number,
      email: 'lesenag@example.ch',
    });
    expectMessage(await get(contacts[0].id, '?include=invoices'), 400);
    expectMessage(await svc.call('GET', '/companies/1/contacts?include=nope'), 400);
    expectMessage(await svc.call('GET', '/companies/1/contacts?filter[customer_id]=abc'), 400);
    expectMessage(await svc.call('GET', '/companies/1/contacts?filter[archived]=ja'), 400);
  });

  it('answers 404 for a missing contact and 405 for POST /contacts (there is no create endpoint)', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'])
      expectMessage(
        await svc.call(method, '/companies/1/contacts/999999', method === 'PUT' ? { name: 'x' } : undefined),
        404,
      );
    const res = await svc.call('POST', '/companies/1/contacts', { name: 'Neu' });
    expectMessage(res, 405);
    expect(res.headers.get('allow')).toContain('GET');
  });
});

describe('update', () => {
  it('changes the given fields only', async () => {
    const { contacts } = await customerWithContacts('Aendern AG');
    const res = await svc.call('PUT', `/companies/1/contacts/${contacts[0].id}`, {
      email: 'neu@example.ch',
      phone: '+41 31 000 00 00',
      greeting: 'Liebe Frau Muster',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      ...contacts[0],
      email: 'neu@example.ch',
      phone: '+41 31 000 00 00',
      greeting: 'Liebe Frau Muster',
      updated_at: expect.stringMatching(TIMESTAMP),
    });
    const cleared = await svc.call('PUT', `/companies/1/contacts/${contacts[0].id}`, {
      phone: null,
      greeting: '',
      name: '  Neuer Name  ',
    });
    expect(cleared.body.data).toMatchObject({
      phone: null,
      greeting: null,
      name: 'Neuer Name',
      email: 'neu@example.ch',
    });
  });

  it('is_primary=true takes the flag from the other contacts of the same customer only', async () => {
    const { contacts } = await customerWithContacts('Primaer AG', ['Nebenperson']);
    const other = await customerWithContacts('Andere AG');
    const res = await svc.call('PUT', `/companies/1/contacts/${contacts[1].id}`, { is_primary: true });
    expect(res.status).toBe(200);
    expect(res.body.data.is_primary).toBe(true);
    expect((await get(contacts[0].id)).body.data.is_primary).toBe(false);
    expect((await get(other.contacts[0].id)).body.data.is_primary).toBe(true);
    // unsetting leaves the customer without a primary contact
    await svc.call('PUT', `/companies/1/contacts/${contacts[1].id}`, { is_primary: false });
    expect((await get(contacts[1].id)).body.data.is_primary).toBe(false);
    expect((await get(contacts[0].id)).body.data.is_primary).toBe(false);
    // archiving
    expect(
      (await svc.call('PUT', `/companies/1/contacts/${contacts[1].id}`, { archived: true })).body.data.archived,
    ).toBe(true);
  });

  it('answers 422 with the field keys', async () => {
    const { contacts } = await customerWithContacts('Fehler AG');
    const put = (body: unknown) => svc.call('PUT', `/companies/1/contacts/${contacts[0].id}`, body);
    expect422(await put({ name: '' }), { name: ['The name field is required.'] });
    expect422(await put({ name: null }), { name: ['The name field is required.'] });
    expect422(await put({ name: 'n'.repeat(256) }), {
      name: ['The name field must not be greater than 255 characters.'],
    });
    expect422(await put({ email: 'kaputt' }), { email: ['The email field must be a valid email address.'] });
    expect422(await put({ phone: 'p'.repeat(256), greeting: 'g'.repeat(256) }), {
      phone: ['The phone field must not be greater than 255 characters.'],
      greeting: ['The greeting field must not be greater than 255 characters.'],
    });
    expect422(await put({ is_primary: 'ja', archived: null }), {
      is_primary: ['The is primary field must be true or false.'],
      archived: ['The archived field must be true or false.'],
    });
    expect((await get(contacts[0].id)).body.data).toEqual(contacts[0]);
  });
});

describe('delete', () => {
  it('deletes with 204', async () => {
    const { contacts } = await customerWithContacts('Loeschen AG');
    const res = await svc.call('DELETE', `/companies/1/contacts/${contacts[0].id}`);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect((await get(contacts[0].id)).status).toBe(404);
  });

  it('answers 409 while an invoice or a proposal names the contact', async () => {
    const { customer, contacts } = await customerWithContacts('Belegt AG', ['Offertenperson']);
    insertDocument('invoices', customer.id, contacts[0].id);
    insertDocument('proposals', customer.id, contacts[1].id);
    for (const contact of contacts) {
      const res = await svc.call('DELETE', `/companies/1/contacts/${contact.id}`);
      expectMessage(res, 409);
      expect(res.body.message).toMatch(/archivieren/);
      expect((await get(contact.id)).status).toBe(200);
    }
  });
});

describe('POST /contacts/multiple and DELETE /contacts/multiple', () => {
  it('archives (archive defaults to true) and unarchives several contacts with 204', async () => {
    const { contacts } = await customerWithContacts('Bulk AG', ['Zwei', 'Drei']);
    let res = await svc.call('POST', '/companies/1/contacts/multiple', { ids: [contacts[0].id, contacts[1].id] });
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect((await get(contacts[0].id)).body.data.archived).toBe(true);
    expect((await get(contacts[1].id)).body.data.archived).toBe(true);
    expect((await get(contacts[2].id)).body.data.archived).toBe(false);
    res = await svc.call('POST', '/companies/1/contacts/multiple', { ids: contacts[0].id, archive: false });
    expect(res.status).toBe(204);
    expect((await get(contacts[0].id)).body.data.archived).toBe(false);
    res = await svc.call('POST', '/companies/1/contacts/multiple', {
      ids: `${contacts[1].id},${contacts[2].id}`,
      archive: '0',
    });
    expect(res.status).toBe(204);
    expect((await get(contacts[1].id)).body.data.archived).toBe(false);
  });

  it('deletes the free ones and silently skips those on invoices or proposals, and foreign ids', async () => {
    const { customer, contacts } = await customerWithContacts('Massen AG', ['Frei', 'Auf Rechnung']);
    insertDocument('invoices', customer.id, contacts[2].id);
    const foreign = await customerWithContacts('Fremd AG', [], company2, user2.token);
    const res = await svc.call('DELETE', '/companies/1/contacts/multiple', {
      ids: [contacts[0].id, contacts[1].id, contacts[2].id, foreign.contacts[0].id, 999999],
    });
    expect(res.status).toBe(204);
    expect((await get(contacts[0].id)).status).toBe(404);
    expect((await get(contacts[1].id)).status).toBe(404);
    expect((await get(contacts[2].id)).status).toBe(200);
    expect(
      (
        await svc.call('GET', `/companies/${company2}/contacts/${foreign.contacts[0].id}`, undefined, {
          token: user2.token,
        })
      ).status,
    ).toBe(200);
  });

  it('validates ids and archive', async () => {
    expect422(await svc.call('POST', '/companies/1/contacts/multiple', {}), { ids: ['The ids field is required.'] });
    expect422(await svc.call('POST', '/companies/1/contacts/multiple', { ids: [1], archive: 'vielleicht' }), {
      archive: ['The archive field must be true or false.'],
    });
    expect422(await svc.call('DELETE', '/companies/1/contacts/multiple', { ids: ['x'] }), {
      'ids.0': ['The ids.0 field must be an integer.'],
    });
  });
});

describe('tenancy', () => {
  it("answers 404 for another company's contact and keeps it out of lists and bulk changes", async () => {
    const foreign = await customerWithContacts('Anderswo AG', [], company2, user2.token);
    const id = foreign.contacts[0].id;
    for (const token of [undefined, user2.token]) {
      for (const [method, body] of [
        ['GET', undefined],
        ['PUT', { name: 'gekapert' }],
        ['DELETE', undefined],
      ] as const) {
        const res = await svc.call(method, `/companies/1/contacts/${id}`, body, { token });
        expectMessage(res, 404);
      }
    }
    expect((await svc.call('POST', '/companies/1/contacts/multiple', { ids: [id] })).status).toBe(204);
    const still = await svc.call('GET', `/companies/${company2}/contacts/${id}`, undefined, { token: user2.token });
    expect(still.body.data).toMatchObject({ name: 'Anderswo AG Haupt', archived: false });
    expect(
      (await svc.call('GET', `/companies/1/contacts?filter[customer_id]=${foreign.customer.id}`)).body.data,
    ).toEqual([]);
  });
});
