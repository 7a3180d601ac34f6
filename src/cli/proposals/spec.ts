// `acct proposals …`: the verbs both document groups have (src/cli/documents), plus split
// (invoices for parts of a proposal), invoice (an accepted proposal becomes one invoice), and share /
// unshare (the public link where the customer answers).
import { examplesText, REF_HELP } from '../resource/declare.js';
import { documentSpec } from '../documents/declare.js';
import { lazy } from '../verb.js';

const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

export const proposalsSpec = documentSpec('proposals', {
  extend(group) {
    group
      .command('split')
      .argument('<proposal>', REF_HELP.proposal!)
      .description(
        'create one invoice per part of a proposal; the parts must total its amount (before VAT when VAT comes on top)',
      )
      .requiredOption('--part <title=share>', 'a part as TITLE=40% or TITLE=AMOUNT (repeatable, in order)', collect)
      .addHelpText(
        'after',
        examplesText([
          'acct proposals split O-2026-001 --part "Anzahlung=40%" --part "Rest=60%"',
          'acct proposals split O-2026-001 --part "Anzahlung=30%" --part "Zwischenrechnung=30%" ' +
            '--part "Schlussrechnung=40%"',
          'acct proposals split O-2026-001 --part "Anzahlung=1000" --part "Rest=1307.00"',
        ]) +
          `
The parts are checked before anything is sent: percentages are of the proposal's amount, and when
they make up what the amounts leave, the last one takes the Rappen rounding leaves. Parts that do not
total the amount are a usage error (exit 2) saying by how much; no invoice is created.`,
      )
      .action(lazy(() => import('./split.js')));
    group
      .command('invoice')
      .argument('<proposal>', REF_HELP.proposal!)
      .description('turn an accepted proposal (or order confirmation) into an invoice with its positions')
      .option('--date <date>', 'invoice date (YYYY-MM-DD, dd.mm.yyyy, today, +3d …; default today)')
      .option('--payable-until <date>', "due date (default: the date plus the company's payment term)")
      .option('--force', 'make an invoice even when the proposal has invoices already')
      .addHelpText(
        'after',
        examplesText([
          'acct proposals invoice O-2026-001',
          'acct proposals invoice O-2026-001 --date 2026-06-01 --json',
        ]) +
          `
The invoice takes the proposal's customer, contact, project, tax rate, currency, language, discount,
remarks, title and positions (collections and text lines kept) and names the proposal. A proposal in
any other status than accepted or confirmation is refused (exit 6) before anything is written.`,
      )
      .action(lazy(() => import('./invoice.js')));
    group
      .command('share')
      .argument('<proposal>', REF_HELP.proposal!)
      .description('turn on the public link where the customer views, accepts or declines the proposal, and print it')
      .addHelpText(
        'after',
        examplesText([
          'acct proposals share O-2026-001',
          'acct proposals share O-2026-001 | pbcopy',
          'acct proposals share O-2026-001 --json',
        ]) +
          `
Prints the link on stdout; on a terminal also a QR code of it, for a phone. A proposal shared already
keeps its link. The link is the API's root (the base URL without /api/v2) + /share/proposals/<token>.
In local mode it names where "acct server start" serves the ledger (http://127.0.0.1:8787), and opens
while that runs; ACCT_PUBLIC_URL gives the root your customers reach instead. The customer's answer
moves the proposal to accepted or declined at once; "acct proposals get" shows who answered.`,
      )
      .action(lazy(() => import('./share.js'), 'share'));
    group
      .command('unshare')
      .argument('<proposal>', REF_HELP.proposal!)
      .description('turn off the public link: it no longer opens, and sharing again makes a new one')
      .addHelpText('after', examplesText(['acct proposals unshare O-2026-001']))
      .action(lazy(() => import('./share.js'), 'unshare'));
  },
});
