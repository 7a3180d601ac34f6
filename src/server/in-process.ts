// The service inside the CLI's own process (local mode): the same app as `acct server start`, handed
// each request directly instead of over a socket. No HTTP server, and Response, Request and Headers
// are the light ones of src/light-web.ts, so a command pays neither for a listening server nor for
// loading Node's fetch implementation.
import { useLightWeb } from '../light-web.js';
import { API_PREFIX } from './app.js';
import { openService } from './server.js';
import { clock, todayOf } from './clock.js';
import type { Db } from './store/db.js';
import { lastBackupDay, recordBackupDay } from './store/backup-day.js';

/** The origin in-process requests are addressed to: nothing listens there, the app is called directly. */
const IN_PROCESS_ORIGIN = 'http://in-process.localhost';

/** `binary`: the answer's body is wanted as bytes (a stored file), not as text */
export interface InProcessRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  binary?: boolean;
}
export interface InProcessAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
  bytes?: Uint8Array;
}

export interface InProcessService {
  /** the API's base URL for the client (IN_PROCESS_ORIGIN + /api/v2) */
  url: string;
  localToken: string;
  handle(request: InProcessRequest): Promise<InProcessAnswer>;
  close(): void;
}

export interface InProcessOptions {
  dataDir: string;
  log?: (line: string) => void;
  /** where the daily snapshots go (default: the data directory's backups/) */
  backupDir?: string;
}

export async function openInProcess(opts: InProcessOptions): Promise<InProcessService> {
  useLightWeb();
  // one command's requests, one after another: its PDFs are drawn here, without starting a worker thread
  const { db, seed, localToken, app, recurNow } = await openService({
    ...opts,
    rateLimit: 0,
    localAccess: true,
    pdfThread: 'caller',
  });
  // a command starts the service anew each time: the recurring pass runs on the first command of a day
  await recurNow({ oncePerDay: true });
  await snapshotOncePerDay(db, opts, seed.seeded);
  return {
    url: `${IN_PROCESS_ORIGIN}${API_PREFIX}`,
    localToken: localToken!,
    async handle({ url, method, headers, body, binary }) {
      const sent =
        body === undefined
          ? headers
          : {
              ...headers,
              'content-length': String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength),
            };
      const res = await app.fetch(new Request(url, { method, headers: sent, body: body as BodyInit | undefined }));
      const answerHeaders: Record<string, string> = {};
      res.headers.forEach((value, name) => {
        answerHeaders[name] = value;
      });
      if (binary)
        return { status: res.status, headers: answerHeaders, text: '', bytes: new Uint8Array(await res.arrayBuffer()) };
      return { status: res.status, headers: answerHeaders, text: await res.text() };
    },
    close() {
      db.close();
    },
  };
}

/**
 * Local mode's daily snapshot, taken by the first command of a day (as the recurring pass): the day is
 * kept in `meta`, and the backup code loads only then. A ledger seeded by this very command has nothing
 * to keep yet. A failed snapshot is said on stderr and retried by the next command; it never fails the
 * command itself.
 */
async function snapshotOncePerDay(db: Db, opts: InProcessOptions, justSeeded: boolean): Promise<void> {
  const day = todayOf({}, clock.now());
  if (lastBackupDay(db) === day) return;
  const log = opts.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  try {
    if (!justSeeded) {
      const { dailySnapshot, BACKUPS_DIR } = await import('./backup.js');
      const { join } = await import('node:path');
      await dailySnapshot(db, opts.dataDir, opts.backupDir ?? join(opts.dataDir, BACKUPS_DIR), day);
    }
    recordBackupDay(db, day);
  } catch (err) {
    log(`daily backup: ${(err as Error).message}`);
  }
}
