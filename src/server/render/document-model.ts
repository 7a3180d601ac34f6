// What a document PDF shows, gathered from stored rows into one plain model (no I/O, no pdfkit): the
// sender and recipient addresses, the heading (reminder and confirmation titles), the positions as
// table rows, the totals lines, and the QR-bill's data in the shape of the pure QR-bill module
// (src/domain/qr-bill.ts), which checks it before anything is drawn. The route builds the model;
// document-pdf.ts (loaded with await import() on use) lays it out.
import type { Data as SwissQrData } from 'swissqrbill/types';
import {
  generatedTitle,
  isReminder,
  REMINDER_DAYS,
  REMINDER_STATUSES,
  type DocumentType,
} from '../domain/documents.js';
import { reminderTextColumn } from '../domain/company-settings.js';
import {
  formatCurrency,
  groupRappen,
  percentHundredthsToNumber,
  rappenToNumber,
  scaledToString,
} from '../domain/money.js';
import { addDays, daysBetween, dotted } from '../domain/time.js';
import type { Row } from '../store/db.js';
import { normaliseIban } from '../../domain/iban.js';
import { qrFields, qrMessage, type QrBillInput } from '../../domain/qr-bill.js';
import { vatName, vatNumberText } from '../../domain/uid.js';
import { labelsFor, type PdfLabels } from './labels.js';

export interface PdfRow {
  kind: 'position' | 'text' | 'collection' | 'subtotal';
  /** inside a collection */
  child: boolean;
  text: string;
  /** a second, smaller line: the position's discount, an invoice position's date */
  note: string | null;
  quantity: string;
  unit: string;
  price: string;
  sum: string;
}

export interface TotalLine {
  label: string;
  value: string;
  strong?: boolean;
}

export interface PdfModel {
  type: DocumentType;
  lang: string;
  labels: PdfLabels;
  number: string;
  /** the big heading: the generated title, or "1. Mahnung" … for a reminder */
  heading: string;
  /** under the heading of a reminder: the invoice's own title */
  subheading: string | null;
  /** a reminder's letter: the company's text of its level, or the default, with its figures filled in */
  reminderText: string | null;
  sender: string[];
  recipient: string[];
  /** label / value pairs beside the recipient: number, date, payable or valid until */
  facts: [string, string][];
  currency: string;
  remarksTop: string | null;
  rows: PdfRow[];
  totals: TotalLine[];
  remarks: string | null;
  signature: { remark: string | null } | null;
  qr: QrBillInput | null;
  fileName: string;
}

const text = (v: unknown): string | null =>
  v === null || v === undefined || String(v).trim() === '' ? null : String(v).trim();
const money = (rappen: number): string => groupRappen(rappen);

/** The company's address block (the creditor address the QR-bill carries too). */
function senderLines(company: Row): string[] {
  const street = [text(company.creditor_street), text(company.creditor_building)].filter(Boolean).join(' ');
  const town = [text(company.creditor_zip), text(company.creditor_city)].filter(Boolean).join(' ');
  return [text(company.creditor_name) ?? text(company.name) ?? '', street, town].filter((l) => l !== '');
}

/**
 * The customer's invoice_address as written, else name, c/o, department, street, PO box, zip and city, and a country
 * other than CH.
 */
function recipientLines(customer: Row): string[] {
  const own = text(customer.invoice_address);
  if (own)
    return own
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l !== '');
  const country = text(customer.country);
  return [
    text(customer.name),
    text(customer.care_of) ? `c/o ${text(customer.care_of)}` : null,
    text(customer.department),
    text(customer.street),
    text(customer.po_box),
    [text(customer.zip), text(customer.city)].filter(Boolean).join(' ') || null,
    country && !/^(CH|Schweiz|Suisse|Svizzera|Switzerland)$/i.test(country) ? country : null,
  ].filter((l): l is string => l !== null);
}

/**
 * What an invoice still owes: its final value less what was paid. The service models no partial
 * payments (an invoice is paid in full when marked paid, and nothing books a part of it against the
 * invoice), so what an unpaid invoice owes is its final value.
 */
export const openAmountRappen = (doc: Row): number => Number(doc.final_value);

/** A reminder as of the day it was sent: its level (0, 1, 2), that day, and the days since the invoice fell due. */
interface Reminder {
  level: number;
  date: string;
  daysOverdue: number;
  payBy: string;
}

