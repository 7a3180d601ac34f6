// Tax rates as CSV: the rate in percent, the tax accounts by number.
import { taxRatePaths } from '../../api/endpoints/tax-rates.js';
import type { CsvMap } from '../pipeline/map.js';

export const taxRatesCsv: CsvMap = {
  group: 'tax-rates',
  noun: 'tax rate',
  paths: taxRatePaths,
  fetch: 'ids',
  columns: [
    { name: 'id', key: 'id', type: 'int' },
    { name: 'name', key: 'name', type: 'text', required: true },
    { name: 'rate', key: 'rate', type: 'decimal', places: 2, trim: true, required: true },
    { name: 'account', key: 'account_id', type: 'ref', ref: 'account', required: true },
    { name: 'saldo_rate', key: 'saldo_rate', type: 'decimal', places: 2, trim: true },
    { name: 'is_acquisition_tax', key: 'is_acquisition_tax', type: 'bool' },
    { name: 'acquisition_account', key: 'acquisition_account_id', type: 'ref', ref: 'account' },
    { name: 'field_number', key: 'field_number', type: 'int' },
    { name: 'name_on_documents', key: 'name_on_documents', type: 'text' },
    { name: 'name_en', key: 'name_en', type: 'text' },
    { name: 'name_fr', key: 'name_fr', type: 'text' },
    { name: 'name_it', key: 'name_it', type: 'text' },
    { name: 'archived', key: 'archived', type: 'bool' },
  ],
  keys: [['name']],
  lookup: (v) => ({ 'filter[name]': v.name }),
};
