// Entry of the embedded service: what the CLI's `server` commands and local mode load lazily.
export { startServer, type RunningServer, type StartOptions } from './server.js';
export {
  AdminError,
  AdminNotFound,
  addCompany,
  addUser,
  companyListing,
  ensureSeeded,
  findToken,
  listTokens,
  localAccessToken,
  recur,
  revokeToken,
  setCompany,
  type CompanyListing,
  type CompanySettings,
  type TokenListing,
} from './admin.js';
export { openDatabase } from './store/db.js';
export { issueToken, findUserByToken } from './store/tokens.js';
export {
  BACKUPS_DIR,
  BackupInvalid,
  dailyName,
  listBackups,
  restoreBackup,
  takeSnapshot,
  verifyBackup,
  type BackupFile,
} from './backup.js';
export { checkBooks, RULE_COUNT, violationLine, type Violation } from './check.js';
export { DATABASE_FILE } from './store/db.js';
export { dailySnapshot } from './backup.js';
