// A project as the API shows it, with the counts, budget usage and open time its responses carry, and
// its customer as a project embeds it (a project's `include=customer`, a time entry's `project.customer`).
import { budgetUsage, openTimes, type BudgetUsage } from '../domain/budget.js';
import { rappenToNumber } from '../domain/money.js';
import { dotted } from '../domain/time.js';
import { idOrNull, type Db } from '../store/db.js';
import { customerRow } from '../store/customers.js';
import { projectBudgetTimeRows, projectCounts, projectInvoiceNetRows, type ProjectRow } from '../store/projects.js';

export interface Project {
  id: number;
  company_id: number;
  user_id: number;
  customer_id: number;
  name: string;
  notes: string | null;
  archived: boolean;
  budget: number | null;
  project_type: string;
  kanban_status: string | null;
  start_date: string | null;
  end_date: string | null;
  formatted_start_date: string | null;
  formatted_end_date: string | null;
  hourly_rate: number;
  entries_count: number;
  invoices_count: number;
  proposals_count: number;
  tasks_count: number;
  times_count: number;
  budget_usage: BudgetUsage;
  open_times: { readable: string; sortable: number };
  created_at: string;
  updated_at: string;
  [relation: string]: unknown;
}

const money = (rappen: unknown): number | null =>
  rappen === null || rappen === undefined ? null : rappenToNumber(Number(rappen));
const bool = (v: unknown): boolean => Number(v) === 1;

export function toProject(db: Db, r: ProjectRow): Project {
  const companyId = Number(r.company_id);
  const id = Number(r.id);
  const counts = projectCounts(db, companyId, id);
  const times = projectBudgetTimeRows(db, companyId, id).map((t) => ({
    minutes: Number(t.hours) * 60 + Number(t.minutes),
    hourlyRate: Number(t.hourly_rate),
    billable: bool(t.billable),
    status: String(t.status),
    invoiceId: idOrNull(t.invoice_id),
  }));
  const invoices = projectInvoiceNetRows(db, companyId, id).map((i) => ({ id: Number(i.id), net: Number(i.net) }));
  const hourlyRate = Number(r.hourly_rate);
  const budget = idOrNull(r.budget);
  return {
    id,
    company_id: companyId,
    user_id: Number(r.user_id),
    customer_id: Number(r.customer_id),
    name: r.name,
    notes: r.notes ?? null,
    archived: bool(r.archived),
    budget: money(budget),
    project_type: r.project_type,
    kanban_status: r.kanban_status ?? null,
    start_date: r.start_date ?? null,
    end_date: r.end_date ?? null,
    formatted_start_date: r.start_date ? dotted(r.start_date) : null,
    formatted_end_date: r.end_date ? dotted(r.end_date) : null,
    hourly_rate: rappenToNumber(hourlyRate),
    entries_count: Number(counts.entries_count),
    invoices_count: Number(counts.invoices_count),
    proposals_count: Number(counts.proposals_count),
    tasks_count: Number(counts.tasks_count),
    times_count: Number(counts.times_count),
    budget_usage: budgetUsage({ projectType: r.project_type, budget, hourlyRate, times, invoices }),
    open_times: openTimes(times),
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** The project's customer with its stored fields (null when it is gone). */
export function projectCustomer(db: Db, project: Project) {
  const r = customerRow(db, project.company_id, project.customer_id);
  return r
    ? {
        id: Number(r.id),
        company_id: Number(r.company_id),
        user_id: Number(r.user_id),
        name: r.name,
        number: idOrNull(r.number),
        care_of: r.care_of ?? null,
        po_box: r.po_box ?? null,
        department: r.department ?? null,
        street: r.street ?? null,
        zip: r.zip ?? null,
        city: r.city ?? null,
        country: r.country ?? null,
        website: r.website ?? null,
        phone: r.phone ?? null,
        email: r.email ?? null,
        default_hourly_rate: money(r.default_hourly_rate),
        invoice_address: r.invoice_address ?? null,
        archived: bool(r.archived),
        tax_rate_id: idOrNull(r.tax_rate_id),
        created_at: r.created_at,
        updated_at: r.updated_at,
      }
    : null;
}
