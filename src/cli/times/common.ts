// Time entry ids as typed: 42 or id:42, one or several.
import { UsageError } from '../../errors.js';

/** A time entry id as typed: 42 or id:42. */
export function entryId(raw: string): number {
  const m = /^(?:id:)?(\d+)$/i.exec(raw.trim());
  if (!m || Number(m[1]) < 1) throw new UsageError(`invalid time entry id "${raw}": expected a number like 42`);
  return Number(m[1]);
}

/** Distinct ids in the order given. */
export function entryIds(raw: string[]): number[] {
  return [...new Set(raw.map(entryId))];
}
