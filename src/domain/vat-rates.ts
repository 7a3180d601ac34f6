// The Swiss VAT rates and when each held (swiss-domain.md), for both layers: the service seeds a tax
// rate per rate and period, the VAT return files a booking in the box of its period, and the CLI lets a
// booking's date pick the rate of its time when a rate is named by its percentage or by a name of
// another period ("MWST 8.1 %" on a booking of 2020 is "MWST 7.7 %"). Rates are hundredths of a
// percent (8.1 % → 810); dates YYYY-MM-DD.

export type VatTier = 'normal' | 'reduced' | 'accommodation';

export interface VatPeriod {
  from: string;
  /** the last day; null while the rates hold */
  until: string | null;
  rates: Record<VatTier, number>;
  /** the boxes of the VAT return for supplies at these rates and for acquisition tax */
  boxes: Record<VatTier | 'acquisition', number>;
}

/** Oldest first. Before 2011 (7.6 / 2.4 / 3.6 %) no rates are known here. */
export const SWISS_VAT_PERIODS: readonly VatPeriod[] = [
  {
    from: '2011-01-01',
    until: '2017-12-31',
    rates: { normal: 800, reduced: 250, accommodation: 380 },
    boxes: { normal: 301, reduced: 311, accommodation: 341, acquisition: 381 },
  },
  {
    from: '2018-01-01',
    until: '2023-12-31',
    rates: { normal: 770, reduced: 250, accommodation: 370 },
    boxes: { normal: 302, reduced: 312, accommodation: 342, acquisition: 382 },
  },
  {
    from: '2024-01-01',
    until: null,
    rates: { normal: 810, reduced: 260, accommodation: 380 },
    boxes: { normal: 303, reduced: 313, accommodation: 343, acquisition: 383 },
  },
];

const TIERS: readonly VatTier[] = ['normal', 'reduced', 'accommodation'];

/** The period whose rates hold on `date`; undefined before 2011. */
export function vatPeriodOn(date: string): VatPeriod | undefined {
  return SWISS_VAT_PERIODS.find((p) => p.from <= date && (p.until === null || date <= p.until));
}

/** Which of the Swiss rates `rate` is (each percentage has been one tier only); undefined for any other. */
export function vatTierOf(rate: number): VatTier | undefined {
  for (const p of SWISS_VAT_PERIODS) for (const t of TIERS) if (p.rates[t] === rate) return t;
  return undefined;
}

/**
 * The output box of a rate on a booking's date (8.1 % in 2025 → 303, 7.7 % in 2020 → 302); undefined when it was no
 * Swiss rate then.
 */
export function outputBoxOn(rate: number, date: string): number | undefined {
  const p = vatPeriodOn(date);
  const tier = p && TIERS.find((t) => p.rates[t] === rate);
  return tier && p.boxes[tier];
}

/** The acquisition tax box of a booking's date (382 until 2023, 383 from 2024, 381 until 2017). */
export const acquisitionBoxOn = (date: string): number => (vatPeriodOn(date) ?? SWISS_VAT_PERIODS[0]).boxes.acquisition;

/** When a tax rate holds: its own validity where it has one, else the periods of the Swiss rate it is. */
export interface Validity {
  from: string | null;
  until: string | null;
}

/**
 * The days a rate holds. A tax rate that says (the embedded service's `valid_from` / `valid_until`)
 * holds then; one that does not (another service) holds while its percentage is a Swiss rate, and
 * always when it is none (0 %, a special rate).
 */
export function validities(rate: number, own?: Validity): Validity[] {
  if (own && (own.from !== null || own.until !== null)) return [own];
  const periods = SWISS_VAT_PERIODS.filter((p) => TIERS.some((t) => p.rates[t] === rate));
  return periods.length ? periods.map((p) => ({ from: p.from, until: p.until })) : [{ from: null, until: null }];
}

export const holdsOn = (spans: Validity[], date: string): boolean =>
  spans.some((v) => (v.from === null || v.from <= date) && (v.until === null || date <= v.until));

/** A tax rate as the choice by date sees it. */
export interface RateCandidate {
  id: number;
  name: string;
  /** hundredths of a percent */
  rate: number;
  validity?: Validity;
  archived: boolean;
  isAcquisitionTax: boolean;
  /** input tax (a tax account on the asset side) or VAT owed; undefined when not known */
  side?: 'input' | 'output';
}

/** "MWST 8.1 %", "Vorsteuer 2.5 % (bis 2017)" → "mwst", "vorsteuer": the name without its percentage and period. */
export function rateStem(name: string): string {
  return name
    .replace(/\(.*?\)/g, ' ')
    .replace(/\d+(?:[.,]\d+)?\s*%/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/**
 * What a booking on `date` should use instead of `named`, when `named` does not hold then: the rate of
 * the same kind (its name without the percentage, acquisition tax or not) and the same tier that holds
 * on `date`. Undefined when `named` holds, or when no single such rate exists.
 */
export function rateOfItsTime(
  named: RateCandidate,
  all: readonly RateCandidate[],
  date: string,
): RateCandidate | undefined {
  if (holdsOn(validities(named.rate, named.validity), date)) return undefined;
  const tier = vatTierOf(named.rate);
  const period = vatPeriodOn(date);
  if (!tier || !period) return undefined;
  const stem = rateStem(named.name);
  const found = all.filter(
    (r) =>
      !r.archived &&
      r.rate === period.rates[tier] &&
      r.isAcquisitionTax === named.isAcquisitionTax &&
      rateStem(r.name) === stem &&
      holdsOn(validities(r.rate, r.validity), date),
  );
  return found.length === 1 ? found[0] : undefined;
}

/**
 * The rates a percentage names for a booking on `date`: the active rates of that percentage that hold
 * then — or, when the percentage is a Swiss rate of another period, of its tier's rate on that date
 * (8.1 on a booking of 2020 → 7.7). `side` narrows to VAT owed or input tax where the booking tells;
 * acquisition tax only when nothing else is left.
 */
export function ratesByPercentage(
  percent: number,
  all: readonly RateCandidate[],
  date: string,
  side?: 'input' | 'output',
): RateCandidate[] {
  const tier = vatTierOf(percent);
  const period = vatPeriodOn(date);
  const wanted =
    tier && period && !all.some((r) => r.rate === percent && holdsOn(validities(r.rate, r.validity), date))
      ? period.rates[tier]
      : percent;
  let found = all.filter((r) => !r.archived && r.rate === wanted && holdsOn(validities(r.rate, r.validity), date));
  if (side && found.some((r) => r.side === side)) found = found.filter((r) => r.side === side || r.side === undefined);
  if (found.some((r) => !r.isAcquisitionTax)) found = found.filter((r) => !r.isAcquisitionTax);
  return found;
}

/** "7.7", "7,7", "8%", "8.0 %" → 770, 800; undefined for anything else (digits alone are an id). */
export function parseRatePercentage(text: string): number | undefined {
  const m = /^(\d{1,3})(?:[.,](\d{1,2}))?\s*(%)?$/.exec(text.trim());
  if (!m || (m[2] === undefined && m[3] === undefined)) return undefined;
  const value = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return value <= 10000 ? value : undefined;
}
