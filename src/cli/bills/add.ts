// `acct bills add FILE`: a supplier's bill entered from its Swiss QR code. The code is found in the PDF,
// PNG or JPEG (scan.ts) or read from --qr-text (a phone scanner's text), checked by IG 2.3
// (src/domain/qr-payload.ts: every broken rule named by field, exit 3), and fills the bill: supplier,
// IBAN, reference, message, amount and currency. The expense account and the VAT rate come from the
// flags or, on a terminal, are asked, proposing what the last bill of the same creditor IBAN got. Then
// the bill is created and the file attached as its receipt; a failed attach removes the bill again, so
// a bill is entered whole or not at all. The same IBAN and reference entered before is refused (exit 6).
import { readFileSync } from 'node:fs';
import { attachBillReceipt, billsOfIban, createBill, deleteBill, type BillRecord } from '../../api/endpoints/bills.js';
import type { UploadFile } from '../../api/endpoints/import-entries.js';
import type { ApiClient } from '../../api/http.js';
import { groupRappen, rappenToString, toRappen } from '../../domain/money.js';
import { readQrPayload, type ScannedQrBill } from '../../domain/qr-payload.js';
import { QR_AMOUNT_MAX, QR_AMOUNT_MIN } from '../../domain/qr-bill.js';
import { holdsOn, rateOfItsTime, validities } from '../../domain/vat-rates.js';
import { CliError, ExitCode, UsageError } from '../../errors.js';
import type { Column } from '../../output/types.js';
import { canPrompt, notice, type GlobalOptions } from '../globals.js';
import { planOutput, printRecord } from '../output.js';
import { askRequired, requireAnswerable } from '../prompt.js';
import { RefResolver, rateCandidate } from '../refs.js';
import { parseDay, today } from '../shared/calendar.js';
import { parseAmount } from '../shared/numbers.js';
import { readReceipt } from '../shared/upload.js';
import type { VerbIO } from '../verb.js';

interface AddOptions {
  /** the bill as PDF, PNG or JPEG; optional with --qr-text */
  file?: string;
  qrText?: string;
  account?: string;
  taxRate?: string;
  billDate?: string;
  dueDate?: string;
  amount?: string;
  amountChf?: string;
}

type Rec = Record<string, unknown>;

const COLUMNS: Column[] = [
  { key: 'number' },
  { key: 'supplier_name', header: 'supplier' },
  { key: 'amount', kind: 'money', currencyKey: 'currency' },
  { key: 'reference_type', kind: 'code' },
  { key: 'reference', kind: 'code' },
  { key: 'iban', kind: 'code' },
  { key: 'bill_date', kind: 'date' },
  { key: 'due_date', kind: 'date' },
  { key: 'expense_account', header: 'account' },
  { key: 'tax_rate' },
  { key: 'receipt' },
  { key: 'id', kind: 'int', default: false },
  { key: 'status', default: false },
];

/** What the flags say, read and checked before the file is scanned or anything is asked of the service. */
interface Flags {
  billDate: string;
  dueDate?: string;
  amount?: number;
  amountChf?: number;
}

export default async function addBill(opts: AddOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planOutput(g, COLUMNS);
  if (opts.file === undefined && opts.qrText === undefined)
    throw new UsageError(
      'give the bill as FILE (PDF, PNG or JPEG), or its QR payload with --qr-text - (stdin) or --qr-text FILE',
    );
  if (opts.account === undefined) requireAnswerable(g, '--account');
  const flags = readFlags(opts);
  const receipt = opts.file === undefined ? undefined : readReceipt(opts.file);
  const payload = opts.qrText !== undefined ? readQrText(opts.qrText, io) : await scanReceipt(opts.file!, receipt!);
  const scanned = qrBillOf(payload);
  const amount = flags.amount ?? scanned.amountRappen ?? undefined;
  if (amount === undefined) requireAnswerable(g, '--amount (the QR-bill leaves the amount open)');
  if (scanned.currency === 'EUR' && flags.amountChf === undefined)
    requireAnswerable(g, '--amount-chf (the bill is in EUR)');
  if (flags.amount !== undefined && scanned.amountRappen !== null && flags.amount !== scanned.amountRappen) {
    notice(`--amount ${groupRappen(flags.amount)} instead of the QR-bill's ${groupRappen(scanned.amountRappen)}.`);
  }

  await io.withRuntime(async (rt) => {
    const company = await rt.company();
    const earlier = await billsOfIban(rt.client, company, scanned.creditor.iban);
    refuseDuplicate(scanned, earlier);
    const resolver = new RefResolver(rt.client, company, { ask: canPrompt(g) });
    const booking = await bookingOf(g, resolver, scanned, opts, flags.billDate, latest(earlier));
    const amounts = await amountsOf(g, scanned, amount, flags.amountChf);
    const bill = await createBill(rt.client, company, billBody(scanned, flags, amounts, booking));
    const file = receipt === undefined ? undefined : await attachOrUndo(rt.client, company, bill, receipt);
    printRecord(plan, shown(bill, booking, file));
  });
}

