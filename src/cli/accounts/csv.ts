// The chart of accounts as CSV: number, name, type (set when an account is created), currency, IBAN.
import { ACCOUNT_CREATE_TYPES, accountPaths } from '../../api/endpoints/accounts.js';
import type { CsvMap } from '../pipeline/map.js';

export const accountsCsv: CsvMap = {
  group: 'accounts',
  noun: 'account',
  paths: accountPaths,
  listQuery: { type: 'all' },
  unpaginated: true,
  fetch: 'all',
  columns: [
    { name: 'id', key: 'id', type: 'int' },
    { name: 'number', key: 'number', type: 'int', required: true },
    { name: 'name', key: 'name', type: 'text', required: true },
    { name: 'type', key: 'type', type: 'enum', choices: ACCOUNT_CREATE_TYPES, required: true, fixed: 'the type of an account is set when it is created' },
    { name: 'currency', key: 'currency', type: 'text' },
    { name: 'iban', key: 'iban', type: 'text' },
    { name: 'is_primary_bank_account', key: 'is_primary_bank_account', type: 'bool' },
  ],
  keys: [['number']],
};
