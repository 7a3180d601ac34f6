// The timer: one per user. POST starts it, or stops it and saves a time entry dated on the start day
// (company time zone); GET shows it; PUT /description edits it; DELETE discards it.
import type { Hono } from 'hono';
import type { AppEnv, Ctx } from '../context.js';
import { timerEntry } from '../domain/time.js';
import { HttpError, conflict, notFound } from '../http-error.js';
import { readBody } from '../request.js';
import { timestamp, transaction, type Row } from '../store/db.js';
import { clock, deleteTimer, findTimerRow, insertTimer, setTimerDescription, toTimer } from '../store/timer.js';
import { findProjectRow } from '../store/projects.js';
import { insertTime } from '../store/times.js';
import { Errors, booleanOf, companyZone, hmOf, projectField, scopeOf, stringOf } from './times.js';

const DESCRIPTION_MAX = 65535;
const absent = (v: unknown) => v === undefined || v === null;
const OTHER_COMPANY = 'Your timer is running in another company; stop or discard it there first.';

const userId = (c: Ctx) => Number(c.get('user').id);

/** The caller's timer when it runs in this company. */
function ownTimer(c: Ctx): Row | undefined {
  const row = findTimerRow(c.get('deps').db, userId(c));
  return row && Number(row.company_id) === c.get('companyId') ? row : undefined;
}

const state = (row: Row | undefined) => (row ? { active: true, timer: toTimer(row) } : { active: false, timer: [] });

export function registerTimer(r: Hono<AppEnv>): void {
  r.get('/times/timer', (c) => c.json(state(ownTimer(c))));

  r.post('/times/timer', async (c) => {
    const s = scopeOf(c);
    const body = await readBody(c);
    const errors = new Errors();
    const running = findTimerRow(s.db, userId(c));
    if (running && Number(running.company_id) !== s.companyId) throw conflict(OTHER_COMPANY);

    if (!running) {
      // start: project_id required (of this company), billable default false, description optional
      if (absent(body.project_id)) errors.add('project_id', 'The project id field is required.');
      const project = absent(body.project_id) ? undefined : projectField(s, errors, body.project_id);
      const billable = absent(body.billable) ? false : errors.take('billable', booleanOf(body.billable, 'billable'));
      const description = absent(body.description) ? null : errors.take('description', stringOf(body.description, 'description', DESCRIPTION_MAX));
      errors.throwIfAny(['project_id', 'billable', 'description']);
      try {
        insertTimer(s.db, s.companyId, userId(c), Number(project!.id), billable!, description ?? null, timestamp(clock.now()));
      } catch (err) {
        // a second request started one a moment ago
        if (err instanceof Error && /UNIQUE/i.test(err.message)) throw conflict('A timer is already running.');
        throw err;
      }
      return c.json('Timer started.');
    }

    // stop: optional end (H:i) and description; the entry takes the project's rate
    const end = absent(body.end) ? undefined : errors.take('end', hmOf(body.end, 'end'));
    const description = absent(body.description) ? undefined : errors.take('description', stringOf(body.description, 'description', DESCRIPTION_MAX));
    errors.throwIfAny(['end', 'description']);
    const stop = timerEntry(new Date(running.started_at), clock.now(), companyZone(c), end);
    if (!stop) errors.add('end', 'The end field must be a time after start.');
    errors.throwIfAny(['end']);
    const project = findProjectRow(s.db, s.companyId, Number(running.project_id));
    if (!project) throw new HttpError(404, 'The project of the timer no longer exists.');
    transaction(s.db, () => {
      insertTime(s.db, s.companyId, Number(running.user_id), {
        project_id: Number(project.id),
        description: description ?? running.description ?? '',
        date: stop!.date,
        start: stop!.start,
        end: stop!.end,
        hours: stop!.hours,
        minutes: stop!.minutes,
        hourly_rate: Number(project.hourly_rate),
        billable: Number(running.billable) === 1,
        status: 'open',
      });
      deleteTimer(s.db, s.companyId, Number(running.user_id));
    });
    return c.json('Time entry saved.');
  });

  r.put('/times/timer/description', async (c) => {
    const s = scopeOf(c);
    const row = ownTimer(c);
    if (!row) throw notFound('No timer is running.');
    const body = await readBody(c);
    const errors = new Errors();
    const description = absent(body.description) ? null : errors.take('description', stringOf(body.description, 'description', DESCRIPTION_MAX));
    errors.throwIfAny(['description']);
    setTimerDescription(s.db, Number(row.id), description ?? null);
    return c.json(state(ownTimer(c)));
  });

  r.delete('/times/timer', (c) => {
    deleteTimer(c.get('deps').db, c.get('companyId'), userId(c));
    return c.body(null, 204);
  });
}
