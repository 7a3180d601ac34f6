// What every start of the service on a data directory needs, apart from the administration (admin.ts,
// whose seeding of a new company loads the chart of accounts): whether the directory is seeded, the
// token of the CLI's local mode, and the secret that signs file URLs.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { clock } from './clock.js';
import { one, run, timestamp, type Db } from './store/db.js';
import { findUserByToken, issueToken } from './store/tokens.js';

/** An administration request that cannot be carried out; the CLI prints it as a usage error. */
export class AdminError extends Error {}

/** An administration request that names nothing there is (a token id or prefix); the CLI exits 5. */
export class AdminNotFound extends AdminError {}

/** Whether the data directory has its first user (else ensureSeeded of admin.ts makes it). */
export const isSeeded = (db: Db): boolean => !!one(db, 'SELECT 1 FROM users LIMIT 1');

export const LOCAL_TOKEN_FILE = 'local-token';

/**
 * The token the CLI's local mode uses, kept in the data directory (0600). A missing or stale one (a
 * revoked or expired one too) is replaced by a new token of the first owner, so local mode works on
 * any data directory.
 */
export function localAccessToken(db: Db, dataDir: string): string {
  const file = join(dataDir, LOCAL_TOKEN_FILE);
  const now = timestamp(clock.now());
  let token: string | undefined;
  try {
    token = readFileSync(file, 'utf8').trim();
  } catch {
    /* none yet */
  }
  if (token && findUserByToken(db, token, now)) return token;
  const owner = one(db, "SELECT user_id FROM company_user WHERE role = 'owner' ORDER BY company_id, user_id LIMIT 1");
  if (!owner) throw new AdminError('the data directory has no owner to act as');
  token = issueToken(db, Number(owner.user_id), undefined, { name: 'local', now });
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  return token;
}

/** The secret that signs file URLs, made once per data directory. */
export function signingSecret(db: Db): string {
  const row = one(db, "SELECT value FROM meta WHERE key = 'signing_secret'");
  if (row) return row.value;
  const secret = randomBytes(32).toString('hex');
  run(db, "INSERT INTO meta (key, value) VALUES ('signing_secret', ?)", secret);
  return secret;
}
