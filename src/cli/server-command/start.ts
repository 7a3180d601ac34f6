// acct server start: the service standalone, until SIGINT/SIGTERM.
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { dataDirOption } from './data-dir.js';

export default async function start(_args: string[], opts: Record<string, unknown>, _cmd: Command): Promise<void> {
  const port = String(opts.port);
  if (!/^\d{1,5}$/.test(port) || Number(port) > 65535) throw new UsageError(`invalid --port "${port}"`);
  const limit = String(opts.rateLimit);
  if (limit !== 'off' && (!/^\d+$/.test(limit) || Number(limit) < 1)) throw new UsageError(`invalid --rate-limit "${limit}": a number of requests per minute, or off`);
  const { startServer } = await import('../../server/main.js');
  const server = await startServer({
    dataDir: dataDirOption(opts),
    host: String(opts.host),
    port: Number(port),
    rateLimit: limit === 'off' ? 0 : Number(limit),
    token: opts.token as string | undefined,
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
