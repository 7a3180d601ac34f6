// `acct times …`: time entries. list, get, create and update have their own actions (durations,
// --week timesheets, grouped listings, the project embedded for the table); delete is the generic one.
import { Option } from 'commander';
import { timePaths } from '../../api/endpoints/times.js';
import { examplesText } from '../resource/declare.js';
import { lazy } from '../verb.js';
import type { ResourceSpec } from '../resource/spec.js';
import { TIME_COLUMNS } from '../shared/time-entries.js';
import { TIME_FILTERS, TIME_STATUSES } from './fields.js';
import { declarePipeline } from '../pipeline/declare.js';

const GROUP_BY = ['date', 'project', 'week'] as const;

const WEEK_HELP = `
--week [YYYY-Www] prints a timesheet of an ISO week (default: the current one): one row per project,
the columns mon … sun and total, and a last row "Total". The table shows H:MM; tsv, csv, json and
ndjson give the same rows with integer minutes (keys project_id, project, mon, tue, wed, thu, fri,
sat, sun, total; the totals row has an empty project_id). The other filters apply to it too.

--group-by date|project|week prints the service's totals per day, per project (with the average
hourly rate) or per ISO week (with a column per weekday), durations as --week does.

Durations in tables are H:MM.`;

export const timesSpec: ResourceSpec = {
  group: 'times',
  noun: 'time entry',
  paths: timePaths,
  verbs: ['list', 'get', 'create', 'update', 'delete'],
  columns: TIME_COLUMNS,
  filters: TIME_FILTERS,
  fields: [
    {
      flag: 'project',
      key: 'project_id',
      type: 'string',
      ref: 'project',
      required: true,
      description: 'project id or exact name (asked on a terminal when missing)',
    },
    {
      flag: 'date',
      key: 'date',
      type: 'string',
      description: 'day of the work: YYYY-MM-DD, dd.mm.yyyy, today (default on create), yesterday, -2d',
    },
    {
      flag: 'duration',
      key: 'duration',
      type: 'string',
      description: 'how long: 1:30, 1h30m, 1h, 90m or 1.5h (or --start with --end)',
    },
    { flag: 'start', key: 'start', type: 'string', description: 'start time HH:MM' },
    { flag: 'end', key: 'end', type: 'string', description: 'end time HH:MM (after --start, the same day)' },
    { flag: 'description', key: 'description', type: 'string', description: 'what was done' },
    { flag: 'task', key: 'task_id', type: 'string', ref: 'task', description: 'task id or exact title' },
    {
      flag: 'rate',
      key: 'hourly_rate',
      type: 'decimal',
      description: "hourly rate in CHF, e.g. 120.50 (default: the project's)",
    },
    {
      flag: 'billable',
      key: 'billable',
      type: 'bool',
      description: 'billable to the customer (--no-billable: not billable)',
    },
  ],
  examples: {
    list: [
      'acct times list --week',
      'acct times list --week 2025-W02 --user me',
      'acct times list --from 2025-01-01 --to 2025-01-31 --project Website --billable',
      'acct times list --status open --customer "Muster AG" -o csv > offen.csv',
      'acct times list --group-by project --from 2025-01-01 --to 2025-03-31',
    ],
    get: ['acct times get 42', 'acct times get 42 --json'],
    create: [
      'acct times create --project Website --duration 1:30 --description "Layout angepasst"',
      'acct times create --project Website --date yesterday --start 09:00 --end 10:30 --billable',
      'acct times create --project Support --duration 45m --task "Login-Fehler" --rate 120.50',
    ],
    update: [
      'acct times update 42 --duration 2h --description "Layout und Tests"',
      'acct times update 42 --status invoiced',
      'acct times update 42 --rate 140 --force     # an invoiced entry changes only with --force',
    ],
    delete: ['acct times delete 42 --yes'],
  },
  setup: {
    list: {
      description: 'list time entries, a week timesheet (--week) or totals (--group-by)',
      options: [
        new Option('--from <date>', 'first day: YYYY-MM-DD, dd.mm.yyyy, today, yesterday, -7d'),
        new Option('--to <date>', 'last day: YYYY-MM-DD, dd.mm.yyyy, today, yesterday'),
        new Option('--user <user>', 'only this user: a user id or "me"'),
        new Option(
          '--include <relations>',
          'embed relations: project, project.customer, task, user (comma-separated; default project)',
        ),
        new Option('--week [week]', 'timesheet of an ISO week, e.g. 2025-W02 (default: the current week)'),
        new Option('--group-by <mode>', 'totals per date, project or week').choices(GROUP_BY),
      ],
      help: WEEK_HELP,
      action: lazy(() => import('./list.js')),
    },
    get: {
      options: [
        new Option(
          '--include <relations>',
          'embed relations: project, project.customer, task, user (default project,task)',
        ),
      ],
      action: lazy(() => import('./get.js')),
    },
    create: { action: lazy(() => import('./create.js')) },
    update: {
      options: [
        new Option('--status <status>', 'open, invoiced or paid').choices(TIME_STATUSES),
        new Option('--force', 'change an invoiced entry beyond its status'),
      ],
      action: lazy(() => import('./update.js')),
    },
  },
  extend(group) {
    declarePipeline(group, {
      what: 'time entries',
      map: async () => (await import('./csv.js')).timesCsv,
      filters: [
        {
          flag: 'from',
          param: 'from',
          type: 'date',
          description: 'entries on or after this day (YYYY-MM-DD, dd.mm.yyyy, today, +3d …)',
        },
        {
          flag: 'to',
          param: 'to',
          type: 'date',
          description: 'entries on or before this day (YYYY-MM-DD, dd.mm.yyyy, today, +3d …)',
        },
        ...TIME_FILTERS,
      ],
      viaApi: {
        action: lazy(() => import('./import.js')),
        help: `the columns of the API's time import: date (required), project_id (required), hours and
minutes (required unless start and end are given), description, hourly_rate, billable (true/false, 1/0,
ja/nein), start and end (HH:MM), task_id, service_id; ",", ";" or tab; the first data row is row 2. Every
skipped row goes to stderr as "row N: message"; exit 0 unless --strict.`,
      },
      examples: {
        export: ['acct times export --from 2026-01-01 --to 2026-03-31 --project Website'],
        import: ['acct times import zeiten.csv --via-api --strict'],
      },
    });

    group
      .command('bulk-update')
      .argument('<id...>', 'time entry ids')
      .description('change several time entries at once (only open entries change)')
      .option('--project <project>', 'move them to this project (id or exact name)')
      .option('--date <date>', 'day: YYYY-MM-DD, dd.mm.yyyy, today, yesterday')
      .option('--description <text>', 'description')
      .option('--rate <value>', 'hourly rate in CHF, e.g. 120.50')
      .option('--billable', 'billable')
      .option('--no-billable', 'not billable')
      .addHelpText(
        'after',
        examplesText([
          'acct times bulk-update 41 42 43 --billable --rate 120',
          'acct times bulk-update 41 42 --project Website --date 2025-01-06',
        ]),
      )
      .action(lazy(() => import('./bulk-update.js')));

    group
      .command('bulk-delete')
      .argument('<id...>', 'time entry ids')
      .description('delete several time entries (asks to confirm; --yes in scripts); invoiced and paid ones are kept')
      .addHelpText('after', examplesText(['acct times bulk-delete 41 42 43 --yes']))
      .action(lazy(() => import('./bulk-delete.js')));
  },
};
