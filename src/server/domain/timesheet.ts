// The grouped listings of time entries: totals per date, per project (with average hourly rates), per
// calendar week with a daily breakdown, and the weekly timesheet by project and weekday that keeps
// locked (invoiced or paid) time apart from editable (open) time. Pure: integer minutes and Rappen in,
// the response shapes of docs/service/time-tracking.md out.
import { groupRappen, mulDivRound, rappenToNumber } from './money.js';
import {
  WEEKDAY_NAMES,
  addDays,
  daysBetween,
  dotted,
  isoWeek,
  isoWeekday,
  mondayOf,
  readable,
  weekDates,
} from './time.js';

/** What grouping needs of one time entry; `item` is the entry as the list shows it. */
export interface SheetTime<T = unknown> {
  id: number;
  date: string;
  projectId: number;
  /** hours × 60 + minutes */
  minutes: number;
  /** Rappen per hour */
  hourlyRate: number;
  /** total_value in Rappen */
  value: number;
  billable: boolean;
  /** invoiced or paid (or linked to an invoice): no longer editable */
  locked: boolean;
  item: T;
}

/** The project a group names. */
export interface SheetProject {
  id: number;
  name: string;
  customer_id: number;
  customer_name: string | null;
  project_type: string;
  hourly_rate: number;
}

export interface Totals {
  count: number;
  minutes: number;
  readable_time: string;
  billable_minutes: number;
  readable_billable_time: string;
  total_value: number;
  formatted_total_value: string;
  billable_value: number;
  formatted_billable_value: string;
}

export function totalsOf(times: readonly SheetTime[]): Totals {
  let minutes = 0;
  let billableMinutes = 0;
  let value = 0;
  let billableValue = 0;
  for (const t of times) {
    minutes += t.minutes;
    value += t.value;
    if (t.billable) {
      billableMinutes += t.minutes;
      billableValue += t.value;
    }
  }
  return {
    count: times.length,
    minutes,
    readable_time: readable(minutes),
    billable_minutes: billableMinutes,
    readable_billable_time: readable(billableMinutes),
    total_value: rappenToNumber(value),
    formatted_total_value: groupRappen(value),
    billable_value: rappenToNumber(billableValue),
    formatted_billable_value: groupRappen(billableValue),
  };
}

/** Σ(rate × minutes) / Σ minutes in Rappen, rounded half up: the time-weighted average rate; 0 without time. */
export function averageRate(times: readonly SheetTime[]): number {
  let weighted = 0;
  let minutes = 0;
  for (const t of times) {
    weighted += t.hourlyRate * t.minutes;
    minutes += t.minutes;
  }
  return minutes === 0 ? 0 : mulDivRound(weighted, 1, minutes);
}

/** Keeps the order in which keys first appear. */
function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

const dayOf = (date: string) => ({
  date,
  formatted_date: dotted(date),
  weekday: isoWeekday(date),
  weekday_name: WEEKDAY_NAMES[isoWeekday(date) - 1],
});

// ---- group_by=date ------------------------------------------------------------------------------------

/** One group per date that has time, in the order of the (sorted) entries; entries keep their order. */
export function groupByDate<T>(times: readonly SheetTime<T>[]) {
  return [...groupBy(times, (t) => t.date)].map(([date, list]) => ({
    ...dayOf(date),
    ...totalsOf(list),
    times: list.map((t) => t.item),
  }));
}

// ---- group_by=project ---------------------------------------------------------------------------------

/** One group per project, ordered by project name (case-insensitive), then id. */
export function groupByProject<T>(times: readonly SheetTime<T>[], projects: ReadonlyMap<number, SheetProject>) {
  const groups = [...groupBy(times, (t) => t.projectId)].map(([projectId, list]) => {
    const billable = list.filter((t) => t.billable);
    const average = averageRate(list);
    const averageBillable = averageRate(billable);
    return {
      project_id: projectId,
      project: projects.get(projectId) ?? null,
      ...totalsOf(list),
      average_hourly_rate: rappenToNumber(average),
      formatted_average_hourly_rate: groupRappen(average),
      average_billable_hourly_rate: rappenToNumber(averageBillable),
      formatted_average_billable_hourly_rate: groupRappen(averageBillable),
      times: list.map((t) => t.item),
    };
  });
  const name = (g: (typeof groups)[number]) => (g.project?.name ?? '').toLowerCase();
  return groups.sort((a, b) => (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : a.project_id - b.project_id));
}

