// `acct invoices remind <invoice>`: the next reminder level (sent → reminder_one → reminder_two →
// reminder_three), refused before any write from any other status.
import { getDocument } from '../../api/endpoints/documents.js';
import { CliError, ExitCode } from '../../errors.js';
import { convertValue } from '../resource/body.js';
import type { VerbIO } from '../verb.js';
import { documentPlan, withDocument } from '../documents/common.js';
import { KINDS } from '../documents/fields.js';
import { moveDocument } from '../documents/mark-as.js';

interface RemindOptions {
  invoice: string;
  due?: string;
}

const NEXT: Readonly<Record<string, string>> = {
  sent: 'reminder_one',
  reminder_one: 'reminder_two',
  reminder_two: 'reminder_three',
};

function refusal(number: string, status: string): string {
  if (status === 'open')
    return `invoice ${number} is not sent yet: send it first (acct invoices mark-as ${number} sent)`;
  if (status === 'paid') return `invoice ${number} is paid: there is nothing to remind`;
  return `invoice ${number} had its third reminder already: there is no further level`;
}

export default async function remind(o: RemindOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const k = KINDS.invoices;
  const plan = documentPlan(g, k);
  const due = o.due === undefined ? undefined : (convertValue('due', 'date', o.due) as string);
  await withDocument(g, k, o, async ({ rt, company, id }) => {
    const invoice = await getDocument(rt.client, k.kind, company, id);
    const next = NEXT[invoice.status];
    if (!next) throw new CliError(refusal(invoice.number, invoice.status), ExitCode.Conflict);
    await moveDocument(rt, plan, k, company, id, { status: next, reminder_due_date: due });
  });
}
