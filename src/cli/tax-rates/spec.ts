import { taxRatePaths } from '../../api/endpoints/tax-rates.js';
import type { ResourceSpec } from '../resource/spec.js';
import { declarePipeline } from '../pipeline/declare.js';

export const TAX_RATE_SORTS = ['name', '-name', 'rate', '-rate'] as const;

export const taxRatesSpec: ResourceSpec = {
  group: 'tax-rates',
  noun: 'tax rate',
  paths: taxRatePaths,
  verbs: ['list', 'get', 'create', 'update', 'delete'],
  columns: [
    { key: 'id', kind: 'int' },
    // a rate's name is what bookings and documents name it by: whole or not at all
    { key: 'name', kind: 'code' },
    { key: 'rate', kind: 'number' },
    { key: 'saldo_rate', kind: 'number', header: 'saldo' },
    { key: 'calculation_method', header: 'method', kind: 'code' },
    { key: 'account.account_number', header: 'account', kind: 'int' },
    { key: 'acquisition_account.account_number', header: 'acq. account', kind: 'int', default: false },
    { key: 'is_acquisition_tax', kind: 'bool', header: 'acquisition' },
    { key: 'field_number', kind: 'int', header: 'field' },
    // when the rate holds (the embedded service's extension; empty elsewhere)
    { key: 'valid_from', kind: 'date', header: 'from' },
    { key: 'valid_until', kind: 'date', header: 'until' },
    { key: 'archived', kind: 'bool' },
    { key: 'name_on_documents', default: false },
    { key: 'name_en', default: false },
    { key: 'name_fr', default: false },
    { key: 'name_it', default: false },
    { key: 'account_id', kind: 'int', default: false },
    { key: 'acquisition_account_id', kind: 'int', default: false },
    { key: 'account.name', header: 'account name', default: false },
    { key: 'company_id', kind: 'int', default: false },
    { key: 'created_at', kind: 'datetime', default: false },
    { key: 'updated_at', kind: 'datetime', default: false },
  ],
  filters: [
    { flag: 'name', param: 'filter[name]', type: 'string', description: 'names containing this text' },
    {
      flag: 'archived',
      param: 'filter[archived]',
      type: 'bool',
      description: 'only archived rates (--no-archived: only active ones)',
      negation: 'only active rates',
    },
    { flag: 'id', param: 'filter[id]', type: 'ids', description: 'only these ids (comma-separated)' },
    {
      flag: 'sort',
      param: 'sort',
      type: 'enum',
      choices: TAX_RATE_SORTS,
      description: 'order by name or rate; a leading - sorts descending (write --sort=-rate)',
    },
  ],
  fields: [
    { flag: 'name', key: 'name', type: 'string', required: true, description: 'name (German), e.g. "MWST 8.1 %"' },
    { flag: 'rate', key: 'rate', type: 'decimal', required: true, description: 'rate in percent, e.g. 8.1' },
    {
      flag: 'account',
      key: 'account_id',
      type: 'string',
      ref: 'account',
      required: true,
      description: 'tax account by number (2200 VAT owed, 1170 input tax) or id:N',
    },
    {
      flag: 'saldo-rate',
      key: 'saldo_rate',
      type: 'decimal',
      description: 'flat-rate (saldo) percent; makes the method gross',
    },
    {
      flag: 'acquisition-tax',
      key: 'is_acquisition_tax',
      type: 'bool',
      description: 'acquisition tax (Bezugsteuer); needs --acquisition-account',
    },
    {
      flag: 'acquisition-account',
      key: 'acquisition_account_id',
      type: 'string',
      ref: 'account',
      description: 'account where acquisition tax is deducted, by number (e.g. 1170)',
    },
    { flag: 'field-number', key: 'field_number', type: 'int', description: 'box (Ziffer) of the VAT return, e.g. 303' },
    {
      flag: 'name-on-documents',
      key: 'name_on_documents',
      type: 'string',
      description: 'name on invoices and proposals (default: the name)',
    },
    { flag: 'name-en', key: 'name_en', type: 'string', description: 'English name' },
    { flag: 'name-fr', key: 'name_fr', type: 'string', description: 'French name' },
    { flag: 'name-it', key: 'name_it', type: 'string', description: 'Italian name' },
    {
      flag: 'valid-from',
      key: 'valid_from',
      type: 'date',
      description:
        'first day the rate holds (a booking of that date named by percentage or by a rate of another period takes it)',
    },
    { flag: 'valid-until', key: 'valid_until', type: 'date', description: 'last day the rate holds' },
    { flag: 'archived', key: 'archived', type: 'bool', description: 'archive (--no-archived: restore)' },
  ],
  lookup: { param: 'filter[name]', nameKey: 'name' },
  refKind: 'tax-rate',
  examples: {
    list: [
      'acct tax-rates list',
      'acct tax-rates list --name vorsteuer --sort=-rate',
      'acct tax-rates list --no-archived -o json',
    ],
    get: ['acct tax-rates get "MWST 8.1 %"', 'acct tax-rates get 4 --json'],
    create: [
      'acct tax-rates create --name "MWST 8.1 % Sonder" --rate 8.1 --account 2200 --field-number 303',
      'acct tax-rates create --name "Saldo 6.2 %" --rate 8.1 --saldo-rate 6.2 --account 2200',
      'acct tax-rates create --name "Bezugsteuer" --rate 8.1 --account 2200 --acquisition-tax --acquisition-account ' +
        '1170 --field-number 383',
    ],
    update: [
      'acct tax-rates update "MWST 7.7 %" --archived',
      'acct tax-rates update "MWST Sonder" --valid-from 2018-01-01 --valid-until 2023-12-31',
      'acct tax-rates update 4 --name-on-documents "MWST" --field-number 303',
    ],
    delete: ['acct tax-rates delete "MWST Sonder" --yes'],
  },
  extend(group) {
    declarePipeline(group, {
      what: 'tax rates',
      map: async () => (await import('./csv.js')).taxRatesCsv,
      filters: taxRatesSpec.filters!,
    });
  },
};
