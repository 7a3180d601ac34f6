// `acct times list`: the plain list (streamed page by page), the week timesheet (--week) and the
// service's grouped totals (--group-by).
import { paginate } from '../../api/paginate.js';
import { timePaths, type TimeEntry } from '../../api/endpoints/times.js';
import { me } from '../../api/endpoints/users.js';
import { UsageError } from '../../errors.js';
import { formatDate } from '../../output/format.js';
import { notice } from '../globals.js';
import { stdoutSink } from '../fd-output.js';
import { listRenderer, planOutput, type OutputPlan, type ListFlags } from '../output.js';
import { RefResolver } from '../refs.js';
import { queryFromFilters, today } from '../resource/body.js';
import { resolveRefs, streamList } from '../resource/run.js';
import type { FilterFlag } from '../resource/spec.js';
import type { Runtime } from '../runtime.js';
import { TIME_COLUMNS } from '../shared/time-entries.js';
import type { VerbIO } from '../verb.js';
import { buildTimesheet, timesheetColumns, timesheetRecords, WEEKDAYS } from './timesheet.js';
import { addDays, formatWeek, isoWeekOf, mondayOf, parseDay, parseWeek, type IsoWeek } from '../shared/calendar.js';
import { TIME_FILTERS } from './fields.js';
import { groupColumns, groupedView, type GroupBy } from './grouped.js';

type Query = Record<string, string | number | boolean>;

/** The list flags, the filters (references as typed) and the views. */
interface ListOptions extends ListFlags {
  project?: string;
  customer?: string;
  status?: string;
  billable?: boolean;
  sort?: string;
  from?: string;
  to?: string;
  /** a user id or "me" */
  user?: string;
  include?: string;
  /** --week alone is the current week */
  week?: string | true;
  groupBy?: GroupBy;
}

function parseFlags(opts: ListOptions): { query: Query; week?: IsoWeek; groupBy?: GroupBy } {
  const week = opts.week === undefined ? undefined : opts.week === true ? isoWeekOf(today()) : parseWeek(opts.week);
  const groupBy = opts.groupBy;
  const paging = (['page', 'perPage', 'limit'] as const)
    .filter((k) => opts[k] !== undefined)
    .map((k) => `--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`);
  if (week && groupBy) throw new UsageError('--week and --group-by cannot be combined');
  if (week && (opts.from !== undefined || opts.to !== undefined))
    throw new UsageError('--week sets the days itself: leave out --from and --to');
  if ((week || groupBy) && paging.length)
    throw new UsageError(
      `${paging.join(', ')} cannot be combined with ${week ? '--week' : '--group-by'} (it sums every entry)`,
    );
  const query: Query = queryFromFilters(TIME_FILTERS, opts);
  let from = opts.from === undefined ? undefined : parseDay(opts.from, 'from');
  let to = opts.to === undefined ? undefined : parseDay(opts.to, 'to');
  if (from && to && from > to) throw new UsageError(`--from ${from} is after --to ${to}`);
  if (week) {
    from = mondayOf(week);
    to = addDays(from, 6);
  }
  if (from || to) query['filter[date]'] = `${from ?? '1900-01-01'},${to ?? '9999-12-31'}`;
  if (opts.user !== undefined) {
    const user = opts.user.trim().toLowerCase();
    if (user !== 'me' && !/^\d+$/.test(user))
      throw new UsageError(`invalid --user "${opts.user}": expected a user id or "me"`);
    query['filter[user_id]'] = user;
  }
  // the timesheet needs the project names; a plain list embeds what --include says
  const include = week ? 'project' : opts.include !== undefined ? opts.include.replace(/\s+/g, '') : 'project';
  if (include) query.include = include;
  return { query, week, groupBy };
}

const sheetDays = (week: IsoWeek): string[] => WEEKDAYS.map((_, i) => addDays(mondayOf(week), i));

async function resolveQuery(rt: Runtime, company: number, query: Query): Promise<void> {
  await resolveRefs(new RefResolver(rt.client, company), TIME_FILTERS, query, (f) => (f as FilterFlag).param);
  if (query['filter[user_id]'] === 'me') query['filter[user_id]'] = (await me(rt.client)).id;
}

async function printWeek(rt: Runtime, company: number, plan: OutputPlan, query: Query, week: IsoWeek): Promise<void> {
  const entries: TimeEntry[] = [];
  for await (const page of paginate<TimeEntry>(rt.client, timePaths.list(company), { query, all: true }))
    entries.push(...page);
  const sheet = buildTimesheet(
    entries.map((e) => ({
      project_id: e.project_id,
      project_name: e.project?.name,
      date: e.date,
      hours: e.hours,
      minutes: e.minutes,
    })),
    week,
  );
  const table = plan.format === 'table';
  if (table)
    stdoutSink.write(`Week ${formatWeek(week)}: ${formatDate(sheet.days[0])} – ${formatDate(sheet.days[6])}\n\n`);
  const renderer = listRenderer(plan);
  renderer.push(timesheetRecords(sheet, table));
  renderer.end();
}

export default async function list(opts: ListOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const { query, week, groupBy } = parseFlags(opts);
  // --fields is checked against the columns of the view that will be printed, before any request
  const plan = planOutput(g, week ? timesheetColumns(sheetDays(week)) : groupBy ? groupColumns(groupBy) : TIME_COLUMNS);
  await io.withRuntime(async (rt) => {
    const company = await rt.company();
    await resolveQuery(rt, company, query);
    if (week) return printWeek(rt, company, plan, query, week);
    if (groupBy) return groupedView(rt, company, plan, query, groupBy);
    const count = await streamList(rt.client, timePaths.list(company), plan, query, opts);
    if (count === 0 && io.err.isTTY) notice('No time entries found.');
  });
}
