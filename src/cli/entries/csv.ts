// Bookings as CSV: accounts by number, the gross sum in CHF, the tax rate, customer, project and tags
// as a bookkeeper names them. The export takes the list's filters (from, to, account, …).
import { entryPaths } from '../../api/endpoints/entries.js';
import { bools, column, ID, money, ref, texts, type CsvMap } from '../pipeline/map.js';
import { entryQuery, resolveEntryQuery } from './filters.js';

export const entriesCsv: CsvMap = {
  group: 'entries',
  noun: 'booking',
  paths: entryPaths,
  fetch: 'ids',
  columns: [
    ID,
    column('date', 'date', { required: true }),
    ...texts('number', 'description'),
    ref('debit_account', 'debit_account_id', 'account', { required: true }),
    ref('credit_account', 'credit_account_id', 'account', { required: true }),
    money('sum'),
    ref('tax_rate', 'tax_rate_id', 'tax-rate'),
    ref('customer', 'customer_id', 'customer'),
    ref('project', 'project_id', 'project'),
    ...bools('billable'),
    {
      name: 'tags',
      key: 'tag_ids',
      type: 'refs',
      ref: 'tag',
      get: (r) => (r.tags ?? []).map((t: { id: number }) => t.id),
    },
    { name: 'group', key: 'entry_group_id', type: 'int' },
  ],
  query: (options) => {
    const query = entryQuery(options);
    return (resolver) => resolveEntryQuery(resolver, query);
  },
  keys: [['number']],
  lookup: (v) => ({ 'filter[date]': `${v.date},${v.date}`, 'filter[account_id]': v.debit_account_id }),
};
