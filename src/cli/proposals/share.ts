// `acct proposals share <proposal>` turns the public link on (a new token unless it is on already) and
// prints it, on a terminal with a QR code of it for a phone across the table; `unshare` turns it off,
// so the link no longer opens and sharing again makes a new one. -o json|ndjson|tsv|csv print the
// record { id, number, status, is_shared, share_url }.
import { getDocument, updateDocument, type DocumentRecord } from '../../api/endpoints/documents.js';
import type { Column } from '../../output/types.js';
import { stdoutSink } from '../fd-output.js';
import { CliError } from '../../errors.js';
import { notice, type GlobalOptions } from '../globals.js';
import { planOutput, printRecord, type OutputPlan } from '../output.js';
import { cliContext } from '../runtime.js';
import type { VerbIO } from '../verb.js';
import { withDocument } from '../documents/common.js';
import { KINDS } from '../documents/fields.js';
import { localLinkNote, shareRoot, shareUrl } from '../documents/share-link.js';
import { drawQr, qrModules } from '../shared/qr-terminal.js';

interface ShareOptions {
  proposal: string;
}

const COLUMNS: Column[] = [
  { key: 'id', kind: 'int' },
  { key: 'number' },
  { key: 'status' },
  { key: 'is_shared', kind: 'bool' },
  { key: 'share_url' },
];

const record = (doc: DocumentRecord, url: string | null) => ({
  id: doc.id,
  number: doc.number,
  status: doc.status,
  is_shared: !!doc.is_shared,
  share_url: url,
});

/** The record only when a machine format was asked for (flag, ACCT_OUTPUT or the profile); else the link as text. */
const asRecord = (g: GlobalOptions, plan: OutputPlan): boolean =>
  (g.output ?? cliContext(g).output) !== undefined && plan.format !== 'table';

export async function share(o: ShareOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planOutput(g, COLUMNS);
  await withDocument(g, KINDS.proposals, o, async ({ rt, company, id }) => {
    const root = shareRoot(rt);
    let doc = await getDocument(rt.client, 'proposals', company, id);
    const already = doc.is_shared && doc.share_token;
    if (!already) doc = await updateDocument(rt.client, 'proposals', company, id, { is_shared: true });
    if (typeof doc.share_token !== 'string' || doc.share_token === '')
      throw new CliError(`the service shared proposal ${doc.number} but answered no share_token`);
    const url = shareUrl(root, doc.share_token);
    if (asRecord(g, plan)) {
      printRecord(plan, record(doc, url));
    } else {
      stdoutSink.write(`${url}\n`);
      if (io.out.isTTY) stdoutSink.write(`\n${drawQr(await qrModules(url)).join('\n')}\n`);
    }
    notice(
      already
        ? `Proposal ${doc.number} was shared already: the link is the same.`
        : `Shared proposal ${doc.number}: the customer can view, accept or decline it at this link.`,
    );
    const note = localLinkNote(rt);
    if (note) notice(note);
  });
}

export async function unshare(o: ShareOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planOutput(g, COLUMNS);
  await withDocument(g, KINDS.proposals, o, async ({ rt, company, id }) => {
    let doc = await getDocument(rt.client, 'proposals', company, id);
    const was = !!doc.is_shared;
    if (was) doc = await updateDocument(rt.client, 'proposals', company, id, { is_shared: false });
    if (asRecord(g, plan)) printRecord(plan, record(doc, null));
    notice(
      was
        ? `The public link of proposal ${doc.number} is off: it no longer opens, and sharing again makes a new one.`
        : `Proposal ${doc.number} was not shared.`,
    );
  });
}
