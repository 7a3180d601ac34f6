// Entry of the embedded service: what the CLI's `server` commands and local mode load lazily.
export { startServer, type RunningServer, type StartOptions } from './server.js';
export { AdminError, addCompany, addUser, ensureSeeded, localAccessToken, recur, setCompany, type CompanySettings } from './admin.js';
export { openDatabase } from './store/db.js';
export { issueToken, findUserByToken } from './store/companies.js';
