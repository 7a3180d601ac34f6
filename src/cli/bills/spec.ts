// `acct bills …`: supplier bills (Kreditoren, docs/service/bills.md). The generic verbs come from the
// spec; add (a bill from its QR-bill), mark-as, attach and pay are the group's own (their modules load when they run).
import { Option } from 'commander';
import { BILL_STATUSES, billPaths } from '../../api/endpoints/bills.js';
import { examplesText, REF_HELP } from '../resource/declare.js';
import type { ResourceSpec } from '../resource/spec.js';
import { lazy } from '../verb.js';
import { BILL_COLUMNS, BILL_FIELDS, BILL_FILTERS, detailColumns } from './fields.js';

const ADD_HELP = `
Finds the Swiss QR code on the PDF's pages (or in the PNG or JPEG), checks its payload by the SIX
Implementation Guidelines QR-bill 2.3 and enters the bill: supplier and address, IBAN, reference,
message, amount and currency from the code, the file attached as the receipt. Each rule the payload
breaks is named by field (exit 3); a file without a QR-bill is exit 5; a bill whose IBAN and reference
were entered before is refused (exit 6). Nothing is entered unless everything is.
On a terminal the expense account and the VAT rate are asked, proposing what the last bill of the same
creditor IBAN got. Without a terminal (or with --no-input) --account is required; --tax-rate is then
none unless given. An amount the QR-bill leaves open needs --amount; a bill in EUR --amount-chf.
--qr-text - reads the payload from stdin instead (the text a QR scanner app read); FILE, when given
too, is attached as the receipt.`;

const PAY_HELP = `Writes an ISO 20022 pain.001.001.09 file by the Swiss Payment Standards (pain.001.001.09.ch.03) for
e-banking: one payment block per debtor account and execution date, one payment per bill with the
creditor's IBAN or QR-IBAN, name and address, amount and currency and its reference (QRR, SCOR, else
the message). The bills: those named (number or id), else every open bill (due on or before
--due-before). Each is paid on --execute-on, else on its due date (today when that has passed), from
--from-account, else its own bank account, else the primary one; that account needs an IBAN.
Only open bills are paid. Before anything is written the command stops on a bill without an amount
or with an invalid IBAN, or a bank account without an IBAN (exit 3), on nothing to pay (exit 5), and
on a named bill that is not open (exit 6). After the file is written the
bills become scheduled with its message id (all or none). --dry-run lists the payments and writes nothing.
An existing --out is replaced only with --force (else exit 6).`;

