// The company settings documents print, checked the same way whether they come through the API
// (PUT /settings) or `acct server companies set`: the UID for VAT (eCH-0097 check digit) and the
// company's own text of each reminder level; and what a VAT return is filed with (method, basis,
// period, approved rates). Pure; the callers turn a problem into their kind of error.
import { parseUid } from '../../domain/uid.js';
import {
  approvedRatesProblem,
  parseApprovedRates,
  parseRatePercent,
  VAT_BASES,
  VAT_METHODS,
  VAT_PERIODS,
  type ApprovedRate,
} from '../../domain/vat-settings.js';
import { REMINDER_STATUSES } from './documents.js';

/** The reminder levels' settings, in the order of the levels (reminder_one …). */
export const REMINDER_TEXT_COLUMNS = ['reminder_text_one', 'reminder_text_two', 'reminder_text_three'] as const;
export type ReminderTextColumn = (typeof REMINDER_TEXT_COLUMNS)[number];

/** A reminder level's text column by the invoice's status. */
export const reminderTextColumn = (status: string): ReminderTextColumn | undefined =>
  REMINDER_TEXT_COLUMNS[(REMINDER_STATUSES as readonly string[]).indexOf(status)];

/** Long enough for a letter's paragraph or two; the text is printed as it is. */
export const REMINDER_TEXT_MAX = 2000;

/**
 * A UID as typed → `CHE-123.456.789`, or the message saying what is wrong (`name` is how the caller
 * calls the field: "The vat number" in the API, "--vat-number" on the command line).
 */
export function checkVatNumber(value: string, name: string): { uid: string } | { message: string } {
  const parsed = parseUid(value);
  if ('uid' in parsed) return parsed;
  if (parsed.problem === 'format')
    return { message: `${name} must be a UID like CHE-123.456.789 (MWST, TVA or IVA may follow), not "${value}".` };
  const why = 'its last digit is not the check digit of the eight before it';
  return { message: `${name} ${value.trim()} is not a valid UID: ${why}.` };
}

/** The VAT settings a return is filed with (issue 28), by their API field. */
export const VAT_SETTING_FIELDS = ['vat_method', 'vat_basis', 'vat_period', 'vat_net_tax_rates'] as const;
export type VatSettingField = (typeof VAT_SETTING_FIELDS)[number];

const choices: Record<'vat_method' | 'vat_basis' | 'vat_period', readonly string[]> = {
  vat_method: VAT_METHODS,
  vat_basis: VAT_BASES,
  vat_period: VAT_PERIODS,
};

/**
 * A VAT setting as given → the company column and value it sets, or the message saying what is wrong
 * (`name` as the caller calls the field). null, "" or "none" clears (the basis cannot be cleared: it is
 * the accrual flag, always one or the other). The rates come as the API's list of {rate, activity_code}
 * or as the command line's `6.2:12345,0.6:54321`.
 */
export function checkVatSetting(
  field: VatSettingField,
  value: unknown,
  name: string,
): { column: string; value: string | number | null } | { message: string } {
  const cleared = value === null || value === '' || value === 'none';
  if (field === 'vat_net_tax_rates') {
    if (cleared || (Array.isArray(value) && value.length === 0)) return { column: field, value: null };
    const parsed = typeof value === 'string' ? parseApprovedRates(value) : ratesFromList(value);
    if ('message' in parsed) return { message: `${name}: ${parsed.message}.` };
    return {
      column: field,
      value: JSON.stringify(parsed.rates.map((r) => ({ rate: r.rate, activity_code: r.activityCode }))),
    };
  }
  const allowed = choices[field];
  if (cleared && field !== 'vat_basis') return { column: field, value: null };
  if (typeof value !== 'string' || !allowed.includes(value))
    return { message: `${name} must be one of ${allowed.join(', ')}.` };
  if (field === 'vat_basis') return { column: 'vat_accrual_method_active', value: value === 'agreed' ? 1 : 0 };
  return { column: field, value };
}

/** The API's [{rate: 6.2, activity_code: "12345"}] → the rates, or what is wrong. */
function ratesFromList(value: unknown): { rates: ApprovedRate[] } | { message: string } {
  if (!Array.isArray(value)) return { message: 'must be a list of {rate, activity_code}' };
  const rates: ApprovedRate[] = [];
  for (const item of value) {
    const rate =
      item && typeof item === 'object' && (typeof item.rate === 'number' || typeof item.rate === 'string')
        ? parseRatePercent(String(item.rate))
        : undefined;
    if (rate === undefined)
      return { message: 'each rate must be a percentage above 0 with at most two decimals, like 6.2' };
    const code = item.activity_code ?? null;
    if (code !== null && typeof code !== 'string')
      return { message: 'an activity code must be a string of five digits' };
    rates.push({ rate, activityCode: code });
  }
  const problem = approvedRatesProblem(rates);
  return problem ? { message: problem } : { rates };
}
