// `acct import …`: the bank import (issue 11). CAMT statements are uploaded, each transaction becomes an
// import entry; the bookkeeper gives the open ones a counter account (update, or review on a terminal)
// or ignores them, and process books the ready ones. Declarations only; every verb loads its module on use.
import { Option } from 'commander';
import { importEntryPaths } from '../../api/endpoints/import-entries.js';
import { examplesText } from '../resource/declare.js';
import type { ResourceSpec } from '../resource/spec.js';
import { lazy } from '../verb.js';
import { DETAIL_COLUMNS, IMPORT_COLUMNS, IMPORT_FIELDS, IMPORT_FILTERS } from './fields.js';

const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

const GROUP_HELP = `
The month's bank statement, step by step:
  acct import upload-camt auszug-2026-03.xml --bank-account 1020
  acct import review                     # on a terminal: an account, VAT rate and text for each open transaction
  acct import process --dry-run          # the bookings it would make
  acct import process
  acct import reconcile                  # the books against the bank's closing balance: "✓ agrees"

Amounts are signed: money received is positive, money paid negative. Ids are the id column of
acct import list.`;

const LIST_HELP = `
--status open (the default) lists the entries not yet processed or deleted; ready those with a counter
account or ignored; not-ready the rest; deleted the deleted ones (a new upload still skips them).
The rule column names the learned rule that filled an entry: the booking it was learned from and the
counterparty IBAN or name it matched ("A-2026-004 (name Swisscom (Schweiz) AG)").
Without --limit or --all the service answers 50 entries; --page and --per-page are turned into
--offset and --limit. On a terminal the open and ready counts go to stderr below the table.`;

const UPLOAD_HELP = `
Each file (a camt.052, .053 or .054 XML file, or a ZIP of such files, up to 50 MB) is one upload.
The statement's IBAN picks the bank account that has it. When none has it, --bank-account names the
account (without it: the only bank account without IBAN), and an account without IBAN gets the
statement's, so its next statements find it on their own. Otherwise, or when --bank-account names an
account with another IBAN, the command lists the bank accounts and exits 2 before anything is uploaded.
A statement without IBAN goes to --bank-account, else to the primary bank account.
Transactions already imported (the bank's reference with the same date, amount and direction) are
skipped as duplicates, each named on stderr with the import entry it duplicates; transactions the bank
has not booked yet (pending) or sends for information only are not imported and counted on stderr.
Incoming payments with an invoice's QR or SCOR reference (typed or not) are matched to that invoice;
outgoing payments to the open or scheduled supplier bill they pay (its QRR or SCOR reference, else its
amount to its creditor IBAN from the bill date to 30 days after the due date: "pays bill K-2026-004");
others get the counter account, VAT rate and text of the last processed entry of the same
counterparty in the same direction (ready by rule). A statement with balances (camt.053): its closing
balance, a warning when opening + movements do not add up to it, and the books at its date. Prints per
file and in total: created, duplicates, matched, ready (-o json: one object, with skipped_pending,
skipped_info, skipped_duplicates, assigned_ibans and statements). A file the service refuses (not
CAMT, another currency) is named with the reason on stderr; the other files are still uploaded and the
command exits 3. A service that does not report the counts is said on stderr; the open and ready
counts follow in any case.`;

const PROCESS_HELP = `
Books every ready entry (income: debit the bank account, credit the counter account; expense: debit the
counter account, credit the bank account) and deletes the ignored ones. Prints created, ignored and
every entry the bookkeeping refused (closed period, revenue cap, invoice or bill paid already …) with the
reason; those stay open and the command exits 6. No ready entry is no failure: it says "nothing to
book: 0 ready, N need an account" on stderr and exits 0, so "process --dry-run && process" fits a cron job.
An entry that pays a supplier bill marks the bill paid with its payment booking (acct bills shows it).
--dry-run lists the bookings it would make from the ready entries (the service runs processing and
rolls it back: nothing is booked), with the bill each pays and the learned rule that chose each
counter account.`;

const RECONCILE_HELP = `
The last step of the month: the bank account's balance in the books beside the closing balance of the
latest uploaded statement (camt.053) of that account, or with --date the latest closing on or before
that day. The books are read at the statement's date (its latest booking date when the bank dated an
entry after the closing balance). Prints both and "✓ agrees", or the difference and the open import
entries up to that date that explain it (not yet processed). Without --bank-account: the bank account
with uploaded statements (several: exit 2 naming them). Exit 0 when the books agree, 8 when they differ
(see the exit codes), 5 when no statement with a closing balance was uploaded. -o json: every figure.`;

const REVIEW_HELP = `
Interactive (a terminal is needed; elsewhere exit 2): the open entries without a counter account,
oldest first. For each: date, amount, counterparty, text and a similar booking if one exists; then
the counter account (type a number or part of a name; case and umlauts do not matter: "erlo" finds
Erlöse), the VAT rate among those that hold on the entry's date (default: the one most used on the
account's earlier bookings, as the rate of that date) and the text. Or choose ignore, or skip (it comes back next time).
Every answer is saved at once, so Ctrl-C loses nothing and running review again resumes. Ends with a
summary and offers to process the ready entries.`;

