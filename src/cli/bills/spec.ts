// `acct bills …`: supplier bills (Kreditoren, docs/service/bills.md). The generic verbs come from the
// spec; add (a bill from its QR-bill), mark-as, attach and pay are the group's own (their modules load when they run).
import { Option } from 'commander';
import { BILL_REFERENCE_TYPES, BILL_STATUSES, billPaths } from '../../api/endpoints/bills.js';
import type { Column } from '../../output/types.js';
import { examplesText, REF_HELP } from '../resource/declare.js';
import type { BodyField, FilterFlag, ResourceSpec } from '../resource/spec.js';
import { lazy } from '../verb.js';
import { detailColumns } from './columns.js';

/** Every bill field; `get` shows the ones marked in DETAIL_KEYS too. */
export const BILL_COLUMNS: Column[] = [
  { key: 'id', kind: 'int', default: false },
  { key: 'number', kind: 'code' },
  { key: 'supplier_name', header: 'supplier' },
  { key: 'due_date', header: 'due', kind: 'date' },
  { key: 'amount', kind: 'money', currencyKey: 'currency' },
  { key: 'currency', default: false },
  { key: 'status', kind: 'code' },
  { key: 'reference', kind: 'code' },
  { key: 'reference_type', header: 'reference type', kind: 'code', default: false },
  { key: 'iban', kind: 'code', default: false },
  { key: 'message', default: false },
  { key: 'amount_chf', header: 'amount CHF', kind: 'money', default: false },
  { key: 'bill_date', header: 'bill date', kind: 'date', default: false },
  { key: 'supplier_street', header: 'street', default: false },
  { key: 'supplier_building', header: 'building', default: false },
  { key: 'supplier_zip', header: 'zip', default: false },
  { key: 'supplier_city', header: 'city', default: false },
  { key: 'supplier_country', header: 'country', default: false },
  { key: 'expense_account_id', header: 'expense account id', kind: 'int', default: false },
  { key: 'tax_rate_id', header: 'tax rate id', kind: 'int', default: false },
  { key: 'bank_account_id', header: 'bank account id', kind: 'int', default: false },
  { key: 'expense_entry_id', header: 'expense booking id', kind: 'int', default: false },
  { key: 'payment_entry_id', header: 'payment booking id', kind: 'int', default: false },
  { key: 'paid_at', header: 'paid', kind: 'date', default: false },
  { key: 'payment_message_id', header: 'payment file', kind: 'code', default: false },
  { key: 'file.name', header: 'receipt', default: false },
  { key: 'company_id', kind: 'int', default: false },
  { key: 'created_at', kind: 'datetime', default: false },
  { key: 'updated_at', kind: 'datetime', default: false },
];


export const BILL_FILTERS: FilterFlag[] = [
  { flag: 'status', param: 'filter[status]', type: 'enum', choices: BILL_STATUSES, description: 'only bills of this status' },
  { flag: 'due-before', param: 'filter[due_before]', type: 'date', description: 'only bills due on or before this day' },
  { flag: 'supplier', param: 'filter[supplier]', type: 'string', description: 'suppliers whose name holds this text' },
  { flag: 'search', param: 'filter[search]', type: 'string', description: 'number, supplier, reference or message holding this text' },
];

