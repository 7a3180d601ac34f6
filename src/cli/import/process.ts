// `acct import process [--dry-run]`: books the ready import entries and deletes the ignored ones.
// Entries the bookkeeping refuses stay open with the reason; they are listed and the command exits 6.
// --dry-run asks the service for the bookings processing would make (it runs and rolls back), booking nothing.
// Nothing ready is no failure (exit 0, said on stderr), so `process --dry-run && process` runs in cron.
import {
  dryRunImportEntries,
  listImportEntries,
  processImportEntries,
  type ImportEntryList,
  type ImportEntryRecord,
  type ProcessDryRun,
  type ProcessResult,
} from '../../api/endpoints/import-entries.js';
import { ApiError, type ApiClient } from '../../api/http.js';
import { CliError, ExitCode } from '../../errors.js';
import type { Column } from '../../output/types.js';
import { notice } from '../globals.js';
import { listRenderer, planOutput, printRecord, type OutputPlan } from '../output.js';
import type { Runtime } from '../runtime.js';
import { importColumns } from '../shared/upload.js';
import type { VerbIO } from '../verb.js';
import { billLabel, ruleLabel } from './fields.js';

/** The result: created, ignored, failed, and the refusals (json: `errors: [{ id, message }]`). */
export const PROCESS_COLUMNS: Column[] = importColumns(['created', 'ignored']);

const BOOKING_COLUMNS: Column[] = [
  { key: 'import_entry_id', kind: 'int', header: 'entry' },
  { key: 'date', kind: 'date' },
  { key: 'debit_account.number', header: 'debit', kind: 'int' },
  { key: 'credit_account.number', header: 'credit', kind: 'int' },
  { key: 'sum', kind: 'money' },
  { key: 'description' },
  { key: 'tax_rate.name', header: 'VAT' },
  { key: 'invoice.number', header: 'invoice' },
  { key: 'bill_label', header: 'bill' },
  { key: 'rule_label', header: 'rule' },
  { key: 'type', default: false },
  { key: 'debit_account.name', header: 'debit name', default: false },
  { key: 'credit_account.name', header: 'credit name', default: false },
];

interface ProcessOptions {
  dryRun?: boolean;
}

export default async function processCommand(opts: ProcessOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planOutput(g, opts.dryRun ? BOOKING_COLUMNS : PROCESS_COLUMNS);
  await io.withRuntime(async (rt) => {
    const company = await rt.company();
    if (opts.dryRun) await dryRun(rt, company, plan);
    else await processReady(rt, company, plan);
  });
}

/** "nothing to book: 0 ready, 3 need an account" (the open entries without a counter account). */
const nothingToBook = (queue: Pick<ImportEntryList, 'open_count' | 'ready_count'>) =>
  `nothing to book: ${queue.ready_count} ready, ${queue.open_count - queue.ready_count} need an account`;

const queueOf = (client: ApiClient, company: number) => listImportEntries(client, company, { limit: 1 });

/**
 * POST …/entries/import and its report; exit 6 when the bookkeeping refused any entry. With nothing
 * ready the service answers 400 (the spec's answer, for every client); here that is no failure, so the
 * counts are read first, and again after a 400 (another run may have booked them meanwhile): a 400
 * while entries are still ready stays a failure.
 */
export async function processReady(rt: Runtime, company: number, plan: OutputPlan): Promise<void> {
  const before = await queueOf(rt.client, company);
  if (before.ready_count === 0) return reportNothing(plan, before);
  let result: ProcessResult;
  try {
    result = await processImportEntries(rt.client, company);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 400) throw err;
    const queue = await queueOf(rt.client, company);
    if (queue.ready_count > 0) throw err;
    return reportNothing(plan, queue);
  }
  const { created, ignored, errors } = result;
  printRecord(plan, { created, ignored, failed: errors.length, errors });
  notice(`Booked ${created}, deleted ${ignored} ignored.`);
  for (const e of errors) notice(`  entry ${e.id}: ${e.message}`);
  if (errors.length > 0) {
    throw new CliError(
      `${errors.length} ${errors.length === 1 ? 'entry was' : 'entries were'} refused and ` +
        `stay${errors.length === 1 ? 's' : ''} open (acct import get <id> shows the reason)`,
      ExitCode.Conflict,
    );
  }
}

/** The same record as a run that booked nothing, and the sentence on stderr. */
function reportNothing(plan: OutputPlan, queue: Pick<ImportEntryList, 'open_count' | 'ready_count'>): void {
  printRecord(plan, { created: 0, ignored: 0, failed: 0, errors: [] });
  notice(nothingToBook(queue));
}

/**
 * A booking of the dry run as the columns show it: the bill it pays and the rule that chose the counter account beside
 * it.
 */
const asRow = (b: ImportEntryRecord): ImportEntryRecord => ({
  ...b,
  bill_label: billLabel(b),
  rule_label: ruleLabel(b),
});

/**
 * GET …/entries/import/dry-run: the service runs the real processing and rolls it back, so what is
 * shown is exactly what process will book (a paid open invoice's receivable too, a bill's payment) and what it will
 * refuse.
 */
async function dryRun(rt: Runtime, company: number, plan: OutputPlan): Promise<void> {
  const queue = await queueOf(rt.client, company);
  if (queue.ready_count === 0) return reportNoBookings(plan, queue);
  let answer: ProcessDryRun;
  try {
    answer = await dryRunImportEntries(rt.client, company);
  } catch (err) {
    // as for process: another run may have booked them meanwhile
    if (!(err instanceof ApiError) || err.status !== 400) throw err;
    const now = await queueOf(rt.client, company);
    if (now.ready_count > 0) throw err;
    return reportNoBookings(plan, now);
  }
  const renderer = listRenderer(plan);
  renderer.push(answer.bookings.map(asRow));
  renderer.end();
  const n = answer.bookings.length;
  notice(
    `Dry run: ${n} ${n === 1 ? 'booking' : 'bookings'} would be made, ${answer.ignored} ignored ` +
      `${answer.ignored === 1 ? 'entry' : 'entries'} deleted; nothing was sent.`,
  );
  for (const e of answer.errors) notice(`  entry ${e.id} would be refused: ${e.message}`);
}

/** An empty list of bookings, and the sentence on stderr. */
function reportNoBookings(plan: OutputPlan, queue: Pick<ImportEntryList, 'open_count' | 'ready_count'>): void {
  listRenderer(plan).end();
  notice(nothingToBook(queue));
}
