// The binary's entry: the process's own IO, Ctrl-C and a closed pipe; the run itself is runCli (run.ts).
import { ExitCode } from '../errors.js';
import { processIO } from './io.js';
import { runCli } from './run.js';

process.on('SIGINT', () => process.exit(ExitCode.Interrupted));
hookStdoutErrors();
process.exit(await runCli(process.argv.slice(2), processIO()));

/**
 * A closed pipe (acct … | head) is the reader saying it has enough: exit quietly. Node makes the stdout
 * stream on first access (loading net and tty), so the handler is attached then, not at start-up.
 */
function hookStdoutErrors(): void {
  const descriptor = Object.getOwnPropertyDescriptor(process, 'stdout');
  const create = descriptor?.get;
  if (!create) return;
  let stream: NodeJS.WriteStream | undefined;
  Object.defineProperty(process, 'stdout', {
    configurable: true,
    enumerable: true,
    get() {
      if (!stream) {
        stream = create.call(process) as NodeJS.WriteStream;
        stream.on('error', (err: NodeJS.ErrnoException) => {
          if (err.code === 'EPIPE') process.exit(ExitCode.Ok);
          throw err;
        });
      }
      return stream;
    },
  });
}