export const BILL_FIELDS: BodyField[] = [
  { flag: 'supplier-name', key: 'supplier_name', type: 'string', required: true, description: 'the supplier (creditor), at most 70 characters' },
  { flag: 'supplier-street', key: 'supplier_street', type: 'string', description: 'its street' },
  { flag: 'supplier-building', key: 'supplier_building', type: 'string', description: 'its building number' },
  { flag: 'supplier-zip', key: 'supplier_zip', type: 'string', required: true, description: 'its postcode' },
  { flag: 'supplier-city', key: 'supplier_city', type: 'string', required: true, description: 'its town' },
  { flag: 'supplier-country', key: 'supplier_country', type: 'string', description: 'its country, two letters (default CH)' },
  { flag: 'iban', key: 'iban', type: 'string', required: true, description: 'the creditor\'s IBAN or QR-IBAN' },
  { flag: 'reference-type', key: 'reference_type', type: 'enum', choices: BILL_REFERENCE_TYPES, description: 'QRR (with a QR-IBAN), SCOR or NON (default)' },
  { flag: 'reference', key: 'reference', type: 'string', description: 'the QR reference (27 digits) or creditor reference (RF…)' },
  { flag: 'message', key: 'message', type: 'string', description: 'the unstructured message, at most 140 characters' },
  { flag: 'amount', key: 'amount', type: 'decimal', required: true, description: 'the amount in its currency, e.g. 1081.00' },
  { flag: 'currency', key: 'currency', type: 'enum', choices: ['CHF', 'EUR'], description: 'CHF (default) or EUR' },
  { flag: 'amount-chf', key: 'amount_chf', type: 'decimal', description: 'the CHF it is booked with (required for EUR)' },
  { flag: 'bill-date', key: 'bill_date', type: 'date', required: true, description: 'the bill\'s date' },
  { flag: 'due-date', key: 'due_date', type: 'date', description: 'due date (default: bill date + the payment term)' },
  { flag: 'account', key: 'expense_account_id', type: 'string', ref: 'account', required: true, description: 'the expense account: number (e.g. 4400) or exact name' },
  { flag: 'tax-rate', key: 'tax_rate_id', type: 'string', ref: 'tax-rate', description: 'the input tax rate: id or exact name (e.g. "Vorsteuer 8.1 %")' },
  { flag: 'bank-account', key: 'bank_account_id', type: 'string', ref: 'account', description: 'the bank account it is paid from: number (default: the primary one)' },
  { flag: 'number', key: 'number', type: 'string', description: 'the bill number (default: the next K-YYYY-NNN)' },
];

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
    list: ['acct bills list --status open --due-before 2026-12-31', 'acct bills list --supplier druck --all -o csv > kreditoren.csv'],
    get: ['acct bills get K-2026-001', 'acct bills get 7 --json'],
    create: [
      'acct bills create --supplier-name "Muster Druck AG" --supplier-street Hauptstrasse --supplier-building 1 --supplier-zip 8000 --supplier-city Zürich --iban "CH93 0076 2011 6238 5295 7" --reference-type SCOR --reference "RF18 5390 0754 7034" --amount 108.10 --bill-date 2026-11-20 --due-date 2026-12-20 --account 4400 --tax-rate "Vorsteuer 8.1 %" --receipt rechnung.pdf',
    ],
    update: ['acct bills update K-2026-001 --due-date 2026-12-31 --message "Rechnung 4711"', 'acct bills edit K-2026-001 --amount 1081.00 --tax-rate "Vorsteuer 8.1 %"'],
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
    group.command('add').argument('[file]', 'the bill: a PDF, PNG or JPEG with its QR-bill')
      .description('enter a supplier bill from its Swiss QR-bill (PDF, PNG, JPEG or the payload text) and attach the file')
      .option('--qr-text <source>', 'read the QR payload from - (stdin) or a text file instead of scanning FILE')
      .option('--account <account>', 'the expense account (number, e.g. 4400)')
      .option('--tax-rate <rate>', 'the VAT rate: id, name ("Vorsteuer 8.1 %"), a percentage only one input tax rate has, or none')
      .option('--bill-date <date>', 'the bill\'s date (default today)')
      .option('--due-date <date>', 'when it is due (default: bill date + the payment term)')
      .option('--amount <amount>', 'the amount, required when the QR-bill leaves it open (else it replaces the QR-bill\'s)')
      .option('--amount-chf <amount>', 'the CHF a bill in EUR is booked with')
      .addHelpText('after', `${ADD_HELP}
${examplesText([
    'acct bills add rechnung.pdf',
    'acct bills add foto.jpg --account 4400 --tax-rate "Vorsteuer 8.1 %" --no-input',
    'acct bills add rechnung.pdf --account 6500 --tax-rate none --due-date 2026-12-31',
    'acct bills add --qr-text - --account 6510 --amount 120.50 < zahlteil.txt     # a QR scanner app\'s text',
  ])}`)
      .action(lazy(() => import('./add.js')));
    group.command('mark-as').argument('<bill>', REF_HELP.bill!).argument('<status>', BILL_STATUSES.join(', '))
      .description('move a bill: open → scheduled → paid, back, or cancelled (paid books the payment)')
      .option('--paid-date <date>', 'with paid: the day it was paid (default: today)')
      .option('--bank-account <account>', 'with paid: the bank account it was paid from (number or exact name)')
      .addHelpText('after', examplesText(['acct bills mark-as K-2026-001 paid --paid-date 2026-12-03 --bank-account 1020', 'acct bills mark-as K-2026-001 open']))
      .action(lazy(() => import('./mark-as.js')));
    group.command('attach').argument('<bill>', REF_HELP.bill!).argument('<file>', 'the receipt: PDF, PNG or JPEG, at most 6 MB')
      .description('attach the receipt of a bill (replaces the one it had)')
      .addHelpText('after', examplesText(['acct bills attach K-2026-001 rechnung.pdf']))
      .action(lazy(() => import('./attach.js')));
    group.command('pay').argument('[bill...]', 'bills to pay: numbers (K-2026-004) or ids; default every open bill')
      .description('write the pain.001 payment file of open bills for e-banking; they become scheduled')
      .option('--due-before <date>', 'without bills named: the open bills due on or before this day')
      .option('--execute-on <date>', 'the day the bank pays (default: each bill\'s due date, today if past)')
      .option('--from-account <account>', 'the bank account to pay from (number or exact name; default: each bill\'s, else the primary one)')
      .option('--out <file>', 'the pain.001 file to write')
      .option('--force', 'replace --out when it exists (otherwise exit 6)')
      .option('--dry-run', 'list the payments the file would hold; write nothing, change nothing')
      .addHelpText('after', `${examplesText([
        'acct bills pay --due-before 2026-12-05 --out zahlungen.xml',
        'acct bills pay K-2026-001 K-2026-002 --execute-on 2026-12-01 --from-account 1020 --out zahlungen.xml',
        'acct bills pay --dry-run',
      ])}
${PAY_HELP}`)
      .action(lazy(() => import('./pay.js')));
  },
};
