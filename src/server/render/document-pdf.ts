// A proposal's or invoice's PDF (A4, pdfkit's built-in Helvetica): the company's and the customer's
// addresses, heading and facts, remarks_top, the positions table (its header repeated on every page),
// the totals, remarks, a signature field for proposals that ask for one, and for invoices in CHF or
// EUR the QR-bill payment part (swissqrbill: receipt, payment part, scissors line) at the foot of the
// last page. This module and the two libraries load with await import() from the route on first use,
// so the service starts without them. The layout helpers below are pure; pdfModel (document-model.ts)
// decides what is shown.
import PDFDocument from 'pdfkit';
import { SwissQRBill } from 'swissqrbill/pdf';
import { validationError } from '../http-error.js';
import { breakLongWords } from './break-words.js';
import { qrErrorField, swissQrData, type PdfModel, type PdfRow } from './document-model.js';

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { left: 50, right: 50, top: 50, bottom: 50 };
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
/** Where a continued page's content starts, below the page number. */
const CONTINUED_TOP = 60;
/** The QR-bill payment part: 105 mm high, the full width of the page. */
const QR_HEIGHT = SwissQRBill.height;
/** The bottom margin of the page the QR part is drawn on: its last lines are near the paper's edge. */
const QR_MARGIN_BOTTOM = 10;

export interface Column {
  key: 'text' | 'quantity' | 'unit' | 'price' | 'sum';
  x: number;
  width: number;
  align: 'left' | 'right';
}

/** The table's columns across the content width: description, quantity, unit, price, amount. */
export function tableColumns(left = MARGIN.left, width = CONTENT_WIDTH): Column[] {
  const widths = { quantity: 50, unit: 45, price: 70, sum: 80 };
  const text = width - widths.quantity - widths.unit - widths.price - widths.sum;
  let x = left;
  const col = (key: Column['key'], w: number, align: Column['align']): Column => {
    const c = { key, x, width: w, align };
    x += w;
    return c;
  };
  return [
    col('text', text, 'left'),
    col('quantity', widths.quantity, 'right'),
    col('unit', widths.unit, 'left'),
    col('price', widths.price, 'right'),
    col('sum', widths.sum, 'right'),
  ];
}

/** The lowest y content may reach on a page: above the QR part on the last page of a QR invoice. */
export const contentBottom = (withQr: boolean): number => PAGE.height - (withQr ? QR_HEIGHT + 8 : MARGIN.bottom);

type Doc = PDFKit.PDFDocument;
const GAP = 3;
const INDENT = 12;
/** The recipient sits in the window of a C5 envelope (window on the right). */
const ADDRESS_TOP = 125;
/** The facts' labels, wide enough for a reminder's ("Si prega di pagare entro il"); their values follow. */
const FACT_LABEL = 112;
/** Where the totals' labels start: room for a VAT line with its rate and base ("dont TVA 8.1 % sur CHF 12'345.60"). */
const TOTALS_LEFT = 250;
/**
 * Left-aligned columns after the first start a little right of their edge, right-aligned ones end a little left of it.
 */
const pad = (c: Column): number => (c.align === 'left' && c.key !== 'text' ? 6 : 0);
/** The width a column's text takes: a gap to the next column after left-aligned text. */
const span = (c: Column): number => (c.align === 'left' ? c.width - 6 : c.width);

/** Helvetica's widest character ('@', 1.015 em) with its largest kerning (+0.06 em), rounded up. */
const WIDEST_EM = 1.1;

/**
 * Sets the font and gives `text` as it is drawn `width` wide in it: every free text goes through here,
 * so that a word wider than the column is cut before pdfkit's wrapping sees it (break-words.ts).
 */
function fitted(doc: Doc, font: string, size: number, text: string, width: number): string {
  doc.font(font).fontSize(size);
  return breakLongWords(text, width, { width: (s) => doc.widthOfString(s), widest: WIDEST_EM * size });
}

function fontFor(row: PdfRow): string {
  if (row.kind === 'collection') return 'Helvetica-Bold';
  if (row.kind === 'subtotal') return 'Helvetica-Oblique';
  return 'Helvetica';
}

/** A table row's description and note as drawn, measured once for both the page break and the drawing. */
interface FittedRow {
  row: PdfRow;
  text: string;
  note: string | null;
  width: number;
  height: number;
}

function fitRow(doc: Doc, row: PdfRow, columns: Column[]): FittedRow {
  const width = columns[0].width - 6 - (row.child ? INDENT : 0);
  const text = fitted(doc, fontFor(row), 9.5, row.text || ' ', width);
  const textHeight = doc.heightOfString(text, { width });
  const note = row.note ? fitted(doc, 'Helvetica', 8, row.note, width) : null;
  const noteHeight = note ? doc.heightOfString(note, { width }) + 1 : 0;
  return { row, text, note, width, height: textHeight + noteHeight + GAP * 2 };
}

