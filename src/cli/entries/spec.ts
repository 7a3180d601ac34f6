import { Option } from 'commander';
import { entryPaths } from '../../api/endpoints/entries.js';
import { addFilterFlags, addListFlags, examplesText } from '../resource/declare.js';
import { lazy } from '../verb.js';
import type { ResourceSpec } from '../resource/spec.js';
import { ENTRY_COLUMNS, ENTRY_FIELDS, ENTRY_FILTERS } from './fields.js';
import { declarePipeline } from '../pipeline/declare.js';

export const entriesSpec: ResourceSpec = {
  group: 'entries',
  noun: 'booking',
  paths: entryPaths,
  verbs: ['list', 'get', 'create', 'update', 'delete'],
  columns: ENTRY_COLUMNS,
  filters: ENTRY_FILTERS,
  fields: ENTRY_FIELDS,
  // a booking is taken by its number (E-2026-001) or id, wherever one is taken
  refKind: 'entry',
  examples: {
    list: [
      'acct entries list --from 2025-01-01 --to 2025-03-31',
      'acct entries list --account 1020 --type income --all',
      'acct entries list --tax-rate "MWST 8.1 %" --receipt without --sort=-sum',
      'acct entries list --customer 1001 --billable --no-invoiced -o csv > offen.csv',
    ],
    get: ['acct entries get E-2026-001', 'acct entries get 42 --json'],
    create: [
      'acct entries create --date today --debit 1020 --credit 3400 --sum 1081.00 --tax-rate "MWST 8.1 %" ' +
        '--description "Beratung März"',
      'acct entries create --date 2025-03-31 --debit 6000 --credit 1020 --sum 2500 --description Miete --tags rent ' +
        '--receipt mietvertrag.pdf',
      'acct entries create --date 2025-04-02 --debit 6570 --credit 1020 --sum 86.45 --tax-rate "Vorsteuer 8.1 %" ' +
        '--new-tag software:blue',
      'acct entries create --date 2016-04-29 --debit 1020 --credit 3400 --sum 540 --tax-rate 8.1   # MWST 8.0 %, ' +
        'the rate of 2016',
    ],
    update: [
      'acct entries update E-2026-001 --sum 1200.00',
      'acct entries update 42 --tax-rate none --tags travel,rent',
      'acct entries update A-2026-007 --receipt quittung.jpg',
    ],
    delete: ['acct entries delete E-2026-001 --yes'],
  },
  setup: {
    list: { action: lazy(() => import('./list.js')) },
    get: { action: lazy(() => import('./get.js')) },
    create: { options: [newTagOption()], action: lazy(() => import('./write.js'), 'create') },
    update: { options: [newTagOption()], action: lazy(() => import('./write.js'), 'update') },
  },
  extend(group) {
    declarePipeline(group, {
      what: 'bookings',
      map: async () => (await import('./csv.js')).entriesCsv,
      filters: ENTRY_FILTERS,
      ledger: true,
      examples: {
        export: [
          'acct entries export --from 2026-01-01 --to 2026-01-31 --out buchungen-2026-01.csv',
          'acct entries export -o ledger | hledger -f - bal',
        ],
        import: ['acct entries import buchungen.csv --write-ids buchungen-mit-ids.csv'],
      },
    });
    addFilterFlags(
      addListFlags(
        group
          .command('grouped')
          .description('bookings by entry group (one row per group or ungrouped booking); takes the list filters'),
      ),
      ENTRY_FILTERS,
    )
      .addHelpText(
        'after',
        examplesText([
          'acct entries grouped --from 2025-01-01 --to 2025-12-31',
          'acct entries grouped --account 1020 --all --json',
        ]),
      )
      .action(lazy(() => import('./list.js'), 'grouped'));
    group
      .command('number')
      .argument('<type>', 'income, expense or swap')
      .description('print the next free booking number of a type and year (or whether --number is free)')
      .option('--year <year>', 'year (default: the current one)')
      .option('--number <n>', 'this running number when it is free, else the next free one')
      .addHelpText(
        'after',
        examplesText([
          'acct entries number income',
          'acct entries number expense --year 2024',
          'acct entries number income --number 7',
        ]),
      )
      .action(lazy(() => import('./number.js')));
  },
};

function newTagOption(): Option {
  return new Option(
    '--new-tag <name:color>',
    'create a tag and attach it (repeatable), e.g. --new-tag software:blue',
  ).argParser(collect);
}

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}
