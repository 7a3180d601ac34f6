import { ACCOUNT_CREATE_TYPES, accountPaths } from '../../api/endpoints/accounts.js';
import { UsageError } from '../../errors.js';
import { examplesText } from '../resource/declare.js';
import { lazy } from '../verb.js';
import type { ResourceSpec } from '../resource/spec.js';
import { ACCOUNT_COLUMNS, ACCOUNT_FILTERS } from './fields.js';
import { declarePipeline } from '../pipeline/declare.js';

export const accountsSpec: ResourceSpec = {
  group: 'accounts',
  noun: 'account',
  paths: accountPaths,
  verbs: ['list', 'get', 'create', 'update', 'delete'],
  columns: ACCOUNT_COLUMNS,
  filters: ACCOUNT_FILTERS,
  fields: [
    { flag: 'name', key: 'name', type: 'string', required: true, description: 'account name' },
    {
      flag: 'number',
      key: 'number',
      type: 'int',
      required: true,
      description: 'account number 1000-9999 (bank accounts 1000-1059)',
    },
    {
      flag: 'type',
      key: 'type',
      type: 'enum',
      choices: ACCOUNT_CREATE_TYPES,
      required: true,
      description: 'account type (create only)',
    },
    {
      flag: 'iban',
      key: 'iban',
      type: 'string',
      description: 'IBAN of a bank account (spaces allowed; "" removes it)',
    },
    {
      flag: 'primary',
      key: 'is_primary_bank_account',
      type: 'bool',
      description: 'make this the primary bank account (--no-primary: unset)',
    },
    { flag: 'currency', key: 'currency', type: 'string', description: 'currency code, e.g. CHF or EUR (default CHF)' },
  ],
  // positional references resolve through refKind (number, exact name, id:N); lookup only labels them <account>
  lookup: { param: 'filter[name]', nameKey: 'name' },
  refKind: 'account',
  examples: {
    list: [
      'acct accounts list',
      'acct accounts list --type bank',
      'acct accounts list --type balance_sheet --from 2024-01-01 --to 2024-12-31',
      'acct accounts list --type liabilities --from 2024-01-01 --to today -o json',
    ],
    get: ['acct accounts get 1020', 'acct accounts get Bankguthaben --json', 'acct accounts get id:17'],
    create: [
      'acct accounts create --number 1030 --name "UBS Geschäftskonto" --type bank --iban "CH93 0076 2011 6238 5295 7"',
      'acct accounts create --number 3410 --name "Beratungserlöse" --type income',
    ],
    update: [
      'acct accounts update 1030 --primary',
      'acct accounts update 3410 --number 3420 --name "Schulungserlöse"',
      'acct accounts update 1030 --iban ""',
    ],
    delete: ['acct accounts delete 3420 --yes'],
  },
  setup: {
    // the list is a bare array with balances, not paginated: its own runner groups balances by type on a table
    list: { action: lazy(() => import('./list.js')), hidden: ['--page', '--per-page', '--all'] },
    update: {
      preAction: (cmd) => {
        if (cmd.opts().type !== undefined)
          throw new UsageError('the type of an account cannot be changed; create a new account and move the bookings');
      },
    },
  },
  extend(group) {
    group
      .command('reset')
      .description(
        'replace every account with the standard Swiss SME chart (irreversible; asks to confirm, --yes in scripts)',
      )
      .addHelpText('after', examplesText(['acct accounts reset --yes', 'acct accounts reset --yes -o json']))
      .action(lazy(() => import('./reset.js')));
    declarePipeline(group, {
      what: 'accounts',
      map: async () => (await import('./csv.js')).accountsCsv,
      filters: ACCOUNT_FILTERS.filter((f) => f.flag === 'type'),
    });
  },
};
