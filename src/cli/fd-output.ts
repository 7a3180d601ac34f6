// Output straight to a file descriptor. process.stdout is a stream made on first use, and for a pipe it
// is a net.Socket that loads the network stack: milliseconds on every command that prints data.
import { CliError, ExitCode, UsageError } from '../errors.js';
const fs = process.getBuiltinModule('node:fs');
const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Writes all of `text` to `fd`. A full non-blocking pipe (EAGAIN) is waited out a millisecond at a
 * time; a pipe whose reader has gone (acct … | head) ends the process quietly.
 */
export function writeTo(fd: number, text: string): void {
  let bytes = Buffer.from(text, 'utf8');
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
 * True when stdout is a terminal, found without making the stream for pipes and files: only a character
 * device (a terminal, or /dev/null) is asked further.
 */
export function stdoutIsTerminal(): boolean {
  try {
    return fs.fstatSync(1).isCharacterDevice() && process.stdout.isTTY === true;
  } catch {
    return false;
  }
}

/** Data held back for the pager (src/cli/pager.ts) while it decides; undefined when written at once. */
let held: string[] | undefined;
/** Notices said after held data (a list's summary): they follow the data, as they would without the pager. */
let heldNotices: string[] = [];

/** From now on the data sink holds what it is given, until releaseStdout(). */
export function holdStdout(): void {
  held ??= [];
}

/** What was held back (and stop holding); the notices that came after it in `notices`. */
export function releaseStdout(): { text: string; notices: string } {
  const text = held?.join('') ?? '';
  const notices = heldNotices.join('');
  held = undefined;
  heldNotices = [];
  return { text, notices };
}

/** A notice line for stderr: kept to follow the data when data is being held (true), else false. */
export function holdNotice(line: string): boolean {
  if (!held || held.length === 0) return false;
  heldNotices.push(line);
  return true;
}

/** The data sink of every renderer: stdout by descriptor (held back while the pager decides). */
export const stdoutSink = { write: (text: string) => (held ? void held.push(text) : writeTo(1, text)) };

/**
 * Every command that writes a file refuses to replace one that exists unless --force (exit 6, a
 * conflict: the file is the user's); a directory is never a target.
 */
export function refuseToOverwrite(path: string, force: boolean | undefined, hint = 'give a file name'): void {
  let stat;
  try {
    stat = fs.statSync(path);
  } catch {
    return;
  }
  if (stat.isDirectory()) throw new UsageError(`${path} is a directory; ${hint}`);
  if (!force) throw new CliError(`${path} exists; --force overwrites it`, ExitCode.Conflict);
}

/** Where an export or an image goes: stdout, or a file that appears whole (renamed from a partial one) when done. */
export interface OutputSink { write(text: string): void; done(): void; abandon(): void }

/**
 * stdout (no `out`, or `-`), or the file `out`: refused at once when it exists and `force` is not given;
 * written beside it and moved into place when done, without replacing a file that appeared meanwhile.
 */
export function openSink(out: string | undefined, force?: boolean): OutputSink {
  if (out === undefined || out === '-') return { write: (t) => writeTo(1, t), done: () => {}, abandon: () => {} };
  refuseToOverwrite(out, force);
  const partial = `${out}.partial-${process.pid}`;
  let fd: number;
  try {
    fd = fs.openSync(partial, 'w', 0o644);
  } catch (err) {
    throw new UsageError(`cannot write ${out}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  let closed = false;
  const close = () => { if (!closed) { closed = true; fs.closeSync(fd); } };
  return {
    write: (text) => { fs.writeSync(fd, text); },
    done: () => {
      close();
      if (force) fs.renameSync(partial, out);
      else placeWithoutReplacing(partial, out);
    },
    abandon: () => { close(); fs.rmSync(partial, { force: true }); },
  };
}

/** Moves `partial` to `out` unless a file has appeared there (a hard link fails then); renames where links are not had. */
function placeWithoutReplacing(partial: string, out: string): void {
  try {
    fs.linkSync(partial, out);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') {
      fs.rmSync(partial, { force: true });
      throw new CliError(`${out} exists; --force overwrites it`, ExitCode.Conflict);
    }
    fs.renameSync(partial, out);
    return;
  }
  fs.rmSync(partial, { force: true });
}
