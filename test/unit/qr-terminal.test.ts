// The QR code `acct invoices qr --show` draws in the terminal: the characters turned back into an
// image decode, as a phone reads them (not mirrored), to the invoice's payload, the Swiss cross in the
// middle notwithstanding; the modules are qrcode's own, row and column as its BitMatrix has them.
import { create } from 'qrcode';
import { describe, expect, test } from 'vitest';
import { withSwissCross } from '../../src/cli/invoices/qr.js';
import { drawQr, qrModules } from '../../src/cli/shared/qr-terminal.js';
import { decodeQr, terminalQrPng } from '../helpers/pdf.js';

const PAYLOAD = [
  'SPC',
  '0200',
  '1',
  'CH4431999123000889012',
  'S',
  'Muster Treuhand GmbH',
  'Bahnhofstrasse',
  '12',
  '8001',
  'Zürich',
  'CH',
  '',
  '',
  '',
  '',
  '',
  '',
  '',
  '2825.35',
  'CHF',
  'S',
  'Beispiel AG',
  'Seestrasse 5',
  '',
  '6003',
  'Luzern',
  'CH',
  'QRR',
  '000000000000010000000000429',
  'R-2026-001 Website',
  'EPD',
].join('\n');

describe('the QR code drawn in the terminal', () => {
  const matrix = create(PAYLOAD, { errorCorrectionLevel: 'M' }).modules;

  test("takes qrcode's modules by row and column: column x of row y is get(y, x)", async () => {
    const code = await qrModules(PAYLOAD);
    expect(code.size).toBe(matrix.size);
    for (let y = 0; y < code.size; y++)
      for (let x = 0; x < code.size; x++) expect(code.dark(x, y)).toBe(matrix.get(y, x) === 1);
  });

  test('is two modules a line inside a quiet zone of four', async () => {
    const code = await qrModules(PAYLOAD);
    const drawn = drawQr(withSwissCross(code.size, code.dark));
    expect(drawn).toHaveLength(Math.ceil((code.size + 8) / 2));
    expect(drawn.every((l) => [...l].length === code.size + 8)).toBe(true);
    expect(drawn[0]).toBe('█'.repeat(code.size + 8));
  });

  test('decodes to the payload, Swiss cross and all, and is not mirrored', async () => {
    const code = await qrModules(PAYLOAD);
    expect(await decodeQr(terminalQrPng(drawQr(withSwissCross(code.size, code.dark))))).toEqual([PAYLOAD]);
    // the same drawing with rows and columns swapped is the mirror image a phone does not read
    expect(await decodeQr(terminalQrPng(drawQr({ size: code.size, dark: (x, y) => code.dark(y, x) })))).toEqual([]);
  });

  test('the cross covers the centre: a dark square with a light cross', () => {
    const crossed = withSwissCross(matrix.size, () => false);
    const centre = matrix.size >> 1;
    expect(crossed.dark(centre, centre)).toBe(false);
    expect(crossed.dark(centre - 2, centre - 2)).toBe(true);
  });
});
