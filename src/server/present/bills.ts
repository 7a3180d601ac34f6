// A supplier bill as the API shows it: money as decimal numbers, the receipt as a file record.
import { rappenToNumber } from '../domain/money.js';
import { idOrNull } from '../store/db.js';
import type { BillRow } from '../store/bills.js';
import type { StoredFile } from '../store/files.js';
import { fileRecord } from './documents.js';

export function toBill(r: BillRow, file: StoredFile | undefined, fileUrl: (f: StoredFile) => string) {
  return {
    id: Number(r.id),
    company_id: Number(r.company_id),
    number: r.number,
    status: r.status,
    supplier_name: r.supplier_name,
    supplier_street: r.supplier_street,
    supplier_building: r.supplier_building,
    supplier_zip: r.supplier_zip,
    supplier_city: r.supplier_city,
    supplier_country: r.supplier_country,
    iban: r.iban,
    reference_type: r.reference_type,
    reference: r.reference,
    message: r.message,
    amount: rappenToNumber(Number(r.amount)),
    currency: r.currency,
    amount_chf: rappenToNumber(Number(r.amount_chf)),
    bill_date: r.bill_date,
    due_date: r.due_date,
    expense_account_id: idOrNull(r.expense_account_id),
    tax_rate_id: idOrNull(r.tax_rate_id),
    bank_account_id: idOrNull(r.bank_account_id),
    expense_entry_id: idOrNull(r.expense_entry_id),
    payment_entry_id: idOrNull(r.payment_entry_id),
    paid_at: r.paid_at,
    payment_message_id: r.payment_message_id ?? null,
    file: file ? fileRecord(file, fileUrl(file)) : null,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}
