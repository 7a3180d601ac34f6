// Report periods: one grammar for -p/--period, --from and --to (see docs/reports.md), the calendar-year
// defaults, and the cutting of a span into month, quarter or year columns. Pure: `today` is passed in.
import { isCalendarDate, readDay } from '../domain/calendar.js';

export interface Period {
  from: string;
  to: string;
}

export type Interval = 'monthly' | 'quarterly' | 'yearly';

/** The unit of an interval, as titles name it: by month, at the end of each quarter. */
export const INTERVAL_WORD: Record<Interval, string> = { monthly: 'month', quarterly: 'quarter', yearly: 'year' };

/** A period expression that cannot be read; `part` is the piece that is wrong (one side of a range). */
export class PeriodError extends Error {
  constructor(
    readonly part: string,
    readonly reason: string,
  ) {
    super(`"${part}": ${reason}`);
    this.name = 'PeriodError';
  }
}

/** What the messages list as the accepted forms. */
export const PERIOD_FORMS =
  'YYYY, YYYYQn, YYYY-MM, a day (YYYY-MM-DD, dd.mm.yyyy, dd.mm.yy, today, yesterday, tomorrow, +3d, -1w), ' +
  'thismonth, lastmonth, nextmonth, thisquarter, lastquarter, nextquarter, thisyear, lastyear, nextyear, ytd, qtd, ' +
  'mtd, or A..B';

/**
 * Fills a missing end of the period: neither given → the calendar year of `today`; only `from` →
 * to 31 December of its year; only `to` → from 1 January of its year.
 */
export function periodOf(from: string | undefined, to: string | undefined, today: string): Period {
  if (from !== undefined && to !== undefined) return { from, to };
  if (from !== undefined) return { from, to: yearEnd(from) };
  if (to !== undefined) return { from: yearStart(to), to };
  return { from: yearStart(today), to: yearEnd(today) };
}

/** 1 January of the date's year. */
export const yearStart = (date: string): string => `${date.slice(0, 4)}-01-01`;

/** 31 December of the date's year. */
export const yearEnd = (date: string): string => `${date.slice(0, 4)}-12-31`;

// ---- calendar arithmetic on YYYY-MM-DD (UTC dates: no time zone can shift a day) ------------------

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The month `index` (year × 12 + month − 1) as its first and last day. */
function monthPeriod(index: number): Period {
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { from: `${pad(year, 4)}-${pad(month)}-01`, to: `${pad(year, 4)}-${pad(month)}-${pad(last)}` };
}

/** Months `first` to `last` (indexes as above), as one period. */
const months = (first: number, last: number): Period => ({ from: monthPeriod(first).from, to: monthPeriod(last).to });

const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
const quarterStart = (index: number) => index - (index % 3);

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

// ---- parsing -----------------------------------------------------------------------------------

/** A single expression (no `..`) → its first and last day. */
function parseSingle(part: string, today: string): Period {
  const t = part.trim().toLowerCase();
  let m: RegExpExecArray | null;
  if ((m = /^(\d{4})$/.exec(t))) {
    return { from: `${m[1]}-01-01`, to: `${m[1]}-12-31` };
  }
  if ((m = /^(\d{4})-?q(\d+)$/.exec(t))) {
    const q = Number(m[2]);
    if (q < 1 || q > 4) throw new PeriodError(part, 'a quarter is Q1 to Q4');
    const first = Number(m[1]) * 12 + (q - 1) * 3;
    return months(first, first + 2);
  }
  if ((m = /^(\d{4})-(\d{1,2})$/.exec(t))) {
    const month = Number(m[2]);
    if (month < 1 || month > 12) throw new PeriodError(part, 'a month is 01 to 12');
    return monthPeriod(Number(m[1]) * 12 + month - 1);
  }
  const day = readDay(t, today);
  if (typeof day === 'string') return { from: day, to: day };
  if (day !== undefined) throw new PeriodError(part, day.reason);
  const thisMonth = monthIndex(today);
  const thisQuarter = quarterStart(thisMonth);
  const year = Number(today.slice(0, 4)) * 12;
  switch (t) {
    case 'thismonth':
      return monthPeriod(thisMonth);
    case 'lastmonth':
      return monthPeriod(thisMonth - 1);
    case 'nextmonth':
      return monthPeriod(thisMonth + 1);
    case 'thisquarter':
      return months(thisQuarter, thisQuarter + 2);
    case 'lastquarter':
      return months(thisQuarter - 3, thisQuarter - 1);
    case 'nextquarter':
      return months(thisQuarter + 3, thisQuarter + 5);
    case 'thisyear':
      return months(year, year + 11);
    case 'lastyear':
      return months(year - 12, year - 1);
    case 'nextyear':
      return months(year + 12, year + 23);
    case 'ytd':
      return { from: yearStart(today), to: today };
    case 'qtd':
      return { from: monthPeriod(thisQuarter).from, to: today };
    case 'mtd':
      return { from: monthPeriod(thisMonth).from, to: today };
  }
  throw new PeriodError(part, `not a period; expected ${PERIOD_FORMS}`);
}

