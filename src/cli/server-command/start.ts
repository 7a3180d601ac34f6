// acct server start: the service standalone, until SIGINT/SIGTERM.
import { UsageError } from '../../errors.js';
import type { VerbIO } from '../verb.js';
import { dataDirOption } from './data-dir.js';

/** --host, --port and --rate-limit have defaults. */
interface StartOptions {
  host: string;
  port: string;
  data?: string;
  /** requests per minute per IP, or off */
  rateLimit: string;
  token?: string;
}

export default async function start(opts: StartOptions, _io: VerbIO): Promise<void> {
  const port = opts.port;
  if (!/^\d{1,5}$/.test(port) || Number(port) > 65535) throw new UsageError(`invalid --port "${port}"`);
  const limit = opts.rateLimit;
  if (limit !== 'off' && (!/^\d+$/.test(limit) || Number(limit) < 1)) throw new UsageError(`invalid --rate-limit "${limit}": a number of requests per minute, or off`);
  const { startServer } = await import('../../server/main.js');
  const server = await startServer({
    dataDir: dataDirOption(opts.data),
    host: opts.host,
    port: Number(port),
    rateLimit: limit === 'off' ? 0 : Number(limit),
    token: opts.token,
  });
  if (server.seed.seeded && opts.token === undefined) {
    process.stderr.write(`Seeded a new data directory: user ${server.seed.userId} (owner) with token ${server.seed.token}\nThis token is shown once.\n`);
  }
  process.stdout.write(`acct server listening on ${server.url}\n`);
  // The process stays up on the listening socket; a signal ends it cleanly.
  process.removeAllListeners('SIGINT');
  const stop = () => {
    server.close().then(() => process.exit(0), () => process.exit(1));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
