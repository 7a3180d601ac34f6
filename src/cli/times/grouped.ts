// `acct times list --group-by date|project|week`: the service's grouped listings (group_by=date,
// group_by=project, group_by_weeks) flattened into one row per group; the table adds a "Total" row
// from the answer's totals (never a record for scripts, which would sum it twice). Durations are integer minutes (the
// table shows H:MM), money as numbers; the
// entries behind each group are left out (acct api GET /times -f group_by=date shows them).
import { timePaths } from '../../api/endpoints/times.js';
import type { Column } from '../../output/types.js';
import { listRenderer, type OutputPlan } from '../output.js';
import type { Runtime } from '../runtime.js';
import { WEEKDAYS } from './timesheet.js';

type Query = Record<string, string | number | boolean>;
type Rec = Record<string, unknown>;
export type GroupBy = 'date' | 'project' | 'week';

const SUMS: Column[] = [
  { key: 'count', header: 'entries', kind: 'int' },
  { key: 'minutes', header: 'time', kind: 'duration' },
  { key: 'billable_minutes', header: 'billable time', kind: 'duration' },
  { key: 'total_value', header: 'value', kind: 'money' },
  { key: 'billable_value', header: 'billable value', kind: 'money' },
];

/** The columns of each grouping (known before any request, so --fields is checked early). */
export function groupColumns(groupBy: GroupBy): Column[] {
  switch (groupBy) {
    case 'date':
      return [{ key: 'date', kind: 'date' }, { key: 'weekday' }, ...SUMS];
    case 'project':
      return [
        { key: 'project_id', header: 'id', kind: 'int' },
        { key: 'project' },
        { key: 'customer' },
        ...SUMS,
        { key: 'average_hourly_rate', header: 'avg rate', kind: 'money' },
        { key: 'average_billable_hourly_rate', header: 'avg billable rate', kind: 'money', default: false },
      ];
    case 'week':
      return [
        { key: 'week' },
        { key: 'start', kind: 'date' },
        ...WEEKDAYS.map((key) => ({ key, kind: 'duration' as const })),
        ...SUMS,
      ];
  }
}

const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v ?? 0) || 0);
const sums = (g: Rec): Rec => ({
  count: g.count,
  minutes: g.minutes,
  billable_minutes: g.billable_minutes,
  total_value: g.total_value,
  billable_value: g.billable_value,
});

/** The answer's groups as flat rows, and for the table the totals row (a script gets the groups alone). */
function groupRows(groupBy: GroupBy, data: Rec[], totals: Rec | undefined, forTable: boolean): Rec[] {
  const rows: Rec[] = data.map((g) => {
    switch (groupBy) {
      case 'date':
        return { date: g.date, weekday: g.weekday_name, ...sums(g) };
      case 'project': {
        const p = (g.project ?? {}) as Rec;
        return {
          project_id: g.project_id,
          project: p.name ?? `project ${String(g.project_id)}`,
          customer: p.customer_name ?? null,
          ...sums(g),
          average_hourly_rate: g.average_hourly_rate,
          average_billable_hourly_rate: g.average_billable_hourly_rate,
        };
      }
      case 'week': {
        const days = Array.isArray(g.days) ? (g.days as Rec[]) : [];
        const perDay = Object.fromEntries(WEEKDAYS.map((d, i) => [d, num(days[i]?.minutes)]));
        return { week: g.label, start: g.start, ...perDay, ...sums(g) };
      }
      default:
        throw new Error(`unknown grouping ${String(groupBy)}`);
    }
  });
  if (!forTable) return rows;
  const total: Rec = { ...sums(totals ?? {}) };
  if (groupBy === 'date') Object.assign(total, { date: 'Total', weekday: null });
  if (groupBy === 'project')
    Object.assign(total, {
      project_id: null,
      project: 'Total',
      customer: null,
      average_hourly_rate: null,
      average_billable_hourly_rate: null,
    });
  if (groupBy === 'week') {
    Object.assign(total, { week: 'Total', start: null });
    for (const d of WEEKDAYS) total[d] = rows.reduce((a, r) => a + num(r[d]), 0);
  }
  return [...rows, total];
}

export async function groupedView(
  rt: Runtime,
  company: number,
  plan: OutputPlan,
  query: Query,
  groupBy: GroupBy,
): Promise<void> {
  const q: Query = { ...query };
  delete q.include; // the groups name their projects themselves
  if (groupBy === 'week') q.group_by_weeks = true;
  else q.group_by = groupBy;
  const body = await rt.client.get<{ data?: Rec[]; totals?: Rec }>(timePaths.list(company), { query: q });
  const renderer = listRenderer(plan);
  renderer.push(groupRows(groupBy, Array.isArray(body?.data) ? body.data : [], body?.totals, plan.format === 'table'));
  renderer.end();
}
