// The company's settings its documents print (beyond the spec, which shows no company record):
// GET /settings answers them; PUT /settings changes the UID for VAT (vat_number, its eCH-0097 check
// digit verified), the reminder texts and the VAT settings a return is filed with (vat_method,
// vat_basis — the accrual flag —, vat_period, vat_net_tax_rates), the settings a bookkeeper keeps. The rest (plan,
// creditor
// address, payment term …) is read here and set with `acct server companies set`; sent in a PUT it is
// ignored, as any unknown field. Only an owner or admin may change them (403 otherwise).
import type { Hono } from 'hono';
import type { AppEnv, Ctx } from '../context.js';
import {
  checkVatNumber,
  checkVatSetting,
  REMINDER_TEXT_COLUMNS,
  REMINDER_TEXT_MAX,
  VAT_SETTING_FIELDS,
} from '../domain/company-settings.js';
import { forbidden, validationError, type FieldErrors } from '../http-error.js';
import { readBody, type Body } from '../request.js';
import { findCompany, updateCompanyColumns } from '../store/companies.js';
import { toCompanySettings } from '../present/companies.js';

const WRITABLE = ['vat_number', ...REMINDER_TEXT_COLUMNS] as const;

/** A text setting as sent: null or blank clears it (the reminder's default text, no UID). */
const textOf = (v: unknown): string | null | undefined =>
  v === null ? null : typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : undefined;

/** The columns a PUT body sets, every field checked first: 422 naming each problem. */
function settingsOf(body: Body): Record<string, string | number | null> {
  const errors: FieldErrors = {};
  const values: Record<string, string | number | null> = {};
  for (const field of VAT_SETTING_FIELDS) {
    if (!Object.hasOwn(body, field)) continue;
    const checked = checkVatSetting(field, body[field], `The ${field.replace(/_/g, ' ')}`);
    if ('message' in checked) errors[field] = [checked.message];
    else values[checked.column] = checked.value;
  }
  for (const field of WRITABLE) {
    if (!Object.hasOwn(body, field)) continue;
    const value = textOf(body[field]);
    if (value === undefined) {
      errors[field] = [`The ${field.replace(/_/g, ' ')} field must be a string.`];
      continue;
    }
    if (value === null) {
      values[field] = null;
      continue;
    }
    if (field === 'vat_number') {
      const checked = checkVatNumber(value, 'The vat number');
      if ('message' in checked) errors[field] = [checked.message];
      else values[field] = checked.uid;
    } else if (value.length > REMINDER_TEXT_MAX) {
      errors[field] = [
        `The ${field.replace(/_/g, ' ')} field must not be greater than ${REMINDER_TEXT_MAX} characters.`,
      ];
    } else {
      values[field] = value;
    }
  }
  if (Object.keys(errors).length) throw validationError(errors);
  return values;
}

const mayChange = (c: Ctx): boolean => c.get('role') === 'owner' || c.get('role') === 'admin';

export function registerSettings(r: Hono<AppEnv>): void {
  // the company scope has read the company's row for this request already
  r.get('/settings', (c) => c.json({ data: toCompanySettings(c.get('company')) }));

  r.put('/settings', async (c) => {
    if (!mayChange(c)) throw forbidden();
    const values = settingsOf(await readBody(c));
    const db = c.get('deps').db;
    updateCompanyColumns(db, c.get('companyId'), values);
    return c.json({ data: toCompanySettings(findCompany(db, c.get('companyId'))!) });
  });
}
