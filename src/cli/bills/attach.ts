// `acct bills attach <bill> <file>`: the receipt of a bill, checked (exists, a file, at most 6 MB)
// before any request; it replaces the receipt the bill had.
import { attachBillReceipt } from '../../api/endpoints/bills.js';
import type { Column } from '../../output/types.js';
import { canPrompt, notice } from '../globals.js';
import { planOutput, printRecord } from '../output.js';
import { RefResolver } from '../refs.js';
import { readReceipt } from '../shared/upload.js';
import type { VerbIO } from '../verb.js';

const FILE_COLUMNS: Column[] = [
  { key: 'id', kind: 'int' },
  { key: 'name' },
  { key: 'size', kind: 'int' },
  { key: 'mime' },
  { key: 'url', default: false },
];

export default async function attach(o: { bill: string; file: string }, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planOutput(g, FILE_COLUMNS);
  const receipt = readReceipt(o.file);
  await io.withRuntime(async (rt) => {
    const company = await rt.company();
    const id = await new RefResolver(rt.client, company, { ask: canPrompt(g) }).resolve('bill', o.bill, '<bill>');
    printRecord(plan, await attachBillReceipt(rt.client, company, id, receipt));
    notice(`Attached ${receipt.name} to bill ${o.bill}.`);
  });
}
