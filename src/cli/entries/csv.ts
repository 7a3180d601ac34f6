// Bookings as CSV: accounts by number, the gross sum in CHF, the tax rate, customer, project and tags
// as a bookkeeper names them. The export takes the list's filters (from, to, account, …).
import { entryPaths } from '../../api/endpoints/entries.js';
import type { CsvMap } from '../pipeline/map.js';
import { entryQuery, resolveEntryQuery } from './filters.js';

export const entriesCsv: CsvMap = {
  group: 'entries',
  noun: 'booking',
  paths: entryPaths,
  fetch: 'ids',
  columns: [
    { name: 'id', key: 'id', type: 'int' },
    { name: 'date', key: 'date', type: 'date', required: true },
    { name: 'number', key: 'number', type: 'text' },
    { name: 'description', key: 'description', type: 'text' },
    { name: 'debit_account', key: 'debit_account_id', type: 'ref', ref: 'account', required: true },
    { name: 'credit_account', key: 'credit_account_id', type: 'ref', ref: 'account', required: true },
    { name: 'sum', key: 'sum', type: 'decimal', places: 2 },
    { name: 'tax_rate', key: 'tax_rate_id', type: 'ref', ref: 'tax-rate' },
    { name: 'customer', key: 'customer_id', type: 'ref', ref: 'customer' },
    { name: 'project', key: 'project_id', type: 'ref', ref: 'project' },
    { name: 'billable', key: 'billable', type: 'bool' },
    { name: 'tags', key: 'tag_ids', type: 'refs', ref: 'tag', get: (r) => (r.tags ?? []).map((t: { id: number }) => t.id) },
    { name: 'group', key: 'entry_group_id', type: 'int' },
  ],
  query: (options) => {
    const query = entryQuery(options);
    return (resolver) => resolveEntryQuery(resolver, query);
  },
  keys: [['number']],
  lookup: (v) => ({ 'filter[date]': `${v.date},${v.date}`, 'filter[account_id]': v.debit_account_id }),
};
