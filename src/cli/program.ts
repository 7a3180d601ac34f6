// The command tree. Declaring commands is cheap: every action imports its module when it runs.
import { Argument, Command, Option } from 'commander';
import { OUTPUT_FORMATS } from '../output/types.js';
import { declareResource, examplesText } from './resource/declare.js';
import { lazy, type VerbIO } from './verb.js';
import { currentIO } from './io.js';
import type { BulkVerb, ResourceSpec, Verb } from './resource/spec.js';
import { VERSION } from './version.js';

type DeclareGroup = (group: Command) => void;

const resource = (load: () => Promise<ResourceSpec>) => async (): Promise<DeclareGroup> => {
  const spec = await load();
  return (group) => declareResource(group, spec, runResource);
};

/**
 * The data groups, in help order. Root help needs only their names and summaries; a group's verbs,
 * flags and spec module are loaded when the command line names it (see groupsToDeclare).
 */
const GROUPS: { name: string; summary: string; load: () => Promise<DeclareGroup> }[] = [
  {
    name: 'tags',
    summary: 'tags that categorise bookings',
    load: resource(async () => (await import('./tags/spec.js')).tagsSpec),
  },
  {
    name: 'tax-rates',
    summary: 'VAT rates (MWST, Vorsteuer, Bezugsteuer, saldo rates)',
    load: resource(async () => (await import('./tax-rates/spec.js')).taxRatesSpec),
  },
  {
    name: 'accounts',
    summary: 'the chart of accounts, with balances (accounts are referenced by number)',
    load: resource(async () => (await import('./accounts/spec.js')).accountsSpec),
  },
  {
    name: 'services',
    summary: 'services (activity types for time tracking) and their hourly rates',
    load: resource(async () => (await import('./services/spec.js')).servicesSpec),
  },
  {
    name: 'service-categories',
    summary: 'categories that group services',
    load: resource(async () => (await import('./service-categories/spec.js')).serviceCategoriesSpec),
  },
  {
    name: 'products',
    summary: 'products with prices and units, for invoice and proposal positions',
    load: resource(async () => (await import('./products/spec.js')).productsSpec),
  },
  {
    name: 'projects',
    summary: 'projects of customers, with budgets and tracked time',
    load: resource(async () => (await import('./projects/spec.js')).projectsSpec),
  },
  {
    name: 'customers',
    summary: 'customers with their contacts, open amounts and statistics',
    load: resource(async () => (await import('./customers/spec.js')).customersSpec),
  },
  {
    name: 'contacts',
    summary: 'contact persons of customers (new ones come with "acct customers create --contact-name")',
    load: resource(async () => (await import('./contacts/spec.js')).contactsSpec),
  },
  {
    name: 'entries',
    summary: 'bookings (debit and credit account by number, gross sum, VAT rate, receipt)',
    load: resource(async () => (await import('./entries/spec.js')).entriesSpec),
  },
  {
    name: 'bills',
    summary:
      'supplier bills (Kreditoren): scan a QR-bill in or enter one, pay with a pain.001 file for e-banking, mark paid',
    load: resource(async () => (await import('./bills/spec.js')).billsSpec),
  },
  {
    name: 'import',
    summary: 'bank import: upload CAMT statements, give each transaction its account, book them',
    load: resource(async () => (await import('./import/spec.js')).importSpec),
  },
  {
    name: 'proposals',
    summary: 'proposals (Offerten): positions, totals, status, split into invoices, invoice when accepted',
    load: resource(async () => (await import('./proposals/spec.js')).proposalsSpec),
  },
  {
    name: 'invoices',
    summary: 'invoices: positions, hours and expenses billed, status, payments booked, reminders',
    load: resource(async () => (await import('./invoices/spec.js')).invoicesSpec),
  },
  {
    name: 'report',
    summary: 'trial balance, balance sheet, income statement, account ledger and VAT return',
    load: async () => (await import('./report/declare.js')).declareReports,
  },
  {
    name: 'times',
    summary: 'time entries: list, week timesheets, create with durations, import, bulk changes',
    load: resource(async () => (await import('./times/spec.js')).timesSpec),
  },
  {
    name: 'timer',
    summary: 'the running timer: start, stop, status, describe, discard',
    load: async () => (await import('./timer/spec.js')).declareTimer,
  },
  {
    name: 'tasks',
    summary: 'tasks of projects: due dates, planned hours, status open → in-progress → done',
    load: resource(async () => (await import('./tasks/spec.js')).tasksSpec),
  },
];

