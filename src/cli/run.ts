// One run of the CLI on an IO: parse, run the verb, and turn every failure into one line on stderr and
// a documented exit code, returned (the binary's entry, main.ts, exits with it; a test reads it).
import { CommanderError, type Command } from 'commander';
import { CliError, ExitCode } from '../errors.js';
import { failureLines } from './failure.js';
import { currentInvocation, newInvocation, runAs, type CliIO } from './io.js';
import { endPaging, flushHeld } from './pager.js';
import { buildProgram } from './program.js';

/** Runs `acct args…` (the arguments after the program's name) on `io`; answers the exit code. */
export function runCli(args: readonly string[], io: CliIO): Promise<number> {
  return runAs(newInvocation(io), () => run(args));
}

async function run(args: readonly string[]): Promise<number> {
  // a fresh program each run: commander keeps the parsed options on it
  const program = await buildProgram(args);
  program.exitOverride();
  for (const cmd of allCommands(program)) cmd.exitOverride();
  try {
    await program.parseAsync([...args], { from: 'user' });
    endPaging();
    return currentInvocation().exitCode ?? ExitCode.Ok;
  } catch (err) {
    // what was printed before the failure stays on the screen, above the message
    flushHeld();
    return failed(err, args.includes('--debug'));
  }
}

function failed(err: unknown, debug: boolean): number {
  const { io } = currentInvocation();
  const fail = (lines: string[], code: number) => {
    io.err.write(`acct: ${lines.map((l) => `${l}\n`).join('')}`);
    return code;
  };
  if (err instanceof CommanderError) {
    // commander has already printed its message (or the help) to the right stream
    const ok = ['commander.helpDisplayed', 'commander.version', 'commander.help'].includes(err.code);
    return ok ? ExitCode.Ok : ExitCode.Usage;
  }
  if (err instanceof CliError) {
    if (debug && err.stack) io.err.write(`${err.stack}\n`);
    return fail(failureLines(err), err.exitCode);
  }
  if (err instanceof Error && err.name === 'ExitPromptError') return fail(['interrupted'], ExitCode.Interrupted);
  if (debug && err instanceof Error) io.err.write(`${err.stack}\n`);
  const message = err instanceof Error ? err.message : String(err);
  return fail([`unexpected error: ${message}${debug ? '' : ' (run with --debug for details)'}`], ExitCode.Failure);
}

function* allCommands(cmd: Command): Generator<Command> {
  for (const sub of cmd.commands) {
    yield sub;
    yield* allCommands(sub);
  }
}
