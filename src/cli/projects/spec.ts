import { PROJECT_TYPES, projectPaths } from '../../api/endpoints/projects.js';
import { UsageError } from '../../errors.js';
import type { ResourceSpec } from '../resource/spec.js';
import { declarePipeline } from '../pipeline/declare.js';

export const projectsSpec: ResourceSpec = {
  group: 'projects',
  noun: 'project',
  paths: projectPaths,
  verbs: ['list', 'get', 'create', 'update', 'delete'],
  columns: [
    { key: 'id', kind: 'int' },
    { key: 'name' },
    // the customer by name (list and get embed it), its id for scripts
    { key: 'customer.name', header: 'customer' },
    { key: 'customer_id', kind: 'int', default: false },
    { key: 'project_type', header: 'type' },
    { key: 'hourly_rate', header: 'rate', kind: 'money' },
    { key: 'budget', kind: 'money' },
    { key: 'budget_usage.used_string', header: 'budget used' },
    { key: 'open_times.readable', header: 'open time' },
    { key: 'archived', kind: 'bool' },
    { key: 'notes', default: false },
    { key: 'kanban_status', default: false },
    { key: 'start_date', kind: 'date', default: false },
    { key: 'end_date', kind: 'date', default: false },
    { key: 'times_count', kind: 'int', default: false },
    { key: 'tasks_count', kind: 'int', default: false },
    { key: 'invoices_count', kind: 'int', default: false },
    { key: 'proposals_count', kind: 'int', default: false },
    { key: 'entries_count', kind: 'int', default: false },
    { key: 'budget_usage.total_time', header: 'total time', default: false },
    { key: 'budget_usage.billable_time_total', header: 'billable time', default: false },
    { key: 'budget_usage.non_billable_time_total', header: 'non-billable time', default: false },
    { key: 'budget_usage.billable_sum', header: 'billable sum', kind: 'money', default: false },
    { key: 'budget_usage.total_sum_invoiced', header: 'invoiced', kind: 'money', default: false },
    { key: 'budget_usage.total_sum_open', header: 'open sum', kind: 'money', default: false },
    { key: 'budget_usage.used_chf', header: 'used', kind: 'money', default: false },
    { key: 'budget_usage.remaining', header: 'remaining', kind: 'money', default: false },
    { key: 'budget_usage.used_percentage', header: 'used %', kind: 'int', default: false },
    { key: 'budget_usage.remaining_percentage', header: 'remaining %', kind: 'int', default: false },
    { key: 'budget_usage.billability', header: 'billability %', kind: 'int', default: false },
    { key: 'budget_usage.no_budget', header: 'no budget', kind: 'bool', default: false },
    { key: 'open_times.sortable', header: 'open minutes', kind: 'int', default: false },
    { key: 'company_id', kind: 'int', default: false },
    { key: 'user_id', kind: 'int', default: false },
    { key: 'created_at', kind: 'datetime', default: false },
    { key: 'updated_at', kind: 'datetime', default: false },
  ],
  filters: [
    {
      flag: 'customer',
      param: 'filter[customer_id]',
      type: 'string',
      ref: 'customer',
      description: 'only projects of this customer (number or exact name)',
    },
    {
      flag: 'archived',
      param: 'filter[archived]',
      type: 'bool',
      description: 'only archived projects (--no-archived: only active ones)',
      negation: 'only active projects',
    },
    {
      flag: 'include',
      param: 'include',
      type: 'enum',
      choices: ['customer'],
      description: 'embed the customer (the default)',
    },
  ],
  fields: [
    { flag: 'name', key: 'name', type: 'string', required: true, description: 'project name' },
    {
      flag: 'customer',
      key: 'customer_id',
      type: 'string',
      ref: 'customer',
      requiredUnless: 'newCustomerName',
      description: 'customer number or exact name',
    },
    {
      flag: 'new-customer',
      key: 'newCustomerName',
      type: 'string',
      description: 'create only: a new customer with this name for the project (instead of --customer)',
    },
    { flag: 'hourly-rate', key: 'hourly_rate', type: 'decimal', description: 'hourly rate in CHF, e.g. 120 or 137.50' },
    { flag: 'budget', key: 'budget', type: 'decimal', description: 'budget in CHF' },
    {
      flag: 'type',
      key: 'project_type',
      type: 'enum',
      choices: PROJECT_TYPES,
      description: 'billing: byHour (default), fixedBudget or fixedPrice',
    },
    {
      flag: 'start',
      key: 'start_date',
      type: 'date',
      description: 'start date (YYYY-MM-DD, dd.mm.yyyy, today, +3d …)',
    },
    {
      flag: 'end',
      key: 'end_date',
      type: 'date',
      description: 'end date (YYYY-MM-DD, dd.mm.yyyy, today, +3d …; not before the start)',
    },
    { flag: 'kanban-status', key: 'kanban_status', type: 'string', description: 'free-text board column' },
    { flag: 'notes', key: 'notes', type: 'string', description: 'notes' },
    { flag: 'archived', key: 'archived', type: 'bool', description: 'archive the project' },
  ],
  lookup: { param: 'filter[name]', nameKey: 'name' },
  refKind: 'project',
  bulk: { archive: { method: 'POST', key: 'archive' }, delete: true, keptBecause: 'invoiced time; archive instead' },
  examples: {
    list: [
      'acct projects list',
      'acct projects list --customer "Muster AG" --no-archived',
      'acct projects list --fields id,name,customer.name,budget_usage.used_string',
    ],
    get: ['acct projects get 12', 'acct projects get Website --json'],
    create: [
      'acct projects create --name Website --customer 1001 --hourly-rate 120 --budget 8000',
      'acct projects create --name Audit --new-customer "Neu AG" --type fixedPrice --budget 4500 --start today',
    ],
    update: [
      'acct projects update Website --end 2025-12-31 --kanban-status "in progress"',
      'acct projects update 12 --customer "Muster AG" --type fixedBudget',
    ],
    delete: ['acct projects delete Website --yes'],
    archive: ['acct projects archive Website 14'],
    unarchive: ['acct projects unarchive id:14'],
    'bulk-delete': ['acct projects bulk-delete 12 14 Website --yes'],
  },
  setup: {
    list: { include: 'customer' },
    get: { include: 'customer' },
    update: {
      // the API creates a customer only with a new project; an update would ignore the name silently
      preAction: (cmd) => {
        if (cmd.opts().newCustomer !== undefined)
          throw new UsageError('--new-customer works only with create; create the customer first, then use --customer');
      },
    },
  },
  extend(group) {
    declarePipeline(group, {
      what: 'projects',
      map: async () => (await import('./csv.js')).projectsCsv,
      filters: projectsSpec.filters!.filter((f) => f.flag !== 'include'),
    });
  },
};
