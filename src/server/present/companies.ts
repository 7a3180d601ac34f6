// A company's settings as the API shows them (GET /settings): what its documents print — the name and
// creditor address, the UID for VAT, the reminder texts — and the payment term they use.
import type { Row } from '../store/db.js';
import { REMINDER_TEXT_COLUMNS } from '../domain/company-settings.js';

export interface CompanySettings {
  id: number;
  name: string;
  /** the UID for VAT, CHE-123.456.789; documents add MWST, TVA, IVA or VAT by their language */
  vat_number: string | null;
  reminder_text_one: string | null;
  reminder_text_two: string | null;
  reminder_text_three: string | null;
  payment_term: number;
  creditor_name: string | null;
  creditor_street: string | null;
  creditor_building: string | null;
  creditor_zip: string | null;
  creditor_city: string | null;
  creditor_country: string;
  updated_at: string;
}

export function toCompanySettings(r: Row): CompanySettings {
  const texts = Object.fromEntries(REMINDER_TEXT_COLUMNS.map((c) => [c, r[c] ?? null])) as Pick<CompanySettings, (typeof REMINDER_TEXT_COLUMNS)[number]>;
  return {
    id: Number(r.id), name: r.name, vat_number: r.vat_number ?? null, ...texts, payment_term: Number(r.payment_term),
    creditor_name: r.creditor_name ?? null, creditor_street: r.creditor_street ?? null, creditor_building: r.creditor_building ?? null,
    creditor_zip: r.creditor_zip ?? null, creditor_city: r.creditor_city ?? null, creditor_country: r.creditor_country, updated_at: r.updated_at,
  };
}
