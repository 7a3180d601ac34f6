// `acct invoices …`: the verbs both document groups have (src/cli/documents); create also
// bills a project's hours and a customer's expenses; remind moves to the next reminder level.
import { Option } from 'commander';
import { examplesText, REF_HELP } from '../resource/declare.js';
import { documentSpec, orderedOption } from '../documents/declare.js';
import { TIME_GROUPINGS } from '../documents/input.js';
import { lazy } from '../verb.js';

const BILLING_HELP = `Billing hours: --times-of PROJECT links every open, billable time entry of the project that is not
on an invoice yet (within --from/--to when given) and writes a position per entry (--group-by entry),
per day or per task, each per hourly rate: the hours as the quantity (unit h), the rate as the price.
Each says the work: by task the task's name, else the service's, else the entries' descriptions
(joined, cut to fit), else the project's name; by entry or day the date and the descriptions first.
The customer defaults to the project's. No such time entry: exit 5, nothing is created.
--expenses adds the customer's billable expense bookings not on an invoice yet (within --from/--to)
as positions of 1 × their sum and links them; finding none is only said on stderr.
The positions of --times-of and --expenses stand where the flags stand among the other positions.
--dry-run prints the invoice with its totals and creates nothing.`;

export const invoicesSpec = documentSpec('invoices', {
  create: {
    options: [
      orderedOption(
        '--times-of <project>',
        "bill the project's open, billable time entries (project id or exact name)",
      ),
      new Option('--from <date>', 'with --times-of, --expenses: from this day (YYYY-MM-DD, dd.mm.yyyy, today, +3d …)'),
      new Option('--to <date>', 'with --times-of, --expenses: up to this day (YYYY-MM-DD, dd.mm.yyyy, today, +3d …)'),
      new Option('--group-by <grouping>', 'with --times-of: a position per entry (default), date or task').choices(
        TIME_GROUPINGS,
      ),
      orderedOption('--expenses', "bill the customer's billable expense bookings not yet invoiced").preset('yes'),
    ],
    action: lazy(() => import('./create.js')),
    examples: [
      'acct invoices create --customer "Muster AG" --times-of Website --from 2026-05-01 --to 2026-05-31 ' +
        '--group-by task',
      'acct invoices create --times-of Website --expenses --text "Zahlbar innert 30 Tagen" --dry-run',
    ],
    help: BILLING_HELP,
  },
  extend(group) {
    group
      .command('remind')
      .argument('<invoice>', REF_HELP.invoice!)
      .description('send the next reminder: sent → reminder_one → reminder_two → reminder_three')
      .option('--due <date>', 'the new due date (YYYY-MM-DD, dd.mm.yyyy, today, +3d …; default: in 10 days)')
      .addHelpText(
        'after',
        `${examplesText(['acct invoices remind R-2026-004', 'acct invoices remind R-2026-004 --due 2026-06-30'])}
An invoice that is open, paid or at the third reminder is refused (exit 6); mark-as moves back.`,
      )
      .action(lazy(() => import('./remind.js')));
    group
      .command('qr')
      .argument('<invoice>', REF_HELP.invoice!)
      .description("print the invoice's QR-bill payload; --show draws the code in the terminal for a banking app")
      .option('--show', 'draw the QR code (with the Swiss cross) in the terminal')
      .addHelpText(
        'after',
        `${examplesText(['acct invoices qr R-2026-004', 'acct invoices qr R-2026-004 --show'])}
The payload is the one the invoice's PDF carries (Swiss QR-bill, SIG 2.3). A bank account without a
valid CH/LI IBAN, a missing creditor address part or a customer without zip is exit 3, naming the fix.`,
      )
      .action(lazy(() => import('./qr.js')));
  },
});
