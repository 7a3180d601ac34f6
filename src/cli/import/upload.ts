// `acct import upload-camt <file...> [--bank-account N]`: one multipart upload per file, every file
// checked before the first request. The bank account of each statement is settled first by the
// service's own rule (the statement's IBAN picks it; src/domain/bank-account-choice.ts): a statement
// that asks which account (no account has its IBAN, or the one asked for has another) stops the
// command before anything is uploaded, listing the bank accounts (exit 2). Per file and in total: how
// many transactions were new, skipped as duplicates, matched to an invoice and ready by a learned rule,
// from the answer's X-Import-* headers (a service without them: the counts are unknown, said on
// stderr). Nothing is skipped unseen: every duplicate is named on stderr with the entry it duplicates
// (from the upload's report), and the transactions the bank has not booked (pending, information only)
// are counted. A statement's balances: the closing balance, a warning when opening + movements do not
// add up to it, and the books at its date. An account that got the statement's IBAN is said. A file
// the service refuses (422) is named with its reason and the others still go up; the command then
// exits 3. Last, the open and ready counts of the whole import on stderr (-o json: in the object).
import { listAccounts } from '../../api/endpoints/accounts.js';
import {
  listImportEntries,
  uploadCamt,
  type AssignedIban,
  type SkippedDuplicate,
  type StatementBalance,
  type UploadFile,
  type UploadResult,
} from '../../api/endpoints/import-entries.js';
import { ApiError, type ApiClient } from '../../api/http.js';
import {
  chooseBankAccount,
  groupedIban,
  statementIban,
  type BankAccountChoice,
  type BankAccountOption,
} from '../../domain/bank-account-choice.js';
import type { CamtStatement } from '../../domain/camt.js';
import { CliError, ExitCode, UsageError } from '../../errors.js';
import type { Column } from '../../output/types.js';
import { formatCurrency, groupRappen, toRappen } from '../../domain/money.js';
import { formatDate } from '../../output/format.js';
import { failureText } from '../failure.js';
import { notice } from '../globals.js';
import { listRenderer, planOutput, printRecord, type OutputPlan } from '../output.js';
import { RefResolver } from '../refs.js';
import { readUploadFile } from '../shared/upload.js';
import type { VerbIO } from '../verb.js';

/** The service's limit for a CAMT file or ZIP. */
const MAX_CAMT_MB = 50;

const COUNTS = ['created', 'duplicates', 'matched', 'ready'] as const;
/**
 * Transactions of entries the bank has not booked: not imported, counted (not shown by default: the stable columns
 * stay).
 */
const NOT_BOOKED = ['skipped_pending', 'skipped_info'] as const;
type Counts = Record<(typeof COUNTS)[number] | (typeof NOT_BOOKED)[number], number | null>;
type FileRow = Counts & { file: string };
/** A skipped duplicate with the file it was in (-o json: `skipped_duplicates`). */
type DuplicateRow = SkippedDuplicate & { file: string };

const COLUMNS: Column[] = [
  { key: 'file' },
  ...COUNTS.map((key): Column => ({ key, kind: 'int' })),
  ...NOT_BOOKED.map((key): Column => ({ key, kind: 'int', default: false })),
];
/**
 * -o json: the totals, the files, every skipped duplicate, the IBANs given to accounts, the statements' balances, the
 * refused files and the import's open and ready counts.
 */
const SUMMARY_COLUMNS: Column[] = [
  ...[...COUNTS, ...NOT_BOOKED].map((key): Column => ({ key, kind: 'int' })),
  { key: 'files', kind: 'json' },
  { key: 'skipped_duplicates', kind: 'json' },
  { key: 'assigned_ibans', kind: 'json' },
  { key: 'statements', kind: 'json' },
  { key: 'failed', kind: 'json' },
  { key: 'open_count', kind: 'int' },
  { key: 'ready_count', kind: 'int' },
];

interface UploadOptions {
  /** CAMT files or ZIPs, as typed */
  file: string[];
  bankAccount?: string;
}

