// What the account reports build alike: accounts in number order, and a section of account rows (rolled
// up by --depth) closed by its subtotal.
import { rollUp } from './depth.js';
import type { ReportRow } from './types.js';

/** Account number order; an account without a number comes last. */
export const byNumber = (a: { number: number | null }, b: { number: number | null }): number =>
  (a.number ?? 99999) - (b.number ?? 99999);

/** Column sums of rows (missing or null cells count 0). */
export function sumRows(rows: ReportRow[], keys: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of keys) out[k] = rows.reduce((s, r) => s + (typeof r[k] === 'number' ? (r[k] as number) : 0), 0);
  return out;
}

/**
 * Appends a section to `out`: its rows (the account rows rolled up at `depth`, other rows where they
 * are), then `subtotal` with the sums of `keys` over the rows. Returns the sums.
 */
export function pushSection(
  out: ReportRow[],
  rows: ReportRow[],
  keys: string[],
  subtotal: ReportRow,
  depth: number | undefined,
): Record<string, number> {
  const totals = sumRows(rows, keys);
  out.push(...(depth === undefined ? rows : rollUp(rows, { depth, sum: keys })), { ...subtotal, ...totals });
  return totals;
}
