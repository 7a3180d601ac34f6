// The request body of `times create` and `times update` from their flags (and --data). Everything
// that can be checked without the API is checked here, before a connection is made.
import { UsageError } from '../../errors.js';
import { spanFromFlags } from '../shared/duration.js';
import { convertValue, readDataFlag } from '../resource/body.js';
import { parseDay } from '../shared/calendar.js';
import { nameFlags } from '../failure.js';

type Rec = Record<string, unknown>;

/** The flag that fills each field of a time entry (a 422 on `hours` names --duration). */
const TIME_FLAGS: [string, string][] = [
  ['project_id', 'project'],
  ['date', 'date'],
  ['hours', 'duration'],
  ['minutes', 'duration'],
  ['start', 'start'],
  ['end', 'end'],
  ['description', 'description'],
  ['task_id', 'task'],
  ['hourly_rate', 'rate'],
  ['billable', 'billable'],
  ['status', 'status'],
];

/** The flags of times create and update (references as typed); --status and --force are update's only. */
export interface TimeEntryFlags {
  project?: string;
  date?: string;
  duration?: string;
  start?: string;
  end?: string;
  description?: string;
  task?: string;
  rate?: string;
  billable?: boolean;
  status?: string;
  force?: boolean;
  data?: string;
}

/** The body from the flags, without the references (project, task): they are resolved once the API is reachable. */
export function timeBodyFromFlags(opts: TimeEntryFlags): Rec {
  nameFlags(TIME_FLAGS);
  const body: Rec = { ...readDataFlag(opts.data) };
  const span = spanFromFlags(opts);
  if (span) {
    body.hours = span.hours;
    body.minutes = span.minutes;
    if (span.start !== undefined) body.start = span.start;
    if (span.end !== undefined) body.end = span.end;
  }
  if (opts.date !== undefined) body.date = parseDay(opts.date, 'date');
  if (opts.description !== undefined) body.description = opts.description;
  if (opts.rate !== undefined) body.hourly_rate = convertValue('rate', 'decimal', opts.rate);
  if (opts.billable !== undefined) body.billable = opts.billable;
  if (opts.status !== undefined) body.status = opts.status;
  if (opts.force) body.force = true;
  return body;
}

export function requireSomething(body: Rec, hasRefs: boolean): void {
  if (Object.keys(body).length === 0 && !hasRefs) {
    throw new UsageError(
      'nothing to change: give at least one of --project, --date, --duration, --start/--end, --description, --task, ' +
        '--rate, --billable/--no-billable, --status or --data',
    );
  }
}
