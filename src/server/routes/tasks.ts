// Tasks: paginated by 15 with filter[status] (and filter[project_id]), include=project; create, read,
// update (a move stays within the company), delete. Every member of the company may manage tasks.
import type { Hono } from 'hono';
import { projectOf, scopeOf, type AppEnv, type Ctx, type Scope } from '../context.js';
import { TASK_STATUSES } from '../domain/time.js';
import { badRequest, notFound } from '../http-error.js';
import { pageRequest, paginated } from '../pagination.js';
import { filterValues, parseIncludes, pathId, readBody, type Body } from '../request.js';
import { deleteTask, findTaskRow, insertTask, listTaskRows, updateTask, type TaskValues } from '../store/tasks.js';
import { toTask } from '../present/tasks.js';
import { check, daily, nullable, required, rules, sometimes, z } from '../validation.js';

/** The create rules; one 422 lists the failing fields in this order. Dates are read as of `today`. */
const taskFields = (today: string) => ({
  title: required(rules.string(255)),
  description: nullable(rules.string(65535)),
  status: nullable(rules.in(TASK_STATUSES)),
  due: required(rules.anyDate(today)),
  project_id: required(rules.id()),
  // in hours, stored in thousandths
  planned_hours: nullable(rules.quantity(0, 999999.999)),
});
const createSchema = daily((today) => z.object(taskFields(today)));

// PUT: a field sent is checked; title, status, due and project_id cannot be null.
const updateSchema = daily((today) => {
  const fields = taskFields(today);
  return z.object({
    ...fields,
    title: sometimes(fields.title),
    status: sometimes(required(rules.in(TASK_STATUSES))),
    due: sometimes(fields.due),
    project_id: sometimes(fields.project_id),
  });
});

/**
 * Create: title, due and project_id required, status open unless given. Update: only the fields present are written.
 */
function taskValues(s: Scope, body: Body, create: boolean): TaskValues {
  const checked = check((create ? createSchema : updateSchema)(s.today), body);
  projectOf(s, checked, checked.data.project_id);
  checked.throwIfAny();
  const { status, ...values } = checked.data;
  return { ...values, status: status ?? (create ? 'open' : undefined) };
}

function taskOr404(c: Ctx) {
  const row = findTaskRow(c.get('deps').db, c.get('companyId'), pathId(c, 'task'));
  if (!row) throw notFound('Task not found.');
  return row;
}

const withProject = (c: Ctx) => parseIncludes(c, { project: 'project' }, ['project']).has('project');

/** The list's filters: `filter[status]` and `filter[project_id]`, each one value or comma-separated. */
function taskFilter(c: Ctx): { statuses?: string[]; projectIds?: number[] } {
  const statuses = filterValues(c, 'status', TASK_STATUSES);
  const rawProject = (c.req.query('filter[project_id]') ?? '').trim();
  const projectIds = rawProject === '' ? undefined : rawProject.split(',').map((v) => v.trim());
  if (projectIds?.some((v) => !/^\d{1,15}$/.test(v)))
    throw badRequest('filter[project_id] must be an id or comma-separated ids.');
  return { statuses, projectIds: projectIds?.map(Number) };
}

export function registerTasks(r: Hono<AppEnv>): void {
  registerCollection(r);
  registerOne(r);
}

function registerCollection(r: Hono<AppEnv>): void {
  r.get('/tasks', (c) => {
    const s = scopeOf(c);
    const page = pageRequest(c);
    const include = withProject(c);
    const { rows, total } = listTaskRows(s.db, s.companyId, taskFilter(c), page.perPage, page.offset);
    return c.json(
      paginated(
        c,
        rows.map((row) => toTask(s.db, row, s.today, include)),
        total,
        page,
      ),
    );
  });

  r.post('/tasks', async (c) => {
    const s = scopeOf(c);
    const values = taskValues(s, await readBody(c), true);
    const id = insertTask(
      s.db,
      s.companyId,
      Number(c.get('user').id),
      values as TaskValues & { project_id: number; title: string; due: string },
    );
    return c.json({ data: toTask(s.db, findTaskRow(s.db, s.companyId, id)!, s.today) }, 201);
  });
}

function registerOne(r: Hono<AppEnv>): void {
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
