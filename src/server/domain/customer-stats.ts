// Customers' computed figures: durations as the API shows them, billability, the statistics object and
// the meaning of filter[times]. Pure functions over integer minutes and integer Rappen.
import { formatCurrency, groupRappen, mulDivRound, rappenToNumber } from './money.js';
import { readable as readableMinutes } from './time.js';

export interface Duration {
  hours: number;
  minutes: number;
  totalMinutes: number;
  readable: string;
}

/** Minutes → "HH:MM" (the time domain's `readable`). */
export { readableMinutes };

/** Minutes → the open_times_sum object. */
export function durationOf(totalMinutes: number): Duration {
  const total = Math.max(0, Math.trunc(totalMinutes));
  return { hours: Math.floor(total / 60), minutes: total % 60, totalMinutes: total, readable: readableMinutes(total) };
}

/** Billable share of the tracked time in whole percent (half up), 0 without tracked time. */
export function billabilityPercent(billableMinutes: number, totalMinutes: number): number {
  if (totalMinutes <= 0) return 0;
  return Math.min(100, Math.max(0, mulDivRound(billableMinutes, 100, totalMinutes)));
}

/** The open_expenses_sum object. */
export const openExpensesSum = (rappen: number) => ({ sum: rappenToNumber(rappen), formatted: formatCurrency(rappen) });

export interface StatisticsInput {
  incomeRappen: number;
  expenseRappen: number;
  totalMinutes: number;
  billableMinutes: number;
  openMinutes: number;
}

export interface CustomerStatistics {
  income: string;
  expenses: string;
  profit: string;
  hoursTotal: string;
  hoursBillable: string;
  hoursNonBillable: string;
  hoursOpen: string;
  billability: number;
}

export function customerStatistics(s: StatisticsInput): CustomerStatistics {
  return {
    income: groupRappen(s.incomeRappen),
    expenses: groupRappen(s.expenseRappen),
    profit: groupRappen(s.incomeRappen - s.expenseRappen),
    hoursTotal: readableMinutes(s.totalMinutes),
    hoursBillable: readableMinutes(s.billableMinutes),
    hoursNonBillable: readableMinutes(s.totalMinutes - s.billableMinutes),
    hoursOpen: readableMinutes(s.openMinutes),
    billability: billabilityPercent(s.billableMinutes, s.totalMinutes),
  };
}

/**
 * filter[times]: 0 → no open time at all, 1 → any open time, N ≥ 2 → more than N minutes.
 * Answers the condition on a customer's open minutes as an operator and a bound.
 */
export function timesCondition(n: number): { op: '=' | '>'; minutes: number } {
  if (n <= 0) return { op: '=', minutes: 0 };
  if (n === 1) return { op: '>', minutes: 0 };
  return { op: '>', minutes: n };
}

/** The invoice states whose final_value counts as still owed (drafts are not sent, paid is settled). */
export const UNPAID_INVOICE_STATES = ['sent', 'reminder_one', 'reminder_two', 'reminder_three'] as const;
