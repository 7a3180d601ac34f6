// Bookings' pure rules: the type (from ledger.ts, not duplicated), depreciation, closed periods, the
// revenue cap, the billable flag, query filters and the items of the grouped listing. No I/O here.
import { bookingType, type AccountType } from './ledger.js';
import { groupRappen } from './money.js';
import type { EntryType } from './numbering.js';

export type { EntryType } from './numbering.js';

/** service-decisions.md: credit income → income; else debit expense → expense; else swap. */
export const entryType = (debitType: AccountType, creditType: AccountType): EntryType =>
  bookingType(debitType, creditType);

/** A depreciation: an expense (6800 Abschreibungen) debited against a fixed asset of the deprecations category. */
export const isDepreciation = (debitType: AccountType, creditType: AccountType): boolean =>
  debitType === 'expense' && creditType === 'deprecations';

/** A booking dated on or before the company's closed_until lies in a closed period. */
export const isLocked = (date: string, closedUntil: string | null | undefined): boolean =>
  !!closedUntil && date <= closedUntil;

/** Only expenses with a customer can be billable. */
export const canBeBillable = (type: EntryType, customerId: number | null | undefined): boolean =>
  type === 'expense' && customerId !== null && customerId !== undefined;

/**
 * Does an income booking break the yearly revenue cap? `othersInYear` is the income of the year without
 * this booking, `previous` what this booking counted in that year before the change (0 when it is new,
 * was not income or lay in another year). A change that does not raise the year's income is never refused,
 * so a booking can still be corrected after the cap was lowered.
 */
export function exceedsRevenueCap(
  cap: number | null | undefined,
  othersInYear: number,
  sum: number,
  previous = 0,
): boolean {
  if (cap === null || cap === undefined) return false;
  if (sum <= previous) return false;
  return othersInYear + sum > cap;
}

/** dd.mm.yyyy */
export const dottedDate = (date: string): string => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

// ---- filters -----------------------------------------------------------------------------------

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** filter[date]: "start,end", "start" (from start on) or ",end"; undefined for anything else. */
export function parseDateRange(
  raw: string,
  isValidDate: (s: string) => boolean,
): { start?: string; end?: string } | undefined {
  const parts = raw.split(',').map((s) => s.trim());
  if (parts.length > 2) return undefined;
  const [start, end] = [parts[0] || undefined, parts[1] || undefined];
  if (!start && !end) return undefined;
  for (const d of [start, end]) if (d !== undefined && (!DATE.test(d) || !isValidDate(d))) return undefined;
  return { start, end };
}

/** An id filter that also takes "null" (or "none"): ids and whether null matches. */
export function parseNullableIds(
  raw: string,
  nullWords: readonly string[] = ['null'],
): { ids: number[]; withNull: boolean } | undefined {
  const parts = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (parts.length === 0 || parts.length > 1000) return undefined;
  const ids: number[] = [];
  let withNull = false;
  for (const p of parts) {
    if (nullWords.includes(p.toLowerCase())) withNull = true;
    else if (/^\d{1,15}$/.test(p)) ids.push(Number(p));
    else return undefined;
  }
  return { ids, withNull };
}

// ---- grouped listing ---------------------------------------------------------------------------

export interface AccountLabel {
  id: number | null;
  name: string;
  number: number | null;
}

export interface GroupMember {
  id: number;
  entry_group_id: number | null;
  description: string | null;
  type: EntryType;
  /** Rappen */
  sum: number;
  date: string;
  number: string | null;
  file_id: number | null;
  customer_id: number | null;
  project_id: number | null;
  locked: boolean;
  debit_account: { id: number; name: string; number: number };
  credit_account: { id: number; name: string; number: number };
}

export interface GroupedItem {
  id: number;
  entry_group_id: number | null;
  description: string | null;
  type: EntryType | 'mixed';
  sum: number | false;
  date: string;
  debit_account: AccountLabel;
  credit_account: AccountLabel;
  number: string | null;
  file_id: number | null;
  customer_id: number | null;
  project_id: number | null;
  formatted: { date: string };
  sumFormatted: string | null;
  grouped_entries: { id: number; description: string | null; sum: number; date: string }[];
  locked: boolean;
  search_string: string;
}

const distinct = <T>(values: T[]): T[] => [...new Set(values)];

/** One value when all agree, else the distinct non-empty values joined (null when none). */
function combinedText(values: (string | null)[]): string | null {
  const present = distinct(values.filter((v): v is string => v !== null && v !== ''));
  return present.length ? present.join(', ') : null;
}

const common = <T>(values: T[]): T | null => (distinct(values).length === 1 ? values[0] : null);

function combinedAccount(accounts: { id: number; name: string; number: number }[]): AccountLabel {
  const unique = distinct(accounts.map((a) => a.id)).map((id) => accounts.find((a) => a.id === id)!);
  if (unique.length === 1) return { id: unique[0].id, name: unique[0].name, number: unique[0].number };
  const sorted = [...unique].sort((a, b) => a.number - b.number);
  return { id: null, name: sorted.map((a) => `${a.number} ${a.name}`).join(', '), number: null };
}

/**
 * One item of `GET /entries-grouped` from the bookings of a group (or a single ungrouped booking), in
 * display order (date, then id). Sum in Rappen (the route turns it into a number); false when types mix.
 */
export function groupItem(members: GroupMember[], toAmount: (rappen: number) => number): GroupedItem {
  if (members.length === 0) throw new Error('a grouped item needs at least one booking');
  const ordered = [...members].sort((a, b) => (a.date === b.date ? a.id - b.id : a.date < b.date ? -1 : 1));
  const first = ordered[0];
  const groupId = first.entry_group_id;
  const types = distinct(ordered.map((m) => m.type));
  const mixed = types.length > 1;
  const total = ordered.reduce((s, m) => s + m.sum, 0);
  const date = ordered[ordered.length - 1].date;
  const description = combinedText(ordered.map((m) => m.description));
  const number = combinedText(ordered.map((m) => m.number));
  const debit = combinedAccount(ordered.map((m) => m.debit_account));
  const credit = combinedAccount(ordered.map((m) => m.credit_account));
  const sumFormatted = mixed ? null : groupRappen(total);
  const search = [
    description,
    number,
    debit.number === null ? debit.name : `${debit.number} ${debit.name}`,
    credit.number === null ? credit.name : `${credit.number} ${credit.name}`,
    ...ordered.map((m) => m.description),
    sumFormatted,
    ...ordered.map((m) => groupRappen(m.sum)),
    dottedDate(date),
    date,
  ].filter((s): s is string => !!s);
  return {
    id: groupId ?? first.id,
    entry_group_id: groupId,
    description,
    type: mixed ? 'mixed' : types[0],
    sum: mixed ? false : toAmount(total),
    date,
    debit_account: debit,
    credit_account: credit,
    number,
    file_id: ordered.find((m) => m.file_id !== null)?.file_id ?? null,
    customer_id: common(ordered.map((m) => m.customer_id)),
    project_id: common(ordered.map((m) => m.project_id)),
    formatted: { date: dottedDate(date) },
    sumFormatted,
    grouped_entries: ordered.map((m) => ({ id: m.id, description: m.description, sum: toAmount(m.sum), date: m.date })),
    locked: ordered.some((m) => m.locked),
    search_string: distinct(search).join(' ').toLowerCase(),
  };
}
