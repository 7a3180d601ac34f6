// acct server start: the service standalone, until SIGINT/SIGTERM.
import { CliError, UsageError } from '../../errors.js';
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

/** Hosts only this machine reaches: the API needs no TLS there. */
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i;

/** A socket that cannot be opened, said in one line; undefined for any other failure. */
function listenFailure(err: unknown, host: string, port: string): CliError | undefined {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (code === 'EADDRINUSE')
    return new CliError(
      `port ${port} is in use on ${host}: stop what uses it, or pick another with --port (0 for a free one)`,
    );
  if (code === 'EACCES')
    return new CliError(`port ${port} needs privileges on this machine: pick one above 1023 with --port`);
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    return new CliError(`cannot listen on ${host}: no such address on this machine (--host)`);
  return undefined;
}

export default async function start(opts: StartOptions, io: VerbIO): Promise<void> {
  const port = opts.port;
  if (!/^\d{1,5}$/.test(port) || Number(port) > 65535) throw new UsageError(`invalid --port "${port}"`);
  const limit = opts.rateLimit;
  if (limit !== 'off' && (!/^\d+$/.test(limit) || Number(limit) < 1))
    throw new UsageError(`invalid --rate-limit "${limit}": a number of requests per minute, or off`);
  const { startServer } = await import('../../server/main.js');
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer({
      dataDir: dataDirOption(opts.data),
      host: opts.host,
      port: Number(port),
      rateLimit: limit === 'off' ? 0 : Number(limit),
      token: opts.token,
    });
  } catch (err) {
    throw listenFailure(err, opts.host, port) ?? err;
  }
  if (!LOOPBACK.test(opts.host)) {
    io.err.write(
      `warning: the API is served on ${opts.host} without TLS: tokens and data cross the network readable; put a ` +
        `TLS proxy in front\n`,
    );
  }
  if (server.seed.seeded && opts.token === undefined) {
    io.err.write(
      `Seeded a new data directory: user ${server.seed.userId} (owner) with token ${server.seed.token}\nThis token ` +
        `is shown once.\n`,
    );
  }
  // The verb lasts as long as the server: a signal ends it cleanly, also one sent the moment the line
  // below is read. Signals are the process's: only the binary's run serves until interrupted.
  const stopped = new Promise<void>((resolve) => {
    const stop = () => {
      server.close().then(resolve, () => {
        io.setExitCode(1);
        resolve();
      });
    };
    process.removeAllListeners('SIGINT');
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  io.out.write(`acct server listening on ${server.url}\n`);
  await stopped;
}
