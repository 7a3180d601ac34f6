// Tasks: paginated by 15 with filter[status] (and filter[project_id]), include=project; create, read,
// update (a move stays within the company), delete. Every member of the company may manage tasks.
import type { Hono } from 'hono';
import type { AppEnv, Ctx } from '../context.js';
import { toScaled } from '../domain/money.js';
import { TASK_STATUSES } from '../domain/time.js';
import { badRequest, notFound } from '../http-error.js';
import { pageRequest, paginated } from '../pagination.js';
import { pathId, readBody, type Body } from '../request.js';
import { deleteTask, findTaskRow, insertTask, listTasks, toTask, updateTask, type TaskValues } from '../store/tasks.js';
import { parseIncludes } from './customers.js';
import { Errors, dateOf, projectField, scopeOf, stringOf, type Check, type Scope } from './times.js';

const absent = (v: unknown) => v === undefined || v === null;
const FIELD_ORDER = ['title', 'description', 'status', 'due', 'project_id', 'planned_hours'];
/** planned_hours: numeric, min 0, at most 999999.999 hours (stored in thousandths) */
const MAX_PLANNED = 999999.999;

function plannedOf(v: unknown): Check<number> {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^[+-]?(\d+\.?\d*|\.\d+)$/.test(v) ? Number(v) : NaN;
  if (!Number.isFinite(n)) return { error: 'The planned hours field must be a number.' };
  if (n < 0) return { error: 'The planned hours field must be at least 0.' };
  if (n > MAX_PLANNED) return { error: `The planned hours field must not be greater than ${MAX_PLANNED}.` };
  return { value: toScaled(n, 3)! };
}

/**
 * The task rules. Create: title, due and project_id required, status defaults to open. Update: only
 * the fields present are checked and written (title, status, due and project_id cannot be null).
 */
function taskValues(s: Scope, body: Body, create: boolean): TaskValues {
  const errors = new Errors();
  const check = (k: string) => create || Object.hasOwn(body, k);
  const values: TaskValues = {};
  if (check('title')) {
    if (absent(body.title)) errors.add('title', 'The title field is required.');
    else values.title = errors.take('title', stringOf(body.title, 'title', 255));
  }
  if (Object.hasOwn(body, 'description')) {
    values.description = absent(body.description) ? null : errors.take('description', stringOf(body.description, 'description', 65535));
  }
  if (check('status')) {
    if (absent(body.status)) {
      if (create) values.status = 'open';
      else errors.add('status', 'The status field is required.');
    } else if (typeof body.status !== 'string' || !(TASK_STATUSES as readonly string[]).includes(body.status)) {
      errors.add('status', 'The selected status is invalid.');
    } else values.status = body.status;
  }
  if (check('due')) {
    if (absent(body.due)) errors.add('due', 'The due field is required.');
    else values.due = errors.take('due', dateOf(body.due, 'due', s.today));
  }
  if (check('project_id')) {
    if (absent(body.project_id)) errors.add('project_id', 'The project id field is required.');
    else values.project_id = projectField(s, errors, body.project_id)?.id;
  }
  if (Object.hasOwn(body, 'planned_hours')) {
    values.planned_hours = absent(body.planned_hours) ? null : errors.take('planned_hours', plannedOf(body.planned_hours));
  }
  errors.throwIfAny(FIELD_ORDER);
  if (values.project_id !== undefined) values.project_id = Number(values.project_id);
  return values;
}

function taskOr404(c: Ctx) {
  const row = findTaskRow(c.get('deps').db, c.get('companyId'), pathId(c, 'task'));
  if (!row) throw notFound('Task not found.');
  return row;
}

const withProject = (c: Ctx) => parseIncludes(c, { project: 'project' }, ['project']).has('project');

export function registerTasks(r: Hono<AppEnv>): void {
  r.get('/tasks', (c) => {
    const s = scopeOf(c);
    const page = pageRequest(c);
    const include = withProject(c);
    const rawStatus = (c.req.query('filter[status]') ?? '').trim();
    const statuses = rawStatus === '' ? undefined : rawStatus.split(',').map((v) => v.trim()).filter(Boolean);
    if (statuses?.some((v) => !(TASK_STATUSES as readonly string[]).includes(v))) throw badRequest(`filter[status] must be one of ${TASK_STATUSES.join(', ')}.`);
    const rawProject = (c.req.query('filter[project_id]') ?? '').trim();
    const projectIds = rawProject === '' ? undefined : rawProject.split(',').map((v) => v.trim());
    if (projectIds?.some((v) => !/^\d{1,15}$/.test(v))) throw badRequest('filter[project_id] must be an id or comma-separated ids.');
    const { rows, total } = listTasks(s.db, s.companyId, { statuses, projectIds: projectIds?.map(Number) }, s.today, include, page.perPage, page.offset);
    return c.json(paginated(c, rows, total, page));
  });

  r.post('/tasks', async (c) => {
    const s = scopeOf(c);
    const values = taskValues(s, await readBody(c), true);
    const id = insertTask(s.db, s.companyId, Number(c.get('user').id), values as TaskValues & { project_id: number; title: string; due: string });
    return c.json({ data: toTask(s.db, findTaskRow(s.db, s.companyId, id)!, s.today) }, 201);
  });

  r.get('/tasks/:task{[0-9]+}', (c) => {
    const s = scopeOf(c);
    const include = withProject(c);
    return c.json({ data: toTask(s.db, taskOr404(c), s.today, include) });
  });

  r.put('/tasks/:task{[0-9]+}', async (c) => {
    const s = scopeOf(c);
    const row = taskOr404(c);
    const values = taskValues(s, await readBody(c), false);
    updateTask(s.db, s.companyId, Number(row.id), values);
    return c.json({ data: toTask(s.db, findTaskRow(s.db, s.companyId, Number(row.id))!, s.today) });
  });

  r.delete('/tasks/:task{[0-9]+}', (c) => {
    const s = scopeOf(c);
    const row = taskOr404(c);
    deleteTask(s.db, s.companyId, Number(row.id));
    return c.body(null, 204);
  });
}