// ---- group_by_weeks ------------------------------------------------------------------------------------

const weekOf = (date: string) => {
  const w = isoWeek(date);
  return {
    year: w.year,
    week: w.week,
    label: w.label,
    start: w.start,
    end: w.end,
    formatted_start: dotted(w.start),
    formatted_end: dotted(w.end),
  };
};

/**
 * One group per calendar week that has time (in the order of the entries), each with all seven days
 * Monday to Sunday (weekDates: the calendar's last week ends on 9999-12-31); days without time show
 * zero totals and no entries.
 */
export function groupByWeeks<T>(times: readonly SheetTime<T>[]) {
  return [...groupBy(times, (t) => mondayOf(t.date))].map(([monday, list]) => {
    const byDay = groupBy(list, (t) => t.date);
    return {
      ...weekOf(monday),
      ...totalsOf(list),
      days: weekDates(monday).map((date) => {
        const day = byDay.get(date) ?? [];
        return { ...dayOf(date), ...totalsOf(day), times: day.map((t) => t.item) };
      }),
    };
  });
}

// ---- group_by_week_project_days --------------------------------------------------------------------------

export interface SheetCell {
  minutes: number;
  readable_time: string;
  locked_minutes: number;
  readable_locked_time: string;
  editable_minutes: number;
  readable_editable_time: string;
}

export function cellOf(times: readonly SheetTime[]): SheetCell {
  let locked = 0;
  let editable = 0;
  for (const t of times) {
    if (t.locked) locked += t.minutes;
    else editable += t.minutes;
  }
  return {
    minutes: locked + editable,
    readable_time: readable(locked + editable),
    locked_minutes: locked,
    readable_locked_time: readable(locked),
    editable_minutes: editable,
    readable_editable_time: readable(editable),
  };
}

/** The Mondays of the weeks from the week of `from` to the week of `to`. */
export function mondaysBetween(from: string, to: string): string[] {
  const first = mondayOf(from);
  const weeks = Math.floor(daysBetween(first, mondayOf(to)) / 7) + 1;
  return Array.from({ length: Math.max(0, weeks) }, (_, i) => addDays(first, i * 7));
}

/**
 * The weekly timesheet: for every week (Monday first) one row per project with time that week,
 * ordered by project name, each with seven day cells splitting locked from editable minutes and
 * naming the entries behind them; per-day column totals and week totals.
 */
export function weekProjectDays<T>(
  times: readonly SheetTime<T>[],
  mondays: readonly string[],
  projects: ReadonlyMap<number, SheetProject>,
) {
  const byWeek = groupBy(times, (t) => mondayOf(t.date));
  const name = (id: number) => (projects.get(id)?.name ?? '').toLowerCase();
  return mondays.map((monday) => {
    const week = byWeek.get(monday) ?? [];
    const dates = weekDates(monday);
    const rows = [...groupBy(week, (t) => t.projectId)]
      .sort(([a], [b]) => (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : a - b))
      .map(([projectId, list]) => {
        const byDay = groupBy(list, (t) => t.date);
        return {
          project_id: projectId,
          project: projects.get(projectId) ?? null,
          ...cellOf(list),
          days: dates.map((date) => {
            const day = byDay.get(date) ?? [];
            return {
              date,
              weekday: isoWeekday(date),
              ...cellOf(day),
              locked_ids: day.filter((t) => t.locked).map((t) => t.id),
              editable_ids: day.filter((t) => !t.locked).map((t) => t.id),
            };
          }),
        };
      });
    const byDay = groupBy(week, (t) => t.date);
    return {
      ...weekOf(monday),
      ...cellOf(week),
      count: week.length,
      days: dates.map((date) => ({ ...dayOf(date), ...cellOf(byDay.get(date) ?? []) })),
      projects: rows,
    };
  });
}
