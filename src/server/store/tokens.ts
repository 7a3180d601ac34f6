// API tokens: kept as their SHA-256 hash beside a short prefix of the plain token (enough to recognise
// one in `acct server tokens list`, never the token), an optional expiry, the revocation and the last
// use. Times are timestamp() strings, which compare as text in time order.
import { createHash, randomBytes } from 'node:crypto';
import { all, one, run, timestamp, type Db, type Row } from './db.js';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => `acct_${randomBytes(24).toString('base64url')}`;

/** What of a token is kept in the clear: 12 characters (acct_ and 7 random ones), at most half of a short one. */
export const PREFIX_MAX = 12;
export const tokenPrefix = (token: string): string =>
  token.slice(0, Math.min(PREFIX_MAX, Math.floor(token.length / 2)));

export interface NewToken {
  name?: string | null;
  expiresAt?: string | null;
  now?: string;
}

export function issueToken(db: Db, userId: number, token = newToken(), opts: NewToken = {}): string {
  run(
    db,
    'INSERT INTO tokens (user_id, hash, prefix, name, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
    userId,
    hashToken(token),
    tokenPrefix(token),
    opts.name ?? null,
    opts.now ?? timestamp(),
    opts.expiresAt ?? null,
  );
  return token;
}

/** A token in use: its user, and the token's id and last use (for noting this one). */
export interface TokenUse {
  user: Row;
  tokenId: number;
  lastUsedAt: string | null;
}

/** The user of `token` when it is neither revoked nor expired at `now`. */
export function findTokenUse(db: Db, token: string, now: string): TokenUse | undefined {
  const row = one(
    db,
    `SELECT tokens.id AS token_id, tokens.last_used_at AS token_last_used_at, users.* FROM tokens JOIN users
      ON users.id = tokens.user_id
    WHERE tokens.hash = ? AND tokens.revoked_at IS NULL AND (tokens.expires_at IS NULL OR tokens.expires_at > ?)`,
    hashToken(token),
    now,
  );
  if (!row) return undefined;
  const { token_id: tokenId, token_last_used_at: lastUsedAt, ...user } = row;
  return { user, tokenId: Number(tokenId), lastUsedAt: lastUsedAt ?? null };
}

export const findUserByToken = (db: Db, token: string, now: string): Row | undefined =>
  findTokenUse(db, token, now)?.user;

export function noteTokenUse(db: Db, tokenId: number, now: string): void {
  run(db, 'UPDATE tokens SET last_used_at = ? WHERE id = ?', now, tokenId);
}

const LISTED = `SELECT tokens.id, tokens.prefix, tokens.user_id, users.email AS user, tokens.name, tokens.created_at,
  tokens.expires_at,
  tokens.last_used_at, tokens.revoked_at FROM tokens JOIN users ON users.id = tokens.user_id`;

export const tokenRows = (db: Db): Row[] => all(db, `${LISTED} ORDER BY tokens.id`);
export const tokenRowById = (db: Db, id: number): Row | undefined => one(db, `${LISTED} WHERE tokens.id = ?`, id);
export const tokenRowByHash = (db: Db, token: string): Row | undefined =>
  one(db, `${LISTED} WHERE tokens.hash = ?`, hashToken(token));

/** The tokens whose kept prefix starts with `start` (case-sensitive, as tokens are). */
export const tokenRowsByPrefix = (db: Db, start: string): Row[] =>
  all(db, `${LISTED} WHERE substr(tokens.prefix, 1, ?) = ? ORDER BY tokens.id`, start.length, start);

/** Marks a token revoked; false when it was already. */
export function revokeTokenRow(db: Db, id: number, now: string): boolean {
  return Number(run(db, 'UPDATE tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL', now, id).changes) > 0;
}
