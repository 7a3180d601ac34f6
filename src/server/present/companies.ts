// A company's settings as the API shows them (GET /settings): what its documents print — the name and
// creditor address, the UID for VAT, the reminder texts — and the payment term they use.
import type { Row } from '../store/db.js';
import { REMINDER_TEXT_COLUMNS } from '../domain/company-settings.js';
import type { VatBasis, VatMethod, VatPeriod } from '../../domain/vat-settings.js';

export interface CompanySettings {
  id: number;
  name: string;
  /** the UID for VAT, CHE-123.456.789; documents add MWST, TVA, IVA or VAT by their language */
  vat_number: string | null;
  /** what a VAT return is filed with (issue 28); null: not set yet */
  vat_method: VatMethod | null;
  /** agreed (the accrual flag on) or received consideration (off) */
  vat_basis: VatBasis;
  vat_period: VatPeriod | null;
  /** the approved net or flat tax rates, percent, with the ESTV activity code */
  vat_net_tax_rates: Array<{ rate: number; activity_code: string | null }>;
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
  const texts = Object.fromEntries(REMINDER_TEXT_COLUMNS.map((c) => [c, r[c] ?? null])) as Pick<
    CompanySettings,
    (typeof REMINDER_TEXT_COLUMNS)[number]
  >;
  return {
    id: Number(r.id),
    name: r.name,
    vat_number: r.vat_number ?? null,
    vat_method: r.vat_method ?? null,
    vat_basis: Number(r.vat_accrual_method_active) ? 'agreed' : 'received',
    vat_period: r.vat_period ?? null,
    vat_net_tax_rates: storedRates(r.vat_net_tax_rates).map((t) => ({
      rate: t.rate / 100,
      activity_code: t.activity_code,
    })),
    ...texts,
    payment_term: Number(r.payment_term),
    creditor_name: r.creditor_name ?? null,
    creditor_street: r.creditor_street ?? null,
    creditor_building: r.creditor_building ?? null,
    creditor_zip: r.creditor_zip ?? null,
    creditor_city: r.creditor_city ?? null,
    creditor_country: r.creditor_country,
    updated_at: r.updated_at,
  };
}

/** The approved rates as stored: JSON [{rate (hundredths), activity_code}], null for none. */
export const storedRates = (json: string | null | undefined): Array<{ rate: number; activity_code: string | null }> =>
  json ? JSON.parse(json) : [];
