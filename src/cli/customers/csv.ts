// Customers as CSV: the address, the hourly rate in CHF, the default tax rate by name.
import { customerPaths } from '../../api/endpoints/customers.js';
import { bools, column, ID, money, NAME, ref, texts, type CsvMap } from '../pipeline/map.js';

export const customersCsv: CsvMap = {
  group: 'customers',
  noun: 'customer',
  paths: customerPaths,
  fetch: 'ids',
  columns: [
    ID,
    column('number', 'int'),
    NAME,
    ...texts('care_of', 'po_box', 'department', 'street', 'zip', 'city', 'country', 'website', 'phone', 'email'),
    money('default_hourly_rate'),
    ...texts('invoice_address'),
    ref('tax_rate', 'tax_rate_id', 'tax-rate'),
    ...bools('archived'),
  ],
  keys: [['number'], ['name']],
  lookup: (v) => (v.name ? { 'filter[name]': v.name } : {}),
};
