// Which commands take a record as their first argument, for the shells to complete (names, numbers,
// ids) by asking `acct __complete GROUP WORD`. Data only: the generator and the hidden command read it.
import type { RefKind } from '../refs.js';

/** The groups whose get, update and delete take one of their records, and the kind of reference it is. */
export const RECORD_KINDS: Readonly<Record<string, RefKind>> = {
  tags: 'tag',
  'tax-rates': 'tax-rate',
  accounts: 'account',
  services: 'service',
  'service-categories': 'service-category',
  products: 'product',
  projects: 'project',
  customers: 'customer',
  contacts: 'contact',
  entries: 'entry',
  proposals: 'proposal',
  invoices: 'invoice',
  tasks: 'task',
  bills: 'bill',
};

/** The verbs (and their aliases) of those groups whose first argument is the group's record. */
const RECORD_VERBS = ['get', 'show', 'update', 'delete', 'rm'];

/** Commands whose first argument is a record of another group: `acct timer start PROJECT`. */
const OTHER_ARGUMENTS: Readonly<Record<string, string>> = {
  'timer start': 'projects',
  'bills edit': 'bills',
  'bills mark-as': 'bills',
  'bills attach': 'bills',
  'bills pay': 'bills',
};

/** The group whose records complete the first argument of the command at `path` ("tags get"), if any. */
export function recordGroupOf(path: string): string | undefined {
  if (path in OTHER_ARGUMENTS) return OTHER_ARGUMENTS[path];
  const [group, verb, ...rest] = path.split(' ');
  return rest.length === 0 && verb !== undefined && RECORD_VERBS.includes(verb) && group in RECORD_KINDS
    ? group
    : undefined;
}