function readCamt(path: string): UploadFile {
  return readUploadFile(path, {
    directory: `${path} is a directory, not a CAMT file`,
    missing: `no such file: ${path}`,
    unreadable: (why) => `cannot read ${path}: ${why}`,
    empty: `${path} is empty: expected a CAMT XML file or a ZIP of them`,
    maxBytes: MAX_CAMT_MB * 1024 * 1024,
    tooLarge: () =>
      `${path} is larger than ${MAX_CAMT_MB} MB; the service takes CAMT files up to ${MAX_CAMT_MB} MB (split the ZIP)`,
  });
}

/** The sum of a count over the files; null when any file's is unknown. */
const total = (rows: FileRow[], key: keyof Counts): number | null =>
  rows.some((r) => r[key] === null) ? null : rows.reduce((n, r) => n + (r[key] as number), 0);

export default async function uploadCommand(opts: UploadOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planOutput(g, COLUMNS);
  const files = opts.file.map((path) => ({ path, upload: readCamt(path) }));
  const rows: FileRow[] = [];
  const duplicates: DuplicateRow[] = [];
  const assigned: (AssignedIban & { file: string })[] = [];
  const balances: (StatementBalance & { file: string })[] = [];
  const failed: { file: string; message: string }[] = [];
  // each file's statements read here (without their entries): for the bank account question, and the closing balance
  const statements = await readStatements(files.map((f) => f.upload.bytes));
  const open = await io.withRuntime(async (rt) => {
    const company = await rt.company();
    const bankAccount =
      opts.bankAccount === undefined
        ? undefined
        : await new RefResolver(rt.client, company).resolve('account', opts.bankAccount, 'bank-account');
    await askForBankAccount(
      rt.client,
      company,
      files.map((f, i) => ({ path: f.path, statements: statements[i] })),
      bankAccount,
    );
    for (const [i, { path, upload }] of files.entries()) {
      let result: UploadResult;
      try {
        result = await uploadCamt(rt.client, company, upload, bankAccount);
      } catch (err) {
        if (!(err instanceof ApiError) || err.status !== 422) throw err;
        const message = failureText(err);
        failed.push({ file: path, message });
        notice(`${path}: not imported: ${message}`);
        continue;
      }
      rows.push(fileRow(path, result));
      for (const d of result.duplicates ?? []) duplicates.push({ file: path, ...d });
      for (const a of result.assignedIbans ?? []) assigned.push({ file: path, ...a });
      for (const b of result.statements ?? []) balances.push({ file: path, ...b });
      for (const line of skippedLines(path, result)) notice(line);
      for (const a of result.assignedIbans ?? [])
        notice(
          `${path}: ${a.number} ${a.name} now has the statement's IBAN ${groupedIban(a.iban)}; its next statements ` +
            `go there on their own`,
        );
      const lines =
        result.statements === null ? closingBalances(statements[i] ?? []) : result.statements.flatMap(balanceLines);
      for (const line of lines) notice(`${path}: ${line}`);
    }
    return listImportEntries(rt.client, company, { limit: 1 });
  });

  const totals = Object.fromEntries([...COUNTS, ...NOT_BOOKED].map((key) => [key, total(rows, key)])) as Counts;
  print(plan, rows, totals, {
    files: rows,
    skipped_duplicates: duplicates,
    assigned_ibans: assigned,
    statements: balances,
    failed,
    open_count: open.open_count,
    ready_count: open.ready_count,
  });
  if (rows.length > 0 && totals.created === null)
    notice('The service did not report the counts (no X-Import-* headers): how many transactions were new is unknown.');
  const nextStep =
    open.open_count > open.ready_count
      ? ' Next: acct import review'
      : open.ready_count > 0
        ? ' Next: acct import process'
        : '';
  notice(
    `Open: ${open.open_count} ${open.open_count === 1 ? 'entry' : 'entries'}, ${open.ready_count} ready.${nextStep}`,
  );
  if (failed.length > 0) {
    throw new CliError(
      `${failed.length} of ${files.length} ${files.length === 1 ? 'file was' : 'files were'} not imported: ` +
        `${failed.map((f) => f.file).join(', ')}`,
      ExitCode.Validation,
    );
  }
}

