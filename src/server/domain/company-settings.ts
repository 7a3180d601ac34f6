// The company settings documents print, checked the same way whether they come through the API
// (PUT /settings) or `acct server companies set`: the UID for VAT (eCH-0097 check digit) and the
// company's own text of each reminder level. Pure; the callers turn a problem into their kind of error.
import { parseUid } from '../../domain/uid.js';
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
  if (parsed.problem === 'format') return { message: `${name} must be a UID like CHE-123.456.789 (MWST, TVA or IVA may follow), not "${value}".` };
  return { message: `${name} ${value.trim()} is not a valid UID: its last digit is not the check digit of the eight before it.` };
}