/**
 * A period expression → its first and last day. `today` is YYYY-MM-DD (the company's, Zurich).
 * Single expressions: YYYY, YYYYQn, YYYY-MM, a day (YYYY-MM-DD, dd.mm.yyyy, dd.mm.yy, today, yesterday,
 * tomorrow, ±Nd, ±Nw), this/last/nextmonth, this/last/nextquarter, this/last/nextyear, ytd, qtd, mtd
 * (case-insensitive). A range `A..B` runs from A's first day to B's last day; an open side takes the
 * calendar year, like a lone --from or --to: `A..` ends on 31 December of A's first day's year, `..B`
 * starts on 1 January of B's last day's year. Throws PeriodError.
 */
export function parsePeriod(expr: string, today: string): Period {
  const text = expr.trim();
  if (text === '') throw new PeriodError(expr, `empty; expected ${PERIOD_FORMS}`);
  const sep = text.indexOf('..');
  if (sep < 0) {
    const p = parseSingle(text, today);
    // lastyear in 1000, nextmonth in December 9999
    if (!isCalendarDate(p.from) || !isCalendarDate(p.to)) throw new PeriodError(text, 'a year is 1000 to 9999');
    return p;
  }
  const left = text.slice(0, sep).trim();
  const right = text.slice(sep + 2).trim();
  if (right.includes('..')) throw new PeriodError(expr, 'a range has one ".."');
  if (left === '' && right === '')
    throw new PeriodError(expr, 'a range needs a start, an end or both (A..B, A.., ..B)');
  const start = left === '' ? undefined : parsePeriod(left, today);
  const end = right === '' ? undefined : parsePeriod(right, today);
  const period = periodOf(start?.from, end?.to, today);
  if (period.to < period.from)
    throw new PeriodError(expr, `the range ends (${period.to}) before it starts (${period.from})`);
  return period;
}

// ---- columns ---------------------------------------------------------------------------------

export interface PeriodPiece extends Period {
  /** stable identifier of the calendar unit: 2025-01, 2025Q1, 2025 (JSON keys, CSV/TSV headers) */
  key: string;
  /** the table's column header: Jan 2025, 2025Q1, 2025 */
  label: string;
}

/** The piece alone, without what a caller added to it (a report's `periods`, a chart's groups). */
export const bare = ({ key, label, from, to }: PeriodPiece): PeriodPiece => ({ key, label, from, to });

/** Months in one piece of each interval. */
const STEP: Record<Interval, number> = { monthly: 1, quarterly: 3, yearly: 12 };

/**
 * The span cut at calendar month, quarter or year boundaries, in order; the first and the last piece
 * are clipped to the span (a piece is named after its calendar unit even when clipped).
 */
export function splitPeriod(span: Period, interval: Interval): PeriodPiece[] {
  if (span.to < span.from) return [];
  const step = STEP[interval];
  const first = monthIndex(span.from);
  const last = monthIndex(span.to);
  const pieces: PeriodPiece[] = [];
  for (let unit = first - (first % step); unit <= last; unit += step) {
    const whole = months(unit, unit + step - 1);
    const year = pad(Math.floor(unit / 12), 4);
    const month = unit % 12;
    const key =
      interval === 'monthly'
        ? `${year}-${pad(month + 1)}`
        : interval === 'quarterly'
          ? `${year}Q${month / 3 + 1}`
          : year;
    const label = interval === 'monthly' ? `${MONTH_NAMES[month]} ${year}` : key;
    pieces.push({
      // biome-ignore lint/complexity/useMathMinMax: dates as YYYY-MM-DD text
      from: whole.from < span.from ? span.from : whole.from,
      // biome-ignore lint/complexity/useMathMinMax: dates as YYYY-MM-DD text
      to: whole.to > span.to ? span.to : whole.to,
      key,
      label,
    });
  }
  return pieces;
}
