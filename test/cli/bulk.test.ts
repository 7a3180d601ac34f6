// Bulk and archive verbs check every record typed before anything changes: an id of nothing is exit 5
// naming it (a name of nothing exit 2), and the records given beside it stay as they were.
import { resolve } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { seed } from './support.js';
import { useCliAgainstService } from '../helpers/cli-suite.js';

const NOTIFICATION = resolve(import.meta.dirname, '../fixtures/camt/camt054-v04-example.xml');

const cli = useCliAgainstService();
const { acct } = cli;
const ids: Record<string, number> = {};
const get = async (path: string) => {
  const r = await cli.svc.call('GET', `/companies/1/${path}`);
  return r.body.data ?? r.body;
};

beforeAll(async () => {
  const customer = await seed(cli.svc, 'customers', { name: 'Muster AG', contact_name: 'Anna Muster' });
  ids.customer = customer.id;
  ids.contact = (await get(`contacts?filter[customer_id]=${customer.id}`))[0].id;
  ids.project = (await seed(cli.svc, 'projects', { name: 'Website', customer_id: customer.id })).id;
  ids.service = (await seed(cli.svc, 'services', { name: 'Programmierung', hourly_rate: 100 })).id;
  ids.time = (await seed(cli.svc, 'times', { project_id: ids.project, date: '2026-03-02', hours: 1, minutes: 0 })).id;
  ids.invoice = (
    await seed(cli.svc, 'invoices', {
      customer_id: customer.id,
      date: '2026-03-02',
      positions: [{ type: 'position', description: 'X', amount: 1, price: 10 }],
    })
  ).id;
  expect((await acct(['import', 'upload-camt', NOTIFICATION, '--bank-account', '1020'])).code).toBe(0);
  ids.import = (await cli.svc.call('GET', '/companies/1/entries/import?limit=all')).body.data[0].id;
});

describe.concurrent('an id of nothing beside a real one: exit 5 naming it, nothing changed', () => {
  // [verb, its arguments, what it would change, that value before]; ids are known once beforeAll ran
  const cases: [string, () => string[], () => Promise<unknown>, () => unknown][] = [
    [
      'projects archive',
      () => ['projects', 'archive', 'Website', '999999'],
      async () => (await get(`projects/${ids.project}`)).archived,
      () => false,
    ],
    [
      'services archive',
      () => ['services', 'archive', String(ids.service), '999999'],
      async () => (await get(`services/${ids.service}`)).archived,
      () => false,
    ],
    [
      'customers archive',
      () => ['customers', 'archive', 'Muster AG', 'id:999999'],
      async () => (await get(`customers/${ids.customer}`)).archived,
      () => false,
    ],
    [
      'contacts archive',
      () => ['contacts', 'archive', String(ids.contact), '999999'],
      async () => (await get(`contacts/${ids.contact}`)).archived,
      () => false,
    ],
    [
      'services bulk-update',
      () => ['services', 'bulk-update', 'Programmierung', '999999', '--hourly-rate', '10'],
      async () => (await get(`services/${ids.service}`)).hourly_rate,
      () => '100.00',
    ],
    [
      'times bulk-update',
      () => ['times', 'bulk-update', String(ids.time), '999999', '--billable'],
      async () => (await get(`times/${ids.time}`)).billable,
      () => false,
    ],
    [
      'times bulk-delete',
      () => ['times', 'bulk-delete', String(ids.time), '999999', '--yes'],
      async () => (await get(`times/${ids.time}`)).id,
      () => ids.time,
    ],
    [
      'invoices batch-mark-as',
      () => ['invoices', 'batch-mark-as', 'sent', String(ids.invoice), '999999'],
      async () => (await get(`invoices/${ids.invoice}`)).status,
      () => 'open',
    ],
    [
      'invoices batch-delete',
      () => ['invoices', 'batch-delete', String(ids.invoice), '999999', '--yes'],
      async () => (await get(`invoices/${ids.invoice}`)).id,
      () => ids.invoice,
    ],
    [
      'import delete',
      () => ['import', 'delete', String(ids.import), '999999', '--yes'],
      async () => (await get(`entries/import/${ids.import}`)).status,
      () => 'open',
    ],
    [
      'import ignore',
      () => ['import', 'ignore', String(ids.import), '999999'],
      async () => (await get(`entries/import/${ids.import}`)).ignore,
      () => false,
    ],
  ];
  for (const [verb, args, state, before] of cases) {
    test(verb, async () => {
      const r = await acct(args());
      expect(r.code, r.stderr).toBe(5);
      expect(r.stderr).toMatch(/999999/);
      expect(r.stderr).toContain('nothing was changed');
      expect(await state()).toEqual(before());
    });
  }
});

test('a name of nothing is a usage error (exit 2), also before anything changes', async () => {
  const r = await acct(['projects', 'archive', 'Website', 'Nirgends']);
  expect(r.code).toBe(2);
  expect(r.stderr).toMatch(/^acct: no project "Nirgends"/);
  expect((await get(`projects/${ids.project}`)).archived).toBe(false);
});
