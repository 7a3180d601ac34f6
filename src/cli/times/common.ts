// Time entry ids as typed: 42 or id:42, one or several.
import { typedId, typedIds } from '../shared/ids.js';

/** A time entry id as typed: 42 or id:42. */
export const entryId = (raw: string): number => typedId(raw, 'time entry');

/** Distinct ids in the order given. */
export const entryIds = (raw: string[]): number[] => typedIds(raw, 'time entry');
