// The CLI's entry: parse, run, and turn every failure into one line on stderr and a documented exit code.
import { CommanderError } from 'commander';
import { CliError, ExitCode } from '../errors.js';
import { failureLines } from './failure.js';
import { endPaging, flushHeld } from './pager.js';
import { buildProgram } from './program.js';

function fail(lines: string[], code: number): never {
  process.stderr.write(`acct: ${lines.map((l) => `${l}\n`).join('')}`);
  process.exit(code);
}

process.on('SIGINT', () => process.exit(ExitCode.Interrupted));
hookStdoutErrors();

const program = await buildProgram(process.argv.slice(2));
program.exitOverride();
for (const cmd of allCommands(program)) cmd.exitOverride();

try {
  await program.parseAsync(process.argv);
  endPaging();
} catch (err) {
  // what was printed before the failure stays on the screen, above the message
  flushHeld();
  const debug = process.argv.includes('--debug');
  if (err instanceof CommanderError) {
    // commander has already printed its message (or the help) to the right stream
    const ok = err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help';
    process.exit(ok ? ExitCode.Ok : ExitCode.Usage);
  }
  if (err instanceof CliError) {
    if (debug && err.stack) process.stderr.write(`${err.stack}\n`);
    fail(failureLines(err), err.exitCode);
  }
  if (err instanceof Error && err.name === 'ExitPromptError') fail(['interrupted'], ExitCode.Interrupted);
  if (debug && err instanceof Error) process.stderr.write(`${err.stack}\n`);
  fail([`unexpected error: ${err instanceof Error ? err.message : String(err)}${debug ? '' : ' (run with --debug for details)'}`], ExitCode.Failure);
}

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

function* allCommands(cmd: import('commander').Command): Generator<import('commander').Command> {
  for (const sub of cmd.commands) {
    yield sub;
    yield* allCommands(sub);
  }
}
