// `acct proposals get` / `acct invoices get` on a terminal: the document as a bookkeeper reads it —
// header, customer, dates, the company's UID for VAT, positions (collections indented), totals (the
// VAT line with its rate and base, the total once; a reminder's open amount), status and what it is
// linked to. Pure text from the API's record; machine formats (json, tsv, csv) print the record itself.
import { rappenToNumber, toRappen } from '../../domain/money.js';
import { vatName, vatNumberText } from '../../domain/uid.js';
import { formatDate, formatMoney } from '../../output/format.js';

type Doc = Record<string, any>;

const STATUS: Readonly<Record<string, string>> = {
  open: 'open',
  sent: 'sent',
  paid: 'paid',
  accepted: 'accepted',
  declined: 'declined',
  confirmation: 'order confirmation',
  reminder_one: '1st reminder',
  reminder_two: '2nd reminder',
  reminder_three: '3rd reminder',
};

/** A status as a bookkeeper says it: reminder_one → "1st reminder". */
export const statusLabel = (status: string): string => STATUS[status] ?? status;

const amountText = (v: unknown): string => {
  const text = String(v ?? '');
  return /^\d+(\.\d+)?$/.test(text) ? text.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '') : text;
};

/** A position's discount as read: "10 %", an amount, or nothing. */
export const discountText = (p: Doc): string =>
  !p.discount_type || !Number(p.discount_amount)
    ? ''
    : p.discount_type === 'percentage'
      ? `${amountText(p.discount_amount)} %`
      : formatMoney(p.discount_amount);

