// The week timesheet of `acct times list --week`: time entries → one row per project with the minutes
// of each weekday (Monday to Sunday) and their total, plus a totals row for the table (never a record a
// script would sum twice). Pure: no I/O, integer minutes.
import { formatDate } from '../../output/format.js';
import type { Column } from '../../output/types.js';
import { addDays, mondayOf, type IsoWeek } from '../shared/calendar.js';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** What the timesheet reads of a time entry. */
export interface SheetEntry {
  project_id: number;
  /** the project's name when the listing embedded it */
  project_name?: string | null;
  date: string;
  hours: number;
  minutes: number;
}

export type TimesheetRow = { project_id: number | null; project: string; total: number } & Record<Weekday, number>;

export interface Timesheet {
  week: IsoWeek;
  /** the seven dates, Monday first */
  days: string[];
  /** one row per project with time in the week, by name (then id) */
  rows: TimesheetRow[];
  /** sums of every column; project_id null, project "Total" */
  totals: TimesheetRow;
}

const emptyRow = (project_id: number | null, project: string): TimesheetRow => ({
  project_id,
  project,
  mon: 0,
  tue: 0,
  wed: 0,
  thu: 0,
  fri: 0,
  sat: 0,
  sun: 0,
  total: 0,
});

/** Entries dated outside the week are left out. */
export function buildTimesheet(entries: Iterable<SheetEntry>, week: IsoWeek): Timesheet {
  const monday = mondayOf(week);
  const days = WEEKDAYS.map((_, i) => addDays(monday, i));
  const dayIndex = new Map(days.map((d, i) => [d, i]));
  const byProject = new Map<number, TimesheetRow>();
  const totals = emptyRow(null, 'Total');
  for (const e of entries) {
    const i = dayIndex.get(e.date);
    if (i === undefined) continue;
    const minutes = e.hours * 60 + e.minutes;
    let row = byProject.get(e.project_id);
    if (!row) {
      row = emptyRow(e.project_id, e.project_name ?? `project ${e.project_id}`);
      byProject.set(e.project_id, row);
    } else if (e.project_name && row.project === `project ${e.project_id}`) {
      row.project = e.project_name;
    }
    const day = WEEKDAYS[i];
    row[day] += minutes;
    row.total += minutes;
    totals[day] += minutes;
    totals.total += minutes;
  }
  const rows = [...byProject.values()].sort(
    (a, b) =>
      a.project.localeCompare(b.project, 'de-CH', { sensitivity: 'base' }) || (a.project_id ?? 0) - (b.project_id ?? 0),
  );
  return { week, days, rows, totals };
}

const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The timesheet's columns; day headers carry the dates (MON 06.01.). */
export function timesheetColumns(days: string[]): Column[] {
  return [
    { key: 'project_id', header: 'id', kind: 'int' },
    { key: 'project', keep: true },
    ...WEEKDAYS.map((key, i) => ({
      key,
      header: `${DAY_NAMES[i]} ${formatDate(days[i]).slice(0, 6)}`,
      kind: 'duration' as const,
    })),
    // a row's project and the week's sum are what a timesheet is for: days give way before them
    { key: 'total', kind: 'duration', keep: true },
  ];
}

/**
 * Rows as the formats print them: minutes as integers, one record per project; the table adds the totals
 * row and leaves empty days blank.
 */
export function timesheetRecords(sheet: Timesheet, forTable: boolean): Record<string, unknown>[] {
  const rows = [...sheet.rows, ...(forTable ? [sheet.totals] : [])].map((r) => ({ ...r }) as Record<string, unknown>);
  if (forTable) {
    for (const r of rows) {
      for (const d of WEEKDAYS) if (r[d] === 0) r[d] = null;
      if (r.total === 0 && r.project_id !== null) r.total = null;
    }
  }
  return rows;
}
