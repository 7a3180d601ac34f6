// `acct bills pay [BILL…] [--due-before D] [--execute-on D] [--from-account A] --out FILE [--force] [--dry-run]`:
// the open bills as a pain.001 file for e-banking (src/domain/pain001.ts), then scheduled with its
// message id. Everything that can stop the command is checked before anything is written: the flags
// and --out first (no request), then every bill and debtor account (no file, no state change). The
// file is written beside --out, the bills are scheduled (all or none, POST /bills/schedule), and only
// then the file is moved into place: a refusal of the service leaves neither file nor change.
import { randomBytes } from 'node:crypto';
import type { AccountRecord } from '../../api/endpoints/accounts.js';
import { getBill, listBills, markBillAs, scheduleBills, type BillRecord } from '../../api/endpoints/bills.js';
import { companySettings } from '../../api/endpoints/companies.js';
import { wallClock } from '../../domain/clock.js';
import { isValidIban, normaliseIban } from '../../domain/iban.js';
import { rappenToNumber, rappenToString, toRappen } from '../../domain/money.js';
import { pain001Xml, totalsByCurrency, type Party, type Payment } from '../../domain/pain001.js';
import { CliError, ExitCode, UsageError } from '../../errors.js';
import type { Column } from '../../output/types.js';
import { openSink, refuseToOverwrite } from '../fd-output.js';
import { canPrompt, notice } from '../globals.js';
import { listRenderer, planOutput, printRecord } from '../output.js';
import { RefResolver } from '../refs.js';
import { convertValue } from '../resource/body.js';
import type { Runtime } from '../runtime.js';
import type { VerbIO } from '../verb.js';

interface PayOptions {
  bill?: string[];
  dueBefore?: string;
  executeOn?: string;
  fromAccount?: string;
  out?: string;
  force?: boolean;
  dryRun?: boolean;
}

const DRY_RUN_COLUMNS: Column[] = [
  { key: 'bill', kind: 'code' },
  { key: 'creditor' },
  { key: 'iban', header: 'IBAN', kind: 'code' },
  { key: 'amount', kind: 'money', currencyKey: 'currency' },
  { key: 'currency', default: false },
  { key: 'reference', kind: 'code' },
  { key: 'execution_date', header: 'execution date', kind: 'date' },
  { key: 'from_account', header: 'from', kind: 'code' },
];

const SUMMARY_COLUMNS: Column[] = [
  { key: 'file' },
  { key: 'message_id', header: 'message id', kind: 'code' },
  { key: 'payments', kind: 'int' },
  { key: 'totals', header: 'total', kind: 'sums' },
];

/** A bill to pay with the account it leaves from. */
interface Planned {
  bill: BillRecord;
  payment: Payment;
  fromAccount: number;
}

export default async function pay(o: PayOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const refs = o.bill ?? [];
  if (refs.length && o.dueBefore !== undefined)
    throw new UsageError('--due-before selects among the open bills: give it or the bills, not both');
  if (!o.dryRun && o.out === undefined)
    throw new UsageError('missing --out FILE (the pain.001 file to write), or --dry-run');
  if (o.dryRun && o.out !== undefined) throw new UsageError('--dry-run writes nothing: leave out --out');
  const dueBefore = o.dueBefore === undefined ? undefined : (convertValue('due-before', 'date', o.dueBefore) as string);
  const executeOn = o.executeOn === undefined ? undefined : (convertValue('execute-on', 'date', o.executeOn) as string);
  if (o.out !== undefined) refuseToOverwrite(o.out, o.force);
  const plan = planOutput(g, o.dryRun ? DRY_RUN_COLUMNS : SUMMARY_COLUMNS);

  await io.withRuntime(async (rt) => {
    const company = await rt.company();
    const resolver = new RefResolver(rt.client, company, { ask: canPrompt(g) });
    const fromAccount =
      o.fromAccount === undefined ? undefined : await resolver.resolve('account', o.fromAccount, 'from-account');
    const bills = refs.length ? await namedBills(rt, company, resolver, refs) : await openBills(rt, company, dueBefore);
    const accounts = (await resolver.all('account')) as AccountRecord[];
    const now = new Date();
    const clock = wallClock(now);
    const stamp = `${clock.date}T${clock.time}:${String(now.getUTCSeconds()).padStart(2, '0')}`;
    const planned = planPayments(bills, accounts, { fromAccount, executeOn, today: clock.date });
    if (o.dryRun) {
      const renderer = listRenderer(plan);
      renderer.push(planned.map(dryRunRow(accounts)));
      renderer.end();
      notice(`Dry run: ${summaryLine(planned.map((p) => p.payment))}; nothing written, no bill changed.`);
      return;
    }
    const settings = await companySettings(rt.client, company);
    const debtor = debtorParty(settings);
    const messageId = newMessageId(stamp);
    const xml = pain001Xml({ messageId, createdAt: stamp, debtor, payments: planned.map((p) => p.payment) });
    await writeAndSchedule(rt, company, o.out!, o.force, xml, planned, messageId);
    printRecord(plan, {
      file: o.out,
      message_id: messageId,
      payments: planned.length,
      totals: totalsObject(planned.map((p) => p.payment)),
    });
    notice(
      `Wrote ${o.out}: ${summaryLine(planned.map((p) => p.payment))}, message id ${messageId}; the bills are ` +
        `scheduled. Upload the file in e-banking.`,
    );
  });
}

