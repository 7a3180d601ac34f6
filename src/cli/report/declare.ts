// `acct report …`: the declarations only (cheap at start-up); each report loads its module on use.
import type { Command } from 'commander';
import { claimOutputFormat } from '../globals.js';
import { examplesText } from '../resource/declare.js';
import { lazy } from '../verb.js';

const PERIOD_FORMS = '2025, 2025Q1, 2025-03, 2025-03-15, thismonth, lastmonth, thisquarter, lastyear, ytd …, A..B';
const PERIOD =
  'missing dates: the calendar year (only --from: to 31.12. of its year; only --to: from 1.1. of its year)';

export function declareReports(report: Command): void {
  report.addHelpText(
    'after',
    examplesText([
      'acct report trial-balance --from 2025-01-01 --to 2025-12-31',
      'acct report balance-sheet --date 2025-12-31',
      'acct report income-statement -p 2025 --monthly',
      'acct report income-statement -p 2025-01..2025-06 --depth 2',
      'acct report ledger --account 1020 --from 2025-01-01 --to 2025-03-31',
      'acct report vat --from 2025-01-01 --to 2025-06-30',
      'acct report chart --period 2025',
    ]),
  );
  const period = (cmd: Command) =>
    cmd
      .option('-p, --period <expr>', `the period: ${PERIOD_FORMS} (or --from/--to)`)
      .option(
        '--from <date>',
        `first day of the period: a day, or the first day of a period expression like 2025-03 (${PERIOD})`,
      )
      .option('--to <date>', 'last day of the period: a day, or the last day of a period expression like 2025-03');
  const columns = (cmd: Command) =>
    cmd
      .option('-M, --monthly', 'a column per month (with total and average)')
      .option('-Q, --quarterly', 'a column per quarter (with total and average)')
      .option('-Y, --yearly', 'a column per year (with total and average)')
      .option('--depth <n>', 'roll accounts up by number: 1 classes, 2 groups (10, 20, 34 …), 3, 4 the accounts');
  columns(
    period(
      report
        .command('trial-balance')
        .alias('tb')
        .description('every account with a non-zero balance, on the debit or credit side; the totals must be equal'),
    ),
  )
    .addHelpText(
      'after',
      examplesText([
        'acct report trial-balance --from 2025-01-01 --to 2025-12-31',
        'acct report trial-balance -o csv > saldenliste.csv',
        'acct report trial-balance -p 2025 --quarterly',
      ]),
    )
    .action(lazy(() => import('./trial-balance.js')));
  columns(
    report
      .command('balance-sheet')
      .alias('bs')
      .description(
        'assets against liabilities and equity (with the profit/loss rows) at a date, or at the end of each month, ' +
          'quarter or year',
      )
      .option(
        '--date <date>',
        'the balance sheet date: a day, or the last day of a period like 2025-03 (default today)',
      )
      .option(
        '-p, --period <expr>',
        `with --monthly, --quarterly or --yearly: the periods whose ends are shown (${PERIOD_FORMS}; default this ` +
          `year); alone: the balance at its last day`,
      ),
  )
    .addHelpText(
      'after',
      examplesText([
        'acct report balance-sheet --date 2025-12-31',
        'acct report balance-sheet --json',
        'acct report balance-sheet -p 2025 --quarterly --depth 2',
      ]),
    )
    .action(lazy(() => import('./balance-sheet.js')));
  columns(
    period(
      report
        .command('income-statement')
        .alias('is')
        .description('income and expense accounts of the period with subtotals and the profit or loss'),
    ),
  )
    .addHelpText(
      'after',
      examplesText([
        'acct report income-statement --from 2025-01-01 --to 2025-12-31',
        'acct report income-statement --to 2025-06-30 -o tsv',
        'acct report income-statement -p 2025 --monthly -o csv',
      ]),
    )
    .action(lazy(() => import('./income-statement.js')));
  period(
    report
      .command('ledger')
      .description('every posting to one account with a running balance (tax accounts: the VAT shares)')
      .option('--account <account>', 'account number (e.g. 1020), exact name, or id:N'),
  )
    .addHelpText(
      'after',
      examplesText([
        'acct report ledger --account 1020 -p lastmonth',
        'acct report ledger --account 1020 --from 2025-01-01 --to 2025-03-31',
        'acct report ledger --account 2200 -o csv',
      ]),
    )
    .action(lazy(() => import('./ledger.js')));
  const vat = period(
    report
      .command('vat')
      .description(
        'the Swiss VAT return by box number (effective, net or flat tax rate method, as the company is set), or its ' +
          'eCH-0217 file for the ESTV portal',
      ),
  )
    .option('--out <file>', 'with -o xml: write the eCH-0217 file here')
    .option('--force', 'replace --out FILE when it exists (otherwise exit 6)')
    .option('--correction', 'with -o xml: a correction of a return already filed (type of submission 2)')
    .option('--annual-reconciliation', 'with -o xml: the annual reconciliation (type of submission 3)')
    .option('--reference <id>', 'with -o xml: the business reference id (default acct-UID-FROM-TO-TYPE)')
    .addHelpText(
      'after',
      examplesText([
        'acct report vat -p 2025Q1',
        'acct report vat --from 2025-01-01 --to 2025-06-30',
        'acct report vat -p 2026Q1 -o xml --out mwst-2026-q1.xml',
        'acct report vat -p 2025 -o xml --annual-reconciliation --out mwst-2025-abstimmung.xml',
      ]) +
        `
-o xml writes the eCH-0217 v2 file from the same figures; it needs the company's VAT settings
(acct server companies set --vat-number --vat-method --vat-period, and --vat-net-tax-rates for the net
or flat tax rate method).`,
    )
    .action(lazy(() => import('./vat.js')));
  claimOutputFormat(vat, 'xml', 'xml');
  const chart = period(
    report
      .command('chart')
      .description(
        'revenue, expenses and profit per period (or chosen accounts) as bars in the terminal, or as an SVG image',
      ),
  )
    .option('-M, --monthly', 'a group of bars per month (the default)')
    .option('-Q, --quarterly', 'a group of bars per quarter')
    .option('-Y, --yearly', 'a group of bars per year')
    .option(
      '--accounts <list>',
      'chart these accounts instead, by number (e.g. 3400,6000): income and expense accounts their movement, others ' +
        "their balance at each period's end",
    )
    .option('--out <file>', 'with -o svg: write the image to this file')
    .option('--force', 'replace --out FILE when it exists (otherwise exit 6)')
    .addHelpText(
      'after',
      examplesText([
        'acct report chart --period 2025',
        'acct report chart --period 2025 --quarterly --accounts 3400,6000',
        'acct report chart --period lastyear -o svg --out erfolg.svg',
        'acct report chart --period 2025 -o csv',
      ]) +
        `
-o svg writes the chart as an SVG image (--out FILE, or stdout when it is not a terminal); -o tsv, csv,
json or ndjson the figures, a row per period. Without -o: the bars, also when piped (no colour then).`,
    )
    .action(lazy(() => import('./chart.js')));
  claimOutputFormat(chart, 'svg', 'svg');
}
