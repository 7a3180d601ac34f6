// Record ids as typed on the command line: 42 or id:42, one or several.
import { UsageError } from '../../errors.js';

/** A record id as typed: 42 or id:42; a usage error naming the kind (`where`: where its ids are shown) otherwise. */
export function typedId(raw: string, noun: string, where = ''): number {
  const m = /^(?:id:)?(\d+)$/i.exec(raw.trim());
  if (!m || Number(m[1]) < 1) throw new UsageError(`invalid ${noun} id "${raw}": expected a number like 42${where}`);
  return Number(m[1]);
}

/** Distinct ids in the order given. */
export function typedIds(raw: string[], noun: string, where = ''): number[] {
  return [...new Set(raw.map((r) => typedId(r, noun, where)))];
}
