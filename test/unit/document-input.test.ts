import { describe, expect, test } from 'vitest';
import {
  joinedText,
  parseDiscount,
  parsePositionFlag,
  parseProductFlag,
  positionsFromTimes,
  splitParts,
  WORK_TEXT_MAX,
  type BillableTime,
} from '../../src/cli/documents/input.js';
import { UsageError } from '../../src/errors.js';

describe('--position', () => {
  test.each([
    ['Beratung;2.5;150;h', { description: 'Beratung', amount: '2.500', price: '150.00', unit: 'h' }],
    ["Beratung;2,5;1'500.50;h", { description: 'Beratung', amount: '2.500', price: '1500.50', unit: 'h' }],
    ['Hosting;1;480', { description: 'Hosting', amount: '1.000', price: '480.00', unit: null }],
    ['Paket A; B;3;9.95;Stk', { description: 'Paket A; B', amount: '3.000', price: '9.95', unit: 'Stk' }],
    ['Rabatt;0.125;0', { description: 'Rabatt', amount: '0.125', price: '0.00', unit: null }],
  ])('%s', (flag, expected) => {
    expect(parsePositionFlag(flag)).toEqual({ type: 'position', ...expected });
  });

  test.each([
    ['Beratung;2.5', 'expected "description;amount;price[;unit]"'],
    [';1;2', 'the description is empty'],
    ['X;-1;2', 'amount "-1" is not a number'],
    ['X;1.0005;2', 'amount "1.0005"'],
    ['X;1;2.001', 'price "2.001"'],
    ['X;abc;2;h', 'amount "abc"'],
  ])('%s is a usage error', (flag, message) => {
    expect(() => parsePositionFlag(flag)).toThrow(UsageError);
    expect(() => parsePositionFlag(flag)).toThrow(message);
  });
});

describe('positions from time entries', () => {
  const times: BillableTime[] = [
    {
      id: 3,
      date: '2026-03-03',
      description: 'Review',
      hours: 0,
      minutes: 45,
      hourly_rate: 180,
      task_id: 7,
      task_name: 'Design',
    },
    {
      id: 1,
      date: '2026-03-02',
      description: 'Konzept',
      hours: 1,
      minutes: 30,
      hourly_rate: 150,
      task_id: 7,
      task_name: 'Design',
    },
    { id: 2, date: '2026-03-02', description: 'Meeting', hours: 2, minutes: 0, hourly_rate: '150.00', task_id: null },
    { id: 4, date: '2026-03-02', description: 'Support', hours: 0, minutes: 20, hourly_rate: 180, task_id: null },
  ];

  test('by entry: one position each, in date order', () => {
    expect(positionsFromTimes(times, 'entry', 'Website')).toEqual([
      {
        type: 'position',
        description: '02.03.2026 Konzept',
        amount: '1.500',
        price: '150.00',
        unit: 'h',
        date: '2026-03-02',
      },
      {
        type: 'position',
        description: '02.03.2026 Meeting',
        amount: '2.000',
        price: '150.00',
        unit: 'h',
        date: '2026-03-02',
      },
      {
        type: 'position',
        description: '02.03.2026 Support',
        amount: '0.333',
        price: '180.00',
        unit: 'h',
        date: '2026-03-02',
      },
      {
        type: 'position',
        description: '03.03.2026 Review',
        amount: '0.750',
        price: '180.00',
        unit: 'h',
        date: '2026-03-03',
      },
    ]);
  });

  test('by date: one position per day and rate', () => {
    expect(positionsFromTimes(times, 'date', 'Website').map((p) => [p.description, p.amount, p.price])).toEqual([
      ['02.03.2026 Konzept; Meeting', '3.500', '150.00'],
      ['02.03.2026 Support', '0.333', '180.00'],
      ['03.03.2026 Review', '0.750', '180.00'],
    ]);
  });

  test('by task: one position per task and rate; hours without a task say what they were, never a placeholder', () => {
    expect(positionsFromTimes(times, 'task', 'Website').map((p) => [p.description, p.amount, p.price, p.date])).toEqual(
      [
        ['Design', '1.500', '150.00', undefined],
        ['Meeting', '2.000', '150.00', undefined],
        ['Support', '0.333', '180.00', undefined],
        ['Design', '0.750', '180.00', undefined],
      ],
    );
  });

  test("without a task the service's name; else the descriptions joined, cut to fit; else the project's name", () => {
    const long = 'Fehlersuche im Bestellprozess der Webseite mit Kunde am Telefon';
    const loose: BillableTime[] = [
      {
        id: 1,
        date: '2026-03-02',
        description: 'Anpassungen',
        hours: 1,
        minutes: 0,
        hourly_rate: 150,
        task_id: null,
        service_id: 4,
        service_name: 'Programmierung',
      },
      {
        id: 2,
        date: '2026-03-03',
        description: 'Tests',
        hours: 1,
        minutes: 0,
        hourly_rate: 150,
        task_id: null,
        service_id: 4,
        service_name: 'Programmierung',
      },
      ...[3, 4, 5, 6, 7].map((id) => ({
        id,
        date: '2026-03-04',
        description: `${long} ${id}`,
        hours: 0,
        minutes: 30,
        hourly_rate: 120,
        task_id: null,
      })),
      { id: 8, date: '2026-03-05', description: '', hours: 0, minutes: 15, hourly_rate: 100, task_id: null },
      // a task whose name is not known is no name: the service says it
      {
        id: 9,
        date: '2026-03-06',
        description: 'Deploy',
        hours: 0,
        minutes: 15,
        hourly_rate: 90,
        task_id: 12,
        task_name: null,
        service_id: 4,
        service_name: 'Programmierung',
      },
    ];
    const byTask = positionsFromTimes(loose, 'task', 'Website');
    expect(byTask.map((p) => [p.description?.slice(0, 40), p.amount])).toEqual([
      ['Programmierung', '2.000'],
      [`${long} 3; ${long}`.slice(0, 40), '2.500'],
      ['Website', '0.250'],
      ['Programmierung', '0.250'],
    ]);
    const joined = byTask[1].description!;
    expect(joined.length).toBeLessThanOrEqual(WORK_TEXT_MAX);
    expect(joined).toMatch(/^Fehlersuche .*; Fehlersuche .*[^ ;]…$/);
    expect(
      positionsFromTimes(loose, 'entry', 'Website')
        .map((p) => p.description)
        .slice(-2),
    ).toEqual(['05.03.2026 Website', '06.03.2026 Deploy']);
    expect(byTask.map((p) => p.description)).not.toContain('Ohne Aufgabe');
  });

  test('joined texts: each once, white space made one, cut at a word before the limit', () => {
    expect(joinedText(['Layout', ' Layout ', 'Review\nStart', ''])).toBe('Layout; Review Start');
    expect(joinedText(['eins zwei drei vier'], 12)).toBe('eins zwei…');
    expect(joinedText(['x'.repeat(30)], 10)).toBe(`${'x'.repeat(9)}…`);
  });

  test('a rate that is not an amount is named', () => {
    expect(() => positionsFromTimes([{ ...times[0], hourly_rate: 'x' }], 'entry', 'Website')).toThrow(
      'time entry 3 has no readable hourly rate',
    );
  });
});