/**
 * Commander's own errors read like every other failure: one line, `acct: …` (not `error: …`), its
 * suggestion on the same line.
 */
function commanderError(text: string): string {
  return `acct: ${text
    .trimEnd()
    .replace(/^error: /, '')
    .replace(/\n\(Did you mean (.+)\?\)$/, ' (did you mean $1?)')}\n`;
}

/** Help and commander's messages go to the run's ends (for the binary: straight to the file descriptors). */
const RUN_OUTPUT = {
  writeOut: (text: string) => currentIO().out.write(text),
  writeErr: (text: string) => currentIO().err.write(text),
  outputError: (text: string, write: (text: string) => void) => write(commanderError(text)),
  getOutHelpWidth: () => (currentIO().out.isTTY ? currentIO().out.columns || 80 : 80),
  getErrHelpWidth: () => 80,
  getOutHasColors: () => false,
  getErrHasColors: () => false,
};

/** Global options that take a value: skipped when looking for the command the line names. */
const GLOBAL_VALUE_OPTIONS = new Set(['--profile', '--company', '-o', '--output', '--fields']);

/** The data group named on the command line (`acct --json tags list`, `acct help tags`), if any. */
export function namedGroup(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (GLOBAL_VALUE_OPTIONS.has(arg)) {
      i++;
      continue;
    }
    if (arg.startsWith('-')) continue;
    if (arg === 'help' && i + 1 < args.length) return args[i + 1];
    return arg;
  }
  return undefined;
}

const runResource = async (
  spec: ResourceSpec,
  verb: Verb | BulkVerb,
  refs: string[],
  options: Record<string, unknown>,
  io: VerbIO,
) => {
  const { runResourceVerb } = await import('./resource/run.js');
  await runResourceVerb(spec, verb, refs, options, io);
};

/**
 * The command tree for a command line: every group, but only the named data group (or, with 'all',
 * every one) with its verbs and flags.
 */