export const importSpec: ResourceSpec = {
  group: 'import',
  noun: 'import entry',
  paths: importEntryPaths,
  verbs: ['list', 'get', 'update'],
  columns: IMPORT_COLUMNS,
  filters: IMPORT_FILTERS,
  fields: IMPORT_FIELDS,
  examples: {
    list: [
      'acct import list',
      'acct import list --status not-ready --all',
      'acct import list --search "Muster AG" -o csv > muster.csv',
      'acct import list --search 1081.50 --status deleted',
    ],
    get: ['acct import get 42', 'acct import get 42 --json'],
    update: [
      'acct import update 42 --account 6500 --tax-rate "Vorsteuer 8.1 %" --description "Büromaterial"',
      'acct import update 45 46 47 --account 6940     # several: the same change for each, all or none',
      'acct import update 43 --invoice R-2026-001',
      'acct import update 44 --tax-rate none --tag software --tag travel',
    ],
  },
  setup: {
    list: {
      description: 'list imported bank transactions (amount signed: expenses negative)',
      options: [new Option('--offset <n>', 'skip the first N entries')],
      help: LIST_HELP,
      action: lazy(() => import('./list.js')),
    },
    get: {
      description: 'show one imported bank transaction',
      columns: DETAIL_COLUMNS,
      action: lazy(() => import('./get.js')),
    },
    update: {
      description: 'give imported transactions their counter account, VAT rate, text, invoice or tags',
      variadic: true,
      options: [
        new Option('--tag <tag>', 'tag by name or id (repeatable; replaces the tags; none removes them)').argParser(
          collect,
        ),
      ],
      action: lazy(() => import('./write.js'), 'update'),
    },
  },
  extend(group) {
    group.addHelpText('after', GROUP_HELP);

    group
      .command('upload-camt')
      .argument('<file...>', 'CAMT XML files or ZIPs of them')
      .description('upload bank statements (CAMT.052/.053/.054, or ZIPs); one upload per file')
      .option(
        '--bank-account <account>',
        "the bank account (number, e.g. 1020; default: the one with the statement's IBAN)",
      )
      .addHelpText(
        'after',
        `${UPLOAD_HELP}
` +
          examplesText([
            'acct import upload-camt auszug-2026-03.xml',
            'acct import upload-camt camt-*.xml --bank-account 1020',
            'acct import upload-camt export.zip --json',
          ]),
      )
      .action(lazy(() => import('./upload.js')));

    group
      .command('ignore')
      .argument('<id...>', 'import entry ids')
      .description('mark entries to be ignored: they are ready and process deletes them instead of booking')
      .addHelpText('after', examplesText(['acct import ignore 41 42', 'acct import reset 41     # undoes it']))
      .action(lazy(() => import('./write.js'), 'ignore'));

    group
      .command('reset')
      .argument('<id>', 'import entry id')
      .description("remove counter account, VAT rate, invoice, bill, tags and ignore; restore the bank's text")
      .addHelpText('after', examplesText(['acct import reset 42']))
      .action(lazy(() => import('./write.js'), 'reset'));

    group
      .command('delete')
      .alias('rm')
      .argument('[id...]', 'import entry ids')
      .description('delete open entries (asks to confirm; --yes in scripts); a new upload still skips them')
      .option('--all', 'every open entry')
      .addHelpText(
        'after',
        `${examplesText(['acct import delete 41 42', 'acct import delete --all --yes'])}
Deleted entries are listed with --status deleted. None of the ids open: exit 6.`,
      )
      .action(lazy(() => import('./delete.js')));

    group
      .command('process')
      .description('book the ready entries and delete the ignored ones')
      .option('--dry-run', 'list the bookings it would make; send nothing')
      .addHelpText(
        'after',
        `${PROCESS_HELP}
${examplesText(['acct import process --dry-run', 'acct import process', 'acct import process --json'])}`,
      )
      .action(lazy(() => import('./process.js')));

    const receipt = group
      .command('receipt')
      .description('the receipt of an imported transaction (it moves to the booking)')
      .addHelpText(
        'after',
        examplesText([
          'acct import receipt add 42 quittung.pdf',
          'acct import receipt url 42',
          'acct import receipt remove 42',
        ]),
      );
    receipt
      .command('add')
      .argument('<id>', 'import entry id')
      .argument('<file>', 'the receipt (at most 6 MB)')
      .description('attach a receipt (replaces an earlier one)')
      .addHelpText('after', examplesText(['acct import receipt add 42 quittung.pdf']))
      .action(lazy(() => import('./receipt.js'), 'add'));
    receipt
      .command('remove')
      .alias('rm')
      .argument('<id>', 'import entry id')
      .description('remove the receipt')
      .addHelpText('after', examplesText(['acct import receipt remove 42']))
      .action(lazy(() => import('./receipt.js'), 'remove'));
    receipt
      .command('url')
      .argument('<id>', 'import entry id')
      .description('print a link to the receipt, valid 15 minutes (-o json: with expires_at)')
      .addHelpText('after', examplesText(['acct import receipt url 42', 'open "$(acct import receipt url 42)"']))
      .action(lazy(() => import('./receipt.js'), 'url'));

    group
      .command('reconcile')
      .description(
        'hold the bank account in the books against the bank\'s closing balance: "✓ agrees" or the difference',
      )
      .option(
        '--bank-account <account>',
        'the bank account (number, e.g. 1020; default: the one with uploaded statements)',
      )
      .option('--date <date>', 'the statement closing on or before this day (default: the latest)')
      .addHelpText(
        'after',
        `${RECONCILE_HELP}
` +
          examplesText([
            'acct import reconcile',
            'acct import reconcile --bank-account 1020 --date 2026-03-31',
            'acct import reconcile --json',
          ]),
      )
      .action(lazy(() => import('./reconcile.js')));

    group
      .command('review')
      .description(
        'go through the open transactions on a terminal: counter account, VAT rate, text; or ignore, or skip',
      )
      .addHelpText(
        'after',
        `${REVIEW_HELP}
${examplesText(['acct import review'])}`,
      )
      .action(lazy(() => import('./review.js')));
  },
};
