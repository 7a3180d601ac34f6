// QR-bills this project did not draw, for the tests of `acct bills add` and bench/bills-scan.mjs: the
// payload is written by hand, the code drawn by bwip-js (not swissqrbill, not our renderer), put on the
// third page of an A4 PDF by pdf-lib at the 46 mm of the standard with its Swiss cross, or made into a
// photo-like PNG with pngjs: scaled, slightly rotated (bilinear resampling), on grey with noise.
// Imports npm packages only, so that Node runs it as it is (the bench loads it without a build).
import bwipjs from 'bwip-js';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { PNG } from 'pngjs';

const MM = 72 / 25.4;
const A4 = { width: 210 * MM, height: 297 * MM };

export interface ForeignPayload {
  iban: string;
  creditor: { name: string; street: string; building: string; zip: string; city: string; country: string };
  /** "1949.75" or '' */
  amount: string;
  currency: string;
  debtor?: { name: string; street: string; building: string; zip: string; city: string; country: string };
  referenceType: 'QRR' | 'SCOR' | 'NON';
  reference: string;
  message: string;
  billInformation?: string;
}

/** The example of the SIX Implementation Guidelines (a QR-IBAN and a QR reference), as a supplier would send it. */
export const IG_EXAMPLE_BILL: ForeignPayload = {
  iban: 'CH4431999123000889012',
  creditor: {
    name: 'Robert Schneider AG',
    street: 'Rue du Lac',
    building: '1268',
    zip: '2501',
    city: 'Biel',
    country: 'CH',
  },
  amount: '1949.75',
  currency: 'CHF',
  debtor: {
    name: 'Pia-Maria Rutschmann-Schnyder',
    street: 'Grosse Marktgasse',
    building: '28',
    zip: '9400',
    city: 'Rorschach',
    country: 'CH',
  },
  referenceType: 'QRR',
  reference: '210000000003139471430009017',
  message: 'Auftrag vom 15.06.2026',
};

/** The payload text line by line as the IG lays it out (LF, no separator after the last element). */
export function foreignPayload(p: ForeignPayload): string {
  const address = (a: ForeignPayload['creditor'] | undefined) =>
    a ? ['S', a.name, a.street, a.building, a.zip, a.city, a.country] : ['', '', '', '', '', '', ''];
  const lines = [
    'SPC',
    '0200',
    '1',
    p.iban,
    ...address(p.creditor),
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    p.amount,
    p.currency,
    ...address(p.debtor),
    p.referenceType,
    p.reference,
    p.message,
    'EPD',
  ];
  if (p.billInformation !== undefined) lines.push(p.billInformation);
  return lines.join('\n');
}

/** The QR code of `text` as PNG (error correction M, as the IG asks), `scale` pixels a module, with its quiet zone. */
export function qrPng(text: string, scale = 4): Promise<Buffer> {
  // eclevel is an option of BWIPP's qrcode encoder, passed through (bwip-js's types do not list them)
  const options = {
    bcid: 'qrcode',
    text,
    eclevel: 'M',
    scale,
    paddingwidth: 4 * scale,
    paddingheight: 4 * scale,
    backgroundcolor: 'FFFFFF',
  };
  return bwipjs.toBuffer(options);
}

