// Proposals and invoices as the API shows them: the list summary, the single read with its relations,
// positions (flat, each collection followed by its children), and activities keyed by their time in the
// company's zone. Money leaves as decimals, amounts with three decimals, dates also dd.mm.yyyy.
import { formatCurrency, percentHundredthsToNumber, rappenToNumber, scaledToString } from '../domain/money.js';
import {
  generatedTitle,
  isOverdue,
  isReminder,
  payableDays,
  REMINDER_STATUSES,
  type DocumentType,
} from '../domain/documents.js';
import { todayOf, zoneOf } from '../clock.js';
import { dotted, wallClock } from '../domain/time.js';
import type { Db, Row } from '../store/db.js';
import { activityRows, lastActivityAt, positionRows, type DocumentRow, type PositionRow } from '../store/documents.js';
import { findAccountRow } from '../store/accounts.js';
import { customerRow } from '../store/customers.js';
import type { StoredFile } from '../store/files.js';
import { findTaxRateRow } from '../store/tax-rates.js';
import { pdfModel, type PdfModel } from '../render/document-model.js';

const id = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const bool = (v: unknown): boolean => Number(v) === 1;
const money = (v: unknown): number => rappenToNumber(Number(v));
/** The due date: an invoice's payable_until, a proposal's valid_until (each NOT NULL in its table). */
const dueOf = (type: DocumentType, r: DocumentRow): string => (type === 'invoice' ? r.payable_until! : r.valid_until!);

/**
 * A document in lists and as a relation of customers, proposals and projects. `today` decides
 * `overdue`, which lists show; relations (no `today`) leave it out.
 */
