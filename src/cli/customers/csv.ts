// Customers as CSV: the address, the hourly rate in CHF, the default tax rate by name.
import { customerPaths } from '../../api/endpoints/customers.js';
import type { CsvMap } from '../pipeline/map.js';

export const customersCsv: CsvMap = {
  group: 'customers',
  noun: 'customer',
  paths: customerPaths,
  fetch: 'ids',
  columns: [
    { name: 'id', key: 'id', type: 'int' },
    { name: 'number', key: 'number', type: 'int' },
    { name: 'name', key: 'name', type: 'text', required: true },
    { name: 'care_of', key: 'care_of', type: 'text' },
    { name: 'po_box', key: 'po_box', type: 'text' },
    { name: 'department', key: 'department', type: 'text' },
    { name: 'street', key: 'street', type: 'text' },
    { name: 'zip', key: 'zip', type: 'text' },
    { name: 'city', key: 'city', type: 'text' },
    { name: 'country', key: 'country', type: 'text' },
    { name: 'website', key: 'website', type: 'text' },
    { name: 'phone', key: 'phone', type: 'text' },
    { name: 'email', key: 'email', type: 'text' },
    { name: 'default_hourly_rate', key: 'default_hourly_rate', type: 'decimal', places: 2 },
    { name: 'invoice_address', key: 'invoice_address', type: 'text' },
    { name: 'tax_rate', key: 'tax_rate_id', type: 'ref', ref: 'tax-rate' },
    { name: 'archived', key: 'archived', type: 'bool' },
  ],
  keys: [['number'], ['name']],
  lookup: (v) => (v.name ? { 'filter[name]': v.name } : {}),
};
