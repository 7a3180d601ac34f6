// The company's settings (GET /companies/{c}/settings, beyond the spec): what documents print and what a
// VAT return is filed with.
import type { VatSettingsJson } from '../../domain/vat-settings.js';
import type { ApiClient } from '../http.js';

export const settingsPath = (company: number): string => `/companies/${company}/settings`;

export async function companySettings(client: ApiClient, company: number): Promise<VatSettingsJson & { name: string }> {
  const body = await client.get<{ data: VatSettingsJson & { name: string } }>(settingsPath(company));
  return body.data;
}