export async function buildProgram(which: 'all' | readonly string[]): Promise<Command> {
  const named = which === 'all' ? undefined : namedGroup(which);
  const wanted = (group: string) => which === 'all' || group === named;
  /** A group whose subcommands are declared only when wanted; otherwise a stub for the help. */
  const declareGroup = (parent: Command, name: string, summary: string, declare: (group: Command) => void) => {
    const group = parent.command(name).description(summary);
    if (wanted(name)) declare(group);
  };

  const program = new Command('acct')
    .configureOutput(RUN_OUTPUT)
    .description('Swiss bookkeeping and invoicing from the terminal')
    .version(VERSION, '-V, --version', 'print the version')
    .addOption(new Option('--profile <name>', 'profile to use (env ACCT_PROFILE)'))
    .addOption(new Option('--company <id>', 'company id (env ACCT_COMPANY)'))
    .addOption(
      new Option(
        '-o, --output <format>',
        'table, tsv, json, ndjson or csv (default: table on a terminal, tsv when piped); acct entries export: ' +
          'ledger; acct report chart: svg; acct report vat: xml',
      ).choices([...OUTPUT_FORMATS, 'ledger', 'svg', 'xml']),
    )
    .option('--json', 'same as --output json')
    .option('--fields <list>', 'comma-separated fields to show, in this order')
    .option('--no-color', 'no colour (also NO_COLOR)')
    .option('--no-input', 'never prompt; a missing value is a usage error')
    .option('--no-pager', 'never page long output on a terminal ($PAGER, default less -FRX)')
    .option('-y, --yes', 'confirm destructive actions without asking')
    .option('--debug', 'HTTP trace and stack traces on stderr (the token is redacted)')
    .showSuggestionAfterError()
    .addHelpText(
      'after',
      `
Examples:
  $ acct tags list
  $ acct login --base-url https://app.milkee.ch/api/v2
  $ ACCT_TOKEN=… ACCT_COMPANY=1 acct tags list -o csv

Exit codes: 0 ok, 1 failure, 2 usage, 3 validation, 4 auth, 5 not found, 6 conflict, 7 rate limited, 8 books need ` +
        `work (check, verify, reconcile), 130 interrupted.
Without a profile or ACCT_* variables acct works on a local ledger (the embedded service).`,
    );

  program
    .command('login')
    .description('sign in to a hosted account and save a profile')
    .option('--base-url <url>', 'API base URL', 'https://app.milkee.ch/api/v2')
    .option('--with-token', 'read the token from stdin')
    .option('--name <profile>', 'profile name to save (default: the --profile given, else "default")')
    .addHelpText(
      'after',
      examplesText(['acct login', 'echo "$TOKEN" | acct login --with-token --base-url https://app.milkee.ch/api/v2']),
    )
    .action(lazy(() => import('./session/login.js')));
  program
    .command('logout')
    .description('remove the current (or --profile) profile and its token')
    .addHelpText('after', examplesText(['acct logout', 'acct logout --profile work']))
    .action(lazy(() => import('./session/logout.js')));

  declareGroup(program, 'auth', 'authentication status', declareAuth);
  declareGroup(program, 'profiles', 'saved profiles', declareProfiles);
  declareGroup(program, 'config', 'settings of the current profile: base_url, company, output', declareConfig);
  declareGroup(program, 'companies', 'companies you can work in', declareCompanies);
  program
    .command('use')
    .argument('<company>', 'company id or exact name')
    .description('set the default company')
    .addHelpText('after', examplesText(['acct use 2', 'acct use "Demo AG"']))
    .action(lazy(() => import('./session/use.js')));

  for (const group of GROUPS) {
    const command = program.command(group.name).description(group.summary);
    if (wanted(group.name)) (await group.load())(command);
  }

  program
    .command('api')
    .argument('<method>', 'GET, POST, PUT, PATCH or DELETE')
    .argument('<path>', 'path below the base URL; relative to the company unless it starts with /companies or /users')
    .description('call any endpoint of the API')
    .option('-f, --field <key=value>', 'string field (query for GET, else body); repeatable', collect, [])
    .option(
      '-F, --typed-field <key=value>',
      'typed field: numbers, true/false/null, @file uploads the file (multipart); repeatable',
      collect,
      [],
    )
    .option('--input <file>', 'request body as JSON from a file, or - for stdin')
    .option('--paginate', 'follow pages and print every record as one JSON array')
    .option('-i, --include', 'print the status line and response headers on stderr')
    .addHelpText(
      'after',
      examplesText([
        'acct api GET /tags',
        'acct api GET /tags --paginate',
        'acct api POST /tags -f name=travel -f color=blue',
        'acct api GET /users/me',
        'acct api POST /entries/import/camt-upload -F file=@statement.xml',
      ]),
    )
    .action(lazy(() => import('./api-command/run.js')));

  program
    .command('backup')
    .description(
      'back up the local ledger (the database and every receipt, verified by SHA-256), list its daily backups, ' +
        'or move them',
    )
    .option('--out <file>', "write the backup here (default: today's file in the backup directory)")
    .option('--list', 'list the daily backups (the last 7 days and 12 months are kept)')
    .option(
      '--backup-dir <dir>',
      'keep the daily backups in this directory from now on (e.g. another disk); "default" for the ledger\'s backups/',
    )
    .addHelpText(
      'after',
      examplesText([
        'acct backup',
        'acct backup --out ~/usb/acct-backup.zip',
        'acct backup --list',
        'acct backup --backup-dir /mnt/usb/acct-backups',
      ]),
    )
    .action(lazy(() => import('./backup/run.js')));
  program
    .command('check')
    .description(
      "prove the local ledger adds up: SQLite's integrity check and the ledger's rules (exit 8 when one is broken)",
    )
    .addHelpText('after', examplesText(['acct check', 'acct server check --data ./books']))
    .action(lazy(() => import('./backup/check.js')));
  program
    .command('archive')
    .argument('<year>', 'the business year (1 January to 31 December), or "verify" to check an archive')
    .argument('[file]', 'with verify: the archive to check')
    .usage('<year> --out FILE [--force] | verify FILE')
    .description(
      'the ten-year archive of a business year: bookings, receipts, reports, invoices and proposals as PDF, a ' +
        'SHA-256 manifest; verify checks one (exit 8)',
    )
    .option('--out <file>', 'the archive to write (a ZIP; it appears when complete)')
    .option('--force', 'replace an existing --out')
    .addHelpText(
      'after',
      `${examplesText(['acct archive 2025 --out buchhaltung-2025.zip', 'acct archive verify buchhaltung-2025.zip'])}
Works through the API: on the local ledger, and against a remote profile alike. Close the year first
(acct server companies set ID --closed-until 2025-12-31), so that nothing in it changes afterwards.`,
    )
    .action(lazy(() => import('./archive/run.js')));
  declareGroup(program, 'server', 'the embedded Accounting Service', declareServer);
  program
    .command('completion')
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(['bash', 'zsh', 'fish']))
    .description('print the shell completion script')
    .addHelpText('after', examplesText(['acct completion bash > ~/.local/share/bash-completion/completions/acct']))
    // the whole tree is handed over: completion/ does not import this module, which loads it
    .action(async (shell: string) =>
      (await import('./completion/run.js')).default({ shell }, () => buildProgram('all')),
    );
  // what the completion scripts ask for a record argument: names, numbers, ids
  program
    .command('__complete', { hidden: true })
    .argument('<group>')
    .argument('[word]')
    .action(lazy(() => import('./completion/values.js')));

  return program;
}

