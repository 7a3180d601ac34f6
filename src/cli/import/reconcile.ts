// `acct import reconcile [--bank-account N] [--date D]`: the last step of the monthly bank routine. The
// service (GET …/entries/import/reconcile) holds the bank account's book balance against the closing
// balance of the latest uploaded statement (or the latest closing on or before --date); this prints
// both, "✓ agrees" or the difference, and the open import entries that explain it. A difference is
// no failure of the command but its answer: exit 8 (ExitCode.Unsound), so a script tells it from an
// error (1) and from success (0).
import { reconcileImport, type Reconciliation } from '../../api/endpoints/import-entries.js';
import { ApiError } from '../../api/http.js';
import { groupRappen, toRappen } from '../../domain/money.js';
import { CliError, ExitCode, UsageError } from '../../errors.js';
import { formatDate } from '../../output/format.js';
import type { Column } from '../../output/types.js';
import { notice } from '../globals.js';
import { planOutput, printRecord } from '../output.js';
import { RefResolver } from '../refs.js';
import { parseDay } from '../shared/calendar.js';
import type { VerbIO } from '../verb.js';
import { accountLabel, signedRappen } from './fields.js';

/** The figures; json prints the service's answer with `account` and `result` beside it. */
export const RECONCILE_COLUMNS: Column[] = [
  { key: 'account', header: 'bank account' },
  { key: 'statement.closing_date', kind: 'date', header: 'statement of' },
  { key: 'date', kind: 'date', header: 'books on' },
  { key: 'bank_balance', kind: 'money', header: 'bank' },
  { key: 'book_balance', kind: 'money', header: 'books' },
  { key: 'difference', kind: 'money' },
  { key: 'result' },
  { key: 'agrees', kind: 'bool', default: false },
  { key: 'open_sum', kind: 'money', header: 'open entries', default: false },
  { key: 'unexplained', kind: 'money', default: false },
  { key: 'statement.opening_balance', kind: 'money', header: 'opening', default: false },
  { key: 'statement.movements', kind: 'money', header: 'movements', default: false },
  { key: 'open_entries', kind: 'json', default: false },
];

interface ReconcileOptions {
  bankAccount?: string;
  date?: string;
}

const money = (n: number) => groupRappen(toRappen(n) ?? 0);

export default async function reconcileCommand(opts: ReconcileOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planOutput(g, RECONCILE_COLUMNS);
  const date = opts.date === undefined ? undefined : parseDay(opts.date, 'date');
  const answer = await io.withRuntime(async (rt) => {
    const company = await rt.company();
    const bankAccountId =
      opts.bankAccount === undefined
        ? undefined
        : await new RefResolver(rt.client, company).resolve('account', opts.bankAccount, 'bank-account');
    try {
      return await reconcileImport(rt.client, company, { bank_account_id: bankAccountId, date });
    } catch (err) {
      // several bank accounts have statements: which one is the bookkeeper's to say (the message lists them)
      if (
        err instanceof ApiError &&
        err.status === 422 &&
        bankAccountId === undefined &&
        err.fieldErrors.bank_account_id
      ) {
        throw new UsageError(`--bank-account: ${err.fieldErrors.bank_account_id[0]}`);
      }
      throw err;
    }
  });
  const result = answer.agrees ? '✓ agrees' : `differs by ${money(answer.difference)}`;
  printRecord(plan, { ...answer, account: accountLabel(answer.bank_account), result });
  for (const line of explanation(answer)) notice(line);
  if (!answer.agrees) {
    throw new CliError(
      `${accountLabel(answer.bank_account)}: the books (${money(answer.book_balance)}) differ from the bank's ` +
        `closing balance (${money(answer.bank_balance)}) by ${money(answer.difference)}`,
      ExitCode.Unsound,
    );
  }
}

/** The open import entries behind a difference, and what they leave unexplained. */
function explanation(r: Reconciliation): string[] {
  if (r.open_entries.length === 0) {
    return r.agrees
      ? []
      : [
          `No open import entry up to ${formatDate(r.date)} explains it: a booking on the account the bank does not ` +
            `know, or an opening balance missing in the books?`,
        ];
  }
  const n = r.open_entries.length;
  const lines = [
    `${n} open import ${n === 1 ? 'entry' : 'entries'} up to ${formatDate(r.date)}, not in the books yet ` +
      `(${money(r.open_sum)}; acct import review, then process):`,
  ];
  for (const e of r.open_entries) {
    lines.push(
      (
        `  ${String(e.id)}  ${formatDate(String(e.date))}  ${groupRappen(signedRappen(e))}  ` +
        `${String(e.description ?? e.counterparty_name ?? '')}`
      ).trimEnd(),
    );
  }
  if (r.unexplained !== 0) lines.push(`They leave ${money(r.unexplained)} unexplained.`);
  return lines;
}
