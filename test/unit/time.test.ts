// The pure time-tracking rules: H:i, durations with carry, values in Rappen, "any valid date format",
// ISO weeks, the company clock, the timer's entry, relative due dates and the grouped listings.
import { describe, expect, it } from 'vitest';
import {
  addDays,
  carry,
  daysBetween,
  dotted,
  durationBetween,
  formatHm,
  isoWeek,
  isoWeekday,
  mondayOf,
  parseDate,
  parseHm,
  weekDates,
  readable,
  relativeDue,
  timerEntry,
  minutesValue,
  wallClock,
} from '../../src/server/domain/time.js';
import {
  averageRate,
  groupByDate,
  groupByProject,
  groupByWeeks,
  mondaysBetween,
  totalsOf,
  weekProjectDays,
  type SheetProject,
  type SheetTime,
} from '../../src/server/domain/timesheet.js';

describe('H:i and durations', () => {
  it('reads two-digit H:i only', () => {
    expect(parseHm('00:00')).toBe(0);
    expect(parseHm('08:50')).toBe(530);
    expect(parseHm('23:59')).toBe(1439);
    for (const bad of ['8:50', '24:00', '12:60', '12:5', '12-30', '', '12:30:00']) expect(parseHm(bad)).toBeUndefined();
    expect(formatHm(530)).toBe('08:50');
    expect(formatHm(1440 + 75)).toBe('01:15');
  });

  it('carries minutes above 59 into hours', () => {
    expect(carry(85)).toEqual({ hours: 1, minutes: 25 });
    expect(carry(60)).toEqual({ hours: 1, minutes: 0 });
    expect(carry(59)).toEqual({ hours: 0, minutes: 59 });
    expect(durationBetween('08:50', '10:15')).toEqual({ hours: 1, minutes: 25 });
    expect(durationBetween('00:00', '23:59')).toEqual({ hours: 23, minutes: 59 });
    expect(durationBetween('10:15', '10:15')).toBeUndefined();
    expect(durationBetween('10:15', '08:50')).toBeUndefined();
  });

  it('values time in Rappen, rounded half up', () => {
    expect(minutesValue(85, 12000)).toBe(17000); // 1:25 at 120.00 → 170.00
    expect(minutesValue(140, 9550)).toBe(22283); // 2:20 at 95.50 → 222.833… → 222.83
    expect(minutesValue(65, 9550)).toBe(10346); // 1:05 at 95.50 → 103.458… → 103.46
    expect(minutesValue(1, 30)).toBe(1); // 0.5 Rappen → 1
    expect(minutesValue(1, 29)).toBe(0);
    expect(minutesValue(0, 12000)).toBe(0);
    expect(minutesValue(1439, 99999999)).toBe(2398333309); // 23:59 at the maximum rate: 143'899'998'561 / 60 = …309.35
  });

  it('formats minutes as HH:MM without wrapping at 24', () => {
    expect(readable(0)).toBe('00:00');
    expect(readable(5)).toBe('00:05');
    expect(readable(7505)).toBe('125:05');
  });
});

describe('dates in any valid format', () => {
  const today = '2025-03-10';
  it.each([
    ['2025-03-10', '2025-03-10'],
    ['2025-3-1', '2025-03-01'],
    ['2025/03/10', '2025-03-10'],
    ['10.03.2025', '2025-03-10'],
    ['1.3.2025', '2025-03-01'],
    ['10.03.25', '2025-03-10'],
    ['10.03.99', '1999-03-10'],
    ['10-03-2025', '2025-03-10'],
    ['10 March 2025', '2025-03-10'],
    ['10. Mar 2025', '2025-03-10'],
    ['March 10, 2025', '2025-03-10'],
    ['Sep 1 2025', '2025-09-01'],
    ['2025-03-10T23:30:00Z', '2025-03-10'],
    ['2025-03-10 08:15', '2025-03-10'],
    ['2025-03-10T08:15:00.123+01:00', '2025-03-10'],
    ['today', today],
    ['Yesterday', '2025-03-09'],
    ['tomorrow', '2025-03-11'],
    ['  29.02.2024 ', '2024-02-29'],
  ])('%s → %s', (input, expected) => {
    expect(parseDate(input, today)).toBe(expected);
  });

  it.each([
    '31.02.2025',
    '29.02.2025',
    '2025-13-01',
    '03/10/2025',
    '10/03/2025',
    'gestern',
    '',
    '2025-03-10T25:00',
    '10 Foo 2025',
    '0999-01-01',
  ])('refuses %s', (input) => {
    expect(parseDate(input, today)).toBeUndefined();
  });

  it('knows relative words only with a today', () => {
    expect(parseDate('today')).toBeUndefined();
  });
});

