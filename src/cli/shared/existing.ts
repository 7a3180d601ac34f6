// Every record a verb is about to change, read first: bulk and archive verbs change nothing when one of
// the ids typed does not exist (exit 5 naming it), and a delete can name the record it asks about.
import { ApiError, type ApiClient } from '../../api/http.js';
import { CliError, ExitCode } from '../../errors.js';
import { formatDate, formatMoney } from '../../output/format.js';
import { mapConcurrent } from './concurrent.js';

type Rec = Record<string, unknown>;

/** The record as GET answers it: `{ data: record }`, or the bare record (tax rates). */
const unwrap = (body: unknown): Rec => {
  const o = (body && typeof body === 'object' ? body : {}) as Rec;
  return o.data && typeof o.data === 'object' && !Array.isArray(o.data) ? (o.data as Rec) : o;
};

/** "project" → "projects", "time entry" → "time entries". */
export const plural = (noun: string): string => (noun.endsWith('y') ? `${noun.slice(0, -1)}ies` : `${noun}s`);

/** One record by its path ({ data: record } or, as tax rates answer, the record itself). */
export async function getRecord<T extends object = Rec>(client: ApiClient, path: string): Promise<T> {
  return unwrap(await client.get(path)) as T;
}

/** The record with this id, or undefined when the company has none (404). */
export async function findRecord(client: ApiClient, path: string): Promise<Rec | undefined> {
  try {
    return await getRecord(client, path);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return undefined;
    throw err;
  }
}

/** How many records are read at once. */
const READ_CONCURRENCY = 8;

/**
 * The records of `ids` (by id), a few read at once; an exit 5 naming every id the company does not have,
 * before anything is changed. `noun` names the kind in the message ("project"), `hint` where ids are shown.
 */
export async function existingRecords(
  client: ApiClient,
  noun: string,
  path: (id: number) => string,
  ids: readonly number[],
  hint = '',
): Promise<Map<number, Rec>> {
  const records = await mapConcurrent(ids, READ_CONCURRENCY, (id) => findRecord(client, path(id)));
  const found = new Map<number, Rec>();
  const missing: number[] = [];
  ids.forEach((id, i) => {
    const record = records[i];
    if (record) found.set(id, record);
    else missing.push(id);
  });
  if (missing.length) throw missingRecords(noun, missing, hint);
  return found;
}

/** The exit 5 naming the ids the company does not have ("no project with id 7", "no tags with ids 3, 4"). */
export function missingRecords(noun: string, missing: readonly number[], hint = ''): CliError {
  const which =
    missing.length === 1 ? `${noun} with id ${missing[0]}` : `${plural(noun)} with ids ${missing.join(', ')}`;
  return new CliError(`no ${which}${hint}; nothing was changed`, ExitCode.NotFound);
}

/** What a bookkeeper types for a record: its number where it has one (E-2026-001, customer 1001), else its id. */
export const recordKey = (id: number, record: Rec): string =>
  typeof record.number === 'string' || typeof record.number === 'number' ? String(record.number) : String(id);

/**
 * A record as a confirmation names it: its number (or id), its name, and what tells it apart
 * ("12 travel (blue)", "1001 Muster AG", "E-2026-001 Miete (31.03.2025, 2'500.00)").
 */
export function recordLabel(id: number, record: Rec): string {
  const key = recordKey(id, record);
  const found = [record.name, record.title, record.counterparty_name, record.description].find(
    (v) => typeof v === 'string' && v.trim() !== '',
  ) as string | undefined;
  const name = found && found.length > 40 ? `${found.slice(0, 39)}…` : found;
  const detail = [
    typeof record.color === 'string' ? record.color : undefined,
    typeof record.date === 'string' ? formatDate(record.date) : undefined,
    typeof record.readable_time === 'string' ? record.readable_time : undefined,
    typeof record.sum === 'string' || typeof record.sum === 'number' ? formatMoney(record.sum) : undefined,
  ].filter((v) => v !== undefined && v !== '');
  return `${key}${name ? ` ${name}` : ''}${detail.length ? ` (${detail.join(', ')})` : ''}`;
}

/** The question before deleting records read with existingRecords: "Delete 2 projects (12 Website, 14 Intern)?". */
export function deleteQuestion(noun: string, records: Map<number, Rec>): string {
  const labels = [...records].map(([id, record]) => recordLabel(id, record));
  return `Delete ${labels.length} ${labels.length === 1 ? noun : plural(noun)} (${labels.join(', ')})?`;
}
