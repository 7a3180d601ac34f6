// The data directory's permissions: the ledger (and the secret that signs file links) is readable by its
// owner only. A new database and its -wal and -shm files are 0600 and the directory 0700; an existing
// looser directory (`--data` on a 0755 directory) and database files are tightened when the service opens them.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startServer } from '../../src/server/main.js';
import { DATABASE_FILE } from '../../src/server/store/db.js';
import { OWNER_TOKEN } from '../helpers/service.js';

const root = mkdtempSync(join(tmpdir(), 'acct-data-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const mode = (path: string) => statSync(path).mode & 0o777;
const DB_FILES = [DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`];

let tags = 0;

/** Starts the service on dataDir, writes a tag (so the WAL holds data) and reports the modes while it runs. */
async function modesWhileRunning(dataDir: string): Promise<Record<string, number>> {
  const server = await startServer({
    dataDir,
    port: 0,
    rateLimit: 0,
    token: OWNER_TOKEN,
    log: () => {},
    localAccess: true,
  });
  try {
    const res = await fetch(`${server.url}/companies/1/tags`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${OWNER_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: `geheim ${++tags}`, color: 'red' }),
    });
    expect(res.status).toBe(200);
    return Object.fromEntries(['.', ...DB_FILES, 'local-token'].map((f) => [f, mode(join(dataDir, f))]));
  } finally {
    await server.close();
  }
}

it('makes a new data directory 0700 and the database, its -wal and -shm 0600, with the usual umask', async () => {
  const previous = process.umask(0o022);
  try {
    expect(await modesWhileRunning(join(root, 'neu', 'data'))).toEqual({
      '.': 0o700,
      [DATABASE_FILE]: 0o600,
      [`${DATABASE_FILE}-wal`]: 0o600,
      [`${DATABASE_FILE}-shm`]: 0o600,
      'local-token': 0o600,
    });
  } finally {
    process.umask(previous);
  }
});

it('tightens an existing 0755 directory and database files left 0644 to 0700 and 0600', async () => {
  const dataDir = join(root, 'offen');
  mkdirSync(dataDir, { mode: 0o755 });
  chmodSync(dataDir, 0o755);
  await modesWhileRunning(dataDir);
  // as an older version or a copy left them
  chmodSync(dataDir, 0o755);
  chmodSync(join(dataDir, DATABASE_FILE), 0o644);
  expect(mode(dataDir)).toBe(0o755);
  expect(await modesWhileRunning(dataDir)).toEqual({
    '.': 0o700,
    [DATABASE_FILE]: 0o600,
    [`${DATABASE_FILE}-wal`]: 0o600,
    [`${DATABASE_FILE}-shm`]: 0o600,
    'local-token': 0o600,
  });
});
