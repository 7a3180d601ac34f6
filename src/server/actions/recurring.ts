// Recurring invoices (service-decisions.md): a template with `repeat` on makes a copy for every date
// `date + k × interval` (month ends clamped) that is on or before the day and on or before
// `repeat_stop_at`, once each. A copy is dated that day, keeps the template's distance to
// payable_until, is open with `repeat` off, carries the positions and the next free number; the
// template records "Recurring invoice R-… created". Run when the service starts, every hour while it
// runs, and by `acct server recur`.
import { dueOccurrences, shiftedDue, type RepeatInterval } from '../domain/documents.js';
import { todayOf } from '../clock.js';
import { transaction, type Db, type Row } from '../store/db.js';
import { findCompany } from '../store/companies.js';
import { insertActivity, recurringIndexesOf, type DocumentValues } from '../store/documents.js';
import { recurringTemplateRows } from '../store/recurring.js';
import { createDocument, nextDocumentNumber, storedPositions } from './documents.js';
import type { PositionInput } from '../domain/positions.js';

export interface RecurringCopy {
  companyId: number;
  templateId: number;
  templateNumber: string;
  id: number;
  number: string;
  date: string;
}

const COPIED: readonly (keyof DocumentValues)[] = [
  'customer_id',
  'contact_id',
  'project_id',
  'tax_rate_id',
  'title',
  'lang',
  'remarks_top',
  'remarks',
  'currency',
  'discount_rate',
  'vat_included',
  'add_rounding_difference',
  'document_settings',
  'bank_account_id',
  'income_account_id',
  'group_by',
  'times_order',
  'exchange_rate_times',
  'exchange_rate_expenses',
  'without_debitor_on_qr',
];

/** A copy takes the template's positions without their dates. */
const undated = (p: PositionInput): PositionInput => ({ ...p, date: null, children: p.children.map(undated) });

/**
 * Creates the due copies of every template (of one company, or all), as of `date` when given, else
 * each company's today. Only companies on the business plan recur. Answers what was created.
 */
export function runRecurring(db: Db, opts: { companyId?: number; date?: string; now?: Date } = {}): RecurringCopy[] {
  const created: RecurringCopy[] = [];
  const companies = new Map<number, Row | undefined>();
  for (const template of recurringTemplateRows(db, opts.companyId)) {
    const companyId = Number(template.company_id);
    if (!companies.has(companyId)) companies.set(companyId, findCompany(db, companyId));
    const company = companies.get(companyId);
    if (company?.plan !== 'business' || Number(company.subscription_expired) === 1) continue;
    const today = opts.date ?? todayOf(company, opts.now);
    const due = dueOccurrences(
      { date: template.date, interval: template.repeat_interval as RepeatInterval, stopAt: template.repeat_stop_at },
      today,
      recurringIndexesOf(db, Number(template.id)),
    );
    if (due.length === 0) continue;
    const positions = storedPositions(db, 'invoice', Number(template.id)).map(undated);
    for (const { k, date } of due) {
      transaction(db, () => {
        // read again inside the write lock: a pass in another process (acct server start beside local mode) may have
        // made it
        if (recurringIndexesOf(db, Number(template.id)).has(k)) return;
        // the number taken here (as createDocument would) is the copy's, for the template's activity
        const number = nextDocumentNumber(db, 'invoice', companyId, Number(date.slice(0, 4)));
        const values: DocumentValues = {
          status: 'open',
          number,
          date,
          payable_until: shiftedDue({ date: template.date, payable_until: template.payable_until }, date),
          repeat: false,
          recurring_template_id: template.id,
          recurring_index: k,
        };
        for (const key of COPIED) values[key] = template[key];
        const scope = { db, dataDir: '', companyId, userId: Number(template.user_id), company, today };
        const id = createDocument(scope, 'invoice', { values, positions });
        insertActivity(db, 'invoice', Number(template.id), `Recurring invoice ${number} created`);
        created.push({ companyId, templateId: Number(template.id), templateNumber: template.number, id, number, date });
      });
    }
  }
  return created;
}
