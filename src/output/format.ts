// Swiss formatting for humans (the table) and raw value text for machines (tsv / csv).

import { wallClock } from '../domain/clock.js';
import type { ColumnKind } from './types.js';

// Decimal text: optional sign, digits with an optional fraction, optional exponent (what String(number) may produce).
const DECIMAL_RE = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;
const MAX_EXPONENT = 400; // beyond any double; keeps hostile strings like '1e999999999' from allocating huge buffers

/**
 * Swiss money: apostrophe thousands separator, always 2 decimals, e.g. `-1'234.50`.
 * No float arithmetic: the decimal text (numbers via String(n), which is the shortest text that
 * round-trips, so 1234.005 stays "1234.005") is rounded half up — i.e. half away from zero, on the
 * magnitude — at the 3rd decimal with integer math, then the digits are regrouped. Zero never gets
 * a minus sign. null/undefined → ''. Text that is not a decimal number is returned unchanged.
 */
export function formatMoney(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (typeof value === 'number' && !Number.isFinite(value)) return text;
  const m = DECIMAL_RE.exec(text);
  if (!m) return typeof value === 'string' ? value : text;
  const [, sign = '', intText = '', fracText = '', expText] = m;
  if (intText === '' && fracText === '') return typeof value === 'string' ? value : text;

  // Shift the decimal point by the exponent, on the digit string.
  let digits = intText + fracText;
  let point = intText.length;
  if (expText !== undefined) {
    const exp = Number(expText);
    if (Math.abs(exp) > MAX_EXPONENT) return typeof value === 'string' ? value : text;
    point += exp;
    if (point < 0) {
      digits = '0'.repeat(-point) + digits;
      point = 0;
    } else if (point > digits.length) {
      digits = digits + '0'.repeat(point - digits.length);
    }
  }
  const intDigits = digits.slice(0, point) || '0';
  const frac = digits.slice(point).padEnd(3, '0');

  // Integer number of Rappen (hundredths), rounded half up on the 3rd decimal.
  let cents = BigInt(intDigits + frac.slice(0, 2));
  if (frac.charCodeAt(2) >= 53 /* '5' */) cents += 1n;

  const centsText = cents.toString().padStart(3, '0');
  const whole = centsText.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, "'");
  const negative = sign === '-' && cents !== 0n;
  return `${negative ? '-' : ''}${whole}.${centsText.slice(-2)}`;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})(?=$|T| )/;

/** `YYYY-MM-DD` (or the date part of an ISO date-time) → `dd.mm.yyyy`. null/undefined → ''; other text unchanged. */
export function formatDate(iso: string | null | undefined): string {
  if (iso === null || iso === undefined) return '';
  const m = DATE_RE.exec(iso);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : iso;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/**
 * ISO date-time → `dd.mm.yyyy HH:MM` in the company's time zone, whatever zone this machine is in (a
 * bare `YYYY-MM-DD` → `dd.mm.yyyy`).
 * null/undefined → ''; text that is not a date is returned unchanged.
 */
export function formatDateTime(iso: string | null | undefined): string {
  if (iso === null || iso === undefined) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return formatDate(iso);
  if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(iso)) return iso;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const clock = wallClock(d);
  return `${formatDate(clock.date)} ${clock.time}`;
}

/** Integer minutes → `H:MM` (90 → `1:30`, -30 → `-0:30`); fractions are rounded to the minute. null/undefined → ''. */
export function formatDuration(minutes: number | string | null | undefined): string {
  if (minutes === null || minutes === undefined) return '';
  const n = typeof minutes === 'number' ? minutes : minutes.trim() === '' ? NaN : Number(minutes);
  if (!Number.isFinite(n)) return String(minutes);
  const total = Math.round(Math.abs(n));
  const sign = n < 0 && total !== 0 ? '-' : '';
  return `${sign}${Math.floor(total / 60)}:${pad2(total % 60)}`;
}

/** true → `yes`, false → `no` (also the strings 'true'/'false'); null/undefined → ''. */
export function formatBool(b: boolean | string | null | undefined): string {
  if (b === null || b === undefined) return '';
  if (b === true || b === 'true') return 'yes';
  if (b === false || b === 'false') return 'no';
  return String(b);
}

/** Compact JSON that survives bigint values. */
export function compactJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ?? '';
}

/**
 * A value as machines get it (tsv, csv): strings as is, numbers via String, booleans `true`/`false`,
 * null/undefined → '', objects and arrays → compact JSON.
 */
export function rawText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  if (typeof value === 'object') return compactJson(value);
  return String(value);
}

/** The label of an object for humans: its name, else number, else id. */
function labelOf(value: object): string | undefined {
  const o = value as Record<string, unknown>;
  for (const k of ['name', 'number', 'id']) {
    const v = o[k];
    if (v !== null && v !== undefined && (typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint')) {
      return String(v);
    }
  }
  return undefined;
}

/** Objects → their name/number/id, else compact JSON; arrays → comma-joined labels or primitives, else compact JSON. */
function humanText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return formatBool(value);
  if (Array.isArray(value)) {
    const parts: string[] = [];
    for (const item of value) {
      if (item === null || item === undefined) continue;
      if (typeof item === 'object') {
        const label = Array.isArray(item) ? undefined : labelOf(item);
        if (label === undefined) return compactJson(value);
        parts.push(label);
      } else {
        parts.push(typeof item === 'boolean' ? formatBool(item) : String(item));
      }
    }
    return parts.join(', ');
  }
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : formatDateTime(value.toISOString());
  if (typeof value === 'object') return labelOf(value) ?? compactJson(value);
  return String(value);
}

/** Amounts per currency → "CHF 416.05, EUR 1'266.66", in the order given; none: "0.00". */
export function formatSums(sums: Record<string, unknown>): string {
  const parts = Object.entries(sums).map(
    ([currency, amount]) => `${currency} ${formatMoney(amount as string | number)}`,
  );
  return parts.length ? parts.join(', ') : formatMoney(0);
}

/** A value as the table shows it to a Swiss bookkeeper, by column kind. Multi-line text is kept as is. */
export function humanValue(value: unknown, kind: ColumnKind = 'text'): string {
  if (value === null || value === undefined) return '';
  switch (kind) {
    case 'money':
      return typeof value === 'string' || typeof value === 'number' ? formatMoney(value) : humanText(value);
    case 'date':
      return typeof value === 'string' ? formatDate(value) : humanText(value);
    case 'datetime':
      return typeof value === 'string' ? formatDateTime(value) : humanText(value);
    case 'bool':
      return typeof value === 'boolean' || typeof value === 'string' ? formatBool(value) : humanText(value);
    case 'duration':
      return typeof value === 'number' || typeof value === 'string' ? formatDuration(value) : humanText(value);
    case 'json':
      return typeof value === 'object' ? compactJson(value) : String(value);
    case 'sums':
      return typeof value === 'object' && !Array.isArray(value)
        ? formatSums(value as Record<string, unknown>)
        : humanText(value);
    case 'int':
    case 'number':
    case 'text':
    case 'code':
      return humanText(value);
  }
}

/** Kinds the table right-aligns. */
export function isNumericKind(kind: ColumnKind | undefined): boolean {
  return kind === 'int' || kind === 'number' || kind === 'money' || kind === 'duration' || kind === 'sums';
}
