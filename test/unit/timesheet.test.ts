// The week timesheet on a hand-checked week, ISO weeks at the year boundaries, and the day words of
// --date, --from, --to and --due.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { buildTimesheet, timesheetColumns, timesheetRecords, type SheetEntry } from '../../src/cli/times/timesheet.js';
import {
  addDays,
  formatWeek,
  isoWeekday,
  isoWeekOf,
  mondayOf,
  parseDay,
  parseWeek,
  weeksInYear,
} from '../../src/cli/shared/calendar.js';
import { isCalendarDate } from '../../src/domain/calendar.js';
import { UsageError } from '../../src/errors.js';

// 2025-W02 runs from Monday 6 January to Sunday 12 January 2025.
const W02 = { year: 2025, week: 2 };
const entries: SheetEntry[] = [
  { project_id: 3, project_name: 'Website', date: '2025-01-06', hours: 1, minutes: 30 },
  { project_id: 3, project_name: 'Website', date: '2025-01-06', hours: 0, minutes: 45 },
  { project_id: 3, project_name: 'Website', date: '2025-01-08', hours: 2, minutes: 0 },
  { project_id: 3, project_name: 'Website', date: '2025-01-12', hours: 0, minutes: 15 },
  { project_id: 5, project_name: 'Audit', date: '2025-01-07', hours: 3, minutes: 20 },
  { project_id: 5, project_name: 'Audit', date: '2025-01-10', hours: 0, minutes: 40 },
  { project_id: 4, date: '2025-01-11', hours: 1, minutes: 5 },
  // outside the week: the Sunday before and the Monday after
  { project_id: 3, project_name: 'Website', date: '2025-01-05', hours: 5, minutes: 0 },
  { project_id: 5, project_name: 'Audit', date: '2025-01-13', hours: 2, minutes: 0 },
];

describe('buildTimesheet on 2025-W02', () => {
  const sheet = buildTimesheet(entries, W02);

  test('the seven days, Monday first', () => {
    expect(sheet.days).toEqual([
      '2025-01-06',
      '2025-01-07',
      '2025-01-08',
      '2025-01-09',
      '2025-01-10',
      '2025-01-11',
      '2025-01-12',
    ]);
  });

  test('one row per project, by name; minutes per weekday and in total', () => {
    expect(sheet.rows).toEqual([
      { project_id: 5, project: 'Audit', mon: 0, tue: 200, wed: 0, thu: 0, fri: 40, sat: 0, sun: 0, total: 240 },
      { project_id: 4, project: 'project 4', mon: 0, tue: 0, wed: 0, thu: 0, fri: 0, sat: 65, sun: 0, total: 65 },
      { project_id: 3, project: 'Website', mon: 135, tue: 0, wed: 120, thu: 0, fri: 0, sat: 0, sun: 15, total: 270 },
    ]);
  });

  test('the totals row sums every column (9:35 in the week)', () => {
    expect(sheet.totals).toEqual({
      project_id: null,
      project: 'Total',
      mon: 135,
      tue: 200,
      wed: 120,
      thu: 0,
      fri: 40,
      sat: 65,
      sun: 15,
      total: 575,
    });
  });

  test('the table leaves empty days blank; machine formats keep integer minutes', () => {
    const table = timesheetRecords(sheet, true);
    expect(table[0]).toEqual({
      project_id: 5,
      project: 'Audit',
      mon: null,
      tue: 200,
      wed: null,
      thu: null,
      fri: 40,
      sat: null,
      sun: null,
      total: 240,
    });
    expect(table[3]).toEqual({
      project_id: null,
      project: 'Total',
      mon: 135,
      tue: 200,
      wed: 120,
      thu: null,
      fri: 40,
      sat: 65,
      sun: 15,
      total: 575,
    });
    // the machine formats get the projects alone: no totals record to sum twice
    const raw = timesheetRecords(sheet, false);
    expect(raw.map((r) => r.thu)).toEqual([0, 0, 0]);
    expect(raw.map((r) => r.project)).not.toContain('Total');
  });

  test('column headers carry the dates', () => {
    expect(timesheetColumns(sheet.days).map((c) => c.header ?? c.key)).toEqual([
      'id',
      'project',
      'Mon 06.01.',
      'Tue 07.01.',
      'Wed 08.01.',
      'Thu 09.01.',
      'Fri 10.01.',
      'Sat 11.01.',
      'Sun 12.01.',
      'total',
    ]);
  });

  test('an empty week has no rows and a zero totals row', () => {
    const empty = buildTimesheet([], W02);
    expect(empty.rows).toEqual([]);
    expect(empty.totals.total).toBe(0);
  });

  test('the totals row always equals the sum of the rows (property)', () => {
    const entry = fc.record({
      project_id: fc.integer({ min: 1, max: 5 }),
      date: fc.integer({ min: -3, max: 10 }).map((d) => addDays('2025-01-06', d)),
      hours: fc.integer({ min: 0, max: 23 }),
      minutes: fc.integer({ min: 0, max: 59 }),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 40 }), (list) => {
        const s = buildTimesheet(list, W02);
        const inWeek = list.filter((e) => e.date >= '2025-01-06' && e.date <= '2025-01-12');
        expect(s.totals.total).toBe(inWeek.reduce((a, e) => a + e.hours * 60 + e.minutes, 0));
        expect(s.rows.reduce((a, r) => a + r.total, 0)).toBe(s.totals.total);
        for (const r of s.rows) expect(r.mon + r.tue + r.wed + r.thu + r.fri + r.sat + r.sun).toBe(r.total);
      }),
    );
  });
});

