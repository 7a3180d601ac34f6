// Long output on a terminal goes through a pager, as git and gh do: `$PAGER`, else `less -FRX` (quit
// when it fits, keep colours, leave the screen as it is). Data is held back from the first plan of
// output to the end of the command; only what is longer than the screen is paged. Never when stdout is
// not a terminal, nor with --no-pager; a prompt first shows what was held. Notices said after the data
// (a list's summary) are held with it and written below it.
import { holdStdout, releaseStdout, stdoutIsTerminal, writeTo } from './fd-output.js';

const DEFAULT_PAGER = 'less -FRX';

/** Holds the data output back for the pager when it can be used: a terminal with a known height, no --no-pager. */
export function startPaging(pager: boolean): void {
  if (pager && stdoutIsTerminal() && (process.stdout.rows ?? 0) > 0) holdStdout();
}

/** Writes what was held at once (before a prompt, or after a failure), the notices that followed it after it. */
export function flushHeld(): void {
  const { text, notices } = releaseStdout();
  if (text) writeTo(1, text);
  if (notices) writeTo(2, notices);
}

/**
 * At the end of the command: what was held goes through the pager when it is longer than the screen;
 * the notices said after it (a summary, a dry run's word) come below it, once the pager has ended.
 */
export function endPaging(): void {
  const { text, notices } = releaseStdout();
  if (text) page(text);
  if (notices) writeTo(2, notices);
}

function page(text: string): void {
  const lines = text.split('\n').length - 1;
  const command = process.env.PAGER?.trim() || DEFAULT_PAGER;
  if (lines < (process.stdout.rows ?? 0) || command === 'cat') {
    writeTo(1, text);
    return;
  }
  const { spawnSync } = process.getBuiltinModule('node:child_process');
  const env = { ...process.env, LESS: process.env.LESS ?? 'FRX' };
  const run = spawnSync('sh', ['-c', command], { input: text, stdio: ['pipe', 'inherit', 'inherit'], env });
  // no pager to be found: the text as it is
  if (run.error || run.status === 127) writeTo(1, text);
}
