// The I/O of one run of the CLI (as gh's IOStreams): where data and notices go, what stdin holds, the
// environment, and whether each end is a terminal. The binary's entry makes it from the process
// (processIO); a test makes one of strings and runs a verb in its own process (runCli in run.ts).
// Code deep below the verbs (renderers, the pager, notices, config) reads the IO of the run it is part
// of through currentInvocation(): an AsyncLocalStorage, so two runs at once in one process stay apart.

/** An output end: stdout or stderr. */
export interface OutStream {
  write(data: string | Uint8Array): void;
  readonly isTTY: boolean;
  /** the terminal's width and height; undefined when not a terminal or not known */
  readonly columns?: number;
  readonly rows?: number;
}

/** stdin: read whole, when a verb asks for it (a CSV, a token, a JSON body). */
export interface InStream {
  read(): Buffer;
  readonly isTTY: boolean;
}

export interface CliIO {
  out: OutStream;
  err: OutStream;
  stdin: InStream;
  /** the environment of this run (ACCT_*, NO_COLOR, PAGER, CI …); the process's own for the binary */
  env: NodeJS.ProcessEnv;
}

/** One run of the CLI: its IO, the exit code a verb set without failing, and state that lives as long as the run. */
export interface Invocation {
  io: CliIO;
  exitCode?: number;
  state: Map<symbol, unknown>;
}

// Builtins through getBuiltinModule, as elsewhere on the start-up path (no ESM namespace to synthesise).
const fs = process.getBuiltinModule('node:fs');
const { AsyncLocalStorage } = process.getBuiltinModule('node:async_hooks');
const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Writes all of `data` to the process's descriptor `fd` (process.stdout is a stream made on first use,
 * and for a pipe a net.Socket that loads the network stack: milliseconds on every command that prints).
 * A full non-blocking pipe (EAGAIN) is waited out a millisecond at a time; a pipe whose reader has gone
 * (acct … | head) ends the process quietly.
 */
function writeTo(fd: number, data: string | Uint8Array): void {
  let bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  while (bytes.length > 0) {
    try {
      bytes = bytes.subarray(fs.writeSync(fd, bytes));
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EPIPE') process.exit(0);
      if (code !== 'EAGAIN') throw err;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}

/**
 * True when the process's stdout is a terminal, found without making the stream for pipes and files:
 * only a character device (a terminal, or /dev/null) is asked further.
 */
function stdoutIsTerminal(): boolean {
  try {
    return fs.fstatSync(1).isCharacterDevice() && process.stdout.isTTY === true;
  } catch {
    return false;
  }
}

/**
 * The process's own ends, written by file descriptor (see fd-output.ts); each stream Node makes on first
 * touch is made only when a fact of it is asked for.
 */
export function processIO(): CliIO {
  return {
    out: {
      write: (data) => writeTo(1, data),
      get isTTY() {
        return stdoutIsTerminal();
      },
      get columns() {
        return stdoutIsTerminal() ? process.stdout.columns : undefined;
      },
      get rows() {
        return stdoutIsTerminal() ? process.stdout.rows : undefined;
      },
    },
    err: {
      write: (data) => writeTo(2, data),
      get isTTY() {
        return process.stderr.isTTY === true;
      },
      get columns() {
        return process.stderr.isTTY ? process.stderr.columns : undefined;
      },
      get rows() {
        return process.stderr.isTTY ? process.stderr.rows : undefined;
      },
    },
    stdin: {
      read: () => fs.readFileSync(0),
      get isTTY() {
        return process.stdin.isTTY === true;
      },
    },
    env: process.env,
  };
}

const storage = new AsyncLocalStorage<Invocation>();
/** Code run outside runCli (a script loading a module of the CLI) works on the process. */
let processInvocation: Invocation | undefined;

export const newInvocation = (io: CliIO): Invocation => ({ io, state: new Map() });

/** Runs fn as the invocation `inv`: everything it calls, awaited or not, sees it. */
export function runAs<T>(inv: Invocation, fn: () => T): T {
  return storage.run(inv, fn);
}

export function currentInvocation(): Invocation {
  return storage.getStore() ?? (processInvocation ??= newInvocation(processIO()));
}

/** The IO of the run in progress. */
export const currentIO = (): CliIO => currentInvocation().io;

/** State kept for the run in progress only (a cache, a buffer): made by `make` on first use in the run. */
export function invocationState<T>(key: symbol, make: () => T): T {
  const { state } = currentInvocation();
  if (!state.has(key)) state.set(key, make());
  return state.get(key) as T;
}
