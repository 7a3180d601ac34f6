// `acct timer stop [--end HH:MM] [--description T] [--keep]`: saves the time entry and prints it. The API
// answers only "Time entry saved.", so the entry is found afterwards: the newest of the user on the
// timer's project around the start day. An --end in the future or not after the start is a usage error;
// a timer stopped under a minute after its start is discarded instead of saved as 0:00 (--keep saves it).
import { paginate } from '../../api/paginate.js';
import { discardTimer, stopTimer } from '../../api/endpoints/timer.js';
import { timePaths, type TimeEntry } from '../../api/endpoints/times.js';
import { CliError, ExitCode } from '../../errors.js';
import { formatMinutes, parseTimeOfDay } from '../shared/duration.js';
import { notice } from '../globals.js';
import { planOutput, printRecord } from '../output.js';
import type { Runtime } from '../runtime.js';
import { ApiError } from '../../api/http.js';
import type { VerbIO } from '../verb.js';
import { addDays } from '../shared/calendar.js';
import { fetchEntry, TIME_COLUMNS } from '../shared/time-entries.js';
import { readTimer } from './common.js';
import { checkEnd, secondsRun } from './stop-rules.js';

interface StopOptions {
  /** HH:MM on the start day */
  end?: string;
  description?: string;
  /** save it even when it ran under a minute */
  keep?: boolean;
}

export default async function stop(opts: StopOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planOutput(g, TIME_COLUMNS);
  const body: { end?: string; description?: string } = {};
  if (opts.end !== undefined) body.end = parseTimeOfDay(opts.end, 'end');
  if (opts.description !== undefined) body.description = opts.description;
  await io.withRuntime(async (rt) => {
    const company = await rt.company();
    const { timer, view } = await readTimer(rt, company);
    if (!timer || !view) throw noTimerRunning();
    const now = new Date();
    if (body.end !== undefined) checkEnd(new Date(timer.started_at), body.end, now);
    else if (!opts.keep && secondsRun(new Date(timer.started_at), now) < 60) {
      // a 0:00 entry is worth nothing and would become a "0 h" position on an invoice
      await discardTimer(rt.client, company);
      notice(
        `Stopped the timer on ${view.project} after ${secondsRun(new Date(timer.started_at), now)} s: under a ` +
          `minute, nothing saved (the timer is discarded; --keep saves it).`,
      );
      return;
    }
    const before = new Set<number>();
    const query = {
      'filter[user_id]': timer.user_id,
      'filter[project_id]': timer.project_id,
      'filter[date]': `${addDays(view.startDate, -1)},${addDays(view.startDate, 1)}`,
    };
    for await (const page of paginate<TimeEntry>(rt.client, timePaths.list(company), { query, all: true }))
      for (const e of page) before.add(e.id);
    try {
      await stopTimer(rt.client, company, body);
    } catch (err) {
      if (await lostTheRace(rt, company, err)) throw noTimerRunning();
      throw err;
    }
    let saved: TimeEntry | undefined;
    for await (const page of paginate<TimeEntry>(rt.client, timePaths.list(company), { query, all: true })) {
      for (const e of page) if (!before.has(e.id) && (!saved || e.id > saved.id)) saved = e;
    }
    if (!saved) {
      notice(`Timer stopped on ${view.project}; the time entry was saved.`);
      return;
    }
    const entry = await fetchEntry(rt.client, company, saved.id);
    notice(`Saved ${formatMinutes(entry.hours * 60 + entry.minutes)} on ${view.project} as time entry ${entry.id}.`);
    printRecord(plan, entry);
  });
}

const noTimerRunning = () =>
  new CliError('no timer is running', ExitCode.NotFound, ['start one with "acct timer start PROJECT"']);

/**
 * Another process stopped the timer between our read and our stop: the embedded service answers 404;
 * a service that only toggles took the stop for a start without a project (422 project_id), and reading
 * the timer again tells.
 */
async function lostTheRace(rt: Runtime, company: number, err: unknown): Promise<boolean> {
  if (!(err instanceof ApiError)) return false;
  if (err.status === 404) return true;
  return err.status === 422 && 'project_id' in err.fieldErrors && !(await readTimer(rt, company)).timer;
}
