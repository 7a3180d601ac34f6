// `acct entries number <income|expense|swap> [--year] [--number]`: the running number, bare on stdout.
import type { Command } from 'commander';
import { entryNumber, ENTRY_TYPES, type EntryType } from '../../api/endpoints/entries.js';
import { UsageError } from '../../errors.js';
import { globalsOf } from '../globals.js';
import { withRuntime } from '../runtime.js';

export default async function number(args: string[], opts: Record<string, unknown>, cmd: Command): Promise<void> {
  const g = globalsOf(cmd);
  const type = args[0];
  if (!(ENTRY_TYPES as readonly string[]).includes(type)) throw new UsageError(`invalid type "${type}": expected income, expense or swap`);
  const query: { year?: number; number?: number } = {};
  if (opts.year !== undefined) {
    if (!/^\d{4}$/.test(String(opts.year))) throw new UsageError(`invalid --year "${String(opts.year)}": expected a year like 2025`);
    query.year = Number(opts.year);
  }
  if (opts.number !== undefined) {
    if (!/^\d+$/.test(String(opts.number)) || Number(opts.number) < 1) throw new UsageError(`invalid --number "${String(opts.number)}": expected a whole number of at least 1`);
    query.number = Number(opts.number);
  }
  await withRuntime(g, async (rt) => {
    process.stdout.write(`${await entryNumber(rt.client, await rt.company(), type as EntryType, query)}\n`);
  });
}
