import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  budgetFigures,
  budgetUsage,
  openTimes,
  percentOf,
  readableMinutes,
  timeValue,
  type BudgetInput,
  type BudgetTime,
} from '../../src/server/domain/budget.js';

const time = (
  minutes: number,
  hourlyRate: number,
  billable: boolean,
  status = 'open',
  invoiceId: number | null = null,
): BudgetTime => ({ minutes, hourlyRate, billable, status, invoiceId });

describe('readableMinutes', () => {
  test.each([
    [0, '00:00'],
    [5, '00:05'],
    [60, '01:00'],
    [195, '03:15'],
    [1439, '23:59'],
    [6000, '100:00'],
    [7505, '125:05'],
  ])('%i → %s', (m, s) => {
    expect(readableMinutes(m)).toBe(s);
  });
});

describe('timeValue and percentOf', () => {
  test('minutes × rate / 60, half up to the Rappen', () => {
    expect(timeValue({ minutes: 150, hourlyRate: 12000 })).toBe(30000);
    expect(timeValue({ minutes: 1, hourlyRate: 12000 })).toBe(200);
    expect(timeValue({ minutes: 1, hourlyRate: 10000 })).toBe(167); // 166.67 → 167
    expect(timeValue({ minutes: 7, hourlyRate: 1 })).toBe(0); // 0.1167 → 0
    expect(timeValue({ minutes: 30, hourlyRate: 1 })).toBe(1); // 0.5 → 1
    expect(timeValue({ minutes: 0, hourlyRate: 99999999 })).toBe(0);
  });

  test('whole percent, half up; 0 of nothing is 0', () => {
    expect(percentOf(1835, 5000)).toBe(37); // 36.7
    expect(percentOf(1, 200)).toBe(1); // 0.5
    expect(percentOf(1, 201)).toBe(0); // 0.4975
    expect(percentOf(6100, 5000)).toBe(122);
    expect(percentOf(5, 0)).toBe(0);
  });
});

const EMPTY: BudgetInput = { projectType: 'byHour', budget: null, hourlyRate: 0, times: [], invoices: [] };