function table(rows: string[][], rightAligned: ReadonlySet<number>): string[] {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => [...r[i]].length)));
  return rows.map((r) =>
    r
      .map((cell, i) => (rightAligned.has(i) ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join('  ')
      .trimEnd(),
  );
}

/** What `get` adds to a proposal: its public link while on, and the customer's answer through it. */
export interface ProposalLink {
  url?: string;
  answer?: { decision: 'accepted' | 'declined'; name: string; date: string; comment: string | null };
}

/** What `get` knows of the company: its UID for VAT, printed on its documents (undefined: not known). */
export interface CompanyFacts {
  vatNumber?: string | null;
}

const REMINDERS = ['reminder_one', 'reminder_two', 'reminder_three'];

/**
 * The totals as the PDF has them: subtotal, discount, the VAT line with rate and base (VAT on top),
 * the rounding difference, the total once, "incl. VAT …" after it; a reminder's open amount last.
 * The VAT line's name follows the PDF's rule (the rate's name_on_documents, else "VAT").
 */
function totalLines(doc: Doc, currency: string): [string, string][] {
  const totals: [string, string][] = [['Subtotal', formatMoney(doc.total_value)]];
  if (Number(doc.discount_amount))
    totals.push([`Discount ${amountText(doc.discount_rate)} %`, `-${formatMoney(doc.discount_amount)}`]);
  let vatLine: string | undefined;
  if (doc.vat_active) {
    // the amount the rate applies to: the net, with VAT on top or included alike
    const net = (toRappen(doc.total_value_with_vat ?? 0) ?? 0) - (toRappen(doc.vat_amount ?? 0) ?? 0);
    const rate =
      doc.tax_rate?.rate === undefined || doc.tax_rate?.rate === null ? '' : ` ${amountText(doc.tax_rate.rate)} %`;
    vatLine =
      `${vatName(doc.tax_rate?.name_on_documents ?? doc.tax_rate?.name, 'en')}${rate} on ${currency} ` +
      `${formatMoney(rappenToNumber(net))}`;
    if (!doc.vat_included) totals.push([vatLine, formatMoney(doc.vat_amount)]);
  }
  if (Number(doc.rounding_difference)) totals.push(['Rounding', formatMoney(doc.rounding_difference)]);
  totals.push([`Total ${currency}`, formatMoney(doc.final_value)]);
  if (vatLine && doc.vat_included) totals.push([`incl. ${vatLine}`, formatMoney(doc.vat_amount)]);
  // no partial payments are kept: what a reminder asks for is the final value
  if (doc.type === 'invoice' && REMINDERS.includes(doc.status))
    totals.push([`Open ${currency}`, formatMoney(doc.final_value)]);
  return totals;
}

/** The document as lines of text (no colour: the caller may colour the status). */
export function documentView(doc: Doc, link: ProposalLink = {}, company: CompanyFacts = {}): string[] {
  const invoice = doc.type === 'invoice';
  const currency = doc.currency ?? 'CHF';
  const lines: string[] = [];
  lines.push(`${doc.generated_title ?? doc.number}  ·  ${statusLabel(doc.status)}${doc.overdue ? '  ·  overdue' : ''}`);
  if (doc.title && doc.generated_title === doc.title) lines.push(`Number     ${doc.number}`);
  const customer = doc.customer
    ? `${doc.customer.name}${doc.customer.number != null ? ` (${doc.customer.number})` : ''}`
    : `#${doc.customer_id}`;
  lines.push(`Customer   ${customer}${doc.contact ? `, ${doc.contact.name}` : ''}`);
  if (doc.project) lines.push(`Project    ${doc.project.name}`);
  // a preview (create --dry-run) may not know the due date the service would fill in
  const dueDate = invoice ? doc.payable_until : doc.valid_until;
  const days = doc.payableDays === undefined || doc.payableDays === null ? '' : ` (${doc.payableDays} days)`;
  const due = dueDate ? `, ${invoice ? 'payable until' : 'valid until'} ${formatDate(dueDate)}${days}` : '';
  lines.push(`Date       ${formatDate(doc.date)}${due}`);
  if (invoice && doc.reminder_due_date) lines.push(`Reminder   due ${formatDate(doc.reminder_due_date)}`);
  if (invoice && doc.paid_at) lines.push(`Paid       ${formatDate(doc.paid_at)}`);
  if (company.vatNumber) lines.push(`VAT no.    ${vatNumberText(company.vatNumber, doc.lang ?? 'de')}`);
  if (doc.remarks_top) lines.push('', String(doc.remarks_top));

  const positions: Doc[] = doc.positions ?? [];
  if (positions.length) {
    const rows = [['#', 'DESCRIPTION', 'QUANTITY', 'PRICE', 'DISCOUNT', currency]];
    let n = 0;
    for (const p of positions) {
      const child = p.parent_id !== null && p.parent_id !== undefined;
      const indent = child ? '  ' : '';
      if (p.type === 'text') {
        rows.push(['', `${indent}${p.description ?? ''}`, '', '', '', '']);
        continue;
      }
      if (p.type === 'collection') {
        rows.push(['', `${p.title ?? ''}`, '', '', '', formatMoney(p.sum)]);
        continue;
      }
      n++;
      rows.push([
        String(n),
        `${indent}${p.description ?? ''}`,
        `${amountText(p.amount)}${p.unit ? ` ${p.unit}` : ''}`,
        formatMoney(p.price),
        discountText(p),
        formatMoney(p.sum),
      ]);
    }
    lines.push('', ...table(rows, new Set([0, 2, 3, 4, 5])));
  }

  const totals = totalLines(doc, currency);
  const labelWidth = Math.max(...totals.map(([l]) => l.length));
  const valueWidth = Math.max(...totals.map(([, v]) => v.length));
  lines.push('', ...totals.map(([l, v]) => `${l.padEnd(labelWidth)}  ${v.padStart(valueWidth)}`));
  if (doc.remarks) lines.push('', String(doc.remarks));
  if (link.url || link.answer) lines.push('');
  if (link.url) lines.push(`Link       ${link.url}`);
  if (link.answer) {
    const a = link.answer;
    lines.push(`Answer     ${a.decision} by ${a.name} on ${a.date}${a.comment ? ':' : ''}`);
    if (a.comment) lines.push(...a.comment.split('\n').map((l) => `           ${l}`));
  }

  const links: string[] = [];
  if (invoice && doc.proposal) links.push(`proposal ${doc.proposal.number}`);
  if (!invoice && doc.invoices?.length) links.push(`invoices ${doc.invoices.map((i: Doc) => i.number).join(', ')}`);
  if (invoice && doc.time_ids?.length)
    links.push(`${doc.time_ids.length} time entr${doc.time_ids.length === 1 ? 'y' : 'ies'}`);
  if (invoice && doc.entry_ids?.length) links.push(`expense bookings ${doc.entry_ids.join(', ')}`);
  if (invoice && doc.receivable_entry_id)
    links.push(`receivable booking ${bookingNumber(doc, doc.receivable_entry_id)}`);
  if (invoice && doc.entry_id) links.push(`payment booking ${bookingNumber(doc, doc.entry_id)}`);
  if (doc.attachments?.length) links.push(`attachments ${doc.attachments.map((a: Doc) => a.name).join(', ')}`);
  if (doc.is_shared && !link.url) links.push('shared through its public link');
  if (links.length) lines.push('', `Linked: ${links.join('; ')}`);
  return lines;
}

const bookingNumber = (doc: Doc, id: number): string => doc.entries?.find((e: Doc) => e.id === id)?.number ?? `#${id}`;
