// `acct contacts …` against the service: list with --customer by number or name, get with the customer,
// update (--primary moves the flag), delete and its 409, archive, bulk-delete and reference errors.
import { beforeAll, describe, expect, test } from 'vitest';
import { addCompany } from '../../src/server/main.js';
import { tsv } from './support.js';
import { useCliAgainstService } from '../helpers/cli-suite.js';

const cli = useCliAgainstService();
const { acct } = cli;
const NOW = '2025-01-01T00:00:00.000000Z';

/** A customer with a primary contact `<name> Haupt` and further contacts; answers the contacts' ids by name. */
async function customer(
  name: string,
  number: number,
  extra: string[] = [],
  company = 1,
): Promise<{ id: number; contacts: Record<string, number> }> {
  const res = await cli.svc.call('POST', `/companies/${company}/customers`, {
    name,
    number,
    contact_name: `${name} Haupt`,
  });
  expect(res.status).toBe(200);
  const id = res.body.data.id as number;
  for (const n of extra) {
    cli.svc.server.db
      .prepare(
        'INSERT INTO contacts (company_id, customer_id, user_id, name, is_primary, created_at, updated_at) VALUES ' +
          '(?, ?, 1, ?, 0, ?, ?)',
      )
      .run(company, id, n, NOW, NOW);
  }
  const list = await cli.svc.call('GET', `/companies/${company}/contacts?filter[customer_id]=${id}`);
  return { id, contacts: Object.fromEntries(list.body.data.map((c: any) => [c.name, c.id])) };
}

const contact = async (id: number) => (await cli.svc.call('GET', `/companies/1/contacts/${id}`)).body.data;

describe('list and get', () => {
  // a company of its own with Muster AG (1001) and Andere AG (1002), whose three contacts are all its contacts
  let own: number;
  let muster: { id: number; contacts: Record<string, number> };
  beforeAll(async () => {
    own = addCompany(cli.svc.server.db, 'Kontakte AG', 1);
    muster = await customer('Muster AG', 1001, ['Max Muster'], own);
    await customer('Andere AG', 1002, [], own);
  });

  test('--customer takes a number or a name; --include customer fills customer.name', async () => {
    for (const ref of ['1001', 'muster ag', `id:${muster.id}`]) {
      const r = await acct(['contacts', 'list', '--customer', ref], { company: own });
      expect(r.code, r.stderr).toBe(0);
      expect(tsv(r.stdout)).toEqual([
        ['id', 'name', 'email', 'phone', 'is_primary', 'archived', 'customer_id'],
        [String(muster.contacts['Muster AG Haupt']), 'Muster AG Haupt', '', '', 'true', 'false', String(muster.id)],
        [String(muster.contacts['Max Muster']), 'Max Muster', '', '', 'false', 'false', String(muster.id)],
      ]);
    }
    const r = await acct(
      ['contacts', 'list', '--include', 'customer', '--fields', 'name,customer.number,customer.name'],
      { company: own },
    );
    expect(tsv(r.stdout)).toEqual([
      ['name', 'customer.number', 'customer.name'],
      ['Muster AG Haupt', '1001', 'Muster AG'],
      ['Max Muster', '1001', 'Muster AG'],
      ['Andere AG Haupt', '1002', 'Andere AG'],
    ]);
  });

  test('an unknown --customer → exit 2 with candidates', async () => {
    const r = await acct(['contacts', 'list', '--customer', 'Muster'], { company: own });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no customer "Muster" (--customer)');
    expect(r.stderr).toContain('1001 Muster AG');
  });

  test('get by id or exact name, with the customer on request', async () => {
    const r = await acct(['contacts', 'get', 'max muster', '--include', 'customer', '--json'], { company: own });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      name: 'Max Muster',
      is_primary: false,
      customer: { name: 'Muster AG', number: 1001 },
    });
    const plain = JSON.parse((await acct(['contacts', 'get', 'Max Muster', '--json'], { company: own })).stdout);
    expect(plain).not.toHaveProperty('customer');
    const missing = await acct(['contacts', 'get', 'Niemand'], { company: own });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no contact "Niemand"');
  });

  test('an ambiguous contact name → exit 2 listing the candidates', async () => {
    await customer('Gleich Eins', 1101, ['Peter Gleich']);
    await customer('Gleich Zwei', 1102, ['Peter Gleich']);
    const r = await acct(['contacts', 'get', 'Peter Gleich']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('matches several contacts; use id:N');
    expect(r.stderr).toMatch(/candidates: \d+ \(Peter Gleich\), \d+ \(Peter Gleich\)/);
  });
});

