// Money is integer Rappen inside, in the service and in the CLI's reports alike (pure, no I/O). These
// functions are the only way in and out: decimal input (a JSON number or a numeric string) becomes
// Rappen, Rappen become the decimal numbers, decimal strings and grouped strings the API shows. No
// float arithmetic touches an amount.

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** Splits the decimal text of a value; numbers are read from their shortest round-trip text. */
function decimalText(value: number | string): string | undefined {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    const text = String(value);
    if (!/e/i.test(text)) return text;
    return value.toFixed(20).replace(/0+$/, '').replace(/\.$/, '');
  }
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** Scales a decimal to an integer with `places` decimals, rounding half up (away from zero). */
export function toScaled(value: number | string, places: number): number | undefined {
  const text = decimalText(value);
  if (text === undefined) return undefined;
  const m = DECIMAL.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return undefined;
  const [, sign, whole, frac = ''] = m;
  const kept = (frac + '0'.repeat(places)).slice(0, places);
  const next = frac.length > places ? Number(frac[places]) : 0;
  let scaled = BigInt((whole || '0') + kept);
  if (next >= 5) scaled += 1n;
  if (scaled > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  const n = Number(scaled);
  return sign === '-' && n !== 0 ? -n : n;
}

/** Decimal input (number or numeric string) → Rappen; undefined when it is not a number. */
export const toRappen = (value: number | string): number | undefined => toScaled(value, 2);

/**
 * The largest amount the service takes or computes for one value (a booking, a position, a document's
 * total): CHF 999'999'999.99. Sums of up to 90'000 such values stay below 2^53, so adding stored
 * amounts as numbers stays exact; sums over a whole ledger are added by SQLite in 64 bits and read as
 * text (sumAsText in store/db.ts), never as a number that could leave the exact range.
 */
export const MAX_MONEY = 99_999_999_999;
export const MAX_MONEY_TEXT = "999'999'999.99";

/** An integer with `places` implied decimals → its decimal string, e.g. (123450, 2) → "1234.50"; a bigint too. */
export function scaledToString(value: number | bigint, places: number): string {
  const negative = value < 0;
  const digits = String(negative ? -value : value).padStart(places + 1, '0');
  const text = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  return negative ? `-${text}` : text;
}

/** Rappen → "1234.50". */
export const rappenToString = (rappen: number | bigint): string => scaledToString(rappen, 2);

/** Rappen → the JSON number 1234.5 (the decimal the API shows; parsing its text is exact). */
export const rappenToNumber = (rappen: number): number => Number(rappenToString(rappen));

/**
 * Rappen of a sum (a bigint) → the JSON number the API shows: a plain number while a double holds the
 * decimal exactly (up to about 16 digits), beyond that the decimal digits written as they are
 * (JSON.rawJSON), so no figure the API writes is ever rounded.
 */
export function rappenToJson(rappen: bigint): number {
  const text = rappenToString(rappen).replace(/\.?0+$/, '') || '0';
  const n = Number(text);
  if (String(n) === text) return n;
  return (JSON as unknown as { rawJSON(text: string): unknown }).rawJSON(text) as number;
}

/** Rappen → "1'234.50", the way Swiss amounts are grouped. */
export function groupRappen(rappen: number | bigint): string {
  const [whole, frac] = rappenToString(rappen < 0 ? -rappen : rappen).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, "'");
  return `${rappen < 0 ? '-' : ''}${grouped}.${frac}`;
}

/** Rappen → "CHF 1'234.50". */
export const formatCurrency = (rappen: number | bigint, currency = 'CHF'): string =>
  `${currency} ${groupRappen(rappen)}`;

/**
 * Amounts of several currencies are never added into one: sums are kept per currency, in this order
 * (CHF first, then by code), e.g. the list summary "CHF 416.05, EUR 1'266.66".
 */
export const byCurrency = (a: string, b: string): number =>
  a === b ? 0 : a === 'CHF' ? -1 : b === 'CHF' ? 1 : a < b ? -1 : 1;

/** Sums in Rappen per currency → "CHF 416.05, EUR 1'266.66" (none: "CHF 0.00"). */
export function formatCurrencySums(sums: ReadonlyMap<string, bigint | number>): string {
  if (sums.size === 0) return formatCurrency(0);
  return [...sums.keys()]
    .sort(byCurrency)
    .map((c) => formatCurrency(sums.get(c)!, c))
    .join(', ');
}

/** a × b / divisor with integers, rounded half up (away from zero): the one rounding rule for money. */
export function mulDivRound(a: number, b: number, divisor: number): number {
  const product = BigInt(a) * BigInt(b);
  const d = BigInt(divisor);
  const negative = product < 0n !== d < 0n;
  const absP = product < 0n ? -product : product;
  const absD = d < 0n ? -d : d;
  const q = (absP * 2n + absD) / (absD * 2n);
  return Number(negative ? -q : q);
}

/** Rounds Rappen to the nearest 5 Rappen (0.05), half up: the Swiss cash rounding. */
export function roundTo5(rappen: number): number {
  return mulDivRound(rappen, 1, 5) * 5;
}

/** Percent with up to two decimals (8.1) → hundredths of a percent (810). */
export const toPercentHundredths = (value: number | string): number | undefined => toScaled(value, 2);

/** Hundredths of a percent → the JSON number (810 → 8.1). */
export const percentHundredthsToNumber = (value: number): number => Number(scaledToString(value, 2));