function drawHeader(doc: Doc, model: PdfModel, columns: Column[], y: number): number {
  const l = model.labels;
  const titles: Record<Column['key'], string> = {
    text: l.description,
    quantity: l.quantity,
    unit: l.unit,
    price: l.price,
    sum: `${l.amount} ${model.currency}`,
  };
  doc.font('Helvetica-Bold').fontSize(9).fillColor('black');
  for (const c of columns)
    doc.text(titles[c.key], c.x + pad(c), y, { width: span(c), align: c.align, lineBreak: false });
  const bottom = y + 14;
  doc
    .moveTo(MARGIN.left, bottom)
    .lineTo(PAGE.width - MARGIN.right, bottom)
    .lineWidth(0.8)
    .strokeColor('black')
    .stroke();
  return bottom + 2;
}

/** The last page, the one layout draws on (switchToPage gets back to an earlier one). */
function lastPage(doc: Doc): number {
  const range = doc.bufferedPageRange();
  return range.start + range.count - 1;
}

/** Draws a row at `y`; where the next row goes: below it, or where its text ended if that ran on over pages. */
function drawRow(doc: Doc, { row, text, note, width, height }: FittedRow, columns: Column[], y: number): number {
  const [textCol] = columns;
  const indent = row.child ? INDENT : 0;
  const top = y + GAP;
  const first = lastPage(doc);
  doc
    .fillColor('black')
    .font(fontFor(row))
    .fontSize(9.5)
    .text(text, textCol.x + indent, top, { width });
  if (note)
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#555555')
      .text(note, textCol.x + indent, doc.y + 1, { width });
  // a text taller than the page ran on over new pages: its figures still stand beside its first line
  const last = lastPage(doc);
  const end = doc.y;
  if (last !== first) doc.switchToPage(first);
  doc
    .fillColor('black')
    .font(row.kind === 'subtotal' ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(9.5);
  for (const c of columns.slice(1)) {
    const value = row[c.key];
    if (value) doc.text(value, c.x + pad(c), top, { width: span(c), align: c.align, lineBreak: false });
  }
  if (row.kind === 'subtotal') {
    const sum = columns[columns.length - 1];
    doc
      .moveTo(sum.x + 10, y + 1)
      .lineTo(sum.x + sum.width, y + 1)
      .lineWidth(0.5)
      .strokeColor('#888888')
      .stroke();
  }
  if (last === first) return y + height;
  doc.switchToPage(last);
  return end + GAP;
}

/** Lays the model out on pages; the QR part, when there is one, at the foot of the last page. */
function layout(doc: Doc, model: PdfModel, qrBill: SwissQRBill | undefined): void {
  const columns = tableColumns();
  const bottom = contentBottom(false);
  const right = PAGE.width - MARGIN.right;

  // sender, small, top left; recipient in the window on the right
  doc.text(fitted(doc, 'Helvetica-Bold', 10, model.sender[0] ?? '', 250), MARGIN.left, MARGIN.top, { width: 250 });
  doc.text(fitted(doc, 'Helvetica', 9, model.sender.slice(1).join('\n'), 250), { width: 250 });
  doc.text(fitted(doc, 'Helvetica', 10, model.recipient.join('\n'), right - 330), 330, ADDRESS_TOP, {
    width: right - 330,
  });

  // facts on the left, at the recipient's height
  let fy = ADDRESS_TOP;
  for (const [label, value] of model.facts) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor('#555555')
      .text(label, MARGIN.left, fy, { width: FACT_LABEL, lineBreak: false });
    doc.fillColor('black').text(value, MARGIN.left + FACT_LABEL, fy, { width: 150, lineBreak: false });
    fy += 13;
  }

  let y = Math.max(ADDRESS_TOP + 85, fy + 20);
  /** the lowest point drawn so far on this page */
  let end = y;
  doc
    .fillColor('black')
    .text(fitted(doc, 'Helvetica-Bold', 16, model.heading, CONTENT_WIDTH), MARGIN.left, y, { width: CONTENT_WIDTH });
  y = doc.y + 2;
  if (model.subheading) {
    doc.text(fitted(doc, 'Helvetica', 10, model.subheading, CONTENT_WIDTH), MARGIN.left, y, { width: CONTENT_WIDTH });
    y = doc.y;
  }
  y += 10;

  const newPage = (): number => {
    doc.addPage();
    return CONTINUED_TOP;
  };
  const paragraph = (raw: string) => {
    const text = fitted(doc, 'Helvetica', 9.5, raw, CONTENT_WIDTH);
    const h = doc.heightOfString(text, { width: CONTENT_WIDTH });
    if (y + h > bottom && h < bottom - CONTINUED_TOP) y = newPage();
    doc.fillColor('black').text(text, MARGIN.left, y, { width: CONTENT_WIDTH });
    end = doc.y;
    y = end + 10;
  };
  if (model.reminderText) paragraph(model.reminderText);
  if (model.remarksTop) paragraph(model.remarksTop);

  // the table, its header repeated on each page
  if (y + 40 > bottom) y = newPage();
  y = drawHeader(doc, model, columns, y);
  // a row taller than a page starts where it is, as a paragraph does, and runs on over the next pages
  const tallest = bottom - CONTINUED_TOP - 16;
  for (const row of model.rows) {
    const fit = fitRow(doc, row, columns);
    if (y + fit.height > bottom && (fit.height <= tallest || y + 40 > bottom))
      y = drawHeader(doc, model, columns, newPage());
    y = drawRow(doc, fit, columns, y);
  }
  doc
    .moveTo(MARGIN.left, y + 2)
    .lineTo(right, y + 2)
    .lineWidth(0.8)
    .strokeColor('black')
    .stroke();
  y += 10;
  end = y;

  // totals, kept together
  const totalsHeight = model.totals.length * 15;
  if (y + totalsHeight > bottom) y = newPage();
  for (const [i, line] of model.totals.entries()) {
    doc
      .font(line.strong ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(line.strong ? 10.5 : 9.5)
      .fillColor('black');
    // a rule above the bold line, unless the table's own rule is right above it
    if (line.strong && i > 0)
      doc
        .moveTo(TOTALS_LEFT, y - 2)
        .lineTo(right, y - 2)
        .lineWidth(0.5)
        .strokeColor('black')
        .stroke();
    doc.text(line.label, TOTALS_LEFT, y + 1, { width: right - 95 - TOTALS_LEFT, lineBreak: false });
    doc.text(line.value, right - 90, y + 1, { width: 90, align: 'right', lineBreak: false });
    y += 15;
  }
  end = y;
  y += 12;

  if (model.remarks) paragraph(model.remarks);

  if (model.signature) {
    const remark = model.signature.remark ? fitted(doc, 'Helvetica', 9.5, model.signature.remark, CONTENT_WIDTH) : null;
    const remarkHeight = remark ? doc.heightOfString(remark, { width: CONTENT_WIDTH }) + 8 : 0;
    if (y + remarkHeight + 70 > bottom) y = newPage();
    if (remark) {
      doc.fillColor('black').text(remark, MARGIN.left, y, { width: CONTENT_WIDTH });
      y = doc.y + 8;
    }
    y += 40;
    const half = (CONTENT_WIDTH - 30) / 2;
    for (const [x, label] of [
      [MARGIN.left, model.labels.placeDate],
      [MARGIN.left + half + 30, model.labels.signature],
    ] as const) {
      doc
        .moveTo(x, y)
        .lineTo(x + half, y)
        .lineWidth(0.6)
        .strokeColor('black')
        .stroke();
      doc
        .font('Helvetica')
        .fontSize(8.5)
        .fillColor('#555555')
        .text(label, x, y + 4, { width: half, lineBreak: false });
    }
    y += 24;
    end = y;
  }

  if (qrBill) {
    if (end > contentBottom(true)) end = newPage();
    doc.y = end;
    // the payment part is drawn below the page's bottom margin
    doc.page.margins.bottom = QR_MARGIN_BOTTOM;
    doc.fillColor('black');
    qrBill.attachTo(doc, 0, PAGE.height - QR_HEIGHT);
  }
}

/** Page numbers at the top right of every page when there are several. */
function numberPages(doc: Doc, model: PdfModel): void {
  const range = doc.bufferedPageRange();
  if (range.count < 2) return;
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#555555')
      .text(`${model.number} · ${model.labels.page(i + 1, range.count)}`, MARGIN.left, 28, {
        width: CONTENT_WIDTH,
        align: 'right',
        lineBreak: false,
      });
  }
}

/**
 * The QR part; the route has checked the QR-bill rules already, so swissqrbill's refusal here is a last line (a 422
 * too).
 */
function qrPart(model: PdfModel): SwissQRBill | undefined {
  if (!model.qr) return undefined;
  try {
    return new SwissQRBill(swissQrData(model.qr), {
      language: model.lang.toUpperCase() as 'DE' | 'EN' | 'FR' | 'IT',
      scissors: true,
      outlines: true,
    });
  } catch (err) {
    if (!(err instanceof Error) || err.name !== 'ValidationError') throw err;
    const { field, fix } = qrErrorField((err as Error & { code?: string }).code);
    throw validationError({ [field]: [`The QR-bill cannot be made: ${err.message} Fix ${fix}.`] });
  }
}

/** The PDF's bytes. */
export async function renderDocumentPdf(model: PdfModel): Promise<Buffer> {
  const qrBill = qrPart(model);
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    info: { Title: model.heading, Subject: model.number, Creator: 'acct' },
    lang: model.lang,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  doc.on('data', (c: Buffer) => chunks.push(c));
  layout(doc, model, qrBill);
  numberPages(doc, model);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
