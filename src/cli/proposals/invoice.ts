// `acct proposals invoice <proposal>`: an accepted proposal (or an order confirmation) becomes one
// invoice with its positions, collections and text lines kept, naming the proposal. Any other status
// is refused before anything is written.
import { createDocument, getDocument, type DocumentRecord } from '../../api/endpoints/documents.js';
import { CliError, ExitCode } from '../../errors.js';
import { notice } from '../globals.js';
import { convertValue } from '../resource/body.js';
import type { VerbIO } from '../verb.js';
import { statusLabel } from '../documents/view.js';
import { documentPlan, printDocument, withDocument } from '../documents/common.js';
import { KINDS } from '../documents/fields.js';

interface InvoiceOptions {
  proposal: string;
  date?: string;
  payableUntil?: string;
  force?: boolean;
}

const INVOICEABLE = ['accepted', 'confirmation'];

/** The positions as the API shows them (flat, a collection followed by its children) → the body's items. */
export function positionItems(positions: readonly DocumentRecord[]): DocumentRecord[] {
  const items: DocumentRecord[] = [];
  const collections = new Map<number, DocumentRecord[]>();
  for (const p of positions) {
    const item: DocumentRecord =
      p.type === 'text'
        ? { type: 'text', text: p.description ?? '' }
        : p.type === 'collection'
          ? { type: 'collection', title: p.title, positions: [] }
          : {
              type: 'position',
              description: p.description,
              amount: String(p.amount),
              price: String(p.price),
              unit: p.unit,
              ...(p.discount_type
                ? { discount_amount: String(p.discount_amount), discount_type: p.discount_type }
                : {}),
            };
    const parent = p.parent_id === null || p.parent_id === undefined ? undefined : collections.get(p.parent_id);
    (parent ?? items).push(item);
    if (p.type === 'collection') collections.set(p.id, item.positions);
  }
  return items;
}

export default async function invoice(o: InvoiceOptions, io: VerbIO): Promise<void> {
  const g = io.globals();
  const plan = documentPlan(g, KINDS.invoices);
  const dates = {
    ...(o.date === undefined ? {} : { date: convertValue('date', 'date', o.date) }),
    ...(o.payableUntil === undefined ? {} : { payable_until: convertValue('payable-until', 'date', o.payableUntil) }),
  };
  await withDocument(g, KINDS.proposals, o, async ({ rt, company, id }) => {
    const p = await getDocument(rt.client, 'proposals', company, id);
    if (!INVOICEABLE.includes(p.status)) {
      throw new CliError(
        `proposal ${p.number} is ${statusLabel(p.status)}: only an accepted proposal or an order confirmation ` +
          `becomes an invoice`,
        ExitCode.Conflict,
        p.status === 'sent' ? [`hint: acct proposals mark-as ${p.number} accepted`] : [],
      );
    }
    const earlier: DocumentRecord[] = p.invoices ?? [];
    if (earlier.length && !o.force) {
      throw new CliError(
        `proposal ${p.number} has invoices already (${earlier.map((i) => i.number).join(', ')}); --force ` +
          `makes one more`,
        ExitCode.Conflict,
      );
    }
    const created = await createDocument(rt.client, 'invoices', company, {
      customer_id: p.customer_id,
      contact_id: p.contact_id,
      project_id: p.project_id,
      tax_rate_id: p.tax_rate_id,
      proposal_id: p.id,
      title: p.title,
      lang: p.lang,
      currency: p.currency,
      discount_rate: p.discount_rate,
      vat_included: p.vat_included,
      add_rounding_difference: p.add_rounding_difference,
      remarks: p.remarks,
      remarks_top: p.remarks_top,
      positions: JSON.stringify(positionItems(p.positions ?? [])),
      ...dates,
    });
    printDocument(plan, await getDocument(rt.client, 'invoices', company, created.id));
    notice(`Created invoice ${created.number} from proposal ${p.number}.`);
  });
}
