// Amounts as a bookkeeper types them, one grammar in every command and CSV cell: `1'000.50` (apostrophes
// between digit groups), `1000,50` (a decimal comma), `1000.5`. More decimals than the value holds (Rappen,
// hundredths of a percent, thousandths of a quantity) is a usage error naming the flag, never a silent
// rounding; zeros at the end do not count (`10.500` is 10.50).
import { UsageError } from '../../errors.js';

/** The forms an amount with `places` decimals takes, as every error about one lists them. */
export function amountForms(places: number): string {
  return places === 2 ? "1000.50, 1'000.50 or 1000,50" : "2.5, 2,5 or 1'000.5";
}

/**
 * The decimal `raw` holds as plain text (`1'000,5` → `1000.5`, `.5` → `0.5`), or undefined when it is not
 * one with at most `places` decimals; negative only when `negative` allows it.
 */
export function typedDecimal(raw: string, places: number, negative = true): string | undefined {
  const text = raw
    .trim()
    .replace(/(?<=\d)['’](?=\d{3}(?!\d))/g, '')
    .replace(/^(-?\d*),(\d+)$/, '$1.$2');
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || (m[1] && !negative) || (m[2] === '' && !m[3])) return undefined;
  const [, sign, whole, decimals = ''] = m;
  if (decimals.replace(/0+$/, '').length > places) return undefined;
  return `${sign}${whole || '0'}${decimals ? `.${decimals}` : ''}`;
}

/** What is wrong with an amount typedDecimal refused, with the forms it takes. */
export function amountProblem(raw: string, places: number): string {
  return typedDecimal(raw, 20) !== undefined
    ? `at most ${places} decimals (${amountForms(places)})`
    : `expected a number like ${amountForms(places)}`;
}

/**
 * An amount flag (`--sum`, `--hourly-rate`, …) as typed → its decimal text; a usage error naming the flag otherwise.
 */
export function parseAmount(raw: string, flag: string, places = 2): string {
  const text = typedDecimal(raw, places);
  if (text !== undefined) return text;
  throw new UsageError(`invalid --${flag} "${raw}": ${amountProblem(raw, places)}`);
}
