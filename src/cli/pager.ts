// Long output on a terminal goes through a pager, as git and gh do: `$PAGER`, else `less -FRX` (quit
// when it fits, keep colours, leave the screen as it is). Data is held back from the first plan of
// output to the end of the command; only what is longer than the screen is paged. Never when stdout is
// not a terminal, nor with --no-pager; a prompt first shows what was held. Notices said after the data
// (a list's summary) are held with it and written below it.
import { holdStdout, releaseStdout } from './fd-output.js';
import { currentIO } from './io.js';

const DEFAULT_PAGER = 'less -FRX';

/** Holds the data output back for the pager when it can be used: a terminal with a known height, no --no-pager. */
export function startPaging(pager: boolean): void {
  const { out } = currentIO();
  if (pager && out.isTTY && (out.rows ?? 0) > 0) holdStdout();
}

/** Writes what was held at once (before a prompt, or after a failure), the notices that followed it after it. */
export function flushHeld(): void {
  const { text, notices } = releaseStdout();
  const io = currentIO();
  if (text) io.out.write(text);
  if (notices) io.err.write(notices);
}

/**
 * At the end of the command: what was held goes through the pager when it is longer than the screen;
 * the notices said after it (a summary, a dry run's word) come below it, once the pager has ended.
 */
export function endPaging(): void {
  const { text, notices } = releaseStdout();
  if (text) page(text);
  if (notices) currentIO().err.write(notices);
}

function page(text: string): void {
  const { out, env: runEnv } = currentIO();
  const lines = text.split('\n').length - 1;
  const command = runEnv.PAGER?.trim() || DEFAULT_PAGER;
  if (lines < (out.rows ?? 0) || command === 'cat') {
    out.write(text);
    return;
  }
  // the pager is a process of its own on the process's terminal (paging is asked only when stdout is one)
  const { spawnSync } = process.getBuiltinModule('node:child_process');
  const env = { ...runEnv, LESS: runEnv.LESS ?? 'FRX' };
  const run = spawnSync('sh', ['-c', command], { input: text, stdio: ['pipe', 'inherit', 'inherit'], env });
  // no pager to be found: the text as it is
  if (run.error || run.status === 127) out.write(text);
}
