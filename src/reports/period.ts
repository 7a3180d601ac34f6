// Report periods: missing dates default to the calendar year (see docs/reports.md).

export interface Period { from: string; to: string }

/**
 * Fills a missing end of the period: neither given → the calendar year of `today`; only `from` →
 * to 31 December of its year; only `to` → from 1 January of its year.
 */
export function periodOf(from: string | undefined, to: string | undefined, today: string): Period {
  if (from !== undefined && to !== undefined) return { from, to };
  if (from !== undefined) return { from, to: `${from.slice(0, 4)}-12-31` };
  if (to !== undefined) return { from: `${to.slice(0, 4)}-01-01`, to };
  const year = today.slice(0, 4);
  return { from: `${year}-01-01`, to: `${year}-12-31` };
}

/** 1 January of the date's year. */
export const yearStart = (date: string): string => `${date.slice(0, 4)}-01-01`;