describe('split parts', () => {
  test('percentages of the total; the last takes the rounding', () => {
    expect(splitParts(['Anzahlung=40%', 'Rest=60%'], 100000)).toEqual([
      { title: 'Anzahlung', sum: 40000 },
      { title: 'Rest', sum: 60000 },
    ]);
    expect(splitParts(['A=33.33%', 'B=33.33%', 'C=33.34%'], 10001)).toEqual([
      { title: 'A', sum: 3333 },
      { title: 'B', sum: 3333 },
      { title: 'C', sum: 3335 },
    ]);
  });

  test('amounts and percentages together', () => {
    expect(splitParts(['Anzahlung=1000', 'Rest=60%'], 250000)).toEqual([
      { title: 'Anzahlung', sum: 100000 },
      { title: 'Rest', sum: 150000 },
    ]);
    expect(splitParts(['A=1200.50', 'B=799.50'], 200000)).toEqual([
      { title: 'A', sum: 120050 },
      { title: 'B', sum: 79950 },
    ]);
  });

  test('parts that do not total the proposal say by how much', () => {
    expect(() => splitParts(['Anzahlung=40%', 'Rest=50%'], 100000)).toThrow(
      'the parts total 900.00 (90.00 %), the proposal 1000.00: 100.00 missing; the parts must total 100 %',
    );
    expect(() => splitParts(['A=600', 'B=600'], 100000)).toThrow('200.00 too much');
  });

  test.each([
    [[], 'at least one --part'],
    [['Anzahlung'], 'expected "TITLE=40%"'],
    [['A=x%'], 'is not a percentage'],
    [['A=120%'], 'is not a percentage'],
    [['A=1.234'], 'is not an amount'],
  ])('%j is a usage error', (parts, message) => {
    expect(() => splitParts(parts, 1000)).toThrow(message);
  });
});

describe('--product and --discount', () => {
  test.each([
    ['Webhosting', { product: 'Webhosting', amount: '1.000' }],
    ['USB-C Kabel:3', { product: 'USB-C Kabel', amount: '3.000' }],
    ['Beratung:2,5', { product: 'Beratung', amount: '2.500' }],
    ['Paket: Gold', { product: 'Paket: Gold', amount: '1.000' }],
    ['id:7', { product: 'id:7', amount: '1.000' }],
    ['id:7:2', { product: 'id:7', amount: '2.000' }],
  ])('--product %s', (flag, expected) => {
    expect(parseProductFlag(flag)).toEqual(expected);
  });

  test('--product without a name is a usage error', () => {
    expect(() => parseProductFlag(':2')).toThrow(UsageError);
  });

  test.each([
    ['10%', { discount_amount: '10.00', discount_type: 'percentage' }],
    ['12.5 %', { discount_amount: '12.50', discount_type: 'percentage' }],
    ['50', { discount_amount: '50.00', discount_type: 'absolute' }],
    ["1'000.05", { discount_amount: '1000.05', discount_type: 'absolute' }],
  ])('--discount %s', (flag, expected) => {
    expect(parseDiscount(flag)).toEqual(expected);
  });

  test.each(['101%', '-5', 'zehn', '1.005'])('--discount %s is a usage error', (flag) => {
    expect(() => parseDiscount(flag)).toThrow(UsageError);
  });
});
