// `acct timer …`: the token user's timer. Declarations only; every verb loads its module on use.
import { Option, type Command } from 'commander';
import { examplesText } from '../resource/declare.js';
import { lazy } from '../verb.js';
import { FORMAT_HELP } from './line.js';

export function declareTimer(timer: Command): Command {
  timer.addHelpText(
    'after',
    `${examplesText(['acct timer start Website', 'acct timer status', 'acct timer stop'])}
One timer per user: each user (token) has their own. Stopping saves a time entry dated on the start
day; discarding drops the tracked time.`,
  );

  timer
    .command('start')
    .argument('[project]', 'project id or exact name (on a terminal: chosen from a list when missing or unclear)')
    .description('start the timer on a project')
    .option('--billable', 'the tracked time is billable')
    .option('--description <text>', 'what you are working on')
    .addHelpText(
      'after',
      `
Without a project, or with an unknown or ambiguous name, a terminal offers the projects to choose
from; elsewhere it is a usage error (exit 2) listing candidates. A running timer must be stopped or
discarded first (exit 6). Prints the status line (-o json: the API's { active, timer }).
` +
        examplesText([
          'acct timer start Website',
          'acct timer start "Muster AG Support" --billable --description "Hotline"',
          'acct timer start id:12',
        ]),
    )
    .action(lazy(() => import('./start.js')));

  timer
    .command('stop')
    .description('stop the timer and save the time entry')
    .option('--end <HH:MM>', 'end time on the start day (default: now); not in the future, after the start')
    .option('--description <text>', 'description of the saved entry')
    .option('--keep', 'save the entry even when the timer ran under a minute')
    .addHelpText(
      'after',
      `
Prints the saved time entry (date, start, end, duration, project). Without a running timer: exit 5.
A timer stopped under a minute after its start saves nothing: it is discarded and stderr says so
(a 0:00 entry would only become a "0 h" invoice position); --keep saves it all the same. An --end in
the future or not after the start is a usage error (exit 2), checked before anything is saved; an
--end before the start of a timer that ran past midnight means that time on the next day.
` +
        examplesText([
          'acct timer stop',
          'acct timer stop --end 17:30 --description "Layout fertig"',
          'acct timer stop --keep',
          'acct timer stop --json',
        ]),
    )
    .action(lazy(() => import('./stop.js')));

  timer
    .command('status')
    .description('the running timer as one line; exit 0 when one runs, 1 when none runs')
    .addOption(
      new Option(
        '--format <template>',
        'print this template instead, e.g. "%p %e" (nothing at all when no timer runs)',
      ),
    )
    .addHelpText(
      'after',
      `
Default: "⏱ Website 1:23 (since 09:12) – description" (a start on an earlier day shows its date).
Exit code: 0 while a timer runs, 1 when none runs ("No timer running." on stderr; with --format
nothing is printed at all, so it suits a shell prompt). -o json prints the API's { active, timer }.
Placeholders of --format:
${FORMAT_HELP}
Times are shown in the company's time zone (Europe/Zurich), as the saved entry has them.
` +
        examplesText([
          'acct timer status',
          'acct timer status --format "%p %e"',
          'acct timer status -o json',
          'PS1=\'$(acct timer status --format "[%p %e] ") \\$ \'',
        ]),
    )
    .action(lazy(() => import('./status.js')));

  timer
    .command('describe')
    .argument('<text>', 'the new description')
    .description('change the description of the running timer')
    .addHelpText('after', examplesText(['acct timer describe "Layout Startseite"']))
    .action(lazy(() => import('./describe.js')));

  timer
    .command('discard')
    .description('stop the timer without saving anything (asks to confirm; --yes in scripts)')
    .addHelpText(
      'after',
      `
The tracked time is lost, so a terminal asks first; elsewhere --yes is needed (exit 2 without it).
Without a running timer nothing happens (exit 0).
${examplesText(['acct timer discard', 'acct timer discard --yes'])}`,
    )
    .action(lazy(() => import('./discard.js')));
  return timer;
}