/** The bills named: each must be open (exit 6 naming the others). */
async function namedBills(rt: Runtime, company: number, resolver: RefResolver, refs: string[]): Promise<BillRecord[]> {
  const ids: number[] = [];
  for (const ref of refs) {
    const id = await resolver.resolve('bill', ref, '<bill>');
    if (!ids.includes(id)) ids.push(id);
  }
  // a bill named by its number comes whole with the search that found it; one named by id is read
  const bills = await Promise.all(
    ids.map(async (id) => (await resolver.record('bill', id)) ?? getBill(rt.client, company, id)),
  );
  const notOpen = bills.filter((b) => b.status !== 'open');
  if (notOpen.length) {
    throw new CliError(
      `only open bills are paid: ${notOpen.map((b) => `${String(b.number)} is ${String(b.status)}`).join(', ')}`,
      ExitCode.Conflict,
      ['a scheduled bill is already in a payment file; "acct bills mark-as BILL open" takes it out'],
    );
  }
  return bills;
}

/** Every open bill (due on or before `dueBefore`), the earliest due first; none is exit 5. */
async function openBills(rt: Runtime, company: number, dueBefore: string | undefined): Promise<BillRecord[]> {
  const bills = await listBills(rt.client, company, {
    'filter[status]': 'open',
    ...(dueBefore ? { 'filter[due_before]': dueBefore } : {}),
  });
  if (bills.length === 0)
    throw new CliError(`no open bills to pay${dueBefore ? ` due on or before ${dueBefore}` : ''}`, ExitCode.NotFound);
  return bills;
}

const accountLabel = (a: AccountRecord | undefined, id: number): string =>
  a ? `${String(a.number)} ${String(a.name)}` : `id:${id}`;

/**
 * Each bill's payment: the account it leaves from (--from-account, the bill's, the primary one) with its
 * IBAN, the day (--execute-on, else the due date, today once that has passed), the amount in Rappen.
 * Every problem of every bill is collected and reported at once (exit 3) before anything is written.
 */
function planPayments(
  bills: BillRecord[],
  accounts: AccountRecord[],
  o: { fromAccount?: number; executeOn?: string; today: string },
): Planned[] {
  const byId = new Map(accounts.map((a) => [Number(a.id), a]));
  const primary = accounts.find((a) => a.is_primary_bank_account === true);
  const problems: string[] = [];
  const planned: Planned[] = [];
  for (const bill of bills) {
    const name = String(bill.number ?? `id:${String(bill.id)}`);
    const before = problems.length;
    const amount = bill.amount === null || bill.amount === undefined ? undefined : toRappen(String(bill.amount));
    if (amount === undefined || amount <= 0)
      problems.push(`${name}: no amount to pay (set it with acct bills edit ${name} --amount …)`);
    const iban = typeof bill.iban === 'string' ? normaliseIban(bill.iban) : '';
    if (!isValidIban(iban))
      problems.push(`${name}: the creditor IBAN "${String(bill.iban ?? '')}" is not a valid IBAN`);
    const accountId =
      o.fromAccount ??
      (bill.bank_account_id == null ? undefined : Number(bill.bank_account_id)) ??
      (primary ? Number(primary.id) : undefined);
    const account = accountId === undefined ? undefined : byId.get(accountId);
    const debtorIban = typeof account?.iban === 'string' ? normaliseIban(account.iban) : '';
    if (accountId === undefined)
      problems.push(`${name}: no bank account to pay from: give --from-account or make one the primary bank account`);
    else if (!debtorIban)
      problems.push(
        `${name}: the bank account ${accountLabel(account, accountId)} has no IBAN (acct accounts update ` +
          `${String(account?.number ?? `id:${accountId}`)} --iban …)`,
      );
    else if (!isValidIban(debtorIban))
      problems.push(`${name}: the IBAN of the bank account ${accountLabel(account, accountId)} is not valid`);
    if (problems.length > before) continue;
    const due = String(bill.due_date);
    planned.push({
      bill,
      fromAccount: accountId!,
      payment: {
        bill: name,
        debtorIban,
        // biome-ignore lint/complexity/useMathMinMax: dates as YYYY-MM-DD text
        executionDate: o.executeOn ?? (due < o.today ? o.today : due),
        creditor: {
          name: String(bill.supplier_name),
          street: bill.supplier_street as string | null,
          building: bill.supplier_building as string | null,
          zip: bill.supplier_zip as string | null,
          city: bill.supplier_city as string | null,
          country: bill.supplier_country as string | null,
        },
        creditorIban: iban,
        amount: amount!,
        currency: String(bill.currency ?? 'CHF'),
        referenceType: (bill.reference_type ?? 'NON') as Payment['referenceType'],
        reference: bill.reference as string | null,
        message: bill.message as string | null,
      },
    });
  }
  if (problems.length)
    throw new CliError(
      `cannot pay ${problems.length === 1 ? 'a bill' : 'these bills'}; nothing written, no bill changed`,
      ExitCode.Validation,
      problems,
    );
  return planned;
}

