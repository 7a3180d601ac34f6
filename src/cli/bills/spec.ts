// `acct bills …`: supplier bills (issue 25, docs/service/bills.md). Declarations only; every verb loads
// its module on use. `add` enters a bill from its QR-bill (add.ts, scan.ts).
import { billPaths } from '../../api/endpoints/bills.js';
import { examplesText } from '../resource/declare.js';
import type { ResourceSpec } from '../resource/spec.js';
import { lazy } from '../verb.js';

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

export const billsSpec: ResourceSpec = {
  group: 'bills',
  noun: 'bill',
  paths: billPaths,
  verbs: [],
  columns: [],
  examples: {},
  extend(group) {
    group.addHelpText('after', examplesText(['acct bills add rechnung.pdf', 'acct bills add foto.jpg --account 4400 --tax-rate "Vorsteuer 8.1 %" --no-input']));
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
  },
};