function reminderOf(type: DocumentType, doc: Row, reminderDate: string | undefined): Reminder | null {
  const level = (REMINDER_STATUSES as readonly string[]).indexOf(doc.status);
  if (type !== 'invoice' || level < 0 || !reminderDate) return null;
  return {
    level,
    date: reminderDate,
    daysOverdue: Math.max(0, daysBetween(doc.payable_until, reminderDate)),
    payBy: doc.reminder_due_date ?? addDays(reminderDate, REMINDER_DAYS),
  };
}

/** A reminder text's placeholders filled in; any other brace stays as written. */
export function fillReminderText(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (all, key: string) => (Object.hasOwn(values, key) ? values[key] : all));
}

/** The letter of a reminder: the company's own text of the level, else the default in the document's language. */
function reminderLetter(doc: Row, company: Row, labels: PdfLabels, r: Reminder): string {
  const own = text(company[reminderTextColumn(doc.status) ?? '']);
  return fillReminderText(own ?? labels.reminderText[r.level], {
    number: doc.number,
    date: dotted(doc.date),
    due: dotted(doc.payable_until),
    days: String(r.daysOverdue),
    amount: formatCurrency(openAmountRappen(doc), doc.currency),
    pay_by: dotted(r.payBy),
  });
}

/** An invoice in a reminder status is headed "1. Mahnung" (en "First reminder" …); otherwise the generated title. */
function headingOf(type: DocumentType, doc: Row, labels: PdfLabels): { heading: string; subheading: string | null } {
  const title = generatedTitle(type, doc as { title: string | null; number: string; lang: string; status: string });
  if (type === 'invoice' && isReminder(doc.status)) {
    return {
      heading: labels.reminder[(REMINDER_STATUSES as readonly string[]).indexOf(doc.status)],
      subheading: title,
    };
  }
  return { heading: title, subheading: null };
}

const quantityText = (thousandths: number): string => scaledToString(thousandths, 3).replace(/\.?0+$/, '');

/** Stored positions (flat, each collection followed by its children) → table rows, a subtotal after each collection. */
function tableRows(positions: Row[], labels: PdfLabels, withDates: boolean): PdfRow[] {
  const out: PdfRow[] = [];
  const byParent = new Map<number, Row[]>();
  for (const p of positions)
    if (p.parent_id !== null) byParent.set(Number(p.parent_id), [...(byParent.get(Number(p.parent_id)) ?? []), p]);
  const rowOf = (p: Row, child: boolean): PdfRow => {
    if (p.type === 'text')
      return {
        kind: 'text',
        child,
        text: text(p.description) ?? '',
        note: null,
        quantity: '',
        unit: '',
        price: '',
        sum: '',
      };
    const discount = Number(p.discount_amount);
    const notes: string[] = [];
    if (withDates && p.date) notes.push(dotted(p.date));
    if (discount > 0) {
      notes.push(
        p.discount_type === 'percentage'
          ? `${labels.discount} ${percentHundredthsToNumber(discount)} %`
          : `${labels.discount} ${money(discount)}`,
      );
    }
    return {
      kind: 'position',
      child,
      text: text(p.description) ?? '',
      note: notes.length ? notes.join(' · ') : null,
      quantity: quantityText(Number(p.amount)),
      unit: text(p.unit) ?? '',
      price: money(Number(p.price)),
      sum: money(Number(p.sum)),
    };
  };
  for (const p of positions) {
    if (p.parent_id !== null) continue;
    if (p.type !== 'collection') {
      out.push(rowOf(p, false));
      continue;
    }
    const title = text(p.title) ?? '';
    out.push({ kind: 'collection', child: false, text: title, note: null, quantity: '', unit: '', price: '', sum: '' });
    for (const c of byParent.get(Number(p.id)) ?? []) out.push(rowOf(c, true));
    out.push({
      kind: 'subtotal',
      child: false,
      text: labels.subtotalOf(title),
      note: null,
      quantity: '',
      unit: '',
      price: '',
      sum: money(Number(p.sum)),
    });
  }
  return out;
}

/**
 * The totals block: subtotal (when anything follows it), the document discount, then with VAT on top
 * the net total (after a discount) and the VAT line "MWST 8.1 % auf CHF 2'115.00" (the rate and the
 * amount it applies to); the rounding difference; the total once; with VAT included "inkl. MWST 8.1 %
 * auf CHF …" under it. A reminder ends with the open amount, in bold instead of the total.
 */