function declareAuth(auth: Command): void {
  auth.addHelpText('after', examplesText(['acct auth status']));
  auth
    .command('status')
    .description('who you are, where the token comes from (never the token)')
    .addHelpText('after', examplesText(['acct auth status', 'acct auth status --json']))
    .action(lazy(() => import('./session/status.js')));
}

function declareProfiles(profiles: Command): void {
  profiles.addHelpText(
    'after',
    examplesText(['acct profiles list', 'acct profiles use work', 'acct profiles remove old --yes']),
  );
  profiles
    .command('list')
    .alias('ls')
    .description('list profiles')
    .addHelpText('after', examplesText(['acct profiles list']))
    .action(lazy(() => import('./session/profiles-list.js')));
  profiles
    .command('use')
    .argument('<name>')
    .description('make a profile the current one')
    .addHelpText('after', examplesText(['acct profiles use work']))
    .action(lazy(() => import('./session/profiles-use.js')));
  profiles
    .command('remove')
    .alias('rm')
    .argument('<name>')
    .description('delete a profile')
    .addHelpText('after', examplesText(['acct profiles remove old --yes']))
    .action(lazy(() => import('./session/profiles-remove.js')));
}

function declareConfig(config: Command): void {
  config.addHelpText('after', examplesText(['acct config list', 'acct config set output json']));
  config
    .command('get')
    .argument('<key>')
    .description('print a setting')
    .addHelpText('after', examplesText(['acct config get company']))
    .action(lazy(() => import('./session/config-get.js')));
  config
    .command('set')
    .argument('<key>')
    .argument('<value>')
    .description('change a setting')
    .addHelpText('after', examplesText(['acct config set output json', 'acct config set company 2']))
    .action(lazy(() => import('./session/config-set.js')));
  config
    .command('list')
    .alias('ls')
    .description('print every setting')
    .addHelpText('after', examplesText(['acct config list']))
    .action(lazy(() => import('./session/config-list.js')));
}

function declareCompanies(companies: Command): void {
  companies.addHelpText('after', examplesText(['acct companies list', 'acct companies get']));
  companies
    .command('list')
    .alias('ls')
    .description('list your companies and your role in each')
    .addHelpText('after', examplesText(['acct companies list']))
    .action(lazy(() => import('./session/companies-list.js')));
  companies
    .command('get')
    .description(
      "the current company's settings: UID, VAT method, basis, period and approved rates, payment term, creditor",
    )
    .addHelpText('after', examplesText(['acct companies get', 'acct companies get --company 2 --json']))
    .action(lazy(() => import('./session/companies-get.js')));
}

