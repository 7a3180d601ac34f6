// `acct import receipt add|remove|url <id>`: the receipt of an imported transaction, which moves to the
// booking when the entry is processed. The file is checked before any request (exists, a file, ≤ 6 MB).
import { attachImportReceipt, importReceiptUrl, removeImportReceipt } from '../../api/endpoints/import-entries.js';
import type { Column } from '../../output/types.js';
import { notice } from '../globals.js';
import { planOutput, printRecord } from '../output.js';
import { readReceipt } from '../shared/upload.js';
import type { VerbIO } from '../verb.js';
import { importId } from './fields.js';

const FILE_COLUMNS: Column[] = [{ key: 'id', kind: 'int' }, { key: 'name' }, { key: 'size', kind: 'int' }];
const URL_COLUMNS: Column[] = [{ key: 'url' }, { key: 'expires_at', kind: 'datetime' }];

interface ReceiptOptions {
  /** the import entry id (or id:N) */
  id: string;
}

export async function add(opts: ReceiptOptions & { file: string }, io: VerbIO): Promise<void> {
  io.globals(); // the global flags are checked first, before this verb's own
  const g = io.globals();
  const plan = planOutput(g, FILE_COLUMNS);
  const id = importId(opts.id);
  const receipt = readReceipt(opts.file);
  await io.withRuntime(async (rt) => {
    printRecord(plan, await attachImportReceipt(rt.client, await rt.company(), id, receipt));
  });
}

export async function remove(opts: ReceiptOptions, io: VerbIO): Promise<void> {
  const id = importId(opts.id);
  await io.withRuntime(async (rt) => {
    await removeImportReceipt(rt.client, await rt.company(), id);
    notice(`Removed the receipt of import entry ${id}.`);
  });
}

/** The link alone on stdout (for `open "$(…)"`); json and ndjson give it with expires_at. */
export async function url(opts: ReceiptOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planOutput(g, URL_COLUMNS);
  const id = importId(opts.id);
  await io.withRuntime(async (rt) => {
    const link = await importReceiptUrl(rt.client, await rt.company(), id);
    if (plan.format === 'json' || plan.format === 'ndjson') printRecord(plan, link);
    else io.out.write(`${link.url}\n`);
  });
}
