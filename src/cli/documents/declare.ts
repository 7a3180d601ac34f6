// `acct proposals` and `acct invoices`: the verbs both groups have, declared from the kind's facts.
// Declaring is cheap (commander and the fields); each verb's module loads when it runs and is told
// which kind it serves (lazyFor).
import { Argument, Option, type Command } from 'commander';
import { documentPaths, type DocumentKind } from '../../api/endpoints/documents.js';
import { declarePipeline } from '../pipeline/declare.js';
import { addBodyFlags, addFilterFlags, examplesText, REF_HELP } from '../resource/declare.js';
import type { ResourceSpec } from '../resource/spec.js';
import { lazyFor, type Action, type VerbRunFor } from '../verb.js';
import { documentBodyFields, documentFilters, KINDS, listColumns, type KindFacts, type Ordered } from './fields.js';

let seq = 0;
const inOrder = (value: string, previous: Ordered[] | undefined): Ordered[] => [
  ...(previous ?? []),
  { seq: seq++, value },
];

/** A repeatable flag whose values remember their place among the other position flags. */
export const orderedOption = (flags: string, description: string): Option =>
  new Option(flags, description).argParser(inOrder);

const positionOptions = (): Option[] => [
  orderedOption(
    '--position <line>',
    'a position "description;amount;price[;unit]", e.g. "Beratung;2.5;150;h" (repeatable)',
  ),
  orderedOption('--text <text>', 'a line of text between the positions (repeatable)'),
  orderedOption(
    '--product <name[:amount]>',
    'a product (exact name or id) with its price and unit; :amount for more than 1 (repeatable)',
  ),
  orderedOption(
    '--positions <file>',
    "positions as the API's JSON array (collections, discounts), from a file or - for stdin",
  ),
];

const POSITIONS_HELP = `Positions: --position, --text, --product and --positions may be given several times and are
written in the order given. On update, positions given replace all positions.`;

/** What a document group adds to the verbs both have. */
export interface DocumentGroup {
  /** create: options beyond the common ones, the module that runs it, and examples and help for them */
  create?: { options: Option[]; action: Action; examples: string[]; help: string };
  /** the group's own verbs */
  extend?: (group: Command) => void;
}

/** The spec of `acct proposals` or `acct invoices`. */
export function documentSpec(kind: DocumentKind, more: DocumentGroup = {}): ResourceSpec {
  const k = KINDS[kind];
  const { noun, sample: x } = k;
  const invoice = noun === 'invoice';
  return {
    group: kind,
    noun,
    paths: documentPaths(kind),
    verbs: ['list', 'get', 'create', 'update', 'delete'],
    columns: listColumns(k),
    filters: documentFilters(k),
    fields: documentBodyFields(k),
    refKind: noun,
    examples: {
      list: invoice
        ? [
            'acct invoices list --overdue',
            'acct invoices list --status unpaid --customer "Muster AG"',
            'acct invoices list --from 2026-01-01 --to 2026-03-31 --all -o csv > q1.csv',
          ]
        : [
            'acct proposals list --status sent,accepted',
            'acct proposals list --customer 1001 --from 2026-01-01',
            'acct proposals list --overdue --json',
            'acct proposals list --shared',
          ],
      get: [`acct ${kind} get ${x}`, `acct ${kind} get id:12 --json`],
      create: [
        `acct ${kind} create --customer "Muster AG" --position "Beratung;2.5;150;h" --text "Fahrspesen pauschal" ` +
          `--position "Spesen;1;80"`,
        `acct ${kind} create --customer 1001 --product Webhosting --product "USB-C Kabel:3" --tax-rate "MWST 8.1 %" ` +
          `--discount 2`,
        `acct ${kind} create --customer 1001 --positions positionen.json ` +
          `--${invoice ? 'payable-until 2026-07-31' : 'valid-until 2026-06-30'} --dry-run`,
        ...(more.create?.examples ?? []),
      ],
      update: [
        `acct ${kind} update ${x} --title "Website Relaunch" --discount 5`,
        `acct ${kind} update ${x} --position "Beratung;3;150;h"    # replaces every position`,
      ],
      delete: [`acct ${kind} delete ${x} --yes`],
    },
    setup: {
      list: {
        options: [
          new Option(
            '--overdue',
            invoice
              ? 'unpaid and past due: the dunning list (--status overdue)'
              : 'open or sent and past valid until (--status overdue)',
          ),
        ],
        help: `On a terminal the number of ${kind} and their total go to stderr below the table.`,
        action: lazyFor(k, () => import('./list.js'), 'default'),
      },
      get: {
        description:
          `show ${invoice ? 'an invoice' : 'a proposal'} as a document: positions, totals, status and ` +
          `links (json, tsv, csv: the record)`,
        action: lazyFor(k, () => import('./get.js'), 'default'),
      },
      create: {
        options: [
          ...positionOptions(),
          new Option('--dry-run', `print the ${noun} that would be created (positions and totals); create nothing`),
          ...(more.create?.options ?? []),
        ],
        help: [
          POSITIONS_HELP,
          `On a terminal, without any position given, the positions are asked for one after another
(description, quantity, price, unit; an empty description ends${invoice ? ', an invoice needs one' : ''}), then the ` +
            `${noun}
with its totals is shown and created when you say yes. A missing --customer is asked for ` +
            `first.${invoice ? '\nElsewhere an invoice without positions is a usage error (exit 2).' : ''}`,
          more.create?.help,
        ]
          .filter(Boolean)
          .join('\n\n'),
        action: more.create?.action ?? lazyFor(k, () => import('./write.js'), 'create'),
      },
      update: {
        options: positionOptions(),
        help: POSITIONS_HELP,
        action: lazyFor(k, () => import('./write.js'), 'update'),
      },
    },
    extend(group) {
      declareDocumentVerbs(group, k);
      declarePipeline(group, {
        what: kind,
        map: async () => (await import('./csv.js')).documentsCsv(k),
        filters: documentFilters(k),
        examples: {
          export: [`acct ${kind} export --from 2026-01-01 --to 2026-12-31 --status all --out ${kind}-2026.csv`],
        },
      });
      more.extend?.(group);
    },
  };
}

