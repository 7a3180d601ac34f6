// A report value (src/reports) as a plain A4 PDF for the year archive: the company and the title, the
// table the terminal shows (its columns, Swiss amounts, subtotals and totals bold, the same blank lines),
// then the report's checks and notes; the header row again on every page, page numbers at the foot.
// pdfkit's built-in Helvetica, so there are no fonts to ship; pdfkit loads only when an archive is written.
import type PDFKitType from 'pdfkit';
import { groupRappen } from '../../domain/money.js';
import type { Report, ReportColumn, ReportRow } from '../../reports/types.js';

type Doc = PDFKit.PDFDocument;

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const WIDTH = PAGE.width - 2 * MARGIN;
const BOTTOM = PAGE.height - MARGIN - 20;
const FONT_SIZE = 8.5;
const GAP = 2.5;
const STRONG = new Set(['subtotal', 'total', 'difference', 'closing']);

interface PdfColumn {
  key: string;
  header: string;
  x: number;
  width: number;
  align: 'left' | 'right';
  money: boolean;
}

/** The columns a table of the report shows, laid across the page: amounts and numbers fixed, text sharing the rest. */
export function pdfColumns(columns: ReportColumn[]): PdfColumn[] {
  const shown = columns.filter((c) => c.default !== false && c.table !== false);
  const fixed = (c: ReportColumn) => (c.kind === 'money' ? 80 : c.kind === 'int' ? 42 : c.kind === 'date' ? 58 : 0);
  const textColumns = shown.filter((c) => fixed(c) === 0);
  // a name or description takes three shares of the free width, any other text one
  const shares = (c: ReportColumn) => (c.key === 'name' || c.key === 'description' ? 3 : 1);
  const free = WIDTH - shown.reduce((s, c) => s + fixed(c), 0);
  const totalShares = textColumns.reduce((s, c) => s + shares(c), 0) || 1;
  let x = MARGIN;
  return shown.map((c) => {
    const width = fixed(c) || (free * shares(c)) / totalShares;
    const col: PdfColumn = {
      key: c.key,
      header: c.header ?? c.key.replace(/_/g, ' '),
      x,
      width,
      align: c.kind === 'money' || c.kind === 'int' ? 'right' : 'left',
      money: c.kind === 'money',
    };
    x += width;
    return col;
  });
}

/** The characters of WinAnsi beyond Latin-1, which the built-in Helvetica also draws. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Text the built-in fonts can draw: the minus sign as a hyphen, any other character they lack as "?". */
export function drawable(text: string): string {
  return text
    .replace(/\u2212/g, '-')
    .replace(/[^\u0020-\u007e\u00a0-\u00ff\n]/gu, (ch) => (WIN_ANSI_EXTRA.has(ch) ? ch : '?'));
}

/** A cell as a person reads it: amounts 1'234.50, nothing for null. */
function cellText(row: ReportRow, col: PdfColumn): string {
  const v = row[col.key];
  if (v === null || v === undefined) return '';
  if (col.money && typeof v === 'number') return groupRappen(v);
  return drawable(String(v));
}

const textOptions = (col: PdfColumn) => ({ width: col.width - 6, align: col.align });

function rowHeight(doc: Doc, row: ReportRow, columns: PdfColumn[]): number {
  doc.font(STRONG.has(row.kind) ? 'Helvetica-Bold' : 'Helvetica').fontSize(FONT_SIZE);
  return Math.max(...columns.map((c) => doc.heightOfString(cellText(row, c) || ' ', textOptions(c)))) + 2 * GAP;
}

function drawHeader(doc: Doc, columns: PdfColumn[], y: number): number {
  doc.font('Helvetica-Bold').fontSize(FONT_SIZE).fillColor('black');
  for (const c of columns) doc.text(c.header, c.x, y, { ...textOptions(c), lineBreak: false });
  const bottom = y + doc.currentLineHeight() + GAP;
  doc
    .moveTo(MARGIN, bottom)
    .lineTo(MARGIN + WIDTH, bottom)
    .lineWidth(0.6)
    .strokeColor('#444444')
    .stroke();
  return bottom + GAP;
}

function drawRow(doc: Doc, row: ReportRow, columns: PdfColumn[], y: number, height: number): void {
  if (STRONG.has(row.kind))
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + WIDTH, y)
      .lineWidth(0.3)
      .strokeColor('#999999')
      .stroke();
  doc
    .font(STRONG.has(row.kind) ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(FONT_SIZE)
    .fillColor('black');
  for (const c of columns) doc.text(cellText(row, c), c.x, y + GAP, textOptions(c));
  doc.y = y + height;
}

function drawTitle(doc: Doc, company: string, report: Report): number {
  doc.font('Helvetica').fontSize(9).fillColor('#555555').text(drawable(company), MARGIN, MARGIN, { width: WIDTH });
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .fillColor('black')
    .text(drawable(report.title), MARGIN, doc.y + 4, { width: WIDTH });
  return doc.y + 12;
}

/** The table, a new page (header again) whenever the next row would not fit. */
function drawTable(doc: Doc, report: Report, columns: PdfColumn[], top: number): number {
  let y = drawHeader(doc, columns, top);
  const gaps = new Set(report.gaps);
  report.rows.forEach((row, i) => {
    if (gaps.has(i) && i > 0) y += FONT_SIZE;
    const h = rowHeight(doc, row, columns);
    if (y + h > BOTTOM) {
      doc.addPage();
      y = drawHeader(doc, columns, MARGIN);
    }
    drawRow(doc, row, columns, y, h);
    y += h;
  });
  return y;
}

/** The report's checks (ok, or NOT OK) and notes below the table. */
function drawNotes(doc: Doc, report: Report, y: number): void {
  const lines = [...report.checks.map((c) => `${c.ok ? 'ok' : 'NOT OK'}: ${c.message}`), ...report.notes].map(drawable);
  if (lines.length === 0) return;
  doc.font('Helvetica').fontSize(8).fillColor('#333333');
  let at = y + 12;
  for (const line of lines) {
    const h = doc.heightOfString(line, { width: WIDTH });
    if (at + h > BOTTOM) {
      doc.addPage();
      at = MARGIN;
    }
    doc.text(line, MARGIN, at, { width: WIDTH });
    at = doc.y + 3;
  }
}

/** "company · title · page i of n" at the foot of every page. */
function footer(doc: Doc, company: string, report: Report): void {
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor('#777777')
      .text(drawable(`${company} · ${report.title} · ${i + 1}/${range.count}`), MARGIN, PAGE.height - MARGIN, {
        width: WIDTH,
        align: 'right',
        lineBreak: false,
      });
  }
}

/** The report as PDF bytes. */
export async function reportPdf(report: Report, company: string): Promise<Uint8Array> {
  const PDFDocument = (await import('pdfkit')).default as typeof PDFKitType;
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 10 },
    bufferPages: true,
    info: { Title: report.title, Author: company, Creator: 'acct archive' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  doc.on('data', (c: Buffer) => chunks.push(c));
  const columns = pdfColumns(report.columns);
  const top = drawTitle(doc, company, report);
  drawNotes(doc, report, drawTable(doc, report, columns, top));
  footer(doc, company, report);
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}