function fileRow(file: string, result: UploadResult): FileRow {
  const counts = result.counts ?? { created: null, duplicates: null, matched: null, ready: null };
  return {
    file,
    ...counts,
    skipped_pending: result.notBooked?.pending ?? null,
    skipped_info: result.notBooked?.info ?? null,
  };
}

const transactions = (n: number) => `${n} ${n === 1 ? 'transaction' : 'transactions'}`;

/**
 * One line per duplicate skipped (or their number, when the service does not list them), then what the bank has not
 * booked.
 */
function skippedLines(path: string, result: UploadResult): string[] {
  const lines = result.duplicates?.map((d) => `${path}: ${duplicateText(d)}`) ?? [];
  const unlisted = result.duplicates === null ? (result.counts?.duplicates ?? 0) : 0;
  if (unlisted > 0)
    lines.push(`${path}: ${transactions(unlisted)} skipped as duplicates (the service does not list them)`);
  const pending = result.notBooked?.pending ?? 0;
  const info = result.notBooked?.info ?? 0;
  if (pending > 0)
    lines.push(
      `${path}: ${pending} pending ${pending === 1 ? 'transaction' : 'transactions'} not imported (not booked by ` +
        `the bank yet)`,
    );
  if (info > 0)
    lines.push(`${path}: ${info} information-only ${info === 1 ? 'transaction' : 'transactions'} not imported`);
  return lines;
}

/**
 * "duplicate of import entry 12, not imported: 31.03.2026 -2'150.00 Immo AG ref … bank ref …" (the amount signed as
 * acct import list shows it).
 */
function duplicateText(d: SkippedDuplicate): string {
  const rappen = toRappen(d.sum) ?? 0;
  const parts = [
    formatDate(d.date),
    groupRappen(d.type === 'expense' ? -rappen : rappen),
    d.counterparty_name ?? '',
    d.reference ? `ref ${d.reference}` : '',
    d.bank_reference ? `bank ref ${d.bank_reference}` : '',
  ];
  return `duplicate of import entry ${d.duplicate_of}, not imported: ${parts.filter((p) => p !== '').join(' ')}`;
}

/**
 * Each file's statements with their balances, read here without their entries; null for a file this cannot read (the
 * service judges it).
 */
async function readStatements(contents: Uint8Array[]): Promise<(CamtStatement[] | null)[]> {
  const { readCamtBalances } = await import('../../domain/camt.js');
  return contents.map((bytes) => {
    try {
      return readCamtBalances(bytes);
    } catch {
      return null;
    }
  });
}

/**
 * The service's bank account rule, applied before anything is uploaded: a statement that would be a
 * question (no account has its IBAN and not exactly one is without; --bank-account names an account
 * with another IBAN, or one without while another has it) is a usage error listing the bank accounts.
 * Statements without a valid IBAN, and an account that is no bank account, are the service's to judge.
 */
async function askForBankAccount(
  client: ApiClient,
  company: number,
  files: { path: string; statements: CamtStatement[] | null }[],
  askedFor: number | undefined,
): Promise<void> {
  const withIban = files.flatMap(({ path, statements }) =>
    (statements ?? []).filter((st) => statementIban(st.iban) !== null).map((st) => ({ path, st })),
  );
  if (withIban.length === 0) return;
  const accounts: BankAccountOption[] = (await listAccounts(client, company, { type: 'bank' })).map((a) => ({
    id: Number(a.id),
    number: Number(a.number),
    name: String(a.name ?? ''),
    iban: typeof a.iban === 'string' && a.iban !== '' ? a.iban : null,
    isPrimary: a.is_primary_bank_account === true,
  }));
  for (const { path, st } of withIban) {
    const choice = chooseBankAccount(accounts, st.iban, askedFor);
    // an IBAN the upload will give an account counts for the statements after it, as in the service
    if (choice.kind === 'account' && choice.assignIban !== null) choice.account.iban = choice.assignIban;
    if (choice.kind !== 'ask') continue;
    const label = (a: BankAccountOption) => `${a.number} ${a.name}${a.iban ? `  ${groupedIban(a.iban)}` : ''}`;
    throw new UsageError(
      `${path}${st.fileName ? ` (${st.fileName})` : ''}: ${question(choice)}; nothing was uploaded. The bank accounts:`,
      accounts.map((a) => `  ${label(a)}`),
    );
  }
}