function totalLines(doc: Row, taxRate: Row | undefined, labels: PdfLabels, reminder: boolean): TotalLine[] {
  const cur = String(doc.currency);
  const n = (k: string) => Number(doc[k] ?? 0);
  const lines: TotalLine[] = [];
  const discount = n('discount_amount');
  const rounding = n('rounding_difference');
  const included = Number(doc.vat_included) === 1;
  const vatLine =
    taxRate &&
    labels.vatLine(
      vatName(text(taxRate.name_on_documents), doc.lang),
      String(percentHundredthsToNumber(Number(taxRate.rate))),
      cur,
      // the amount the rate applies to: the net, with VAT on top or included alike
      money(n('total_value_with_vat') - n('vat_amount')),
    );
  if (discount !== 0 || (vatLine && !included) || rounding !== 0)
    lines.push({ label: labels.subtotal, value: money(n('total_value')) });
  if (discount !== 0) {
    const rate = doc.discount_rate === null ? '' : ` ${percentHundredthsToNumber(Number(doc.discount_rate))} %`;
    lines.push({ label: `${labels.documentDiscount}${rate}`, value: money(-discount) });
  }
  if (vatLine && !included) {
    if (discount !== 0) lines.push({ label: labels.totalNet, value: money(n('total_value_with_discount')) });
    lines.push({ label: vatLine, value: money(n('vat_amount')) });
  }
  if (rounding !== 0) lines.push({ label: labels.rounding, value: money(rounding) });
  lines.push({ label: `${labels.total} ${cur}`, value: money(n('final_value')), strong: !reminder });
  if (vatLine && included) lines.push({ label: labels.vatIncluded(vatLine), value: money(n('vat_amount')) });
  if (reminder) lines.push({ label: `${labels.openAmount} ${cur}`, value: money(openAmountRappen(doc)), strong: true });
  return lines;
}

/**
 * The QR-bill's data from the document, the company, its customer and the bank account: creditor
 * (the company's creditor_* fields, the bank account's IBAN), debtor (the customer's address, none
 * with without_debitor_on_qr or without a town), the final value, reference (qr_reference, else the
 * SCOR reference, else none), message "<number> <title>". Undefined when there is no QR part:
 * proposals and currencies other than CHF and EUR.
 */
function qrBillInput(
  type: DocumentType,
  doc: Row,
  company: Row,
  customer: Row,
  bankAccount: Row | undefined,
): QrBillInput | undefined {
  if (type !== 'invoice' || (doc.currency !== 'CHF' && doc.currency !== 'EUR')) return undefined;
  const t = (v: unknown) => text(v) ?? '';
  return {
    creditor: {
      iban: normaliseIban(t(bankAccount?.iban)),
      name: t(company.creditor_name),
      street: t(company.creditor_street),
      building: t(company.creditor_building),
      zip: t(company.creditor_zip),
      city: t(company.creditor_city),
      country: t(company.creditor_country),
    },
    // a customer has no building number of its own: the street carries it
    debtor:
      Number(doc.without_debitor_on_qr) === 1
        ? null
        : {
            name: t(customer.name),
            street: t(customer.street),
            building: '',
            zip: t(customer.zip),
            city: t(customer.city),
            country: t(customer.country).toUpperCase() || 'CH',
          },
    // what is still owed: a reminder asks for it, and an invoice owes it all until paid
    amountRappen: openAmountRappen(doc),
    currency: doc.currency,
    references: { qrReference: text(doc.qr_reference), reference: text(doc.reference) },
    message: qrMessage(doc.number, text(doc.title)),
  };
}

/** Our QR-bill data → swissqrbill's, the reference chosen by the IBAN as the payload has it. */
export function swissQrData(q: QrBillInput): SwissQrData {
  const f = qrFields(q);
  return {
    currency: f.currency as 'CHF' | 'EUR',
    ...(f.amountRappen === null ? {} : { amount: rappenToNumber(f.amountRappen) }),
    creditor: {
      account: f.creditor.iban,
      name: f.creditor.name,
      address: f.creditor.street,
      buildingNumber: f.creditor.building || undefined,
      zip: f.creditor.zip,
      city: f.creditor.city,
      country: f.creditor.country,
    },
    ...(f.debtor
      ? {
          debtor: {
            name: f.debtor.name,
            address: f.debtor.street,
            zip: f.debtor.zip,
            city: f.debtor.city,
            country: f.debtor.country,
          },
        }
      : {}),
    ...(f.referenceType === 'NON' ? {} : { reference: f.reference }),
    ...(f.message ? { message: f.message } : {}),
  };
}

