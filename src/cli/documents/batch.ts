// `acct proposals|invoices batch-update|batch-delete|batch-mark-as`: several documents in one request.
// The service skips what it may not change (invoices that are not open, moves the table refuses);
// what was skipped is named on stderr as it was typed.
import { batchDocuments, documentPaths, type BatchResult } from '../../api/endpoints/documents.js';
import { UsageError } from '../../errors.js';
import { notice } from '../globals.js';
import { confirmDestructive, refuseUnconfirmed } from '../prompt.js';
import { RefResolver } from '../refs.js';
import { readDataFlag } from '../resource/body.js';
import { deleteQuestion, existingRecords } from '../shared/existing.js';
import type { VerbIO } from '../verb.js';
import { documentIds, flagsBody, requestBody, type DocumentArgs } from './common.js';
import { documentBodyFields, type KindFacts } from './fields.js';

type Rec = Record<string, unknown>;

interface MarkAsOptions extends DocumentArgs {
  status: string;
}

/** Resolves the documents, sends the batch and says what it did. */
async function runBatch(
  k: KindFacts,
  o: DocumentArgs & { data?: string },
  io: VerbIO,
  action: 'update' | 'delete' | 'mark-as',
  body: (resolver: RefResolver) => Promise<Rec>,
): Promise<void> {
  const g = io.globals();
  await io.withRuntime(async (rt) => {
    const company = await rt.company();
    const resolver = new RefResolver(rt.client, company);
    const ids = await documentIds(resolver, k, o);
    const records = await existingRecords(rt.client, k.noun, (id) => documentPaths(k.kind).one(company, id), [
      ...ids.keys(),
    ]);
    if (action === 'delete') await confirmDestructive(g, deleteQuestion(k.noun, records));
    const result: BatchResult = await batchDocuments(rt.client, k.kind, company, action, {
      ids: [...ids.keys()],
      ...(await body(resolver)),
    });
    const done = result.deleted ?? result.updated ?? ids.size - result.skipped.length;
    const verb = action === 'delete' ? 'Deleted' : 'Changed';
    const skipped = result.skipped.map((id) => ids.get(id) ?? String(id));
    const skipReason =
      action === 'delete'
        ? ''
        : action === 'update' && k.noun === 'invoice'
          ? ' (not open)'
          : ' (the move is not allowed)';
    const skippedNote = skipped.length ? ` Skipped: ${skipped.join(', ')}${skipReason}.` : '';
    notice(`${verb} ${done} of ${ids.size} ${k.kind}.${skippedNote}`);
  });
}

export async function update(k: KindFacts, o: DocumentArgs & Rec, io: VerbIO): Promise<void> {
  const fields = documentBodyFields(k).filter((f) => f.key !== 'number');
  const data = readDataFlag(o.data as string | undefined);
  const flags = flagsBody(fields, o);
  if (Object.keys(data).length === 0 && Object.keys(flags).length === 0)
    throw new UsageError(`nothing to change: give a field flag or --data (see acct ${k.kind} batch-update --help)`);
  await runBatch(k, o, io, 'update', async (resolver) => ({
    updateData: await requestBody(fields, resolver, data, flags),
  }));
}

export async function remove(k: KindFacts, o: DocumentArgs, io: VerbIO): Promise<void> {
  const refs = o[k.kind] ?? [];
  refuseUnconfirmed(io.globals(), `Delete ${refs.length} ${refs.length === 1 ? k.noun : k.kind} (${refs.join(', ')})`);
  await runBatch(k, o, io, 'delete', async () => ({}));
}

export async function markAs(k: KindFacts, o: MarkAsOptions, io: VerbIO): Promise<void> {
  await runBatch(k, o, io, 'mark-as', async () => ({ updateData: { status: o.status } }));
}
