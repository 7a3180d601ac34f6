// `acct bills create … [--receipt FILE]`: the bill from its flags (or --data), accounts and tax rates
// by number or name; the receipt, read and checked before any request, is attached right after.
import { UsageError } from '../../errors.js';
import { attachBillReceipt, createBill, getBill } from '../../api/endpoints/bills.js';
import { nameFlags } from '../failure.js';
import { canPrompt } from '../globals.js';
import { planOutput, printRecord } from '../output.js';
import { RefResolver } from '../refs.js';
import { bodyFromFlags, readDataFlag } from '../resource/body.js';
import { resolveRefs } from '../resource/run.js';
import type { BodyField } from '../resource/spec.js';
import { readReceipt } from '../shared/upload.js';
import type { VerbIO } from '../verb.js';
import { BILL_COLUMNS, BILL_FIELDS, detailColumns } from './fields.js';

interface CreateOptions {
  receipt?: string;
  data?: string;
  [flag: string]: unknown;
}

export default async function create(opts: CreateOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planOutput(g, detailColumns(BILL_COLUMNS));
  nameFlags(BILL_FIELDS.map((f) => [f.key, f.flag]));
  const body = { ...readDataFlag(opts.data), ...bodyFromFlags(BILL_FIELDS, opts) };
  const missing = BILL_FIELDS.filter((f) => f.required && body[f.key] === undefined);
  if (missing.length) throw new UsageError(`missing required ${missing.map((f) => `--${f.flag}`).join(', ')}`);
  const receipt = opts.receipt === undefined ? undefined : readReceipt(opts.receipt, '--receipt');
  await io.withRuntime(async (rt) => {
    const company = await rt.company();
    await resolveRefs(
      new RefResolver(rt.client, company, { ask: canPrompt(g) }),
      BILL_FIELDS,
      body,
      (f) => (f as BodyField).key,
    );
    const created = await createBill(rt.client, company, body);
    if (receipt === undefined) {
      printRecord(plan, created);
      return;
    }
    await attachBillReceipt(rt.client, company, Number(created.id), receipt);
    // the receipt is the bill's file now: read back
    printRecord(plan, await getBill(rt.client, company, Number(created.id)));
  });
}
