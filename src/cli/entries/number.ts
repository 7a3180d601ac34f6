// `acct entries number <income|expense|swap> [--year] [--number]`: the running number, bare on stdout.
import { entryNumber, ENTRY_TYPES, type EntryType } from '../../api/endpoints/entries.js';
import { UsageError } from '../../errors.js';
import { positiveInt } from '../resource/body.js';
import type { VerbIO } from '../verb.js';

interface NumberOptions {
  /** income, expense or swap */
  type: string;
  year?: string;
  number?: string;
}

export default async function nextNumber({ type, year, number }: NumberOptions, io: VerbIO): Promise<void> {
  io.globals(); // the global flags are checked first, before this verb's own
  if (!(ENTRY_TYPES as readonly string[]).includes(type))
    throw new UsageError(`invalid type "${type}": expected income, expense or swap`);
  const query: { year?: number; number?: number } = {};
  if (year !== undefined) {
    if (!/^\d{4}$/.test(year)) throw new UsageError(`invalid --year "${year}": expected a year like 2025`);
    query.year = Number(year);
  }
  if (number !== undefined) query.number = positiveInt('--number', number);
  await io.withRuntime(async (rt) => {
    io.out.write(`${await entryNumber(rt.client, await rt.company(), type as EntryType, query)}\n`);
  });
}
