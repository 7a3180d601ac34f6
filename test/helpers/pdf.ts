// Reading PDFs the service made, as a person or a bank's app would: mupdf (WebAssembly, from the npm
// registry) extracts the text and renders pages to PNG; zxing-wasm decodes the QR code from the
// rendered page, or from a code drawn in the terminal turned into an image, with the reader `acct bills
// add` uses (src/cli/bills/scan.ts), which hands zxing-wasm its .wasm from node_modules.
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import * as mupdf from 'mupdf';
import { qrCodesIn } from '../../src/cli/bills/scan.js';

/** `data:application/pdf;base64,…` → the bytes (fails when the prefix is not the PDF one). */
export function pdfBytes(dataUrl: string): Uint8Array {
  const prefix = 'data:application/pdf;base64,';
  if (!dataUrl.startsWith(prefix)) throw new Error(`not a PDF data URL: ${dataUrl.slice(0, 40)}`);
  return new Uint8Array(Buffer.from(dataUrl.slice(prefix.length), 'base64'));
}

export interface ReadPdf {
  pages: number;
  /** the text of each page */
  text: string[];
  /** each page as PNG */
  png(page: number, dpi?: number): Uint8Array;
}

export function readPdf(bytes: Uint8Array): ReadPdf {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  const pages = doc.countPages();
  const text = Array.from({ length: pages }, (_, i) =>
    doc.loadPage(i).toStructuredText('preserve-whitespace').asText(),
  );
  return {
    pages,
    text,
    png(page, dpi = 150) {
      const pixmap = doc
        .loadPage(page)
        .toPixmap(mupdf.Matrix.scale(dpi / 72, dpi / 72), mupdf.ColorSpace.DeviceRGB, false, true);
      return pixmap.asPNG();
    },
  };
}

/**
 * The QR codes on an image, decoded as a phone reads them: zxing-cpp also reads a mirrored code (and
 * says so), which banking apps do not, so mirrored codes count as not found.
 */
export function decodeQr(png: Uint8Array): Promise<string[]> {
  return qrCodesIn(png);
}

/** Terminal lines → a grey PNG: a character is one module wide and two high; blocks are light. */
export function terminalQrPng(lines: string[], scale = 6): Uint8Array {
  const width = [...lines[0]].length * scale;
  const height = lines.length * 2 * scale;
  const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceGray, [0, 0, width, height], false);
  const samples = pixmap.getPixels();
  lines.forEach((line, row) => {
    [...line].forEach((ch, col) => {
      const halves = [ch === '█' || ch === '▀', ch === '█' || ch === '▄'];
      halves.forEach((light, half) => {
        for (let dy = 0; dy < scale; dy++)
          for (let dx = 0; dx < scale; dx++)
            samples[((row * 2 + half) * scale + dy) * width + col * scale + dx] = light ? 255 : 0;
      });
    });
  });
  return pixmap.asPNG();
}

/** With ACCT_PDF_PNG_DIR set, writes each page there as <name>-<n>.png for a look by eye (never in git). */
export function savePages(pdf: ReadPdf, name: string): void {
  const dir = process.env.ACCT_PDF_PNG_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < pdf.pages; i++) writeFileSync(join(dir, `${name}-${i + 1}.png`), pdf.png(i, 100));
}