describe('budgetUsage', () => {
  test('a project without anything is zeroed with 100 % remaining', () => {
    expect(budgetUsage(EMPTY)).toEqual({
      no_budget: true,
      billable_time_total: '00:00',
      non_billable_time_total: '00:00',
      total_time: '00:00',
      billable_sum: '0.00',
      hourly_rate: '0.00',
      total_sum_invoiced: '0.00',
      total_sum_open: '0.00',
      used_chf: '0.00',
      total_budget: '0.00',
      remaining: '0.00',
      used_percentage: 0,
      remaining_percentage: 100,
      billability: 0,
      used_string: '0.00 CHF / 0.00 CHF (0%)',
    });
  });

  test('a budget of 0 counts as no budget', () => {
    expect(budgetUsage({ ...EMPTY, budget: 0, times: [time(60, 10000, true)] })).toMatchObject({
      no_budget: true,
      used_chf: '100.00',
      used_percentage: 0,
      remaining_percentage: 100,
      remaining: '-100.00',
    });
  });

  // The example of the service test, by hand: rate 120, budget 5'000.
  const example: BudgetInput = {
    projectType: 'byHour',
    budget: 500000,
    hourlyRate: 12000,
    invoices: [
      { id: 1, net: 48500 },
      { id: 2, net: 100000 },
    ],
    times: [
      time(150, 12000, true), // open: 300.00
      time(75, 10000, true, 'invoiced', 1), // on invoice 1: 125.00
      time(45, 12000, false), // non-billable: 90.00, never counted
      time(20, 15000, true, 'invoiced'), // marked invoiced without an invoice: 50.00
      time(180, 12000, true, 'paid', 1), // on invoice 1: 360.00
      time(30, 12000, true, 'invoiced', 99), // on an invoice of another project: 60.00
    ],
  };

  test("byHour: invoiced + billable time not on one of the project's invoices", () => {
    const f = budgetFigures(example);
    expect(f).toEqual({
      billableMinutes: 455,
      nonBillableMinutes: 45,
      billableSum: 89500,
      invoiced: 148500,
      open: 30000,
      used: 148500 + 30000 + 5000 + 6000,
      budget: 500000,
      remaining: 500000 - 189500,
      usedPercentage: 38,
      remainingPercentage: 62,
      billability: 91,
      noBudget: false,
    });
    expect(budgetUsage(example)).toEqual({
      no_budget: false,
      billable_time_total: '07:35',
      non_billable_time_total: '00:45',
      total_time: '08:20',
      billable_sum: '895.00',
      hourly_rate: '120.00',
      total_sum_invoiced: "1'485.00",
      total_sum_open: '300.00',
      used_chf: "1'895.00",
      total_budget: "5'000.00",
      remaining: "3'105.00",
      used_percentage: 38,
      remaining_percentage: 62,
      billability: 91,
      used_string: "1'895.00 CHF / 5'000.00 CHF (38%)",
    });
  });

  test('fixedBudget uses the same rule as byHour', () => {
    expect(budgetFigures({ ...example, projectType: 'fixedBudget' }).used).toBe(budgetFigures(example).used);
  });

  test('fixedPrice: only invoiced amounts use the price', () => {
    expect(budgetUsage({ ...example, projectType: 'fixedPrice' })).toMatchObject({
      used_chf: "1'485.00",
      remaining: "3'515.00",
      used_percentage: 30,
      remaining_percentage: 70,
      billable_sum: '895.00',
    });
  });

  test('over budget: negative remaining, remaining_percentage floors at 0', () => {
    expect(budgetUsage({ ...example, budget: 100000 })).toMatchObject({
      remaining: '-895.00',
      used_percentage: 190,
      remaining_percentage: 0,
    });
  });

  test('used and remaining add up to the budget; percentages to 100 while within it', () => {
    const arbTime = fc.record({
      minutes: fc.integer({ min: 0, max: 23 * 60 + 59 }),
      hourlyRate: fc.integer({ min: 0, max: 99999999 }),
      billable: fc.boolean(),
      status: fc.constantFrom('open', 'invoiced', 'paid'),
      invoiceId: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
    });
    fc.assert(
      fc.property(
        fc.constantFrom('byHour', 'fixedBudget', 'fixedPrice'),
        fc.option(fc.integer({ min: 0, max: 999999999 }), { nil: null }),
        fc.array(arbTime, { maxLength: 20 }),
        fc.array(fc.integer({ min: 0, max: 100000000 }), { maxLength: 3 }),
        (projectType, budget, times, nets) => {
          const f = budgetFigures({
            projectType,
            budget,
            hourlyRate: 0,
            times,
            invoices: nets.map((net, i) => ({ id: i + 1, net })),
          });
          expect(Number.isSafeInteger(f.used)).toBe(true);
          expect(f.used + f.remaining).toBe(budget ?? 0);
          expect(f.billability).toBeGreaterThanOrEqual(0);
          expect(f.billability).toBeLessThanOrEqual(100);
          expect(f.remainingPercentage).toBe(Math.max(0, 100 - f.usedPercentage));
          expect(f.open).toBeLessThanOrEqual(f.billableSum);
          if (f.noBudget) expect([f.usedPercentage, f.remainingPercentage]).toEqual([0, 100]);
        },
      ),
    );
  });
});

describe('openTimes', () => {
  test('sums the open entries, billable or not', () => {
    expect(
      openTimes([time(150, 1, true), time(45, 1, false), time(60, 1, true, 'invoiced'), time(10, 1, false, 'paid')]),
    ).toEqual({ readable: '03:15', sortable: 195 });
    expect(openTimes([])).toEqual({ readable: '00:00', sortable: 0 });
  });
});