describe('calendar math', () => {
  it('adds and counts days across months and leap years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(daysBetween('2025-03-10', '2025-03-13')).toBe(3);
    expect(daysBetween('2025-03-10', '2025-03-08')).toBe(-2);
    expect(dotted('2025-03-01')).toBe('01.03.2025');
  });

  it('numbers ISO weeks (Monday first, week 1 holds the first Thursday)', () => {
    expect(isoWeekday('2025-03-10')).toBe(1);
    expect(isoWeekday('2025-03-16')).toBe(7);
    expect(mondayOf('2025-03-16')).toBe('2025-03-10');
    expect(isoWeek('2025-03-12')).toEqual({
      year: 2025,
      week: 11,
      label: '2025-W11',
      start: '2025-03-10',
      end: '2025-03-16',
    });
    expect(isoWeek('2024-12-30')).toMatchObject({ year: 2025, week: 1, start: '2024-12-30' });
    expect(isoWeek('2021-01-03')).toMatchObject({ year: 2020, week: 53, start: '2020-12-28' });
    expect(isoWeek('2026-12-31')).toMatchObject({ year: 2026, week: 53 });
    // the calendar's first and last weeks end at its edges
    expect(isoWeek('9999-12-31')).toEqual({
      year: 9999,
      week: 52,
      label: '9999-W52',
      start: '9999-12-27',
      end: '9999-12-31',
    });
    expect(isoWeek('1000-01-01')).toMatchObject({ start: '1000-01-01', end: '1000-01-05' });
    expect(weekDates('9999-12-27')).toEqual(['9999-12-27', '9999-12-28', '9999-12-29', '9999-12-30', '9999-12-31']);
    expect(weekDates('2025-03-10')).toHaveLength(7);
    expect(mondaysBetween('2025-03-12', '2025-03-25')).toEqual(['2025-03-10', '2025-03-17', '2025-03-24']);
    expect(mondaysBetween('2025-03-12', '2025-03-12')).toEqual(['2025-03-10']);
  });
});

describe('the company clock', () => {
  it('shows an instant on the wall clock of a zone, summer time included', () => {
    expect(wallClock(new Date('2025-03-10T07:30:40Z'), 'Europe/Zurich')).toEqual({
      date: '2025-03-10',
      minutes: 510,
      time: '08:30',
    });
    expect(wallClock(new Date('2025-07-01T06:00:00Z'), 'Europe/Zurich')).toMatchObject({
      date: '2025-07-01',
      time: '08:00',
    });
    expect(wallClock(new Date('2025-03-10T23:30:00Z'), 'Europe/Zurich')).toMatchObject({
      date: '2025-03-11',
      time: '00:30',
    });
    expect(wallClock(new Date('2025-03-10T03:00:00Z'), 'America/New_York')).toMatchObject({
      date: '2025-03-09',
      time: '23:00',
    });
  });
});

