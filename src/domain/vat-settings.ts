// A company's VAT settings as a return needs them (issue 28): the method (effective, net tax rate
// "Saldosteuersatz", flat tax rate "Pauschalsteuersatz"), the accounting basis (agreed or received
// consideration — the service's accrual flag, one setting, not two), the reporting period, and for the
// net and flat tax rate methods the approved rates with their ESTV activity codes (Tätigkeitscode,
// required on returns for periods from 2025). Pure: the service checks what it stores with these, and
// the CLI checks with `vatFilingProblems` that a return can be filed before it builds one.

export const VAT_METHODS = ['effective', 'net_tax_rate', 'flat_tax_rate'] as const;
export type VatMethod = (typeof VAT_METHODS)[number];

/** agreed (vereinbart, the accrual method) or received (vereinnahmt, the cash method) consideration */
export const VAT_BASES = ['agreed', 'received'] as const;
export type VatBasis = (typeof VAT_BASES)[number];

export const VAT_PERIODS = ['quarterly', 'semi_annual', 'monthly'] as const;
export type VatPeriod = (typeof VAT_PERIODS)[number];

/** An approved net (or flat) tax rate: hundredths of a percent (6.2 % → 620) and its activity code. */
export interface ApprovedRate {
  rate: number;
  activityCode: string | null;
}

/** The net tax rate method allows at most two approved rates (MWSTV Art. 86). */
export const MAX_NET_TAX_RATES = 2;

/** The date from which a return needs each approved rate's activity code. */
export const ACTIVITY_CODES_FROM = '2025-01-01';

/** A rate as typed, 6.2 or 6.20 → 620; undefined for anything else (more than two decimals, 0, over 100). */
export function parseRatePercent(text: string): number | undefined {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return undefined;
  const hundredths = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return hundredths > 0 && hundredths <= 10000 ? hundredths : undefined;
}

/** Hundredths of a percent as a percentage without trailing zeros: 620 → "6.2", 810 → "8.1", 100 → "1". */
export const ratePercentText = (hundredths: number): string => (hundredths / 100).toFixed(2).replace(/\.?0+$/, '');

/**
 * Approved rates as the command line takes them, `6.2:12345,0.6:54321` (the code may be left off) →
 * the rates, or what is wrong.
 */
export function parseApprovedRates(text: string): { rates: ApprovedRate[] } | { message: string } {
  const rates: ApprovedRate[] = [];
  for (const part of text.split(',')) {
    const [rateText, code, ...rest] = part.split(':').map((s) => s.trim());
    const rate = parseRatePercent(rateText ?? '');
    if (rate === undefined || rest.length)
      return {
        message: `"${part.trim()}" is not a rate like 6.2 or 6.2:12345 (percent, then the five-digit activity code)`,
      };
    rates.push({ rate, activityCode: code === undefined || code === '' ? null : code });
  }
  const problem = approvedRatesProblem(rates);
  return problem ? { message: problem } : { rates };
}

/**
 * What is wrong with a list of approved rates (too many, twice the same rate, a code not of five digits), or undefined.
 */
export function approvedRatesProblem(rates: ApprovedRate[]): string | undefined {
  if (rates.length > MAX_NET_TAX_RATES) return `at most ${MAX_NET_TAX_RATES} approved rates, not ${rates.length}`;
  if (new Set(rates.map((r) => r.rate)).size !== rates.length) return 'the same rate is given twice';
  const bad = rates.find((r) => r.activityCode !== null && !/^\d{5}$/.test(r.activityCode));
  if (bad) return `the activity code "${bad.activityCode}" is not five digits`;
  return undefined;
}

/** The VAT settings as GET /settings answers them (rates as percentages, as the API shapes rates). */
export interface VatSettingsJson {
  vat_number: string | null;
  vat_method: VatMethod | null;
  vat_basis: VatBasis;
  vat_period: VatPeriod | null;
  vat_net_tax_rates: Array<{ rate: number; activity_code: string | null }>;
}

/** The settings a return is filed with, once `vatFilingProblems` found nothing missing. */
export interface VatFiling {
  uid: string;
  method: VatMethod;
  basis: VatBasis;
  period: VatPeriod;
  rates: ApprovedRate[];
}

export const fromSettingsJson = (
  s: VatSettingsJson,
): {
  uid: string | null;
  method: VatMethod | null;
  basis: VatBasis;
  period: VatPeriod | null;
  rates: ApprovedRate[];
} => ({
  uid: s.vat_number,
  method: s.vat_method,
  basis: s.vat_basis,
  period: s.vat_period,
  rates: (s.vat_net_tax_rates ?? []).map((r) => ({ rate: Math.round(r.rate * 100), activityCode: r.activity_code })),
});

/**
 * What keeps a return for the period `from` from being filed: each missing setting with the flag of
 * `acct server companies set` (or the field of PUT /settings) that sets it. Empty: the settings suffice.
 */
export function vatFilingProblems(s: ReturnType<typeof fromSettingsJson>, from: string): string[] {
  const problems: string[] = [];
  if (!s.uid) problems.push('no UID (--vat-number, vat_number)');
  if (!s.method) problems.push('no VAT method (--vat-method, vat_method)');
  if (!s.period) problems.push('no reporting period (--vat-period, vat_period)');
  if (s.method === 'net_tax_rate' || s.method === 'flat_tax_rate') {
    if (s.rates.length === 0) problems.push('no approved tax rate (--vat-net-tax-rates, vat_net_tax_rates)');
    else if (from >= ACTIVITY_CODES_FROM && s.rates.some((r) => r.activityCode === null)) {
      problems.push(
        `no activity code for ${s.rates
          .filter((r) => r.activityCode === null)
          .map((r) => `${ratePercentText(r.rate)} %`)
          .join(' and ')}, which returns from 2025 need (--vat-net-tax-rates RATE:CODE)`,
      );
    }
  }
  return problems;
}