function declareDocumentVerbs(group: Command, k: KindFacts): void {
  const { kind, noun, sample: x } = k;
  const invoice = noun === 'invoice';
  const one = `<${noun}>`;
  const oneHelp = REF_HELP[noun]!;
  const several = `<${kind}...>`;
  const severalHelp = `${noun} numbers or ids`;
  const a = invoice ? 'an invoice' : 'a proposal';
  const verb = <K extends string>(load: () => Promise<Record<K, VerbRunFor<KindFacts, never>>>, name: K) =>
    lazyFor(k, load, name);

  const markAs = group
    .command('mark-as')
    .argument(one, oneHelp)
    .addArgument(new Argument('<status>', 'the status to move to').choices(k.targets))
    .description(`move ${a} to another status${invoice ? ' (paid books the payment; --no-booking does not)' : ''}`);
  if (invoice) {
    markAs
      .option(
        '--paid-date <date>',
        'paid: the day of the payment (YYYY-MM-DD, dd.mm.yyyy, today, +3d …; default today)',
      )
      .option('--no-booking', 'paid: do not book the payment')
      .option('--bank-account <account>', "paid: the account the money came to, by number (default: the invoice's)")
      .option('--sum <amount>', "paid: the amount received (default: the invoice's total)")
      .option(
        '--tax-rate <rate>',
        "paid: the VAT rate of the payment booking (cash method; default: the invoice's); a name or percentage " +
          'takes the rate of the paid date',
      )
      .option('--reminder-due <date>', 'reminder_one/two/three: the new due date (default: in 10 days)');
  }
  markAs
    .addHelpText(
      'after',
      examplesText(
        invoice
          ? [
              `acct invoices mark-as ${x} sent`,
              `acct invoices mark-as ${x} paid --paid-date 2026-05-12 --bank-account 1020`,
              `acct invoices mark-as ${x} paid --no-booking`,
              `acct invoices mark-as ${x} unpaid`,
            ]
          : [
              `acct proposals mark-as ${x} sent`,
              `acct proposals mark-as ${x} accepted`,
              `acct proposals mark-as ${x} confirmation`,
            ],
      ),
    )
    .action(verb(() => import('./mark-as.js'), 'default'));

  group
    .command('number')
    .description(`print the next free ${noun} number`)
    .addHelpText('after', examplesText([`acct ${kind} number`]))
    .action(verb(() => import('./number.js'), 'default'));

  const positions = group
    .command('positions')
    .description(`the positions of ${a}: list, add, update, remove`)
    .addHelpText(
      'after',
      examplesText([
        `acct ${kind} positions list ${x}`,
        `acct ${kind} positions add ${x} --position "Beratung;2;150;h"`,
      ]),
    );
  positions
    .command('list')
    .alias('ls')
    .argument(one, oneHelp)
    .description(`list the positions of ${a} (a collection's positions follow it, IN names it)`)
    .addHelpText('after', examplesText([`acct ${kind} positions list ${x}`, `acct ${kind} positions list ${x} --json`]))
    .action(verb(() => import('./positions.js'), 'list'));
  positions
    .command('add')
    .argument(one, oneHelp)
    .description(`add one position at the end of ${a} (or of a collection)`)
    .option('--position <line>', 'a position "description;amount;price[;unit]"')
    .option('--text <text>', 'a line of text')
    .option('--collection <title>', 'a collection (a titled group of positions)')
    .option('--product <name[:amount]>', 'a product (exact name or id) with its price and unit')
    .option('--discount <discount>', 'discount on the position: 10% or an amount, e.g. 50')
    .option('--in <position-id>', 'put it into this collection')
    .addHelpText(
      'after',
      examplesText([
        `acct ${kind} positions add ${x} --position "Beratung;2;150;h"`,
        `acct ${kind} positions add ${x} --product Webhosting --discount 10%`,
        `acct ${kind} positions add ${x} --text "Zahlbar innert 30 Tagen"`,
        `acct ${kind} positions add ${x} --position "Design;4;140;h" --in 17`,
      ]),
    )
    .action(verb(() => import('./positions.js'), 'add'));
  positions
    .command('update')
    .argument(one, oneHelp)
    .argument('<position-id>', "the position's id (positions list shows it)")
    .description('change a position (only the flags given)')
    .option('--description <text>', 'description (of a text line: its text)')
    .option('--title <title>', 'title of a collection')
    .option('--amount <quantity>', 'quantity, up to 3 decimals')
    .option('--price <price>', 'unit price')
    .option('--unit <unit>', 'unit, e.g. h')
    .option('--discount <discount>', 'discount: 10% or an amount; 0 removes it')
    .addHelpText(
      'after',
      examplesText([
        `acct ${kind} positions update ${x} 17 --amount 3.5`,
        `acct ${kind} positions update ${x} 18 --price 140 --discount 5%`,
      ]),
    )
    .action(verb(() => import('./positions.js'), 'update'));
  positions
    .command('remove')
    .alias('rm')
    .argument(one, oneHelp)
    .argument('<position-id>', "the position's id (a collection goes with its positions)")
    .description(`remove a position from ${a}`)
    .addHelpText('after', examplesText([`acct ${kind} positions remove ${x} 17`]))
    .action(verb(() => import('./positions.js'), 'remove'));

  group
    .command('activities')
    .argument(one, oneHelp)
    .description(`what happened to ${a}, newest first`)
    .addHelpText('after', examplesText([`acct ${kind} activities ${x}`]))
    .action(verb(() => import('./activities.js'), 'default'));
  addFilterFlags(
    group
      .command('pdf')
      .argument(`[${noun}]`, `${oneHelp}; leave out to choose several by the filters`)
      .description(
        `write the PDF of ${a}${invoice ? ' (with the QR-bill payment part in CHF or EUR)' : ''}, or of every ` +
          `${noun} the filters choose`,
      )
      .option(
        '--out <file>',
        'one document: write to this file (- for stdout); default <number>.pdf in the current directory',
      )
      .option('--out-dir <dir>', 'several documents: the directory to write <number>.pdf into (made when missing)')
      .option('--force', 'overwrite files that exist')
      .option('--overdue', 'with the filters: --status overdue'),
    documentFilters(k),
  )
    .addHelpText(
      'after',
      examplesText([
        `acct ${kind} pdf ${x}`,
        `acct ${kind} pdf ${x} --out - | lp`,
        `acct ${kind} pdf --status ${invoice ? 'unpaid' : 'open'} --from 2026-01-01 --to 2026-03-31 --out-dir ./pdf`,
      ]),
    )
    .action(verb(() => import('./pdf.js'), 'default'));
  group
    .command('attach')
    .argument(one, oneHelp)
    .argument('<file>', 'the file (at most 6 MB)')
    .description(`attach a file to ${a}`)
    .addHelpText('after', examplesText([`acct ${kind} attach ${x} vertrag.pdf`]))
    .action(verb(() => import('./files.js'), 'attach'));
  group
    .command('detach')
    .argument(one, oneHelp)
    .argument('<file-id>', `the file's id (acct ${kind} get shows the attachments)`)
    .description(`remove an attached file from ${a}`)
    .addHelpText('after', examplesText([`acct ${kind} detach ${x} 31`]))
    .action(verb(() => import('./files.js'), 'detach'));

  addBodyFlags(
    group
      .command('batch-update')
      .argument(several, severalHelp)
      .description(
        `change several ${kind} at once (only the flags ` +
          `given)${invoice ? '; invoices that are not open are skipped' : ''}`,
      ),
    documentBodyFields(k).filter((f) => f.key !== 'number'),
  )
    .addHelpText(
      'after',
      examplesText([
        `acct ${kind} batch-update ${x} ${x.slice(0, -1)}5 --lang en`,
        `acct ${kind} batch-update 12 13 --project Website`,
      ]),
    )
    .action(verb(() => import('./batch.js'), 'update'));
  group
    .command('batch-delete')
    .argument(several, severalHelp)
    .description(`delete several ${kind} (asks to confirm; --yes in scripts)`)
    .addHelpText('after', examplesText([`acct ${kind} batch-delete ${x} ${x.slice(0, -1)}5 --yes`]))
    .action(verb(() => import('./batch.js'), 'remove'));
  group
    .command('batch-mark-as')
    .addArgument(new Argument('<status>', 'the status to move to').choices(k.targets))
    .argument(several, severalHelp)
    .description(
      `move several ${kind} to a status; moves the status table refuses are ` +
        `skipped${invoice ? ' (paid books nothing: use mark-as for a payment)' : ''}`,
    )
    .addHelpText('after', examplesText([`acct ${kind} batch-mark-as sent ${x} ${x.slice(0, -1)}5`]))
    .action(verb(() => import('./batch.js'), 'markAs'));
}
