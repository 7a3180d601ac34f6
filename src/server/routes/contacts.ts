// Contacts: list, read, update, delete and the two /multiple endpoints. There is no create endpoint
// (contacts come with their customer's contact_name), so POST /contacts answers 405 like any wrong method.
import type { Hono } from 'hono';
import type { AppEnv, Ctx } from '../context.js';
import { conflict, notFound } from '../http-error.js';
import { pageRequest, paginated } from '../pagination.js';
import { filterBoolean, filterIds, parseIncludes, pathId, readBody } from '../request.js';
import {
  contactInUse,
  deleteContact,
  findContactRow,
  listContactRows,
  ownContactIds,
  setContactsArchived,
  updateContact,
  type ContactRow,
  type ContactValues,
} from '../store/contacts.js';
import { toContact, withCustomer, type Contact } from '../present/contacts.js';
import { lazy, presentBoolean, required, rules, text, toBoolean, trimToNull, validate, z } from '../validation.js';

const updateSchema = lazy(() =>
  z.object({
    name: z.preprocess(trimToNull, required(rules.string(255))).optional(),
    email: z.preprocess(trimToNull, rules.email().nullable().optional()),
    phone: text(),
    greeting: text(),
    is_primary: presentBoolean(),
    archived: presentBoolean(),
  }),
);

const bulkArchiveSchema = lazy(() =>
  z.object({
    ids: rules.ids(),
    archive: z.preprocess((v) => (v === undefined || v === null || v === '' ? true : toBoolean(v)), z.boolean()),
  }),
);
const bulkDeleteSchema = lazy(() => z.object({ ids: rules.ids() }));

const INCLUDES: Record<string, 'customer'> = { customer: 'customer' };

const IN_USE: Record<'invoices' | 'proposals', string> = {
  invoices:
    'Der Kontakt kann nicht gelöscht werden, da er in Rechnungen verwendet wird. Bitte archivieren Sie ihn ' +
    'stattdessen.',
  proposals:
    'Der Kontakt kann nicht gelöscht werden, da er in Offerten verwendet wird. Bitte archivieren Sie ihn stattdessen.',
};

function contactOr404(c: Ctx): Contact {
  const row = findContactRow(c.get('deps').db, c.get('companyId'), pathId(c, 'contact'));
  if (!row) throw notFound('Contact not found.');
  return toContact(row);
}

const present = (c: Ctx, row: ContactRow, includeCustomer: boolean): Contact =>
  includeCustomer ? withCustomer(c.get('deps').db, toContact(row)) : toContact(row);

export function registerContacts(r: Hono<AppEnv>): void {
  registerBatch(r);
  registerList(r);
  registerOne(r);
}

function registerBatch(r: Hono<AppEnv>): void {
  r.post('/contacts/multiple', async (c) => {
    const input = validate(bulkArchiveSchema(), await readBody(c));
    const db = c.get('deps').db;
    setContactsArchived(db, c.get('companyId'), ownContactIds(db, c.get('companyId'), input.ids), input.archive);
    return c.body(null, 204);
  });

  r.delete('/contacts/multiple', async (c) => {
    const input = validate(bulkDeleteSchema(), await readBody(c));
    const db = c.get('deps').db;
    const companyId = c.get('companyId');
    for (const id of ownContactIds(db, companyId, input.ids)) {
      if (!contactInUse(db, companyId, id)) deleteContact(db, companyId, id);
    }
    return c.body(null, 204);
  });
}

function registerList(r: Hono<AppEnv>): void {
  r.get('/contacts', (c) => {
    const page = pageRequest(c);
    const includeCustomer = parseIncludes(c, INCLUDES, ['customer']).has('customer');
    const { rows, total } = listContactRows(
      c.get('deps').db,
      c.get('companyId'),
      {
        customerIds: filterIds(c, 'customer_id'),
        archived: filterBoolean(c, 'archived'),
        name: c.req.query('filter[name]')?.trim() || undefined,
      },
      page.perPage,
      page.offset,
    );
    return c.json(
      paginated(
        c,
        rows.map((row) => present(c, row, includeCustomer)),
        total,
        page,
      ),
    );
  });
}

function registerOne(r: Hono<AppEnv>): void {
  r.get('/contacts/:contact', (c) => {
    const contactId = pathId(c, 'contact');
    const includeCustomer = parseIncludes(c, INCLUDES, ['customer']).has('customer');
    const row = findContactRow(c.get('deps').db, c.get('companyId'), contactId);
    if (!row) throw notFound('Contact not found.');
    return c.json({ data: present(c, row, includeCustomer) });
  });

  r.put('/contacts/:contact', async (c) => {
    const contact = contactOr404(c);
    const body = await readBody(c);
    const input = validate(updateSchema(), body);
    const values: ContactValues = {};
    for (const key of ['name', 'email', 'phone', 'greeting', 'is_primary', 'archived'] as const) {
      if (!Object.hasOwn(body, key)) continue;
      (values as Record<string, unknown>)[key] = input[key] ?? null;
    }
    const db = c.get('deps').db;
    updateContact(db, c.get('companyId'), contact, values);
    return c.json({ data: toContact(findContactRow(db, c.get('companyId'), contact.id)!) });
  });

  r.delete('/contacts/:contact', (c) => {
    const contact = contactOr404(c);
    const db = c.get('deps').db;
    const blocker = contactInUse(db, c.get('companyId'), contact.id);
    if (blocker) throw conflict(IN_USE[blocker]);
    deleteContact(db, c.get('companyId'), contact.id);
    return c.body(null, 204);
  });
}