/** Why the statement's bank account is a question, and what answers it. */
function question(choice: Extract<BankAccountChoice<BankAccountOption>, { kind: 'ask' }>): string {
  const iban = groupedIban(choice.iban);
  const name = (a: BankAccountOption) => `${a.number} ${a.name}`;
  if (choice.reason === 'iban-differs') {
    return (
      `${name(choice.asked!)} has another IBAN (${groupedIban(choice.asked!.iban!)}) than the statement ` +
      `(${iban}); choose its account with --bank-account`
    );
  }
  if (choice.reason === 'iban-elsewhere') {
    return (
      `the statement's IBAN ${iban} is that of ${name(choice.holder!)}, not of ${name(choice.asked!)}: leave ` +
      `out --bank-account, or give --bank-account ${choice.holder!.number}`
    );
  }
  return (
    `no bank account has the statement's IBAN ${iban}; choose its account with --bank-account (one without ` +
    `IBAN then gets it)`
  );
}

const closingDate = (date: string | null) => (date ? ` on ${formatDate(date)}` : '');

/**
 * What the bank says the account holds at the statement's end (CLBD, else the last booked balance), read
 * from the file here: for a service that does not report the statements' balances.
 */
function closingBalances(statements: readonly CamtStatement[]): string[] {
  return statements.flatMap((st) => {
    const closing =
      st.balances.find((b) => b.type === 'CLBD') ?? st.balances.findLast((b) => b.type === 'CLBK' || b.type === 'CLAV');
    if (!closing) return [];
    return [
      `closing balance ${formatCurrency(closing.amountRappen, closing.currency)}${closingDate(closing.date)}` +
        `${st.iban ? ` (${st.iban})` : ''}`,
    ];
  });
}

/**
 * A statement's balances as the service reports them: the closing balance, a warning when opening +
 * movements do not add up to it (a statement missing an entry, or one the bank corrected), and the
 * books at its date beside it (they agree once its entries are processed: acct import reconcile).
 */
function balanceLines(b: StatementBalance): string[] {
  const money = (n: number) => formatCurrency(toRappen(n) ?? 0, b.currency);
  const lines = [
    `closing balance ${money(b.closing_balance)}${closingDate(b.closing_date)}${b.iban ? ` (${b.iban})` : ''}`,
  ];
  if (b.adds_up === false && b.opening_balance !== null) {
    const sum = (toRappen(b.opening_balance) ?? 0) + (toRappen(b.movements) ?? 0);
    lines.push(
      `warning: the statement does not add up: opening ${money(b.opening_balance)} + movements ${money(b.movements)}` +
        ` = ${formatCurrency(sum, b.currency)}, not the closing ${money(b.closing_balance)}`,
    );
  }
  const difference = (toRappen(b.closing_balance) ?? 0) - (toRappen(b.book_balance) ?? 0);
  const agreement =
    difference === 0
      ? ': ✓ agrees'
      : `, difference ${formatCurrency(difference, b.currency)} (process the entries, then acct import reconcile)`;
  lines.push(`in the books ${money(b.book_balance)} on ${formatDate(b.booked_until)}${agreement}`);
  return lines;
}

/** json: one object with the totals; the other formats: a row per file (a table adds the total). */
function print(plan: OutputPlan, rows: FileRow[], totals: Counts, more: Record<string, unknown>): void {
  if (plan.format === 'json') {
    printRecord({ ...plan, columns: SUMMARY_COLUMNS }, { ...totals, ...more });
    return;
  }
  if (rows.length === 0) return;
  const renderer = listRenderer(plan);
  renderer.push(plan.format === 'table' && rows.length > 1 ? [...rows, { file: 'total', ...totals }] : rows);
  renderer.end();
}
