// `acct proposals split <proposal> --part "Anzahlung=40%" --part "Rest=60%"`: one invoice per part. The
// parts are turned into amounts that total the proposal to the Rappen before anything is sent.
import { getDocument, splitProposal } from '../../api/endpoints/documents.js';
import { rappenToString, toRappen } from '../../domain/money.js';
import type { Column } from '../../output/types.js';
import { notice } from '../globals.js';
import { listRenderer, planOutput } from '../output.js';
import type { VerbIO } from '../verb.js';
import { splitParts } from '../documents/input.js';
import { withDocument } from '../documents/common.js';
import { KINDS } from '../documents/fields.js';

interface SplitOptions {
  proposal: string;
  part: string[];
}

const CREATED_COLUMNS: Column[] = [
  { key: 'id', kind: 'int' },
  { key: 'number' },
  { key: 'title' },
  { key: 'final_value', header: 'total', kind: 'money' },
];

export default async function split(o: SplitOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = planOutput(g, CREATED_COLUMNS);
  await withDocument(g, KINDS.proposals, o, async ({ rt, company, id }) => {
    const proposal = await getDocument(rt.client, 'proposals', company, id);
    const parts = splitParts(o.part, toRappen(proposal.total_value_with_discount) ?? 0);
    const invoices = await splitProposal(
      rt.client,
      company,
      id,
      parts.map((p) => ({ title: p.title, sum: rappenToString(p.sum) })),
    );
    const renderer = listRenderer(plan);
    renderer.push(invoices);
    renderer.end();
    notice(
      `Created ${invoices.length} invoice${invoices.length === 1 ? '' : 's'} from proposal ${proposal.number}: ` +
        `${invoices.map((i) => i.number).join(', ')}.`,
    );
  });
}
