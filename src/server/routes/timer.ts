// The timer: one per user. POST starts it, or stops it and saves a time entry dated on the start day
// (company time zone); GET shows it; PUT /description edits it; DELETE discards it.
import type { Hono } from 'hono';
import { companyZone, projectOf, scopeOf, type AppEnv, type Ctx } from '../context.js';
import { timerEntry } from '../domain/time.js';
import { HttpError, conflict, fieldError, notFound } from '../http-error.js';
import { readBody, type Body } from '../request.js';
import { timestamp, transaction } from '../store/db.js';
import { clock } from '../clock.js';
import { deleteTimer, findTimerRow, insertTimer, setTimerDescription, type TimerRow } from '../store/timer.js';
import { toTimer } from '../present/timer.js';
import { findProjectRow } from '../store/projects.js';
import { insertTime } from '../store/times.js';
import { check, lazy, nullable, required, rules, validate, z } from '../validation.js';

const descriptionSchema = lazy(() => z.object({ description: nullable(rules.string(65535)) }));
const startSchema = lazy(() =>
  z.object({ project_id: required(rules.id()), billable: nullable(rules.boolean()), ...descriptionSchema().shape }),
);
const stopSchema = lazy(() => z.object({ end: nullable(rules.time()), ...descriptionSchema().shape }));
const OTHER_COMPANY = 'Your timer is running in another company; stop or discard it there first.';

const NONE_RUNNING = 'No timer is running.';

const userId = (c: Ctx) => Number(c.get('user').id);

/**
 * Beyond the spec's toggle: `action: "start"` or `"stop"` says which the caller means, so one that lost
 * a race is refused (409 running, 404 none) instead of doing the other (a stop becoming a start).
 */
function intentOf(body: Body): 'start' | 'stop' | undefined {
  const action = body.action;
  if (action === undefined || action === null) return undefined;
  if (action === 'start' || action === 'stop') return action;
  throw fieldError('action', 'The selected action is invalid.');
}

/** The caller's timer when it runs in this company. */
function ownTimer(c: Ctx): TimerRow | undefined {
  const row = findTimerRow(c.get('deps').db, userId(c));
  return row && Number(row.company_id) === c.get('companyId') ? row : undefined;
}

const state = (row: TimerRow | undefined) =>
  row ? { active: true, timer: toTimer(row) } : { active: false, timer: [] };

/** Starts the caller's timer: project_id required (of this company), billable default false, description optional. */
function startTimer(c: Ctx, body: Body): void {
  const s = scopeOf(c);
  const checked = check(startSchema(), body);
  const { project_id, billable, description } = checked.data;
  projectOf(s, checked, project_id);
  checked.throwIfAny();
  insertTimer(
    s.db,
    s.companyId,
    userId(c),
    project_id!,
    billable ?? false,
    description ?? null,
    timestamp(clock.now()),
  );
}

/** Stops the running timer into a time entry (optional end H:i and description) at the project's rate. */
function stopTimer(c: Ctx, running: TimerRow, body: Body): void {
  const s = scopeOf(c);
  const { end, description } = validate(stopSchema(), body);
  const stop = timerEntry(new Date(running.started_at), clock.now(), companyZone(c), end ?? undefined);
  if (!stop) throw fieldError('end', 'The end field must be a time after start.');
  const project = findProjectRow(s.db, s.companyId, Number(running.project_id));
  if (!project) throw new HttpError(404, 'The project of the timer no longer exists.');
  insertTime(s.db, s.companyId, Number(running.user_id), {
    project_id: Number(project.id),
    description: description ?? running.description ?? '',
    date: stop.date,
    start: stop.start,
    end: stop.end,
    hours: stop.hours,
    minutes: stop.minutes,
    hourly_rate: Number(project.hourly_rate),
    billable: Number(running.billable) === 1,
    status: 'open',
  });
  deleteTimer(s.db, s.companyId, Number(running.user_id));
}

export function registerTimer(r: Hono<AppEnv>): void {
  r.get('/times/timer', (c) => c.json(state(ownTimer(c))));

  r.post('/times/timer', async (c) => {
    const s = scopeOf(c);
    const body = await readBody(c);
    const intent = intentOf(body);
    // The running timer is read and cleared in one write transaction (BEGIN IMMEDIATE): with several
    // processes on one data directory, stops racing each other save it once and the rest find none.
    return c.json(
      transaction(s.db, () => {
        const running = findTimerRow(s.db, userId(c));
        if (running && Number(running.company_id) !== s.companyId) throw conflict(OTHER_COMPANY);
        if (intent === 'stop' && !running) throw notFound(NONE_RUNNING);
        if (intent === 'start' && running) throw conflict('A timer is already running.');
        if (!running) {
          startTimer(c, body);
          return 'Timer started.';
        }
        stopTimer(c, running, body);
        return 'Time entry saved.';
      }),
    );
  });

  r.put('/times/timer/description', async (c) => {
    const s = scopeOf(c);
    const row = ownTimer(c);
    if (!row) throw notFound(NONE_RUNNING);
    const { description } = validate(descriptionSchema(), await readBody(c));
    setTimerDescription(s.db, Number(row.id), description ?? null);
    return c.json(state(ownTimer(c)));
  });

  r.delete('/times/timer', (c) => {
    deleteTimer(c.get('deps').db, c.get('companyId'), userId(c));
    return c.body(null, 204);
  });
}
