// A project's budget usage: pure integer arithmetic over its time entries and invoices (amounts in
// Rappen, time in minutes). The rules are written down in docs/service/projects.md.
import { groupRappen, mulDivRound } from './money.js';
import { readable as readableMinutes, minutesValue } from './time.js';

export const PROJECT_TYPES = ['byHour', 'fixedBudget', 'fixedPrice'] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

export interface BudgetTime {
  /** hours × 60 + minutes */
  minutes: number;
  /** Rappen per hour */
  hourlyRate: number;
  billable: boolean;
  /** open, invoiced or paid */
  status: string;
  invoiceId: number | null;
}

export interface BudgetInvoice {
  id: number;
  /** the invoice amount without VAT, in Rappen: total with VAT − VAT */
  net: number;
}

export interface BudgetInput {
  projectType: ProjectType | string;
  /** Rappen, or null when the project has no budget */
  budget: number | null;
  /** the project's hourly rate in Rappen */
  hourlyRate: number;
  times: BudgetTime[];
  invoices: BudgetInvoice[];
}

export interface BudgetUsage {
  no_budget: boolean;
  billable_time_total: string;
  non_billable_time_total: string;
  total_time: string;
  billable_sum: string;
  hourly_rate: string;
  total_sum_invoiced: string;
  total_sum_open: string;
  used_chf: string;
  total_budget: string;
  remaining: string;
  used_percentage: number;
  remaining_percentage: number;
  billability: number;
  used_string: string;
}

/** Minutes → "HH:MM" (the time domain's `readable`). */
export { readableMinutes };

/** The value of one time entry: minutes × rate / 60, rounded half up to the Rappen. */
export const timeValue = (t: Pick<BudgetTime, 'minutes' | 'hourlyRate'>): number =>
  minutesValue(t.minutes, t.hourlyRate);

/** `part` of `whole` in whole percent, rounded half up; 0 when `whole` is 0. */
export const percentOf = (part: number, whole: number): number => (whole === 0 ? 0 : mulDivRound(part, 100, whole));

/** The amounts behind budget_usage, as integers (Rappen, minutes, percent). */
export interface BudgetFigures {
  billableMinutes: number;
  nonBillableMinutes: number;
  /** value of all billable time, whatever its status */
  billableSum: number;
  /** net amount of the project's invoices */
  invoiced: number;
  /** value of billable time still open (not invoiced) */
  open: number;
  used: number;
  budget: number;
  remaining: number;
  usedPercentage: number;
  remainingPercentage: number;
  billability: number;
  noBudget: boolean;
}

export function budgetFigures(input: BudgetInput): BudgetFigures {
  let billableMinutes = 0;
  let nonBillableMinutes = 0;
  let billableSum = 0;
  let open = 0;
  let uncovered = 0;
  const projectInvoices = new Set(input.invoices.map((i) => i.id));
  for (const t of input.times) {
    if (!t.billable) {
      nonBillableMinutes += t.minutes;
      continue;
    }
    const value = timeValue(t);
    billableMinutes += t.minutes;
    billableSum += value;
    if (t.status === 'open') open += value;
    // billable time not yet on one of the project's invoices: open time, or time marked invoiced by hand
    if (t.invoiceId === null || !projectInvoices.has(t.invoiceId)) uncovered += value;
  }
  const invoiced = input.invoices.reduce((sum, i) => sum + i.net, 0);
  // fixedPrice: the agreed price is consumed by invoicing it; otherwise by billable work, invoiced or not
  const used = input.projectType === 'fixedPrice' ? invoiced : invoiced + uncovered;
  const budget = input.budget ?? 0;
  const noBudget = budget === 0;
  const usedPercentage = noBudget ? 0 : percentOf(used, budget);
  return {
    billableMinutes,
    nonBillableMinutes,
    billableSum,
    invoiced,
    open,
    used,
    budget,
    remaining: budget - used,
    usedPercentage,
    remainingPercentage: Math.max(0, 100 - usedPercentage),
    billability: percentOf(billableMinutes, billableMinutes + nonBillableMinutes),
    noBudget,
  };
}

/** budget_usage as the API shows it. */
export function budgetUsage(input: BudgetInput): BudgetUsage {
  const f = budgetFigures(input);
  return {
    no_budget: f.noBudget,
    billable_time_total: readableMinutes(f.billableMinutes),
    non_billable_time_total: readableMinutes(f.nonBillableMinutes),
    total_time: readableMinutes(f.billableMinutes + f.nonBillableMinutes),
    billable_sum: groupRappen(f.billableSum),
    hourly_rate: groupRappen(input.hourlyRate),
    total_sum_invoiced: groupRappen(f.invoiced),
    total_sum_open: groupRappen(f.open),
    used_chf: groupRappen(f.used),
    total_budget: groupRappen(f.budget),
    remaining: groupRappen(f.remaining),
    used_percentage: f.usedPercentage,
    remaining_percentage: f.remainingPercentage,
    billability: f.billability,
    used_string: `${groupRappen(f.used)} CHF / ${groupRappen(f.budget)} CHF (${f.usedPercentage}%)`,
  };
}

/** open_times: the time entries still open (any billability), readable and in minutes for sorting. */
export function openTimes(times: Pick<BudgetTime, 'minutes' | 'status'>[]): { readable: string; sortable: number } {
  const minutes = times.filter((t) => t.status === 'open').reduce((sum, t) => sum + t.minutes, 0);
  return { readable: readableMinutes(minutes), sortable: minutes };
}
