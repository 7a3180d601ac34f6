// The columns `acct bills get` shows by default: beside the list's, the payment target, the dates,
// the address, the accounts and the payment file.
import type { Column } from '../../output/types.js';

const DETAIL_KEYS = new Set(['reference_type', 'iban', 'message', 'amount_chf', 'bill_date', 'supplier_street', 'supplier_building', 'supplier_zip', 'supplier_city',
  'supplier_country', 'expense_account_id', 'tax_rate_id', 'bank_account_id', 'paid_at', 'payment_message_id', 'file.name']);

export const detailColumns = (columns: Column[]): Column[] => columns.map((c) => (DETAIL_KEYS.has(c.key) ? { ...c, default: true } : c));
