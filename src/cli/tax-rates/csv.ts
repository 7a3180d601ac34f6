// Tax rates as CSV: the rate in percent, the tax accounts by number.
import { taxRatePaths } from '../../api/endpoints/tax-rates.js';
import { bools, column, ID, NAME, ref, texts, type CsvMap } from '../pipeline/map.js';

const percent = (key: string, required = false) => column(key, 'decimal', { places: 2, trim: true, required });

export const taxRatesCsv: CsvMap = {
  group: 'tax-rates',
  noun: 'tax rate',
  paths: taxRatePaths,
  fetch: 'ids',
  columns: [
    ID,
    NAME,
    percent('rate', true),
    ref('account', 'account_id', 'account', { required: true }),
    percent('saldo_rate'),
    ...bools('is_acquisition_tax'),
    ref('acquisition_account', 'acquisition_account_id', 'account'),
    column('field_number', 'int'),
    ...texts('name_on_documents', 'name_en', 'name_fr', 'name_it'),
    ...bools('archived'),
  ],
  keys: [['name']],
  lookup: (v) => ({ 'filter[name]': v.name }),
};
