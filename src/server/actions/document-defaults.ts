// What a new document gets when its body leaves it out (date, language, currency, due dates, the tax
// rate of its customer, the company's bank and income accounts), the subscription's rule on recurring
// invoices, and the invoices a proposal is split into.
import type { DocumentType } from '../domain/documents.js';
import { addDays } from '../domain/time.js';
import { paymentRequired, validationError } from '../http-error.js';
import { transaction } from '../store/db.js';
import { findAccountRowByNumber } from '../store/accounts.js';
import { findCustomerRow } from '../store/customers.js';
import type { DocumentValues } from '../store/documents.js';
import { isCalendarDate, MAX_DATE } from '../../domain/calendar.js';
import { DEFAULT_INCOME_ACCOUNT, primaryBankAccountId } from './account-lookups.js';
import { createDocument, currentDocument, type DocumentScope } from './documents.js';

/**
 * A default due date: `days` after the date; a date so late that it would fall past the calendar's end is a 422 on
 * date.
 */
function dueAfter(date: string, days: number): string {
  const due = addDays(date, days);
  if (!isCalendarDate(due))
    throw validationError({ date: [`The date field must be a date before or equal to ${addDays(MAX_DATE, -days)}.`] });
  return due;
}

/** Fills what a create left out, in place. */
export function fillDefaults(s: DocumentScope, type: DocumentType, values: DocumentValues): void {
  values.date ??= s.today;
  values.lang ??= 'de';
  values.currency ??= 'CHF';
  values.status = 'open';
  values.vat_included ??= false;
  values.add_rounding_difference ??= false;
  if (values.tax_rate_id === undefined) {
    values.tax_rate_id = findCustomerRow(s.db, s.companyId, Number(values.customer_id))?.tax_rate_id ?? null;
  }
  if (type === 'proposal') {
    values.valid_until ??= dueAfter(String(values.date), 14);
    return;
  }
  values.payable_until ??= dueAfter(String(values.date), Number(s.company.payment_term ?? 30));
  values.bank_account_id ??= primaryBankAccountId(s.db, s.companyId) ?? null;
  if (values.income_account_id === undefined || values.income_account_id === null) {
    const income = findAccountRowByNumber(s.db, s.companyId, DEFAULT_INCOME_ACCOUNT);
    values.income_account_id = income ? Number(income.id) : null;
  }
}

/** Recurring invoices need the business plan (a refusal after validation: 402). */
export function assertPlanAllows(s: Pick<DocumentScope, 'company'>, type: DocumentType, values: DocumentValues): void {
  if (type === 'invoice' && values.repeat === true && s.company.plan !== 'business') {
    throw paymentRequired('Wiederkehrende Rechnungen sind nur im Business-Abo verfügbar.');
  }
}

export interface SplitPart {
  title: string;
  sum: number;
}

/**
 * One invoice per part, each with one position of the part's sum. The proposal's total is compared
 * inside the write transaction: an edit by another process counts. Returns the new invoices' ids.
 */
export function splitInvoices(s: DocumentScope, proposalId: number, splits: readonly SplitPart[]): number[] {
  const total = splits.reduce((sum, p) => sum + p.sum, 0);
  return transaction(s.db, () => {
    const proposal = currentDocument(s, 'proposal', proposalId);
    if (total !== Number(proposal.total_value_with_discount)) {
      throw validationError({ splits: ['The parts must total 100 percent of the proposal amount.'] });
    }
    return splits.map((split) => {
      const values: DocumentValues = {
        customer_id: proposal.customer_id,
        contact_id: proposal.contact_id,
        project_id: proposal.project_id,
        tax_rate_id: proposal.tax_rate_id,
        currency: proposal.currency,
        lang: proposal.lang,
        title: split.title,
        proposal_id: proposal.id,
        vat_included: Number(proposal.vat_included) === 1,
        add_rounding_difference: Number(proposal.add_rounding_difference) === 1,
      };
      fillDefaults(s, 'invoice', values);
      return createDocument(s, 'invoice', {
        values,
        positions: [
          {
            type: 'position',
            description: split.title,
            title: null,
            amount: 1000,
            price: split.sum,
            discount: 0,
            discountType: null,
            unit: null,
            date: null,
            children: [],
          },
        ],
      });
    });
  });
}