/** A 3-page A4 invoice whose last page carries the payment part: the code at 46 mm with the Swiss cross (7 mm). */
export async function threePagePdf(text: string | null): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= 3; n++) {
    const page = doc.addPage([A4.width, A4.height]);
    page.drawText(`Rechnung 2026-117, Seite ${n} von 3`, { x: 20 * MM, y: A4.height - 30 * MM, size: 12, font });
    for (let line = 0; line < 30; line++)
      page.drawText(`Position ${n}.${line + 1}  Beratung und Umsetzung  CHF 120.00`, {
        x: 20 * MM,
        y: A4.height - (45 + line * 6) * MM,
        size: 9,
        font,
      });
    if (n === 3 && text !== null) {
      page.drawLine({
        start: { x: 0, y: 105 * MM },
        end: { x: A4.width, y: 105 * MM },
        thickness: 0.5,
        dashArray: [3, 3],
      });
      page.drawText('Zahlteil', { x: 67 * MM, y: 97 * MM, size: 11, font });
      const png = await doc.embedPng(await qrPng(text, 3));
      // the code's modules fill 46 mm; the quiet zone (4 modules a side) lies around them
      const modules = png.width / 3 - 8;
      const side = (46 * MM * (modules + 8)) / modules;
      const x = 67 * MM - (side - 46 * MM) / 2;
      const y = 42 * MM - (side - 46 * MM) / 2;
      page.drawImage(png, { x, y, width: side, height: side });
      swissCross(page, 67 * MM + 23 * MM, 42 * MM + 23 * MM);
    }
  }
  return doc.save();
}

/** The Swiss cross of the IG: a 7 mm black square with a white border and a white cross. */
function swissCross(page: ReturnType<PDFDocument['addPage']>, cx: number, cy: number): void {
  const square = (side: number, color: ReturnType<typeof rgb>) =>
    page.drawRectangle({ x: cx - side / 2, y: cy - side / 2, width: side, height: side, color });
  square(7.6 * MM, rgb(1, 1, 1));
  square(7 * MM, rgb(0, 0, 0));
  page.drawRectangle({ x: cx - 0.7 * MM, y: cy - 2.2 * MM, width: 1.4 * MM, height: 4.4 * MM, color: rgb(1, 1, 1) });
  page.drawRectangle({ x: cx - 2.2 * MM, y: cy - 0.7 * MM, width: 4.4 * MM, height: 1.4 * MM, color: rgb(1, 1, 1) });
}

/** A small pseudo-random generator, so that a photo's noise is the same in every run. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * The code as a phone would photograph it: drawn at `scale` of its size, turned by `degrees`, on a grey
 * table (with noise) as a PNG of `size` × `size` pixels. Every output pixel samples the code bilinearly.
 */
export async function photoPng(
  text: string,
  options: { scale?: number; degrees?: number; size?: number; seed?: number } = {},
): Promise<Buffer> {
  const { scale = 0.8, degrees = 4, size = 900, seed = 25 } = options;
  const code = PNG.sync.read(await qrPng(text, 5));
  const out = new PNG({ width: size, height: size });
  const noise = random(seed);
  const angle = (degrees * Math.PI) / 180;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const luminance = (x: number, y: number) => code.data[(y * code.width + x) * 4];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      // from the output pixel back into the code: undo the rotation about the centre, then the scale
      const dx = x - size / 2;
      const dy = y - size / 2;
      const u = (cos * dx + sin * dy) / scale + code.width / 2;
      const v = (-sin * dx + cos * dy) / scale + code.height / 2;
      let value = 128;
      if (u >= 0 && v >= 0 && u < code.width - 1 && v < code.height - 1) {
        const [x0, y0] = [Math.floor(u), Math.floor(v)];
        const [fx, fy] = [u - x0, v - y0];
        const top = luminance(x0, y0) * (1 - fx) + luminance(x0 + 1, y0) * fx;
        const bottom = luminance(x0, y0 + 1) * (1 - fx) + luminance(x0 + 1, y0 + 1) * fx;
        // paper is not quite white, ink not quite black
        value = 30 + ((top * (1 - fy) + bottom * fy) / 255) * 200;
      }
      const grey = Math.max(0, Math.min(255, Math.round(value + (noise() - 0.5) * 30)));
      const at = (y * size + x) * 4;
      out.data[at] = grey;
      out.data[at + 1] = grey;
      out.data[at + 2] = grey;
      out.data[at + 3] = 255;
    }
  }
  return PNG.sync.write(out, { colorType: 2 });
}
