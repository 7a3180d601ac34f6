// Where data goes: the run's stdout (held back while the pager decides), or a file that appears whole.
import { CliError, ExitCode, UsageError } from '../errors.js';
import { currentIO, invocationState } from './io.js';
const fs = process.getBuiltinModule('node:fs');

/**
 * Data held back for the pager (src/cli/pager.ts) while it decides (undefined when written at once), and
 * the notices said after it (a list's summary): they follow the data, as they would without the pager.
 */
interface Held {
  text?: string[];
  notices: string[];
}
const HELD = Symbol('held output');
const heldOfRun = () => invocationState<Held>(HELD, () => ({ notices: [] }));

/** From now on the data sink holds what it is given, until releaseStdout(). */
export function holdStdout(): void {
  heldOfRun().text ??= [];
}

/** What was held back (and stop holding); the notices that came after it in `notices`. */
export function releaseStdout(): { text: string; notices: string } {
  const held = heldOfRun();
  const text = held.text?.join('') ?? '';
  const notices = held.notices.join('');
  held.text = undefined;
  held.notices = [];
  return { text, notices };
}

/** A notice line for stderr: kept to follow the data when data is being held (true), else false. */
export function holdNotice(line: string): boolean {
  const held = heldOfRun();
  if (!held.text || held.text.length === 0) return false;
  held.notices.push(line);
  return true;
}

/** The data sink of every renderer: the run's stdout (held back while the pager decides). */
export const stdoutSink = {
  write: (text: string) => {
    const held = heldOfRun().text;
    if (held) held.push(text);
    else currentIO().out.write(text);
  },
};

/**
 * Every command that writes a file refuses to replace one that exists unless --force (exit 6, a
 * conflict: the file is the user's); a directory is never a target.
 */
export function refuseToOverwrite(path: string, force: boolean | undefined, hint = 'give a file name'): void {
  let stat: ReturnType<typeof fs.statSync>;
  try {
    stat = fs.statSync(path);
  } catch {
    return;
  }
  if (stat.isDirectory()) throw new UsageError(`${path} is a directory; ${hint}`);
  if (!force) throw new CliError(`${path} exists; --force overwrites it`, ExitCode.Conflict);
}

/** Where an export or an image goes: stdout, or a file that appears whole (renamed from a partial one) when done. */
export interface OutputSink {
  write(text: string): void;
  done(): void;
  abandon(): void;
}

/**
 * stdout (no `out`, or `-`), or the file `out`: refused at once when it exists and `force` is not given;
 * written beside it and moved into place when done, without replacing a file that appeared meanwhile.
 */
export function openSink(out: string | undefined, force?: boolean): OutputSink {
  if (out === undefined || out === '-')
    return { write: (t) => currentIO().out.write(t), done: () => {}, abandon: () => {} };
  refuseToOverwrite(out, force);
  const partial = `${out}.partial-${process.pid}`;
  let fd: number;
  try {
    fd = fs.openSync(partial, 'w', 0o644);
  } catch (err) {
    throw new UsageError(`cannot write ${out}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  let closed = false;
  const close = () => {
    if (!closed) {
      closed = true;
      fs.closeSync(fd);
    }
  };
  return {
    write: (text) => {
      fs.writeSync(fd, text);
    },
    done: () => {
      close();
      if (force) fs.renameSync(partial, out);
      else placeWithoutReplacing(partial, out);
    },
    abandon: () => {
      close();
      fs.rmSync(partial, { force: true });
    },
  };
}

/**
 * Moves `partial` to `out` unless a file has appeared there (a hard link fails then); renames where links are not had.
 */
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