describe('the timer entry', () => {
  const zone = 'Europe/Zurich';
  const at = (iso: string) => new Date(iso);
  it('starts at the start time and ends now or at the given end', () => {
    expect(timerEntry(at('2025-03-10T07:30:40Z'), at('2025-03-10T08:47:10Z'), zone)).toEqual({
      date: '2025-03-10',
      start: '08:30',
      end: '09:47',
      hours: 1,
      minutes: 17,
    });
    expect(timerEntry(at('2025-03-10T07:30:00Z'), at('2025-03-10T08:00:00Z'), zone, '10:15')).toEqual({
      date: '2025-03-10',
      start: '08:30',
      end: '10:15',
      hours: 1,
      minutes: 45,
    });
  });
  it('refuses an end that is not after the start on the start day', () => {
    expect(timerEntry(at('2025-03-10T07:30:00Z'), at('2025-03-10T09:00:00Z'), zone, '08:30')).toBeUndefined();
    expect(timerEntry(at('2025-03-10T07:30:00Z'), at('2025-03-10T09:00:00Z'), zone, '08:00')).toBeUndefined();
  });
  it('counts past midnight on the start day and caps a day or more at 23:59', () => {
    expect(timerEntry(at('2025-03-10T22:30:00Z'), at('2025-03-11T00:15:00Z'), zone)).toEqual({
      date: '2025-03-10',
      start: '23:30',
      end: '01:15',
      hours: 1,
      minutes: 45,
    });
    expect(timerEntry(at('2025-03-10T22:30:00Z'), at('2025-03-11T06:00:00Z'), zone, '00:30')).toEqual({
      date: '2025-03-10',
      start: '23:30',
      end: '00:30',
      hours: 1,
      minutes: 0,
    });
    expect(timerEntry(at('2025-03-10T07:30:00Z'), at('2025-03-12T07:00:00Z'), zone)).toEqual({
      date: '2025-03-10',
      start: '08:30',
      end: '08:00',
      hours: 23,
      minutes: 59,
    });
  });
  it('dates the entry in the zone, not in UTC', () => {
    expect(timerEntry(at('2025-03-10T23:10:00Z'), at('2025-03-11T00:40:00Z'), zone)).toEqual({
      date: '2025-03-11',
      start: '00:10',
      end: '01:40',
      hours: 1,
      minutes: 30,
    });
  });
});

describe('relative due dates', () => {
  const today = '2025-03-10';
  it.each([
    ['2025-03-10', 'today'],
    ['2025-03-11', 'tomorrow'],
    ['2025-03-09', 'yesterday'],
    ['2025-03-13', 'in 3 days'],
    ['2025-03-08', '2 days ago'],
    ['2025-03-23', 'in 13 days'],
    ['2025-03-24', 'in 2 weeks'],
    ['2025-03-17', 'in 7 days'],
    ['2025-02-24', '2 weeks ago'],
    ['2025-05-09', 'in 2 months'],
    ['2025-06-10', 'in 3 months'],
    ['2026-03-10', 'in 1 year'],
    ['2023-03-10', '2 years ago'],
  ])('%s → %s', (due, text) => {
    expect(relativeDue(due, today)).toBe(text);
  });
});

