// `acct companies get`: the current company's settings (GET /settings) as one record — what documents
// print and what a VAT return is filed with; the approved rates as `6.2:12345, 0.6:54321`.
import { companySettings } from '../../api/endpoints/settings.js';
import { ratePercentText } from '../../domain/vat-settings.js';
import { planOutput, printRecord } from '../output.js';
import type { NoOptions, VerbIO } from '../verb.js';

const FIELDS = [
  'id',
  'name',
  'vat_number',
  'vat_method',
  'vat_basis',
  'vat_period',
  'vat_net_tax_rates',
  'payment_term',
  'creditor_name',
  'creditor_city',
  'creditor_country',
];

export default async function companiesGet(_options: NoOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planOutput(
    g,
    FIELDS.map((key) => ({ key, kind: key === 'id' || key === 'payment_term' ? ('int' as const) : undefined })),
  );
  await io.withRuntime(async (rt) => {
    const s = (await companySettings(rt.client, await rt.company())) as unknown as Record<string, unknown> & {
      vat_net_tax_rates: Array<{ rate: number; activity_code: string | null }>;
    };
    // JSON keeps the list; the table and TSV a line of text
    const rates =
      g.output === 'json' || g.output === 'ndjson'
        ? s.vat_net_tax_rates
        : s.vat_net_tax_rates
            .map((r) => `${ratePercentText(Math.round(r.rate * 100))}${r.activity_code ? `:${r.activity_code}` : ''}`)
            .join(', ');
    printRecord(plan, { ...s, vat_net_tax_rates: rates });
  });
}
