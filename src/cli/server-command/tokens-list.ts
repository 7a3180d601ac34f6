// `acct server tokens list`: every API token of a data directory, by a prefix of it (never the token).
import type { Column } from '../../output/types.js';
import { listRenderer, planOutput } from '../output.js';
import type { VerbIO } from '../verb.js';
import { dataDirOption } from './data-dir.js';
import { withAdminDb } from './admin-db.js';

const TOKEN_COLUMNS: Column[] = [
  { key: 'id', kind: 'int' },
  { key: 'prefix' },
  { key: 'user_id', kind: 'int' },
  { key: 'user' },
  { key: 'name' },
  { key: 'status' },
  { key: 'created_at', header: 'created', kind: 'datetime' },
  { key: 'expires_at', header: 'expires', kind: 'datetime' },
  { key: 'last_used_at', header: 'last used', kind: 'datetime' },
  { key: 'revoked_at', header: 'revoked', kind: 'datetime' },
];

export default async function tokensList(opts: { data?: string }, io: VerbIO): Promise<void> {
  const plan = planOutput(io.globals(), TOKEN_COLUMNS);
  await withAdminDb(dataDirOption(opts.data), (db, admin) => {
    const renderer = listRenderer(plan);
    renderer.push(admin.listTokens(db) as unknown as Record<string, unknown>[]);
    renderer.end();
  });
}
