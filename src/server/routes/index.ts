// Every route module, by the path segment it serves, loaded on the first request that needs it (a
// command of the CLI's local mode loads the one or two it uses, not the whole service). The modules of
// one segment register together in the order given; `legacy` is the `/api/companies/…` family, which
// carries only time entries and tasks; `share` the public pages of shared proposals.
import type { Hono } from 'hono';
import type { AppEnv } from '../context.js';

export type Registrar = (r: Hono<AppEnv>) => void;
type Loader = () => Promise<Registrar[]>;

const load =
  (...modules: (() => Promise<Registrar>)[]): Loader =>
  () =>
    Promise.all(modules.map((m) => m()));

const tags = async () => (await import('./tags.js')).registerTags;
const taxRates = async () => (await import('./tax-rates.js')).registerTaxRates;
const accounts = async () => (await import('./accounts.js')).registerAccounts;
const services = async () => (await import('./services.js')).registerServices;
const serviceCategories = async () => (await import('./service-categories.js')).registerServiceCategories;
const products = async () => (await import('./products.js')).registerProducts;
const projects = async () => (await import('./projects.js')).registerProjects;
const customers = async () => (await import('./customers.js')).registerCustomers;
const contacts = async () => (await import('./contacts.js')).registerContacts;
const importEntries = async () => (await import('./import-entries.js')).registerImportEntries;
const entries = async () => (await import('./entries.js')).registerEntries;
const documents = async () => (await import('./documents.js')).registerDocuments;
const splitInvoices = async () => (await import('./split-invoices.js')).registerSplitInvoices;
const timer = async () => (await import('./timer.js')).registerTimer;
const times = async () => (await import('./times.js')).registerTimes;
const tasks = async () => (await import('./tasks.js')).registerTasks;
const users = async () => (await import('./users.js')).registerUsers;
const files = async () => (await import('./files.js')).registerFiles;
const settings = async () => (await import('./settings.js')).registerSettings;
const bills = async () => (await import('./bills.js')).registerBills;

// import entries before entries: `/entries/import` would otherwise be read as the booking with id "import";
// the timer's static /times/timer paths come before /times/:time
const bookings = load(importEntries, entries);
const timeEntries = load(timer, times);
const docs = load(documents, splitInvoices);
const COMPANY: Record<string, Loader> = {
  tags: load(tags),
  'tax-rates': load(taxRates),
  accounts: load(accounts),
  services: load(services),
  'service-categories': load(serviceCategories),
  products: load(products),
  projects: load(projects),
  customers: load(customers),
  contacts: load(contacts),
  entries: bookings,
  'entries-grouped': bookings,
  'entry-groups': bookings,
  'import-entries': bookings,
  invoices: docs,
  proposals: docs,
  times: timeEntries,
  tasks: load(tasks),
  settings: load(settings),
  bills: load(bills),
};
const LEGACY: Record<string, Loader> = { times: timeEntries, tasks: load(tasks) };
const USER: Record<string, Loader> = { users: load(users), files: load(files) };

/** Each module set of a family named by the first segment that serves it, so segments sharing modules share one app. */
function namesOf(modules: Record<string, Loader>): Map<Loader, string> {
  const names = new Map<Loader, string>();
  for (const [segment, loader] of Object.entries(modules)) if (!names.has(loader)) names.set(loader, segment);
  return names;
}

/** The families of routes: where each is mounted, and its modules by the first path segment after that. */
export const ROUTE_FAMILIES = [
  {
    name: 'company',
    base: '/api/v2/companies/:company',
    pattern: /^\/api\/v2\/companies\/[^/]+\/([^/]+)/,
    modules: COMPANY,
    names: namesOf(COMPANY),
  },
  {
    name: 'legacy',
    base: '/api/companies/:company',
    pattern: /^\/api\/companies\/[^/]+\/([^/]+)/,
    modules: LEGACY,
    names: namesOf(LEGACY),
  },
  { name: 'user', base: '/api/v2', pattern: /^\/api\/v2\/([^/]+)/, modules: USER, names: namesOf(USER) },
] as const;

/** The modules that serve a path, and a key naming them (one app per key); undefined when none does. */
export function routesFor(path: string): { key: string; base: string; load: Loader } | undefined {
  for (const family of ROUTE_FAMILIES) {
    const m = family.pattern.exec(path);
    if (!m) continue;
    const loader = Object.hasOwn(family.modules, m[1]) ? family.modules[m[1]] : undefined;
    return loader && { key: `${family.name}:${family.names.get(loader)}`, base: family.base, load: loader };
  }
  return undefined;
}

/**
 * Every route of the service as METHOD and full path, every module loaded (for what walks them all, such as the fuzz
 * test).
 */
export async function everyRoute(): Promise<{ method: string; path: string }[]> {
  const { Hono } = await import('hono');
  const out: { method: string; path: string }[] = [];
  for (const family of ROUTE_FAMILIES) {
    for (const loader of new Set(Object.values(family.modules))) {
      const routes = new Hono<AppEnv>();
      for (const register of await loader()) register(routes);
      out.push(
        ...new Hono<AppEnv>().route(family.base, routes).routes.map((r) => ({ method: r.method, path: r.path })),
      );
    }
  }
  return out;
}