export function documentSummary(type: DocumentType, r: DocumentRow, today?: string) {
  return {
    id: Number(r.id),
    company_id: Number(r.company_id),
    user_id: Number(r.user_id),
    number: r.number,
    title: r.title ?? null,
    generated_title: generatedTitle(type, r as { title: string | null; number: string; lang: string; status: string }),
    date: r.date,
    ...(type === 'invoice' ? { payable_until: r.payable_until } : { valid_until: r.valid_until }),
    status: r.status,
    currency: r.currency,
    total_value: money(r.total_value),
    final_value: money(r.final_value),
    final_value_formatted: formatCurrency(Number(r.final_value), r.currency),
    ...(today === undefined ? {} : { overdue: isOverdue(type, r.status, dueOf(type, r), today) }),
    type,
    customer_id: Number(r.customer_id),
    contact_id: id(r.contact_id),
    project_id: id(r.project_id),
    customer: { id: Number(r.customer_id), name: r.customer_name ?? null },
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

export const createdAnswer = (r: DocumentRow) => ({
  id: Number(r.id),
  number: r.number,
  status: r.status,
  final_value: money(r.final_value),
  created_at: r.created_at,
});

export interface Position {
  id: number;
  type: string;
  description: string | null;
  title: string | null;
  amount: number;
  price: number;
  discount_amount: number;
  discount_type: string | null;
  sum: number;
  unit: string | null;
  order: number;
  parent_id: number | null;
  date?: string | null;
  formatted: { sum: string; date?: string | null };
}

function toPosition(type: DocumentType, r: PositionRow, currency = 'CHF'): Position {
  const percentage = r.discount_type === 'percentage';
  const p: Position = {
    id: Number(r.id),
    type: r.type,
    description: r.description,
    title: r.title,
    amount: Number(scaledToString(Number(r.amount), 3)),
    price: money(r.price),
    discount_amount: percentage ? percentHundredthsToNumber(Number(r.discount_amount)) : money(r.discount_amount),
    discount_type: r.discount_type,
    sum: money(r.sum),
    unit: r.unit,
    order: Number(r.order),
    parent_id: id(r.parent_id),
    formatted: { sum: formatCurrency(Number(r.sum), currency) },
  };
  if (type === 'invoice') {
    p.date = r.date ?? null;
    p.formatted.date = r.date ? dotted(r.date) : null;
  }
  return p;
}

/** Positions flat in reading order: each top-level position, a collection followed by its children. */
export function documentPositions(db: Db, type: DocumentType, documentId: number, currency: string): Position[] {
  const rows = positionRows(db, type, documentId);
  const children = new Map<number, PositionRow[]>();
  for (const r of rows)
    if (r.parent_id !== null) children.set(Number(r.parent_id), [...(children.get(Number(r.parent_id)) ?? []), r]);
  return rows
    .filter((r) => r.parent_id === null)
    .flatMap((r) => [r, ...(children.get(Number(r.id)) ?? [])])
    .map((r) => toPosition(type, r, currency));
}

/** The document's own fields (relations are added by the caller). */
export function documentFields(
  type: DocumentType,
  r: DocumentRow,
  positions: Position[],
  today: string,
): Record<string, unknown> {
  const due = dueOf(type, r);
  const shared = {
    id: Number(r.id),
    user_id: Number(r.user_id),
    company_id: Number(r.company_id),
    customer_id: Number(r.customer_id),
    contact_id: id(r.contact_id),
    project_id: id(r.project_id),
    tax_rate_id: id(r.tax_rate_id),
    number: r.number,
    title: r.title,
    lang: r.lang,
    date: r.date,
  };
  const totals = {
    status: r.status,
    positions,
    remarks_top: r.remarks_top,
    remarks: r.remarks,
    currency: r.currency,
    total_value: money(r.total_value),
    discount_rate: r.discount_rate === null ? null : percentHundredthsToNumber(Number(r.discount_rate)),
    discount_amount: money(r.discount_amount),
    total_value_with_discount: money(r.total_value_with_discount),
    vat_active: r.tax_rate_id !== null,
    vat_included: bool(r.vat_included),
    vat_amount: money(r.vat_amount),
    total_value_with_vat: money(r.total_value_with_vat),
    final_value: money(r.final_value),
    document_settings: JSON.parse(r.document_settings || '{}'),
    add_rounding_difference: bool(r.add_rounding_difference),
    rounding_difference: money(r.rounding_difference),
  };
  const tail = {
    created_at: r.created_at,
    updated_at: r.updated_at,
    formatted: {
      date: dotted(r.date),
      [type === 'invoice' ? 'payable_until' : 'valid_until']: dotted(due),
      final_value: formatCurrency(Number(r.final_value), r.currency),
    },
    final_value_formatted: formatCurrency(Number(r.final_value), r.currency),
    generated_title: generatedTitle(type, r as { title: string | null; number: string; lang: string; status: string }),
    payableDays: payableDays(r.date, due),
    type,
    overdue: isOverdue(type, r.status, due, today),
    is_shared: bool(r.is_shared),
    share_token: r.share_token ?? null,
  };
  if (type === 'proposal') {
    return {
      ...shared,
      valid_until: r.valid_until,
      ...totals,
      with_signature: bool(r.with_signature),
      signature_remark: r.signature_remark,
      ...tail,
      valid_until_formatted: dotted(r.valid_until!),
    };
  }
  return {
    ...shared,
    proposal_id: id(r.proposal_id),
    bank_account_id: id(r.bank_account_id),
    income_account_id: id(r.income_account_id),
    entry_id: id(r.entry_id),
    receivable_entry_id: id(r.receivable_entry_id),
    payable_until: r.payable_until,
    reminder_due_date: r.reminder_due_date,
    paid_at: r.paid_at ?? null,
    ...totals,
    reference: r.reference,
    qr_reference: r.qr_reference,
    group_by: r.group_by,
    times_order: r.times_order,
    exchange_rate_times: Number(r.exchange_rate_times),
    exchange_rate_expenses: Number(r.exchange_rate_expenses),
    repeat: bool(r.repeat),
    repeat_interval: r.repeat_interval,
    repeat_stop_at: r.repeat_stop_at,
    repeat_notification_to: r.repeat_notification_to,
    without_debitor_on_qr: bool(r.without_debitor_on_qr),
    isReminder: isReminder(r.status),
    ...tail,
    payable_until_formatted: dotted(r.payable_until!),
  };
}

/**
 * Activities as the spec shows them: keyed by "YYYY-MM-DD HH:MM:SS" (company zone), newest first; same second → " #2",
 * " #3".
 */
export function documentActivities(
  db: Db,
  type: DocumentType,
  documentId: number,
  timeZone: string,
): Record<string, { date: string; message: string; color?: string }> {
  const out: Record<string, { date: string; message: string; color?: string }> = {};
  const seen = new Map<string, number>();
  // oldest first so that the later ones of a second get the suffixes, then newest first in the answer
  const rows = activityRows(db, type, documentId).reverse();
  const keyed = rows.map((r) => {
    const instant = new Date(r.created_at);
    const clock = wallClock(instant, timeZone);
    // zones are whole minutes off UTC, so the seconds are UTC's
    const base = `${clock.date} ${clock.time}:${String(instant.getUTCSeconds()).padStart(2, '0')}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return {
      key: n === 1 ? base : `${base} #${n}`,
      value: { date: dotted(clock.date), message: r.message, ...(r.color ? { color: r.color } : {}) },
    };
  });
  for (const { key, value } of keyed.reverse()) out[key] = value;
  return out;
}

/**
 * The day an invoice in a reminder status was reminded: when the latest "Reminder N sent" of its level
 * was recorded (company zone), so the letter reads the same whenever it is printed; today if none is.
 */
function reminderDate(db: Db, company: Row, type: DocumentType, row: DocumentRow): string | undefined {
  const level = (REMINDER_STATUSES as readonly string[]).indexOf(row.status) + 1;
  if (type !== 'invoice' || level === 0) return undefined;
  const at = lastActivityAt(db, type, Number(row.id), `Reminder ${level} sent`);
  return at ? wallClock(new Date(at), zoneOf(company)).date : todayOf(company);
}

/**
 * The document as its PDF shows it (and the public proposal page): the stored rows of its positions,
 * customer, tax rate and bank account gathered into the render model. `company` is the company's row.
 */
export function documentModel(db: Db, company: Row, type: DocumentType, row: DocumentRow): PdfModel {
  const companyId = Number(company.id);
  const bankAccount =
    type === 'invoice' && row.bank_account_id !== null
      ? findAccountRow(db, companyId, Number(row.bank_account_id))
      : undefined;
  return pdfModel({
    type,
    doc: row,
    positions: positionRows(db, type, Number(row.id)),
    company,
    customer: customerRow(db, companyId, Number(row.customer_id)) ?? { name: '' },
    taxRate: row.tax_rate_id === null ? undefined : findTaxRateRow(db, companyId, Number(row.tax_rate_id)),
    bankAccount,
    reminderDate: reminderDate(db, company, type, row),
  });
}

export const fileRecord = (f: StoredFile, url: string) => ({ id: f.id, name: f.name, size: f.size, mime: f.mime, url });