const dryRunRow = (accounts: AccountRecord[]) => (p: Planned) => {
  const account = accounts.find((a) => Number(a.id) === p.fromAccount);
  return {
    bill: p.payment.bill,
    creditor: p.payment.creditor.name,
    iban: p.payment.creditorIban,
    amount: rappenToNumber(p.payment.amount),
    currency: p.payment.currency,
    reference: p.payment.reference ?? p.payment.message ?? '',
    execution_date: p.payment.executionDate,
    from_account: String(account?.number ?? p.fromAccount),
  };
};

/** "3 payments, CHF 1'234.50, EUR 500.00" */
function summaryLine(payments: Payment[]): string {
  const totals = [...totalsByCurrency(payments)].map(([currency, rappen]) => `${currency} ${rappenToString(rappen)}`);
  return `${payments.length} payment${payments.length === 1 ? '' : 's'}, ${totals.join(', ')}`;
}

const totalsObject = (payments: Payment[]): Record<string, number> =>
  Object.fromEntries(
    [...totalsByCurrency(payments)].map(([currency, rappen]) => [currency, Number(rappenToString(rappen))]),
  );

/** The company as debtor: the creditor name and address its invoices carry, else its name. */
function debtorParty(settings: Record<string, unknown> | undefined): Party {
  const s = settings ?? {};
  const text = (key: string) => (typeof s[key] === 'string' && s[key] !== '' ? (s[key] as string) : null);
  const name = text('creditor_name') ?? text('name');
  if (!name)
    throw new CliError(
      'the company has no name to pay as (set the creditor name: acct server companies set ID --creditor-name …)',
      ExitCode.Validation,
    );
  return {
    name,
    street: text('creditor_street'),
    building: text('creditor_building'),
    zip: text('creditor_zip'),
    city: text('creditor_city'),
    country: text('creditor_country'),
  };
}

/**
 * ACCT-YYYYMMDDHHMMSS-XXXXXXXX from the creation time (YYYY-MM-DDTHH:MM:SS) and 40 random bits: unique per file, 28
 * characters of the SPS' id set.
 */
function newMessageId(stamp: string): string {
  const random = randomBytes(5).readUIntBE(0, 5).toString(36).toUpperCase().padStart(8, '0');
  return `ACCT-${stamp.replace(/[-T:]/g, '')}-${random}`;
}

/**
 * The file beside --out, the bills scheduled, the file moved into place. The service refusing (a bill
 * changed meanwhile) removes the partial file; the file failing to land puts the bills back to open.
 */
async function writeAndSchedule(
  rt: Runtime,
  company: number,
  out: string,
  force: boolean | undefined,
  xml: string,
  planned: Planned[],
  messageId: string,
): Promise<void> {
  const sink = openSink(out, force);
  const ids = planned.map((p) => Number(p.bill.id));
  try {
    sink.write(xml);
    await scheduleBills(rt.client, company, ids, messageId);
  } catch (err) {
    sink.abandon();
    throw err;
  }
  try {
    sink.done();
  } catch (err) {
    for (const id of ids) await markBillAs(rt.client, company, id, 'open', {});
    throw err;
  }
}