describe('grouping', () => {
  // the hand-checked week of docs/service/time-tracking.md (ids 1-6 in 2025-W11, 7 in W12)
  const t = (
    id: number,
    date: string,
    projectId: number,
    minutes: number,
    rate: number,
    billable: boolean,
    locked = false,
  ): SheetTime<number> => ({
    id,
    date,
    projectId,
    minutes,
    hourlyRate: rate,
    value: minutesValue(minutes, rate),
    billable,
    locked,
    item: id,
  });
  const week = [
    t(1, '2025-03-10', 1, 85, 12000, true),
    t(2, '2025-03-10', 2, 140, 9550, true),
    t(3, '2025-03-11', 1, 45, 12000, false),
    t(4, '2025-03-12', 1, 190, 10000, true),
    t(5, '2025-03-14', 2, 65, 9550, true, true),
    t(6, '2025-03-16', 1, 30, 12000, true),
  ];
  const projects = new Map<number, SheetProject>([
    [1, { id: 1, name: 'Alpha', customer_id: 1, customer_name: 'A', project_type: 'byHour', hourly_rate: 120 }],
    [2, { id: 2, name: 'beta', customer_id: 2, customer_name: 'B', project_type: 'fixedPrice', hourly_rate: 95.5 }],
  ]);

  it('totals minutes and values', () => {
    expect(totalsOf(week)).toEqual({
      count: 6,
      minutes: 555,
      readable_time: '09:15',
      billable_minutes: 510,
      readable_billable_time: '08:30',
      total_value: 962.96,
      formatted_total_value: '962.96',
      billable_value: 872.96,
      formatted_billable_value: '872.96',
    });
    expect(totalsOf([])).toMatchObject({
      count: 0,
      minutes: 0,
      readable_time: '00:00',
      total_value: 0,
      formatted_total_value: '0.00',
    });
  });

  it('averages rates weighted by time', () => {
    expect(averageRate(week.filter((x) => x.projectId === 1))).toBe(10914); // 38'200 / 350 min
    expect(averageRate(week.filter((x) => x.projectId === 1 && x.billable))).toBe(10754);
    expect(averageRate([])).toBe(0);
  });

  it('groups by date in the order of the entries', () => {
    const groups = groupByDate(week);
    expect(groups.map((g) => [g.date, g.count, g.minutes, g.total_value])).toEqual([
      ['2025-03-10', 2, 225, 392.83],
      ['2025-03-11', 1, 45, 90],
      ['2025-03-12', 1, 190, 316.67],
      ['2025-03-14', 1, 65, 103.46],
      ['2025-03-16', 1, 30, 60],
    ]);
    expect(groups[0]).toMatchObject({
      formatted_date: '10.03.2025',
      weekday: 1,
      weekday_name: 'Monday',
      times: [1, 2],
    });
  });

  it('groups by project, ordered by name', () => {
    const [alpha, beta] = groupByProject(week, projects);
    expect(alpha).toMatchObject({
      project_id: 1,
      minutes: 350,
      total_value: 636.67,
      billable_minutes: 305,
      billable_value: 546.67,
      average_hourly_rate: 109.14,
      average_billable_hourly_rate: 107.54,
      times: [1, 3, 4, 6],
    });
    expect(beta).toMatchObject({
      project_id: 2,
      minutes: 205,
      total_value: 326.29,
      average_hourly_rate: 95.5,
      formatted_average_hourly_rate: '95.50',
    });
  });

  it('groups by week with seven days each', () => {
    const [w11, w12] = groupByWeeks([...week, t(7, '2025-03-17', 1, 60, 12000, true)]);
    expect(w11).toMatchObject({
      label: '2025-W11',
      start: '2025-03-10',
      end: '2025-03-16',
      minutes: 555,
      total_value: 962.96,
    });
    expect(w11.days.map((d) => d.minutes)).toEqual([225, 45, 190, 0, 65, 0, 30]);
    expect(w11.days[3]).toMatchObject({ date: '2025-03-13', weekday_name: 'Thursday', count: 0, times: [] });
    expect(w12).toMatchObject({ label: '2025-W12', minutes: 60, count: 1 });
  });

  it('builds the timesheet: projects by weekday, locked apart from editable', () => {
    const [sheet] = weekProjectDays(week, ['2025-03-10'], projects);
    expect(sheet).toMatchObject({
      label: '2025-W11',
      minutes: 555,
      locked_minutes: 65,
      editable_minutes: 490,
      count: 6,
    });
    expect(sheet.projects.map((p) => p.project?.name)).toEqual(['Alpha', 'beta']);
    expect(sheet.projects[1].days.map((d) => [d.locked_minutes, d.editable_minutes])).toEqual([
      [0, 140],
      [0, 0],
      [0, 0],
      [0, 0],
      [65, 0],
      [0, 0],
      [0, 0],
    ]);
    expect(sheet.projects[1].days[4]).toMatchObject({
      date: '2025-03-14',
      locked_ids: [5],
      editable_ids: [],
      readable_locked_time: '01:05',
    });
    expect(sheet.days.map((d) => d.minutes)).toEqual([225, 45, 190, 0, 65, 0, 30]);
    const [empty] = weekProjectDays([], ['2025-03-17'], projects);
    expect(empty).toMatchObject({ start: '2025-03-17', minutes: 0, count: 0, projects: [] });
    expect(empty.days).toHaveLength(7);
  });
});
