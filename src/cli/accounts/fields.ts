// The fields of an account as the CLI shows and filters them, read by the spec and by the verbs with
// their own runner (list, reset).
import { ACCOUNT_TYPE_FILTERS } from '../../api/endpoints/accounts.js';
import type { Column } from '../../output/types.js';
import type { FilterFlag } from '../resource/spec.js';

export const ACCOUNT_COLUMNS: Column[] = [
  { key: 'number', kind: 'int' },
  { key: 'name' },
  { key: 'type' },
  { key: 'currency' },
  { key: 'iban' },
  { key: 'is_primary_bank_account', kind: 'bool', header: 'primary' },
  { key: 'balance', kind: 'money' },
  { key: 'balance_formatted', default: false },
  { key: 'id', kind: 'int', default: false },
  { key: 'account_category_id', kind: 'int', default: false },
  { key: 'company_id', kind: 'int', default: false },
  { key: 'computed', kind: 'bool', default: false },
  { key: 'created_at', kind: 'datetime', default: false },
  { key: 'updated_at', kind: 'datetime', default: false },
];

/** Without a period there are no balances: the column stays hidden unless --fields asks for it. */
export const COLUMNS_WITHOUT_BALANCE: Column[] = ACCOUNT_COLUMNS.map((c) =>
  c.key === 'balance' ? { ...c, default: false } : c,
);

export const ACCOUNT_FILTERS: FilterFlag[] = [
  {
    flag: 'type',
    param: 'type',
    type: 'enum',
    choices: ACCOUNT_TYPE_FILTERS,
    description: 'only accounts of this type (assets includes bank and depreciation accounts)',
  },
  {
    flag: 'from',
    param: 'start',
    type: 'date',
    description: 'show balances for the period from this date (YYYY-MM-DD, dd.mm.yyyy, today, +3d …)',
  },
  {
    flag: 'to',
    param: 'until',
    type: 'date',
    description: 'show balances for the period up to this date (YYYY-MM-DD, dd.mm.yyyy, today, +3d …)',
  },
];