function declareServer(server: Command): void {
  server.addHelpText(
    'after',
    examplesText([
      'acct server start --port 8787 --data ./books',
      'acct server users add --data ./books --name "Anna Muster" --email anna@example.ch --company 1 --role user',
      'acct server tokens list --data ./books',
    ]),
  );
  server
    .command('start')
    .description('serve the API over HTTP until interrupted')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--port <port>', 'port (0 picks a free one)', '8787')
    .option('--data <dir>', 'data directory (default: the local ledger, ACCT_DATA_DIR)')
    .option('--rate-limit <n>', 'requests per minute per IP, or off', '120')
    .option('--token <token>', 'token of the owner seeded into a new data directory')
    .addHelpText(
      'after',
      examplesText([
        'acct server start --port 8787 --data ./books',
        'acct server start --port 0 --rate-limit off --token secret',
      ]),
    )
    .action(lazy(() => import('./server-command/start.js')));
  const users = server
    .command('users')
    .description('users of a data directory')
    .addHelpText(
      'after',
      examplesText([
        'acct server users add --data ./books --name "Anna Muster" --email anna@example.ch --company 1 --role user',
      ]),
    );
  users
    .command('add')
    .description('add a user to a company; prints the id and the token')
    .option('--data <dir>', 'data directory')
    .requiredOption('--name <name>', 'full name')
    .requiredOption('--email <email>', 'e-mail address')
    // not a requiredOption: the global --company takes the value wherever it stands; the verb gets either
    .option('--company <id>', 'company id')
    .hook('preAction', (cmd) => {
      cmd.setOptionValue('company', cmd.opts().company ?? cmd.optsWithGlobals().company);
    })
    .requiredOption('--role <role>', 'owner, admin or user')
    .option('--token <token>', 'use this token instead of a random one')
    .option(
      '--token-expires <when>',
      'the token stops working then: a day (2027-01-01: when it begins, Europe/Zurich) or a duration (90d, 12w, 24h)',
    )
    .addHelpText(
      'after',
      examplesText([
        'acct server users add --data ./books --name "Anna Muster" --email anna@example.ch --company 1 --role user',
        'acct server users add --data ./books --name "CI" --email ci@example.ch --company 1 --role user ' +
          '--token-expires 90d',
      ]),
    )
    .action(lazy(() => import('./server-command/users-add.js')));
  const tokens = server
    .command('tokens')
    .description('API tokens of a data directory')
    .addHelpText(
      'after',
      examplesText([
        'acct server tokens list --data ./books',
        'acct server tokens revoke acct_Ab3dE --data ./books --yes',
      ]),
    );
  tokens
    .command('list')
    .alias('ls')
    .description(
      'list the tokens: id, the start of the token (never the token), user, status, created, expires, last ' +
        'used, revoked',
    )
    .option('--data <dir>', 'data directory')
    .addHelpText(
      'after',
      examplesText(['acct server tokens list --data ./books', 'acct server tokens list --data ./books -o json']),
    )
    .action(lazy(() => import('./server-command/tokens-list.js')));
  tokens
    .command('revoke')
    .argument('<token>', 'id, the start of the token as the list shows it, or the whole token')
    .description('revoke a token: from its next request on it gets 401, in a running server too')
    .option('--data <dir>', 'data directory')
    .addHelpText(
      'after',
      examplesText([
        'acct server tokens revoke 3 --data ./books --yes',
        'acct server tokens revoke acct_Ab3dE --data ./books',
      ]),
    )
    .action(lazy(() => import('./server-command/tokens-revoke.js')));
  const serverCompanies = server
    .command('companies')
    .description('companies of a data directory')
    .addHelpText(
      'after',
      examplesText([
        'acct server companies add --data ./books --name "Muster GmbH" --owner 1',
        'acct server companies set 2 --data ./books --plan business',
      ]),
    );
  serverCompanies
    .command('add')
    .description('add a company with the standard chart; prints its id')
    .option('--data <dir>', 'data directory')
    .requiredOption('--name <name>', 'company name')
    .requiredOption('--owner <user>', 'user id of the owner')
    .addHelpText('after', examplesText(['acct server companies add --data ./books --name "Muster GmbH" --owner 1']))
    .action(lazy(() => import('./server-command/companies-add.js')));
  serverCompanies
    .command('set')
    .argument('<id>', 'company id')
    .description(
      'change plan, flags, creditor address, UID for VAT, VAT return settings and reminder texts of a company',
    )
    .option('--data <dir>', 'data directory')
    .option('--plan <plan>', 'standard or business')
    .option('--subscription-expired <on|off>', 'every request answers 402 while on')
    .option('--services <on|off>', 'services feature flag')
    .option('--vat-accrual <on|off>', 'accrual VAT method')
    .option('--payment-term <days>', 'default payment term')
    .option('--revenue-cap <amount|none>', 'yearly revenue cap in CHF')
    .option('--closed-until <date|none>', 'bookings up to this date are locked')
    .option('--creditor-name <name>')
    .option('--creditor-street <street>')
    .option('--creditor-building <number>')
    .option('--creditor-zip <zip>')
    .option('--creditor-city <city>')
    .option('--creditor-country <code>')
    .option(
      '--vat-number <uid|none>',
      'the UID for VAT (CHE-123.456.789), printed on every document with MWST, TVA, IVA or VAT',
    )
    .option(
      '--vat-method <method|none>',
      'the VAT method a return is filed with: effective, net_tax_rate or flat_tax_rate',
    )
    .option(
      '--vat-basis <basis>',
      'agreed (the accrual method, as --vat-accrual on) or received consideration (--vat-accrual off)',
    )
    .option('--vat-period <period|none>', 'the VAT reporting period: quarterly, semi_annual or monthly')
    .option(
      '--vat-net-tax-rates <rates|none>',
      'the one or two approved net (or flat) tax rates with their ESTV activity code, like 6.2:12345,0.6:54321',
    )
    .option(
      '--reminder-text-one <text|none>',
      "the text of a first reminder (none: the default in the document's language)",
    )
    .option('--reminder-text-two <text|none>', 'the text of a second reminder')
    .option('--reminder-text-three <text|none>', 'the text of a third, final reminder')
    .addHelpText(
      'after',
      examplesText([
        'acct server companies set 1 --data ./books --plan business --vat-accrual on',
        'acct server companies set 1 --data ./books --vat-number CHE-123.456.788',
        'acct server companies set 1 --data ./books --vat-method net_tax_rate --vat-net-tax-rates ' +
          '6.2:12345,0.6:54321 --vat-period semi_annual --vat-basis received',
        'acct server companies set 1 --data ./books --reminder-text-one "Unsere Rechnung {number} vom {date}' +
          ' war am {due} fällig. Bitte überweisen Sie {amount} bis {pay_by}."',
      ]),
    )
    .action(lazy(() => import('./server-command/companies-set.js')));
  server
    .command('backup')
    .description(
      'a consistent backup of a data directory, also while a server runs on it: the database, every stored file, a ' +
        'manifest of SHA-256s',
    )
    .option('--data <dir>', 'data directory (default: the local ledger, ACCT_DATA_DIR)')
    .requiredOption('--out <file>', 'the backup file to write (a ZIP)')
    .addHelpText('after', examplesText(['acct server backup --data ./books --out books-2026-03-31.zip']))
    .action(lazy(() => import('./server-command/backup.js')));
  server
    .command('restore')
    .argument('<file>', 'a backup made by acct server backup or acct backup')
    .description(
      "verify a backup completely (every SHA-256, SQLite's integrity check), then put it in place of the " +
        'data directory',
    )
    .option('--data <dir>', 'data directory (default: the local ledger, ACCT_DATA_DIR)')
    .option('--force', 'replace a directory that is not empty (it is kept beside, as <dir>.before-restore-<time>)')
    .addHelpText(
      'after',
      examplesText([
        'acct server restore books-2026-03-31.zip --data ./books',
        'acct server restore books-2026-03-31.zip --data ./books --force',
      ]),
    )
    .action(lazy(() => import('./server-command/restore.js')));
  server
    .command('check')
    .description(
      "prove the books add up: SQLite's integrity check and the ledger's rules, one line per broken rule (exit 8)",
    )
    .option('--data <dir>', 'data directory (default: the local ledger, ACCT_DATA_DIR)')
    .addHelpText('after', examplesText(['acct server check --data ./books']))
    .action(lazy(() => import('./server-command/check.js')));
  server
    .command('recur')
    .description('create the due copies of recurring invoices; prints one line per invoice created')
    .option('--data <dir>', 'data directory')
    .option('--date <date>', "as of this day, YYYY-MM-DD or dd.mm.yyyy (default: today in each company's time zone)")
    .addHelpText(
      'after',
      examplesText(['acct server recur --data ./books', 'acct server recur --data ./books --date 2026-12-31']),
    )
    .action(lazy(() => import('./server-command/recur.js')));
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}