describe('ISO weeks', () => {
  test.each([
    ['2025-01-06', 2025, 2],
    ['2025-01-12', 2025, 2],
    ['2025-01-01', 2025, 1],
    ['2024-12-30', 2025, 1],
    ['2021-01-03', 2020, 53],
    ['2020-12-31', 2020, 53],
    ['2021-01-04', 2021, 1],
    ['2026-12-31', 2026, 53],
    ['2027-01-01', 2026, 53],
    ['2024-01-01', 2024, 1],
    ['2023-01-01', 2022, 52],
  ])('%s is in %i-W%i', (date, year, week) => {
    expect(isoWeekOf(date)).toEqual({ year, week });
  });

  test.each([
    [2025, 2, '2025-01-06'],
    [2025, 1, '2024-12-30'],
    [2020, 53, '2020-12-28'],
    [2021, 1, '2021-01-04'],
    [2024, 1, '2024-01-01'],
    [2026, 1, '2025-12-29'],
  ])('%i-W%i starts on %s', (year, week, monday) => {
    expect(mondayOf({ year, week })).toBe(monday);
    expect(isoWeekday(monday)).toBe(1);
  });

  test('weeks in a year', () => {
    expect([2020, 2021, 2024, 2025, 2026].map(weeksInYear)).toEqual([53, 52, 52, 52, 53]);
  });

  test('parseWeek reads 2025-W02, 2025W2, 2025-w02', () => {
    for (const t of ['2025-W02', '2025W2', '2025-w02', ' 2025-W2 ']) expect(parseWeek(t)).toEqual(W02);
    expect(formatWeek(W02)).toBe('2025-W02');
    expect(parseWeek('2020-W53')).toEqual({ year: 2020, week: 53 });
  });

  test.each([
    ['2025-W53', 'invalid --week "2025-W53": 2025 has weeks 1 to 52'],
    ['2025-W00', '2025 has weeks 1 to 52'],
    ['2025-02', 'expected an ISO week like 2025-W02'],
    ['W02', 'expected an ISO week like 2025-W02'],
    ['2025-W123', 'expected an ISO week like 2025-W02'],
  ])('parseWeek rejects %j', (text, message) => {
    expect(() => parseWeek(text)).toThrow(message);
  });

  test('every day maps into the week whose Monday mondayOf gives (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 365 * 40 }), (offset) => {
        const date = addDays('2000-01-01', offset);
        const w = isoWeekOf(date);
        const monday = mondayOf(w);
        expect(date >= monday && date <= addDays(monday, 6)).toBe(true);
        expect(w.week).toBeLessThanOrEqual(weeksInYear(w.year));
      }),
    );
  });
});

describe('parseDay', () => {
  const now = '2025-01-08';
  test.each([
    ['2025-02-28', '2025-02-28'],
    ['today', now],
    ['TODAY', now],
    ['yesterday', '2025-01-07'],
    ['tomorrow', '2025-01-09'],
    ['+3d', '2025-01-11'],
    ['-8d', '2024-12-31'],
    ['+1w', '2025-01-15'],
    ['-2w', '2024-12-25'],
    ['+0d', now],
    ['2024-02-29', '2024-02-29'],
    // as tables print dates, also without leading zeros
    ['06.01.2025', '2025-01-06'],
    ['31.12.2026', '2026-12-31'],
    ['6.1.2025', '2025-01-06'],
    ['29.02.2024', '2024-02-29'],
    // a two-digit year is 20yy
    ['06.01.25', '2025-01-06'],
    ['1.1.26', '2026-01-01'],
  ])('%s → %s', (text, date) => {
    expect(parseDay(text, 'date', { now })).toBe(date);
  });

  test.each([
    ['2025-02-30', '2025-02 has no day 30; '],
    ['2025-2-3', ''],
    ['30.02.2025', '2025-02 has no day 30; '],
    ['30.02.25', '2025-02 has no day 30; '],
    ['0999-12-31', 'a year is 1000 to 9999; '],
    ['10000-01-01', ''],
    ['31.12.10000', ''],
    ['next week', ''],
    ['+3', ''],
    ['3d', ''],
    ['+3m', ''],
    ['', ''],
    ['+99999d', ''],
  ])('rejects %j, saying why a day form names no day', (text, why) => {
    let error: unknown;
    try {
      parseDay(text, 'due', { now, forms: 'YYYY-MM-DD, today, tomorrow, +3d' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toBe(`invalid --due "${text}": ${why}expected YYYY-MM-DD, today, tomorrow, +3d`);
  });

  test('isCalendarDate knows the calendar', () => {
    expect(['2024-02-29', '2025-12-31'].every(isCalendarDate)).toBe(true);
    expect(['2025-02-29', '2025-13-01', '2025-00-10', '2025-1-1'].some(isCalendarDate)).toBe(false);
  });
});