describe('update, delete, archive, bulk-delete', () => {
  test('update --primary moves the flag; a bad e-mail → exit 3', async () => {
    const c = await customer('Primaer AG', 2001, ['Neue Chefin']);
    let r = await acct(['contacts', 'update', 'Neue Chefin', '--primary', '--email', 'chefin@primaer.ch', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ is_primary: true, email: 'chefin@primaer.ch' });
    expect((await contact(c.contacts['Primaer AG Haupt'])).is_primary).toBe(false);
    r = await acct(['contacts', 'update', String(c.contacts['Neue Chefin']), '--email', 'kaputt']);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('email: The email field must be a valid email address.');
  });

  test('delete removes a free contact and refuses one on an invoice (exit 6)', async () => {
    const c = await customer('Loesch AG', 3001, ['Auf Rechnung']);
    cli.svc.server.db
      .prepare(
        `INSERT INTO invoices (company_id, user_id, customer_id, contact_id, number, date, payable_until, ` +
          `created_at, updated_at) VALUES (1, 1, ?, ?, 'R-2025-901', '2025-01-01', '2025-01-31', ?, ?)`,
      )
      .run(c.id, c.contacts['Auf Rechnung'], NOW, NOW);
    let r = await acct(['contacts', 'delete', String(c.contacts['Loesch AG Haupt']), '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`Deleted contact ${c.contacts['Loesch AG Haupt']}.`);
    r = await acct(['contacts', 'delete', 'Auf Rechnung', '--yes']);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('Rechnungen');
  });

  test('archive and unarchive several contacts', async () => {
    const c = await customer('Archiv AG', 4001, ['Archiv Zwei']);
    let r = await acct(['contacts', 'archive', 'Archiv AG Haupt', String(c.contacts['Archiv Zwei'])]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Archived 2 contacts.');
    expect((await contact(c.contacts['Archiv Zwei'])).archived).toBe(true);
    const active = await acct(['contacts', 'list', '--customer', '4001', '--no-archived']);
    expect(tsv(active.stdout)).toHaveLength(1);
    r = await acct(['contacts', 'unarchive', String(c.contacts['Archiv Zwei'])]);
    expect(r.code).toBe(0);
    expect((await contact(c.contacts['Archiv Zwei'])).archived).toBe(false);
    expect((await contact(c.contacts['Archiv AG Haupt'])).archived).toBe(true);
  });

  test('bulk-delete reports the contacts it had to keep; an unknown id stops it before deleting', async () => {
    const c = await customer('Masse AG', 5001, ['Auf Offerte']);
    cli.svc.server.db
      .prepare(
        `INSERT INTO proposals (company_id, user_id, customer_id, contact_id, number, date, valid_until, ` +
          `created_at, updated_at) VALUES (1, 1, ?, ?, 'O-2025-901', '2025-01-01', '2025-01-15', ?, ?)`,
      )
      .run(c.id, c.contacts['Auf Offerte'], NOW, NOW);
    let r = await acct(['contacts', 'bulk-delete', String(c.contacts['Masse AG Haupt']), 'id:999999', '--yes']);
    expect(r.code).toBe(5);
    expect((await cli.svc.call('GET', `/companies/1/contacts/${c.contacts['Masse AG Haupt']}`)).status).toBe(200);
    r = await acct(['contacts', 'bulk-delete', String(c.contacts['Masse AG Haupt']), 'Auf Offerte', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Deleted 1 of 2 contacts.');
    expect(r.stderr).toContain(
      `Kept (on invoices or proposals; archive instead): ${c.contacts['Auf Offerte']} Auf Offerte`,
    );
  });

  test('there is no create verb', async () => {
    const r = await acct(['contacts', 'create', '--name', 'X']);
    expect(r.code).toBe(2);
  });
});
