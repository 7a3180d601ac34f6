// The chart of accounts as CSV: number, name, type (set when an account is created), currency, IBAN.
import { ACCOUNT_CREATE_TYPES, accountPaths } from '../../api/endpoints/accounts.js';
import { bools, column, ID, NAME, texts, type CsvMap } from '../pipeline/map.js';

export const accountsCsv: CsvMap = {
  group: 'accounts',
  noun: 'account',
  paths: accountPaths,
  listQuery: { type: 'all' },
  unpaginated: true,
  fetch: 'all',
  columns: [
    ID,
    column('number', 'int', { required: true }),
    NAME,
    column('type', 'enum', {
      choices: ACCOUNT_CREATE_TYPES,
      required: true,
      fixed: 'the type of an account is set when it is created',
    }),
    ...texts('currency', 'iban'),
    ...bools('is_primary_bank_account'),
  ],
  keys: [['number']],
};