export const billsSpec: ResourceSpec = {
  group: 'bills',
  noun: 'bill',
  paths: billPaths,
  verbs: ['list', 'get', 'create', 'update', 'delete'],
  columns: BILL_COLUMNS,
  filters: BILL_FILTERS,
  fields: BILL_FIELDS,
  // a bill is taken by its number (K-2026-004) or id
  refKind: 'bill',
  examples: {
    list: [
      'acct bills list --status open --due-before 2026-12-31',
      'acct bills list --supplier druck --all -o csv > kreditoren.csv',
    ],
    get: ['acct bills get K-2026-001', 'acct bills get 7 --json'],
    create: [
      'acct bills create --supplier-name "Muster Druck AG" --supplier-street Hauptstrasse --supplier-building 1 ' +
        '--supplier-zip 8000 --supplier-city Zürich --iban "CH93 0076 2011 6238 5295 7" --reference-type SCOR ' +
        '--reference "RF18 5390 0754 7034" --amount 108.10 --bill-date 2026-11-20 --due-date 2026-12-20 --account ' +
        '4400 --tax-rate "Vorsteuer 8.1 %" --receipt rechnung.pdf',
    ],
    update: [
      'acct bills update K-2026-001 --due-date 2026-12-31 --message "Rechnung 4711"',
      'acct bills edit K-2026-001 --amount 1081.00 --tax-rate "Vorsteuer 8.1 %"',
    ],
    delete: ['acct bills delete K-2026-001 --yes'],
  },
  setup: {
    get: { columns: detailColumns(BILL_COLUMNS) },
    create: {
      options: [new Option('--receipt <file>', 'attach this file (PDF, PNG, JPEG) as the receipt')],
      action: lazy(() => import('./create.js')),
    },
  },
  extend(group) {
    group.commands.find((c) => c.name() === 'update')?.alias('edit');
    group
      .command('add')
      .argument('[file]', 'the bill: a PDF, PNG or JPEG with its QR-bill')
      .description(
        'enter a supplier bill from its Swiss QR-bill (PDF, PNG, JPEG or the payload text) and attach the file',
      )
      .option('--qr-text <source>', 'read the QR payload from - (stdin) or a text file instead of scanning FILE')
      .option('--account <account>', 'the expense account (number, e.g. 4400)')
      .option(
        '--tax-rate <rate>',
        'the VAT rate: id, name ("Vorsteuer 8.1 %"), a percentage only one input tax rate has, or none',
      )
      .option('--bill-date <date>', "the bill's date (default today)")
      .option('--due-date <date>', 'when it is due (default: bill date + the payment term)')
      .option(
        '--amount <amount>',
        "the amount, required when the QR-bill leaves it open (else it replaces the QR-bill's)",
      )
      .option('--amount-chf <amount>', 'the CHF a bill in EUR is booked with')
      .addHelpText(
        'after',
        `${ADD_HELP}
${examplesText([
  'acct bills add rechnung.pdf',
  'acct bills add foto.jpg --account 4400 --tax-rate "Vorsteuer 8.1 %" --no-input',
  'acct bills add rechnung.pdf --account 6500 --tax-rate none --due-date 2026-12-31',
  "acct bills add --qr-text - --account 6510 --amount 120.50 < zahlteil.txt     # a QR scanner app's text",
])}`,
      )
      .action(lazy(() => import('./add.js')));
    group
      .command('mark-as')
      .argument('<bill>', REF_HELP.bill!)
      .argument('<status>', BILL_STATUSES.join(', '))
      .description('move a bill: open → scheduled → paid, back, or cancelled (paid books the payment)')
      .option('--paid-date <date>', 'with paid: the day it was paid (default: today)')
      .option('--bank-account <account>', 'with paid: the bank account it was paid from (number or exact name)')
      .addHelpText(
        'after',
        examplesText([
          'acct bills mark-as K-2026-001 paid --paid-date 2026-12-03 --bank-account 1020',
          'acct bills mark-as K-2026-001 open',
        ]),
      )
      .action(lazy(() => import('./mark-as.js')));
    group
      .command('attach')
      .argument('<bill>', REF_HELP.bill!)
      .argument('<file>', 'the receipt: PDF, PNG or JPEG, at most 6 MB')
      .description('attach the receipt of a bill (replaces the one it had)')
      .addHelpText('after', examplesText(['acct bills attach K-2026-001 rechnung.pdf']))
      .action(lazy(() => import('./attach.js')));
    group
      .command('pay')
      .argument('[bill...]', 'bills to pay: numbers (K-2026-004) or ids; default every open bill')
      .description('write the pain.001 payment file of open bills for e-banking; they become scheduled')
      .option('--due-before <date>', 'without bills named: the open bills due on or before this day')
      .option('--execute-on <date>', "the day the bank pays (default: each bill's due date, today if past)")
      .option(
        '--from-account <account>',
        "the bank account to pay from (number or exact name; default: each bill's, else the primary one)",
      )
      .option('--out <file>', 'the pain.001 file to write')
      .option('--force', 'replace --out when it exists (otherwise exit 6)')
      .option('--dry-run', 'list the payments the file would hold; write nothing, change nothing')
      .addHelpText(
        'after',
        `${examplesText([
          'acct bills pay --due-before 2026-12-05 --out zahlungen.xml',
          'acct bills pay K-2026-001 K-2026-002 --execute-on 2026-12-01 --from-account 1020 --out zahlungen.xml',
          'acct bills pay --dry-run',
        ])}
${PAY_HELP}`,
      )
      .action(lazy(() => import('./pay.js')));
  },
};
