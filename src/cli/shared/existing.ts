// Every record a verb is about to change, read first: bulk and archive verbs change nothing when one of
// the ids typed does not exist (exit 5 naming it), and a delete can name the record it asks about.
import { ApiError, type ApiClient } from '../../api/http.js';
import { CliError, ExitCode } from '../../errors.js';

type Rec = Record<string, unknown>;

/** The record as GET answers it: `{ data: record }`, or the bare record (tax rates). */
const unwrap = (body: unknown): Rec => {
  const o = (body && typeof body === 'object' ? body : {}) as Rec;
  return o.data && typeof o.data === 'object' && !Array.isArray(o.data) ? (o.data as Rec) : o;
};

/** "project" → "projects", "time entry" → "time entries". */
export const plural = (noun: string): string => (noun.endsWith('y') ? `${noun.slice(0, -1)}ies` : `${noun}s`);

/** The record with this id, or undefined when the company has none (404). */
export async function findRecord(client: ApiClient, path: string): Promise<Rec | undefined> {
  try {
    return unwrap(await client.get(path));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return undefined;
    throw err;
  }
}

/**
 * The records of `ids` (by id), read one by one; an exit 5 naming every id the company does not have,
 * before anything is changed. `noun` names the kind in the message ("project"), `hint` where ids are shown.
 */
export async function existingRecords(client: ApiClient, noun: string, path: (id: number) => string, ids: readonly number[], hint = ''): Promise<Map<number, Rec>> {
  const found = new Map<number, Rec>();
  const missing: number[] = [];
  for (const id of ids) {
    const record = await findRecord(client, path(id));
    if (record) found.set(id, record);
    else missing.push(id);
  }
  if (missing.length) {
    const which = missing.length === 1 ? `${noun} with id ${missing[0]}` : `${plural(noun)} with ids ${missing.join(', ')}`;
    throw new CliError(`no ${which}${hint}; nothing was changed`, ExitCode.NotFound);
  }
  return found;
}
