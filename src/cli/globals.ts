// The global options every command accepts, and the I/O facts that decide colour and prompting.
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { holdNotice } from './fd-output.js';
import { currentIO } from './io.js';

import { OUTPUT_FORMATS, type OutputFormat } from '../output/types.js';

export interface GlobalOptions {
  profile?: string;
  company?: string;
  output?: OutputFormat;
  json?: boolean;
  fields?: string[];
  color: boolean;
  input: boolean;
  /** long output on a terminal through $PAGER (--no-pager: never) */
  pager: boolean;
  yes?: boolean;
  debug?: boolean;
}

export function globalsOf(cmd: Command): GlobalOptions {
  const o = cmd.optsWithGlobals() as Record<string, unknown>;
  if (o.output !== undefined && !OUTPUT_FORMATS.includes(o.output as OutputFormat)) {
    throw new UsageError(`invalid --output "${String(o.output)}"; use one of ${OUTPUT_FORMATS.join(', ')}`);
  }
  if (o.json && o.output && o.output !== 'json') throw new UsageError('--json and --output cannot both be given');
  const fields = typeof o.fields === 'string' ? o.fields.split(',').map((f) => f.trim()) : undefined;
  return {
    profile: o.profile as string | undefined,
    company: o.company as string | undefined,
    output: o.json ? 'json' : (o.output as OutputFormat | undefined),
    json: o.json as boolean | undefined,
    fields,
    color: o.color !== false && !currentIO().env.NO_COLOR && currentIO().out.isTTY,
    input: o.input !== false,
    pager: o.pager !== false,
    yes: o.yes as boolean | undefined,
    debug: o.debug as boolean | undefined,
  };
}

/**
 * A format of the global -o that only one command writes (acct entries export: ledger, acct report
 * chart: svg): before that command runs, the format is taken off -o and set as the command's own flag
 * `flag`, so globalsOf() sees no -o; every other command refuses it as an invalid --output.
 */
export function claimOutputFormat(cmd: Command, format: string, flag: string): void {
  cmd.hook('preAction', (self) => {
    let root = self;
    while (root.parent) root = root.parent;
    if (root.opts().output !== format) return;
    root.setOptionValue('output', undefined);
    self.setOptionValue(flag, true);
  });
}

/** Prompts only when a person is there to answer: both ends are terminals and --no-input was not given. */
export function canPrompt(g: Pick<GlobalOptions, 'input'>): boolean {
  const io = currentIO();
  return g.input && io.stdin.isTTY && io.out.isTTY && !io.env.CI;
}

/**
 * Notices, progress and hints: stderr, never stdout. One said after data that the pager holds back
 * (a summary below a table) waits for the data, so it stays below it.
 */
export function notice(line: string): void {
  if (!holdNotice(`${line}\n`)) currentIO().err.write(`${line}\n`);
}
