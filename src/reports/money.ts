// Money in the reports: integer Rappen. API amounts arrive as JSON numbers (1081.5) or decimal strings
// ("1081.50"); both are read from their decimal text, never through float arithmetic, and every sum in
// a report is an integer sum.
import { groupRappen, rappenToString, toScaled } from '../domain/money.js';

/** A decimal (JSON number or numeric string) scaled to `places` decimals; throws on anything else. */
export function parseScaled(value: unknown, places: number): number {
  const scaled = typeof value === 'number' || typeof value === 'string' ? toScaled(value, places) : undefined;
  if (scaled === undefined) throw new TypeError(`not an amount: ${JSON.stringify(value)}`);
  return scaled;
}

/** An API amount → Rappen ("1081.50" → 108150); null and undefined count as 0. */
export const parseRappen = (value: unknown): number =>
  value === null || value === undefined ? 0 : parseScaled(value, 2);

/** A percentage (8.1) → hundredths of a percent (810). */
export const parsePercent = (value: unknown): number => parseScaled(value, 2);

/** Rappen → the raw decimal "1234.50" (what TSV, CSV and JSON carry). */
export const rappenToDecimal = rappenToString;

/** Rappen → "1'234.50" (for messages; tables format through src/output). */
export { groupRappen };
