// zod loads on demand (src/server/validation.ts): reads do not load it, and a GET that validates its
// query loads it itself. Checked on an app of a fresh module graph, whose zod is not loaded yet, over
// data that a service of the test's own graph wrote (a POST there loaded that graph's zod, not this one's).
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { everyRoute } from '../../src/server/routes/index.js';
import { OWNER_TOKEN, useTestService } from '../helpers/service.js';

type Validation = typeof import('../../src/server/validation.js');

/** The GET routes that validate their query with zod, and so load it. */
const LOADS_ZOD = ['/api/v2/companies/:company/accounts', '/api/v2/companies/:company/invoices/:invoice/mark-as'];

const svc = useTestService();
let fresh: { fetch: (method: string, path: string) => Promise<Response>; validation: Validation; close: () => void };

beforeAll(async () => {
  const customer = await svc.call('POST', '/companies/1/customers', { name: 'Zod AG', contact_name: 'Eva' });
  const project = await svc.call('POST', '/companies/1/projects', { name: 'Zod', customer_id: customer.body.data.id });
  await svc.call('POST', '/companies/1/tags', { name: 'zod', color: 'blue' });
  await svc.call('POST', '/companies/1/times', {
    project_id: project.body.data.id,
    hours: 1,
    minutes: 0,
    date: '2025-01-06',
  });
  await svc.call('POST', '/companies/1/tasks', { title: 'Zod', due: '2025-01-10', project_id: project.body.data.id });
  await svc.call('POST', '/companies/1/entries', {
    date: '2025-01-06',
    debit_account_id: 3,
    credit_account_id: 40,
    sum: 100,
  });
  const positions = JSON.stringify([{ description: 'Beratung', amount: 1, price: 100, unit: 'h' }]);
  const invoice = await svc.call('POST', '/companies/1/invoices', {
    customer_id: customer.body.data.id,
    date: '2025-01-06',
    positions,
  });
  expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
  await svc.call('POST', '/companies/1/proposals', { customer_id: customer.body.data.id, date: '2025-01-06' });

  vi.resetModules();
  const validation: Validation = await import('../../src/server/validation.js');
  const { openService } = await import('../../src/server/server.js');
  const { app, db } = await openService({
    dataDir: svc.dataDir,
    rateLimit: 0,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  fresh = {
    fetch: async (method, path) =>
      app.fetch(
        new Request(`http://localhost${path}`, {
          method,
          headers: { Accept: 'application/json', Authorization: `Bearer ${OWNER_TOKEN}` },
        }),
      ),
    validation,
    close: () => db.close(),
  };
});
afterAll(async () => {
  fresh?.close();
});

const zodLoaded = () => {
  try {
    void fresh.validation.z.object;
    return true;
  } catch {
    return false;
  }
};

test('no GET but those that validate their query loads zod; those load it themselves', async () => {
  expect(zodLoaded()).toBe(false);
  const gets = [
    ...new Set(
      (await everyRoute()).filter((r) => r.method === 'GET' && r.path.startsWith('/api/v2/')).map((r) => r.path),
    ),
  ];
  expect(gets.length).toBeGreaterThan(40);
  const path = (template: string) => template.replace(':company', '1').replace(/:(\w+)(\{[^}]*\})?/g, '1');

  for (const template of gets.filter((t) => !LOADS_ZOD.includes(t))) {
    for (const query of ['', '?type=bank&start=2025-01-01&until=2025-12-31&status=paid&page=1&include=customer']) {
      const res = await fresh.fetch('GET', `${path(template)}${query}`);
      expect(res.status, `GET ${template}${query}`).toBeLessThan(500);
      expect(zodLoaded(), `GET ${template}${query} loaded zod`).toBe(false);
    }
  }

  const accounts = await fresh.fetch('GET', '/api/v2/companies/1/accounts?type=bank&start=2025-01-01&until=2025-12-31');
  expect(accounts.status).toBe(200);
  expect(zodLoaded()).toBe(true);
});

test('a GET that validates answers its 422 and 200 on an app whose zod is not loaded yet', async () => {
  vi.resetModules();
  const validation: Validation = await import('../../src/server/validation.js');
  const { openService } = await import('../../src/server/server.js');
  const { app, db } = await openService({
    dataDir: svc.dataDir,
    rateLimit: 0,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  const get = (path: string) =>
    app.fetch(
      new Request(`http://localhost/api/v2/companies/1${path}`, {
        headers: { Accept: 'application/json', Authorization: `Bearer ${OWNER_TOKEN}` },
      }),
    );
  try {
    expect(() => validation.z.object).toThrow('zod is used before loadZod()');
    const invalid = await get('/invoices/1/mark-as?status=sent&paidDate=gestern');
    expect(invalid.status, await invalid.clone().text()).toBe(422);
    expect(((await invalid.json()) as { errors: object }).errors).toHaveProperty('paidDate');
    const sent = await get('/invoices/1/mark-as?status=sent&reminder_due_date=2025-02-01');
    expect(sent.status, await sent.clone().text()).toBe(200);
  } finally {
    db.close();
  }
});