/** The field a swissqrbill ValidationError code is about, and where to fix it. */
export function qrErrorField(code: string | undefined): { field: string; fix: string } {
  const c = code ?? '';
  if (/^(CREDITOR_ACCOUNT|ACCOUNT_)/.test(c))
    return { field: 'iban', fix: "the IBAN of the invoice's bank account (acct accounts update …)" };
  const creditor = /^CREDITOR_(NAME|ADDRESS|BUILDING_NUMBER|ZIP|CITY|COUNTRY)/.exec(c);
  if (creditor) {
    const part = {
      NAME: 'name',
      ADDRESS: 'street',
      BUILDING_NUMBER: 'building',
      ZIP: 'zip',
      CITY: 'city',
      COUNTRY: 'country',
    }[creditor[1]]!;
    return { field: `creditor_${part}`, fix: `acct server companies set <company> --creditor-${part} …` };
  }
  const debtor = /^DEBTOR_(NAME|ADDRESS|BUILDING_NUMBER|ZIP|CITY|COUNTRY)/.exec(c);
  if (debtor) {
    const part = {
      NAME: 'name',
      ADDRESS: 'street',
      BUILDING_NUMBER: 'street',
      ZIP: 'zip',
      CITY: 'city',
      COUNTRY: 'country',
    }[debtor[1]]!;
    return { field: `customer.${part}`, fix: `the customer's ${part} (acct customers update <customer> --${part} …)` };
  }
  if (/^(REFERENCE|QR_REFERENCE|CREDITOR_REFERENCE)/.test(c))
    return { field: 'reference', fix: "the invoice's reference" };
  if (/^(MESSAGE|ADDITIONAL)/.test(c)) return { field: 'title', fix: 'a shorter invoice title' };
  if (/^AMOUNT/.test(c)) return { field: 'final_value', fix: "the invoice's amount" };
  if (/^CURRENCY/.test(c)) return { field: 'currency', fix: 'CHF or EUR' };
  return { field: 'qr_bill', fix: 'the QR-bill data' };
}

/**
 * The facts beside the recipient: number, date, customer number, payable or valid until; a reminder's
 * own date, the invoice's date and due date, the days overdue and the new due date; the company's UID
 * for VAT with the suffix of the document's language.
 */
function factsOf(
  type: DocumentType,
  doc: Row,
  company: Row,
  customer: Row,
  labels: PdfLabels,
  reminder: Reminder | null,
): [string, string][] {
  const facts: [string, string][] = [[labels.number, doc.number]];
  if (reminder) facts.push([labels.reminderDate, dotted(reminder.date)], [labels.invoiceDate, dotted(doc.date)]);
  else facts.push([labels.date, dotted(doc.date)]);
  if (customer.number !== null && customer.number !== undefined)
    facts.push([labels.customerNumber, String(customer.number)]);
  if (reminder) {
    facts.push(
      [labels.originalDue, dotted(doc.payable_until)],
      [labels.daysOverdue, String(reminder.daysOverdue)],
      [labels.reminderDue, dotted(reminder.payBy)],
    );
  } else if (type === 'invoice') {
    facts.push([labels.payableUntil, dotted(doc.payable_until)]);
  } else if (doc.status !== 'confirmation') {
    // an order confirmation no longer expires: the spec hides its valid_until
    facts.push([labels.validUntil, dotted(doc.valid_until)]);
  }
  const uid = text(company.vat_number);
  if (uid) facts.push([labels.vatNumber, vatNumberText(uid, doc.lang)]);
  return facts;
}

/** Everything the PDF shows of a document. `reminderDate`: the day an invoice in a reminder status was reminded. */
export function pdfModel(args: {
  type: DocumentType;
  doc: Row;
  positions: Row[];
  company: Row;
  customer: Row;
  taxRate?: Row;
  bankAccount?: Row;
  reminderDate?: string;
}): PdfModel {
  const { type, doc, company, customer, taxRate } = args;
  const labels = labelsFor(doc.lang);
  const { heading, subheading } = headingOf(type, doc, labels);
  const reminder = reminderOf(type, doc, args.reminderDate);
  return {
    type,
    lang: doc.lang,
    labels,
    number: doc.number,
    heading,
    subheading,
    reminderText: reminder && reminderLetter(doc, company, labels, reminder),
    sender: senderLines(company),
    recipient: recipientLines(customer),
    facts: factsOf(type, doc, company, customer, labels, reminder),
    currency: doc.currency,
    remarksTop: text(doc.remarks_top),
    rows: tableRows(args.positions, labels, type === 'invoice'),
    totals: totalLines(doc, taxRate, labels, reminder !== null),
    remarks: text(doc.remarks),
    signature: type === 'proposal' && Number(doc.with_signature) === 1 ? { remark: text(doc.signature_remark) } : null,
    qr: qrBillInput(type, doc, company, customer, args.bankAccount) ?? null,
    fileName: `${String(doc.number).replace(/[^\w.-]+/g, '_')}.pdf`,
  };
}