const QR_RANGE = "from 0.01 to 999'999'999.99";

/** An amount a QR-bill can carry, in Rappen; undefined outside QR_RANGE. */
function qrRappen(raw: string, flag: string): number | undefined {
  const value = toRappen(parseAmount(raw, flag))!;
  return value < QR_AMOUNT_MIN || value > QR_AMOUNT_MAX ? undefined : value;
}

function readFlags(opts: AddOptions): Flags {
  const rappen = (raw: string | undefined, flag: string): number | undefined => {
    if (raw === undefined) return undefined;
    const value = qrRappen(raw, flag);
    if (value === undefined) throw new UsageError(`invalid --${flag} "${raw}": ${QR_RANGE}`);
    return value;
  };
  const billDate = opts.billDate === undefined ? today() : parseDay(opts.billDate, 'bill-date');
  const dueDate = opts.dueDate === undefined ? undefined : parseDay(opts.dueDate, 'due-date');
  if (dueDate !== undefined && dueDate < billDate)
    throw new UsageError(`--due-date ${dueDate} is before the bill date ${billDate}`);
  return { billDate, dueDate, amount: rappen(opts.amount, 'amount'), amountChf: rappen(opts.amountChf, 'amount-chf') };
}

/** The payload from stdin (`-`) or a text file. */
function readQrText(source: string, io: VerbIO): string {
  try {
    return source === '-' ? io.stdin.read().toString('utf8') : readFileSync(source, 'utf8');
  } catch (err) {
    throw new UsageError(
      `--qr-text: cannot read ${source === '-' ? 'stdin' : source}: ` +
        `${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
}

/** The QR-bill's payload in the file; none is exit 5, as for a record that is not there. */
async function scanReceipt(path: string, file: UploadFile): Promise<string> {
  const { findQrBill, scanKind } = await import('./scan.js');
  const kind = scanKind(file.bytes);
  if (kind === undefined) throw new UsageError(`${path} is not a PDF, PNG or JPEG file`);
  const found = await findQrBill(file.bytes, kind);
  if (found.payload !== undefined) return found.payload;
  const where = kind === 'pdf' ? `on the ${found.pages} page${found.pages === 1 ? '' : 's'} of ${path}` : `in ${path}`;
  const others =
    found.otherCodes > 0
      ? ` (${found.otherCodes} other QR code${found.otherCodes === 1 ? '' : 's'}, none a QR-bill)`
      : '';
  throw new CliError(`no Swiss QR-bill found ${where}${others}`, ExitCode.NotFound, [
    'a photo or scan: acct bills add FILE --qr-text - with the text a QR scanner app read',
  ]);
}

/** The payload's fields; every rule it breaks listed by field (exit 3). */
function qrBillOf(payload: string): ScannedQrBill {
  const read = readQrPayload(payload);
  if (read.ok) return read.bill;
  throw new CliError(
    `the QR-bill's payload breaks ${read.problems.length === 1 ? 'a rule' : `${read.problems.length} rules`} of the ` +
      `Swiss QR-bill (IG 2.3); nothing was entered`,
    ExitCode.Validation,
    read.problems.map((p) => `${p.field}: ${p.message}`),
  );
}

/** The same creditor reference to the same IBAN is the same bill, scanned again. */
function refuseDuplicate(scanned: ScannedQrBill, earlier: BillRecord[]): void {
  if (scanned.reference === '') return;
  const same = earlier.find((b) => b.reference === scanned.reference && b.status !== 'cancelled');
  if (same)
    throw new CliError(
      `this bill was entered already: ${String(same.number)} has the IBAN ${scanned.creditor.iban} and the ` +
        `reference ${scanned.reference}`,
      ExitCode.Conflict,
    );
}

/** The bill of the IBAN entered last (latest bill date, then the highest id). */
function latest(bills: BillRecord[]): BillRecord | undefined {
  return [...bills].sort(
    (a, b) => String(b.bill_date).localeCompare(String(a.bill_date)) || Number(b.id) - Number(a.id),
  )[0];
}

interface Booking {
  accountId: number;
  taxRateId: number | null;
  account: string;
  taxRate: string | null;
}

/** The expense account and tax rate: the flags, else on a terminal the answers (proposed from `last`). */
async function bookingOf(
  g: GlobalOptions,
  resolver: RefResolver,
  scanned: ScannedQrBill,
  opts: AddOptions,
  billDate: string,
  last: BillRecord | undefined,
): Promise<Booking> {
  const askAccount = opts.account === undefined;
  const askRate = opts.taxRate === undefined && canPrompt(g);
  if (askAccount || askRate) introduce(scanned, last);
  const accountId = askAccount
    ? await askForAccount(resolver, last)
    : await resolver.resolve('account', opts.account!, 'account');
  const taxRateId = askRate
    ? await askForRate(resolver, billDate, last)
    : opts.taxRate === undefined || opts.taxRate.trim().toLowerCase() === 'none'
      ? null
      : await resolver.resolveTaxRateOn(opts.taxRate, 'tax-rate', billDate, 'input');
  const account = await resolver.record('account', accountId);
  const rate = taxRateId === null ? undefined : await resolver.record('tax-rate', taxRateId);
  return {
    accountId,
    taxRateId,
    account: account ? `${String(account.number)} ${String(account.name ?? '')}`.trim() : `id:${accountId}`,
    taxRate: taxRateId === null ? null : String(rate?.name ?? `id:${taxRateId}`),
  };
}

function introduce(scanned: ScannedQrBill, last: BillRecord | undefined): void {
  const { creditor } = scanned;
  const amount =
    scanned.amountRappen === null ? 'amount open' : `${scanned.currency} ${groupRappen(scanned.amountRappen)}`;
  const street = [creditor.street, creditor.building].filter(Boolean).join(' ');
  notice([creditor.name, street, `${creditor.zip} ${creditor.city}`.trim()].filter(Boolean).join(', '));
  notice(
    `${amount}, ${creditor.iban}${scanned.reference ? `, ${scanned.referenceType} ${scanned.reference}` : ''}` +
      `${scanned.message ? `, "${scanned.message}"` : ''}`,
  );
  if (last) notice(`Last bill of this IBAN: ${String(last.number)} of ${String(last.bill_date)}`);
}

async function askForAccount(resolver: RefResolver, last: BillRecord | undefined): Promise<number> {
  // expense accounts first: an asset (an investment) is the rarer case
  const chart = await resolver.all('account');
  const accounts = [...chart.filter((a) => a.type === 'expense'), ...chart.filter((a) => a.type === 'assets')];
  const proposed = last ? Number(last.expense_account_id) : undefined;
  const label = (a: Rec) => `${String(a.number)} ${String(a.name ?? '')}`.trim();
  const { search } = await import('@inquirer/prompts');
  return search<number>({
    message: 'Expense account (number or name)',
    source: (term) => {
      const t = term?.trim().toLowerCase() ?? '';
      const matching = accounts.filter(
        (a) =>
          t === '' ||
          String(a.number).startsWith(t) ||
          String(a.name ?? '')
            .toLowerCase()
            .includes(t),
      );
      // the last bill's account first, so Enter takes it
      const ordered = [
        ...matching.filter((a) => Number(a.id) === proposed),
        ...matching.filter((a) => Number(a.id) !== proposed),
      ];
      return ordered.map((a) => ({
        name: Number(a.id) === proposed ? `${label(a)} (last bill)` : label(a),
        value: Number(a.id),
      }));
    },
    pageSize: 8,
  });
}

async function askForRate(
  resolver: RefResolver,
  billDate: string,
  last: BillRecord | undefined,
): Promise<number | null> {
  const all = (await resolver.all('tax-rate')).map(rateCandidate);
  const holding = all.filter(
    (r) => !r.archived && r.side !== 'output' && holdsOn(validities(r.rate, r.validity), billDate),
  );
  const previous = last?.tax_rate_id == null ? null : all.find((r) => r.id === Number(last.tax_rate_id));
  const proposed = previous ? (rateOfItsTime(previous, all, billDate)?.id ?? previous.id) : null;
  const { select } = await import('@inquirer/prompts');
  return select<number | null>({
    message: 'VAT rate (input tax)',
    choices: [{ name: 'none', value: null }, ...holding.map((r) => ({ name: r.name, value: r.id }))],
    default: proposed,
    pageSize: 10,
  });
}

/** The amount (asked when the QR-bill leaves it open) and, for EUR, the CHF it is booked with. */
async function amountsOf(
  g: GlobalOptions,
  scanned: ScannedQrBill,
  amount: number | undefined,
  amountChf: number | undefined,
): Promise<{ amount: number; amountChf?: number }> {
  const read = (flag: string) => (answer: string) => {
    const value = qrRappen(answer, flag);
    if (value === undefined) throw new UsageError(QR_RANGE);
    return value;
  };
  const total =
    amount ??
    (await askRequired(
      g,
      '--amount',
      `Amount in ${scanned.currency} (open on the QR-bill)`,
      undefined,
      read('amount'),
    ));
  const chf =
    scanned.currency === 'EUR'
      ? (amountChf ??
        (await askRequired(g, '--amount-chf', 'Amount in CHF (booked with)', undefined, read('amount-chf'))))
      : undefined;
  return { amount: total, amountChf: chf };
}

function billBody(
  s: ScannedQrBill,
  flags: Flags,
  amounts: { amount: number; amountChf?: number },
  booking: Booking,
): Rec {
  const orNull = (text: string) => (text === '' ? null : text);
  return {
    supplier_name: s.creditor.name,
    supplier_street: orNull(s.creditor.street),
    supplier_building: orNull(s.creditor.building),
    supplier_zip: s.creditor.zip,
    supplier_city: s.creditor.city,
    supplier_country: s.creditor.country,
    iban: s.creditor.iban,
    reference_type: s.referenceType,
    reference: orNull(s.reference),
    message: orNull(s.message),
    amount: Number(rappenToString(amounts.amount)),
    currency: s.currency,
    ...(amounts.amountChf === undefined ? {} : { amount_chf: Number(rappenToString(amounts.amountChf)) }),
    bill_date: flags.billDate,
    ...(flags.dueDate === undefined ? {} : { due_date: flags.dueDate }),
    expense_account_id: booking.accountId,
    tax_rate_id: booking.taxRateId,
  };
}

/** The receipt attached; when that fails, the bill is deleted again and the failure said. */
async function attachOrUndo(
  client: ApiClient,
  company: number,
  bill: BillRecord,
  receipt: UploadFile,
): Promise<BillRecord> {
  try {
    return await attachBillReceipt(client, company, Number(bill.id), receipt);
  } catch (err) {
    await deleteBill(client, company, Number(bill.id)).catch(() =>
      notice(`bill ${String(bill.number)} stays without its receipt: acct bills delete ${String(bill.number)}`),
    );
    throw err;
  }
}

function shown(bill: BillRecord, booking: Booking, file: BillRecord | undefined): Rec {
  return {
    ...bill,
    expense_account: booking.account,
    tax_rate: booking.taxRate,
    receipt: file ? String(file.name ?? '') : null,
  };
}
