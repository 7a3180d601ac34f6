// `acct server tokens revoke <token>`: by id, a unique prefix, or the whole token. A running server on
// the same data directory refuses the token (401) from its next request on: auth reads the database on
// every request.
import { formatDateTime } from '../../output/format.js';
import { confirmDestructive, refuseUnconfirmed } from '../prompt.js';
import type { VerbIO } from '../verb.js';
import { dataDirOption } from './data-dir.js';
import { withAdminDb } from './admin-db.js';

interface TokensRevokeOptions {
  data?: string;
  /** an id, the start of a token as the list shows it, or the whole token */
  token: string;
}

export default async function tokensRevoke(opts: TokensRevokeOptions, io: VerbIO): Promise<void> {
  refuseUnconfirmed(io.globals(), `Revoke token ${opts.token}`);
  await withAdminDb(dataDirOption(opts.data), async (db, admin) => {
    const token = admin.findToken(db, opts.token);
    const named = `token ${token.id} (${token.prefix ?? 'no prefix'}…) of ${token.user}`;
    if (token.revoked_at !== null) {
      io.err.write(`Token ${token.id} was revoked already, on ${formatDateTime(token.revoked_at)}.\n`);
      return;
    }
    await confirmDestructive(io.globals(), `Revoke ${named}?`);
    admin.revokeToken(db, token.id);
    io.err.write(`Revoked ${named}.\n`);
  });
}
