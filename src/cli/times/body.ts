// The request body of `times create` and `times update` from their flags (and --data). Everything
// that can be checked without the API is checked here, before a connection is made.
import { UsageError } from '../../errors.js';
import { spanFromFlags } from '../duration.js';
import { convertValue, readDataFlag } from '../resource/body.js';
import { parseDay } from '../shared/calendar.js';

type Rec = Record<string, unknown>;

export function timeBodyFromFlags(opts: Rec): Rec {
  const body: Rec = { ...readDataFlag(opts.data as string | undefined) };
  const span = spanFromFlags(opts);
  if (span) {
    body.hours = span.hours;
    body.minutes = span.minutes;
    if (span.start !== undefined) body.start = span.start;
    if (span.end !== undefined) body.end = span.end;
  }
  if (opts.date !== undefined) body.date = parseDay(String(opts.date), 'date');
  if (opts.description !== undefined) body.description = String(opts.description);
  if (opts.rate !== undefined) body.hourly_rate = convertValue('rate', 'decimal', opts.rate);
  if (opts.billable !== undefined) body.billable = opts.billable === true;
  if (opts.status !== undefined) body.status = String(opts.status);
  if (opts.force) body.force = true;
  return body;
}

export function requireSomething(body: Rec, hasRefs: boolean): void {
  if (Object.keys(body).length === 0 && !hasRefs) {
    throw new UsageError('nothing to change: give at least one of --project, --date, --duration, --start/--end, --description, --task, --rate, --billable/--no-billable, --status or --data');
  }
}
