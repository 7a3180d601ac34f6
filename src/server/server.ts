// Starting and stopping the service: over HTTP (`acct server start`, the tests), or inside the CLI's own
// process for local mode (in-process.ts). Both open the same database and the same app.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createApp, API_PREFIX } from './app.js';
import type { SeedResult } from './admin.js';
import { isSeeded, localAccessToken } from './local-access.js';
import { openDatabase, type Db } from './store/db.js';
import type { PdfThread } from './render/pdf-renderer.js';
import { clock, todayOf } from './clock.js';
import { hasRecurringTemplates, lastRecurringDay, recordRecurringDay } from './store/recurring.js';

export interface StartOptions {
  dataDir: string;
  host?: string;
  port?: number;
  /** requests per minute per IP; 0 = off */
  rateLimit?: number;
  /** token of the seeded owner when the data directory is new */
  token?: string;
  log?: (line: string) => void;
  /** make (or reuse) the token of the CLI's local mode */
  localAccess?: boolean;
  /** where PDFs are drawn; the CLI's in-process service draws them on its own thread */
  pdfThread?: PdfThread;
}

export interface RunningServer {
  url: string;
  port: number;
  db: Db;
  seed: SeedResult;
  localToken?: string;
  close(): Promise<void>;
}

/** How often due recurring invoices are created while the service runs. */
const RECUR_EVERY_MS = 60 * 60 * 1000;

/**
 * The service over its data directory: the database (seeded when new, with the administration's code
 * loaded only then), the app, and the recurring invoices' run.
 */
export async function openService(opts: Omit<StartOptions, 'host' | 'port'>) {
  const db = openDatabase(opts.dataDir);
  const seed: SeedResult = isSeeded(db) ? { seeded: false } : (await import('./admin.js')).ensureSeeded(db, opts.token);
  const localToken = opts.localAccess ? localAccessToken(db, opts.dataDir) : undefined;
  const log = opts.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const app = createApp({
    db,
    dataDir: opts.dataDir,
    rateLimit: opts.rateLimit ?? 120,
    log,
    pdfThread: opts.pdfThread,
  });
  // recurring invoices: the copies that fell due while the service was down (the documents' code loads
  // only when there is a template to recur). Every run records its day; `oncePerDay` (local mode, a
  // start per command) skips the pass when it ran that day already.
  const recurNow = async (run: { oncePerDay?: boolean } = {}) => {
    try {
      if (!hasRecurringTemplates(db)) return;
      const now = clock.now();
      const day = todayOf({}, now);
      if (run.oncePerDay && lastRecurringDay(db) === day) return;
      (await import('./actions/recurring.js')).runRecurring(db, { now });
      recordRecurringDay(db, day);
    } catch (err) {
      log(`recurring invoices: ${(err as Error).stack ?? String(err)}`);
    }
  };
  return { db, seed, localToken, app, recurNow };
}

export async function startServer(opts: StartOptions): Promise<RunningServer> {
  const { db, seed, localToken, app, recurNow } = await openService(opts);
  const host = opts.host ?? '127.0.0.1';
  // loaded here, not at the top: it reaches for Node's fetch classes as it loads, which local mode
  // (in-process, no HTTP) never needs
  const { serve } = await import('@hono/node-server');
  const server = await new Promise<Server>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, hostname: host, port: opts.port ?? 8787 }, () => resolve(s as Server));
    (s as Server).once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  await recurNow();
  // then every hour while the service runs
  const recurTimer = setInterval(() => void recurNow(), RECUR_EVERY_MS);
  recurTimer.unref();
  const shownHost = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${shownHost}:${port}${API_PREFIX}`,
    port,
    db,
    seed,
    localToken,
    close() {
      // Requests in flight finish; idle keep-alive sockets are dropped; then the database closes cleanly.
      clearInterval(recurTimer);
      closing ??= new Promise<void>((resolve) => {
        server.close(() => {
          db.close();
          resolve();
        });
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}
