// A customer as the API shows it: its fields, the computed sums of its row (open expenses, open time,
// unpaid invoices) and the relations an `include` asks for.
import { durationOf, openExpensesSum } from '../domain/customer-stats.js';
import { byCurrency, groupRappen, rappenToJson, rappenToNumber } from '../domain/money.js';
import type { Db } from '../store/db.js';
import { contactRowsOfCustomer } from '../store/contacts.js';
import type { CustomerWithSumsRow } from '../store/customers.js';
import { documentRowsWhere } from '../store/documents.js';
import { activeProjectRowsOfCustomer, type ProjectRow } from '../store/projects.js';
import { findTaxRateRow } from '../store/tax-rates.js';
import { toContact } from './contacts.js';
import { documentSummary } from './documents.js';
import { toTaxRate } from './tax-rates.js';

export interface CustomerIncludes {
  contacts?: boolean;
  taxRate?: boolean;
  proposals?: boolean;
  invoices?: boolean;
  activeProjects?: boolean;
}

const bool = (v: unknown) => Number(v) === 1;
const money = (v: unknown) => (v === null || v === undefined ? null : rappenToNumber(Number(v)));

const toProjectSummary = (r: ProjectRow) => ({
  id: Number(r.id),
  name: r.name,
  customer_id: Number(r.customer_id),
  project_type: r.project_type,
  hourly_rate: rappenToNumber(Number(r.hourly_rate)),
  budget: money(r.budget),
  kanban_status: r.kanban_status,
  start_date: r.start_date,
  end_date: r.end_date,
  archived: bool(r.archived),
  created_at: r.created_at,
  updated_at: r.updated_at,
});

/** { "CHF": "41605", … } (Rappen as text, from the row's JSON) → { CHF: 416.05, … }, CHF first. */
function currencySums(json: unknown): Record<string, number> {
  const rappen = JSON.parse(typeof json === 'string' && json !== '' ? json : '{}') as Record<string, string>;
  return Object.fromEntries(
    Object.keys(rappen)
      .sort(byCurrency)
      .map((c) => [c, rappenToJson(BigInt(rappen[c]))]),
  );
}

export type Customer = Record<string, unknown> & { id: number; name: string; number: number | null };

export function toCustomer(db: Db, r: CustomerWithSumsRow, inc: CustomerIncludes = {}): Customer {
  const c: Customer = {
    id: Number(r.id),
    company_id: Number(r.company_id),
    user_id: Number(r.user_id),
    number: r.number === null ? null : Number(r.number),
    name: r.name,
    care_of: r.care_of,
    po_box: r.po_box,
    department: r.department,
    street: r.street,
    zip: r.zip,
    city: r.city,
    country: r.country,
    website: r.website,
    phone: r.phone,
    email: r.email,
    default_hourly_rate: money(r.default_hourly_rate),
    invoice_address: r.invoice_address,
    archived: bool(r.archived),
    tax_rate_id: r.tax_rate_id === null ? null : Number(r.tax_rate_id),
    created_at: r.created_at,
    updated_at: r.updated_at,
    open_expenses_sum: openExpensesSum(Number(r.open_expenses)),
    open_times_sum: durationOf(Number(r.open_minutes)),
    // the spec's string adds the unpaid invoices whatever their currency; per currency beside it
    open_invoice_sum: groupRappen(Number(r.open_invoices)),
    open_invoice_sums: currencySums(r.open_invoices_by_currency),
  };
  const companyId = Number(r.company_id);
  if (inc.taxRate) {
    const taxRate = r.tax_rate_id === null ? undefined : findTaxRateRow(db, companyId, Number(r.tax_rate_id));
    c.tax_rate = taxRate ? toTaxRate(taxRate) : null;
  }
  if (inc.contacts) c.contacts = contactRowsOfCustomer(db, companyId, c.id).map(toContact);
  if (inc.proposals)
    c.proposals = documentRowsWhere(db, 'proposal', companyId, { customerIds: [c.id] }).map((d) =>
      documentSummary('proposal', d),
    );
  if (inc.invoices)
    c.invoices = documentRowsWhere(db, 'invoice', companyId, { customerIds: [c.id] }).map((d) =>
      documentSummary('invoice', d),
    );
  if (inc.activeProjects) c.active_projects = activeProjectRowsOfCustomer(db, companyId, c.id).map(toProjectSummary);
  return c;
}
