// Every route module, registered on the company router; `legacy` is the `/api/companies/…` family,
// which carries only time entries and tasks.
import type { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import { registerTags } from './tags.js';
import { registerUsers } from './users.js';
import { registerTaxRates } from './tax-rates.js';
import { registerAccounts } from './accounts.js';
import { registerServices } from './services.js';
import { registerServiceCategories } from './service-categories.js';
import { registerProducts } from './products.js';
import { registerProjects } from './projects.js';
import { registerCustomers } from './customers.js';
import { registerContacts } from './contacts.js';
import { registerTimer } from './timer.js';
import { registerTimes } from './times.js';
import { registerTasks } from './tasks.js';
import { registerEntries } from './entries.js';
import { registerFiles } from './files.js';
import { registerDocuments } from './documents.js';
import { registerImportEntries } from './import-entries.js';

type Registrar = (r: Hono<AppEnv>) => void;

// import entries before entries: `/entries/import` would otherwise be read as the booking with id "import"

const COMPANY_ROUTES: Registrar[] = [registerTags, registerTaxRates, registerAccounts, registerServices, registerServiceCategories, registerProducts, registerProjects, registerCustomers, registerContacts, registerImportEntries, registerEntries, registerDocuments];
// the timer's static /times/timer paths come before /times/:time
const LEGACY_ROUTES: Registrar[] = [registerTimer, registerTimes, registerTasks];

export function registerCompanyRoutes(r: Hono<AppEnv>, family: 'all' | 'legacy'): void {
  for (const register of family === 'all' ? [...COMPANY_ROUTES, ...LEGACY_ROUTES] : LEGACY_ROUTES) register(r);
}

export function registerUserRoutes(r: Hono<AppEnv>): void {
  registerUsers(r);
  registerFiles(r);
}
